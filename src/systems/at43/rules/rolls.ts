/**
 * The pure roll functions of AT-43, shared by the engine, the exact twins (odds.ts) and the
 * agents. Every test reads one d6 against the Universal Table of Resolution (seed p.51).
 * Needs are encoded as numbers: 0 = automatic failure (no roll), 1 = automatic success, 2..6 = n+.
 */
import type { Rng } from '../../../core/rng/rng.ts';

export const AUTO_FAIL = 0;
export const AUTO_SUCCESS = 1;

export interface UtrData {
  readonly columns: readonly number[];
  readonly needed: readonly number[];
}

/** Result needed for diff = action value - difficulty (seed p.51; cells spec §5.1). */
export function utrNeeded(utr: UtrData, diff: number): number {
  const c = utr.columns;
  let k = 0;
  for (let i = 1; i < c.length; i++) if (diff >= c[i]) k = i;
  return utr.needed[k];
}

/** Faces out of 6 that succeed for a need (0..6). */
export function facesFor(need: number): number {
  if (need === AUTO_FAIL) return 0;
  if (need === AUTO_SUCCESS) return 6;
  return 7 - need;
}

/** One die against a need (auto results roll nothing). */
export function testDie(rng: Rng, need: number): boolean {
  if (need === AUTO_FAIL) return false;
  if (need === AUTO_SUCCESS) return true;
  return rng.d6() >= need;
}

/**
 * Successes among `dice` dice at `need` with `rerolls` re-rolls, in the seed's batch order
 * (p.64, W18): roll the whole pool, then re-roll all the missed dice together, `rerolls` times.
 * Automatic success counts every die without rolling; automatic failure rolls nothing.
 */
export function rollPool(rng: Rng, dice: number, need: number, rerolls: number): number {
  if (dice <= 0 || need === AUTO_FAIL) return 0;
  if (need === AUTO_SUCCESS) return dice;
  let hits = 0;
  let left = dice;
  for (let pass = 0; pass <= rerolls && left > 0; pass++) {
    let missed = 0;
    for (let i = 0; i < left; i++) if (rng.d6() >= need) hits++;
      else missed++;
    left = missed;
  }
  return hits;
}

/** Location table (seed p.52, rows spec §5.2): 0 propulsion, 1 frame, 2 a weapon. */
export function rollLocation(rng: Rng, faces: readonly number[]): number {
  return faces[rng.d6() - 1];
}

/**
 * Authority test with ties re-rolled (seed p.55, A7: the same Authority and wager on re-rolls).
 * Returns the winning side (0 or 1). `rolls` counts the rounds (for transcripts).
 */
export function rollAuthority(rng: Rng, mod0: number, mod1: number): number {
  for (;;) {
    const a = rng.d6() + mod0;
    const b = rng.d6() + mod1;
    if (a !== b) return a > b ? 0 : 1;
  }
}

/** Morale test (seed p.75): need utr(morale - difficulty); morale 0 = nerves of steel, always passes. */
export function moraleNeed(utr: UtrData, morale: number, difficulty: number): number {
  return morale <= 0 ? AUTO_SUCCESS : utrNeeded(utr, morale - difficulty);
}

/** Cover tests: impacts cancelled among `impacts` at `need`+ (seed p.67). */
export function rollCover(rng: Rng, impacts: number, need: number): number {
  return rollPool(rng, impacts, need, 0);
}

/** Explosion radius and impacts per fighter from s successes (seed p.65-66). */
export function templateRadius(aoe: number, successes: number, cap: number): number {
  const r = successes === 0 ? aoe : aoe * successes;
  return r > cap ? cap : r;
}
export function templateImpacts(aoe: number, successes: number, cap: number, over: number): number {
  const r = successes === 0 ? aoe : aoe * successes;
  return r > cap ? over : 1;
}

/** Range band of a distance (seed p.63). */
export function rangeBand(cm: number, band: number): number {
  return Math.floor(cm / band + 1e-9);
}

/** Run-over of one infantry fighter (seed p.58): support weapons destroyed, else d6 vs need. */
export function rollRunOver(rng: Rng, support: boolean, engaged: boolean, freeNeed: number, engagedNeed: number): boolean {
  if (support) return true;
  return rng.d6() >= (engaged ? engagedNeed : freeNeed);
}
