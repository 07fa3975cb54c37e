/**
 * Runs a plan on a piscina worker pool (or inline when workers = 0). Games are cut into fixed
 * batches of game indices; each batch comes back as integer summaries that are merged in any
 * order with the same result. Only a few batches are in flight at a time, so memory stays flat
 * however many games are played. The pool knows nothing of statistics or files: the stopping
 * rule, the batches to skip (a resumed run) or to play (a shard) and what to do after each merge
 * (a checkpoint) are handed to it by the caller.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { BatchResult } from './batch.ts';
import { heavyGamesOf, planBatches, planKey, variantGames, type BatchRef, type BatchTask, type RunPlan } from './plan.ts';
import { emptyTotals, mergeInto, type PairTable, type Summary, type Totals } from './summary.ts';
import { WORKER_READY, type WorkerData } from './thread.ts';
import { timedOut, variantBounds, Watchdog, type GameWatch } from './watchdog.ts';
import type { RulesTask, WorkerTask } from './worker.ts';

/** Stop after a round of `roundGames` games once `done` says the summaries are precise enough. */
export interface StopRule {
  readonly roundGames: number;
  /** Checked after each round with the merged summaries (and the paired outcome tables, for sequential tests). */
  readonly done: (summaries: readonly Summary[], pairs: readonly PairTable[]) => boolean;
}

export interface RunOptions {
  /** Worker threads; 0 plays inline in this thread. Default: available cores. */
  readonly workers?: number;
  /** Games per task (per variant). Default 500. */
  readonly batchSize?: number;
  readonly stop?: StopRule;
  /**
   * After each merged batch: games done and planned (every played variant), and the same in
   * estimated cost (`weights`), from which the time left is reckoned.
   */
  readonly onProgress?: (done: number, total: number, work: Work) => void;
  /**
   * Cost of one game of each played variant relative to the others (default 1 each): a skill
   * check's mcts game costs many games of scripted agents, and it is played in the first batches.
   * Only the progress's `work` reads it.
   */
  readonly weights?: readonly number[];
  /** Worker cache key of the plan (its identity when it has one). */
  readonly planKey?: string;
  /** Batches already merged into `totals` (a resumed run): skipped. */
  readonly resume?: { readonly merged: ReadonlySet<number>; readonly totals: Totals };
  /** Plays only the batches this accepts (a shard); the stopping rule then only lays out the rounds. */
  readonly only?: (b: BatchRef) => boolean;
  /** Called after each batch is merged (e.g. to write a checkpoint). */
  readonly onMerged?: (b: BatchRef, totals: Totals, merged: ReadonlySet<number>) => void;
  /** Once aborted, no new batch starts; batches in flight finish and are merged. */
  readonly signal?: AbortSignal;
  /** A pool to use (and leave open) instead of starting one. */
  readonly pool?: BatchPool;
  /**
   * Per-game time bound in ms (0 or absent: none). A game over it fails the run with a
   * GameTimeoutError naming the variant, seed and game (watchdog.ts); on workers the worker is
   * terminated, inline the clock is checked every few hundred decisions.
   */
  readonly gameTimeoutMs?: number;
  /** The bound of a game where a side searches (mcts, lookahead; watchdog.ts variantBounds); absent: gameTimeoutMs. */
  readonly searchGameTimeoutMs?: number;
}

/** Progress in estimated cost (a game of variant v weighs `weights[v]`): `from` was already done when the run started (a resumed run). */
export interface Work {
  readonly done: number;
  readonly total: number;
  readonly from: number;
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
  /** True when the signal stopped the run before every batch was merged. */
  readonly interrupted: boolean;
  /** Batch starts merged into the summaries. */
  readonly merged: ReadonlySet<number>;
}

export const DEFAULT_BATCH = 500;

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** Threads for a run of `batches` batches when `workers` are asked for (0 stays 0: inline). */
export function capWorkers(workers: number, batches: number): number {
  return workers <= 0 ? 0 : Math.max(1, Math.min(workers, batches));
}

/**
 * The worker entry and how to start its thread. `--no-experimental-require-module` makes
 * piscina's first attempt, `require(filename)`, fail at once, so the worker and everything it
 * imports are loaded by the ES module loader (piscina's fallback, `import()`): Node 20.19's
 * require() of an ES module, terminated while it instantiates the module graph, aborts the whole
 * process (`FATAL ERROR: v8::Module::IsGraphAsync must be used on an instantiated module`, issue 22).
 */
function workerFile(): { filename: string; execArgv: string[]; workerData: WorkerData } {
  const here = import.meta.url;
  const noRequireEsm = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module') ? ['--no-experimental-require-module'] : [];
  const sources = here.endsWith('.ts');
  const filename = new URL(sources ? './worker.ts' : './worker.js', here).href;
  return { filename, execArgv: [...(sources ? ['--import', 'tsx'] : []), ...noRequireEsm], workerData: { salvoWorker: { sources } } };
}

