/**
 * Gunline (spec §7.3 #1): shoot the unit that maximises expected kills; move toward the enemy
 * only when nothing is in reach; end with Take cover when threatened, Overwatch when it did not
 * fire. Cards: units with a target in range first. Wagers 0-1 LP.
 */
import { agentOf } from '../../../core/agent.ts';
import type { At43Observation } from '../observe.ts';
import type { At43State } from '../state.ts';
import { bestShot, drillOrEnd, goalUnit, leaderDist, moveTo, nearestEnemy, tactical } from './common.ts';

export const gunlineAgent = agentOf<At43State, At43Observation>()({
  name: 'gunline',
  description: 'Shoots for expected kills, closes in only when nothing is in reach, Take cover / Overwatch at the end (spec §7.3).',
  params: {
    threat: { default: 70, description: 'enemy leader within this distance (cm): Take cover (about the reach of a nanoblaster salvo)', min: 0, max: 200 },
    close: { default: 30, description: 'closes in only while the nearest enemy is farther than this (cm)', min: 0, max: 200 },
    wager: { default: 1, description: 'authority wager (LP)', min: 0, max: 7 },
  },
  create: (_g, _side, p) => ({
    decide(ctx) {
      const o = ctx.observe();
      const t = tactical(
        ctx,
        o,
        (u) => {
          const e = nearestEnemy(o, u);
          return e < 0 ? 0 : -leaderDist(o, u, e);
        },
        () => p.wager,
      );
      if (t >= 0) return t;
      const u = o.unit;
      const [shot, value] = bestShot(ctx, o);
      if (shot >= 0 && value > 0.05) return shot;
      if (!o.moved && !o.shot) {
        const e = nearestEnemy(o, u);
        if (e >= 0 && leaderDist(o, u, e) > p.close) {
          const a = moveTo(ctx, false, goalUnit(e));
          if (a >= 0) return a;
        }
      }
      const e = nearestEnemy(o, u);
      const threatened = e >= 0 && leaderDist(o, u, e) < p.threat;
      return drillOrEnd(ctx, o, threatened, !o.shot);
    },
  }),
});
