/** duel's agent declarator: parameters typed from their specs, observations typed as DuelObservation. */
import { agentOf } from '../../../core/agent.ts';
import type { DuelObservation } from '../observe.ts';
import type { DuelState } from '../state.ts';

export const duelAgent = agentOf<DuelState, DuelObservation>();
