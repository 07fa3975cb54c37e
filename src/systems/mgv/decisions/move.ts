/**
 * A base's move decision (seed §4.0, §1.5 Engineering and Jammer, 2017 #202): one leg at a time
 * (a turn from the options of actions.ts, then a straight advance, or reversing with option
 * allowReverse), an engineering action, a move-phase jamming, a self-destruct, or the end of its
 * movement. The base decides again while it can act (move-phase.ts afterMove); then the next base.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { turnCost } from '../../../core/geometry/table/index.ts';
import { Action, DISTS, DIST_F, END_UNIT, K, LEG_0, LEG_END, LEG_REVERSE, LEG_TURN, N_REL_TURNS, SELF_DESTRUCT, ZERO_TURN, relTurn, FA } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { deltaToFace, moveLeg } from '../rules/movement.ts';
import { ENG_BRIDGE, canEngineer, canJam, doEngineer, engPointsLeft } from '../rules/payloads.ts';
import { pursuitFollow } from '../rules/pursuit.ts';
import { killUnit } from '../rules/reset.ts';
import type { MgvState } from '../state.ts';
import { startJam } from './counter-jam.ts';
import { afterMove, nextMover } from './move-phase.ts';

export const move: Decision<Engine, MgvState> = {
  /** END_UNIT, the legs (in increasing turn, distance, reverse, end order: agents/common.ts hasLeg relies on it), engineering, jamming, self-destruct. */
  legal(E, s, out) {
    const m = E.m;
    const units = s.units;
    const N = units.length;
    let n = 0;
    const i = FA.move.unit(s.pending);
    const u = units[i];
    out[n++] = END_UNIT;
    const allowance = u.allowance;
    if (allowance >= 0.5 - 1e-9 && u.legs < m.o.maxLegs) {
      const lastLeg = u.legs + 1 >= m.o.maxLegs;
      const step = m.data.turnCost.step;
      const cost = m.data.turnCost.cost;
      const revs = m.o.allowReverse ? 2 : 1;
      const END = LEG_END;
      const REV = LEG_REVERSE;
      const relCost = m.relTurnCost;
      const nd = DISTS.length;
      // distances within the whole allowance: a leg's (after its turn) is a prefix of these
      let dAll = 0;
      while (dAll < nd && DIST_F[dAll] <= allowance + 1e-9) dAll++;
      for (let t = 0; t < N_REL_TURNS + N; t++) {
        let tc: number;
        let d0: number;
        if (t < N_REL_TURNS) {
          tc = relCost[t];
          d0 = t === ZERO_TURN ? 1 : 0;
        } else {
          const k = t - N_REL_TURNS;
          const o = units[k];
          if (k === i || !o.alive) continue;
          const delta = deltaToFace(u, o.x, o.y);
          tc = turnCost(delta, step, cost);
          d0 = Math.abs(delta) < 1e-9 ? 1 : 0;
        }
        if (tc > allowance + 1e-9) continue;
        const left = allowance - tc + 1e-9;
        const base = LEG_0 + t * LEG_TURN; // Action.encode.leg(0, t, 0, 0)
        if (revs === 1) {
          // the first distance beyond `left` (DISTS increase; left <= allowance + 1e-9)
          let d1 = dAll;
          while (d1 > d0 && DIST_F[d1 - 1] > left) d1--;
          if (lastLeg) {
            for (let d = d0; d < d1; d++) out[n++] = base + d + END;
          } else {
            for (let d = d0; d < d1; d++) {
              out[n] = base + d;
              out[n + 1] = base + d + END;
              n += 2;
            }
          }
          continue;
        }
        for (let d = d0; d < nd && DISTS[d] <= left; d++) {
          for (let rev = 0; rev < (d > 0 ? revs : 1); rev++) {
            const c = base + d + (rev ? REV : 0);
            if (!lastLeg) out[n++] = c;
            out[n++] = c + END;
          }
        }
      }
    }
    if (engPointsLeft(m, s, i) > 0) {
      const T = Math.max(m.features.length, N);
      for (let a = 0; a <= ENG_BRIDGE; a++) for (let t = 0; t < T; t++) if (canEngineer(m, s, i, a, t)) out[n++] = Action.encode.engineer(t, a);
    }
    if (!m.o.jammerFireOnly) for (let j = 0; j < N; j++) if (canJam(m, s, i, j)) out[n++] = Action.encode.jam(j);
    if (m.o.selfDestruct) out[n++] = SELF_DESTRUCT;
    return n;
  },

  apply(E, s, action, ctx) {
    const m = E.m;
    const i = FA.move.unit(s.pending);
    const u = s.units[i];
    switch (Action.kindIndexOf(action)) {
      case K.leg: {
        const t = Action.read.leg.turn(action);
        const d = DISTS[Action.read.leg.dist(action)];
        const end = Action.read.leg.end(action) !== 0;
        const rev = Action.read.leg.reverse(action) !== 0;
        const delta = t < N_REL_TURNS ? relTurn(t) : deltaToFace(u, s.units[t - N_REL_TURNS].x, s.units[t - N_REL_TURNS].y);
        moveLeg(m, s, i, delta, d, rev, ctx);
        u.legs++;
        if (end || u.trapped || u.infected || u.jam >= 2) u.moveDone = true;
        if (m.o.pursuit) pursuitFollow(m, s, i, ctx);
        afterMove(E, s, ctx);
        return;
      }
      case K.endUnit:
        u.moveDone = true;
        afterMove(E, s, ctx);
        return;
      case K.engineer:
        doEngineer(m, s, i, Action.read.engineer.action(action), Action.read.engineer.target(action), ctx);
        afterMove(E, s, ctx);
        return;
      case K.jam:
        if (!startJam(E, s, i, Action.read.jam.target(action), ctx)) afterMove(E, s, ctx);
        return;
      case K.selfDestruct:
        u.selfDestructed = true;
        killUnit(m, s, i, ctx);
        E.finish(s, ctx);
        return;
    }
    throw new Error(`mgv: action ${action} is not a move-phase action`);
  },

  /** The next base moves. */
  close(E, s, ctx) {
    nextMover(E, s, ctx, FA.move.unit(s.pending) + 1);
  },
};
