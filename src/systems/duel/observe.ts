/**
 * What a side may know. A duel hides nothing: the observation is the whole table. A system with
 * hidden information (hands, deck order, secret choices) leaves them out of observe() and
 * resamples them in determinize() (determinize.ts).
 */
import type { DuelModel } from './model.ts';
import type { DuelState } from './state.ts';

export interface DuelObservation {
  readonly me: number;
  readonly wounds: readonly [number, number];
  readonly aim: readonly [number, number];
  readonly target: number;
  readonly maxAim: number;
}

/** A fresh object that shares nothing with the state (agents may keep it; they must not mutate it). */
export function observe(m: DuelModel, s: DuelState, side: number): DuelObservation {
  return { me: side, wounds: [s.wounds[0], s.wounds[1]], aim: [s.aim[0], s.aim[1]], target: m.rules.target, maxAim: m.rules.maxAim };
}
