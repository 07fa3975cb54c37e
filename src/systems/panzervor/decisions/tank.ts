/**
 * Which tank acts next on the Action card in play (seed p8 "reveal the card, then declare which
 * tank", p9-p10 cards for several tanks, A-04): a tank that may still use the card (Move or Fire:
 * to move or to fire), or done once one has acted. The chosen tank moves, fires or lays smoke.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { frameArg, removeFrame, setFrameArg } from '../../../core/decision/stack.ts';
import { A_PASS, Action, Arg } from '../actions.ts';
import { AK_ATTACK, AK_MOVE_OR_ATTACK, AK_SMOKE, type PvStatic } from '../model.ts';
import { tankModes } from '../rules/cards.ts';
import type { PvState } from '../state.ts';
import { endCard, nextTank, startAttack, startMove } from './sequence.ts';

export const tank: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    const k = s.card;
    let n = 0;
    if (s.acted.length > 0) out[n++] = A_PASS;
    for (const t of G.sideTanks[s.active]) {
      const modes = tankModes(G, s, t, k);
      if (modes === 0) continue;
      if (G.kKind[k] === AK_MOVE_OR_ATTACK) {
        if (modes & 1) out[n++] = Action.encode.tank(0, t);
        if (modes & 2) out[n++] = Action.encode.tank(1, t);
      } else {
        out[n++] = Action.encode.tank(modes === 2 ? 1 : 0, t);
      }
    }
    if (n === 0) out[n++] = A_PASS;
    return n;
  },

  apply(G, s, a, ctx) {
    if (a !== A_PASS) {
      const t = Action.read.tank.tank(a);
      const mode = Action.read.tank.mode(a);
      s.acted.push(t);
      if (G.opt.reactionLimit === 'perTankAction') s.reactUsed = 0;
      s.cardMode = mode;
      setFrameArg(s.pending, Arg.tank.tank, t);
      setFrameArg(s.pending, Arg.tank.mode, mode);
    }
    complete(G, s, ctx);
  },

  /** Done: the card ends. Else the tank lays smoke (Smokescreen), moves, or fires. */
  close(G, s) {
    const t = frameArg(s.pending, Arg.tank.tank);
    if (t < 0) {
      endCard(G, s);
      return;
    }
    const kind = G.kKind[s.card];
    if (kind === AK_SMOKE) {
      s.smokeHex.push(s.hex[t]);
      s.smokeSide.push(s.active);
      nextTank(G, s);
    } else if (frameArg(s.pending, Arg.tank.mode) === 0 && kind !== AK_ATTACK) startMove(G, s, t);
    else startAttack(s, t);
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  tank.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
