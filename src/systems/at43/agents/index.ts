/** The AT-43 agents (spec §7.3): the list the plug offers, the default pair and the search policy. */
import { REFINED_SWITCH } from '../../../agents/mcts.ts';
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
 * The tuned bulwark bidding, every round, the most LP its Commander's rank allows for the
 * initiative (p.55: rank + 1; `wager` is capped there). On the outgunned side of sector55 it is the
 * tuned plan itself (a sergeant bids 2 either way, no Commander 1 at most: the same choices, 21.4%
 * as UNA against gunline / assault / bulwark, seed 11, 1,000 games a pairing); on the Therian side
 * the overseer alpha bids 3 instead of 2 (d6 + Authority 2 + 3 against the sergeant's d6 + 1 + 2)
 * and the Therians play first: as the Therians against gunline / assault / objective / bulwark /
 * underdog 97.5 / 97.6 / 96.7 / 97.8 / 97.7% against the tuned plan's 96.0 / 97.0 / 96.0 / 95.4 /
 * 97.9% (scripts/at43-diagnose.ts --score, seed 11, 1,000 games a pairing).
 */
export const BULWARK_FULL_BID = `${UNDERDOG_BULWARK}:wager=7:wagerLater=7`;

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
 * on the tuned plan alone. The tuned plan now bids in full (BULWARK_FULL_BID: the same play on
 * UNA's side, the overseer alpha's 3 LP for the initiative on the Therians'): mcts as the Therians
 * against bulwark, seed 21, 400 games, 95.6 -> 98.6%; on scripts/competence.ts --against bulwark
 * (seed 1, 400 games a seat) 59% (as UNA 21, as the Therians 97) -> 60% [56, 63] (22 / 98), still
 * just under 0.6; seed 2, 200 games a seat, 56% (14 / 97) -> 57% [52, 62] (17 / 97). Every
 * plan bidding in full (gunline/wager=7, bulwark/wager=7/wagerLater=7, models unchanged): 98.4% as
 * the Therians, 18.5% as UNA (same seed), no gain.
 */
export const SEARCH_PORTFOLIO = [BULWARK_FULL_BID, 'gunline', 'assault', 'objective', 'bulwark'];

/**
 * Refinement on top of the switch (REFINED_SWITCH, src/agents/mcts.ts): on sector55
 * (scripts/competence.ts --only-mcts, 400 games a seat) against gunline / assault / objective /
 * bulwark / underdog: seed 1, 62 / 68 / 60 / 62 / 63% against the plain switch's 61 / 64 / 62 / 60 /
 * 62%; seed 2, 61 / 66 / 62 / 59 / 62% against 61 / 63 / 61 / 58 / 62%: ahead in 7 of the 10
 * pairings, level in 2, behind in 1; over both seeds 61.6 / 66.7 / 60.8 / 60.3 / 62.4% against
 * about 61 / 63.5 / 61.5 / 58.9 / 62%, the gain on UNA's side (against bulwark, 300 paired games,
 * scripts/refine-diagnose.ts --paired: 59 -> 71 wins). About 1.25x the cost a decision (npm run bench
 * -- --only mcts, against refine=0:alloc=even:z=3: 1.23-1.29x). `z` is also the tree mode's root test (mode=tree on AT-43: 2 instead of 3).
 * Those figures were read with a bug that dropped the values of the portfolio's third to fifth
 * agents (mended 28 Nov 2026, d758df6): since, seed 1 62.8 / 68.9 / 60.8 / 61.7 / 63.9%, seed 2
 * against objective / bulwark 62.6 / 59.5%, seed 3 against bulwark 60.4% (docs/agents.md, "A mended bug").
 *
 * mcts's defaults on AT-43 (GameSystem.searchDefaults), besides that refinement: the plan followed is kept unless another is
 * shown better by 2 standard errors on the paired simulations (`margin`; the first plan, the tuned
 * bulwark, at the start). Seed 5, 150 games a seat against each of the four agents: 23.8% as UNA and
 * 96.7% as the Therians, against 22.2% and 96.5% following the best mean (a small gain, within noise).
 */
export const SEARCH_DEFAULTS = { mcts: { margin: 2, ...REFINED_SWITCH } };
