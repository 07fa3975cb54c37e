/**
 * Shards: `salvo run --plan plan.json --shard i/n` plays the batches k of the plan with
 * k mod n = i and writes one partial file atomically. Partials of any machines merge exactly,
 * in any order (see merge.ts).
 */
import type { BatchRef } from '../run/plan.ts';
import { BatchPool, defaultWorkers, runPlan, type PlanResult } from '../run/pool.ts';
import type { PairTable, Summary } from '../run/summary.ts';
import { InputError } from '../scenario/errors.ts';
import { writeFileAtomic } from './output.ts';
import type { PlanFile } from './plan-read.ts';
import type { PlanVersions } from './version.ts';
import { planBatchesOf, planLayoutOf, playedPlan, playedVariantCount, roundGamesOf } from './played-plan.ts';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

const CMD = 'command line';

export function parseShard(text: string, flag = '--shard'): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index >= count) throw new InputError(CMD, [{ path: flag, message: `expected i/n with 0 <= i < n (e.g. 2/8), got '${text}'` }]);
  return { index, count };
}

/** Environment variables that carry an array job's index, and its count where the scheduler gives one. */
export const SHARD_ENV = [
  { scheduler: 'Slurm job array', index: 'SLURM_ARRAY_TASK_ID', min: 'SLURM_ARRAY_TASK_MIN', count: 'SLURM_ARRAY_TASK_COUNT' },
  { scheduler: 'Kubernetes Indexed Job', index: 'JOB_COMPLETION_INDEX', min: undefined, count: undefined },
  { scheduler: 'AWS Batch array job', index: 'AWS_BATCH_JOB_ARRAY_INDEX', min: undefined, count: 'AWS_BATCH_JOB_ARRAY_SIZE' },
] as const;

/**
 * The shard of this process from its scheduler's environment; the count from `--shards` or the
 * scheduler. A Slurm array numbered from 1 (--array=1-8) is shifted to start at 0.
 */
export function shardFromEnv(env: NodeJS.ProcessEnv, shards?: number): Shard {
  for (const s of SHARD_ENV) {
    const raw = env[s.index];
    if (raw === undefined || raw === '') continue;
    const min = s.min && env[s.min] ? Number(env[s.min]) : 0;
    const index = Number(raw) - min;
    const count = shards ?? (s.count && env[s.count] ? Number(env[s.count]) : NaN);
    if (!Number.isInteger(index) || index < 0) throw new InputError(CMD, [{ path: '--shard-from-env', message: `${s.index}=${raw} is not a shard index` }]);
    if (!Number.isInteger(count) || count < 1) throw new InputError(CMD, [{ path: '--shards', message: `${s.scheduler}: give the number of shards with --shards N` }]);
    if (index >= count) throw new InputError(CMD, [{ path: '--shard-from-env', message: `${s.index}=${raw} gives shard ${index}, but there are only ${count} shards` }]);
    return { index, count };
  }
  throw new InputError(CMD, [{ path: '--shard-from-env', message: `none of ${SHARD_ENV.map((s) => s.index).join(', ')} is set` }]);
}

/** The merged results of one stopping round's batches in a partial. */
export interface Segment {
  readonly round: number;
  /** Batch starts (game indices) merged into this segment. */
  readonly batches: number[];
  readonly summaries: Summary[];
  readonly pairs: PairTable[];
}

export interface PartialFile {
  readonly format: 'salvo-partial';
  readonly formatVersion: 1;
  /** Identity of the plan. */
  readonly plan: string;
  readonly versions: PlanVersions;
  /** The plan's cut into batches (planLayoutOf); absent in partials written before 28 Nov 2026. */
  readonly layout?: string;
  readonly shard: Shard;
  readonly round?: number;
  readonly workers: number;
  readonly elapsedMs: number;
  readonly segments: Segment[];
}

/** The batches of shard i/n (batch k of the plan, in order, belongs to shard k mod n), optionally of one round only. */
export function shardBatches(pf: PlanFile, shard: Shard, round?: number): BatchRef[] {
  return planBatchesOf(pf).filter((b, k) => k % shard.count === shard.index && (round === undefined || b.round === round));
}

export interface ShardOptions {
  readonly workers?: number;
  readonly round?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
  /** Per-game time bound in ms (0 or absent = none); see src/run/watchdog.ts. */
  readonly gameTimeoutMs?: number;
  /** The bound of a game where a side searches; absent: gameTimeoutMs. */
  readonly searchGameTimeoutMs?: number;
  /** A pool to play on, left open (started by the caller while it read the plan); else one of `workers` threads. */
  readonly pool?: BatchPool;
}

/** Plays one shard; undefined when the signal stopped it (a shard is retried as a whole). */
export async function runShard(pf: PlanFile, shard: Shard, opts: ShardOptions = {}): Promise<PartialFile | undefined> {
  const t0 = performance.now();
  const mine = shardBatches(pf, shard, opts.round);
  const rounds = [...new Set(mine.map((b) => b.round))];
  const total = mine.reduce((s, b) => s + b.count, 0) * playedVariantCount(pf);
  const plan = playedPlan(pf);
  const roundGames = roundGamesOf(pf);
  const pool = opts.pool ?? new BatchPool(opts.workers ?? defaultWorkers());
  const segments: Segment[] = [];
  let before = 0;
  try {
    for (const r of rounds) {
      const wanted = new Set(mine.filter((b) => b.round === r).map((b) => b.start));
      // The stopping rounds only lay out the batches here: the rule is checked by the merge.
      const res: PlanResult = await runPlan(plan, {
        pool,
        batchSize: pf.batchSize,
        stop: roundGames ? { roundGames, done: () => false } : undefined,
        planKey: pf.id,
        only: (b) => wanted.has(b.start),
        signal: opts.signal,
        gameTimeoutMs: opts.gameTimeoutMs,
        searchGameTimeoutMs: opts.searchGameTimeoutMs,
        onProgress: (done) => opts.onProgress?.(before + done, total),
      });
      if (res.interrupted) return undefined;
      before += (res.summaries[0]?.games ?? 0) * plan.variants.length;
      segments.push({ round: r, batches: [...res.merged].sort((a, b) => a - b), summaries: res.summaries, pairs: res.pairs });
    }
  } finally {
    if (!opts.pool) await pool.destroy();
  }
  return { format: 'salvo-partial', formatVersion: 1, plan: pf.id, versions: pf.versions, layout: planLayoutOf(pf), shard, ...(opts.round !== undefined ? { round: opts.round } : {}), workers: pool.workers, elapsedMs: performance.now() - t0, segments };
}

export function writePartial(path: string, p: PartialFile): void {
  writeFileAtomic(path, JSON.stringify(p) + '\n');
}
