/**
 * A side's determinisation: the state with everything the side may not see resampled from `rng`,
 * so that observe(determinize(s, side, rng), side) equals observe(s, side) (the conformance
 * battery checks exactly that). A duel hides nothing, so it is a plain copy; a system with hands,
 * a deck or secret choices redraws them here.
 */
import type { Rng } from '../../core/rng/rng.ts';
import { cloneState, type DuelState } from './state.ts';

export function determinize(s: DuelState, _side: number, _rng: Rng): DuelState {
  return cloneState(s);
}
