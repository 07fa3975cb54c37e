/**
 * The roll procedures as pure functions (natural roll + modifiers -> outcome). The engine, the
 * exact odds (odds.ts) and the agents' evaluation all call these, so sampled and exact numbers
 * come from one definition.
 */

import type { Rng } from '../../../core/rng/rng.ts';

/** 2d6 as two independent dice, the engine's attack and damage roll (spec §7.1). */
export function roll2d6(rng: Rng): number {
  return 2 + rng.int(6) + rng.int(6);
}

/** Extreme-range readings (spec §6 A-09). */
export const XR_POSITIVE = 0;
export const XR_ANY_CARD_OR_CHAR = 1;
export const XR_ANY_MODIFIER = 2;

export function extremeMode(name: string): number {
  return name === 'anyCardOrCharacter' ? XR_ANY_CARD_OR_CHAR : name === 'anyModifier' ? XR_ANY_MODIFIER : XR_POSITIVE;
}

/**
 * Attack roll (seed p10-p11): hit iff natural + all modifiers >= distance, and, at extreme range
 * (distance >= `extremeFrom`), the modifiers named by the option allow it (seed p11: "without using
 * a card or a character that applies an attack modifier, the attack will automatically miss").
 *
 * @param mods       every attack modifier: size + card + reaction + character(s) + wreck + turret
 * @param cardCharMod the attacking card's modifier + the attacking crew's ability modifier
 */
export function attackHits(natural: number, mods: number, distance: number, extremeFrom: number, mode: number, cardCharMod: number): boolean {
  if (natural + mods < distance) return false;
  if (distance < extremeFrom) return true;
  if (mode === XR_POSITIVE) return cardCharMod > 0;
  if (mode === XR_ANY_CARD_OR_CHAR) return cardCharMod !== 0;
  return mods > 0;
}

/** Damage roll range modifier (seed p11): table by distance 1, 2, 3...; the last entry applies beyond. */
export function rangeModifier(table: readonly number[], distance: number): number {
  const i = distance < 1 ? 0 : distance > table.length ? table.length - 1 : distance - 1;
  return table[i];
}

/** Damage roll (seed p11): destroyed iff natural + firepower + modifiers >= armour. */
export function destroys(natural: number, firepower: number, mods: number, armour: number): boolean {
  return natural + firepower + mods >= armour;
}

/** Natural 2d6 needed (2..13; 13 = impossible) for `natural + mods >= target`. */
export function naturalNeeded(target: number, mods: number): number {
  const k = target - mods;
  return k < 2 ? 2 : k > 13 ? 13 : k;
}

/** P(2d6 >= k) as a number (k <= 2 -> 1, k >= 13 -> 0): spec §7.3 P2d6ge. */
const GE36 = [36, 36, 36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1, 0];
export function p2d6ge(k: number): number {
  return k <= 2 ? 1 : k >= 13 ? 0 : GE36[k] / 36;
}
