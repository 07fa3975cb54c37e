/**
 * A game loop for the search agents' tests: at every decision it checks that the agent's choice
 * is legal and that deciding left the real game alone (state, dice stream, tally).
 */
import { GENERIC_AGENTS } from '../../src/agents/index.ts';
import { parseAgentChoice, type AgentChoice, type DecisionContext } from '../../src/core/agent.ts';
import { createAgent } from '../../src/agents/resolve.ts';
import { determinizeFor } from '../../src/core/play.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import type { GameResult, PlayContext } from '../../src/core/system.ts';
import { Tally } from '../../src/core/tally.ts';
import type { LoadedScenario } from '../../src/scenario/load.ts';

export interface CheckedGame {
  readonly actions: number[];
  readonly result: GameResult;
  /** Decisions that asked an agent (more than one legal action). */
  readonly asked: number;
  /** The game's dice stream at the end. */
  readonly dice: string;
}

export function playChecked(loaded: LoadedScenario, choices: readonly (AgentChoice | string)[], seed: number, g: number, maxDecisions = Infinity): CheckedGame {
  const game = loaded.compiled;
  const sides = game.sides.length;
  const streams = gameStreams(seed, g, sides);
  const tally = new Tally(game.metrics);
  const ctx: PlayContext = { dice: streams.dice, tally };
  const agents = choices.map((c, side) => createAgent(loaded.system, game, side, c));
  // The real state is compared around the generic agents' decisions only: the MGV heuristics fill
  // the state's line-of-sight cache through their observation (a cache, not a rule change).
  const generic = choices.map((c) => GENERIC_AGENTS.some((f) => f.name === (typeof c === 'string' ? parseAgentChoice(c) : c).name));
  const state = game.newGame(streams.setup, ctx);
  const legal = new Int32Array(Math.max(1, game.maxActions));
  const actions: number[] = [];
  let asked = 0;
  let result: GameResult | null;
  while ((result = game.result(state)) === null && actions.length < maxDecisions) {
    const side = game.currentSide(state);
    const n = game.legalActions(state, legal);
    let action = legal[0];
    if (n > 1) {
      const dctx: DecisionContext = {
        side,
        legal,
        n,
        rng: streams.agents[side],
        observe: () => game.observe(state, side),
        describe: (a) => game.describeAction(state, a),
        determinize: (r) => determinizeFor(game, state, side, r),
      };
      const before = JSON.stringify(state);
      const dice = streams.dice.state().join();
      const cells = tally.cells.join();
      const scalars = tally.scalars.join();
      const legalBefore = legal.slice(0, n).join();
      action = agents[side].decide(dctx);
      asked++;
      const after = JSON.stringify(state);
      if (generic[side] && after !== before) {
        let i = 0;
        while (before[i] === after[i]) i++;
        throw new Error(`game ${g} decision ${actions.length}: deciding changed the real state at …${before.slice(Math.max(0, i - 120), i + 40)} -> ${after.slice(i, i + 40)}`);
      }
      if (streams.dice.state().join() !== dice) throw new Error(`game ${g} decision ${actions.length}: deciding drew from the game's dice`);
      if (tally.cells.join() !== cells || tally.scalars.join() !== scalars) throw new Error(`game ${g} decision ${actions.length}: deciding wrote to the game's tally`);
      if (legal.slice(0, n).join() !== legalBefore) throw new Error(`game ${g} decision ${actions.length}: deciding overwrote the legal-action buffer`);
      if (!legal.slice(0, n).includes(action)) throw new Error(`game ${g} decision ${actions.length}: side ${side} chose ${action}, not a legal action`);
    }
    actions.push(action);
    game.apply(state, action, ctx);
  }
  return { actions, result: result ?? { winner: -1, reason: 'safety-cap', detail: 'test cap', length: game.length(state) }, asked, dice: streams.dice.state().join() };
}

/** Replays recorded actions with no agent at all: the game's dice stream and result. */
export function replay(loaded: LoadedScenario, actions: readonly number[], seed: number, g: number): { result: GameResult | null; dice: string } {
  const game = loaded.compiled;
  const streams = gameStreams(seed, g, game.sides.length);
  const ctx: PlayContext = { dice: streams.dice, tally: new Tally(game.metrics) };
  const state = game.newGame(streams.setup, ctx);
  for (const a of actions) game.apply(state, a, ctx);
  return { result: game.result(state), dice: streams.dice.state().join() };
}
