import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dist, TWO_D6 } from '../../../src/core/dice/exact.ts';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { enumerate, tuples } from './brute.ts';

const d6 = Dist.die(6);
const F = Fraction.of;

describe('Dist operations against brute-force enumeration', () => {
  it('sums (repeatSum and add) match enumeration for 1..4 dice of 4 and 6 sides', () => {
    for (const sides of [4, 6]) for (let n = 1; n <= 4; n++) expect(Dist.die(sides).repeatSum(n).equals(enumerate(n, sides, (t) => t.reduce((a, b) => a + b, 0)))).toBe(true);
    expect(d6.add(Dist.die(4)).equals(Dist.fromPairs([...tuples(2, 6)].filter((t) => t[1] <= 4).map((t) => [t[0] + t[1], 1] as const)))).toBe(true);
  });

  it('best and worst of N match enumeration', () => {
    for (let n = 1; n <= 4; n++) {
      expect(d6.highestOf(n).equals(enumerate(n, 6, (t) => Math.max(...t)))).toBe(true);
      expect(d6.lowestOf(n).equals(enumerate(n, 6, (t) => Math.min(...t)))).toBe(true);
    }
  });

  it('keep highest / lowest k of n match enumeration', () => {
    for (let n = 1; n <= 5; n++)
      for (let k = 0; k <= n; k++) {
        const hi = enumerate(n, 6, (t) => [...t].sort((a, b) => b - a).slice(0, k).reduce((a, b) => a + b, 0));
        const lo = enumerate(n, 6, (t) => [...t].sort((a, b) => a - b).slice(0, k).reduce((a, b) => a + b, 0));
        expect(d6.keepHighest(n, k).equals(hi), `${n}d6 keep highest ${k}`).toBe(true);
        expect(d6.keepLowest(n, k).equals(lo), `${n}d6 keep lowest ${k}`).toBe(true);
      }
  });

  it('4d6 drop lowest has mean 15869/1296 (published value)', () => {
    expect(d6.keepHighest(4, 3).mean().toString()).toBe('15869/1296');
  });

  it('re-roll of misses K times matches enumeration of the roll sequence', () => {
    for (let times = 0; times <= 3; times++) {
      // Enumerate times+1 dice; the first die >= 4 (or the last die) stands.
      const brute = enumerate(times + 1, 6, (t) => {
        for (let i = 0; i < t.length - 1; i++) if (t[i] >= 4) return t[i];
        return t[t.length - 1];
      });
      expect(d6.rerollWhere((x) => x < 4, times).equals(brute), `reroll ${times}`).toBe(true);
    }
  });

  it('success counts over pools match enumeration, with re-rolls of misses', () => {
    for (let n = 0; n <= 4; n++) {
      expect(d6.successes(n, 5).equals(enumerate(n, 6, (t) => t.filter((x) => x >= 5).length))).toBe(true);
      // each die may re-roll a miss once: 2n dice, pairs (first, second)
      const brute = enumerate(2 * n, 6, (t) => {
        let c = 0;
        for (let i = 0; i < n; i++) if (t[2 * i] >= 4 || t[2 * i + 1] >= 4) c++;
        return c;
      });
      expect(d6.rerollWhere((x) => x < 4).successes(n, 4).equals(brute)).toBe(true);
    }
    // per-die success Dist: a 6 counts twice
    expect(d6.pool(3, (x) => (x === 6 ? 2 : x >= 4 ? 1 : 0)).equals(enumerate(3, 6, (t) => t.reduce((a, x) => a + (x === 6 ? 2 : x >= 4 ? 1 : 0), 0)))).toBe(true);
  });

  it('thresholds and table lookups by roll', () => {
    expect(TWO_D6.probAtLeast(7).toString()).toBe('7/12');
    expect(TWO_D6.threshold(7).prob(1).toString()).toBe('7/12');
    const table = [{ max: 4, value: 0 }, { min: 5, max: 9, value: 1 }, { min: 10, value: 2 }];
    const brute = enumerate(2, 6, (t) => {
      const s = t[0] + t[1];
      return s <= 4 ? 0 : s <= 9 ? 1 : 2;
    });
    expect(TWO_D6.lookup(table).equals(brute)).toBe(true);
    expect(() => TWO_D6.lookup([{ max: 5, value: 0 }])).toThrow(/no table row covers the roll 6/);
  });

  it('mixtures and bind (roll a die, then roll that many dice)', () => {
    const brute = new Map<number, bigint>();
    // d3 dice then sum: enumerate first die (1..3 via d6/2 up) then all tuples of up to 3 dice weighted to 6^3
    for (let first = 1; first <= 3; first++)
      for (const t of tuples(first, 6)) {
        const s = t.reduce((a, b) => a + b, 0);
        brute.set(s, (brute.get(s) ?? 0n) + 6n ** BigInt(3 - first));
      }
    const viaBind = Dist.uniform(1, 3).bind((k) => d6.repeatSum(k));
    expect(viaBind.equals(Dist.fromPairs(brute))).toBe(true);
    const mix = Dist.mixtureOf([
      [Dist.constant(0), F(1, 3)],
      [d6, F(2, 3)],
    ]);
    expect(mix.prob(0).toString()).toBe('1/3');
    expect(mix.prob(6).toString()).toBe('1/9');
  });

  it('bernoulli, binomial, clamp, sub, variance', () => {
    expect(Dist.binomial(3, F(1, 3)).table().map((r) => r.p.toString())).toEqual(['8/27', '4/9', '2/9', '1/27']);
    expect(d6.add(3).clamp(1, 6).prob(6).toString()).toBe('2/3');
    expect(d6.sub(d6).equals(enumerate(2, 6, (t) => t[0] - t[1]))).toBe(true);
    expect(d6.variance().toString()).toBe('35/12');
    expect(d6.repeatSum(3).variance().toString()).toBe('35/4');
  });

  it('fromFractions rejects probabilities that do not sum to 1', () => {
    expect(() => Dist.fromFractions([[0, F(1, 2)], [1, F(1, 3)]])).toThrow(/sum to 5\/6/);
    expect(Dist.fromFractions([[0, F(1, 2)], [1, F(1, 2)]]).equals(Dist.die(2).sub(1))).toBe(true);
  });
});

