/**
 * A queue for machines that come and go (BullMQ on Redis). `salvo run --queue URL` stores the plan
 * once (key salvo:plan:<id>) and adds one job per batch, job id = plan identity + batch start, so
 * adding again is a no-op. `salvo worker --redis URL` processes jobs on its worker-thread pool
 * (the event loop stays free to renew job locks). The coordinator merges each completed batch
 * exactly once against the checkpointed set of merged batches, writes the checkpoint, and only
 * then removes the job; a killed worker's batch is retried elsewhere (BullMQ's stalled-job check)
 * with no double count; failed jobs make the run incomplete, loudly.
 */
import { createRequire } from 'node:module';
import { Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BatchRef } from '../run/plan.ts';
import { BatchPool, defaultWorkers, type PlanResult } from '../run/pool.ts';
import type { BatchResult } from '../run/batch.ts';
import { emptyTotals, mergeInto } from '../run/summary.ts';
import { InputError } from '../scenario/errors.ts';
import { readCheckpoint, CheckpointWriter } from './checkpoint.ts';
import { finishPlan, type PlanContext, type RunOutcome } from './execute.ts';
import { planBatchesOf, planStopping, playedPlan, playedVariantCount } from './sequential.ts';
import { checkOutputFolder, replaceFolder } from './output.ts';
import { planFromData, planText, type PlanFile } from './plan-file.ts';

export const QUEUE_NAME = 'salvo';
const planKeyOf = (id: string): string => `salvo:plan:${id}`;
/** Job id of a batch: the plan identity and the batch start (BullMQ ids may not contain ':'). */
export const jobIdOf = (planId: string, start: number): string => `${planId}-${start}`;

interface BatchJob {
  readonly plan: string;
  readonly start: number;
  readonly count: number;
}

/** An ioredis client (its types only: the package itself is loaded by redisClient, on demand). */
type RedisClient = Redis;

