/** The state of one duel: plain data (JSON and structuredClone safe), mutated in place by apply. */
export interface DuelState {
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
  return { wounds: [wounds[0], wounds[1]], aim: [0, 0], active, turn: 1, winner: -1, over: false };
}

/** Deep copy: acting on the copy never changes the original. */
export function clone(s: DuelState): DuelState {
  return { ...s, wounds: [s.wounds[0], s.wounds[1]], aim: [s.aim[0], s.aim[1]] };
}
