/**
 * The per-decision-kind clock and arithmetic of `bench-builds.ts --by-kind` (kept apart from the
 * script, which runs on import, so test/scripts/bench-kinds.test.ts can check the re-weighting).
 *
 * A decision's kind is the kind of the action chosen (the system's action codec, `kindOf`). The
 * clock rides on the game loop's hooks (PlayOptions: beforeDecision, onDecision, afterApply), so
 * each build plays its own loop: per decision it reads the wall clock three times and charges
 *   legal  = previous afterApply (or onStart) .. beforeDecision: result, currentSide, legalActions
 *   agent  = beforeDecision .. onDecision: the agent's decide (nothing for a forced move)
 *   apply  = onDecision .. afterApply: the engine's apply
 * to the kind of the action chosen. What the clock itself adds to each span is measured by running
 * the hooks with nothing between them (`calibrate`) and taken off. A decision with a span over the
 * cut (100 µs: the process descheduled, a heap collection) counts in the mix, not in the costs, so
 * a span is the wall time of code that ran undisturbed: its CPU time.
 */

/** What one build spent per kind over a run: counts and nanoseconds, summed over all games. */
export interface KindTimes {
  readonly kinds: readonly string[];
  games: number;
  /** Decisions of each kind (the mix). */
  readonly count: Float64Array;
  /** Decisions of each kind timed (one in `every`), and those whose three spans were all under the cut (the costs are theirs). */
  readonly timed: Float64Array;
  readonly kept: Float64Array;
  /** ns of each span over the kept decisions, per kind. */
  readonly agent: Float64Array;
  readonly legal: Float64Array;
  readonly apply: Float64Array;
  /** CPU µs of the whole run (set-up, end and the clock included). */
  cpu: number;
}

export function emptyKindTimes(kinds: readonly string[]): KindTimes {
  const z = () => new Float64Array(kinds.length);
  return { kinds, games: 0, count: z(), timed: z(), kept: z(), agent: z(), legal: z(), apply: z(), cpu: 0 };
}

/** The hooks the clock hands to playGame (the subset of PlayOptions it uses, in every build). */
export interface ClockHooks {
  onStart(state: unknown): void;
  beforeDecision(state: unknown, side: number, legal: Int32Array, n: number, decisions: number): void;
  onDecision(state: unknown, side: number, action: number, n: number): void;
  afterApply(state: unknown, decisions: number): void;
}

/**
 * Wall-clock spans per kind (ms, as performance.now gives them), from the loop's hooks. Every
 * decision counts in the mix; one in `every` (picked by the clock's own xorshift, never the game's
 * streams) is timed (timing one in 8 of AT-43's decisions read the same ratios as timing all). A timed
 * decision with a span
 * longer than `cutMs` is left out of the costs: on a shared machine such a span is the process
 * descheduled (or a collection of the heap), milliseconds landing on whichever decision was
 * running, which made the small kinds read ±30% between two copies of one build.
 */
export class KindClock {
  readonly count: Float64Array;
  readonly timed: Float64Array;
  readonly kept: Float64Array;
  readonly agent: Float64Array;
  readonly legal: Float64Array;
  readonly apply: Float64Array;
  readonly hooks: ClockHooks;
  private t = 0;
  private legalSpan = 0;
  private agentSpan = 0;
  private kind = 0;
  private on = true;
  private x = 0x9e3779b9;
  constructor(nKinds: number, kindOf: (action: number) => number, cutMs = 0.1, every = 1) {
    this.count = new Float64Array(nKinds);
    this.timed = new Float64Array(nKinds);
    this.kept = new Float64Array(nKinds);
    this.agent = new Float64Array(nKinds);
    this.legal = new Float64Array(nKinds);
    this.apply = new Float64Array(nKinds);
    const below = Math.floor(2 ** 32 / every);
    /** Is the next decision timed? */
    const pick = (): boolean => {
      if (every === 1) return true;
      let x = this.x;
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      this.x = x;
      return x >>> 0 < below;
    };
    this.hooks = {
      onStart: () => {
        this.on = pick();
        if (this.on) this.t = performance.now();
      },
      beforeDecision: () => {
        if (!this.on) return;
        const t = performance.now();
        this.legalSpan = t - this.t;
        this.t = t;
      },
      onDecision: (_s, _side, action) => {
        if (this.on) this.agentSpan = performance.now() - this.t;
        this.kind = kindOf(action);
        if (this.on) this.t = performance.now(); // kindOf stays out of the spans
      },
      afterApply: () => {
        const k = this.kind;
        this.count[k]++;
        const was = this.on;
        this.on = pick();
        if (!was) {
          if (this.on) this.t = performance.now();
          return;
        }
        const t = performance.now();
        const applySpan = t - this.t;
        this.timed[k]++;
        if (this.legalSpan < cutMs && this.agentSpan < cutMs && applySpan < cutMs) {
          this.kept[k]++;
          this.legal[k] += this.legalSpan;
          this.agent[k] += this.agentSpan;
          this.apply[k] += applySpan;
        }
        this.t = t;
      },
    };
  }
  reset(): void {
    for (const a of [this.count, this.timed, this.kept, this.agent, this.legal, this.apply]) a.fill(0);
  }
}

