/**
 * spec §8.6 statistical sanity check of the default data: one attacker fires once per turn at
 * a stationary target (no modifiers, bearing uniform, no repairs), through the engine's own
 * damage, critical-hit, recurring-damage and death code. Mean turns to kill must land within
 * the spec's ±0.3 (plus 3 standard errors at this run count) of its table.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng/rng.ts';
import { Tally } from '../../../src/core/tally.ts';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { ratioColumn, rollKinetic, rollThermal, rollPhoton, missileColour, rangingPenalty } from '../../../src/systems/mgv/rules/combat.ts';
import { defenseOf, kineticPenetrate, locateSurface, placeInfestation, queueCrit, resolveCrits, thermalDestroy } from '../../../src/systems/mgv/rules/damage.ts';
import { recurringDamage, suddenDeath } from '../../../src/systems/mgv/rules/reset.ts';
import { L_CORE_DAMAGE, L_HULL_DAMAGE } from '../../../src/systems/mgv/model.ts';

/** Returns [mean, standard error] of the turns to kill (capped at 40). */
function run(weapon: string, attack: number, defense: number, sigma: number, N: number, seed = 1): [number, number] {
  const d = { system: 'mgv', id: 't', name: 't', description: 't', source: { note: 't' },
    overrides: { 'mgvs.Mako.attack': attack, 'mgvs.Mako.defense': defense, 'mgvs.Mako.payload': 0 },
    scenario: { sides: [{ id: 'A' }, { id: 'B' }], units: [{ id: 'a', side: 'A', model: 'Mako', x: 5, y: 5, weapon }, { id: 'b', side: 'B', model: 'Mako', x: 30, y: 30, weapon }] } };
  const L = compileScenarioDocument(d, 't.yaml');
  const g = L.compiled as any;
  const m = g.model;
  const rng = new Rng([seed, 7, 11, 13]);
  const ctx = { dice: rng, tally: new Tally(g.metrics) };
  const out = new Int32Array(2);
  let total = 0;
  let total2 = 0;
  for (let r = 0; r < N; r++) {
    const s = g.newGame(new Rng([1, 2, 3, 4]), ctx);
    const t = s.units[1];
    let turn = 1;
    for (; turn <= 40; turn++) {
      const bearing = rng.float() * 180;
      const D = defenseOf(m, 1, t);
      if (weapon === 'kinetic') {
        const col = ratioColumn(m.thresholds, attack, D);
        if (col >= 0) {
          const n = rollKinetic(rng, 2, m.kinetic, col);
          if (n > 0) kineticPenetrate(m, s, 1, locateSurface(m, rng, bearing), n, -1, ctx);
        }
      } else if (weapon === 'thermal') {
        const col = ratioColumn(m.thresholds, attack + t.hx, D);
        if (col >= 0) {
          const n = rollThermal(rng, m.thermalMiss, m.thermal, col);
          for (let k = 0; k < n; k++) thermalDestroy(m, s, 1, locateSurface(m, rng, bearing), -1, rng, ctx);
        }
      } else if (weapon === 'photon') {
        const err = Math.abs(sigma * gauss(rng));
        const dice = Math.max(0, attack - rangingPenalty(err, false));
        rollPhoton(rng, dice, 5, 6, out);
        const hull = t.hx >= m.graph.nHull ? 0 : out[0];
        for (let k = 0; k < hull; k++) queueCrit(s, 1, L_HULL_DAMAGE, -1, -1);
        for (let k = 0; k < out[1]; k++) queueCrit(s, 1, L_CORE_DAMAGE, -1, -1);
      } else {
        const n = Math.max(0, Math.floor(attack / 2) + t.hx);
        const mdice = D;
        let coreInf = false;
        for (let c = 0; c < m.graph.n; c++) if (t.infest[c] && m.graph.core[c]) coreInf = true;
        const ac = Math.ceil(n / 2);
        const dc = coreInf ? mdice : Math.ceil((2 * mdice) / 3);
        const ch = missileColour(rng, ac, dc, 0);
        const hh = missileColour(rng, n - ac, mdice - dc, 0);
        for (let k = 0; k < ch; k++) placeInfestation(m, s, 1, true, bearing, rng);
        for (let k = 0; k < hh; k++) placeInfestation(m, s, 1, false, bearing, rng);
      }
      resolveCrits(m, s, rng, ctx);
      recurringDamage(m, s, ctx);
      suddenDeath(m, s, ctx);
      if (!t.alive) break;
    }
    const k = Math.min(turn, 40);
    total += k;
    total2 += k * k;
  }
  const mean = total / N;
  return [mean, Math.sqrt((total2 / N - mean * mean) / N)];
}
function gauss(rng: Rng): number {
  const u = Math.max(1e-12, rng.float());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.float());
}

const N = 3000;
const SPEC: Array<[number, number, number[]]> = [
  [8, 5, [6.2, 6.8, 5.0, 5.3, 5.8, 10.5]],
  [11, 6, [6.2, 5.7, 4.2, 4.4, 4.7, 10.4]],
  [8, 8, [9.0, 8.6, 5.0, 5.3, 5.8, 11.8]],
];
const COLS: Array<[string, number]> = [['kinetic', 0], ['missile', 0], ['photon', 0], ['photon', 1.8], ['photon', 3], ['thermal', 0]];

describe('spec §8.6 mean turns to kill', () => {
  for (const [a, d, want] of SPEC) {
    it(`${a} vs ${d}: kinetic, missile, photon (sigma 0 / 1.8" / 3"), thermal`, () => {
      COLS.forEach(([w, sigma], k) => {
        const [mean, se] = run(w, a, d, sigma, N, 100 + k);
        expect(Math.abs(mean - want[k]), `${w} sigma ${sigma}: ${mean.toFixed(2)} vs ${want[k]}`).toBeLessThanOrEqual(0.3 + 3 * se);
      });
    });
  }
});
