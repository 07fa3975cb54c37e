/**
 * Variant vs baseline on common random numbers. Game g of both variants used the same streams,
 * so the per-game difference of side A's win indicator carries far less noise than two
 * independent samples (USERS.md: designers need the paired difference with interval and p-value).
 */
import { Z95 } from './intervals.ts';
import type { PairTable } from '../run/summary.ts';

export interface PairedComparison {
  n: number;
  baselineWinRate: number;
  variantWinRate: number;
  /** variant − baseline, side A's win rate. */
  diff: number;
  lo: number;
  hi: number;
  /** Two-sided McNemar test of equal win rates (exact binomial below 200 discordant pairs). */
  pValue: number;
  /** Games won by A only in the baseline / only in the variant. */
  baselineOnlyWins: number;
  variantOnlyWins: number;
  /** Standard error of the difference; the unpaired one for the same n, to show what pairing saved. */
  se: number;
  seUnpaired: number;
}

export interface PairedDiff {
  n: number;
  reference: number;
  version: number;
  diff: number;
  lo: number;
  hi: number;
  se: number;
}

/**
 * Paired difference (version − reference) of the indicator "outcome code = c" over the same games:
 * the per-game differences are −1, 0 or +1, so the interval is the normal one on their mean.
 */
export function pairedDiff(t: PairTable, code: number): PairedDiff {
  let n = 0;
  let ref = 0;
  let ver = 0;
  let up = 0;
  let down = 0;
  for (let b = 0; b < 3; b++)
    for (let v = 0; v < 3; v++) {
      const c = t[b][v];
      n += c;
      if (b === code) ref += c;
      if (v === code) ver += c;
      if (v === code && b !== code) up += c;
      if (b === code && v !== code) down += c;
    }
  const diff = n > 0 ? (up - down) / n : 0;
  const varD = n > 0 ? (up + down) / n - diff * diff : 0;
  const se = n > 1 ? Math.sqrt(Math.max(0, varD) / (n - 1)) : NaN;
  return { n, reference: n ? ref / n : NaN, version: n ? ver / n : NaN, diff, lo: diff - Z95 * se, hi: diff + Z95 * se, se };
}

export function pairedComparison(t: PairTable): PairedComparison {
  let n = 0;
  for (const row of t) for (const c of row) n += c;
  const bWins = t[0][0] + t[0][1] + t[0][2];
  const vWins = t[0][0] + t[1][0] + t[2][0];
  const n10 = t[0][1] + t[0][2]; // baseline won, variant did not
  const n01 = t[1][0] + t[2][0]; // variant won, baseline did not
  const diff = n > 0 ? (n01 - n10) / n : 0;
  const varD = n > 0 ? (n01 + n10) / n - diff * diff : 0;
  const se = n > 1 ? Math.sqrt(varD / (n - 1)) : NaN;
  const pb = n > 0 ? bWins / n : 0;
  const pv = n > 0 ? vWins / n : 0;
  const seUnpaired = n > 0 ? Math.sqrt((pb * (1 - pb) + pv * (1 - pv)) / n) : NaN;
  return {
    n,
    baselineWinRate: pb,
    variantWinRate: pv,
    diff,
    lo: diff - Z95 * se,
    hi: diff + Z95 * se,
    pValue: mcnemar(n01, n10),
    baselineOnlyWins: n10,
    variantOnlyWins: n01,
    se,
    seUnpaired,
  };
}

/** Two-sided McNemar p-value for discordant counts b and c. */
export function mcnemar(b: number, c: number): number {
  const m = b + c;
  if (m === 0) return 1;
  if (m < 200) {
    // Exact: 2 * P(X <= min(b, c)), X ~ Binomial(m, 1/2), computed in log space.
    const k = Math.min(b, c);
    let logC = 0; // log C(m, 0)
    let tail = 0;
    for (let i = 0; i <= k; i++) {
      if (i > 0) logC += Math.log((m - i + 1) / i);
      tail += Math.exp(logC - m * Math.LN2);
    }
    return Math.min(1, 2 * tail);
  }
  const z = (Math.abs(b - c) - 1) / Math.sqrt(m);
  return Math.min(1, 2 * normalUpperTail(z));
}

/**
 * P(Z > z) for a standard normal, with relative error below 1.2e-7 even far in the tail
 * (erfc of Numerical Recipes §6.2; simple-statistics' table-based CDF floors p at 0.002).
 */
export function normalUpperTail(z: number): number {
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const erfc =
    t *
    Math.exp(
      -x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? erfc / 2 : 1 - erfc / 2;
}
