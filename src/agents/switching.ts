/**
 * Policy switching (Chang, Givan & Chong 2004; King, Fern & Hostetler 2012, "adversarial policy
 * switching"): the strategy-level search of the generic `mcts` (its default `mode=switch`).
 *
 * At each of its decisions the side asks every agent of a portfolio (the system's scripted agents,
 * GameSystem.searchPortfolio) what it would play. When they all agree, that action is played with
 * no simulation. Otherwise each portfolio agent is valued by simulations in which this side plays
 * that agent's choice and then keeps playing that agent, and the other sides play an opponent model,
 * to the end of the game (or `horizon` choices, then the system's `evaluate`); the agent with the
 * best mean value is followed for this decision. Following the best of the portfolio at every
 * decision is at least as good as following any one of them throughout, up to the simulations'
 * noise (Chang et al.'s guarantee, against the modelled opponents).
 *
 * The simulations are paired (common random numbers, search.ts SimStreams): the k-th simulation of
 * every portfolio agent shares its determinisation, its dice, and its opponent model.
 *
 * The opponent model: `opponent=<agent>` plays the other sides; by default (`opponent=''`) the model
 * is inferred. Every agent of `models` (by default the portfolio) and `random` is a candidate model
 * of each other side; shadow instances of them follow the game (Agent.seen: the loop tells this
 * agent of every other side's choice) and are asked what they would have chosen; the weight of a
 * model is the likelihood of the observed choices (its choice with probability 1 − ε, any legal
 * action with ε; `random` uniform).
 * Simulation k of N plays the model at quantile (k + ½)/N of the weights, so the models share the
 * simulations in proportion to their weights (and a model that explains every choice takes them
 * all). A system whose agents hide their choices behind hidden information only blurs the model.
 *
 * With `margin` above 0 the agent followed at the last searched decision is kept unless the best
 * agent's paired advantage over it is at least `margin` standard errors (a plan is changed on
 * evidence, not on the noise of a few simulations); with 0, the best mean is followed.
 *
 * The budget is `iterations` simulations per decision, never time. `alloc=even` splits it evenly
 * between the portfolio agents; `alloc=halving` runs sequential halving (Karnin, Koren & Somekh
 * 2013, as at the root of Gumbel MuZero, Danihelka et al. 2022): rounds of paired simulations, each
 * round giving the agents still in the race an equal share of the budget and dropping the worse
 * half by mean value, so the close contenders get most of the simulations (Panzer Vor!'s five
 * agents: 6, 10 then 18 simulations each, 34 for the last two, against 19 each when even). Every
 * agent still in the race has played the same simulation indices, so its comparisons stay paired.
 * When the agents left all choose the same action the race stops: the action is decided.
 *
 * Refinement (`refine` above 0; rollout-based policy improvement, Tesauro & Galperin 1996, on top of
 * the switch): once the agent p to follow is chosen, the top `width` actions of p's own ranking
 * (src/agents/priors.ts, its choice first) race p's choice (src/agents/racing.ts, the tree mode's
 * racing), each simulated as "the alternative, then p to the end" against the same opponent
 * models, on common random numbers with p's own simulations (simulation k of an alternative shares
 * its determinisation, dice and models with p's k-th, whose values the switch already has). An
 * alternative replaces p's choice only when it is `z` standard errors better. `refineAt=disagree`
 * refines the searched decisions only; `always` also the decisions the portfolio agrees on (p: the
 * agent followed last, at first the portfolio's first). `refine` simulations at most per decision.
 * Every random number comes from the agent's own stream: a game replays exactly.
 */
import type { Agent, AgentEnv, DecisionContext } from '../core/agent.ts';
import type { CompiledGame } from '../core/system.ts';
import { Ranker } from './priors.ts';
import { raceControl } from './racing.ts';
import { SimContext, SimDecision, SimStreams, evaluatorOf, valueOf } from './search.ts';

/** The probability a scripted model is taken to depart from its own choice (noise, hidden information). */
const EPS = 0.05;

