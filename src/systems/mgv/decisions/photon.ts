/**
 * Photon declarations (seed §5.3, spec §3.10): before any attack of the phase, each ready photon
 * weapon (main, then payload) records its target and the range estimated by eye, in half inches
 * (the agent's skill model gives the estimate; the ranging penalty uses the error), or holds.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { Action, K, PHOTON_HOLD, maxEstimateQ, photonCode, FA } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { SLOT_MAIN, SLOT_PAY, canTarget } from '../rules/combat.ts';
import type { MgvState } from '../state.ts';
import { photonsFrom } from './fire-phase.ts';

export const photon: Decision<Engine, MgvState> = {
  legal(E, s, out) {
    const m = E.m;
    const i = FA.photon.unit(s.pending);
    const slot = FA.photon.slot(s.pending);
    let n = 0;
    out[n++] = PHOTON_HOLD;
    const maxQ = maxEstimateQ(m);
    for (let j = 0; j < s.units.length; j++) {
      if (!canTarget(m, s, i, slot, j)) continue;
      const base = photonCode(slot, j, 0);
      for (let q = 1; q <= maxQ; q++) out[n++] = base + q;
    }
    return n;
  },

  apply(E, s, action, ctx) {
    if (Action.kindIndexOf(action) === K.photon) {
      const u = s.units[FA.photon.unit(s.pending)];
      const ps = Action.read.photon.slot(action) === SLOT_PAY ? 1 : 0;
      u.photonTarget[ps] = Action.read.photon.target(action);
      u.photonEst[ps] = Action.read.photon.estimate(action);
    }
    E.finish(s, ctx);
  },

  /** The same base's payload weapon next, then the next base's. */
  close(E, s, ctx) {
    const i = FA.photon.unit(s.pending);
    if (FA.photon.slot(s.pending) === SLOT_MAIN) photonsFrom(E, s, ctx, i, SLOT_PAY);
    else photonsFrom(E, s, ctx, i + 1, SLOT_MAIN);
  },
};
