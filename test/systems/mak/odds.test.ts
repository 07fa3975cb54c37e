/**
 * Spec §8.1 (exact dice probabilities), §8.3 (placeholder-dependent values) as exact fractions,
 * and every odds mechanic's exact distribution against its sampled twin (the engine's roll code).
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { assertSampled } from '../../../src/core/dice/sampled-check.ts';
import { optionDefaults } from '../../../src/core/options.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import { rulesData } from '../../../src/systems/mak/data/index.ts';
import { enduranceDist, oddsModule, pFireAttack, pHit, pLandingLost, pLaserAlive, shotDist } from '../../../src/systems/mak/odds.ts';
import { options } from '../../../src/systems/mak/options.ts';
import { PRODUCT, R_A, R_D, R_M, SUM, arsonSucceeds, mgBreaks, mineDetected, moraleRecovers, pilotKilled } from '../../../src/systems/mak/rules/rolls.ts';
import type { RulesData } from '../../../src/systems/mak/schema.ts';
import { rulesSchema } from '../../../src/systems/mak/schema.ts';

const F = (n: number, d = 1) => Fraction.of(n, d);
const data = rulesSchema.parse(stripProvenance(rulesData)) as RulesData;
const opts = optionDefaults(options);
const count36 = (f: (a: number, b: number) => boolean) => {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (f(a, b)) n++;
  return n;
};

describe('§8.1 exact dice probabilities', () => {
  it('sum mode P(hit) by T, out of 36', () => {
    const want: Record<number, number> = { [-1]: 0, 0: 0, 1: 0, 2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30, 10: 33, 11: 35, 12: 36, 13: 36 };
    for (const [T, n] of Object.entries(want)) expect(pHit(Number(T), SUM), `T=${T}`).toEqual(F(n, 36));
  });
  it('product mode count of d1*d2 <= T, out of 36', () => {
    const bands: Array<[number, number, number]> = [[0, 0, 0], [1, 1, 1], [2, 2, 3], [3, 3, 5], [4, 4, 8], [5, 5, 10], [6, 7, 14], [8, 8, 16], [9, 9, 17], [10, 11, 19], [12, 14, 23], [15, 15, 25], [16, 17, 26], [18, 19, 28], [20, 23, 30], [24, 24, 32], [25, 29, 33], [30, 35, 35], [36, 40, 36]];
    for (const [lo, hi, n] of bands) for (let T = lo; T <= hi; T++) expect(pHit(T, PRODUCT), `T=${T}`).toEqual(F(n, 36));
  });
  it('P(sum >= 7) = 21/36; unarmed (T = 4): sum 6/36, product 8/36', () => {
    expect(F(count36((a, b) => a + b >= 7), 36)).toEqual(F(21, 36));
    expect(pHit(4, SUM)).toEqual(F(6, 36));
    expect(pHit(4, PRODUCT)).toEqual(F(8, 36));
  });
  it('laser: 1/12 per shot, alive after 5 shots 161051/248832, depleted within 3 shots 397/1728', () => {
    expect(F(1).sub(pLaserAlive(1))).toEqual(F(1, 12));
    expect(pLaserAlive(5)).toEqual(F(161051, 248832));
    expect(F(1).sub(pLaserAlive(3))).toEqual(F(397, 1728));
  });
  it('MG breakdown 1/36 per shot, never for infantry; automatic D 1/36 per attack at T >= 2', () => {
    expect(count36((a, b) => mgBreaks(a, b, false))).toBe(1);
    expect(count36((a, b) => mgBreaks(a, b, true))).toBe(0);
    for (const T of [2, 5, 12]) expect(shotDist(T, SUM, ['-', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-'])[R_D]).toEqual(F(1, 36));
  });
  it('morale recovery 1d6 + m <= 4', () => {
    const want: Array<[number, Fraction]> = [[0, F(2, 3)], [-1, F(5, 6)], [-2, F(1)], [-3, F(1)], [1, F(1, 2)], [2, F(1, 3)], [3, F(1, 6)]];
    for (const [m, p] of want) expect(F([1, 2, 3, 4, 5, 6].filter((d) => moraleRecovers(d, m)).length, 6), `m=${m}`).toEqual(p);
  });
  it('mine detection 5/6; arson 10/36, 21/36, 26/36; fire ignition 6/36', () => {
    expect(F([1, 2, 3, 4, 5, 6].filter((d) => mineDetected(d)).length, 6)).toEqual(F(5, 6));
    expect(F(count36((a, b) => arsonSucceeds(a + b, 1)), 36)).toEqual(F(10, 36));
    expect(F(count36((a, b) => arsonSucceeds(a + b, 2)), 36)).toEqual(F(21, 36));
    expect(F(count36((a, b) => arsonSucceeds(a + b, 3)), 36)).toEqual(F(26, 36));
    expect(F(count36((a, b) => a + b <= 4), 36)).toEqual(F(6, 36));
  });
  it('pilot killed: after A/M 7/12, after D 11/12', () => {
    expect(F(count36((a, b) => pilotKilled(a + b, R_A)), 36)).toEqual(F(7, 12));
    expect(F(count36((a, b) => pilotKilled(a + b, R_M)), 36)).toEqual(F(7, 12));
    expect(F(count36((a, b) => pilotKilled(a + b, R_D)), 36)).toEqual(F(11, 12));
  });
  it('fire attack on infantry in clear: defence 0 721/1296, 1 575/1296, 2 145/432', () => {
    expect(pFireAttack(0, 0)).toEqual(F(721, 1296));
    expect(pFireAttack(1, 0)).toEqual(F(575, 1296));
    expect(pFireAttack(2, 0)).toEqual(F(145, 432));
  });
  it('depot explosion: 1d6 attacks, mean 7/2', () => {
    let s = F(0);
    for (let d = 1; d <= 6; d++) s = s.add(F(d, 6));
    expect(s).toEqual(F(7, 2));
  });
  it('MagWeb: T = 12 -> sum 36/36, product 23/36', () => {
    expect(pHit(12, SUM)).toEqual(F(1));
    expect(pHit(12, PRODUCT)).toEqual(F(23, 36));
  });
});

describe('§8.3 placeholder-dependent oracles (class B: D 2-4, A 5, M 6)', () => {
  const B = data.endurance.B;
  it('Fig. 3 shot (T = 5) vs class B, sum mode: P(D) 5/72, P(A) 1/36, P(M) 5/144', () => {
    const x = shotDist(5, SUM, B);
    expect(x[R_D]).toEqual(F(5, 72));
    expect(x[R_A]).toEqual(F(1, 36));
    expect(x[R_M]).toEqual(F(5, 144));
  });
  it('T = 7 vs class B: P(D) = 13/108', () => {
    expect(shotDist(7, SUM, B)[R_D]).toEqual(F(13, 108));
  });
  it('class B with +1 (indirect, outside the centre): P(D | hit) = 1/12', () => {
    expect(enduranceDist(B, 1)[R_D]).toEqual(F(1, 12));
  });
  it('landing Hornisse as class C (A and M destroy): 7/12 per endurance roll; 38/63 given a hit at T = 7', () => {
    const e = enduranceDist(data.endurance.C, 0);
    const pKill = e[R_D].add(e[R_A]).add(e[R_M]);
    expect(pKill).toEqual(F(7, 12));
    // Given a hit at T = 7 (21 hitting pairs), (1,1) is an automatic D; the other 20 roll endurance.
    expect(F(1, 21).add(F(20, 21).mul(pKill))).toEqual(F(38, 63));
    // The landing mechanic's exact twin: P(destroyed by one AA shot at T = 7) = P(hit) x 38/63.
    expect(pLandingLost(7, 1, SUM, data)).toEqual(F(21, 36).mul(F(38, 63)));
  });
});

describe('odds mechanics: exact vs sampled (engine roll code)', () => {
  for (const m of oddsModule.mechanics) {
    if (!m.exact || !m.sample) continue;
    const settings = m.checkParams ?? [Object.fromEntries(Object.entries(m.params).map(([k, s]) => [k, s.default]))];
    for (const p of settings) {
      const params = { ...Object.fromEntries(Object.entries(m.params).map(([k, s]) => [k, s.default])), ...p };
      it(`${m.name} ${JSON.stringify(params)}`, () => {
        const exact = m.exact!(data, opts, params);
        const r = assertSampled({ exact, sample: (rng) => m.sample!(data, opts, params, rng), n: 40_000, seed: 7 }, m.name);
        expect(r.ok).toBe(true);
      });
    }
  }
  it('every mechanic builds its table', () => {
    for (const m of oddsModule.mechanics) {
      const params = Object.fromEntries(Object.entries(m.params).map(([k, s]) => [k, s.default]));
      expect(m.table(data, opts, params).rows.length).toBeGreaterThan(0);
    }
  });
});