export interface SwitchParams {
  /** Simulations per decision at which the portfolio disagrees. */
  readonly iterations: number;
  /** Simulations per such decision before the game's first turn (its `length` 0: the set-up); 0 = `iterations`. */
  readonly opening: number;
  /** The agents switched between (agent choices of the system). */
  readonly portfolio: readonly string[];
  /** The agent the other sides play in the simulations ('' = inferred from their choices). */
  readonly opponent: string;
  /** The candidate models of the other sides when inferred (empty: the portfolio); `random` is always one. */
  readonly models: readonly string[];
  /** Paired advantage, in standard errors, another agent needs to replace the one followed (0: the best mean). */
  readonly margin: number;
  /** Choices simulated after this side's action before `evaluate` (0 = to the end of the game). */
  readonly horizon: number;
  /**
   * When the choice of agent is made: at every decision where the portfolio disagrees ('decision'),
   * or once per turn (the game's `length`), the agent chosen being followed until the turn changes.
   */
  readonly every: 'decision' | 'turn';
  /** How the budget is shared between the portfolio agents: evenly, or by sequential halving. */
  readonly alloc: 'even' | 'halving';
  /** Simulations per decision that race alternatives to the followed agent's choice (0: no refinement). */
  readonly refine: number;
  /** Which decisions are refined: those the portfolio disagrees on, or every one. */
  readonly refineAt: 'disagree' | 'always';
  /** Candidates of the refinement: the followed agent's top-ranked actions, its choice first. */
  readonly width: number;
  /** Paired advantage, in standard errors, an alternative needs to replace the followed agent's choice. */
  readonly z: number;
}

/**
 * The rounds of a decision's search for k agents and a budget of `iterations` simulations:
 * round r gives each of its survivors[r] agents sims[r] more simulations. Even: one round.
 * Halving: ceil(log2 k) rounds, ceil(n/2) agents kept after each, each round
 * floor(iterations / (n · rounds)) simulations an agent, the last round the rest of the budget.
 */
export function schedule(k: number, iterations: number, alloc: 'even' | 'halving'): { survivors: number[]; sims: number[] } {
  if (alloc === 'even' || k <= 2) return { survivors: [k], sims: [Math.max(1, Math.floor(iterations / k))] };
  const survivors: number[] = [];
  for (let n = k; n > 1; n = Math.ceil(n / 2)) survivors.push(n);
  const rounds = survivors.length;
  const sims: number[] = [];
  let left = iterations;
  for (let r = 0; r < rounds; r++) {
    const n = survivors[r];
    const m = Math.max(1, Math.floor((r === rounds - 1 ? left : iterations / rounds) / n));
    sims.push(m);
    left -= m * n;
  }
  return { survivors, sims };
}

export class PolicySwitch<S> implements Agent<unknown, S> {
  /** The portfolio index followed at the last decision (-1 when the portfolio agreed: no search). */
  lastPick = -1;
  /** Mean value of each portfolio agent at the last decision searched. */
  readonly lastValues: Float64Array;
  /** Searched decisions and decisions the portfolio agreed on (measurement). */
  searched = 0;
  agreed = 0;
  /** Refinement (measurement): decisions raced, departures from the followed agent's choice, their summed mean paired gain. */
  refined = 0;
  departed = 0;
  gain = 0;
  /** Whether the last decision departed from the followed agent's choice, and the simulations its refinement played. */
  lastDeparted = false;
  lastRefineSims = 0;
  private readonly evaluate: (s: S, side: number) => number;
  private readonly streams = new SimStreams();
  private readonly sim: SimContext;
  private readonly buf: Int32Array;
  private readonly ctx: SimDecision<S>;
  /** The portfolio's instances asked at the real decisions (they follow the game as if playing alone). */
  private readonly own: Agent[];
  private readonly acts: Int32Array;
  private readonly sums: Float64Array;
  /** Simulations of each portfolio agent at the last decision searched. */
  readonly lastCounts: Int32Array;
  /** The portfolio agents still in the race, best first after each round (its first `alive`). */
  private readonly order: Int32Array;
  /** Survivors and simulations an agent of each round (schedule). */
  private readonly rounds: { survivors: number[]; sims: number[] };
  /** The rounds of a search before the first turn (`opening`; the same object as `rounds` when 0). */
  private readonly openingRounds: { survivors: number[]; sims: number[] };
  /** Value of simulation j of portfolio agent i at [i * stride + j] (margin > 0 or refine > 0; stride: pick's length, the simulation indices of a decision). */
  private readonly vals: Float64Array;
  /** Candidate models of the other sides (agent choices). */
  private readonly models: readonly string[];
  /** Shadow instances of the models, by side (null for this side and for `random`). */
  private readonly shadows: Array<Array<Agent | null>>;
  /** Log-likelihood of each model's choices so far, by side. */
  private readonly logw: Float64Array[];
  /** The model each other side plays in each simulation index of the current decision. */
  private readonly pick: Int32Array[];
  private readonly cum: Float64Array;
  private readonly sims: Agent[];
  /** Refinement: the ranker, its candidates and priors, the candidates' values by simulation index, the gain out. */
  private readonly ranker: Ranker | null;
  private readonly cand: Int32Array;
  private readonly prior: Float64Array;
  private readonly traces: number[][];
  private readonly gainOut = new Float64Array(1);
  private real: DecisionContext<unknown, S> | null = null;
  /** every=turn: the turn of the last choice and the agent chosen then (-1: none yet). */
  private turn = -1;
  private following = -1;

