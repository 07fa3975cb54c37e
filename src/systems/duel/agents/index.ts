/**
 * The named agents, one file per heuristic. The core's random agent is the baseline and fuzzer;
 * the generic search agents (lookahead, mcts) use evaluate() and determinize().
 */
import { randomAgent, type AgentFactory, type ParamSpecs } from '../../../core/agent.ts';
import type { DuelObservation } from '../observe.ts';
import type { DuelState } from '../state.ts';
import { patient } from './patient.ts';
import { triggerHappy } from './trigger-happy.ts';

/** Typed by state and observation, so that defineSystem infers them (and compile() returns a typed game). */
export const agents: ReadonlyArray<AgentFactory<DuelState, DuelObservation, ParamSpecs>> = [randomAgent, triggerHappy, patient];

/** The pairing used when a scenario and the command line name none. */
export const defaultAgents = ['patient', 'trigger-happy'];
