/** The End Phase (seed p8): the active player discards cards of its choice, one at a time, down to the hand limit. */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { removeFrame } from '../../../core/decision/stack.ts';
import { Action } from '../actions.ts';
import { endTurn } from '../rules/turn.ts';
import type { PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';

export const discard: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    const h = s.hand[s.active];
    let n = 0;
    for (let k = 0; k < G.nK; k++) if (h[k] > 0) out[n++] = Action.encode.discard(k);
    return n;
  },

  apply(G, s, a, ctx) {
    const p = Action.read.discard.type(a);
    s.hand[s.active][p]--;
    s.handSize[s.active]--;
    s.discard[p]++;
    if (s.handSize[s.active] <= G.rules.handLimit) complete(G, s, ctx);
  },

  /** Down to the limit: the turn ends, the opponent's begins. */
  close(G, s, ctx) {
    endTurn(G, s, ctx);
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  discard.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
