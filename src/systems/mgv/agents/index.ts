/** MGV agents (spec §7.3): `closer` (also the search policy) and `standoff` with named parameters, and the core's `random`. */
import { randomAgent } from '../../../core/agent.ts';
import { closerAgent } from './closer.ts';
import { standoffAgent } from './standoff.ts';

export { closerAgent, standoffAgent };

export const agents = [randomAgent, closerAgent, standoffAgent] as const;

/**
 * The fast policy of the generic mcts (GameSystem.searchPolicy): it plays the rollouts and, by
 * its `rank` (common.ts MgvHeuristic.rank), gives the priors. closer costs ~2.5 µs a decision
 * with the engine step included (random agents ~2.3, standoff ~3.1: CPU time per decision of
 * whole sample-duel games), and its aggressive games end sooner (92 decisions a game, standoff 102).
 */
export const searchPolicy = 'closer';

/** The scenario's agents when it names none. */
export const defaultAgents = ['standoff', 'standoff'];
