/**
 * `mcts`: the generic search agent, on any system that offers evaluate and determinize. Its default
 * mode, `switch`, is policy switching over the system's scripted agents (./switching.ts; with
 * `refine`, the followed agent's choice is raced by its next-ranked actions as at this tree's root,
 * ./racing.ts); `mode=tree`
 * is the information-set Monte Carlo tree search guided by the system's own policy, below.
 *
 * The tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012, open loop: a node is the
 * sequence of choices from the root, chance lives inside `apply`):
 *   - the rollout policy is `policy`, else the system's GameSystem.searchPolicy, else its first
 *     default agent (src/agents/resolve.ts searchPolicyOf), else uniform;
 *   - a node's candidates are the policy's top `width` actions, with priors halving down its order
 *     (src/agents/priors.ts: its `rank`, or its choice and its next choices);
 *   - at the root, rollout-based policy improvement (Tesauro & Galperin 1996): the policy's own
 *     choice is the control, and each other candidate races it on paired simulations (common random
 *     numbers: the k-th simulation of every candidate shares its determinisation and dice). A race
 *     stops early when decided (Maron & Moore's racing, 1994), and an alternative replaces the
 *     policy's choice only when its paired advantage is at least `z` standard errors (a Student-t
 *     threshold on few pairs): the agent departs from its policy on evidence only;
 *   - below the root, PUCT with the priors (Silver et al. 2017), availability counts for the actions
 *     not legal in every determinisation, and first-play urgency at the mean of the visited siblings;
 *   - a new leaf is valued by a rollout of `depth` policy choices, then the system's `evaluate` (a
 *     finished game scores 1 / 0 / 1/2); each node holds the value of the side that chose its action;
 *   - forced moves (one legal action) are played through without a node;
 *   - with `reuse`, the subtree of the chosen action is kept when the agent's next decision follows
 *     its own choice with no other choice between (DecisionContext.choices).
 *
 * The budget is `iterations` (simulations), never time. Every random number comes from the agent's
 * own stream (four draws per decision key the simulations' streams): a decision is a pure function
 * of the game so far and that stream; the game's dice and tally are never touched. Policy instances
 * are made fresh for every simulation (a policy may keep a plan from one decision to the next); the
 * instance asked at the real decisions is kept, so the control is exactly the policy's own play.
 */
import { agentListChoices, agentOf, type Agent, type AgentEnv, type DecisionContext } from '../core/agent.ts';
import type { CompiledGame } from '../core/system.ts';
import { MCTS } from './names.ts';
import { Ranker } from './priors.ts';
import { raceControl } from './racing.ts';
import { PolicySwitch } from './switching.ts';
export { VAR_FLOOR, pairedZ, tCritical } from './racing.ts';
import { SimContext, SimDecision, SimStreams, evaluatorOf, policyChoice, valueOf } from './search.ts';

/** Forced moves followed in a row at most (a safety bound, not a rule). */
const MAX_FORCED = 256;

export class Node {
  /** Candidates (children), best prior first; null until the node is expanded. */
  children: Node[] | null = null;
  visits = 0;
  /** Visits of the parent in which this node's action was legal (ISMCTS availability). */
  avail = 0;
  /** Sum of the values, for `mover`, of the simulations through this node. */
  total = 0;
  constructor(
    readonly action: number,
    /** Side that chose `action` (the side to act at the parent). */
    readonly mover: number,
    /** Prior from the policy's order (below the root, PUCT's; at the root, the order of the candidates). */
    public prior: number,
  ) {}
  mean(): number {
    return this.total / this.visits;
  }
}

export interface MctsParams {
  readonly iterations: number;
  readonly policy: string;
  readonly control: string;
  readonly depth: number;
  readonly width: number;
  readonly c: number;
  readonly z: number;
  readonly reuse: boolean;
}

/** The search of one side of one game (exported for the tests: the root after a decision). */
export class MctsSearch<S> implements Agent<unknown, S> {
  /** The root of the last decision (tests read its visits). */
  root: Node | null = null;
  /** Whether the last decision started from a kept subtree. */
  reused = false;
  private chosen: Node | null = null;
  private lastChoices = -2;
  private readonly evaluate: (s: S, side: number) => number;
  private readonly streams = new SimStreams();
  private readonly sim: SimContext;
  private readonly buf: Int32Array;
  private readonly ctx: SimDecision<S>;
  private readonly ranker: Ranker;
  private readonly cand: Int32Array;
  private readonly prior: Float64Array;
  private readonly values: Float64Array;
  private readonly known: Uint8Array;
  private readonly path: Node[] = [];
  /** The root candidates' values of this decision by simulation index (the pairs of common random numbers). */
  private readonly trace = new Map<Node, number[]>();
  /** The rollout policy of each side (simulations, priors below the root). */
  private readonly policies: Array<Agent | null>;
  /** Builds a policy instance for a side (null: uniform); every simulation gets fresh instances. */
  private readonly makePolicy: ((side: number) => Agent) | null;
  /** The policy of this side asked at the real decisions only. */
  private readonly rootPolicy: Agent | null;
  /** The real decision of the current search. */
  private real: DecisionContext<unknown, S> | null = null;

