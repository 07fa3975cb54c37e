/**
 * "firebase" (spec §7.3 P1, cautious): shoots only at P(hit) >= minHit or at immobilized targets,
 * moves only units without such a shot, one hex at a time towards the enemy but never next to an
 * enemy, preferring forest and buildings; never starts close quarters combat; takes every defensive
 * shot except laser shots below saveLaser (depletion risk); leaves a continuing CQC alone when
 * outnumbered.
 */
import { agentOf } from '../../../core/agent.ts';
import { Frames } from '../actions.ts';
import type { Engine } from '../engine.ts';
import type { MakObservation } from '../observe.ts';
import { IMMOBILE, MOVED, type MakState } from '../state.ts';
import { missionScore, bestHit, supportScore, countIn, expectedKill, nearestEnemy, pHitOf, pickBest, reactiveScore, topIs } from './common.ts';

export function firebaseScore(minHit: number, saveLaser: number) {
  return (E: Engine, s: MakState, side: number, code: number): number => {
    const { m, A } = E;
    const K = A.kindIndex;
    const k = A.kindIndexOf(code);
    if (s.pending.depth > 0) {
      // Match the enemy's dog-fight strength x1.5 in air combat; the rest strafe.
      if (k === K.mission) return missionScore(E, s, side, code, 1.5);
      if (topIs(s, 'cqcStart')) {
        const h = Frames.arg(s.pending, 'cqcStart', 'hex');
        const fight = countIn(m, s, h, side) >= countIn(m, s, h, 1 - side);
        return A.read.fight.choice(code) === 0 ? (fight ? 1 : 0) : 0.5;
      }
      return reactiveScore(E, s, code, saveLaser);
    }
    if (k === K.endPhase) return 0;
    const sup = supportScore(E, s, code, 3);
    if (sup !== null) return sup;
    if (k === K.attack) {
      const u = A.read.attack.unit(code), w = A.read.attack.weapon(code), t = A.read.attack.target(code);
      if (pHitOf(m, s, u, w, t) < minHit && !(s.status[t] & IMMOBILE)) return -1;
      return 10 + expectedKill(m, s, u, w, t) * m.uvp[t];
    }
    if (k === K.simul) return -1;
    if (k === K.assault) return -1;
    if (k === K.move) {
      const u = A.read.move.unit(code), d = A.read.move.dir(code);
      if (!(s.status[u] & MOVED) && bestHit(m, s, u) >= minHit) return -1; // it has a good shot: take it instead
      const from = s.hex[u];
      const to = m.grid.nbr[from * 6 + d];
      const dTo = nearestEnemy(m, s, side, to);
      if (dTo <= 1) return -1;
      const gain = nearestEnemy(m, s, side, from) - dTo;
      if (gain <= 0 || dTo < 3) return -1;
      return 1 + gain + (m.cover[to] ? 1 : 0) - u * 0.001;
    }
    return -1;
  };
}

export const firebase = agentOf<MakState, MakObservation>()({
  name: 'firebase',
  description: 'Cautious (spec §7.3 P1): shoots at P(hit) >= minHit, keeps distance, never starts CQC, saves lasers on poor defensive shots.',
  params: {
    minHit: { default: 0.42, min: 0, max: 1, description: 'lowest P(hit) worth an offensive shot (0.42 = T 7 in sum mode)' },
    saveLaser: { default: 0.17, min: 0, max: 1, description: 'defensive laser shots below this P(hit) are declined' },
  },
  create: (_g, side, p) => {
    const score = firebaseScore(p.minHit, p.saveLaser);
    return {
      decide(ctx) {
        const o = ctx.observe();
        return pickBest(o.E, o.state as MakState, side, ctx.legal, ctx.n, score);
      },
    };
  },
});
