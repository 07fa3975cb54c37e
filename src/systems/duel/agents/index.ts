/**
 * The named agents, one file per heuristic. The core's random agent is the baseline and fuzzer;
 * the generic search agents (lookahead, mcts) use evaluate() and determinize().
 */
import { randomAgent } from '../../../core/agent.ts';
import { patient } from './patient.ts';
import { triggerHappy } from './trigger-happy.ts';

export const agents = [randomAgent, triggerHappy, patient];

/** The pairing used when a scenario and the command line name none. */
export const defaultAgents = ['patient', 'trigger-happy'];