/** How long destroy() waits for threads still loading their modules before terminating them anyway. */
const READY_WAIT_MS = 60_000;

/**
 * V8 limits of a worker thread. The young generation is capped at 6 MB (semi-spaces of 2 MB
 * instead of V8's default growth to 16 MB): a batch's garbage dies young, so the smaller nursery
 * costs no speed (34-35 µs of CPU per random Panzer Vor! game either way), while the default let
 * each worker's heap grow by ~30 MB in long runs (issue 11 item 6: a 10^6-game run's peak memory
 * within 10% of a 10^4-game run's).
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 6 } as const;

/**
 * Plays batch tasks on worker threads, or inline in this thread when workers = 0.
 *
 * `workers` is the most threads the pool runs. A thread starts when a task finds none free (so a
 * pool never has more threads than tasks it was given), and never retires while the pool is
 * open: each holds its compiled plans. A thread the watchdog terminated is not replaced until a
 * task needs it.
 *
 * destroy() first waits until every thread has loaded its modules (its ready message): a thread
 * terminated while Node instantiates its module graph can abort the process (issue 22).
 */
export class BatchPool {
  private readonly pool: Piscina | null;
  private readonly ready = new Set<number>();
  private readonly waiting = new Set<() => void>();
  constructor(readonly workers: number) {
    this.pool = workers > 0 ? new Piscina({ ...workerFile(), minThreads: 0, maxThreads: workers, idleTimeout: Infinity, concurrentTasksPerWorker: 1, resourceLimits: WORKER_LIMITS }) : null;
    this.pool?.on('message', (m: unknown) => {
      if (typeof m !== 'object' || m === null || !(WORKER_READY in m) || typeof m[WORKER_READY] !== 'number') return;
      this.ready.add(m[WORKER_READY]);
      for (const w of this.waiting) w();
    });
  }
  /** Plays one task; `watch` times its games, `signal` aborts it (terminating its worker if it is running). */
  run(task: BatchTask, watch?: GameWatch, signal?: AbortSignal): Promise<BatchResult> {
    // Inline: the batch code (the scenario loaders, the engine) is loaded only here; a pool's
    // coordinating thread never needs it.
    if (!this.pool) return import('./batch.ts').then(({ playBatchLoaded }) => new Promise((ok, fail) => setImmediate(() => { try { ok(playBatchLoaded(task, watch)); } catch (e) { fail(e); } })));
    const w: WorkerTask = watch ? { task, watch } : { task };
    return this.pool.run(w, signal ? { signal } : {}) as Promise<BatchResult>;
  }
  /** rulesHash of these systems, from a worker thread (which loads them to play anyway), or inline here. */
  rulesHash(systemIds: readonly string[]): Promise<string> {
    if (!this.pool) return import('./worker.ts').then((w) => w.rulesHere(systemIds));
    const t: RulesTask = { rulesOf: systemIds };
    return this.pool.run(t) as Promise<string>;
  }
  /** Threads running now (at most `workers`). */
  get started(): number {
    return this.pool?.threads.length ?? 0;
  }
  /** Threads that have reported their modules loaded, over the pool's life. */
  get loaded(): number {
    return this.ready.size;
  }
  /** Resolves once every thread of the pool has loaded its modules or exited (or after `ms`). */
  async settled(ms = READY_WAIT_MS): Promise<void> {
    const pool = this.pool;
    if (!pool) return;
    const loading = (): Worker[] => pool.threads.filter((t) => t.threadId >= 0 && !this.ready.has(t.threadId));
    const deadline = performance.now() + ms;
    for (let left = loading(); left.length > 0 && performance.now() < deadline; left = loading()) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.waiting.delete(done);
          for (const t of left) t.off('exit', done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(1, deadline - performance.now()));
        this.waiting.add(done);
        for (const t of left) t.once('exit', done);
      });
    }
  }
  async destroy(): Promise<void> {
    if (!this.pool) return;
    await this.settled();
    await this.pool.destroy();
  }
}

/** Games of batch b over every variant of the plan (each weighing `weights[v]`, default 1: a count of games). */
export function gamesInBatch(plan: Pick<RunPlan, 'variants'>, b: Pick<BatchRef, 'start' | 'count'>, weights?: readonly number[]): number {
  let n = 0;
  for (let v = 0; v < plan.variants.length; v++) n += (weights?.[v] ?? 1) * variantGames(plan.variants[v]!, b.start, b.count);
  return n;
}

/** The work of a run about to start: all of `batches`, those in `merged` (a resumed run's) done before it. */
export function workAtStart(batches: readonly BatchRef[], merged: ReadonlySet<number>, weightOf: (b: BatchRef) => number): { done: number; total: number; from: number } {
  const done = batches.reduce((s, b) => s + (merged.has(b.start) ? weightOf(b) : 0), 0);
  return { done, total: batches.reduce((s, b) => s + weightOf(b), 0), from: done };
}