  constructor(
    private readonly game: CompiledGame<S>,
    private readonly side: number,
    private readonly p: SwitchParams,
    private readonly env: AgentEnv,
  ) {
    if (p.portfolio.length === 0) throw new Error("agent 'mcts' in mode switch needs a portfolio of at least one agent");
    this.evaluate = evaluatorOf(game, 'mcts');
    this.buf = new Int32Array(Math.max(1, game.maxActions));
    this.sim = new SimContext(game as CompiledGame<unknown, unknown>, this.streams.dice);
    this.ctx = new SimDecision(game, this.buf, this.streams.policy);
    this.own = p.portfolio.map((c) => env.agent(c, side));
    this.acts = new Int32Array(p.portfolio.length);
    this.sums = new Float64Array(p.portfolio.length);
    this.lastValues = new Float64Array(p.portfolio.length);
    this.models = p.opponent !== '' ? [p.opponent] : [...(p.models.length > 0 ? p.models : p.portfolio).filter((c) => c !== 'random'), 'random'];
    const sides = game.sides.length;
    this.shadows = game.sides.map((_, o) => this.models.map((m) => (o === side || m === 'random' || p.opponent !== '' ? null : env.agent(m, o))));
    this.logw = game.sides.map(() => new Float64Array(this.models.length));
    this.rounds = schedule(p.portfolio.length, p.iterations, p.alloc);
    this.openingRounds = p.opening > 0 ? schedule(p.portfolio.length, p.opening, p.alloc) : this.rounds;
    const sum = (r: { sims: number[] }): number => r.sims.reduce((a, b) => a + b, 0);
    const per = Math.max(sum(this.rounds), sum(this.openingRounds));
    this.lastCounts = new Int32Array(p.portfolio.length);
    this.order = new Int32Array(p.portfolio.length);
    this.pick = game.sides.map(() => new Int32Array(per + p.refine));
    // Agent i's values sit at [i * stride + j], stride the simulation indices of a decision (per + refine: pick's length).
    this.vals = new Float64Array(p.margin > 0 || p.refine > 0 ? (per + p.refine) * p.portfolio.length : 0);
    const refining = p.refine > 0 && p.width > 1;
    this.ranker = refining ? new Ranker(Math.max(1, game.maxActions)) : null;
    this.cand = new Int32Array(refining ? Math.max(1, game.maxActions) : 0);
    this.prior = new Float64Array(this.cand.length);
    this.traces = refining ? Array.from({ length: Math.min(p.width, Math.max(1, game.maxActions)) }, () => []) : [];
    this.cum = new Float64Array(this.models.length);
    this.sims = new Array<Agent>(sides);
  }

