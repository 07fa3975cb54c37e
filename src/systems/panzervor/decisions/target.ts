/**
 * The acting tank's target and gun (seed p10-p11, spec §3.5-3.8): every enemy tank it may attack
 * with each gun (range, line of sight, arcs, extreme range; Volley Fire keeps the first target),
 * the secondary gun of a multi-gun tank first (the undeclared default, seed p11); no attack is
 * possible on a move-then-attack card or when nothing is in sight.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { frameArg, removeFrame, setFrameArg } from '../../../core/decision/stack.ts';
import { A_PASS, Action, Arg } from '../actions.ts';
import { AK_MOVE_THEN_ATTACK, type PvStatic } from '../model.ts';
import { NOT_ELIGIBLE, eligibility } from '../rules/fire.ts';
import type { PvState } from '../state.ts';
import { fire, nextTank } from './sequence.ts';

export const target: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    const k = s.card;
    const t = s.acted[s.acted.length - 1];
    const only = G.kSame[k] && s.volleyTarget >= 0 ? s.volleyTarget : -1;
    const noRoll = G.kNoRoll[k] === 1;
    let n = 0;
    // A multi-gun tank that fires without declaring uses its secondary gun (seed p11): listed first.
    for (let g = G.nG[t] - 1; g >= 0; g--) {
      for (let u = 0; u < G.nT; u++) {
        if (only >= 0 && u !== only) continue;
        if (eligibility(G, s, t, g, u, G.kAtk[k], noRoll) !== NOT_ELIGIBLE) out[n++] = Action.encode.target(g, u);
      }
    }
    if (G.kKind[k] === AK_MOVE_THEN_ATTACK || n === 0) out[n++] = A_PASS;
    return n;
  },

  apply(G, s, a, ctx) {
    if (a !== A_PASS) {
      setFrameArg(s.pending, Arg.target.target, Action.read.target.target(a));
      setFrameArg(s.pending, Arg.target.gun, Action.read.target.gun(a));
    }
    complete(G, s, ctx);
  },

  /** The attack (declared, W2, the rolls: sequence.ts), or the next tank when there is none. */
  close(G, s, ctx) {
    const tgt = frameArg(s.pending, Arg.target.target);
    if (tgt < 0) nextTank(G, s);
    else fire(G, s, ctx, tgt, frameArg(s.pending, Arg.target.gun));
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  target.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
