/**
 * A constructed duel position the search agents' tests share: last wound each, the enemy at full
 * aim, side 0 to act. Firing now wins clearly more often than aiming (the `patient` agent aims):
 * a blunder a search must correct.
 */
import type { DecisionContext } from '../../src/core/agent.ts';
import { determinizeFor } from '../../src/core/play.ts';
import { Rng } from '../../src/core/rng/rng.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import { Tally } from '../../src/core/tally.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import type { DuelState } from '../../src/systems/duel/state.ts';
import { ROOT } from '../helpers/bundled.ts';

export const duel = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
const game = duel.compiled;

/** The last-wound position; `seed` keys the deciding agent's stream. */
export function lastWound(seed: number): DecisionContext {
  const state = game.newGame(gameStreams(1, 0, 2).setup, { dice: new Rng([5, 5, 5, 5]), tally: new Tally(game.metrics) }) as DuelState;
  state.wounds = [1, 1];
  state.aim = [0, 2];
  state.active = 0;
  const legal = new Int32Array(game.maxActions);
  const n = game.legalActions(state, legal);
  return {
    side: 0, legal, n, rng: new Rng([seed, 2, 3, 4]),
    observe: () => game.observe(state, 0),
    describe: (a) => game.describeAction(state, a),
    determinize: (r) => determinizeFor(game, state, 0, r),
  };
}
