/**
 * Eavesdropping (seed p12, spec §3.9.4 WR): the active player may answer the opponent's Reaction
 * card with it, cancelling that card (placeholder text, spec §5.3), or let it resolve.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { frameArg, removeFrame, setFrameArg } from '../../../core/decision/stack.ts';
import { A_PASS, Action, Arg } from '../actions.ts';
import { X_REACTIONS } from '../metrics.ts';
import { eavesdropOptions } from '../rules/reactions.ts';
import type { PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';
import { resolveReaction, resumeAfterWindow } from './sequence.ts';

export const eavesdrop: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    out[0] = A_PASS;
    return eavesdropOptions(G, s, out, 1);
  },

  apply(G, s, a, ctx) {
    if (a !== A_PASS) {
      const p = Action.read.eavesdrop.type(a);
      s.hand[s.active][p]--;
      s.handSize[s.active]--;
      s.discard[p]++;
      ctx.tally.addScalar(X_REACTIONS);
      setFrameArg(s.pending, Arg.eavesdrop.used, 1);
    }
    complete(G, s, ctx);
  },

  /** Cancelled: the window closes as if no Reaction was played. Else the Reaction card resolves. */
  close(G, s, ctx) {
    const w = frameArg(s.pending, Arg.eavesdrop.window);
    if (frameArg(s.pending, Arg.eavesdrop.used)) resumeAfterWindow(G, s, ctx, w);
    else resolveReaction(G, s, ctx, w, frameArg(s.pending, Arg.eavesdrop.card), frameArg(s.pending, Arg.eavesdrop.firer), frameArg(s.pending, Arg.eavesdrop.gun));
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  eavesdrop.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
