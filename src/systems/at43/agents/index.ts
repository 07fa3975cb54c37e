/** The AT-43 agents (spec §7.3): the list the plug offers, the default pair and the search policy. */
import { randomAgent } from '../../../core/agent.ts';
import { assaultAgent } from './assault.ts';
import { bulwarkAgent } from './bulwark.ts';
import { gunlineAgent } from './gunline.ts';
import { objectiveAgent } from './objective.ts';
import { UNDERDOG_BULWARK, underdogAgent } from './underdog.ts';

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
 * evidence only, and the candidate models of the opponent (mcts's `models` default to these).
 * `bulwark` is the outgunned seat's plan the other three lack, and its tuned setting
 * (UNDERDOG_BULWARK, what `underdog` plays on the weaker side) the best such plan found: on
 * sector55 (scripts/competence.ts, 100 games a seat) mcts scored 53 / 52 / 53% against gunline /
 * assault / objective switching between those three (as UNA 6 / 4 / 8%) and 57 / 55 / 56% with
 * bulwark (as UNA 14 / 10 / 13%). With the tuned setting first in the portfolio (the plan followed
 * until another is shown better: searchDefaults), against gunline / assault / objective / bulwark,
 * seed 5, 150 games a seat (scripts/at43-diagnose.ts --score): as UNA 24.7 / 29.7 / 20.7 / 20.0%,
 * as the Therians 96.7 / 98.7 / 97.3 / 94.0%, where every plan wrapped in `underdog` (UNA always
 * the tuned plan, no search there) scored 19.0% as UNA and 92.6% as the Therians on average: the
 * Therian seat's opponent model needs the tuned plan among its candidates, and UNA's search gains
 * on the tuned plan alone.
 */
export const SEARCH_PORTFOLIO = [UNDERDOG_BULWARK, 'gunline', 'assault', 'objective', 'bulwark'];

/**
 * mcts's defaults on AT-43 (GameSystem.searchDefaults): the plan followed is kept unless another is
 * shown better by 2 standard errors on the paired simulations (`margin`; the first plan, the tuned
 * bulwark, at the start). Seed 5, 150 games a seat against each of the four agents: 23.8% as UNA and
 * 96.7% as the Therians, against 22.2% and 96.5% following the best mean (a small gain, within noise).
 */
export const SEARCH_DEFAULTS = { mcts: { margin: 2 } };
