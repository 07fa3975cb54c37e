/** The AT-43 agents (spec §7.3): the list the plug offers, the default pair and the search policy. */
import { randomAgent } from '../../../core/agent.ts';
import { assaultAgent } from './assault.ts';
import { bulwarkAgent } from './bulwark.ts';
import { gunlineAgent } from './gunline.ts';
import { objectiveAgent } from './objective.ts';
import { underdogAgent } from './underdog.ts';

export { assaultAgent, bulwarkAgent, gunlineAgent, objectiveAgent, underdogAgent };

export const AT43_AGENTS = [randomAgent, gunlineAgent, assaultAgent, objectiveAgent, bulwarkAgent, underdogAgent];

/** The pair a scenario that names none is played with (side A, side B). */
export const DEFAULT_AGENTS = ['gunline', 'assault'];

/**
 * The fast policy of the generic `mcts` (GameSystem.searchPolicy): gunline, the strongest of the
 * three against random on every bundled scenario and seat, with priors from its `rank`.
 */
export const SEARCH_POLICY = 'gunline';

/**
 * The agents mcts switches between (GameSystem.searchPortfolio), named so that a new one joins on
 * evidence only. `bulwark` is the outgunned seat's plan the other three lack: on sector55
 * (scripts/competence.ts, 100 games a seat) mcts scored 53 / 52 / 53% against gunline / assault /
 * objective switching between those three (as UNA 6 / 4 / 8%), 57 / 55 / 56% with bulwark (as UNA
 * 14 / 10 / 13%). Each plan is wrapped in `underdog`: on the side whose army is worth less, every
 * plan is the tuned bulwark (UNDERDOG_BULWARK), so mcts follows it there without searching; its
 * switching, 24 simulations a plan to the end of games the side mostly loses, cost that plan about
 * 4 points (as UNA 15% switching between it and the other three, 19% following it; 200 games
 * against each Therian agent). On the other side the plans are gunline, assault, objective and
 * bulwark as before. Against gunline / assault / objective / bulwark: 56 / 59 / 56 / 56% (as UNA
 * 16 / 20 / 17 / 16%, as the Therians 97 / 98 / 95 / 95%), where the plain portfolio scored
 * 57 / 55 / 56 / 52%.
 */
export const SEARCH_PORTFOLIO = ['underdog:plan=gunline', 'underdog:plan=assault', 'underdog:plan=objective', 'underdog:plan=bulwark'];
