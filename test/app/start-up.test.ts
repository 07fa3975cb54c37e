/**
 * Issue 11 item 6: what a shard process pays before its first game. The CLI loads only the command
 * it runs, so a shard never loads the analysis, the report pages, the other commands or the queue (bullmq);
 * long runs get larger batches (less coordination per game), short runs keep batches of 500.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultBatchSize, scenarioPlan, writePlanFile } from '../../src/app/plan-file.ts';
import { ROOT } from '../helpers/bundled.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-start-up-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The modules a salvo command loads (ESM and CommonJS), from a loader hook. */
function loadedModules(args: string[]): { code: number; urls: string[]; stderr: string } {
  const hook = join(tmp, 'hook.mjs');
  writeFileSync(hook, "export async function load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }\n");
  const register = `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify('file://' + hook)});`;
  const r = spawnSync(process.execPath, ['--import', register, join(ROOT, 'bin', 'salvo.js'), ...args], { cwd: tmp, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status ?? -1, urls: [...r.stderr.matchAll(/^LOADED (.*)$/gm)].map((m) => m[1]), stderr: r.stderr };
}

describe('start-up of a shard process', () => {
  it('loads the pool, but no rule system, not the analysis, the report pages, the other commands or bullmq; `salvo run` with a report does load them', () => {
    const plan = join(tmp, 'plan.json');
    writePlanFile(plan, scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 20, seed: 1 }).pf);
    const shard = loadedModules(['run', '--plan', plan, '--shard', '0/2', '--workers', '1', '--out', join(tmp, 'part.json'), '--no-progress']);
    expect(shard.code, shard.stderr).toBe(0);
    // The main thread loads no rule system: its worker thread does (the next test).
    expect(shard.urls.some((u) => /\/dist\/systems\/[^/]+\//.test(u))).toBe(false);
    expect(shard.urls.some((u) => u.includes('/piscina/'))).toBe(true);
    for (const heavy of ['/dist/report/run-page.js', '/bullmq/', '/ioredis/', '/dist/analysis/analyze.js', '/dist/cli/commands/balance.js', '/dist/app/queue.js']) {
      expect(shard.urls.filter((u) => u.includes(heavy))).toEqual([]);
    }
    // The hook sees what a report needs, so the check above is not vacuous.
    const run = loadedModules(['run', '--plan', plan, '--workers', '0', '--out', join(tmp, 'report'), '--no-progress']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.urls.some((u) => u.includes('/dist/report/run-page.js'))).toBe(true);
    expect(run.urls.some((u) => u.includes('/dist/analysis/analyze.js'))).toBe(true);
  }, 60_000);

  it('a Panzer Vor! shard loads panzervor and no other system, in its worker thread only; no zod, scenario, report or answers code in its main thread', () => {
    const plan = join(tmp, 'pv-plan.json');
    writePlanFile(plan, scenarioPlan(join(ROOT, 'scenarios/panzervor/fake-battle.yaml'), { games: 3, seed: 1, agents: [{ name: 'random', params: {} }, { name: 'random', params: {} }] }).pf);
    const shard = loadedModules(['run', '--plan', plan, '--shard', '0/1', '--workers', '1', '--out', join(tmp, 'pv-part.json'), '--no-progress']);
    expect(shard.code, shard.stderr).toBe(0);
    const systemsOf = (urls: string[]): string[] => [...new Set(urls.map((u) => /\/dist\/systems\/([^/]+)\//.exec(u)?.[1]).filter((x): x is string => x !== undefined))].sort();
    // Its main thread reads the plan without zod and asks the worker for the rules-data hash.
    expect(systemsOf(shard.urls)).toEqual([]);
    for (const unused of ['/dist/report/', '/dist/answers/', '/dist/analysis/', '/dist/scenario/load.js', '/dist/scenario/experiment.js', '/dist/scenario/yaml-file.js', '/dist/scenario/schema.js', '/dist/run/batch.js', '/dist/cli/watch.js', '/dist/app/plan-schema.js', '/zod/', '/yaml/', '/csv-stringify/', '/simple-statistics/']) {
      expect(shard.urls.filter((u) => u.includes(unused)), unused).toEqual([]);
    }
    // The worker thread's module graph: the piscina entry hashes the plan's rules data (the shard's
    // version check) and plays a task of the plan, then says which systems it loaded (a fresh
    // process, as a worker thread is).
    const script = `
      import { readFileSync } from 'node:fs';
      const run = (await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/run/worker.js')).href)})).default;
      const { findSystem, loadedSystemIds } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/systems/index.js')).href)});
      const pf = JSON.parse(readFileSync(${JSON.stringify(plan)}, 'utf8'));
      const before = loadedSystemIds();
      const rules = await run({ rulesOf: ['panzervor'] });
      const r = await run({ task: { planKey: pf.id, variants: pf.plan.variants, baseline: -1, seed: pf.plan.seed, start: 0, count: 3 } });
      let mgv = 'found';
      try { findSystem('mgv'); } catch (e) { mgv = e.name; }
      process.stdout.write(JSON.stringify({ before, rules: rules === pf.versions.rules, after: loadedSystemIds(), games: r.summaries[0].games, pv: findSystem('panzervor').info.id, mgv, unknown: findSystem('nope') ?? null }));`;
    const worker = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: tmp, encoding: 'utf8' });
    expect(worker.status, worker.stderr).toBe(0);
    // A system looked up before it is loaded is a clear error, an unknown id is undefined.
    expect(JSON.parse(worker.stdout)).toEqual({ before: [], rules: true, after: ['panzervor'], games: 3, pv: 'panzervor', mgv: 'SystemNotLoadedError', unknown: null });
  }, 60_000);

  it('long runs get batches of up to 2,000 games (at least 64 batches), short ones keep 500', () => {
    expect(defaultBatchSize(1)).toBe(500);
    expect(defaultBatchSize(10_000)).toBe(500);
    expect(defaultBatchSize(64_000)).toBe(1000);
    expect(defaultBatchSize(100_000)).toBe(1500);
    expect(defaultBatchSize(1_000_000)).toBe(2000);
    expect(defaultBatchSize(1e9)).toBe(2000);
    for (const games of [10_000, 64_000, 100_000, 1_000_000]) expect(Math.ceil(games / defaultBatchSize(games))).toBeGreaterThanOrEqual(games >= 32_000 ? 64 : 1);
  });
});
