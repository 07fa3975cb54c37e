/**
 * Rollout-based policy improvement at one decision (Tesauro & Galperin 1996; Bertsekas's rollout
 * algorithm), with racing (Maron & Moore 1994): a control action (a policy's own choice) and
 * alternatives to it, each valued by simulations on common random numbers (the k-th simulation of
 * every candidate shares its determinisation and dice). Shared by the tree search's root
 * (src/agents/mcts.ts) and policy switching's refinement (src/agents/switching.ts).
 *
 * Each alternative in turn races the control: a race stops early once it is decided (the
 * alternative at least z standard errors better, a Student-t threshold on few pairs; or one worse;
 * or no better in any pair so far), else at its share of the budget left. The best passing
 * alternative, by mean paired advantage, replaces the control; with none, the control stands.
 */

/** Pairs a race plays before it may stop. */
export const MIN_PAIRS = 3;

/** The least variance of a paired difference the test assumes (a standard deviation of 0.1 win probability). */
export const VAR_FLOOR = 0.01;

/**
 * Races alternatives 1..alts against the control 0. traces[i] holds candidate i's values by
 * simulation index (the control's may hold values already: they cost nothing); play(i) appends
 * candidate i's next simulation (index traces[i].length) to traces[i]. `budget` counts the
 * simulations played here. Returns the index of the winner (0: the control stands) and writes its
 * mean paired advantage over the control to out[0].
 */
export function raceControl(alts: number, budget: number, z: number, traces: readonly number[][], play: (i: number) => void, out?: Float64Array): number {
  const control = traces[0];
  let left = budget;
  let best = 0;
  let bestGain = 0;
  for (let i = 0; i < alts && left > 1; i++) {
    const mine = traces[i + 1];
    const allowance = Math.max(2 * MIN_PAIRS, Math.floor(left / (alts - i)));
    let spent = 0;
    for (let k = 0; spent < allowance && left > 0; k++) {
      if (control.length <= k) {
        play(0);
        spent++;
        left--;
      }
      play(i + 1);
      spent++;
      left--;
      // Looks at 3, 6, 12, ... pairs (few looks keep the chance of a false pass near the test's).
      const n = k + 1;
      const m = n / MIN_PAIRS;
      if (n % MIN_PAIRS !== 0 || (m & (m - 1)) !== 0) continue;
      const zz = pairedZ(mine, control);
      if (zz >= tCritical(z, n - 1) || zz <= -1 || neverBetter(mine, control)) break;
    }
    const pairs = Math.min(mine.length, control.length);
    if (pairs >= MIN_PAIRS && pairedZ(mine, control) >= tCritical(z, pairs - 1)) {
      const gain = meanDiff(mine, control);
      if (gain > bestGain) {
        bestGain = gain;
        best = i + 1;
      }
    }
  }
  if (out !== undefined) out[0] = bestGain;
  return best;
}

/**
 * The paired advantage of `a` over `b` in standard errors, over the simulation indices both have
 * in this decision (0 with fewer than two pairs; ±Infinity when every pair differs by the same amount).
 */
export function pairedZ(a: readonly number[], b: readonly number[]): number {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  const len = Math.min(a.length, b.length);
  for (let k = 0; k < len; k++) {
    const x = a[k];
    const y = b[k];
    if (x === undefined || y === undefined) continue;
    const d = x - y;
    n++;
    sum += d;
    sumSq += d * d;
  }
  if (n < 2) return 0;
  const mean = sum / n;
  if (mean === 0) return 0;
  // A floor on the variance: a few pairs that differ by the same amount (a deterministic stretch
  // scored by `evaluate`) are not proof; they weigh as differences of spread VAR_FLOOR would.
  const v = Math.max(VAR_FLOOR, (sumSq - n * mean * mean) / (n - 1));
  return mean / Math.sqrt(v / n);
}

/**
 * The Student-t quantile with `df` degrees of freedom at the normal quantile z (Cornish–Fisher
 * expansion; within a few percent from 2 degrees of freedom): the paired test's threshold on few pairs.
 */
export function tCritical(z: number, df: number): number {
  const z3 = z * z * z;
  const z5 = z3 * z * z;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
}

/** Mean paired difference a − b over the indices both have. */
export function meanDiff(a: readonly number[], b: readonly number[]): number {
  let n = 0;
  let sum = 0;
  for (let k = 0; k < Math.min(a.length, b.length); k++) {
    n++;
    sum += a[k] - b[k];
  }
  return n > 0 ? sum / n : 0;
}

/** No pair so far in which `a` does better than `b` (the same, or worse). */
function neverBetter(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] > b[k]) return false;
  return true;
}
