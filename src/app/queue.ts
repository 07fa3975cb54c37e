/**
 * A queue for machines that come and go (BullMQ on Redis). `salvo run --queue URL` stores the plan
 * once (key salvo:plan:<id>) and adds one job per batch, job id = plan identity + batch start + size, so
 * adding again is a no-op. `salvo worker --redis URL` processes jobs on its worker-thread pool
 * (the event loop stays free to renew job locks). The coordinator merges each completed batch
 * exactly once against the checkpointed set of merged batches, writes the checkpoint, and only
 * then removes the job; a killed worker's batch is retried elsewhere (BullMQ's stalled-job check)
 * with no double count; failed jobs make the run incomplete, loudly.
 */
import { Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { BatchRef } from '../run/plan.ts';
import { BatchPool, defaultWorkers, gamesInBatch, workAtStart, type PlanResult, type Work } from '../run/pool.ts';
import type { BatchResult } from '../run/batch.ts';
import { emptyTotals, mergeInto } from '../run/summary.ts';
import { readCheckpoint, CheckpointWriter } from './checkpoint.ts';
import { finishPlan, planContext, playedWeights, type PlanContext, type RunOutcome } from './execute.ts';
import { planBatchesOf, planStopping, playedPlan, playedVariantCount } from './sequential.ts';
import { checkOutputFolder, replaceFolder } from './output.ts';
import { planFromData, planText, type PlanFile } from './plan-file.ts';
import { checkUrl, RedisLink, requireRedis, seconds, shownUrl, sleep, waitForRedis, within } from './redis.ts';

export const QUEUE_NAME = 'salvo';
const planKeyOf = (id: string): string => `salvo:plan:${id}`;
/**
 * Job id of a batch: the plan identity, the batch start and its size (BullMQ ids may not contain
 * ':'). The size keeps a batch of another cut apart: jobs a salvo before 28 Nov 2026 left in Redis
 * (ids `${plan}-${start}`, a skill check's games not cut finer) are never taken for this cut's.
 */
export const jobIdOf = (planId: string, b: Pick<BatchRef, 'start' | 'count'>): string => `${planId}-${b.start}-${b.count}`;

interface BatchJob {
  readonly plan: string;
  readonly start: number;
  readonly count: number;
}

export interface WorkerOptions {
  readonly workers?: number;
  /** Job lock duration (a killed worker's batch is retried after it). Default 30 s. */
  readonly lockMs?: number;
  readonly log?: (line: string) => void;
  readonly signal?: AbortSignal;
  /** Longest wait between two attempts to reach Redis (default 30 s). */
  readonly retryCapMs?: number;
}

/**
 * `salvo worker --redis URL`: processes batch jobs until the signal; returns the number of batches
 * played. An unreachable Redis is retried with capped backoff, one line per retry (at start and
 * whenever it goes away). The signal stops the worker within a few seconds whether or not Redis
 * answers: a batch in flight is abandoned, and BullMQ's stalled-job check gives it to another
 * worker once its lock expires (as after kill -9).
 */
export async function serveQueue(url: string, opts: WorkerOptions = {}): Promise<number> {
  checkUrl(url, '--redis');
  const log = opts.log ?? (() => {});
  const who = 'salvo worker';
  if (!(await waitForRedis(url, { signal: opts.signal, log, who, capMs: opts.retryCapMs }))) return 0;
  const link = new RedisLink(url, {
    capMs: opts.retryCapMs,
    onRetry: (n, delay, why) => log(`${who}: lost Redis at ${shownUrl(url)}: ${why}; retrying in ${seconds(delay)} s (attempt ${n})`),
    onBack: () => log(`${who}: Redis at ${shownUrl(url)} is back`),
  });
  const store = link.client;
  const pool = new BatchPool(Math.max(1, opts.workers ?? defaultWorkers()));
  let stopping = false;
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
  const lockMs = opts.lockMs ?? 30_000;
  const worker = new Worker<BatchJob, BatchResult>(
    QUEUE_NAME,
    async (job) => {
      const pf = await planOf(job.data.plan);
      const { start, count } = job.data;
      opts.log?.(`batch ${start} of plan ${pf.id.slice(0, 12)}: started (attempt ${job.attemptsMade + 1})`);
      // Played on the worker-thread pool: this thread only waits, so lock renewals keep running.
      const pp = playedPlan(pf);
      const r = await pool.run({ planKey: pf.id, variants: pp.variants, baseline: pp.baseline, ...(pp.groupSize ? { groupSize: pp.groupSize } : {}), seed: pp.seed, start, count }).catch((e: unknown) => {
        // Stopped by the signal: the batch is abandoned, never reported failed (its lock expires).
        if (stopping) return new Promise<never>(() => {});
        throw e;
      });
      played++;
      opts.log?.(`batch ${start} of plan ${pf.id.slice(0, 12)}: done`);
      return r;
    },
    { connection: link.dup(), concurrency: pool.workers, lockDuration: lockMs, stalledInterval: Math.max(500, Math.floor(lockMs / 2)), maxStalledCount: 5, autorun: true },
  );
  worker.on('error', () => {}); // connection errors: the link says them, one line per retry
  worker.on('failed', (job, err) => opts.log?.(`batch ${job?.id ?? '?'} failed: ${err.message}`));
  await Promise.race([worker.waitUntilReady(), sleep(Infinity, opts.signal)]);
  if (!opts.signal?.aborted) log(`${who}: ${pool.workers} thread${pool.workers === 1 ? '' : 's'} at most, serving queue '${QUEUE_NAME}' at ${shownUrl(url)}`);
  await sleep(Infinity, opts.signal);
  // Stop within a few seconds, whether or not Redis answers: connections first (an abandoned
  // batch cannot be reported failed), then the threads (a batch in flight is terminated).
  stopping = true;
  link.disconnect();
  await within(worker.close(true), 2_000);
  await pool.destroy();
  return played;
}

export interface QueueRunOptions {
  /** Report folder (also holds the checkpoint of merged batches). */
  readonly out: string;
  /** After each merged batch: games done and planned, and the same in estimated cost (`Work`, for the time left). */
  readonly onProgress?: (done: number, total: number, work: Work) => void;
  readonly log?: (line: string) => void;
  readonly signal?: AbortSignal;
  /** Attempts per batch before it counts as failed. Default 3. */
  readonly attempts?: number;
  /** How often to look for results missed by the event stream. Default 1 s. */
  readonly sweepMs?: number;
  /** How long Redis may stay unreachable during the run before it stops (exit 3). Default 180 s. */
  readonly queueTimeoutMs?: number;
  /** Longest wait between two attempts to reach Redis again (default 30 s). */
  readonly retryCapMs?: number;
}

/** `--queue-timeout` default: a Redis restart or failover takes seconds; a lost server, longer. */
export const DEFAULT_QUEUE_TIMEOUT_MS = 180_000;

/**
 * `salvo run --queue URL ...`: enqueues the plan's batches (round by round for a precision plan),
 * merges results as they complete, writes the report. Undefined when the run is incomplete
 * (failed batches, stopped by the signal, or Redis gone for longer than `queueTimeoutMs`); the
 * checkpoint then keeps what was merged. An unreachable Redis at the start is an InputError.
 * A Redis that comes back (after a restart, even an empty one) is carried on with: the plan is
 * stored again and the jobs of batches not yet merged are added again.
 */
export async function runOnQueue(url: string, pf: PlanFile, opts: QueueRunOptions, ctx?: PlanContext): Promise<RunOutcome | undefined> {
  const t0 = performance.now();
  checkOutputFolder(opts.out);
  // Read (and refused, when it is another plan's or cut another way) before any connection is opened.
  const resume = readCheckpoint(opts.out, pf);
  await requireRedis(url, '--queue');
  const log = opts.log ?? (() => {});
  const bound = opts.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS;
  let downSince: number | undefined;
  const link = new RedisLink(url, {
    capMs: opts.retryCapMs,
    onRetry: (n, delay, why) => {
      downSince ??= performance.now();
      const left = Math.max(0, bound - (performance.now() - downSince));
      log(`queue: lost Redis at ${shownUrl(url)}: ${why}; retrying in ${seconds(delay)} s (attempt ${n}${Number.isFinite(left) ? `; the run stops if it is not back within ${seconds(Math.round(left / 1000) * 1000)} s, --queue-timeout` : ''})`);
    },
    onBack: () => {
      downSince = undefined;
      log(`queue: Redis at ${shownUrl(url)} is back; carrying on`);
    },
  });
  const store = link.client;
  const queue = new Queue<BatchJob, BatchResult>(QUEUE_NAME, { connection: link.dup() });
  const events = new QueueEvents(QUEUE_NAME, { connection: link.dup() });
  queue.on('error', () => {}); // connection errors: the link says them, one line per retry
  events.on('error', () => {});
  const variants = playedVariantCount(pf);
  const totals = resume?.totals ?? emptyTotals(variants);
  const merged = new Set(resume?.merged ?? []);
  const checkpoint = new CheckpointWriter(opts.out, pf, 0);
  const stopping = planStopping(pf);
  if (resume) stopping.restore(resume.checks);
  const stop = stopping.rule;
  const batches = planBatchesOf(pf);
  const byStart = new Map(batches.map((b) => [b.start, b]));
  // Counted as the pool counts them: a skill check's variants play only its first games, and weigh more in the time left.
  const asPlayed = playedPlan(pf);
  const weights = opts.onProgress && pf.skillCheck ? playedWeights(pf, ctx ?? planContext(pf)) : undefined;
  const totalGames = batches.reduce((s, b) => s + gamesInBatch(asPlayed, b), 0);
  let played = batches.reduce((s, b) => s + (merged.has(b.start) ? gamesInBatch(asPlayed, b) : 0), 0);
  const work = workAtStart(batches, merged, (b) => gamesInBatch(asPlayed, b, weights));
  const failed = new Map<number, string>();
  let wake: () => void = () => {};
  const woken = (): Promise<void> => new Promise((r) => { wake = r; setTimeout(r, opts.sweepMs ?? 1000); });
  const prefix = `${pf.id}-`;
  events.on('completed', ({ jobId }) => { if (jobId.startsWith(prefix)) wake(); });
  events.on('failed', ({ jobId }) => { if (jobId.startsWith(prefix)) wake(); });
  // Ended by Redis gone for longer than the bound (or by the signal): nothing is merged after that.
  const ended = new AbortController();
  let lost = false;
  const watch = setInterval(() => {
    if (downSince !== undefined && performance.now() - downSince > bound) {
      lost = true;
      ended.abort();
    }
  }, Math.min(250, Math.max(10, bound / 4)));
  opts.signal?.addEventListener('abort', () => ended.abort(), { once: true });
  let stoppedEarly = false;
  let interrupted = false;
  const planText_ = planText(pf);
  const play = async (): Promise<void> => {
    await events.waitUntilReady();
    await store.set(planKeyOf(pf.id), planText_, 'NX');
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
          const id = jobIdOf(pf.id, b);
          // The state first, then the job: a job read before its state could predate its result.
          const state = await queue.getJobState(id);
          if (ended.signal.aborted) return;
          if (state === 'unknown') {
            // Removed without being merged (by hand, or a Redis restarted empty): the plan and the job again.
            await store.set(planKeyOf(pf.id), planText_, 'NX');
            await enqueue(queue, pf, [b], opts.attempts ?? 3);
            continue;
          }
          if (state === 'completed') {
            const job = await Job.fromId<BatchJob, BatchResult>(queue, id);
            if (!job || ended.signal.aborted) continue;
            if (!merged.has(b.start)) {
              const res = job.returnvalue;
              if (!res || res.start !== b.start || res.count !== b.count || res.summaries.length !== variants) throw new Error(`job ${id}: its result does not match its batch (games ${b.start}-${b.start + b.count - 1})`);
              mergeInto(totals, res);
              merged.add(b.start);
              played += gamesInBatch(asPlayed, b);
              work.done += gamesInBatch(asPlayed, b, weights);
              checkpoint.offer(merged, totals, stopping.checks()); // written before the job is removed
              opts.onProgress?.(played, totalGames, { ...work });
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
  };
  try {
    const playing = play();
    playing.catch(() => {}); // once ended, its Redis calls fail as the connections close
    await Promise.race([playing, sleep(Infinity, ended.signal)]);
    if (ended.signal.aborted) interrupted = true;
  } finally {
    clearInterval(watch);
    wake();
    checkpoint.offer(merged, totals, stopping.checks());
    checkpoint.flush();
    // Closed politely when Redis answers, at once when it does not.
    await within(Promise.allSettled([events.close(), queue.close()]), lost ? 0 : 1_000);
    await link.close(lost ? 0 : 1_000);
  }
  if (lost) {
    log(`queue: Redis at ${shownUrl(url)} unreachable for more than ${seconds(bound)} s (--queue-timeout): stopped with ${merged.size} of ${batches.length} batches merged, checkpoint in ${opts.out}/checkpoint.json; run the same command again once Redis is back`);
    return undefined;
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
  const result: PlanResult = { plan: asPlayed, summaries: totals.summaries, pairs: totals.pairs, games: totals.summaries[0]?.games ?? 0, workers: 0, batchSize: pf.batchSize, elapsedMs: performance.now() - t0, stoppedEarly, interrupted: false, merged };
  const done = finishPlan(pf, result, ctx, stopping.sprt ? { sprt: stopping.sprt() } : {});
  return { ...done, written: replaceFolder(opts.out, done.files) };
}

/** Adds the batches' jobs (an existing id is left as it is); failed ones from an earlier run are retried. */
async function enqueue(queue: Queue<BatchJob, BatchResult>, pf: PlanFile, todo: readonly BatchRef[], attempts: number): Promise<void> {
  for (let i = 0; i < todo.length; i += 500) {
    const part = todo.slice(i, i + 500);
    await queue.addBulk(part.map((b) => ({ name: 'batch', data: { plan: pf.id, start: b.start, count: b.count }, opts: { jobId: jobIdOf(pf.id, b), attempts, backoff: { type: 'fixed', delay: 200 }, removeOnComplete: false, removeOnFail: false } })));
  }
  for (const b of todo) {
    const job = await Job.fromId(queue, jobIdOf(pf.id, b));
    if (job && (await job.getState()) === 'failed') await job.retry('failed');
  }
}
