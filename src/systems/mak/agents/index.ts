/**
 * The named agents, one file per heuristic (spec §7.3): `assault` (aggressive) and `firebase`
 * (cautious), the scorer they share in planner.ts and the odds and support scores in common.ts.
 * The core's random agent is the baseline and fuzzer; the generic search agents (lookahead, mcts)
 * use evaluate() and determinize(), and mcts plays its rollouts with the search policy.
 */
import { REFINED_SWITCH } from '../../../agents/mcts.ts';
import { randomAgent, type AgentFactory, type ParamSpecs } from '../../../core/agent.ts';
import type { MakObservation } from '../observe.ts';
import type { MakState } from '../state.ts';
import { assault } from './assault.ts';
import { firebase } from './firebase.ts';

/** Typed by state and observation, so that defineSystem infers them (and compile() returns a typed game). */
export const agents: ReadonlyArray<AgentFactory<MakState, MakObservation, ParamSpecs>> = [randomAgent, assault, firebase];

/** The pairing used when a scenario and the command line name none. */
export const defaultAgents = ['assault', 'firebase'];

/**
 * The fast policy of the generic mcts (GameSystem.searchPolicy): firebase without its firing-position
 * planning (about as cheap per decision as the agents before it; the planning costs some 3x), with
 * its rank() for the priors.
 */
export const searchPolicy = 'firebase:plan=false';

/**
 * mcts's defaults on Ma.K (GameSystem.searchDefaults): in its tree mode, the full firebase (with its firing-position
 * planning) is the control it departs from on evidence only, the fast policy plays the rollouts.
 * With the fast policy as its control mcts scored 27% against assault and firebase on forest-ridge
 * (what firebase:plan=false scores itself); with firebase, 55% and 52% (100 games each, both seats).
 * In the switch (the default mode), refinement at every decision (REFINED_SWITCH): on forest-ridge,
 * 200 games a seat (scripts/competence.ts --only-mcts), against assault / firebase 67.3 / 64.8%
 * (seed 1) and 67.3 / 65.3% (seed 2), where the plain switch scored 65.8 / 62.8 and 66.8 / 63.5, and
 * cheaper (sequential halving): 98 and 104 s a run against 134 and 119 s (docs/agents.md).
 */
export const searchDefaults = { mcts: { control: 'firebase', every: 'turn', ...REFINED_SWITCH } };

/**
 * The agents mcts switches between (GameSystem.searchPortfolio), once per turn (searchDefaults):
 * assault and firebase alone agree at 99% of forest-ridge's decisions; their variants give the
 * switch something to choose (mcts then scores 67% against assault and 62% against firebase there,
 * docs/agents.md).
 */
export const searchPortfolio = ['firebase', 'assault', 'firebase:minHit=0.2', 'firebase:plan=false', 'firebase:minHit=0.6', 'assault:plan=false'];