  constructor(
    private readonly game: CompiledGame<S>,
    private readonly side: number,
    private readonly p: MctsParams,
    env: AgentEnv | undefined,
  ) {
    this.evaluate = evaluatorOf(game, 'mcts');
    const maxA = Math.max(1, game.maxActions);
    this.buf = new Int32Array(maxA);
    this.sim = new SimContext(game as CompiledGame<unknown, unknown>, this.streams.dice);
    this.ctx = new SimDecision(game, this.buf, this.streams.policy);
    this.ranker = new Ranker(maxA);
    this.cand = new Int32Array(maxA);
    this.prior = new Float64Array(maxA);
    this.values = new Float64Array(game.sides.length);
    this.known = new Uint8Array(game.sides.length);
    const choice = p.policy !== '' ? p.policy : (env?.searchPolicy ?? 'random');
    if (choice !== 'random' && env === undefined) throw new Error(`agent 'mcts' with policy '${choice}' must be created through agent resolution (createAgent)`);
    this.makePolicy = choice === 'random' ? null : (s: number) => env!.agent(choice, s);
    this.policies = game.sides.map(() => null);
    // The control: the agent whose choice the search departs from on evidence only (a system may
    // make it a stronger, dearer agent than its rollout policy: GameSystem.searchDefaults).
    const control = p.control !== '' ? p.control : choice;
    if (control !== 'random' && env === undefined) throw new Error(`agent 'mcts' with control '${control}' must be created through agent resolution (createAgent)`);
    this.rootPolicy = control === 'random' ? null : env!.agent(control, side);
  }

  decide(ctx: DecisionContext<unknown, S>): number {
    if (ctx.n === 1) return ctx.legal[0];
    const game = this.game;
    this.streams.rekey(ctx.rng);
    this.real = ctx;
    // The policy's own choice, asked once per real decision of the side on a copy of what it sees
    // (so this policy instance follows the game as the policy playing alone would; the instances
    // of the simulations are others): the root's first candidate, the control of the comparison.
    this.streams.aim(0);
    const det = ctx.determinize(this.streams.hidden);
    const choice = this.rootPolicy === null ? -1 : this.rootPolicy.decide(this.ctx.at(det, this.side, ctx.legal, ctx.n));
    // The root: the kept subtree when only our own choice was made since, else a new node.
    let root: Node | null = null;
    this.reused = false;
    if (this.p.reuse && this.chosen !== null && ctx.choices !== undefined && ctx.choices === this.lastChoices + 1) {
      const kids = this.chosen.children;
      if (kids !== null) {
        const keep = kids.filter((ch) => ch.mover === this.side && indexIn(ctx.legal, ctx.n, ch.action) >= 0);
        if (keep.length > 0) {
          root = new Node(-1, -1, 1);
          root.children = keep;
          root.visits = this.chosen.visits;
          this.reused = true;
          if (choice >= 0) {
            const top = keep.find((ch) => ch.action === choice) ?? new Node(choice, this.side, 0);
            if (!keep.includes(top)) keep.push(top);
            top.prior = 1 + Math.max(...keep.map((ch) => ch.prior)); // the control, whatever the kept order
          }
        }
      }
    }
    if (root === null) {
      root = new Node(-1, -1, 1);
      if (this.makePolicy !== null) this.policies[this.side] = this.makePolicy(this.side);
      this.expand(root, det, this.side, ctx.legal, ctx.n, choice);
    }
    this.root = root;
    const kids = root.children!;
    // The policy's first choice is the control; the other candidates, in the policy's order, race
    // it one after the other on paired simulations (the k-th simulation of every candidate shares
    // its determinisation and dice; the control's k-th is played once and serves every race). A
    // race stops early once it is decided: the alternative is at least z standard errors better
    // (it passes), or one worse, or no better in any pair so far (an equivalent or worse action); else at
    // its share of the budget left. The best passing alternative, by mean paired advantage,
    // replaces the control; with none, the policy's choice stands.
    const top = bestPrior(kids);
    const alts = kids.filter((ch) => ch !== top).sort((a, b) => b.prior - a.prior);
    let best = top;
    if (alts.length > 0) {
      const trace = this.trace;
      for (const ch of kids) trace.set(ch, []);
      const traces = [trace.get(top)!, ...alts.map((a) => trace.get(a)!)];
      const w = raceControl(alts.length, this.p.iterations, this.p.z, traces, (i) => this.simulate(root, i === 0 ? top : alts[i - 1]));
      if (w > 0) best = alts[w - 1];
      trace.clear();
    }
    this.chosen = best;
    this.lastChoices = ctx.choices ?? -2;
    this.real = null;
    return best.action;
  }

