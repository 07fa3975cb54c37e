/**
 * `salvo tune`: NTBEA (src/answers/ntbea.ts) over an agent's declared parameters, against a field of
 * opponents, then a paired confirmation of the best setting against the untuned agent.
 *
 *  - The space: every parameter with listed `values`, every boolean, every number with bounds,
 *    discretised around its default (x1/4, 1/2, 1, 2, 4 and the bounds' ends of that span; whole
 *    numbers rounded; small whole ranges in full). Parameters naming agents, and free strings, stay
 *    as given.
 *  - An evaluation plays the setting against every opponent of the field in both seats on one block
 *    of games (the same set-ups and dice for every opponent and seat: common random numbers). By
 *    default every evaluation gets a new block, so NTBEA's model averages the luck out over its
 *    evaluations; with the same games for every evaluation (`blocks` 1) the model would fit that
 *    sample's luck (on AT-43 sector55, 60 evaluations of the same 60 games picked a setting the
 *    confirmation found no better). Its value is the setting's score (a win 1, a draw 1/2). Games
 *    go to the worker pool; the search itself is sequential and draws from a stream of the seed, so
 *    the result is the same for any worker count.
 *  - The confirmation replays the tuned and the untuned agent on fresh games (a seed of its own)
 *    against the same field in both seats, paired game by game: the difference of their scores with
 *    a 95% interval from the per-game differences.
 */
import type { AgentChoice, AgentFactory, ParamSpec, ParamValue } from '../core/agent.ts';
import { formatAgentChoice } from '../core/agent.ts';
import { gameStreams } from '../core/rng/streams.ts';
import { Z95 } from '../analysis/intervals.ts';
import { availableAgents, findAgent } from '../scenario/agents.ts';
import type { RunPlan, VariantSpec } from '../run/plan.ts';
import { BatchPool, runPlan } from '../run/pool.ts';
import type { PairTable } from '../run/summary.ts';
import { ntbea, type NTupleModel } from './ntbea.ts';
import type { Subject } from './subject.ts';

export interface TuneDimension {
  readonly name: string;
  readonly values: readonly ParamValue[];
  /** Index of the untuned agent's value. */
  readonly start: number;
}

const round = (x: number, whole: boolean): number => (whole ? Math.round(x) : Number(x.toPrecision(6)));

/** The values NTBEA tries for one parameter (sorted, the given value included), or null when it is not tuned. */
export function dimensionValues(spec: ParamSpec, given: ParamValue): ParamValue[] | null {
  if (spec.agent) return null;
  if (spec.values) return spec.values.includes(given) ? [...spec.values] : [given, ...spec.values];
  if (typeof spec.default === 'boolean') return [false, true];
  if (typeof spec.default !== 'number' || typeof given !== 'number') return null;
  const lo = spec.min ?? -Infinity;
  const hi = spec.max ?? Infinity;
  const whole = Number.isInteger(spec.default) && (spec.min === undefined || Number.isInteger(spec.min)) && (spec.max === undefined || Number.isInteger(spec.max));
  let raw: number[];
  if (whole && hi - lo <= 8) raw = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  else if (given !== 0) raw = [given / 4, given / 2, given, given * 2, given * 4];
  else {
    const span = Number.isFinite(hi - lo) ? hi - lo : 1;
    raw = [0, span / 16, span / 8, span / 4, span / 2].map((x) => lo + x);
  }
  const vals = [...new Set([...raw, given].map((x) => round(Math.min(hi, Math.max(lo, x)), whole)))].sort((a, b) => a - b);
  return vals.length > 1 ? vals : null;
}

/** The search space of an agent from its declared parameter specs, starting at `given` (its current values). */
export function tuneSpace(f: AgentFactory, given: Readonly<Record<string, ParamValue>>): TuneDimension[] {
  const dims: TuneDimension[] = [];
  for (const [name, spec] of Object.entries(f.params)) {
    const g = given[name] ?? spec.default;
    const values = dimensionValues(spec, g);
    if (values) dims.push({ name, values, start: values.indexOf(g) });
  }
  return dims;
}

/** The field a tuned agent plays against by default: every scripted agent of the system and `mcts`. */
export function defaultField(subject: Subject): AgentChoice[] {
  const out: AgentChoice[] = [];
  for (const f of availableAgents(subject.loaded.system)) if (f.name !== 'random' && f.name !== 'lookahead' && f.name !== 'mcts') out.push({ name: f.name, params: {} });
  if (findAgent(subject.loaded.system, 'mcts')) out.push({ name: 'mcts', params: {} });
  return out;
}

