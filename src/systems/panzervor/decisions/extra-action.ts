/**
 * An Action card in the Event Phase (seed p13: Combat Sense "may also be used during your own
 * Event Phase", A-07; an extra-action scenario card): play one of the Action cards that may be
 * played now, or none. Its tanks act as in the Action Phase; then the Event Phase goes on.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { frameArg, removeFrame, setFrameArg } from '../../../core/decision/stack.ts';
import { A_PASS, Action, Arg } from '../actions.ts';
import { actionCardOptions } from '../rules/cards.ts';
import type { PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';
import { playActionCard } from './sequence.ts';

export const extraAction: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    out[0] = A_PASS;
    return actionCardOptions(G, s, out, 1);
  },

  apply(G, s, a, ctx) {
    if (a !== A_PASS) setFrameArg(s.pending, Arg.extraAction.card, Action.read.card.type(a));
    complete(G, s, ctx);
  },

  /** The card chosen is played (its tanks next); none: back to the Event Phase. */
  close(G, s, ctx) {
    const k = frameArg(s.pending, Arg.extraAction.card);
    if (k >= 0) playActionCard(G, s, ctx, k);
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  extraAction.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
