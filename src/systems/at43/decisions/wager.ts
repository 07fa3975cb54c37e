/**
 * The authority test (seed p.55): each side secretly wagers 0 .. its Commander's rank + 1 LP
 * (A7 without a Commander); once both are in, the wagers are spent and revealed and each side
 * rolls d6 + Authority + wager, ties re-rolled with the same values; the winner names the first
 * player. Frame `wager` of each side (observe.ts hides a wager until both are in).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { sideToAct } from '../../../core/decision/stack.ts';
import { A, F } from '../actions.ts';
import type { At43Engine } from '../engine.ts';
import { M } from '../metrics.ts';
import { authorityOf, maxWager, spend } from '../rules/leadership.ts';
import { rollAuthority } from '../rules/rolls.ts';
import type { At43State } from '../state.ts';

export const wager: Decision<At43Engine, At43State> = {
  legal(E, s, out) {
    const mx = maxWager(E.m, s, sideToAct(s.pending, 0));
    let n = 0;
    for (let w = 0; w <= mx; w++) out[n++] = A.encode.wager(w);
    return n;
  },
  apply(E, s, a, ctx) {
    s.wager[sideToAct(s.pending, 0)] = A.read.wager.lp(a);
    E.D.finish(E, s, ctx);
  },
  /** Both wagers in (this frame the only one left): spent, the dice rolled, the winner names the first player. */
  close(E, s, ctx) {
    if (s.pending.depth !== 1) return;
    const m = E.m;
    spend(s, 0, s.wager[0], ctx);
    spend(s, 1, s.wager[1], ctx);
    const w = rollAuthority(ctx.dice, authorityOf(m, s, 0), authorityOf(m, s, 1));
    s.authorityWinner = w;
    if (w === 0) ctx.tally.addScalar(M.scalar.authorityWinsA);
    if (ctx.log) ctx.log(`authority test: wagers ${s.wager[0]} / ${s.wager[1]}, ${m.sides[w]} wins`);
    F.push(s.pending, 'first', w);
  },
};
