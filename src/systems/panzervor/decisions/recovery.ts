/**
 * Recovery (seed p8 Event card, p13 ability; A-15): turn an own face-down character face up, or
 * put an own removed character on an own tank (face down if two-sided). The Recovery ability
 * cannot restore the character using it (`user`).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { frameArg, removeFrame } from '../../../core/decision/stack.ts';
import { A_PASS, Action, Arg } from '../actions.ts';
import { recoveryOptions } from '../rules/cards.ts';
import { FACE_BACK, FACE_FRONT, REC_CARD, type PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';

export const recovery: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    const n = recoveryOptions(G, s, frameArg(s.pending, Arg.recovery.user), out);
    if (n > 0) return n;
    out[0] = A_PASS;
    return 1;
  },

  apply(G, s, a, ctx) {
    if (a !== A_PASS) {
      const c = Action.read.recover.character(a);
      const t = Action.read.recover.tank(a) - 1;
      if (t < 0) s.chFace[c] = FACE_FRONT;
      else {
        s.chTank[c] = t;
        s.chFace[c] = G.cTwoSided[c] ? FACE_BACK : FACE_FRONT;
      }
    }
    complete(G, s, ctx);
  },

  /** The Recovery card is discarded (an ability exhausted its user already); the phase goes on. */
  close(_G, s) {
    if (frameArg(s.pending, Arg.recovery.source) === REC_CARD) {
      s.discard[s.inPlay]++;
      s.inPlay = -1;
    }
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  recovery.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
