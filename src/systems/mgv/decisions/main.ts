/**
 * The main decision (seed §1.7, spec §2.1): with nothing pending, the side of the slot declares
 * MOVE or FIRE, or passes declaring one (the action type is used all the same). The engine only
 * asks when both types are left (one type left: that phase starts at once, engine.ts beginSlot).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { Action, D_FIRE, D_MOVE, D_PASS_FIRE, D_PASS_MOVE } from '../actions.ts';
import type { Engine } from '../engine.ts';
import type { MgvState } from '../state.ts';

/** Is action type `type` (0 move, 1 fire) still available to `side` this turn? */
export function available(s: MgvState, side: number, type: number): boolean {
  return s.used[side * 2 + type] === 0;
}

export const main: Decision<Engine, MgvState> = {
  legal(_E, s, out) {
    let n = 0;
    const side = s.phaseSide;
    if (available(s, side, 0)) {
      out[n++] = Action.encode.declare(D_MOVE);
      out[n++] = Action.encode.declare(D_PASS_MOVE);
    }
    if (available(s, side, 1)) {
      out[n++] = Action.encode.declare(D_FIRE);
      out[n++] = Action.encode.declare(D_PASS_FIRE);
    }
    return n;
  },

  apply(E, s, action, ctx) {
    const p = Action.read.declare.choice(action);
    E.startPhase(s, p === D_MOVE || p === D_PASS_MOVE ? 0 : 1, p >= D_PASS_MOVE, ctx);
  },
};
