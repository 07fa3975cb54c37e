/**
 * The exact probabilities of spec §8.3 (seed procedures) and §8.4 (placeholder data), from the
 * exact twins of odds.ts and the core's exact dice; exact-vs-sampled.test.ts holds them against
 * the engine's own rolls.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { Dist } from '../../../src/core/dice/exact.ts';
import { compareSorted, ratioColumn } from '../../../src/systems/mgv/rules/combat.ts';
import { speedOf } from '../../../src/systems/mgv/rules/damage.ts';
import { columnFor, deathChance, jammingEffects, kineticCells, missileHits, photonHits, thermalCells } from '../../../src/systems/mgv/odds.ts';
import { MGV_RULES_DATA } from '../../../src/systems/mgv/data/rules.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import type { MgvRules } from '../../../src/systems/mgv/schema.ts';
import { duel, newState } from './helpers.ts';

const data = stripProvenance<MgvRules>(MGV_RULES_DATA);
const F = (n: number, d = 1) => Fraction.of(n, d);
const T = data.ratioColumns.thresholds;

describe('exact probabilities (spec §8.3, §8.4)', () => {
  it('roll-off: P(tie) = 1/6, P(A wins) = 1/2', () => {
    const d = Dist.die(6).combine(Dist.die(6), (a, b) => Math.sign(a - b));
    expect(d.prob(0)).toEqual(F(1, 6));
    expect(d.prob(1)).toEqual(F(5, 12));
  });

  it('2D6 keep highest: P(best = k) = (2k-1)/36', () => {
    const d = Dist.die(6).highestOf(2);
    for (let k = 1; k <= 6; k++) expect(d.prob(k)).toEqual(F(2 * k - 1, 36));
  });

  it('missile one colour: 1v1, 2v1, 1v2, 2v2, 3v2, 3v5, k v 0', () => {
    expect(missileHits(1, 1).prob(1)).toEqual(F(5, 12));
    expect([missileHits(2, 1).prob(1), missileHits(2, 1).prob(2)]).toEqual([F(91, 216), F(125, 216)]);
    expect(missileHits(1, 2).prob(1)).toEqual(F(55, 216));
    const d22 = missileHits(2, 2);
    expect([d22.prob(0), d22.prob(1), d22.prob(2)]).toEqual([F(581, 1296), F(35, 108), F(295, 1296)]);
    const d32 = missileHits(3, 2);
    expect([d32.prob(1), d32.prob(2), d32.prob(3)]).toEqual([F(2275, 7776), F(2611, 7776), F(1445, 3888)]);
    const d35 = missileHits(3, 5);
    expect([d35.prob(0), d35.prob(1), d35.prob(2), d35.prob(3)]).toEqual([F(60977, 93312), F(18715, 93312), F(58595, 559872), F(23125, 559872)]);
    expect(missileHits(4, 0).prob(4)).toEqual(F(1));
  });

  it('missile DP agrees with brute-force enumeration (a, d <= 3)', () => {
    for (let a = 1; a <= 3; a++)
      for (let d = 0; d <= 3; d++) {
        const counts = new Map<number, number>();
        const total = 6 ** (a + d);
        for (let x = 0; x < total; x++) {
          let v = x;
          const A: number[] = [];
          const D: number[] = [];
          for (let k = 0; k < a; k++) (A.push((v % 6) + 1), (v = Math.floor(v / 6)));
          for (let k = 0; k < d; k++) (D.push((v % 6) + 1), (v = Math.floor(v / 6)));
          const h = compareSorted(A, a, D, d, 0);
          counts.set(h, (counts.get(h) ?? 0) + 1);
        }
        const exact = missileHits(a, d);
        for (const [h, c] of counts) expect(exact.prob(h)).toEqual(F(c, total));
      }
  });

  it('photon: P(no hit) = (2/3)^n; P(>=1 core) = 1 - (5/6)^n; P(1 core, 2 hull | 7 dice) = 70/729', () => {
    const p7 = photonHits(data, 7);
    const p = (h: number, c: number, rows = p7) => rows.find((r) => r.hull === h && r.core === c)?.p ?? Fraction.ZERO;
    expect(p(0, 0)).toEqual(F(128, 2187));
    expect(p(0, 0, photonHits(data, 8))).toEqual(F(256, 6561));
    expect(p(2, 1)).toEqual(F(70, 729));
    const noCore = p7.filter((r) => r.core === 0).reduce((a, r) => a.add(r.p), Fraction.ZERO);
    expect(Fraction.ONE.sub(noCore)).toEqual(Fraction.ONE.sub(F(5 ** 7, 6 ** 7)));
  });

  it('kinetic expected cells by column and the 150 / 200 distributions [P]', () => {
    const means = [F(11, 36), F(5, 9), F(19, 18), F(13, 9), F(73, 36), F(11, 4), F(59, 18)];
    means.forEach((m, c) => expect(kineticCells(data, c).mean()).toEqual(m));
    const k150 = kineticCells(data, 4);
    expect([k150.prob(0), k150.prob(1), k150.prob(2), k150.prob(3)]).toEqual([F(1, 36), F(2, 9), F(4, 9), F(11, 36)]);
    const k200 = kineticCells(data, 5);
    expect([k200.prob(1), k200.prob(2), k200.prob(3), k200.prob(4)]).toEqual([F(1, 9), F(1, 3), F(1, 4), F(11, 36)]);
  });

  it('thermal expected destroyed cells by column [P]; P(no damage) = 1/3 at "100" and above', () => {
    const means = [F(1, 6), F(1, 3), F(1, 2), F(5, 6), F(1), F(4, 3), F(5, 3)];
    means.forEach((m, c) => expect(thermalCells(data, c).mean()).toEqual(m));
    for (let c = 3; c < 7; c++) expect(thermalCells(data, c).prob(0)).toEqual(F(1, 3));
  });

  it('jamming table by J [P]', () => {
    const j = (J: number) => Object.fromEntries(jammingEffects(data, J).map((r) => [r.effect, r.p.toString()]));
    expect(j(1)).toEqual({ none: '1/2', Hs: '1/3', Im: '1/6' });
    expect(j(3)).toEqual({ none: '1/6', Hs: '1/3', Im: '1/3', Pz: '1/6' });
    expect(j(5)).toEqual({ Hs: '1/6', Im: '1/3', Pz: '1/3', 'Pz+B': '1/6' });
    expect(j(6)).toEqual({ Im: '1/3', Pz: '1/3', 'Pz+B': '1/3' });
  });

  it('death per Reset by B hits [P]: 1/6 .. 5/6, then automatic', () => {
    expect([1, 2, 3, 4, 5, 6].map((b) => deathChance(data, b).toString())).toEqual(['1/6', '1/3', '1/2', '2/3', '5/6', '1']);
  });

  it('speed track [P]: Whiptail 8, 6, 4, 2, 0; Mako 6, 4.5, 3, 1.5, 0', () => {
    const { g, m } = duel();
    const { s } = newState(g);
    const track = (i: number) => [0, 1, 2, 3, 4].map((k) => ((s.units[i].S = k), speedOf(m, i, s.units[i])));
    expect(track(0)).toEqual([8, 6, 4, 2, 0]);
    expect(track(1)).toEqual([6, 4.5, 3, 1.5, 0]);
  });

  it('ratio columns: 12 vs 6 is "200", 11 vs 6 is "150"; odds and engine agree', () => {
    expect(columnFor(data, 12, 6)).toBe(5);
    expect(columnFor(data, 11, 6)).toBe(4);
    for (let a = 0; a <= 20; a++) for (let d = 0; d <= 10; d++) expect(columnFor(data, a, d)).toBe(ratioColumn(T, a, d));
  });
});

describe('spec §8.3 roll-offs and photon expectations, §8.4 recurring checks (exact)', () => {
  const throw1 = Dist.die(6).combine(Dist.die(6), (a, b) => Math.sign(a - b));
  const tie = throw1.prob(0);
  /** A roll-off (ties re-rolled) as a geometric number of throws. */
  const rolloff = { pA: throw1.prob(1).div(Fraction.ONE.sub(tie)), throws: Fraction.ONE.div(Fraction.ONE.sub(tie)) };

  it('a roll-off: P(A wins) = 1/2; expected throws = 6/5', () => {
    expect(rolloff.pA).toEqual(F(1, 2));
    expect(rolloff.throws).toEqual(F(6, 5));
  });

  it('P(the same side wins X and Y, so no Z roll) = 1/2', () => {
    const pB = Fraction.ONE.sub(rolloff.pA);
    expect(rolloff.pA.mul(rolloff.pA).add(pB.mul(pB))).toEqual(F(1, 2));
  });

  it('photon: hits per die 1/3; E[hull] = E[core] = n/6 (n = 1..12)', () => {
    const per = (rows: ReturnType<typeof photonHits>, f: (r: { hull: number; core: number }) => number) => Fraction.sum(rows.map((r) => r.p.scale(f(r))));
    expect(per(photonHits(data, 1), (r) => r.hull + r.core)).toEqual(F(1, 3));
    for (let n = 1; n <= 12; n++) {
      const rows = photonHits(data, n);
      expect(per(rows, (r) => r.hull), `E[hull] at ${n} dice`).toEqual(F(n, 6));
      expect(per(rows, (r) => r.core), `E[core] at ${n} dice`).toEqual(F(n, 6));
    }
  });

  it('missile expectations: 2v1 1.5787, 1v2 0.2546, 2v2 0.7793, 3v2 2.0791, 3v5 0.5338 (4 decimals)', () => {
    const cases: Array<[number, number, number]> = [[2, 1, 1.5787], [1, 2, 0.2546], [2, 2, 0.7793], [3, 2, 2.0791], [3, 5, 0.5338]];
    for (const [a, d, e] of cases) expect(missileHits(a, d).mean().toNumber(), `${a} v ${d}`).toBeCloseTo(e, 4);
  });

  it('jamming J = 2 and J = 4 [P] (J = 1, 3, 5, 6 above)', () => {
    const j = (J: number) => Object.fromEntries(jammingEffects(data, J).map((r) => [r.effect, r.p.toString()]));
    expect(j(2)).toEqual({ none: '1/3', Hs: '1/3', Im: '1/3' });
    expect(j(4)).toEqual({ Hs: '1/3', Im: '1/3', Pz: '1/3' });
  });

  it('per Reset: a core infestation gives a B hit 1/6 and spreads 1/3; a hull infestation spreads 1/3 [P]', () => {
    const p = (line: ReadonlyArray<string | null>, code: string) => F(line.filter((c) => c === code).length, line.length);
    expect(p(data.crit.infestationCore, 'B')).toEqual(F(1, 6));
    expect(p(data.crit.infestationCore, 'Spread')).toEqual(F(1, 3));
    expect(p(data.crit.infestationHull, 'Spread')).toEqual(F(1, 3));
    expect(p(data.crit.infestationHull, 'B')).toEqual(F(0));
  });
});
