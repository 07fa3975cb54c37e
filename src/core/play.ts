/**
 * THE game loop, shared by every system, the runner, the tests and the transcript tool:
 * new game -> (current side decides among legal actions -> apply) until a result or the cap.
 *
 * Hooks (PlayOptions) let the transcript tool and the conformance battery watch and check the
 * very loop the runner uses instead of keeping loops of their own. With no hook set the loop
 * allocates nothing per decision: each hook costs one `undefined` test.
 */
import type { Agent, DecisionContext } from './agent.ts';
import type { Rng } from './rng/rng.ts';
import type { GameStreams } from './rng/streams.ts';
import type { CompiledGame, GameResult, PlayContext } from './system.ts';
import type { Tally } from './tally.ts';
import { shapeTrackerFor, type ShapeTracker } from './shape.ts';

/**
 * Reusable per-worker scratch: the action buffer and one decision context per side, kept from
 * game to game (a scratch serves one game at a time).
 */
export class PlayScratch {
  readonly legal: Int32Array;
  /** Decision contexts by side, re-aimed at each game's state and streams by the loop. */
  readonly ctxs: Ctx<unknown>[] = [];
  /** Follows the lead once per turn when the system declares a lead measure (else undefined: no cost). */
  readonly shape: ShapeTracker | undefined;
  /** The play context handed to the system, re-aimed at each game's dice, tally and log. */
  private play: { dice: Rng; tally: Tally; log: ((line: string) => void) | undefined } | undefined;
  constructor(readonly game: CompiledGame) {
    this.legal = new Int32Array(Math.max(1, game.maxActions));
    this.shape = shapeTrackerFor(game);
  }
  /** This game's play context (one object per scratch, not one per game). */
  context(dice: Rng, tally: Tally, log: ((line: string) => void) | undefined): PlayContext {
    const c = this.play;
    if (c === undefined) return (this.play = { dice, tally, log });
    c.dice = dice;
    c.tally = tally;
    c.log = log;
    return c;
  }
}

class Ctx<S> implements DecisionContext<unknown, S> {
  n = 0;
  choices = 0;
  obs: unknown = undefined;
  hasObs = false;
  constructor(
    public game: CompiledGame<S>,
    public state: S,
    readonly side: number,
    readonly legal: Int32Array,
    public rng: Rng,
    public wrap: ((observation: unknown, side: number) => unknown) | undefined,
  ) {}
  observe(): unknown {
    if (!this.hasObs) {
      const o = this.game.observe(this.state, this.side);
      this.obs = this.wrap === undefined ? o : this.wrap(o, this.side);
      this.hasObs = true;
    }
    return this.obs;
  }
  describe(action: number): string {
    return this.game.describeAction(this.state, action);
  }
  determinize(rng: Rng): S {
    return determinizeFor(this.game, this.state, this.side, rng);
  }
}

/** What a side may hold as the state: the system's determinisation (a plain copy in perfect-information systems). */
export function determinizeFor<S>(game: CompiledGame<S>, state: S, side: number, rng: Rng): S {
  if (!game.determinize) throw new Error('this system offers no determinize(): search agents cannot be used with it');
  return game.determinize(state, side, rng);
}

export interface PlayOptions<S = unknown> {
  /** After set-up, before the first decision (invariants of the initial state). */
  onStart?: (state: S) => void;
  /**
   * Before the side's agent is asked (and before a forced move is taken): the legal actions are
   * in legal[0..n); `decisions` counts the decisions made so far. The battery checks invariants,
   * clone independence and hidden information here.
   */
  beforeDecision?: (state: S, side: number, legal: Int32Array, n: number, decisions: number) => void;
  /** After the action is chosen, before it is applied (transcripts, legality checks). */
  onDecision?: (state: S, side: number, action: number, n: number) => void;
  /** After the action is applied; `decisions` now counts it. */
  afterApply?: (state: S, decisions: number) => void;
  /**
   * Wraps each observation before an agent sees it (the battery hands agents a read-only view,
   * so an agent that mutates its observation is caught). Called at most once per decision.
   */
  observation?: (observation: unknown, side: number) => unknown;
  /** Overrides the game's safety cap (CompiledGame.maxDecisions). */
  maxDecisions?: number;
  log?: (line: string) => void;
}

export interface PlayOutcome<S> {
  result: GameResult;
  state: S;
  decisions: number;
}

