import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { opposedContest, type TiePolicy } from '../../../src/core/dice/contest.ts';
import { Dist } from '../../../src/core/dice/exact.ts';
import { tuples } from './brute.ts';

/** Brute force: enumerate both pools, sort, compare. Key "aw,dw,t" -> weight. */
function brute(a: number, d: number, sidesA: number, sidesD: number, modA: number, modD: number, ties: TiePolicy, pairs = Math.min(a, d)): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const poolsD = [...tuples(d, sidesD)].map((t) => t.map((x) => x + modD).sort((x, y) => y - x));
  for (const ta of tuples(a, sidesA)) {
    const A = ta.map((x) => x + modA).sort((x, y) => y - x);
    for (const D of poolsD) {
      let aw = 0;
      let dw = 0;
      let t = 0;
      for (let i = 0; i < pairs; i++) {
        if (A[i] > D[i]) aw++;
        else if (D[i] > A[i]) dw++;
        else if (ties === 'defender') dw++;
        else if (ties === 'attacker') aw++;
        else t++;
      }
      const k = `${aw},${dw},${t}`;
      out.set(k, (out.get(k) ?? 0n) + 1n);
    }
  }
  return out;
}

function asMap(c: ReturnType<typeof opposedContest>): Map<string, bigint> {
  return new Map(c.outcomes.map((o) => [`${o.attackerWins},${o.defenderWins},${o.ties}`, o.weight]));
}

describe('opposed sorted-dice contest', () => {
  it('classic RISK 3 vs 2, ties to the defender (published: 2275, 2611, 2890 of 7776)', () => {
    const c = opposedContest(3, 2, { ties: 'defender' });
    expect(c.total).toBe(7776n);
    expect(c.prob(0, 2).toString()).toBe('2275/7776'); // attacker loses 2
    expect(c.prob(1, 1).toString()).toBe('2611/7776'); // each loses 1
    expect(c.prob(2, 0).toNumber() * 7776).toBeCloseTo(2890, 9); // defender loses 2 (2890/7776 = 1445/3888)
    expect(c.prob(2, 0).toString()).toBe('1445/3888');
  });

  it('RISK 1 vs 1 (15/36 attacker wins) and 2 vs 1 (125/216)', () => {
    expect(opposedContest(1, 1, { ties: 'defender' }).prob(1, 0).toString()).toBe('5/12');
    expect(opposedContest(2, 1, { ties: 'defender' }).prob(1, 0).toString()).toBe('125/216');
    expect(opposedContest(3, 1, { ties: 'defender' }).prob(1, 0).toString()).toBe('95/144');
  });

  it('matches brute force for every pool up to 4 v 3, every tie policy', () => {
    for (let a = 0; a <= 4; a++)
      for (let d = 0; d <= 3; d++)
        for (const ties of ['cancel', 'defender', 'attacker'] as const) {
          expect(asMap(opposedContest(a, d, { ties })), `${a} v ${d} ${ties}`).toEqual(brute(a, d, 6, 6, 0, 0, ties));
        }
  });

  it('matches brute force with different die types, modifiers and fewer pairs', () => {
    const dA = Dist.die(8);
    const dD = Dist.die(6).add(1);
    for (const [a, d] of [[1, 2], [3, 2], [2, 3], [3, 3]] as const)
      for (const ties of ['cancel', 'defender'] as const) {
        expect(asMap(opposedContest(a, d, { attackerDie: dA, defenderDie: dD, ties }))).toEqual(brute(a, d, 8, 6, 0, 1, ties));
      }
    expect(asMap(opposedContest(3, 3, { pairs: 1 }))).toEqual(brute(3, 3, 6, 6, 0, 0, 'cancel', 1));
  });

  it('large pools: 12 v 12 and 20 v 15 use exact BigInt weights that sum to the total', () => {
    for (const [a, d] of [[12, 12], [20, 15]] as const) {
      const c = opposedContest(a, d);
      expect(c.total).toBe(6n ** BigInt(a + d));
      expect(c.outcomes.reduce((s, o) => s + o.weight, 0n)).toBe(c.total);
      // symmetry of equal pools: P(aw = i, dw = j) = P(aw = j, dw = i)
      if (a === d) for (const o of c.outcomes) expect(c.prob(o.defenderWins, o.attackerWins).equals(c.prob(o.attackerWins, o.defenderWins))).toBe(true);
    }
  });

  it('modular (CRT) path: top pair of 12 v 11 equals the best-of-12 v best-of-11 comparison', () => {
    const c = opposedContest(12, 11, { pairs: 1 }); // 6^23 > 2^53: runs modulo primes
    const d6 = Dist.die(6);
    const diff = d6.highestOf(12).sub(d6.highestOf(11));
    expect(c.prob(1, 0).equals(diff.probWhere((x) => x > 0))).toBe(true);
    expect(c.prob(0, 1).equals(diff.probWhere((x) => x < 0))).toBe(true);
  });

  it('properties: weights sum to 6^(a+d); wins + ties = pairs; marginals are distributions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.constantFrom('cancel', 'defender', 'attacker'), (a, d, ties) => {
        const c = opposedContest(a, d, { ties: ties as TiePolicy });
        const m = Math.min(a, d);
        return (
          c.outcomes.reduce((s, o) => s + o.weight, 0n) === 6n ** BigInt(a + d) &&
          c.outcomes.every((o) => o.attackerWins + o.defenderWins + o.ties === m) &&
          c.marginal('attackerWins').total === c.total
        );
      }),
      { numRuns: 40 },
    );
  });

  it('rejects bad input with a message naming what was expected', () => {
    expect(() => opposedContest(-1, 2)).toThrow(/non-negative integers/);
    expect(() => opposedContest(3, 2, { pairs: 3 })).toThrow(/pairs must be an integer in 0..2/);
    expect(() => opposedContest(3, 2, { ties: 'coin' as TiePolicy })).toThrow(/ties must be one of cancel, defender, attacker/);
  });
});