/** The clock's own cost per span (ms): the hooks run `n` times with nothing between them, the median of 5 runs after 2 discarded. */
export function calibrate(n = 20000): { agent: number; legal: number; apply: number } {
  const runs: { agent: number; legal: number; apply: number }[] = [];
  const legalBuf = new Int32Array(1);
  for (let r = 0; r < 7; r++) {
    const c = new KindClock(1, () => 0);
    const h = c.hooks;
    h.onStart(undefined);
    for (let i = 0; i < n; i++) {
      h.beforeDecision(undefined, 0, legalBuf, 1, i);
      h.onDecision(undefined, 0, 0, 1);
      h.afterApply(undefined, i + 1);
    }
    const k = c.kept[0];
    if (r >= 2) runs.push({ agent: c.agent[0] / k, legal: c.legal[0] / k, apply: c.apply[0] / k });
  }
  const mid = (f: (x: { agent: number; legal: number; apply: number }) => number) => runs.map(f).sort((a, b) => a - b)[2];
  return { agent: mid((x) => x.agent), legal: mid((x) => x.legal), apply: mid((x) => x.apply) };
}

/** Folds one round of the clock into `into`: spans less the clock's own cost, in ns, never below zero. */
export function foldRound(into: KindTimes, clock: KindClock, overhead: { agent: number; legal: number; apply: number }, games: number, cpuUs: number): void {
  for (let k = 0; k < into.kinds.length; k++) {
    const c = clock.kept[k];
    into.count[k] += clock.count[k];
    into.timed[k] += clock.timed[k];
    into.kept[k] += c;
    into.agent[k] += 1e6 * Math.max(0, clock.agent[k] - c * overhead.agent);
    into.legal[k] += 1e6 * Math.max(0, clock.legal[k] - c * overhead.legal);
    into.apply[k] += 1e6 * Math.max(0, clock.apply[k] - c * overhead.apply);
  }
  into.games += games;
  into.cpu += cpuUs;
}

/** ns a decision of kind k (agent + legal list + apply), over its kept decisions. */
export const costOf = (t: KindTimes, k: number): number => (t.agent[k] + t.legal[k] + t.apply[k]) / t.kept[k];

const total = (x: Float64Array): number => x.reduce((s, v) => s + v, 0);

export interface Reweighted {
  /** Kinds both builds chose (the re-weighting is over these). */
  readonly common: readonly string[];
  /** Kinds one build chose and the other never did, with their share of that build's decisions. */
  readonly onlyA: readonly { kind: string; share: number }[];
  readonly onlyB: readonly { kind: string; share: number }[];
  /** ns a decision of the common kinds, each build at its own mix. */
  readonly perDecisionA: number;
  readonly perDecisionB: number;
  /** perDecisionA / perDecisionB: the cost per decision and the mix together. */
  readonly observed: number;
  /** A's per-kind costs over B's, both weighted by A's mix (Laspeyres) and by B's mix (Paasche). */
  readonly atMixA: number;
  readonly atMixB: number;
  /** The part of `observed` that is the mix alone: observed / atMixA (priced at B's costs) and observed / atMixB (at A's). */
  readonly mixAtCostsB: number;
  readonly mixAtCostsA: number;
}

/**
 * The whole per-decision ratio A/B separated into the change in cost per decision of each kind
 * and the change in the mix of kinds. With w the share of each kind among a build's decisions and
 * c its ns a decision: observed = Σ wA·cA / Σ wB·cB; at A's mix Σ wA·cA / Σ wA·cB; at B's mix
 * Σ wB·cA / Σ wB·cB. A build that only changed its mix reads 1 at either mix; observed =
 * atMixA × mixAtCostsB = atMixB × mixAtCostsA.
 */