  /** Writes the policy's candidates at `s` (side `mover` to act, legal[0..n)) as the node's children. */
  private expand(node: Node, s: S, mover: number, legal: Int32Array, n: number, first = -1): void {
    const k = this.ranker.candidates(this.policies[mover], this.ctx.at(s, mover, legal, n), this.p.width, this.cand, this.prior, first);
    const kids: Node[] = new Array(k);
    for (let i = 0; i < k; i++) kids[i] = new Node(this.cand[i], mover, this.prior[i]);
    node.children = kids;
  }

  /** Plays forced moves (one legal action) until a choice or the end; returns the number of legal actions (0 at the end). */
  private forced(s: S): number {
    const game = this.game;
    for (let f = 0; f < MAX_FORCED; f++) {
      if (game.result(s) !== null) return 0;
      const n = game.legalActions(s, this.buf);
      if (n !== 1) return n;
      game.apply(s, this.buf[0], this.sim);
    }
    return game.result(s) !== null ? 0 : game.legalActions(s, this.buf);
  }

  /** One simulation through the root's candidate `first`. */
  private simulate(root: Node, first: Node): void {
    const game = this.game;
    const streams = this.streams;
    // The index of this simulation among this decision's simulations of `first`: the k-th of every
    // candidate shares its determinisation and dice (common random numbers).
    const t = this.trace.get(first);
    const k = t === undefined ? first.visits : t.length;
    streams.aim(k);
    // Fresh policy instances: a policy may keep a plan from one decision to the next, which a
    // simulation from another position must not inherit.
    if (this.makePolicy !== null) for (let side = 0; side < this.policies.length; side++) this.policies[side] = this.makePolicy(side);
    const s = this.real!.determinize(streams.hidden);
    const path = this.path;
    path.length = 0;
    path.push(first);
    first.avail++;
    game.apply(s, first.action, this.sim);
    let node = first;
    let n = this.forced(s);
    // Descent below the root by PUCT, until a node visited for the first time.
    while (n > 0 && node.visits > 0) {
      const mover = game.currentSide(s);
      if (node.children === null) this.expand(node, s, mover, this.buf, n);
      const next = this.select(node, n);
      if (next === null) break;
      path.push(next);
      game.apply(s, next.action, this.sim);
      node = next;
      n = this.forced(s);
    }
    // Rollout: `depth` choices of the policy.
    const ctx = this.ctx;
    for (let d = 0; d < this.p.depth && n > 0; d++) {
      const side = game.currentSide(s);
      game.apply(s, policyChoice(this.policies[side], ctx.at(s, side, this.buf, n)), this.sim);
      n = this.forced(s);
    }
    // Backup: each node gets the value for the side that chose its action.
    const known = this.known;
    const values = this.values;
    known.fill(0);
    root.visits++;
    for (let i = 0; i < path.length; i++) {
      const nd = path[i];
      if (!known[nd.mover]) {
        values[nd.mover] = valueOf(game, this.evaluate, s, nd.mover);
        known[nd.mover] = 1;
      }
      nd.visits++;
      nd.total += values[nd.mover];
    }
    if (t !== undefined) t[k] = values[first.mover];
  }

  /** PUCT among the node's candidates legal in this determinisation (buf[0..n)); null when none is. */
  private select(node: Node, n: number): Node | null {
    const kids = node.children!;
    let vSum = 0;
    let tSum = 0;
    for (const ch of kids) {
      if (ch.visits > 0) {
        vSum += ch.visits;
        tSum += ch.total;
      }
    }
    const fpu = vSum > 0 ? tSum / vSum : 0.5;
    let best: Node | null = null;
    let bestScore = -Infinity;
    for (const ch of kids) {
      if (indexIn(this.buf, n, ch.action) < 0) continue;
      ch.avail++;
      const q = ch.visits > 0 ? ch.total / ch.visits : fpu;
      const u = q + (this.p.c * ch.prior * Math.sqrt(ch.avail)) / (1 + ch.visits);
      if (u > bestScore) {
        bestScore = u;
        best = ch;
      }
    }
    return best;
  }
}

/** The candidate with the highest prior (the first such: the policy's first choice). */
function bestPrior(kids: readonly Node[]): Node {
  let best = kids[0];
  for (const ch of kids) if (ch.prior > best.prior) best = ch;
  return best;
}

