/**
 * Objective (spec §7.3 #3): units go to the objectives (the nearest unit to each takes it, the
 * others support one their side does not hold securely), hold them with Take cover, and shoot
 * the units on or near an objective first; a shooting unit with a target does not walk into
 * close combat, steps out of one it loses, and an officer down to a few men keeps out of reach;
 * keeps the LP for the officer-less units.
 */
import { agentOf } from '../../../core/agent.ts';
import { A } from '../actions.ts';
import type { At43Observation } from '../observe.ts';
import type { At43State } from '../state.ts';
import { bestShot, bestShotForObjectives, disengage, drillOrEnd, goalUnit, has, lpReserve, moveTo, nearestEnemy, objectiveDist, objectiveOf, objectiveToSupport, takeObjective, protectOfficer, rankAround, tactical, type Ctx, quickAnswer } from './common.ts';

/** The nearest objective to unit u's leader and its distance ([-1, Infinity] without objectives). */
function nearestObjective(o: At43Observation, u: number): [number, number] {
  let best = -1;
  let bd = Infinity;
  for (let k = 0; k < o.model.objectives.length; k++) {
    const d = objectiveDist(o, u, k);
    if (d < bd) {
      bd = d;
      best = k;
    }
  }
  return [best, bd];
}

/** Card priority of unit u: the nearer its nearest objective, the earlier. */
const nearestObjectiveFirst = (o: At43Observation, u: number) => -nearestObjective(o, u)[1];
const wagerOne = () => 1;

export const objectiveAgent = agentOf<At43State, At43Observation>()({
  name: 'objective',
  description: 'Takes and holds the objectives with Take cover; shoots what disputes them first (spec §7.3).',
  params: {
    keepOff: { default: 4, description: 'moves toward an objective never end nearer than this to an enemy fighter (cm): a shooting unit does not walk into close combat', min: 0, max: 30 },
    few: { default: 3, description: 'a unit led by its officer and down to this many members keeps him out of the charge reach of enemies who win close combats', min: 0, max: 16 },
    rushShot: { default: 0.5, description: 'no rush toward an objective while a shot worth this many expected kills (cost-weighted) is to be had (a rush forbids shooting)', min: 0, max: 10 },
    hold: { default: 5, description: 'an objective is held once the unit leader is this close to it (cm; control counts fighters within 10 cm)', min: 0, max: 10 },
    near: { default: 30, description: 'an enemy unit whose leader is this close to an objective disputes it, and is shot first (cm)', min: 0, max: 200 },
  },
  create: (_g, _side, p) => {
    const decide = (ctx: Ctx): number => {
      const q = quickAnswer(ctx, ctx.side);
      if (q >= 0) return q;
      const o = ctx.observe();
      const t = tactical(ctx, o, nearestObjectiveFirst, wagerOne);
      if (t >= 0) return t;
      const u = o.unit;
      const canFight = has(ctx, A.encode.fight());
      const mine = objectiveOf(o, u);
      const holding = mine >= 0 && objectiveDist(o, u, mine) <= p.hold + 5;
      // an officer down to a few men steps out of the reach of enemies who win close combats (unless he holds an objective)
      const away = protectOfficer(ctx, o, p.few, holding);
      if (away >= 0) return away;
      if (!o.moved && !canFight && !o.model.units[u].afv) {
        // the nearest unit takes each objective; the others support one not held securely
        const k = mine >= 0 ? mine : objectiveToSupport(o, u);
        if (k >= 0) {
          const a = takeObjective(ctx, o, k, p.hold, p.near, p.keepOff, bestShot(ctx, o)[1], p.rushShot);
          if (a >= 0) return a;
        }
      }
      if (!o.moved && !canFight && o.model.objectives.length === 0) {
        const e = nearestEnemy(o, u);
        const a = e >= 0 ? moveTo(ctx, false, goalUnit(e)) : -1;
        if (a >= 0 && bestShot(ctx, o)[1] <= 0.05) return a;
      }
      // Split fire first when the unit has special weapon bearers and LP to spare
      if (!o.moved && !o.shot && !o.fought && has(ctx, A.encode.drill(3)) && o.lp[o.me] - lpReserve(o) >= 3) return A.encode.drill(3);
      const [shot, value] = bestShotForObjectives(ctx, o, p.near, 2);
      if (shot >= 0 && value > 0.05) return shot;
      if (canFight) {
        // a close combat it loses: step back (unless it holds its objective), else strike
        const back = disengage(ctx, o, holding);
        return back >= 0 ? back : A.encode.fight();
      }
      return drillOrEnd(ctx, o, true, !o.shot);
    };
    return {
      decide,
      /** Priors for the generic search: this agent's choice first (common.ts rankAround). */
      rank(ctx, out) {
        rankAround(ctx, ctx.observe(), decide(ctx), out);
      },
    };
  },
});
