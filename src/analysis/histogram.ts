/** Statistics of a histogram {value: count} without expanding it into one entry per game. */
import { quantileSorted } from 'simple-statistics';

export interface HistStats {
  n: number;
  mean: number;
  sd: number;
  min: number;
  max: number;
  median: number;
  p10: number;
  p90: number;
  /** 95% interval of the mean (normal approximation; exact enough for thousands of games). */
  meanLo: number;
  meanHi: number;
}

export function histEntries(h: Readonly<Record<string, number>>): Array<[number, number]> {
  return Object.entries(h)
    .map(([k, v]) => [Number(k), v] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

/** Quantile of a histogram: numpy's linear method (type 7), as simple-statistics' quantileSorted. */
function histQuantile(entries: Array<[number, number]>, n: number, q: number): number {
  const at = (i: number): number => {
    let acc = 0;
    for (const [v, c] of entries) {
      acc += c;
      if (i < acc) return v;
    }
    return entries[entries.length - 1][0];
  };
  if (q === 1) return at(n - 1);
  if (q === 0) return at(0);
  const idx = (n - 1) * q;
  if (idx % 1 === 0) return at(idx);
  const lower = Math.floor(idx);
  const a = at(lower);
  return a + (idx - lower) * (at(lower + 1) - a);
}

export function histStats(h: Readonly<Record<string, number>>): HistStats {
  const e = histEntries(h);
  let n = 0;
  let sum = 0;
  for (const [v, c] of e) {
    n += c;
    sum += v * c;
  }
  if (n === 0) return { n: 0, mean: NaN, sd: NaN, min: NaN, max: NaN, median: NaN, p10: NaN, p90: NaN, meanLo: NaN, meanHi: NaN };
  const mean = sum / n;
  let ss = 0;
  for (const [v, c] of e) ss += c * (v - mean) * (v - mean);
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const half = (1.959963984540054 * sd) / Math.sqrt(n);
  return {
    n,
    mean,
    sd,
    min: e[0][0],
    max: e[e.length - 1][0],
    median: histQuantile(e, n, 0.5),
    p10: histQuantile(e, n, 0.1),
    p90: histQuantile(e, n, 0.9),
    meanLo: mean - half,
    meanHi: mean + half,
  };
}

/** Cross-check helper for tests: the same statistics from raw values with simple-statistics. */
export function rawQuantile(values: number[], q: number): number {
  return quantileSorted([...values].sort((a, b) => a - b), q);
}
