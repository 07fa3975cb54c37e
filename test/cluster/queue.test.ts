/**
 * The BullMQ queue on a real Redis: Debian's redis-server on 127.0.0.1 at a free port (skipped, and
 * said so, when the binary or the ioredis package is absent). Two `salvo worker` processes serve a
 * `salvo run --queue`; one is killed with kill -9 mid-run; its batch is retried on the other, and the
 * merged summary equals a plain single-process run (no batch lost, none counted twice).
 */
import { mkdtempSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { salvo } from '../helpers/cli.ts';
import { killAll, launch, freePort, redisMissing as why, redisRequired as required, startRedis, until } from '../helpers/redis.ts';
import { comparable } from '../run/compare.ts';
import { planText, scenarioPlan } from '../../src/app/plan-file.ts';
import { playedWeights } from '../../src/app/execute.ts';
import { QUEUE_NAME, runOnQueue, serveQueue } from '../../src/app/queue.ts';
import type { Work } from '../../src/run/pool.ts';

const ROOT = join(import.meta.dirname, '../..');

if (why) console.warn(`test/cluster/queue.test.ts: SKIPPED: ${why}`);

const tmp = mkdtempSync(join(tmpdir(), 'salvo-queue-'));
afterAll(async () => {
  await killAll();
  rmSync(tmp, { recursive: true, force: true });
});

describe('queue (BullMQ on Redis)', () => {
  it.runIf(required && !!why)('is required here (SALVO_REQUIRE_REDIS=1)', () => {
    expect.fail(`the queue test cannot run: ${why}`);
  });

  it.skipIf(!!why)('two workers, one killed mid-run: the merged summary equals the single-process run', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;

    const plan = join(tmp, 'plan.json');
    const args = ['scenarios/panzervor/fake-battle.yaml', '--games', '4000', '--seed', '21', '--agents', 'marksman,brawler', '--batch', '250'];
    expect(salvo(['plan', ...args, '-o', plan]).code).toBe(0);
    const direct = salvo(['run', '--plan', plan, '--workers', '1', '--out', join(tmp, 'direct'), '--json']);
    expect(direct.code, direct.stderr).toBe(0);

    const logs: Record<string, string[]> = { a: [], b: [], run: [], json: [] };
    const out = join(tmp, 'queued');
    const run = launch(['run', '--plan', plan, '--queue', url, '--out', out, '--json', '--no-progress'], logs.run, logs.json);
    const a = launch(['worker', '--redis', url, '--workers', '1', '--lock-ms', '1500'], logs.a);
    await until(() => logs.a.join('').includes('serving queue'), 30_000, 'worker a');
    // a is now in the middle of its batches (waited for, not timed: the machine may be loaded).
    await until(() => /batch \d+ of plan \w+: started/.test(logs.a.join('')), 60_000, 'worker a to start a batch');
    await new Promise((r) => setTimeout(r, 300));
    const b = launch(['worker', '--redis', url, '--workers', '1', '--lock-ms', '1500'], logs.b);
    a.kill('SIGKILL');
    await a.done;
    const code = await Promise.race([run.done, new Promise<string>((r) => setTimeout(() => r('timeout'), 90_000))]);
    expect(code, logs.run.join('') + logs.b.join('')).toBe(0);
    b.kill('SIGTERM');
    expect(await b.done).toBe(0);
    expect(logs.b.join('')).toMatch(/stopped after \d+ batches/);
    // The batch a was playing when killed was played again by b.
    const started = (log: string[]): number[] => [...log.join('').matchAll(/batch (\d+) of plan \w+: started/g)].map((m) => Number(m[1]));
    const done = (log: string[]): number[] => [...log.join('').matchAll(/batch (\d+) of plan \w+: done/g)].map((m) => Number(m[1]));
    const cut = started(logs.a).filter((s) => !done(logs.a).includes(s));
    expect(cut.length, logs.a.join('')).toBeGreaterThan(0);
    for (const s of cut) expect(done(logs.b)).toContain(s);
    expect(comparable(logs.json.join(''))).toBe(comparable(direct.stdout));
    expect(comparable(readFileSync(join(out, 'summary.json'), 'utf8'))).toBe(comparable(direct.stdout));
    redis.kill('SIGTERM');
  }, 150_000);

  it.skipIf(!!why)('a precision plan is queued round by round and stops where a plain run stops', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const plan = join(tmp, 'plan-precision.json');
    expect(salvo(['plan', 'experiments/duel-house-rules.yaml', '--games', '40000', '--seed', '4', '--precision', '0.02', '-o', plan]).code).toBe(0);
    const direct = salvo(['run', '--plan', plan, '--workers', '1', '--out', join(tmp, 'direct-precision'), '--json']);
    expect(direct.code, direct.stderr).toBe(0);
    expect(JSON.parse(direct.stdout).stoppedEarly).toBe(true);
    const logs: Record<string, string[]> = { w: [], run: [], json: [] };
    const w = launch(['worker', '--redis', url, '--workers', '1'], logs.w);
    const run = launch(['run', '--plan', plan, '--queue', url, '--out', join(tmp, 'queued-precision'), '--json', '--no-progress'], logs.run, logs.json);
    const code = await Promise.race([run.done, new Promise<string>((r) => setTimeout(() => r('timeout'), 90_000))]);
    expect(code, logs.run.join('') + logs.w.join('')).toBe(0);
    expect(comparable(logs.json.join(''))).toBe(comparable(direct.stdout));
    expect(logs.run.join('')).not.toMatch(/round 3:/);
    w.kill('SIGTERM');
    await w.done;
    redis.kill('SIGTERM');
  }, 150_000);

  it.skipIf(!!why)('a GSPRT plan with an extra pairing: the queue adds rounds until the rule is met, and equals one process', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const plan = join(tmp, 'plan-sprt.json');
    expect(salvo(['plan', 'experiments/duel-house-rules.yaml', '--games', '40000', '--seed', '3', '--batch', '250', '--sprt', '0,0.05', '--pairings', 'patient,random', '-o', plan]).code).toBe(0);
    const direct = salvo(['run', '--plan', plan, '--workers', '1', '--out', join(tmp, 'direct-sprt'), '--json']);
    expect(direct.code, direct.stderr).toBe(0);
    const want = JSON.parse(direct.stdout);
    expect(want.stoppedEarly).toBe(true);
    const rounds = want.gamesPerVariant / 500;
    expect(rounds).toBeGreaterThan(1);
    const logs: Record<string, string[]> = { a: [], b: [], run: [], json: [] };
    const a = launch(['worker', '--redis', url, '--workers', '1'], logs.a);
    const b = launch(['worker', '--redis', url, '--workers', '1'], logs.b);
    const run = launch(['run', '--plan', plan, '--queue', url, '--out', join(tmp, 'queued-sprt'), '--json', '--no-progress'], logs.run, logs.json);
    const code = await Promise.race([run.done, new Promise<string>((r) => setTimeout(() => r('timeout'), 90_000))]);
    expect(code, logs.run.join('') + logs.a.join('')).toBe(0);
    expect(comparable(logs.json.join(''))).toBe(comparable(direct.stdout));
    // Rounds 0..stop were enqueued, none after the rule was met.
    expect(logs.run.join('')).toMatch(new RegExp(`round ${rounds - 1}: `));
    expect(logs.run.join('')).not.toMatch(new RegExp(`round ${rounds}: `));
    for (const w of [a, b]) w.kill('SIGTERM');
    await Promise.all([a.done, b.done]);
    redis.kill('SIGTERM');
  }, 150_000);

  it.skipIf(!!why)('batches that fail every attempt make the run incomplete, loudly: no report, exit 3', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const plan = join(tmp, 'plan-bad.json');
    expect(salvo(['plan', 'scenarios/duel/high-noon.yaml', '--games', '1000', '--seed', '3', '-o', plan]).code).toBe(0);
    const pf = JSON.parse(readFileSync(plan, 'utf8'));
    // Someone stored a tampered copy of the plan under its name: workers verify it and refuse.
    const { RedisLink } = await import('../../src/app/redis.ts');
    const store = new RedisLink(url);
    await store.client.set(`salvo:plan:${pf.id}`, JSON.stringify({ ...pf, plan: { ...pf.plan, games: 999 } }), 'NX');
    await store.close();
    const logs: Record<string, string[]> = { w: [], run: [], json: [] };
    launch(['worker', '--redis', url, '--workers', '1'], logs.w);
    const out = join(tmp, 'bad');
    const run = launch(['run', '--plan', plan, '--queue', url, '--out', out, '--json', '--no-progress'], logs.run, logs.json);
    const code = await Promise.race([run.done, new Promise<string>((r) => setTimeout(() => r('timeout'), 60_000))]);
    expect(code, logs.run.join('')).toBe(3);
    expect(logs.run.join('')).toMatch(/INCOMPLETE: 2 batches failed after every attempt \(games 0-499: .*changed after it was made/);
    expect(logs.json.join('')).toBe('');
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
    redis.kill('SIGTERM');
  }, 120_000);
});