function indexIn(list: Int32Array, n: number, a: number): number {
  for (let i = 0; i < n; i++) if (list[i] === a) return i;
  return -1;
}


/**
 * Refinement on top of the switch, as systems declare it in their searchDefaults (AT-43 since the
 * ninth session, Ma.K and Panzer Vor! since the eleventh, MGV since the twelfth; docs/agents.md "Refinement"): once the agent to follow is
 * chosen, its top `width` actions race its choice on 96 paired simulations at every decision, one 2
 * standard errors better is played, and sequential halving pays for part of it.
 */
export const REFINED_SWITCH = { refine: 96, alloc: 'halving', refineAt: 'always', z: 2 } as const;

export const mctsAgent = agentOf<unknown, unknown>()({
  name: MCTS,
  description: "Search over the system's scripted agents: at each decision, follows the one whose continuation wins most against the inferred opponent (policy switching; mode=tree: ISMCTS guided by the system's policy); budget in iterations.",
  params: {
    mode: { default: 'switch', values: ['switch', 'tree'], description: "switch: policy switching over the system's scripted agents (src/agents/switching.ts); tree: ISMCTS from the rollout policy's choice" },
    portfolio: { default: '', agentList: true, description: "switch: the agents switched between, joined by '+', an agent's parameters after '/' ('brawler+marksman/lambda=1'; '' = the system's searchPortfolio, else all its scripted agents)" },
    opponent: { default: '', agent: true, description: "switch: the agent the other sides play in the simulations ('' = inferred from their choices among `models` and random)" },
    models: { default: '', agentList: true, description: "switch: the candidate models of the other sides, joined by '+' ('' = the portfolio); random is always one" },
    margin: { default: 0, min: 0, max: 100, description: 'switch: paired advantage, in standard errors, another agent needs to replace the one followed at the last search (0 = follow the best mean)' },
    horizon: { default: 0, min: 0, max: 100_000, description: 'switch: choices simulated before evaluating (0 = to the end of the game)' },
    alloc: { default: 'even', values: ['even', 'halving'], description: 'switch: how the simulations are shared between the portfolio agents: evenly, or by sequential halving (rounds that drop the worse half, so the close contenders get most of them)' },
    refine: { default: 0, min: 0, max: 1_000_000, description: "switch: simulations per decision that race the followed agent's top `width` actions against its choice, an alternative played when `z` standard errors better (0 = off)" },
    refineAt: { default: 'disagree', values: ['disagree', 'always'], description: 'switch: which decisions refine searches: those the portfolio disagrees on, or every one' },
    every: { default: 'decision', values: ['decision', 'turn'], description: "switch: choose the agent to follow at every decision where the portfolio disagrees, or once per turn" },
    iterations: { default: 96, min: 1, max: 1_000_000, description: 'simulations per decision (the whole budget: no clock)' },
    opening: { default: 0, min: 0, max: 1_000_000, description: "switch: simulations per searched decision before the game's first turn (while its length is 0: Panzer Vor!'s set-up; the other systems count from 1, so it has no effect there; 0 = iterations)" },
    policy: { default: '', agent: true, description: "rollout policy and priors: an agent of the system ('' = the system's searchPolicy, else its first default agent, else random)" },
    control: { default: '', agent: true, description: "the agent whose choice is kept unless an alternative is shown better ('' = the rollout policy)" },
    depth: { default: 6, min: 0, max: 10_000, description: 'policy choices played after the tree before evaluating (forced moves not counted)' },
    width: { default: 4, min: 1, max: 10_000, description: "candidates per node: the policy's top-ranked actions (switch with refine: the followed agent's)" },
    c: { default: 1, min: 0, max: 100, description: 'PUCT exploration constant below the root (values are win probabilities in [0, 1])' },
    z: { default: 3, min: -100, max: 100, description: "paired advantage, in standard errors, an alternative needs to replace the policy's choice at the root (switch with refine: the followed agent's choice)" },
    reuse: { default: true, description: "keep the chosen action's subtree when the agent's next decision follows its own choice" },
  },
  create: (game, side, p, env) => {
    if (p.mode === 'tree') return new MctsSearch(game, side, p, env);
    if (env === undefined) throw new Error("agent 'mcts' in mode switch must be created through agent resolution (createAgent)");
    const portfolio = p.portfolio !== '' ? agentListChoices(p.portfolio) : (env.portfolio ?? []);
    const models = agentListChoices(p.models);
    return new PolicySwitch(game, side, { iterations: p.iterations, opening: p.opening, portfolio, opponent: p.opponent, models, margin: p.margin, horizon: p.horizon, every: p.every, alloc: p.alloc, refine: p.refine, refineAt: p.refineAt, width: p.width, z: p.z }, env);
  },
});
