/**
 * A power module's points into speed, +1" each (seed §1.5 Power Module, spec §3.12.5), asked of
 * each base with a power module before it moves. Committing points uses the module this turn
 * (option powerModuleUse: no Po suppression at the Reset in the exclusive reading).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { Action, FA, FP } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { allowanceOf, powerAvailable } from '../rules/movement.ts';
import type { MgvState } from '../state.ts';
import { moverCanAct, nextMover } from './move-phase.ts';

export const power: Decision<Engine, MgvState> = {
  legal(E, s, out) {
    const av = powerAvailable(E.m, s, FA.power.unit(s.pending));
    let n = 0;
    for (let k = 0; k <= av; k++) out[n++] = Action.encode.power(k);
    return n;
  },

  apply(E, s, action, ctx) {
    const i = FA.power.unit(s.pending);
    const p = Action.read.power.points(action);
    const u = s.units[i];
    u.powerSpeed = p;
    if (p > 0) {
      u.powerUsed = true;
      u.activeTurn = true;
    }
    u.allowance = allowanceOf(E.m, s, i);
    E.finish(s, ctx);
  },

  /** The same base moves next if it can; else the next base. */
  close(E, s, ctx) {
    const i = FA.power.unit(s.pending);
    if (moverCanAct(E.m, s, i)) FP.move(s.pending, s.phaseSide, i);
    else nextMover(E, s, ctx, i + 1);
  },
};
