/**
 * Objective (spec §7.3 #3): units go to the nearest objective, hold it with Take cover, and shoot
 * only units contesting an objective (or the nearest threat once there); keeps 2 LP for a rally.
 */
import { agentOf } from '../../../core/agent.ts';
import { A } from '../actions.ts';
import type { At43Observation } from '../observe.ts';
import type { At43State } from '../state.ts';
import { bestShot, drillOrEnd, goalObjective, goalUnit, has, lpReserve, moveTo, nearestEnemy, tactical } from './common.ts';

function nearestObjective(o: At43Observation, u: number): [number, number] {
  const m = o.model;
  const L = o.leader[u];
  let best = -1;
  let bd = Infinity;
  m.objectives.forEach((ob, k) => {
    const d = Math.sqrt((o.fx[L] - ob.x) ** 2 + (o.fy[L] - ob.y) ** 2);
    if (d < bd) {
      bd = d;
      best = k;
    }
  });
  return [best, bd];
}

export const objectiveAgent = agentOf<At43State, At43Observation>()({
  name: 'objective',
  description: 'Takes and holds the nearest objective with Take cover; shoots what contests it (spec §7.3).',
  params: {
    hold: { default: 7, description: 'distance (cm) from the objective counted as holding it', min: 1, max: 10 },
    contest: { default: 30, description: 'an enemy unit whose leader is this close to an objective contests it (cm)', min: 0, max: 200 },
  },
  create: (_g, _side, p) => ({
    decide(ctx) {
      const o = ctx.observe();
      const t = tactical(
        ctx,
        o,
        (u) => -nearestObjective(o, u)[1],
        () => 1,
      );
      if (t >= 0) return t;
      const u = o.unit;
      const [k, d] = nearestObjective(o, u);
      if (!o.moved && k >= 0 && d > p.hold && !o.model.units[u].afv) {
        const a = moveTo(ctx, false, goalObjective(k));
        if (a >= 0) return a;
      }
      if (!o.moved && k < 0) {
        const e = nearestEnemy(o, u);
        const a = e >= 0 ? moveTo(ctx, false, goalUnit(e)) : -1;
        if (a >= 0) return a;
      }
      // Split fire first when the unit has special weapon bearers and LP to spare
      if (!o.moved && !o.shot && !o.fought && has(ctx, A.encode.drill(3)) && o.lp[o.me] - lpReserve(o) >= 3) return A.encode.drill(3);
      // shoot only the units contesting an objective (spec §7.3); otherwise hold and overwatch
      const m = o.model;
      const contests = (v: number) => {
        if (m.objectives.length === 0) return true;
        const L = o.leader[v];
        for (const ob of m.objectives) if (Math.hypot(o.fx[L] - ob.x, o.fy[L] - ob.y) <= p.contest) return true;
        return false;
      };
      const [shot, value] = bestShot(ctx, o, contests);
      if (shot >= 0 && value > 0.05) return shot;
      if (A.is(ctx.legal[ctx.n - 1], 'end')) return drillOrEnd(ctx, o, true, !o.shot);
      return A.encode.end();
    },
  }),
});
