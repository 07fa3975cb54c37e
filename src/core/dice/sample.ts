/**
 * Dice sampling helpers. Allocation-free: they return numbers or fill caller-owned buffers.
 * Each helper has an exact twin in exact.ts; test/core/dice-exact-vs-sampled.test.ts checks
 * one against the other.
 */
import type { Rng } from '../rng/rng.ts';

/** Sum of n dice with `sides` faces. */
export function rollSum(rng: Rng, n: number, sides = 6): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += 1 + rng.int(sides);
  return s;
}

/** 2d6 summed (the workhorse of hex games). */
export function roll2d6(rng: Rng): number {
  return 2 + rng.int(6) + rng.int(6);
}

/** Highest of n dice. */
export function rollBest(rng: Rng, n: number, sides = 6): number {
  let best = 0;
  for (let i = 0; i < n; i++) {
    const v = 1 + rng.int(sides);
    if (v > best) best = v;
  }
  return best;
}

/** Lowest of n dice. */
export function rollWorst(rng: Rng, n: number, sides = 6): number {
  let worst = sides + 1;
  for (let i = 0; i < n; i++) {
    const v = 1 + rng.int(sides);
    if (v < worst) worst = v;
  }
  return worst;
}

/** Roll n dice into out[0..n), return n. */
export function rollInto(rng: Rng, n: number, out: Int32Array | number[], sides = 6): number {
  for (let i = 0; i < n; i++) out[i] = 1 + rng.int(sides);
  return n;
}

/** Sort out[0..n) from high to low in place (insertion sort: pools are small). */
export function sortDescending(out: Int32Array | number[], n: number): void {
  for (let i = 1; i < n; i++) {
    const v = out[i];
    let j = i - 1;
    while (j >= 0 && out[j] < v) {
      out[j + 1] = out[j];
      j--;
    }
    out[j + 1] = v;
  }
}

/** Number of successes among n dice, a die succeeding when it shows >= target. */
export function countAtLeast(rng: Rng, n: number, target: number, sides = 6): number {
  let c = 0;
  for (let i = 0; i < n; i++) if (1 + rng.int(sides) >= target) c++;
  return c;
}

/**
 * Successes among n dice when every failed die may be re-rolled up to `rerolls` times
 * (a die succeeds on >= target).
 */
export function countAtLeastWithRerolls(rng: Rng, n: number, target: number, rerolls: number, sides = 6): number {
  let c = 0;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k <= rerolls; k++) {
      if (1 + rng.int(sides) >= target) {
        c++;
        break;
      }
    }
  }
  return c;
}

/**
 * Random choice among k candidates with one die, re-rolling faces above k
 * (Panzer Vor! "Randomly Choose"; uniform for k <= sides). Returns 0..k-1.
 */
export function chooseByDieReroll(rng: Rng, k: number, sides = 6): number {
  if (k < 1 || k > sides) throw new Error(`chooseByDieReroll: k=${k} out of 1..${sides}`);
  for (;;) {
    const v = 1 + rng.int(sides);
    if (v <= k) return v - 1;
  }
}

/**
 * Sum of the k highest (or lowest) of n dice; `buf` is caller-owned scratch of length >= n.
 * Exact twin: Dist.keepHighest / keepLowest.
 */
export function rollKeep(rng: Rng, n: number, k: number, highest: boolean, buf: Int32Array, sides = 6): number {
  rollInto(rng, n, buf, sides);
  sortDescending(buf, n);
  let s = 0;
  if (highest) for (let i = 0; i < k; i++) s += buf[i];
  else for (let i = n - k; i < n; i++) s += buf[i];
  return s;
}

/** One die re-rolled up to `rerolls` times while it shows a face below `keepAtLeast`. Twin: Dist.rerollWhere. */
export function rollRerollBelow(rng: Rng, keepAtLeast: number, rerolls: number, sides = 6): number {
  let v = 1 + rng.int(sides);
  for (let k = 0; k < rerolls && v < keepAtLeast; k++) v = 1 + rng.int(sides);
  return v;
}

/** Tie policy of an opposed sorted-dice contest: 0 = cancel, 1 = defender, 2 = attacker. */
export const TIE_CANCEL = 0;
export const TIE_DEFENDER = 1;
export const TIE_ATTACKER = 2;

/**
 * Opposed sorted-dice contest (RISK-style): both pools rolled (die = 1..sides + modifier),
 * sorted high to low, compared over the first `pairs` ranks. Writes [attacker wins, defender
 * wins, ties] into out[0..3). Exact twin: opposedContest in contest.ts.
 */
export function rollOpposed(
  rng: Rng,
  a: number,
  d: number,
  pairs: number,
  tie: number,
  bufA: Int32Array,
  bufD: Int32Array,
  out: Int32Array,
  sidesA = 6,
  sidesD = 6,
  modA = 0,
  modD = 0,
): void {
  rollInto(rng, a, bufA, sidesA);
  rollInto(rng, d, bufD, sidesD);
  sortDescending(bufA, a);
  sortDescending(bufD, d);
  let aw = 0;
  let dw = 0;
  let t = 0;
  for (let i = 0; i < pairs; i++) {
    const x = bufA[i] + modA;
    const y = bufD[i] + modD;
    if (x > y) aw++;
    else if (y > x) dw++;
    else if (tie === TIE_DEFENDER) dw++;
    else if (tie === TIE_ATTACKER) aw++;
    else t++;
  }
  out[0] = aw;
  out[1] = dw;
  out[2] = t;
}