  decide(ctx: DecisionContext<unknown, S>): number {
    if (ctx.n === 1) return ctx.legal[0];
    const k = this.own.length;
    const acts = this.acts;
    let agree = true;
    for (let i = 0; i < k; i++) {
      acts[i] = this.own[i].decide(ctx);
      if (acts[i] !== acts[0]) agree = false;
    }
    this.lastPick = -1;
    this.lastDeparted = false;
    this.lastRefineSims = 0;
    if (agree) {
      this.agreed++;
      if (this.ranker === null || this.p.refineAt !== 'always') return acts[0];
      this.streams.rekey(ctx.rng);
      this.real = ctx;
      const held = this.following >= 0 ? this.following : 0;
      this.lastCounts.fill(0);
      const a = this.refineChoice(held, 0, 0);
      this.real = null;
      return a;
    }
    this.streams.rekey(ctx.rng);
    if (this.p.every === 'turn') {
      this.streams.aim(0);
      const turn = this.game.length(ctx.determinize(this.streams.hidden));
      if (turn === this.turn && this.following >= 0) {
        this.lastPick = this.following;
        return acts[this.following];
      }
      this.turn = turn;
    }
    this.searched++;
    this.real = ctx;
    const per = this.pick[0].length;
    const sums = this.sums;
    const count = this.lastCounts;
    const order = this.order;
    sums.fill(0);
    count.fill(0);
    for (let i = 0; i < k; i++) order[i] = i;
    const keep = this.p.margin > 0;
    const store = keep || this.ranker !== null;
    const { survivors, sims } = this.roundsNow(ctx);
    let done = 0;
    for (let r = 0; r < survivors.length; r++) {
      const alive = survivors[r];
      if (r > 0 && this.oneAction(alive)) break;
      // Each round's simulation indices share their models among themselves (stratified by weight).
      this.assignModels(done, done + sims[r]);
      for (let j = done; j < done + sims[r]; j++)
        for (let a = 0; a < alive; a++) {
          // Policies whose first action is the same as an earlier one's still differ in what follows.
          const i = order[a];
          const v = this.simulate(i, j, acts[i]);
          sums[i] += v;
          if (store) this.vals[i * per + j] = v;
        }
      done += sims[r];
      for (let a = 0; a < alive; a++) count[order[a]] = done;
      this.rankAlive(alive);
    }
    for (let i = 0; i < k; i++) this.lastValues[i] = count[i] > 0 ? sums[i] / count[i] : 0;
    let best = order[0];
    if (keep) {
      const held = this.following >= 0 ? this.following : 0;
      if (best !== held && !this.shownBetter(best, held, per)) best = held;
    }
    this.lastPick = best;
    this.following = best;
    const a = this.ranker === null ? acts[best] : this.refineChoice(best, done, per);
    this.real = null;
    return a;
  }

  /** The rounds of this decision's search: `openingRounds` before the game's first turn (length 0). */
  private roundsNow(ctx: DecisionContext<unknown, S>): { survivors: number[]; sims: number[] } {
    if (this.openingRounds === this.rounds) return this.rounds;
    this.streams.aim(0);
    return this.game.length(ctx.determinize(this.streams.hidden)) === 0 ? this.openingRounds : this.rounds;
  }

  /**
   * Refinement of agent i's choice (acts[i]): its top `width` actions race its choice on paired
   * simulations, the control's first lastCounts[i] values being those of the switch's search
   * (stored at vals[i * stride + j]); the simulations of indices from `done` on get their models here.
   */
  private refineChoice(i: number, done: number, stride: number): number {
    const ctx = this.real!;
    const choice = this.acts[i];
    this.streams.aim(0);
    const det = ctx.determinize(this.streams.hidden);
    const policy = this.env.agent(this.p.portfolio[i], this.side);
    const k = this.ranker!.candidates(policy, this.ctx.at(det, this.side, ctx.legal, ctx.n), this.traces.length, this.cand, this.prior, choice);
    if (k < 2) return choice;
    this.refined++;
    const traces = this.traces;
    for (let c = 0; c < k; c++) traces[c].length = 0;
    const control = traces[0];
    for (let j = 0; j < this.lastCounts[i]; j++) control.push(this.vals[i * stride + j]);
    this.assignModels(done, done + this.p.refine);
    const w = raceControl(k - 1, this.p.refine, this.p.z, traces.length === k ? traces : traces.slice(0, k), (c) => {
      const t = traces[c];
      t.push(this.simulate(i, t.length, this.cand[c]));
      this.lastRefineSims++;
    }, this.gainOut);
    if (w === 0) return choice;
    this.departed++;
    this.gain += this.gainOut[0];
    this.lastDeparted = true;
    return this.cand[w];
  }

  seen(view: DecisionContext<unknown, S>, side: number, action: number): void {
    if (this.p.opponent !== '') return;
    const n = view.n;
    const logw = this.logw[side];
    const shadows = this.shadows[side];
    let det: S | null = null;
    for (let m = 0; m < this.models.length; m++) {
      const a = shadows[m];
      let p: number;
      if (a === null) p = 1 / n;
      else {
        det ??= view.determinize(view.rng);
        const c = a.decide(this.ctx.at(det, side, view.legal, n));
        p = c === action ? 1 - EPS + EPS / n : EPS / n;
      }
      logw[m] += Math.log(p);
    }
  }