export function reweigh(a: KindTimes, b: KindTimes): Reweighted {
  if (a.kinds.join() !== b.kinds.join()) throw new Error(`the builds name different action kinds: ${a.kinds.join()} / ${b.kinds.join()}`);
  const nA = total(a.count);
  const nB = total(b.count);
  const common: number[] = [];
  const onlyA: { kind: string; share: number }[] = [];
  const onlyB: { kind: string; share: number }[] = [];
  for (let k = 0; k < a.kinds.length; k++) {
    if (a.kept[k] > 0 && b.kept[k] > 0) common.push(k);
    else if (a.count[k] > 0) onlyA.push({ kind: a.kinds[k], share: a.count[k] / nA });
    else if (b.count[k] > 0) onlyB.push({ kind: b.kinds[k], share: b.count[k] / nB });
  }
  const wA0 = common.reduce((s, k) => s + a.count[k], 0);
  const wB0 = common.reduce((s, k) => s + b.count[k], 0);
  const wA = (k: number) => a.count[k] / wA0;
  const wB = (k: number) => b.count[k] / wB0;
  const sum = (f: (k: number) => number) => common.reduce((s, k) => s + f(k), 0);
  const perDecisionA = sum((k) => wA(k) * costOf(a, k));
  const perDecisionB = sum((k) => wB(k) * costOf(b, k));
  const observed = perDecisionA / perDecisionB;
  const atMixA = perDecisionA / sum((k) => wA(k) * costOf(b, k));
  const atMixB = sum((k) => wB(k) * costOf(a, k)) / perDecisionB;
  return { common: common.map((k) => a.kinds[k]), onlyA, onlyB, perDecisionA, perDecisionB, observed, atMixA, atMixB, mixAtCostsB: observed / atMixA, mixAtCostsA: observed / atMixB };
}

/** ns of all the decisions of a build's games (each kind's count × its cost a decision), a game. */
export function spansPerGame(t: KindTimes): number {
  let ns = 0;
  for (let k = 0; k < t.kinds.length; k++) if (t.kept[k] > 0) ns += t.count[k] * costOf(t, k);
  return ns / t.games;
}

const f0 = (x: number) => Math.round(x).toLocaleString('en-US');
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

/** The per-kind table (markdown, kinds by B's time a game) and the re-weighted ratios, as lines. */
export function kindReport(a: KindTimes, b: KindTimes): string[] {
  const r = reweigh(a, b);
  const per = (t: KindTimes, k: number, x: Float64Array) => (t.kept[k] > 0 ? x[k] / t.kept[k] : NaN);
  const ns = (x: number) => (Number.isNaN(x) ? '—' : f0(x));
  const out = ['| kind | decisions a game, A → B | agent ns, A → B | legal list ns, A → B | apply ns, A → B | agent A/B | engine A/B | A/B |', '|---|---|---|---|---|---|---|---|'];
  const share = (t: KindTimes, k: number) => (t.kept[k] > 0 ? t.count[k] * costOf(t, k) : 0);
  const order = a.kinds.map((_, k) => k).filter((k) => a.count[k] + b.count[k] > 0);
  order.sort((x, y) => share(b, y) - share(b, x) || share(a, y) - share(a, x));
  for (const k of order) {
    const ag = [per(a, k, a.agent), per(b, k, b.agent)];
    const le = [per(a, k, a.legal), per(b, k, b.legal)];
    const ap = [per(a, k, a.apply), per(b, k, b.apply)];
    out.push(
      `| ${a.kinds[k]} | ${f1(a.count[k] / a.games)} → ${f1(b.count[k] / b.games)} | ${ns(ag[0])} → ${ns(ag[1])} | ${ns(le[0])} → ${ns(le[1])} | ${ns(ap[0])} → ${ns(ap[1])} | ${f2(ag[0] / ag[1])} | ${f2((le[0] + ap[0]) / (le[1] + ap[1]))} | ${f2((ag[0] + le[0] + ap[0]) / (ag[1] + le[1] + ap[1]))} |`,
    );
  }
  out.push(`| all | ${f1(total(a.count) / a.games)} → ${f1(total(b.count) / b.games)} | | | | | | ${f2(r.observed)} |`);
  out.push('');
  out.push(`per decision, A ${f0(r.perDecisionA)} ns, B ${f0(r.perDecisionB)} ns: A/B ${f2(r.observed)} = cost per decision ${f2(r.atMixA)} at A's mix (${f2(r.atMixB)} at B's) × mix ${f2(r.mixAtCostsB)} (${f2(r.mixAtCostsA)})`);
  const rest = (t: KindTimes) => t.cpu / t.games - spansPerGame(t) / 1000;
  const cut = (t: KindTimes) => (100 * (1 - total(t.kept) / total(t.timed))).toFixed(2);
  out.push(`per game: the decisions A/B ${f2(spansPerGame(a) / spansPerGame(b))}, CPU with the clock on A/B ${f2(a.cpu / a.games / (b.cpu / b.games))}; outside the decisions (set-up, end, the clock's calls) A ${f1(rest(a))} µs, B ${f1(rest(b))} µs a game; timed decisions over the cut A ${cut(a)}%, B ${cut(b)}%`);
  for (const [who, only] of [['A', r.onlyA], ['B', r.onlyB]] as const) {
    if (only.length) out.push(`only ${who} chose ${only.map((x) => `${x.kind} (${(100 * x.share).toFixed(1)}% of its decisions)`).join(', ')}: left out of the re-weighting`);
  }
  return out;
}
