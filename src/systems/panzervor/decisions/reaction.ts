/**
 * A Reaction window (seed p12 "Reactions", spec §3.9.4, A-17, A-18): W1 after an enemy tank's move,
 * W2 before its attack roll, W3 after a hit. The opponent of the active player plays one Reaction
 * card it holds for this window (a Quick Shot with a firing tank and gun), or none. The window
 * opens only when such a card is held (sequence.ts openWindow), at most `reactionsPerAction` times
 * per action.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { frameArg, removeFrame, setFrameArg } from '../../../core/decision/stack.ts';
import { A_PASS, Action, Arg, Push } from '../actions.ts';
import { X_REACTIONS } from '../metrics.ts';
import { eavesdropOptions, reactionOptions } from '../rules/reactions.ts';
import type { PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';
import { resolveReaction, resumeAfterWindow } from './sequence.ts';

export const reaction: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    out[0] = A_PASS;
    return reactionOptions(G, s, frameArg(s.pending, Arg.reaction.window), out, 1);
  },

  apply(G, s, a, ctx) {
    if (a !== A_PASS) {
      const side = 1 - s.active;
      const k = Action.read.reaction.card(a);
      s.hand[side][k]--;
      s.handSize[side]--;
      s.discard[k]++;
      s.reactUsed++;
      ctx.tally.addScalar(X_REACTIONS);
      setFrameArg(s.pending, Arg.reaction.card, k);
      setFrameArg(s.pending, Arg.reaction.firer, Action.read.reaction.firer(a) - 1);
      setFrameArg(s.pending, Arg.reaction.gun, Action.read.reaction.gun(a));
    }
    complete(G, s, ctx);
  },

  /**
   * No Reaction: the interrupted action goes on. A Reaction card: the active player may answer it
   * with Eavesdropping (WR, the only Reaction to a Reaction, seed p12), else it resolves.
   */
  close(G, s, ctx) {
    const w = frameArg(s.pending, Arg.reaction.window);
    const k = frameArg(s.pending, Arg.reaction.card);
    if (k < 0) {
      resumeAfterWindow(G, s, ctx, w);
      return;
    }
    const firer = frameArg(s.pending, Arg.reaction.firer);
    const gun = frameArg(s.pending, Arg.reaction.gun);
    if (eavesdropOptions(G, s, null, 0) > 0) Push.eavesdrop(s.pending, s.active, w, k, firer, gun, 0);
    else resolveReaction(G, s, ctx, w, k, firer, gun);
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  reaction.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