describe('Fraction helpers', () => {
  it('decimal text is rounded exactly', () => {
    expect(F(5, 12).toDecimal(5)).toBe('0.41667');
    expect(F(1, 8).toDecimal(2)).toBe('0.13');
    expect(F(2, 3).toDecimal(0)).toBe('1');
    expect(Fraction.parse('0.35').toString()).toBe('7/20');
    expect(Fraction.parse('5/12').toString()).toBe('5/12');
    expect(JSON.stringify({ p: F(1, 6) })).toBe('{"p":"1/6"}');
  });
});

describe('properties (fast-check)', () => {
  const smallDist = fc
    .array(fc.tuple(fc.integer({ min: -5, max: 12 }), fc.integer({ min: 1, max: 7 })), { minLength: 1, maxLength: 6 })
    .map((pairs) => Dist.fromPairs(pairs));

  it('weights sum to the total, and convolution multiplies totals', () => {
    fc.assert(
      fc.property(smallDist, smallDist, (a, b) => {
        const c = a.add(b);
        const sum = c.weights.reduce((x, y) => x + y, 0n);
        return sum === c.total && c.total === a.total * b.total && c.table().reduce((s, r) => s.add(r.p), Fraction.ZERO).equals(Fraction.ONE);
      }),
    );
  });

  it('means add under convolution; variances add too', () => {
    fc.assert(fc.property(smallDist, smallDist, (a, b) => a.add(b).mean().equals(a.mean().add(b.mean())) && a.add(b).variance().equals(a.variance().add(b.variance()))));
  });

  it('keepHighest(n, n) is the n-fold sum and keepHighest(n, 1) the best of n', () => {
    fc.assert(
      fc.property(smallDist, fc.integer({ min: 1, max: 4 }), (a, n) => a.keepHighest(n, n).equals(a.repeatSum(n)) && a.keepHighest(n, 1).equals(a.highestOf(n)) && a.keepLowest(n, 1).equals(a.lowestOf(n))),
    );
  });

  it('re-rolling misses never lowers P(hit)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 3 }), (t, k) => d6.rerollWhere((x) => x < t, k).probAtLeast(t).compare(d6.probAtLeast(t)) >= 0));
  });
});
