/**
 * What the generic search agents share: the check that a compiled game offers the two hooks they
 * need, a private play context (its own dice and a scratch tally, so searching never rolls the
 * game's dice nor counts in the game's metrics), streams re-aimed per simulation for common random
 * numbers, the decision context of a simulated position, and the value of a finished game.
 */
import type { Agent, DecisionContext } from '../core/agent.ts';
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

/** murmur3's 32-bit finaliser. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** State words of simulation k for one purpose, from a decision's four key words. */
function deriveSim(key: Uint32Array, k: number, purpose: number, out: Int32Array): void {
  const salt = fmix32(Math.imul(k + 1, 0x9e3779b9) ^ Math.imul(purpose + 1, 0x7f4a7c15));
  for (let j = 0; j < 4; j++) out[j] = fmix32(key[j] ^ fmix32(salt + j));
  if ((out[0] | out[1] | out[2] | out[3]) === 0) out[0] = 1;
}

/**
 * The streams of a search's simulations: for simulation index k, one stream per purpose derived
 * from the decision's key and k, re-aimed without allocating a stream object. Simulations that
 * share k share their determinisation and dice (common random numbers between the candidates).
 */
export class SimStreams {
  private readonly key = new Uint32Array(4);
  /** Resamples what the side may not see. */
  readonly hidden: Rng;
  /** The simulated game's dice. */
  readonly dice: Rng;
  /** The rollout policy's own stream. */
  readonly policy: Rng;
  constructor() {
    this.hidden = new Rng(null, this.key, 0, 0, deriveSim);
    this.dice = new Rng(null, this.key, 0, 1, deriveSim);
    this.policy = new Rng(null, this.key, 0, 2, deriveSim);
  }
  /** A new decision: four draws of the agent's own stream key every simulation of it. */
  rekey(from: Rng): void {
    for (let j = 0; j < 4; j++) this.key[j] = from.nextUint32();
  }
  /** Simulation k of the current decision. */
  aim(k: number): void {
    this.hidden.aim(this.key, k);
    this.dice.aim(this.key, k);
    this.policy.aim(this.key, k);
  }
}

/** The decision context of a simulated position: what a policy agent sees there. */
export class SimDecision<S> implements DecisionContext<unknown, S> {
  /** Set by at() before any use. */
  state!: S;
  side = 0;
  n = 0;
  legal: Int32Array;
  private obs: unknown = undefined;
  private hasObs = false;
  constructor(
    private readonly game: CompiledGame<S>,
    legal: Int32Array,
    readonly rng: Rng,
  ) {
    this.legal = legal;
  }
  /** Aims the context at a decision of `state` whose legal actions are in legal[0..n). */
  at(state: S, side: number, legal: Int32Array, n: number): this {
    this.state = state;
    this.side = side;
    this.legal = legal;
    this.n = n;
    this.hasObs = false;
    return this;
  }
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
    return this.game.determinize!(this.state, this.side, rng);
  }
}

/** The policy's choice, or uniform when there is none (random rollouts). */
export function policyChoice(policy: Agent | null, ctx: SimDecision<unknown>): number {
  return policy === null ? ctx.legal[ctx.rng.int(ctx.n)] : policy.decide(ctx);
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
