/**
 * A side's determinisation: the state with what the side may not see resampled. Without the
 * optional concealment rule ([15.0]) Ma.K hides one thing (observe.ts): the other side's Air
 * Commitment Card while a commitment is pending ([10.1.1]); its missions are redrawn here, air or
 * ground at even odds (a hidden withdrawal, [10.1.4], is rare: not sampled). Otherwise a plain copy.
 */
import type { Rng } from '../../core/rng/rng.ts';
import type { Engine } from './engine.ts';
import { commitPending } from './observe.ts';
import { A_AIR, A_GROUND, A_SET, A_WDRAW, cloneState, type MakState } from './state.ts';

export function determinize(E: Engine, s: MakState, side: number, rng: Rng): MakState {
  const c = cloneState(s);
  if (!commitPending(s)) return c;
  for (let a = 0; a < E.m.na; a++) {
    if (E.m.aside[a] === side || !(c.air[a] & A_SET)) continue;
    c.air[a] = (c.air[a] & ~(A_AIR | A_GROUND | A_WDRAW)) | (rng.int(2) === 0 ? A_AIR : A_GROUND);
  }
  return c;
}
