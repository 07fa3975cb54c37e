/**
 * Observation and determinisation. Ma.K without the optional concealment rule ([15.0]) and with
 * no hidden set-up is a perfect-information game: a side sees the whole state, read-only, with
 * the compiled engine to interpret it; the determinisation is a plain copy.
 */
import type { Engine } from './engine.ts';
import { cloneState, type MakState } from './state.ts';

export interface MakObservation {
  readonly side: number;
  readonly state: Readonly<MakState>;
  readonly E: Engine;
}

export function observe(E: Engine, s: MakState, side: number): MakObservation {
  return { side, state: s, E };
}

export function determinize(s: MakState): MakState {
  return cloneState(s);
}
