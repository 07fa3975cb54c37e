/**
 * Plays one batch of games (a range of game indices) for every variant of a plan and returns
 * compact summaries. Runs inside a piscina worker, or inline in the main thread.
 */
import type { Agent } from '../core/agent.ts';
import { PlayScratch, playGame, type PlayOptions } from '../core/play.ts';
import { GameStreamSet } from '../core/rng/streams.ts';
import { Tally } from '../core/tally.ts';
import { agentMakers } from '../scenario/agents.ts';
import { compileScenarioDocument, type LoadedScenario } from '../scenario/load.ts';
import { loadSystemsOfDocuments } from '../scenario/systems.ts';
import { variantGames, type BatchTask, type VariantSpec } from './plan.ts';
import { CLOCK_EVERY, gameStarted, timedOut, type GameWatch } from './watchdog.ts';
import { addCells, addPaired, emptyPaired, emptyPairTable, MetricSampler, emptySummary, outcomeCode, SummaryRecorder, type PairTable, type Summary } from './summary.ts';

export interface BatchResult {
  readonly start: number;
  readonly count: number;
  readonly summaries: Summary[];
  /** pairs[v] = outcome table of variant v against the baseline (empty table for the baseline itself). */
  readonly pairs: PairTable[];
}

const cache = new Map<string, LoadedScenario>();
let cachedPlan = '';

/** Compiles a variant from its inline document (never from disk: the file may have changed, or be elsewhere). */
export function loadVariant(v: VariantSpec): LoadedScenario {
  return compileScenarioDocument(v.doc, v.file);
}

function cachedVariant(planKey: string, index: number, v: VariantSpec): LoadedScenario {
  // Only the current plan's scenarios are kept (an inline caller may run many plans in one process).
  if (cachedPlan !== planKey) {
    cache.clear();
    cachedPlan = planKey;
  }
  const key = `${planKey}#${index}`;
  let s = cache.get(key);
  if (!s) {
    s = loadVariant(v);
    cache.set(key, s);
  }
  return s;
}

const NO_HOOKS: PlayOptions = {};

/** The plan whose systems this thread has loaded (a worker loads them with its first task of a plan). */
let loadedPlan: string | undefined;

/**
 * playBatch once the systems the task plays are loaded in this thread: the first task of a plan
 * loads them (src/systems/index.ts loads each system on demand, so a worker loads only the plan's);
 * every later task of the plan is played at once, synchronously.
 */
export function playBatchLoaded(task: BatchTask, watch?: GameWatch): BatchResult | Promise<BatchResult> {
  if (loadedPlan === task.planKey) return playBatch(task, watch);
  return loadSystemsOfDocuments(task.variants.map((v) => v.doc)).then(() => {
    loadedPlan = task.planKey;
    return playBatch(task, watch);
  });
}

/**
 * Plays the batch. With `watch` on a worker, each game start is written to the watch slot (the
 * pool times it); with `watch` inline, the clock is checked every CLOCK_EVERY decisions and an
 * overlong game throws GameTimeoutError (see watchdog.ts).
 */
export function playBatch(task: BatchTask, watch?: GameWatch): BatchResult {
  const slots = watch?.slots;
  const slot = watch?.slot ?? 0;
  let gameStart = 0;
  let current = 0;
  let currentVariant = 0;
  const hooks: PlayOptions =
    watch === undefined || slots !== undefined
      ? NO_HOOKS
      : {
          afterApply: (_s, decisions) => {
            if ((decisions & (CLOCK_EVERY - 1)) !== 0) return;
            const ms = performance.now() - gameStart;
            const bound = watch.boundsMs[currentVariant] ?? 0;
            if (bound > 0 && ms > bound) throw timedOut(task.variants, task.seed, currentVariant, current, bound, ms);
          },
        };
  // Each group's baseline goes first so that its outcomes and metrics can be paired with the
  // group's other variants (one group unless the plan replays the variants under other agent
  // pairings: src/app/sequential.ts).
  const group = task.groupSize ?? task.variants.length;
  const baselineOf = (v: number): number => (task.baseline < 0 ? -1 : v - (v % group) + task.baseline);
  const order = task.variants.map((_, i) => i);
  if (task.baseline >= 0) order.sort((a, b) => Number(b === baselineOf(b)) - Number(a === baselineOf(a)) || a - b);
  const summaries: Summary[] = new Array(task.variants.length);
  const pairs: PairTable[] = task.variants.map(() => emptyPairTable());
  // Per group: the baseline's outcome and (experiments) every declared metric, game by game.
  const bases = task.baseline < 0 ? [] : Array.from({ length: Math.ceil(task.variants.length / group) }, () => ({ outcomes: new Uint8Array(task.count), metrics: undefined as Float64Array | undefined, layout: '' }));

  for (const vi of order) {
    const v = task.variants[vi];
    const loaded = cachedVariant(task.planKey, vi, v);
    const game = loaded.compiled;
    const sides = game.sides.length;
    const makers = agentMakers(loaded.system, game, v.agents);
    const agents: Agent[] = new Array(makers.length); // this game's agents (the array is reused)
    const tally = new Tally(game.metrics);
    const scratch = new PlayScratch(game);
    const streams = new GameStreamSet(sides);
    const summary = emptySummary(sides, game.metrics.scalars.length, tally.cells.length);
    const record = new SummaryRecorder(summary);
    const isBase = vi === baselineOf(vi);
    const base = task.baseline < 0 ? undefined : bases[Math.floor(vi / group)];
    const sampler = base ? new MetricSampler(game.metrics.scalars.length, tally.ncols) : undefined;
    const layoutKey = sampler ? `${game.metrics.scalars.join()}|${game.metrics.columns.join()}` : '';
    if (sampler && base && isBase) {
      base.metrics = new Float64Array(task.count * sampler.width);
      base.layout = layoutKey;
    }
    const baseMetrics = base?.metrics;
    const paired = sampler && !isBase && baseMetrics && layoutKey === base.layout ? (summary.paired = emptyPaired(sampler.width)) : undefined;
    const count = variantGames(v, task.start, task.count);
    for (let i = 0; i < count; i++) {
      const g = task.start + i;
      if (slots !== undefined) gameStarted(slots, slot, vi, g);
      else if (hooks !== NO_HOOKS) {
        gameStart = performance.now();
        current = g;
        currentVariant = vi;
      }
      streams.aim(task.seed, g);
      for (let side = 0; side < makers.length; side++) agents[side] = makers[side](side);
      const { result, decisions, state } = playGame(game, agents, streams, tally, scratch, hooks);
      record.game(result, tally.scalars, decisions, streams.draws());
      if (scratch.shape !== undefined) record.shape(scratch.shape.end(state), result);
      if (base === undefined) continue;
      if (sampler !== undefined && baseMetrics !== undefined) {
        const m = sampler.sample(tally.scalars, tally.cells);
        if (isBase) baseMetrics.set(m, i * sampler.width);
        else if (paired !== undefined) addPaired(paired, m, baseMetrics, i * sampler.width);
      }
      const code = outcomeCode(result);
      if (isBase) base.outcomes[i] = code;
      else pairs[vi][base.outcomes[i]][code]++;
    }
    addCells(summary, tally.cells);
    summaries[vi] = record.flush();
  }
  return { start: task.start, count: task.count, summaries, pairs };
}