describe('queue progress', () => {
  it.skipIf(!!why)('counts a skill check as the pool does: its games only, weighed by their cost', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const { pf, loaded } = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 600, skillCheck: 150, batchSize: 200 });
    const ctx = { base: loaded, variants: [loaded] };
    const stop = new AbortController();
    const worker = serveQueue(url, { workers: 0, signal: stop.signal });
    try {
      const progress: [number, number, Work][] = [];
      const outcome = await runOnQueue(url, pf, { out: join(tmp, 'queued-skill'), onProgress: (d, t, w) => progress.push([d, t, w]) }, ctx);
      expect(outcome?.report.skillCheck).toBeDefined();
      const ratio = playedWeights(pf, ctx).at(-1)!;
      expect(ratio).toBeGreaterThan(1);
      // 600 games of the run and 150 of the check (not 1,200 games); the check's games cut into 30
      // batches of 5, each with the run's same 5 (src/run/plan.ts HEAVY_BATCHES), then the run's 200s.
      expect(progress.at(-1)!.slice(0, 2)).toEqual([750, 750]);
      const want = [...Array.from({ length: 30 }, (_, k) => (k + 1) * 5 * (1 + ratio)), 350 + 150 * ratio, 550 + 150 * ratio, 600 + 150 * ratio];
      const done = progress.map(([, , w]) => w.done).sort((a, b) => a - b);
      expect(done).toHaveLength(want.length);
      done.forEach((d, k) => expect(d).toBeCloseTo(want[k]!, 6));
    } finally {
      stop.abort();
      await worker;
      redis.kill('SIGTERM');
    }
  }, 60_000);

  it.skipIf(!!why)("a job an older salvo left in Redis (cut before a skill check's games were cut fine) is not taken for this cut's batch", async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const { pf, loaded } = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 400, skillCheck: 64, batchSize: 200 });
    const stop = new AbortController();
    const worker = serveQueue(url, { workers: 0, signal: stop.signal });
    const { Queue } = await import('bullmq');
    const { RedisLink } = await import('../../src/app/redis.ts');
    const link = new RedisLink(url);
    const old = new Queue(QUEUE_NAME, { connection: link.dup() });
    try {
      // An older salvo's run of the same plan: id `${plan}-${start}`, its first batch all 200 games (now 32 batches of 2 first).
      await link.client.set(`salvo:plan:${pf.id}`, planText(pf), 'NX');
      await old.add('batch', { plan: pf.id, start: 0, count: 200 }, { jobId: `${pf.id}-0`, removeOnComplete: false });
      await until(async () => (await old.getJobState(`${pf.id}-0`)) === 'completed', 30_000, 'the older job to complete');
      const outcome = await runOnQueue(url, pf, { out: join(tmp, 'queued-older') }, { base: loaded, variants: [loaded] });
      const direct = salvo(['run', 'scenarios/duel/high-noon.yaml', '--games', '400', '--skill-check', '64', '--batch', '200', '--workers', '1', '--out', join(tmp, 'direct-older'), '--json']);
      expect(direct.code, direct.stderr).toBe(0);
      expect(comparable(outcome!.files['summary.json'])).toBe(comparable(direct.stdout));
    } finally {
      await old.close();
      await link.close();
      stop.abort();
      await worker;
      redis.kill('SIGTERM');
    }
  }, 60_000);
});
