/**
 * The turn of the active side before it activates a unit (seed p.57, main flow in PH_TURN): play
 * the first card, delay (2 LP, not twice in a row), an extra activation (2 LP, only in the turn
 * after a delay: a `pickExtra` frame), relocate the first card (1 LP), or, with the option
 * `artillery.enabled`, an artillery strike (3 LP, once per round, p.60).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { A, F } from '../actions.ts';
import { checkAnnihilation, normalizeTurn, startActivation, type At43Engine } from '../engine.ts';
import { artilleryStrike, artilleryTarget } from '../rules/artillery.ts';
import { spend } from '../rules/leadership.ts';
import type { At43State } from '../state.ts';

const PLAY = A.encode.turn(0);
const DELAY = A.encode.turn(1);
const EXTRA = A.encode.turn(2);
const K_TURN = A.kindIndex.turn;
const K_ARTILLERY = A.kindIndex.artillery;

function delay(E: At43Engine, s: At43State, side: number, ctx: PlayContext): void {
  spend(s, side, E.m.rules.lp.delay, ctx);
  s.delayedLast[side] = 1;
  if (ctx.log) ctx.log(`${E.m.sides[side]} delays (2 LP)`);
  s.active = 1 - side;
  normalizeTurn(E, s, ctx);
}

export const turn: Decision<At43Engine, At43State> = {
  legal(E, s, out) {
    const m = E.m;
    const side = s.active;
    const q = s.seq[side];
    const lp = s.lp[side];
    let n = 0;
    out[n++] = PLAY;
    if (lp >= m.rules.lp.delay && !s.delayedLast[side] && s.seq[1 - side].length > 0) out[n++] = DELAY;
    if (s.delayedLast[side] && lp >= m.rules.lp.extra && q.length >= 2) out[n++] = EXTRA;
    if (lp >= m.rules.lp.relocate) for (let p = 1; p < q.length; p++) out[n++] = A.encode.relocate(p);
    if (m.opts['artillery.enabled'] && !s.artilleryUsed[side] && lp >= m.rules.lp.artillery)
      for (let v = 0; v < m.units.length; v++) if (m.units[v].side !== side && s.members[v] > 0 && artilleryTarget(m, s, side, v) >= 0) out[n++] = A.encode.artillery(v);
    return n;
  },

  apply(E, s, a, ctx) {
    const m = E.m;
    const side = s.active;
    const kind = A.kindIndexOf(a);
    if (kind === K_TURN) {
      if (a === DELAY) return delay(E, s, side, ctx);
      s.delayedLast[side] = 0;
      if (a === EXTRA) {
        spend(s, side, m.rules.lp.extra, ctx);
        F.push(s.pending, 'pickExtra', side, s.seq[side][0], s.seq[side][1]);
        return;
      }
      return startActivation(E, s, ctx);
    }
    if (kind === K_ARTILLERY) {
      spend(s, side, m.rules.lp.artillery, ctx);
      artilleryStrike(E, s, side, A.read.artillery.target(a), ctx);
      checkAnnihilation(E, s);
      if (!s.result && s.seq[s.active].length === 0) normalizeTurn(E, s, ctx);
      return;
    }
    // relocate the first card (1 LP), then it is played
    spend(s, side, m.rules.lp.relocate, ctx);
    s.delayedLast[side] = 0;
    const q = s.seq[side];
    const u = q.shift()!;
    q.splice(A.read.relocate.pos(a), 0, u);
    startActivation(E, s, ctx);
  },
};
