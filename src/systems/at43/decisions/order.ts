/**
 * Ordering the activation sequence (seed p.55): each side lays the cards of all its units face
 * down, one decision per card, in the order it means to play them (secret: observe.ts withholds
 * the opponent's). Frame `order` of each side, side 0's on top; when the last side has laid its
 * cards, the authority test follows.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { sideToAct } from '../../../core/decision/stack.ts';
import { A } from '../actions.ts';
import { startAuthority, type At43Engine } from '../engine.ts';
import type { At43State } from '../state.ts';

/** Units of `side` on the table whose card is not laid yet. */
function unitsLeftToOrder(E: At43Engine, s: At43State, side: number): number {
  let n = 0;
  for (let u = 0; u < E.m.units.length; u++) if (E.m.units[u].side === side && s.members[u] > 0 && s.seq[side].indexOf(u) < 0) n++;
  return n;
}

export const order: Decision<At43Engine, At43State> = {
  legal(E, s, out) {
    const side = sideToAct(s.pending, 0);
    let n = 0;
    for (let u = 0; u < E.m.units.length; u++) if (E.m.units[u].side === side && s.members[u] > 0 && s.seq[side].indexOf(u) < 0) out[n++] = A.encode.order(u);
    return n;
  },
  apply(E, s, a, ctx) {
    const side = sideToAct(s.pending, 0);
    s.seq[side].push(A.read.order.unit(a));
    if (unitsLeftToOrder(E, s, side) === 0) E.D.finish(E, s, ctx);
  },
  /** The side's sequence is laid; after the last side's (its frame the only one left), the authority test. */
  close(E, s) {
    if (s.pending.depth === 1) startAuthority(E, s);
  },
};