/** ioredis (CommonJS), loaded only by the queue commands: nothing else in salvo needs Redis. */
export function redisClient(url: string): RedisClient {
  let Client: typeof Redis;
  try {
    const req = createRequire(import.meta.url);
    const mod: typeof import('ioredis') = req('ioredis');
    Client = mod.Redis;
  } catch {
    throw new InputError('command line', [{ path: '--queue', message: "the queue needs the ioredis package (npm install ioredis)" }]);
  }
  if (!/^rediss?:\/\//.test(url)) throw new InputError('command line', [{ path: '--queue', message: `expected a redis://host:port URL, got '${url}'` }]);
  return new Client(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

export interface WorkerOptions {
  readonly workers?: number;
  /** Job lock duration (a killed worker's batch is retried after it). Default 30 s. */
  readonly lockMs?: number;
  readonly log?: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** `salvo worker --redis URL`: processes batch jobs until the signal; returns the number of batches played. */
export async function serveQueue(url: string, opts: WorkerOptions = {}): Promise<number> {
  const store = redisClient(url);
  const pool = new BatchPool(Math.max(1, opts.workers ?? defaultWorkers()));
  const plans = new Map<string, Promise<PlanFile>>();
  const planOf = (id: string): Promise<PlanFile> => {
    let p = plans.get(id);
    if (!p) {
      p = store.get(planKeyOf(id)).then(async (text) => {
        if (text === null) throw new Error(`plan ${id} is not in the queue's store`);
        // The pool's worker hashes the plan's rules data: this thread never loads the rule systems.
        const pf = await planFromData(JSON.parse(text), `redis ${planKeyOf(id)}`, { rulesHash: (ids) => pool.rulesHash(ids) });
        if (pf.id !== id) throw new Error(`stored plan ${id} has identity ${pf.id}`);
        return pf;
      });
      p.catch(() => plans.delete(id));
      plans.set(id, p);
    }
    return p;
  };
  let played = 0;
  const workerConn = store.duplicate();
  const lockMs = opts.lockMs ?? 30_000;
  const worker = new Worker<BatchJob, BatchResult>(
    QUEUE_NAME,
    async (job) => {
      const pf = await planOf(job.data.plan);
      const { start, count } = job.data;
      opts.log?.(`batch ${start} of plan ${pf.id.slice(0, 12)}: started (attempt ${job.attemptsMade + 1})`);
      // Played on the worker-thread pool: this thread only waits, so lock renewals keep running.
      const pp = playedPlan(pf);
      const r = await pool.run({ planKey: pf.id, variants: pp.variants, baseline: pp.baseline, ...(pp.groupSize ? { groupSize: pp.groupSize } : {}), seed: pp.seed, start, count });
      played++;
      opts.log?.(`batch ${start} of plan ${pf.id.slice(0, 12)}: done`);
      return r;
    },
    { connection: workerConn, concurrency: pool.workers, lockDuration: lockMs, stalledInterval: Math.max(500, Math.floor(lockMs / 2)), maxStalledCount: 5, autorun: true },
  );
  worker.on('failed', (job, err) => opts.log?.(`batch ${job?.id ?? '?'} failed: ${err.message}`));
  await worker.waitUntilReady();
  opts.log?.(`salvo worker: ${pool.workers} thread${pool.workers === 1 ? '' : 's'} serving queue '${QUEUE_NAME}' at ${url}`);
  await new Promise<void>((resolve) => {
    if (opts.signal?.aborted) resolve();
    opts.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await worker.close();
  await pool.destroy();
  await quitAll([store, workerConn]);
  return played;
}

/** BullMQ leaves connections it was given open: close them (else the process never exits). */
async function quitAll(clients: readonly RedisClient[]): Promise<void> {
  await Promise.allSettled(clients.map((c) => c.quit().catch(() => c.disconnect())));
}

export interface QueueRunOptions {
  /** Report folder (also holds the checkpoint of merged batches). */
  readonly out: string;
  readonly onProgress?: (done: number, total: number) => void;
  readonly log?: (line: string) => void;
  readonly signal?: AbortSignal;
  /** Attempts per batch before it counts as failed. Default 3. */
  readonly attempts?: number;
  /** How often to look for results missed by the event stream. Default 1 s. */
  readonly sweepMs?: number;
}

/**
 * `salvo run --queue URL ...`: enqueues the plan's batches (round by round for a precision plan),
 * merges results as they complete, writes the report. Undefined when the run is incomplete
 * (failed batches, or stopped by the signal); the checkpoint then keeps what was merged.
 */
export async function runOnQueue(url: string, pf: PlanFile, opts: QueueRunOptions, ctx?: PlanContext): Promise<RunOutcome | undefined> {
  const t0 = performance.now();
  checkOutputFolder(opts.out);
  const store = redisClient(url);
  const conns = [store.duplicate(), store.duplicate()];
  const queue = new Queue<BatchJob, BatchResult>(QUEUE_NAME, { connection: conns[0] });
  const events = new QueueEvents(QUEUE_NAME, { connection: conns[1] });
  const log = opts.log ?? (() => {});
  const resume = readCheckpoint(opts.out, pf);
  const variants = playedVariantCount(pf);
  const totals = resume?.totals ?? emptyTotals(variants);
  const merged = new Set(resume?.merged ?? []);
  const checkpoint = new CheckpointWriter(opts.out, pf, 0);
  const stopping = planStopping(pf);
  if (resume) stopping.restore(resume.checks);
  const stop = stopping.rule;
  const batches = planBatchesOf(pf);
  const byStart = new Map(batches.map((b) => [b.start, b]));
  const totalGames = pf.plan.games * variants;
  let played = [...merged].reduce((s, st) => s + (byStart.get(st)?.count ?? 0), 0) * variants;
  const failed = new Map<number, string>();
  let wake: () => void = () => {};
  const woken = (): Promise<void> => new Promise((r) => { wake = r; setTimeout(r, opts.sweepMs ?? 1000); });
  const prefix = `${pf.id}-`;
  events.on('completed', ({ jobId }) => { if (jobId.startsWith(prefix)) wake(); });
  events.on('failed', ({ jobId }) => { if (jobId.startsWith(prefix)) wake(); });
  opts.signal?.addEventListener('abort', () => wake(), { once: true });
  let stoppedEarly = false;
  let interrupted = false;
  try {
    await events.waitUntilReady();
    await store.set(planKeyOf(pf.id), planText(pf), 'NX');
    const rounds = (batches.at(-1)?.round ?? -1) + 1;
    for (let r = 0; r < rounds && !interrupted; r++) {
      const inRound = batches.filter((b) => b.round === r);
      const todo = inRound.filter((b) => !merged.has(b.start));
      await enqueue(queue, pf, todo, opts.attempts ?? 3);
      log(`queue: round ${r}: ${todo.length} batches enqueued (${inRound.length - todo.length} already merged)`);
      let pending = todo;
      while (pending.length > 0) {
        if (opts.signal?.aborted) {
          interrupted = true;
          break;
        }
        for (const b of pending) {
          const id = jobIdOf(pf.id, b.start);
          // The state first, then the job: a job read before its state could predate its result.
          const state = await queue.getJobState(id);
          if (state === 'unknown') {
            // Removed without being merged (e.g. by hand): add it again.
            await enqueue(queue, pf, [b], opts.attempts ?? 3);
            continue;
          }
          if (state === 'completed') {
            const job = await Job.fromId<BatchJob, BatchResult>(queue, id);
            if (!job) continue;
            if (!merged.has(b.start)) {
              const res = job.returnvalue;
              if (!res || res.start !== b.start || res.count !== b.count || res.summaries.length !== variants) throw new Error(`job ${id}: its result does not match its batch (games ${b.start}-${b.start + b.count - 1})`);
              mergeInto(totals, res);
              merged.add(b.start);
              played += b.count * variants;
              checkpoint.offer(merged, totals, stopping.checks()); // written before the job is removed
              opts.onProgress?.(played, totalGames);
            }
            await job.remove();
          } else if (state === 'failed') {
            const job = await Job.fromId<BatchJob, BatchResult>(queue, id);
            failed.set(b.start, job?.failedReason || 'failed');
          }
        }
        pending = pending.filter((b) => !merged.has(b.start) && !failed.has(b.start));
        if (failed.size > 0 && pending.length === 0) break;
        if (pending.length > 0) await woken();
      }
      if (failed.size > 0) break;
      // Checked only when the totals hold exactly rounds 0..r, as on one machine (a resumed run's
      // totals may already hold later rounds, whose checks were made before the interruption).
      const roundEnd = inRound.reduce((m, b) => Math.max(m, b.start + b.count), 0);
      if (stop && !interrupted && r < rounds - 1 && (totals.summaries[0]?.games ?? 0) === roundEnd && stop.done(totals.summaries, totals.pairs)) {
        stoppedEarly = true;
        break;
      }
    }
  } finally {
    checkpoint.offer(merged, totals, stopping.checks());
    checkpoint.flush();
    await Promise.allSettled([events.close(), queue.close()]);
    await quitAll([store, ...conns]);
  }
  if (failed.size > 0) {
    const list = [...failed.entries()].sort((a, b) => a[0] - b[0]);
    log(`INCOMPLETE: ${failed.size} batch${failed.size === 1 ? '' : 'es'} failed after every attempt (${list.slice(0, 5).map(([s, why]) => `games ${s}-${s + (byStart.get(s)?.count ?? 1) - 1}: ${why}`).join('; ')}${list.length > 5 ? '; …' : ''}). No report written; the ${merged.size} merged batches are kept in ${opts.out}/checkpoint.json: fix the cause and run the same command again.`);
    return undefined;
  }
  if (interrupted) {
    log(`stopped: ${merged.size} of ${batches.length} batches merged (checkpoint in ${opts.out}/checkpoint.json); the jobs stay in the queue: run the same command again to collect them`);
    return undefined;
  }
  const result: PlanResult = { plan: playedPlan(pf), summaries: totals.summaries, pairs: totals.pairs, games: totals.summaries[0]?.games ?? 0, workers: 0, batchSize: pf.batchSize, elapsedMs: performance.now() - t0, stoppedEarly, interrupted: false, merged };
  const done = finishPlan(pf, result, ctx, stopping.sprt ? { sprt: stopping.sprt() } : {});
  return { ...done, written: replaceFolder(opts.out, done.files) };
}

/** Adds the batches' jobs (an existing id is left as it is); failed ones from an earlier run are retried. */
async function enqueue(queue: Queue<BatchJob, BatchResult>, pf: PlanFile, todo: readonly BatchRef[], attempts: number): Promise<void> {
  for (let i = 0; i < todo.length; i += 500) {
    const part = todo.slice(i, i + 500);
    await queue.addBulk(part.map((b) => ({ name: 'batch', data: { plan: pf.id, start: b.start, count: b.count }, opts: { jobId: jobIdOf(pf.id, b.start), attempts, backoff: { type: 'fixed', delay: 200 }, removeOnComplete: false, removeOnFail: false } })));
  }
  for (const b of todo) {
    const job = await Job.fromId(queue, jobIdOf(pf.id, b.start));
    if (job && (await job.getState()) === 'failed') await job.retry('failed');
  }
}
