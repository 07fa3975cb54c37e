/**
 * Assault (spec §7.3 #2): rush into contact with the nearest enemy infantry unit when it is in
 * reach and fight; otherwise combat-move toward it and shoot. Wagers the maximum when an enemy
 * is within rush range.
 */
import { agentOf } from '../../../core/agent.ts';
import { A } from '../actions.ts';
import type { At43Observation } from '../observe.ts';
import type { At43State } from '../state.ts';
import { bestShot, drillOrEnd, goalUnit, has, leaderDist, moveTo, nearestEnemy, tactical } from './common.ts';

export const assaultAgent = agentOf<At43State, At43Observation>()({
  name: 'assault',
  description: 'Rushes into contact and fights, otherwise closes in and shoots; bids high for the initiative when in reach (spec §7.3).',
  params: {
    reach: { default: 6, description: 'extra cm beyond Movement to try a rush', min: 0, max: 20 },
  },
  create: (_g, _side, p) => ({
    decide(ctx) {
      const o = ctx.observe();
      const m = o.model;
      const inReach = (u: number) => {
        const e = nearestEnemy(o, u, true);
        return e >= 0 && leaderDist(o, u, e) <= m.units[u].profile.movement + p.reach;
      };
      const t = tactical(
        ctx,
        o,
        (u) => {
          const e = nearestEnemy(o, u);
          return e < 0 ? 0 : -leaderDist(o, u, e);
        },
        (max) => {
          for (const U of m.units) if (U.side === o.me && o.members[U.index] > 0 && inReach(U.index)) return max;
          return 0;
        },
      );
      if (t >= 0) return t;
      const u = o.unit;
      if (has(ctx, A.encode.fight())) return A.encode.fight();
      if (!o.moved) {
        const e = nearestEnemy(o, u, true) >= 0 ? nearestEnemy(o, u, true) : nearestEnemy(o, u);
        if (e >= 0) {
          const rush = leaderDist(o, u, e) <= m.units[u].profile.movement + p.reach;
          const a = moveTo(ctx, rush, goalUnit(e)) >= 0 ? moveTo(ctx, rush, goalUnit(e)) : moveTo(ctx, false, goalUnit(e));
          if (a >= 0) return a;
        }
      }
      const [shot, value] = bestShot(ctx, o);
      if (shot >= 0 && value > 0.02) return shot;
      return drillOrEnd(ctx, o, false, false);
    },
  }),
});
