/** Exact probabilities P-01 ... P-15 (spec §8.3) as exact fractions (odds.ts, rules/rolls.ts). */
import { describe, expect, it } from 'vitest';
import { TWO_D6, binomials } from '../../../src/core/dice/exact.ts';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { assertSampled } from '../../../src/core/dice/sampled-check.ts';
import { Tally } from '../../../src/core/tally.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import { rulesData } from '../../../src/systems/panzervor/data/index.ts';
import { randomChoice } from '../../../src/systems/panzervor/rules/deck.ts';
import { pAtLeastOneKill, pDestroyGivenHit, pDestroyPerShot, pDestroyWithAbility, pHit, pHitWithAbility } from '../../../src/systems/panzervor/odds.ts';
import type { RulesData } from '../../../src/systems/panzervor/schema.ts';
import { compileDoc } from './helpers.ts';

const F = (n: number, d = 1) => Fraction.of(n, d);
const data = stripProvenance<RulesData>(rulesData);
const rm = data.rules.damageRangeMods;

describe('§8.3 exact probabilities', () => {
  it('P-01: P(2d6 >= 7) = 7/12', () => {
    expect(TWO_D6.probAtLeast(7)).toEqual(F(7, 12));
    expect(pHit(7, 0)).toEqual(F(7, 12));
  });

  it('P-02: P(2d6 >= k), k = 2..12 = 36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1 (/36)', () => {
    const want = [36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1];
    for (let k = 2; k <= 12; k++) expect(pHit(k, 0)).toEqual(F(want[k - 2], 36));
  });

  it('P-03: "Moving Shot 2" against a Tiger II at 7: P(2d6 >= 8) = 5/12', () => {
    expect(pHit(7, 1 - 2, { cardCharMod: -2 })).toEqual(F(5, 12));
  });

  it('P-04: IS-2 at 14 with "Sighted Fire 2": 1/36 without Nonna, 3/36 with her (used with probability 1/18)', () => {
    expect(pHit(14, 2, { cardCharMod: 2 })).toEqual(F(1, 36));
    const withNonna = pHitWithAbility(14, 2, 1, { cardCharMod: 2 });
    expect(withNonna.p).toEqual(F(1, 12));
    expect(withNonna.consumed).toEqual(F(1, 18));
  });

  it('P-05: P(destroy | hit), Pz IV D (F3) against T34/76 front (14): 1/12 at 3+, 1/6 at 2, 5/18 adjacent', () => {
    expect(pDestroyGivenHit(3, 14, 3, 0, rm)).toEqual(F(1, 12));
    expect(pDestroyGivenHit(3, 14, 7, 0, rm)).toEqual(F(1, 12));
    expect(pDestroyGivenHit(3, 14, 2, 0, rm)).toEqual(F(1, 6));
    expect(pDestroyGivenHit(3, 14, 1, 0, rm)).toEqual(F(5, 18));
  });

  it('P-06 (PH size): P(destroy) per attack, same pair at 7 = 7/144', () => {
    expect(pDestroyPerShot(pHit(7, 0), pDestroyGivenHit(3, 14, 7, 0, rm))).toEqual(F(7, 144));
  });

  it('P-07 (PH size): adjacent = 5/18', () => {
    expect(pDestroyPerShot(pHit(1, 0), pDestroyGivenHit(3, 14, 1, 0, rm))).toEqual(F(5, 18));
  });

  it('P-08: at distance 6, size 0: 13/18 without Hana, 11/12 with her used only when needed (spent 7/36)', () => {
    expect(pHit(6, 0)).toEqual(F(13, 18));
    const h = pHitWithAbility(6, 0, 2);
    expect(h.p).toEqual(F(11, 12));
    expect(h.consumed).toEqual(F(7, 36));
  });

  it('P-09 (PH card): range >= 13 at 13 hexes: "Sighted Fire 1" 1/36, a plain card 0', () => {
    expect(pHit(13, 1, { cardCharMod: 1 })).toEqual(F(1, 36));
    expect(pHit(13, 0, { cardCharMod: 0 })).toEqual(Fraction.ZERO);
  });

  it('P-10: adjacent, "Moving Shot 2", target size -2: needs a natural 5 (5/6), no automatic hit', () => {
    expect(pHit(1, -2 - 2, { cardCharMod: -2 })).toEqual(F(5, 6));
  });

  it('P-11: "Tread Damage" with n <= 6 tanks: each 1/n; expected dice 6/n, n = 4 -> 1.5 (sampled through the engine\'s random choice)', () => {
    const G = compileDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0102' }] }).G;
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const exact = Array.from({ length: n }, (_, i) => ({ outcome: i, p: F(1, n) }));
      let draws = 0;
      const N = 20000;
      assertSampled({ exact, n: N, seed: n, sample: (r) => {
        const before = r.draws;
        const v = randomChoice(G, { dice: r, tally: new Tally(G.layout) }, n);
        draws += r.draws - before;
        return v;
      } }, `tread damage n=${n}`);
      // Mean dice rolled per choice: 6/n (geometric); tolerance 4 standard errors. (With one tank the
      // engine does not roll at all: the outcome is the same.)
      if (n === 1) continue;
      const mean = draws / N;
      const varGeo = (1 - n / 6) / (n / 6) ** 2;
      expect(Math.abs(mean - 6 / n)).toBeLessThanOrEqual(4 * Math.sqrt(varGeo / N) + 1e-9);
    }
  });

  it('P-12 (PH deck): 6 Enforcement cards in 78: P(a 5-card hand holds none) = 333132/502645', () => {
    const total = Object.values(data.deck.composition).reduce((a, b) => a + b, 0);
    const enf = Object.entries(data.deck.composition).filter(([id]) => data.cards[id].type === 'enforcement').reduce((a, [, n]) => a + n, 0);
    expect([total, enf]).toEqual([78, 6]);
    const C = binomials(78);
    expect(new Fraction(C[total - enf][5], C[total][5])).toEqual(F(333132, 502645));
  });

  it('P-13 (PH deck): expected draw number of the 4th Enforcement card in a 68-card deck holding 6 = 276/7', () => {
    const N = 68;
    const K = 6;
    const k = 4;
    const C = binomials(N);
    // P(the k-th special card is at position n) = C(n-1, k-1) C(N-n, K-k) / C(N, K).
    let e = Fraction.ZERO;
    for (let n = k; n <= N - (K - k); n++) e = e.add(new Fraction(BigInt(n) * C[n - 1][k - 1] * C[N - n][K - k], C[N][K]));
    expect(e).toEqual(F(276, 7));
  });

  it('P-14 (PH values): Firefly (F10) against a Pz IV F2 front (10): P(destroy | hit) = 1 at any range', () => {
    for (const d of [1, 2, 3, 12]) expect(pDestroyGivenHit(data.tanks.firefly.guns[0].firepower, data.tanks.pz4f2.armour.front, d, 0, rm)).toEqual(Fraction.ONE);
  });

  it('P-15 (PH values): M4 (F6) + Yukari (+2 just in time) against a Pz IV F2 front (10) at 3: 11/12 without, 1 with (spent 1/12)', () => {
    const fp = data.tanks.m4.guns[0].firepower;
    const armour = data.tanks.pz4f2.armour.front;
    expect(pDestroyGivenHit(fp, armour, 3, 0, rm)).toEqual(F(11, 12));
    const y = pDestroyWithAbility(fp, armour, 3, 2, 0, rm);
    expect(y.p).toEqual(Fraction.ONE);
    expect(y.consumed).toEqual(F(1, 12));
  });

  it('several shots: P(at least one kill) = 1 - (1 - p)^k', () => {
    expect(pAtLeastOneKill(F(1, 2), 3)).toEqual(F(7, 8));
  });
});