export async function runPlan(plan: RunPlan, opts: RunOptions = {}): Promise<PlanResult> {
  const t0 = performance.now();
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const key = opts.planKey ?? planKey(plan);
  const totals = opts.resume ? structuredClone(opts.resume.totals) : emptyTotals(plan.variants.length);
  const merged = new Set(opts.resume?.merged ?? []);
  const batches = planBatches(plan.games, batchSize, opts.stop?.roundGames, heavyGamesOf(plan));
  const stop = opts.only ? undefined : opts.stop;
  const wanted = opts.only ? batches.filter(opts.only) : batches;
  // Never more threads than batches to play: a 200-game run on a 64-core machine starts one.
  const toPlay = wanted.reduce((n, b) => n + (merged.has(b.start) ? 0 : 1), 0);
  const workers = opts.pool?.workers ?? capWorkers(opts.workers ?? defaultWorkers(), toPlay);
  const inBatch = (b: BatchRef): number => gamesInBatch(plan, b);
  const totalGames = wanted.reduce((s, b) => s + inBatch(b), 0);
  let played = wanted.reduce((s, b) => s + (merged.has(b.start) ? inBatch(b) : 0), 0);
  const weightOf = (b: BatchRef): number => gamesInBatch(plan, b, opts.weights);
  const work = workAtStart(wanted, merged, weightOf);
  let stoppedEarly = false;
  let interrupted = false;
  const pool = opts.pool ?? new BatchPool(workers);
  const window = Math.max(2, workers * 3);
  const bounds = variantBounds(plan.variants, opts.gameTimeoutMs ?? 0, opts.searchGameTimeoutMs ?? opts.gameTimeoutMs ?? 0);
  const watchdog = !bounds.some((b) => b > 0) ? undefined : pool.workers > 0 ? new Watchdog(window, bounds, (v, g, ms) => timedOut(plan.variants, plan.seed, v, g, bounds[v], ms)) : { inline: bounds };
  try {
    const rounds = (batches.at(-1)?.round ?? -1) + 1;
    for (let r = 0; r < rounds; r++) {
      const todo = wanted.filter((b) => b.round === r && !merged.has(b.start));
      await runWindowed(pool, todo, window, watchdog, opts.signal, (b) => ({ planKey: key, variants: plan.variants, baseline: plan.baseline, ...(plan.groupSize ? { groupSize: plan.groupSize } : {}), seed: plan.seed, start: b.start, count: b.count }), (b, res) => {
        mergeInto(totals, res);
        merged.add(b.start);
        played += inBatch(b);
        work.done += weightOf(b);
        opts.onMerged?.(b, totals, merged);
        opts.onProgress?.(played, totalGames, { ...work });
      });
      if (opts.signal?.aborted && wanted.some((b) => !merged.has(b.start))) {
        interrupted = true;
        break;
      }
      // The rule is checked only when the summaries hold exactly rounds 0..r (on resume, earlier
      // complete rounds were already checked before the interruption).
      const roundEnd = batches.filter((b) => b.round === r).reduce((m, b) => Math.max(m, b.start + b.count), 0);
      if (stop && roundEnd < plan.games && (totals.summaries[0]?.games ?? 0) === roundEnd && stop.done(totals.summaries, totals.pairs)) {
        stoppedEarly = true;
        break;
      }
    }
  } finally {
    if (!opts.pool) await pool.destroy();
  }
  return {
    plan,
    summaries: totals.summaries,
    pairs: totals.pairs,
    games: totals.summaries[0]?.games ?? 0,
    workers,
    batchSize,
    elapsedMs: performance.now() - t0,
    stoppedEarly,
    interrupted,
    merged,
  };
}

/** Keeps at most `window` tasks in flight; results are merged as they arrive, in this thread. */
async function runWindowed(pool: BatchPool, todo: readonly BatchRef[], window: number, watchdog: Watchdog | { inline: readonly number[] } | undefined, signal: AbortSignal | undefined, task: (b: BatchRef) => BatchTask, onDone: (b: BatchRef, r: BatchResult) => void): Promise<void> {
  const play = (t: BatchTask): Promise<BatchResult> =>
    watchdog === undefined ? pool.run(t) : watchdog instanceof Watchdog ? watchdog.watch((w, abort) => pool.run(t, w, abort)) : pool.run(t, { boundsMs: watchdog.inline });
  let next = 0;
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  while ((next < todo.length && !signal?.aborted && failure === undefined) || inFlight.size > 0) {
    while (next < todo.length && inFlight.size < window && !signal?.aborted && failure === undefined) {
      const b = todo[next++];
      const p: Promise<void> = play(task(b)).then(
        (r) => {
          inFlight.delete(p);
          if (failure === undefined) onDone(b, r);
        },
        (e) => {
          inFlight.delete(p);
          failure ??= e;
        },
      );
      inFlight.add(p);
    }
    if (inFlight.size > 0) await Promise.race(inFlight);
  }
  if (failure !== undefined) throw failure;
}
