/**
 * What the generic search agents share: the check that a compiled game offers the two hooks they
 * need, a private play context (its own dice and a scratch tally, so searching never rolls the
 * game's dice nor counts in the game's metrics), and the value of a finished game.
 */
import { Rng } from '../core/rng/rng.ts';
import type { CompiledGame, GameResult, PlayContext } from '../core/system.ts';
import { Tally } from '../core/tally.ts';

/** A position's value for a side, in [0, 1]. */
export type Evaluator<S> = (state: S, side: number) => number;

/**
 * The game's evaluator when the game offers both hooks the search agents need (evaluate, and
 * determinize behind DecisionContext.determinize); else a clear error naming the agent.
 */
export function evaluatorOf<S, O>(game: CompiledGame<S, O>, agent: string): Evaluator<S> {
  const evaluate = game.evaluate;
  if (!evaluate || !game.determinize) {
    const missing = [evaluate ? '' : 'evaluate()', game.determinize ? '' : 'determinize()'].filter(Boolean).join(' and ');
    throw new Error(`agent '${agent}' needs a system that offers ${missing}; this compiled game does not`);
  }
  return (state, side) => evaluate.call(game, state, side);
}

/** The play context of simulated moves: its dice are replaced for every decision searched. */
export class SimContext implements PlayContext {
  dice: Rng;
  readonly tally: Tally;
  constructor(game: CompiledGame<unknown, unknown>, dice: Rng) {
    this.dice = dice;
    this.tally = new Tally(game.metrics);
  }
}

/** A fresh generator seeded from four draws of `from` (the agent's own stream). */
export function rngFrom(from: Rng): Rng {
  return new Rng([from.nextUint32() | 1, from.nextUint32(), from.nextUint32(), from.nextUint32()]);
}

/** 1 for a win of `side`, 0 for a loss, 1/2 for a draw (or an engine cap). */
export function resultValue(r: GameResult, side: number): number {
  return r.winner === side ? 1 : r.winner < 0 ? 0.5 : 0;
}

/** Value of `state` for `side`: the result if the game is over, else the system's evaluator. */
export function valueOf<S, O>(game: CompiledGame<S, O>, evaluate: Evaluator<S>, state: S, side: number): number {
  const r = game.result(state);
  return r ? resultValue(r, side) : evaluate(state, side);
}
