/**
 * Maintenance/Repair (seed p8, p13, spec §3.9.3): repair an own Immobile tank, take a card other
 * than an Enforcement card from the discard pile, or (Wreckage) remove a wreck from the map.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { removeFrame } from '../../../core/decision/stack.ts';
import { A_PASS, Action, MAINT_REPAIR, MAINT_TAKE } from '../actions.ts';
import { maintOptions } from '../rules/cards.ts';
import { addToHand } from '../rules/deck.ts';
import type { PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';

export const maintenance: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    const n = maintOptions(G, s, out);
    if (n > 0) return n;
    out[0] = A_PASS;
    return 1;
  },

  apply(G, s, a, ctx) {
    if (a !== A_PASS) {
      const what = Action.read.maintenance.what(a);
      const x = Action.read.maintenance.x(a);
      if (what === MAINT_REPAIR) s.immobile[x] = 0;
      else if (what === MAINT_TAKE) {
        s.discard[x]--;
        addToHand(s, s.active, x);
      } else {
        s.wreck[x] = 0;
        s.hex[x] = -1;
      }
    }
    complete(G, s, ctx);
  },

  /** The Event card is discarded; the Event Phase goes on. */
  close(_G, s) {
    s.discard[s.inPlay]++;
    s.inPlay = -1;
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  maintenance.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
