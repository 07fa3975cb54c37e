/**
 * What a side sees. Ma.K without the optional concealment rule ([15.0]) hides one thing: the Air
 * Commitment Cards are filled in secretly and revealed together ([10.1.1]). While a commitment is
 * pending, a side sees its own aircraft's missions and not the other side's; at every other moment
 * it sees the whole state (read-only, with the compiled engine to interpret it). determinize.ts
 * resamples the hidden missions.
 */
import { Frames } from './actions.ts';
import type { Engine } from './engine.ts';
import { A_AIR, A_GROUND, A_SET, A_WDRAW, type MakState } from './state.ts';

export interface MakObservation {
  readonly side: number;
  readonly state: Readonly<MakState>;
  readonly E: Engine;
}

/** Is an Air Commitment card still being filled in? */
export function commitPending(s: MakState): boolean {
  return Frames.has(s.pending, 'commit');
}

export function observe(E: Engine, s: MakState, side: number): MakObservation {
  if (!commitPending(s)) return { side, state: s, E };
  const air = s.air.slice();
  for (let a = 0; a < E.m.na; a++) if (E.m.aside[a] !== side) air[a] &= ~(A_AIR | A_GROUND | A_SET | A_WDRAW);
  return { side, state: { ...s, air }, E };
}