  /** The weights of the candidate models of `side` (normalised; the last is `random`), for tests and reports. */
  modelWeights(side: number): Array<[string, number]> {
    const logw = this.logw[side];
    const top = Math.max(...logw);
    const w = [...logw].map((x) => Math.exp(x - top));
    const total = w.reduce((a, b) => a + b, 0);
    return this.models.map((m, i) => [m, w[i] / total]);
  }

  /** Sorts the first `alive` of `order` by mean value, best first (ties: the earlier portfolio agent). */
  private rankAlive(alive: number): void {
    const order = this.order;
    const sums = this.sums;
    for (let a = 1; a < alive; a++) {
      const i = order[a];
      let b = a - 1;
      while (b >= 0 && (sums[order[b]] < sums[i] || (sums[order[b]] === sums[i] && order[b] > i))) {
        order[b + 1] = order[b];
        b--;
      }
      order[b + 1] = i;
    }
  }

  /** Whether the best `alive` agents all choose the same action now. */
  private oneAction(alive: number): boolean {
    for (let a = 1; a < alive; a++) if (this.acts[this.order[a]] !== this.acts[this.order[0]]) return false;
    return true;
  }

  /** Whether agent a's paired advantage over agent b is at least `margin` standard errors (a positive mean with no spread passes), over the simulations both played. */
  private shownBetter(a: number, b: number, stride: number): boolean {
    const vals = this.vals;
    const per = Math.min(this.lastCounts[a], this.lastCounts[b]);
    if (per === 0) return false;
    let sum = 0;
    let sq = 0;
    for (let j = 0; j < per; j++) {
      const d = vals[a * stride + j] - vals[b * stride + j];
      sum += d;
      sq += d * d;
    }
    const mean = sum / per;
    if (mean <= 0) return false;
    const variance = per > 1 ? (sq - per * mean * mean) / (per - 1) : 0;
    if (variance <= 0) return true;
    return mean / Math.sqrt(variance / per) >= this.p.margin;
  }

  /** The model each other side plays in simulation from + j of `from`..`to`: the (j + ½)/(to − from) quantile of its weights. */
  private assignModels(from: number, to: number): void {
    const per = to - from;
    const cum = this.cum;
    for (let o = 0; o < this.game.sides.length; o++) {
      if (o === this.side) continue;
      const logw = this.logw[o];
      let top = -Infinity;
      for (let m = 0; m < logw.length; m++) if (logw[m] > top) top = logw[m];
      let total = 0;
      for (let m = 0; m < logw.length; m++) cum[m] = total += Math.exp(logw[m] - top);
      const pick = this.pick[o];
      let m = 0;
      for (let j = 0; j < per; j++) {
        const u = ((j + 0.5) / per) * total;
        while (m < logw.length - 1 && cum[m] < u) m++;
        pick[from + j] = m;
      }
    }
  }

  /** Simulation j of portfolio agent i: `first` now (its choice, or an alternative), then it against the models; this side's value. */
  private simulate(i: number, j: number, first: number): number {
    const game = this.game;
    const streams = this.streams;
    streams.aim(j);
    const sims = this.sims;
    for (let o = 0; o < sims.length; o++) sims[o] = this.env.agent(o === this.side ? this.p.portfolio[i] : this.models[this.pick[o][j]], o);
    const s = this.real!.determinize(streams.hidden);
    game.apply(s, first, this.sim);
    const buf = this.buf;
    const ctx = this.ctx;
    const horizon = this.p.horizon;
    let choices = 0;
    for (let steps = 0; steps < game.maxDecisions && game.result(s) === null; steps++) {
      const n = game.legalActions(s, buf);
      if (n === 1) {
        game.apply(s, buf[0], this.sim);
        continue;
      }
      if (horizon > 0 && choices >= horizon) break;
      const side = game.currentSide(s);
      game.apply(s, sims[side].decide(ctx.at(s, side, buf, n)), this.sim);
      choices++;
    }
    return valueOf(game, this.evaluate, s, this.side);
  }
}
