/**
 * Every exposed odds mechanic of every system: its table computes at the default and card
 * parameters (probabilities in [0, 1]), and its exact distribution agrees with its sampler
 * (the engine's own roll code) at every check setting: |p̂ − p| ≤ 4·sqrt(p(1−p)/N) + 1/N,
 * N = 8 000, fixed seed. Systems add mechanics; this file picks them up from the registry.
 */
import { describe, expect, it } from 'vitest';
import { resolveOddsParams } from '../../src/core/odds.ts';
import { assertSampled } from '../../src/core/dice/sampled-check.ts';
import { loadAllSystems } from '../../src/systems/index.ts';
import { oddsContext } from '../../src/odds/context.ts';
import { computeTable } from '../../src/odds/compute.ts';

const SYSTEMS = await loadAllSystems();

const N = 8_000;

for (const sys of SYSTEMS.filter((s) => s.odds)) {
  describe(`${sys.info.id} odds mechanics`, () => {
    const ctx = oddsContext(sys);
    for (const mech of sys.odds!.mechanics) {
      it(`${mech.name}: tables at the default and card parameters`, () => {
        for (const given of [{}, ...(mech.cardParams ?? [])]) {
          const [params, errors] = resolveOddsParams(mech, given);
          expect(errors).toEqual([]);
          if (mech.needsScenario) continue;
          const t = computeTable(ctx, mech, params);
          expect(t.rows.length, 'rows').toBeGreaterThan(0);
          for (const r of t.rows)
            for (const col of t.values) {
              const c = r.cells[col.name];
              if (c && (col.kind ?? 'probability') === 'probability') expect(c.decimal >= 0 && c.decimal <= 1, `${col.name} = ${c.exact}`).toBe(true);
            }
        }
      });
      if (!mech.exact || !mech.sample) continue;
      it(`${mech.name}: exact vs sampled at ${(mech.checkParams ?? [{}]).length} setting(s)`, () => {
        for (const given of mech.checkParams ?? [{}]) {
          const [params, errors] = resolveOddsParams(mech, given);
          expect(errors).toEqual([]);
          const exact = mech.exact!(ctx.data, ctx.options, params);
          const total = exact.reduce((s, o) => s + o.p.toNumber(), 0);
          expect(total).toBeCloseTo(1, 12);
          assertSampled({ exact, sample: (rng) => mech.sample!(ctx.data, ctx.options, params, rng), n: N, seed: 5 }, `${sys.info.id} ${mech.name} ${JSON.stringify(given)}`);
        }
      });
    }
  });
}
