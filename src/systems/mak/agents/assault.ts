/**
 * "assault" (spec §7.3 P2, aggressive): attacks the enemy with the highest expected kill x VP,
 * prefers a simultaneous attack from a stack (it cuts the defender's replies to one, [5.4.2]),
 * enters close quarters combat when its units would not be outnumbered in the hex, advances every
 * other unit towards the nearest enemy through cover, always takes defensive fire, fights
 * continuing CQC.
 */
import { agentOf } from '../../../core/agent.ts';
import type { Engine } from '../engine.ts';
import type { MakObservation } from '../observe.ts';
import { DEAD, MOVED, type MakState } from '../state.ts';
import { missionScore, supportScore, countIn, expectedKill, nearestEnemy, pHitOf, pickBest, reactiveScore, threatFrom, topIs } from './common.ts';

export function assaultScore(minHit: number) {
  return (E: Engine, s: MakState, side: number, code: number): number => {
    const { m, A } = E;
    const K = A.kindIndex;
    const k = A.kindIndexOf(code);
    if (s.pending.depth > 0) {
      // Match the enemy's dog-fight strength x1 in air combat; the rest strafe.
      if (k === K.mission) return missionScore(E, s, side, code, 1);
      if (topIs(s, 'cqcStart')) return A.read.fight.choice(code) === 0 ? 1 : 0;
      return reactiveScore(E, s, code, 0);
    }
    if (k === K.endPhase) return 0;
    const sup = supportScore(E, s, code, 3);
    if (sup !== null) return sup;
    if (k === K.attack) {
      const u = A.read.attack.unit(code), w = A.read.attack.weapon(code), t = A.read.attack.target(code);
      if (pHitOf(m, s, u, w, t) < minHit) return -1;
      return 10 + expectedKill(m, s, u, w, t) * m.uvp[t];
    }
    if (k === K.simul) {
      const u = A.read.simul.unit(code), t = A.read.simul.target(code);
      if (threatFrom(m, s, u) < minHit * 0.5) return -1;
      let sum = 0;
      for (let v = 0; v < m.nu; v++) {
        if (s.hex[v] !== s.hex[u] || m.uside[v] !== side || s.status[v] & DEAD) continue;
        sum += threatFrom(m, s, v) > 0 ? 1 : 0;
      }
      return 10.5 + sum * 0.5 + m.uvp[t] * 0.1;
    }
    if (k === K.assault) {
      const u = A.read.assault.unit(code), d = A.read.assault.dir(code);
      const x = m.grid.nbr[s.hex[u] * 6 + d];
      const ours = countIn(m, s, x, side) + 1;
      const theirs = countIn(m, s, x, 1 - side);
      return ours >= theirs ? 8 + ours - theirs : -1;
    }
    if (k === K.overrun) {
      // [13.2]: overrun an enemy hex of at most two units (one attack, then out the far side).
      const u = A.read.overrun.unit(code), d = A.read.overrun.dir(code);
      const x = m.grid.nbr[s.hex[u] * 6 + d];
      return countIn(m, s, x, 1 - side) <= 2 ? 8.5 : -1;
    }
    if (k === K.move) {
      const u = A.read.move.unit(code), d = A.read.move.dir(code);
      if (!(s.status[u] & MOVED) && threatFrom(m, s, u) > 0.25) return -1; // can already shoot well: stay
      const from = s.hex[u];
      const to = m.grid.nbr[from * 6 + d];
      const gain = nearestEnemy(m, s, side, from) - nearestEnemy(m, s, side, to);
      if (gain <= 0) return -1;
      return 1 + gain + (m.cover[to] ? 0.5 : 0) - u * 0.001;
    }
    return -1;
  };
}

export const assault = agentOf<MakState, MakObservation>()({
  name: 'assault',
  description: 'Aggressive (spec §7.3 P2): best EK x VP attacks, simultaneous attacks from stacks, CQC when not outnumbered, advances through cover, always fires defensively.',
  params: { minHit: { default: 0.2, min: 0, max: 1, description: 'lowest P(hit) worth an offensive shot' } },
  create: (_g, side, p) => {
    const score = assaultScore(p.minHit);
    return {
      decide(ctx) {
        const o = ctx.observe();
        return pickBest(o.E, o.state as MakState, side, ctx.legal, ctx.n, score);
      },
    };
  },
});
