/**
 * Interval estimates. Every rate salvo reports carries one (TripleA 14648: no bare decimals).
 */
import { probit } from 'simple-statistics';

export const Z95 = 1.959963984540054;

/** Wilson score interval for k successes in n trials (95% by default). [0, 1] when n = 0. */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / den;
  return [k <= 0 ? 0 : Math.max(0, centre - half), k >= n ? 1 : Math.min(1, centre + half)];
}

/** A rate with its Wilson 95% interval: k of n. */
export interface Rate {
  k: number;
  n: number;
  p: number;
  lo: number;
  hi: number;
}

export function rate(k: number, n: number): Rate {
  const [lo, hi] = wilson(k, n);
  return { k, n, p: n > 0 ? k / n : NaN, lo, hi };
}

/** z for a two-sided confidence level (0.95 -> 1.96). */
export function zFor(level: number): number {
  return probit(1 - (1 - level) / 2);
}

/** Games needed for a Wilson half-width of `h` at p = 0.5 (planning figure). */
export function gamesForHalfWidth(h: number, z = Z95): number {
  return Math.ceil((z * z) / (4 * h * h));
}
