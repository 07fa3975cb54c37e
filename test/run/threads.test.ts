/**
 * Any worker count on any machine (issue 22 item 1). `salvo run high-noon --games 200 --workers 64`
 * aborted Node in 2 of 4 runs (`FATAL ERROR: v8::Module::IsGraphAsync must be used on an
 * instantiated module`): piscina loaded the worker with require() of an ES module, and the pool's
 * teardown terminated threads still instantiating it. Now the worker is loaded by import(), a
 * thread starts only when a task needs one, and destroy() waits for every thread's ready message.
 *
 * These run the built code (dist/, the path users run). 64 threads loading cost about 8 s of CPU
 * on the 2-core machine (each loads zod and the engine, ~120 ms of CPU), so the default suite plays
 * the 64-thread teardown once and the real binary with 2 threads per core once;
 * SALVO_POOL_RUNS=10 plays each ten times in a row, and the binary with 64 busy threads too.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioPlan } from '../../src/app/plan-file.ts';
import { runPlan, capWorkers } from '../../src/run/pool.ts';
import { ROOT } from '../helpers/bundled.ts';
import { salvo } from '../helpers/cli.ts';

const RUNS = Math.max(1, Number(process.env.SALVO_POOL_RUNS ?? 1));
const DUEL = 'scenarios/duel/high-noon.yaml';

/** Runs `code` (an ES module using dist/) in a fresh node process; its last stdout line as JSON. */
function fresh(code: string): { code: number; out: string; last: Record<string, number> } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  const out = r.stdout + r.stderr;
  let last: Record<string, number> = {};
  try {
    last = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
  } catch {
    // left empty: the assertions on the exit code and output say what went wrong
  }
  return { code: r.status ?? -1, out, last };
}

const dist = (p: string): string => JSON.stringify(join(ROOT, 'dist', p));

describe('worker threads at any count', () => {
  it('caps the threads at the batches to play; 0 stays inline', () => {
    expect(capWorkers(64, 1)).toBe(1);
    expect(capWorkers(64, 67)).toBe(64);
    expect(capWorkers(4, 0)).toBe(1);
    expect(capWorkers(0, 10)).toBe(0);
  });

  it('a 200-game run asked for 64 workers starts one (one batch)', async () => {
    const { pf } = scenarioPlan(join(ROOT, DUEL), { games: 200 });
    const r = await runPlan(pf.plan, { workers: 64 });
    expect(r.games).toBe(200);
    expect(r.workers).toBe(1);
    const cli = salvo(['run', DUEL, '--games', '200', '--workers', '64', '--no-progress', '--out', join(process.env.TMPDIR ?? '/tmp', 'threads-cap')]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout + cli.stderr).toMatch(/on 1 worker\b/);
  });

  it('the issue-22 case on an explicit pool of 64: one batch, one thread', () => {
    const r = fresh(`
      const { loadSystem } = await import(${dist('systems/index.js')});
      await loadSystem('duel');
      const { scenarioPlan } = await import(${dist('app/plan-file.js')});
      const { runPlan, BatchPool } = await import(${dist('run/pool.js')});
      const { pf } = scenarioPlan(${JSON.stringify(join(ROOT, DUEL))}, { games: 200 });
      const pool = new BatchPool(64);
      const r = await runPlan(pf.plan, { pool, planKey: pf.id });
      const started = pool.started;
      await pool.destroy();
      console.log(JSON.stringify({ games: r.games, started }));`);
    expect(r.code, r.out).toBe(0);
    expect(r.last).toEqual({ games: 200, started: 1 });
  });

  it(`64 threads torn down while they load: destroy waits for every one, no abort (${RUNS} run${RUNS === 1 ? '' : 's'})`, () => {
    for (let i = 0; i < RUNS; i++) {
      const r = fresh(`
        const { BatchPool } = await import(${dist('run/pool.js')});
        const pool = new BatchPool(64);
        const tasks = Array.from({ length: 64 }, () => pool.rulesHash(['duel']).then(() => 1, () => 0));
        const started = pool.started;
        await pool.destroy();
        const done = (await Promise.all(tasks)).reduce((a, b) => a + b, 0);
        console.log(JSON.stringify({ started, loaded: pool.loaded, ended: pool.started, settled: done <= 64 ? 1 : 0 }));`);
      expect(r.code, r.out).toBe(0);
      expect(r.out).not.toMatch(/FATAL|Aborted/);
      // Every thread had loaded its modules before destroy terminated it.
      expect(r.last).toEqual({ started: 64, loaded: 64, ended: 0, settled: 1 });
    }
  }, RUNS * 120_000);

  it(`the real binary with 64 threads busy, and with 2 threads per core (${RUNS} run${RUNS === 1 ? '' : 's'} each)`, () => {
    for (const workers of RUNS > 1 ? [64, 2 * availableParallelism()] : [2 * availableParallelism()]) {
      for (let i = 0; i < RUNS; i++) {
        const r = salvo(['run', DUEL, '--games', '200', '--workers', String(workers), '--batch', '3', '--no-progress', '--out', join(process.env.TMPDIR ?? '/tmp', `threads-${workers}`)]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).not.toMatch(/FATAL/);
        expect(r.stdout).toMatch(new RegExp(`on ${workers} workers`));
      }
    }
  }, RUNS * 240_000);
});
