/**
 * Observation and determinisation. Ma.K without the optional concealment rule ([15.0]) hides one
 * thing: the Air Commitment Cards are filled in secretly and revealed together ([10.1.1]). While a
 * commitment is pending, a side sees its own aircraft's missions and not the other side's; at every
 * other moment it sees the whole state (read-only, with the compiled engine to interpret it).
 * The determinisation resamples the hidden missions.
 */
import type { Rng } from '../../core/rng/rng.ts';
import { FID } from './actions.ts';
import type { Engine } from './engine.ts';
import { A_AIR, A_GROUND, A_SET, A_WDRAW, cloneState, type MakState } from './state.ts';

export interface MakObservation {
  readonly side: number;
  readonly state: Readonly<MakState>;
  readonly E: Engine;
}

function commitPending(s: MakState): boolean {
  for (let f = 0; f < s.pending.depth; f++) if (s.pending.words[f * 8] === FID.commit) return true;
  return false;
}

export function observe(E: Engine, s: MakState, side: number): MakObservation {
  if (!commitPending(s)) return { side, state: s, E };
  const air = s.air.slice();
  for (let a = 0; a < E.m.na; a++) if (E.m.aside[a] !== side) air[a] &= ~(A_AIR | A_GROUND | A_SET | A_WDRAW);
  return { side, state: { ...s, air }, E };
}

export function determinize(E: Engine, s: MakState, side: number, rng: Rng): MakState {
  const c = cloneState(s);
  if (!commitPending(s)) return c;
  for (let a = 0; a < E.m.na; a++) {
    if (E.m.aside[a] === side || !(c.air[a] & A_SET)) continue;
    c.air[a] = (c.air[a] & ~(A_AIR | A_GROUND | A_WDRAW)) | (rng.int(2) === 0 ? A_AIR : A_GROUND); // a hidden withdrawal is rare: not sampled
  }
  return c;
}
