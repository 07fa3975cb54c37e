/**
 * Runs a plan on a piscina worker pool (or inline when workers = 0). Games are cut into fixed
 * batches of game indices; each batch comes back as integer summaries that are merged in any
 * order with the same result. Only a few batches are in flight at a time, so memory stays flat
 * however many games are played.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { playBatch, type BatchResult } from './batch.ts';
import { chunk, planKey, type BatchTask, type RunPlan } from './plan.ts';
import { emptyPairTable, emptySummary, mergePairs, mergeSummary, type PairTable, type Summary } from './summary.ts';
import { wilson } from '../analysis/intervals.ts';

export interface RunOptions {
  /** Worker threads; 0 plays inline in this thread. Default: available cores. */
  readonly workers?: number;
  /** Games per task (per variant). Default 500. */
  readonly batchSize?: number;
  /** Stop early once every variant's side-0 win-rate 95% interval half-width is at most this. */
  readonly targetHalfWidth?: number;
  /** Games per round when stopping at a precision (fixed, so the stop point never depends on workers). */
  readonly roundGames?: number;
  readonly onProgress?: (done: number, total: number) => void;
  /** A stopping rule checked after each fixed round (e.g. a sequential test); true stops the run. */
  readonly stopWhen?: (summaries: readonly Summary[], pairs: readonly PairTable[], games: number) => boolean;
}

export interface PlanResult {
  readonly plan: RunPlan;
  readonly summaries: Summary[];
  readonly pairs: PairTable[];
  /** Games played per variant (less than plan.games when a precision target stopped the run). */
  readonly games: number;
  readonly workers: number;
  readonly batchSize: number;
  readonly elapsedMs: number;
  readonly stoppedEarly: boolean;
}

export const DEFAULT_BATCH = 500;

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

function workerFile(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { filename: new URL('./worker.ts', here).href, execArgv: ['--import', 'tsx'] };
  return { filename: new URL('./worker.js', here).href, execArgv: [] };
}

export async function runPlan(plan: RunPlan, opts: RunOptions = {}): Promise<PlanResult> {
  const t0 = performance.now();
  const workers = opts.workers ?? defaultWorkers();
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const key = planKey(plan);
  const summaries: Summary[] = [];
  const pairs: PairTable[] = plan.variants.map(() => emptyPairTable());
  const merge = (r: BatchResult): void => {
    r.summaries.forEach((s, i) => mergeSummary((summaries[i] ??= emptySummary(s.wins.length, s.scalars.length, s.cells.length)), s));
    r.pairs.forEach((p, i) => mergePairs(pairs[i], p));
  };

  const pool = workers > 0 ? new Piscina({ ...workerFile(), minThreads: workers, maxThreads: workers, idleTimeout: 1000, concurrentTasksPerWorker: 1 }) : null;
  const totalGames = plan.games * plan.variants.length;
  let played = 0;
  let stoppedEarly = false;
  try {
    const round = opts.targetHalfWidth || opts.stopWhen ? Math.max(batchSize, opts.roundGames ?? 2000) : plan.games;
    for (let start = 0; start < plan.games; start += round) {
      const games = Math.min(round, plan.games - start);
      const tasks: BatchTask[] = chunk(start, games, batchSize).map(([s, c]) => ({
        planKey: key,
        variants: plan.variants,
        baseline: plan.baseline,
        seed: plan.seed,
        start: s,
        count: c,
      }));
      const onDone = (r: BatchResult): void => {
        merge(r);
        played += r.count * plan.variants.length;
        opts.onProgress?.(played, totalGames);
      };
      if (pool) await runWindowed(pool, tasks, workers * 3, onDone);
      else for (const t of tasks) onDone(playBatch(t));
      const stopRule = opts.stopWhen ? opts.stopWhen(summaries, pairs, start + games) : false;
      if (start + games < plan.games && ((opts.targetHalfWidth && precise(summaries, opts.targetHalfWidth)) || stopRule)) {
        stoppedEarly = true;
        break;
      }
    }
  } finally {
    await pool?.destroy();
  }
  return {
    plan,
    summaries,
    pairs,
    games: summaries[0]?.games ?? 0,
    workers,
    batchSize,
    elapsedMs: performance.now() - t0,
    stoppedEarly,
  };
}

/** Keeps at most `window` tasks in flight; results are merged as they arrive. */
async function runWindowed(pool: Piscina, tasks: BatchTask[], window: number, onDone: (r: BatchResult) => void): Promise<void> {
  let next = 0;
  const inFlight = new Set<Promise<void>>();
  while (next < tasks.length || inFlight.size > 0) {
    while (next < tasks.length && inFlight.size < window) {
      const p: Promise<void> = (pool.run(tasks[next++]) as Promise<BatchResult>).then((r) => {
        inFlight.delete(p);
        onDone(r);
      });
      inFlight.add(p);
    }
    await Promise.race(inFlight);
  }
}

function precise(summaries: Summary[], target: number): boolean {
  return summaries.every((s) => {
    const [lo, hi] = wilson(s.wins[0] ?? 0, s.games);
    return (hi - lo) / 2 <= target;
  });
}
