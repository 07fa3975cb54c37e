/** checkInvariants for the playout battery: counts are whole and non-negative, dummies within their cap, two roles. */
import type { Ww2State } from './state.ts';

export function checkInvariants(s: Ww2State): string[] {
  const bad: string[] = [];
  const r = s.setup;
  for (const side of r.sides) {
    if (side.dummyCap !== null && side.dummies > side.dummyCap) bad.push(`${side.id}: ${side.dummies} dummies above the cap ${side.dummyCap}`);
    for (const v of [side.airstrikes, side.barrages, side.dummies, side.works.pillboxes, side.works.bunkers, side.works.minefields]) if (!(Number.isInteger(v) && v >= 0)) bad.push(`${side.id}: bad count ${v}`);
  }
  if (r.attacker === r.defender) bad.push('attacker and defender are the same side');
  return bad;
}