/** Plays one game to the end. The tally's scalars are reset first; cells accumulate. */
export function playGame<S>(
  game: CompiledGame<S>,
  agents: readonly Agent[],
  streams: GameStreams,
  tally: Tally,
  scratch: PlayScratch,
  opts: PlayOptions<S> = {},
): PlayOutcome<S> {
  tally.resetScalars();
  const ctx = scratch.context(streams.dice, tally, opts.log);
  const state = game.newGame(streams.setup, ctx);
  if (opts.onStart !== undefined) opts.onStart(state);
  if (scratch.shape !== undefined) scratch.shape.start(state);
  return loop(game, state, agents, streams, ctx, scratch, opts, 0);
}

/**
 * Plays on from a state taken in the middle of a game (a copy, a deserialised state) with the
 * given streams, `decisions` having been made already. The tally is not reset. Used by the
 * battery's serialisation round trip; the same loop as playGame.
 */
export function resumeGame<S>(
  game: CompiledGame<S>,
  state: S,
  agents: readonly Agent[],
  streams: GameStreams,
  tally: Tally,
  scratch: PlayScratch,
  decisions: number,
  opts: PlayOptions<S> = {},
): PlayOutcome<S> {
  const ctx = scratch.context(streams.dice, tally, opts.log);
  return loop(game, state, agents, streams, ctx, scratch, opts, decisions);
}

function loop<S>(
  game: CompiledGame<S>,
  state: S,
  agents: readonly Agent[],
  streams: GameStreams,
  ctx: PlayContext,
  scratch: PlayScratch,
  opts: PlayOptions<S>,
  decisions: number,
): PlayOutcome<S> {
  const legal = scratch.legal;
  // The scratch's contexts, aimed at this game (no allocation per game once there are enough).
  const ctxs: Ctx<S>[] = scratch.ctxs as Ctx<S>[];
  for (let s = 0; s < agents.length; s++) {
    const c = ctxs[s];
    if (c === undefined) ctxs.push(new Ctx(game, state, s, legal, streams.agents[s], opts.observation));
    else {
      c.game = game;
      c.state = state;
      c.rng = streams.agents[s];
      c.wrap = opts.observation;
      c.obs = undefined;
      c.hasObs = false;
    }
  }
  const cap = opts.maxDecisions ?? game.maxDecisions;
  const before = opts.beforeDecision;
  const chosen = opts.onDecision;
  const after = opts.afterApply;
  const shape = scratch.shape;
  // Agents told of the other sides' choices (Agent.seen): none in most games, then no cost per decision.
  let watching = false;
  for (let s = 0; s < agents.length; s++) if (agents[s].seen !== undefined) watching = true;
  let choices = 0;
  let result: GameResult | null;
  while ((result = game.result(state)) === null) {
    if (decisions >= cap) {
      result = { winner: -1, reason: 'safety-cap', detail: `${cap} decisions`, length: game.length(state) };
      break;
    }
    const side = game.currentSide(state);
    const n = game.legalActions(state, legal);
    if (n <= 0) throw new Error(`system gave no legal action at decision ${decisions} (side ${side})`);
    if (n > legal.length) throw new Error(`system gave ${n} legal actions at decision ${decisions}, more than its maxActions (${legal.length})`);
    if (before !== undefined) before(state, side, legal, n, decisions);
    let action: number;
    if (n === 1) {
      action = legal[0];
    } else {
      const c = ctxs[side];
      c.n = n;
      c.hasObs = false;
      c.choices = choices++;
      action = agents[side].decide(c);
      if (watching) tell(agents, ctxs, side, action, n);
    }
    if (chosen !== undefined) chosen(state, side, action, n);
    game.apply(state, action, ctx);
    decisions++;
    if (shape !== undefined) shape.step(state, side);
    if (after !== undefined) after(state, decisions);
  }
  game.finish?.(state, result, ctx);
  return { result, state, decisions };
}

/** Tells every other side's agent that defines `seen` of the choice `side` made (its view aimed at the position). */
function tell<S>(agents: readonly Agent[], ctxs: Ctx<S>[], side: number, action: number, n: number): void {
  for (let o = 0; o < agents.length; o++) {
    const a = agents[o];
    if (o === side || a.seen === undefined) continue;
    const v = ctxs[o];
    v.n = n;
    v.hasObs = false;
    a.seen(v, side, action);
  }
}
