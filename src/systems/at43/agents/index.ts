/** The AT-43 agents (spec §7.3): the list the plug offers, the default pair and the search policy. */
import { randomAgent } from '../../../core/agent.ts';
import { assaultAgent } from './assault.ts';
import { gunlineAgent } from './gunline.ts';
import { objectiveAgent } from './objective.ts';

export { assaultAgent, gunlineAgent, objectiveAgent };

export const AT43_AGENTS = [randomAgent, gunlineAgent, assaultAgent, objectiveAgent];

/** The pair a scenario that names none is played with (side A, side B). */
export const DEFAULT_AGENTS = ['gunline', 'assault'];

/**
 * The fast policy of the generic `mcts` (GameSystem.searchPolicy): gunline, the strongest of the
 * three against random on every bundled scenario and seat, with priors from its `rank`.
 */
export const SEARCH_POLICY = 'gunline';
