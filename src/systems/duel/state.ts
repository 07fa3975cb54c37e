/** The state of one duel: plain data (JSON and structuredClone safe), mutated in place by apply. */
import { cloneDecisionStack, newDecisionStack, type DecisionStack } from '../../core/decision/stack.ts';

export interface DuelState {
  /** Pending decisions (always empty in a duel: the main decision never gives way). */
  pending: DecisionStack;
  wounds: [number, number];
  aim: [number, number];
  /** Side to act. */
  active: number;
  /** Round, from 1. */
  turn: number;
  /** Winning side, or -1. */
  winner: number;
  over: boolean;
}

export function newState(wounds: readonly [number, number], active: number): DuelState {
  return { pending: newDecisionStack(), wounds: [wounds[0], wounds[1]], aim: [0, 0], active, turn: 1, winner: -1, over: false };
}

/** Deep copy: acting on the copy never changes the original. */
export function cloneState(s: DuelState): DuelState {
  return { ...s, pending: cloneDecisionStack(s.pending), wounds: [s.wounds[0], s.wounds[1]], aim: [s.aim[0], s.aim[1]] };
}
