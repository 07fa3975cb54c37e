/**
 * THE game loop, shared by every system, the runner, the tests and the transcript tool:
 * new game -> (current side decides among legal actions -> apply) until a result or the cap.
 */
import type { Agent, DecisionContext } from './agent.ts';
import type { Rng } from './rng/rng.ts';
import type { GameStreams } from './rng/streams.ts';
import type { CompiledGame, GameResult, PlayContext } from './system.ts';
import type { Tally } from './tally.ts';

/** Reusable per-worker scratch: the action buffer and one decision context per side. */
export class PlayScratch {
  readonly legal: Int32Array;
  constructor(readonly game: CompiledGame) {
    this.legal = new Int32Array(Math.max(1, game.maxActions));
  }
}

class Ctx<S> implements DecisionContext<unknown, S> {
  n = 0;
  obs: unknown = undefined;
  hasObs = false;
  constructor(
    private readonly game: CompiledGame<S>,
    private readonly state: S,
    readonly side: number,
    readonly legal: Int32Array,
    readonly rng: Rng,
  ) {}
  observe(): unknown {
    if (!this.hasObs) {
      this.obs = this.game.observe(this.state, this.side);
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

export interface PlayOptions {
  /** Called before each decision (transcripts, invariant checks). */
  onDecision?: (state: unknown, side: number, action: number, n: number) => void;
  log?: (line: string) => void;
}

/** Plays one game to the end. The tally's scalars are reset first; cells accumulate. */
export function playGame<S>(
  game: CompiledGame<S>,
  agents: readonly Agent[],
  streams: GameStreams,
  tally: Tally,
  scratch: PlayScratch,
  opts: PlayOptions = {},
): { result: GameResult; state: S; decisions: number } {
  tally.resetScalars();
  const ctx: PlayContext = { dice: streams.dice, tally, log: opts.log };
  const state = game.newGame(streams.setup, ctx);
  const legal = scratch.legal;
  const ctxs: Ctx<S>[] = [];
  for (let s = 0; s < agents.length; s++) ctxs.push(new Ctx(game, state, s, legal, streams.agents[s]));
  let decisions = 0;
  let result: GameResult | null;
  while ((result = game.result(state)) === null) {
    if (decisions >= game.maxDecisions) {
      result = { winner: -1, reason: 'safety-cap', detail: `${game.maxDecisions} decisions`, length: game.length(state) };
      break;
    }
    const side = game.currentSide(state);
    const n = game.legalActions(state, legal);
    if (n <= 0) throw new Error(`system gave no legal action at decision ${decisions} (side ${side})`);
    let action: number;
    if (n === 1) {
      action = legal[0];
    } else {
      const c = ctxs[side];
      c.n = n;
      c.hasObs = false;
      action = agents[side].decide(c);
    }
    opts.onDecision?.(state, side, action, n);
    game.apply(state, action, ctx);
    decisions++;
  }
  game.finish?.(state, result, ctx);
  return { result, state, decisions };
}
