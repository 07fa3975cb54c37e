/**
 * What a side may know, and its determinisation. A duel hides nothing: the observation is the
 * whole table, and a side's determinisation is a plain copy. A system with hidden information
 * (hands, deck order, secret choices) leaves them out of observe() and resamples them in
 * determinize(), so that observe(determinize(s, side, rng), side) equals observe(s, side): the
 * conformance battery checks exactly that.
 */
import type { Rng } from '../../core/rng/rng.ts';
import type { DuelModel } from './model.ts';
import { clone, type DuelState } from './state.ts';

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

export function determinize(s: DuelState, _side: number, _rng: Rng): DuelState {
  return clone(s);
}
