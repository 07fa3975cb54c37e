/**
 * Jamming in the fire phase (seed §1.5 MGV Jammer, spec §3.12.4, A-18): a jammer ready this turn
 * engages one enemy in its 90° arc and LOS, or does not. The target's side may first commit power
 * points against it (counter-jam.ts). Then the next jammer (fire-phase.ts). A jammer may instead
 * act in its side's move phase (move.ts), once per turn either way.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { Action, JAM_SKIP, K, FA } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { canJam } from '../rules/payloads.ts';
import type { MgvState } from '../state.ts';
import { startJam } from './counter-jam.ts';
import { jammersFrom } from './fire-phase.ts';

export const jam: Decision<Engine, MgvState> = {
  legal(E, s, out) {
    const i = FA.jam.unit(s.pending);
    let n = 0;
    out[n++] = JAM_SKIP;
    for (let j = 0; j < s.units.length; j++) if (canJam(E.m, s, i, j)) out[n++] = Action.encode.jam(j);
    return n;
  },

  apply(E, s, action, ctx) {
    // a counter-jam decision of the target's side interrupts; it finishes this one (counter-jam.ts)
    if (Action.kindIndexOf(action) === K.jam && startJam(E, s, FA.jam.unit(s.pending), Action.read.jam.target(action), ctx)) return;
    E.finish(s, ctx);
  },

  close(E, s, ctx) {
    jammersFrom(E, s, ctx, FA.jam.unit(s.pending) + 1);
  },
};
