/** MGV agents (spec §7.3): `closer` (also the search policy), `standoff` and `hulldown` with named parameters, and the core's `random`. */
import { randomAgent } from '../../../core/agent.ts';
import { REFINED_SWITCH } from '../../../agents/mcts.ts';
import { closerAgent } from './closer.ts';
import { standoffAgent } from './standoff.ts';
import { hulldownAgent } from './hulldown.ts';

export { closerAgent, hulldownAgent, standoffAgent };

export const agents = [randomAgent, closerAgent, standoffAgent, hulldownAgent] as const;

/**
 * The fast policy of the generic mcts (GameSystem.searchPolicy): it plays the rollouts and, by
 * its `rank` (common.ts MgvHeuristic.rank), gives the priors. closer costs ~2.5 µs a decision
 * with the engine step included (random agents ~2.3, standoff ~3.1: CPU time per decision of
 * whole sample-duel games), and its aggressive games end sooner (92 decisions a game, standoff 102).
 */
export const searchPolicy = 'closer';

/**
 * The agents mcts switches between (GameSystem.searchPortfolio; the same as its default, every
 * scripted agent, named so that a new agent joins it on evidence only). `hulldown` is the weaker
 * seat's plan that closer and standoff lack: on sample-duel, mcts switching between closer and
 * standoff scored 58% against closer and 54% against standoff over both seats (as Red 24% and 22%);
 * with hulldown 62% and 64% (as Red 30% and 37%), and 65% against hulldown (scripts/competence.ts,
 * 100 games a seat, docs/search-agents.md "Policy switching").
 */
export const searchPortfolio = ['closer', 'standoff', 'hulldown'];

/**
 * mcts's defaults on MGV (GameSystem.searchDefaults): refinement at every decision (REFINED_SWITCH;
 * docs/agents.md "Refinement"), since the twelfth session. On sample-duel (scripts/competence.ts
 * --only-mcts, 200 games a seat, seed 1) against closer / standoff / hulldown: 66.1 / 66.5 / 68.8%,
 * where the plain switch scored 61 (400 games a seat) / 64 / 65 (100); against closer on seed 2
 * 63.5% against 59.2 on the same games. It costs about 1.6x a decision (a 200-game check well
 * under the minute: npm run bench -- --only mcts).
 */
export const searchDefaults = { mcts: { ...REFINED_SWITCH } };

/** The scenario's agents when it names none. */
export const defaultAgents = ['standoff', 'standoff'];
