/**
 * Turret Rotation after a Movement card (optional rule, seed p13 (1)-(2), spec §3.12.2, A-14): turn
 * the acting tank's turret within what is left of its rotation allowance this turn, or keep it.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { removeFrame } from '../../../core/decision/stack.ts';
import { rotate } from '../../../core/geometry/hex/index.ts';
import { A_PASS, Action } from '../actions.ts';
import type { PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';
import { afterTurret } from './sequence.ts';

export const turret: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    const t = s.mvTank;
    let n = 0;
    out[n++] = A_PASS;
    const left = G.tRot[t] - s.rotUsed[t];
    for (let k = -Math.min(left, 2); k <= Math.min(left, 3); k++) if (k !== 0) out[n++] = Action.encode.turret(rotate(s.turret[t], k));
    return n;
  },

  apply(G, s, a, ctx) {
    const t = s.mvTank;
    if (a !== A_PASS) {
      const p = Action.read.turret.offset(a);
      const d = ((p - s.turret[t]) % 6 + 6) % 6;
      s.rotUsed[t] += d > 3 ? 6 - d : d;
      s.turret[t] = p;
      s.rotTurn[t] = s.turn;
    }
    complete(G, s, ctx);
  },

  /** Then the attack part of a move-then-attack card, or the next tank (sequence.ts). */
  close(G, s, ctx) {
    afterTurret(G, s, ctx);
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  turret.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
