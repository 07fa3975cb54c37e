/**
 * Setup proximity as a placement rule (spec §3.8, §6 A13): no attacker base or attacker work may
 * be closer than the rolled distance to any defender base or work (proximityMeasure
 * 'minSeparation'), or to the front edge of the defender's deployment zone ('fromDefenderLine');
 * the caller measures the distance its option names. Compared exactly in yards (oracle O-P4).
 */
import { Fraction } from '../../../core/dice/fraction.ts';

/** True when an attacker piece `distanceInches` (table inches) away respects `yards`. */
export function placementLegal(distanceInches: number | string, yards: number, yardsPerInch: number): boolean {
  const d = Fraction.parse(String(distanceInches));
  return d.scale(yardsPerInch).compare(Fraction.of(yards)) >= 0;
}

/** The rolled distance in table inches at a scale, exact. */
export function proximityInches(yards: number, yardsPerInch: number): Fraction {
  return Fraction.of(yards, yardsPerInch);
}
