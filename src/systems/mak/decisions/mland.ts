/**
 * The emergency landing of a Hornisse immobilized in flight (spec §6 A28, option
 * `hornisseMLanding`): its owner picks a hex within `rules.hornisseLandingRadius` of the hex it was
 * strafing that its suit could enter (rules/landing.ts `canMLand`); it must land if it can, and
 * with no such hex it is destroyed.
 */
import { Arg, Frames, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { canMLand, mLand } from '../rules/landing.ts';
import { killAircraft } from '../rules/support.ts';
import { A_DEAD, A_LANDED, A_MLAND, type MakState } from '../state.ts';

/** Hornisse a, immobilized while strafing over hex `centre`, is to land (decided by its side). */
export function pushMLand(E: Engine, s: MakState, a: number, centre: number): void {
  Push.mLand(s.pending, E.m.aside[a], a, centre);
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const { m, A } = E;
  const a = Arg.mLand.aircraft(s.pending), c = Arg.mLand.centre(s.pending);
  let n = 0;
  for (let h = 0; h < m.n; h++) {
    if (!canMLand(m, s, a, c, h)) continue;
    if (out) out[n] = A.encode.mland(h);
    n++;
    if (firstOnly) return n;
  }
  return n;
}

export const mland: PendingDecision = {
  /** No pass: it must land if it can. */
  legal: (E, s, out) => scan(E, s, out, false),
  apply(E, s, action, ctx) {
    const a = Arg.mLand.aircraft(s.pending);
    Frames.pop(s.pending);
    mLand(E.m, s, ctx, a, E.A.read.mland.hex(action));
  },
  /** No hex to land in within the radius: the Hornisse is destroyed. */
  close(E, s, ctx) {
    const { m } = E;
    const a = Arg.mLand.aircraft(s.pending);
    s.air[a] = (s.air[a] & ~(A_MLAND | A_LANDED)) | A_DEAD;
    killAircraft(m, s, a);
    if (ctx.log) ctx.log(`${m.aid[a]} finds no hex to land in and is destroyed`);
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
