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
