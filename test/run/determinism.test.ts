/**
 * Results must not depend on the worker count or the batch size: every game's streams come from
 * (run seed, game index) and summaries merge exactly. Checked on every bundled scenario.
 */
import { relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchPool, runPlan } from '../../src/run/pool.ts';
import { planForScenario } from '../../src/app/execute.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { wilson } from '../../src/analysis/intervals.ts';
import type { Summary } from '../../src/run/summary.ts';
import { bundledScenarios, ROOT } from '../helpers/bundled.ts';

describe('determinism across worker counts and batch sizes', () => {
  it('duel: inline, 1 worker and 2 workers give identical summaries', async () => {
    const loaded = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
    const plan = planForScenario(loaded, { games: 3000, seed: 99 });
    const inline = await runPlan(plan, { workers: 0, batchSize: 3000 });
    const one = await runPlan(plan, { workers: 1, batchSize: 101 });
    const two = await runPlan(plan, { workers: 2, batchSize: 250 });
    expect(one.summaries).toEqual(inline.summaries);
    expect(two.summaries).toEqual(inline.summaries);
    expect(inline.summaries[0].games).toBe(3000);
  });

  it('a different seed gives different games', async () => {
    const loaded = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
    const a = await runPlan(planForScenario(loaded, { games: 2000, seed: 1 }), { workers: 0 });
    const b = await runPlan(planForScenario(loaded, { games: 2000, seed: 2 }), { workers: 0 });
    expect(a.summaries[0].length).not.toEqual(b.summaries[0].length);
  });

  it('stopping at a precision target stops at the same game count for any worker count', async () => {
    const loaded = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
    const plan = planForScenario(loaded, { games: 40000, seed: 5 });
    const stop = { roundGames: 1000, done: (s: readonly Summary[]) => s.every((x) => { const [lo, hi] = wilson(x.wins[0], x.games); return (hi - lo) / 2 <= 0.01; }) };
    const a = await runPlan(plan, { workers: 0, stop });
    const b = await runPlan(plan, { workers: 2, batchSize: 300, stop });
    expect(a.stoppedEarly).toBe(true);
    expect(a.games).toBeLessThan(40000);
    expect(b.summaries).toEqual(a.summaries);
  });

  // One pool of 2 workers for every scenario (a pool's start-up costs more than 30 games); the
  // workers compile each plan from its inline document, so sharing it checks that too.
  let shared: BatchPool | undefined;
  afterAll(() => shared?.destroy());
  for (const file of bundledScenarios()) {
    it(`${relative(ROOT, file)}: inline and 2 workers agree`, async () => {
      const loaded = loadScenarioFile(file);
      // 30 games in batches of 4 (eight batches over two workers, the last one short).
      const plan = planForScenario(loaded, { games: 30, seed: 7 });
      const inline = await runPlan(plan, { workers: 0, batchSize: 30 });
      shared ??= new BatchPool(2);
      const two = await runPlan(plan, { pool: shared, batchSize: 4 });
      expect(two.summaries).toEqual(inline.summaries);
    });
  }
});
