/** The Panzer Vor! agents (spec §7.4): the random baseline, the three named heuristics, and the greedy search policy. */
import { randomAgent } from '../../../core/agent.ts';
import { brawler } from './brawler.ts';
import { flagCommander } from './flag.ts';
import { greedy } from './greedy.ts';
import { marksman } from './marksman.ts';

export { brawler, flagCommander, greedy, marksman };

export const agents = [randomAgent, brawler, marksman, flagCommander, greedy] as const;

/** The policy of the generic `mcts` (rollouts and priors): the greedy player, about a third of the marksman's time a decision. */
export const searchPolicy = 'greedy';
