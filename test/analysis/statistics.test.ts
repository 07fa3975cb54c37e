import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mean, median, quantileSorted, sampleStandardDeviation } from 'simple-statistics';
import { histStats } from '../../src/analysis/histogram.ts';
import { gamesForHalfWidth, wilson } from '../../src/analysis/intervals.ts';
import { mcnemar, normalUpperTail, pairedComparison } from '../../src/analysis/paired.ts';

describe('Wilson interval', () => {
  it('matches published values', () => {
    // 81 successes of 263 trials: (0.2553, 0.3662) (Wilson 1927; Newcombe 1998 table I).
    const [lo, hi] = wilson(81, 263);
    expect(lo).toBeCloseTo(0.2553, 3);
    expect(hi).toBeCloseTo(0.3662, 3);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
  });

  it('agrees with the USERS.md planning table', () => {
    const half = (n: number) => (wilson(n / 2, n)[1] - wilson(n / 2, n)[0]) / 2;
    expect(half(1000)).toBeCloseTo(0.031, 3);
    expect(half(10000)).toBeCloseTo(0.0098, 3);
    expect(gamesForHalfWidth(0.01)).toBe(9604);
  });

  it('always contains the estimate (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
      const k = Math.floor(f * n);
      const [lo, hi] = wilson(k, n);
      return lo <= k / n + 1e-12 && k / n <= hi + 1e-12 && lo >= 0 && hi <= 1;
    }));
  });
});

describe('histogram statistics equal those of the expanded data (simple-statistics)', () => {
  it('property over random histograms', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -20, max: 60 }), fc.integer({ min: 1, max: 9 })), { minLength: 1, maxLength: 15 }), (pairs) => {
        const h: Record<string, number> = {};
        const raw: number[] = [];
        for (const [v, c] of pairs) {
          h[v] = (h[v] ?? 0) + c;
          for (let i = 0; i < c; i++) raw.push(v);
        }
        const s = histStats(h);
        const sorted = [...raw].sort((a, b) => a - b);
        expect(s.n).toBe(raw.length);
        expect(s.mean).toBeCloseTo(mean(raw), 9);
        expect(s.median).toBe(median(raw));
        expect(s.p10).toBe(quantileSorted(sorted, 0.1));
        expect(s.p90).toBe(quantileSorted(sorted, 0.9));
        if (raw.length > 1) expect(s.sd).toBeCloseTo(sampleStandardDeviation(raw), 9);
        expect(s.min).toBe(sorted[0]);
        expect(s.max).toBe(sorted[sorted.length - 1]);
      }),
    );
  });
});

describe('paired comparison', () => {
  it('McNemar p-values: exact and normal branches', () => {
    // b=10, c=2: exact two-sided p = 2*P(X<=2 | n=12) = 2*(1+12+66)/4096 = 0.03857
    expect(mcnemar(10, 2)).toBeCloseTo(158 / 4096, 6);
    expect(mcnemar(5, 5)).toBe(1);
    expect(mcnemar(0, 0)).toBe(1);
    // Large: b=600, c=500: z=(100-1)/sqrt(1100)=2.985, p=0.00284
    expect(mcnemar(600, 500)).toBeCloseTo(0.00284, 4);
    // Far tail: 310 vs 27 discordant pairs, z = 15.36, p ~ 3e-53 (not floored).
    expect(mcnemar(310, 27)).toBeLessThan(1e-40);
  });

  it('normal tail probabilities', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 7);
    expect(normalUpperTail(1.959963984540054)).toBeCloseTo(0.025, 7);
    expect(normalUpperTail(-1)).toBeCloseTo(0.8413447, 6);
    expect(normalUpperTail(5) / 2.866515718791939e-7).toBeCloseTo(1, 5);
  });

  it('difference and interval from the 3x3 table', () => {
    // rows: baseline (win, draw, loss); columns: variant.
    const t = [
      [400, 0, 100],
      [0, 0, 0],
      [150, 0, 350],
    ];
    const c = pairedComparison(t);
    expect(c.n).toBe(1000);
    expect(c.baselineWinRate).toBe(0.5);
    expect(c.variantWinRate).toBe(0.55);
    expect(c.diff).toBeCloseTo(0.05, 12);
    expect(c.lo).toBeLessThan(0.05);
    expect(c.hi).toBeGreaterThan(0.05);
    // Strongly concordant pairs: the paired SE is well below the unpaired one.
    expect(c.se).toBeLessThan(c.seUnpaired);
    expect(c.pValue).toBeLessThan(0.01);
  });
});
