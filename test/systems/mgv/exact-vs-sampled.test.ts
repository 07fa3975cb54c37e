/**
 * Exact twins (odds.ts) against the engine's own roll code (combat.ts), per weapon:
 * |p̂ - p| <= 4 sqrt(p (1 - p) / N) for every outcome (plus a 1/N floor for rare outcomes).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng/rng.ts';
import type { Fraction } from '../../../src/core/dice/fraction.ts';
import { missileColour, rangingPenalty, rollKinetic, rollPhoton, rollThermal } from '../../../src/systems/mgv/rules/combat.ts';
import { kineticCells, missileHits, photonHits, thermalCells, mgvOddsModule } from '../../../src/systems/mgv/odds.ts';
import { compile, doc } from './helpers.ts';
import { optionDefaults } from '../../../src/core/options.ts';
import { MGV_OPTIONS, type MgvOptions } from '../../../src/systems/mgv/options.ts';

const N = 40_000;
const { m } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 5, y: 5, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 20, y: 20, weapon: 'kinetic' }]));

function check(exact: Array<{ key: string; p: Fraction }>, sample: () => string): void {
  const counts = new Map<string, number>();
  for (let k = 0; k < N; k++) {
    const o = sample();
    counts.set(o, (counts.get(o) ?? 0) + 1);
  }
  let mass = 0;
  for (const { key, p } of exact) {
    const pe = p.toNumber();
    mass += pe;
    const ph = (counts.get(key) ?? 0) / N;
    expect(Math.abs(ph - pe), `outcome ${key}: sampled ${ph}, exact ${pe}`).toBeLessThanOrEqual(4 * Math.sqrt((pe * (1 - pe)) / N) + 1 / N);
    counts.delete(key);
  }
  expect(mass).toBeCloseTo(1, 12);
  expect([...counts.keys()], 'outcomes sampled but impossible exactly').toEqual([]);
}

describe('exact vs sampled through the engine roll code', () => {
  it('kinetic: every ratio column', () => {
    const rng = new Rng([11, 22, 33, 44]);
    for (let col = 0; col < 7; col++) check(kineticCells(m.data, col).table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(rollKinetic(rng, 2, m.kinetic, col)));
  });

  it('thermal: every ratio column', () => {
    const rng = new Rng([12, 22, 33, 44]);
    for (let col = 0; col < 7; col++) check(thermalCells(m.data, col).table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(rollThermal(rng, m.thermalMiss, m.thermal, col)));
  });

  it('photon: attack 8 with ranging errors 0, 1.75 and 3.25 (per full inch)', () => {
    const rng = new Rng([13, 22, 33, 44]);
    const out = new Int32Array(2);
    for (const err of [0, 1.75, 3.25]) {
      const n = 8 - rangingPenalty(err, false);
      check(photonHits(m.data, n).map((r) => ({ key: `${r.hull}/${r.core}`, p: r.p })), () => {
        rollPhoton(rng, n, 5, 6, out);
        return `${out[0]}/${out[1]}`;
      });
    }
  });

  it('missile: opposed sorted dice for several (attack, defence) dice counts and tie rules', () => {
    const rng = new Rng([14, 22, 33, 44]);
    for (const [a, d] of [[1, 1], [2, 2], [3, 5], [5, 3], [4, 0], [6, 6]] as const) {
      check(missileHits(a, d).table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(missileColour(rng, a, d, 0)));
    }
    check(missileHits(3, 3, 'attacker').table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(missileColour(rng, 3, 3, 1)));
  });

  it('the OddsModule mechanics: exact() and sample() agree at their check parameters', () => {
    const opts = optionDefaults(MGV_OPTIONS) as MgvOptions; // the odds context resolves every option: the defaults, typed
    const rng = new Rng([15, 22, 33, 44]);
    for (const mech of mgvOddsModule.mechanics) {
      if (!mech.exact || !mech.sample) continue;
      for (const params of mech.checkParams ?? [{}]) {
        const full = { ...Object.fromEntries(Object.entries(mech.params).map(([k, s]) => [k, s.default])), ...params };
        const ex = mech.exact(m.data, opts, full).map((o) => ({ key: String(o.outcome), p: o.p }));
        check(ex, () => String(mech.sample!(m.data, opts, full, rng)));
      }
    }
  });
});