export interface TuneRequest {
  /** The agent to tune, with the parameters it starts from. */
  readonly agent: AgentChoice;
  readonly field: readonly AgentChoice[];
  /** NTBEA evaluations. */
  readonly evaluations: number;
  /** Games per opponent and seat in one evaluation. */
  readonly games: number;
  /** Games per opponent and seat in the confirmation. */
  readonly confirmGames: number;
  /**
   * The blocks of games the evaluations cycle through: 0 (default) a new block for every evaluation,
   * 1 the same games for every evaluation, N cycling through N blocks.
   */
  readonly blocks?: number;
  readonly workers?: number;
  readonly k?: number;
  readonly neighbours?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface TuneStep {
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly score: number;
}

export interface Confirmation {
  readonly seed: string;
  readonly games: number;
  readonly tuned: number;
  readonly untuned: number;
  /** Tuned minus untuned score, per game, with its 95% interval. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly se: number;
  /** The same per opponent (both seats). */
  readonly byOpponent: ReadonlyArray<{ opponent: string; games: number; tuned: number; untuned: number; diff: number; lo: number; hi: number }>;
}

export interface TuneResult {
  readonly agent: string;
  readonly field: readonly string[];
  readonly space: readonly TuneDimension[];
  readonly steps: readonly TuneStep[];
  readonly start: Readonly<Record<string, ParamValue>>;
  readonly best: Readonly<Record<string, ParamValue>>;
  /** The model's estimate of the best setting's score (on the search's games). */
  readonly estimate: number;
  /** Per dimension, per value: evaluations and mean score (the landscape's 1-tuples). */
  readonly landscape: ReadonlyArray<{ name: string; values: ReadonlyArray<{ value: ParamValue; n: number; mean: number }> }>;
  readonly confirmation: Confirmation;
  readonly gamesPerEvaluation: number;
  readonly elapsedMs: number;
}

function variant(subject: Subject, name: string, agents: readonly AgentChoice[]): VariantSpec {
  return { name, label: name, tags: {}, file: subject.file, doc: subject.doc, agents };
}

/** Points of the side `seat` for each pair-table outcome code (0 side A won, 1 draw, 2 side B won). */
const PTS = [
  [1, 0.5, 0],
  [0, 0.5, 1],
];

export async function runTune(subject: Subject, req: TuneRequest): Promise<TuneResult> {
  const t0 = performance.now();
  const f = findAgent(subject.loaded.system, req.agent.name);
  if (!f) throw new Error(`unknown agent '${req.agent.name}'`);
  const space = tuneSpace(f, req.agent.params);
  const fixed = { ...req.agent.params };
  const paramsOf = (point: readonly number[]): Record<string, ParamValue> => {
    const p: Record<string, ParamValue> = { ...fixed };
    space.forEach((d, i) => (p[d.name] = d.values[point[i]]));
    return p;
  };
  const choiceOf = (params: Record<string, ParamValue>): AgentChoice => ({ name: req.agent.name, params });
  const field = req.field;
  const evalGames = req.games * 2 * field.length;
  const total = req.evaluations * evalGames + req.confirmGames * 4 * field.length;
  let done = 0;
  const pool = new BatchPool(req.workers ?? 0);
  const batch = (games: number) => Math.max(1, Math.ceil(games / Math.max(2, 2 * pool.workers)));
  try {
    // NTBEA: each evaluation plays the setting against the field, both seats, on games 0..g-1.
    const evaluate = async (point: readonly number[], step: number): Promise<number> => {
      const me = choiceOf(paramsOf(point));
      const variants = field.flatMap((opp, j) => [variant(subject, `vs ${j} A`, [me, opp]), variant(subject, `vs ${j} B`, [opp, me])]);
      const plan: RunPlan = { kind: 'experiment', id: subject.loaded.input.id, name: 'tune', seed: blockSeed(subject.seed, req.blocks ? step % req.blocks : step), games: req.games, variants, baseline: -1 };
      const r = await runPlan(plan, { pool, batchSize: batch(req.games), onProgress: (d) => req.onProgress?.(done + d, total) });
      done += evalGames;
      let pts = 0;
      r.summaries.forEach((s, v) => (pts += s.wins[v % 2] + s.draws / 2));
      return pts / evalGames;
    };
    const start = space.map((d) => d.start);
    // The search's own stream: a purpose of the run seed no game uses.
    const rng = gameStreams(subject.seed, 0, 1).agents[0];
    const res = await ntbea(space.map((d) => d.values.length), evaluate, { evaluations: req.evaluations, start, k: req.k, neighbours: req.neighbours }, rng);
    const best = paramsOf(res.best);
    const confirmation = await confirm(subject, req, choiceOf({ ...req.agent.params }), choiceOf(best), pool, batch(req.confirmGames), (d) => req.onProgress?.(done + d, total));
    return {
      agent: req.agent.name,
      field: field.map(formatAgentChoice),
      space,
      steps: res.steps.map((s) => ({ params: paramsOf(s.point), score: s.value })),
      start: paramsOf(start),
      best,
      estimate: res.estimate,
      landscape: landscapeOf(space, res.model),
      confirmation,
      gamesPerEvaluation: evalGames,
      elapsedMs: performance.now() - t0,
    };
  } finally {
    await pool.destroy();
  }
}

function landscapeOf(space: readonly TuneDimension[], model: NTupleModel): TuneResult['landscape'] {
  return space.map((d, i) => ({ name: d.name, values: model.marginal(i).map((m, v) => ({ value: d.values[v], n: m.n, mean: m.mean })) }));
}

/** The seed of block b of the search's games (every opponent and both seats of an evaluation play the same block). */
export function blockSeed(seed: number | string, b: number): string {
  return `tune-${seed}-${b}`;
}

/** The seed of the confirmation games: distinct from the search's, derived from it. */
export function confirmSeed(seed: number | string): string {
  return `tune-confirm-${seed}`;
}

async function confirm(subject: Subject, req: TuneRequest, untuned: AgentChoice, tuned: AgentChoice, pool: BatchPool, batchSize: number, onProgress: (done: number) => void): Promise<Confirmation> {
  const field = req.field;
  // Groups of two (untuned, tuned) per opponent and seat: the pair tables compare them game by game.
  const variants = field.flatMap((opp, j) => [
    variant(subject, `untuned vs ${j} A`, [untuned, opp]),
    variant(subject, `tuned vs ${j} A`, [tuned, opp]),
    variant(subject, `untuned vs ${j} B`, [opp, untuned]),
    variant(subject, `tuned vs ${j} B`, [opp, tuned]),
  ]);
  const seed = confirmSeed(subject.seed);
  const plan: RunPlan = { kind: 'experiment', id: subject.loaded.input.id, name: 'tune-confirm', seed, games: req.confirmGames, variants, baseline: 0, groupSize: 2 };
  const r = await runPlan(plan, { pool, batchSize, onProgress: (d) => onProgress(d) });
  const all = { n: 0, t: 0, u: 0, d: 0, d2: 0 };
  const byOpponent = field.map((opp, j) => {
    const o = { n: 0, t: 0, u: 0, d: 0, d2: 0 };
    for (const seat of [0, 1]) addPairs(o, r.pairs[4 * j + 2 * seat + 1], seat);
    all.n += o.n;
    all.t += o.t;
    all.u += o.u;
    all.d += o.d;
    all.d2 += o.d2;
    const x = meanInterval(o);
    return { opponent: formatAgentChoice(opp), games: o.n, tuned: o.t / o.n, untuned: o.u / o.n, ...x };
  });
  const x = meanInterval(all);
  return { seed, games: all.n, tuned: all.t / all.n, untuned: all.u / all.n, ...x, byOpponent };
}

function addPairs(o: { n: number; t: number; u: number; d: number; d2: number }, t: PairTable, seat: number): void {
  for (let b = 0; b < 3; b++)
    for (let v = 0; v < 3; v++) {
      const c = t[b][v];
      if (!c) continue;
      const pu = PTS[seat][b];
      const pt = PTS[seat][v];
      o.n += c;
      o.u += c * pu;
      o.t += c * pt;
      o.d += c * (pt - pu);
      o.d2 += c * (pt - pu) ** 2;
    }
}

function meanInterval(o: { n: number; d: number; d2: number }): { diff: number; lo: number; hi: number; se: number } {
  const diff = o.d / o.n;
  const v = o.n > 1 ? (o.d2 - o.n * diff * diff) / (o.n - 1) : 0;
  const se = Math.sqrt(Math.max(0, v) / o.n);
  return { diff, lo: diff - Z95 * se, hi: diff + Z95 * se, se };
}
