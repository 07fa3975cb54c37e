/**
 * Assault (spec §7.3 #2): rush into contact with the nearest enemy infantry unit when it is in
 * reach and fight; otherwise combat-move toward it and shoot. Wagers the maximum when an enemy
 * is within rush range.
 * Charges only where close combat favours its fighters (the spec's close-combat armies); a unit
 * that would lose a close combat shoots, advances, and steps out of one it is caught in.
 * On a scenario with objectives (p.72-73), the unit nearest each objective takes it (a rush when
 * it is far) and holds it, charging only enemies that come to dispute it; the others charge the
 * enemy units on or near an objective first.
 */
import { agentOf } from '../../../core/agent.ts';
import { A } from '../actions.ts';
import type { At43Observation } from '../observe.ts';
import type { At43State } from '../state.ts';
import { bestShotForObjectives, nearestEnemyFirst, disengage, drillOrEnd, goalUnit, has, leaderDist, meleeFavours, moveTo, nearestEnemy, nearObjective, objectiveDist, objectiveOf, objectiveToSupport, takeObjective, rankAround, tactical, type Ctx, quickAnswer } from './common.ts';

export const assaultAgent = agentOf<At43State, At43Observation>()({
  name: 'assault',
  description: 'Rushes into contact and fights, otherwise closes in and shoots; bids high for the initiative when in reach; takes and holds the objectives with the nearest units (spec §7.3).',
  params: {
    reach: { default: 6, description: 'extra cm beyond Movement to try a rush', min: 0, max: 20 },
    keepOff: { default: 4, description: 'where close combat does not favour it: moves toward an objective never end nearer than this to an enemy fighter while it has a shot (cm)', min: 0, max: 30 },
    rushShot: { default: 0.5, description: 'no rush toward an objective while a shot worth this many expected kills (cost-weighted) is to be had (a rush forbids shooting)', min: 0, max: 10 },
    hold: { default: 5, description: 'an objective is held once the unit leader is this close to it (cm; control counts fighters within 10 cm)', min: 0, max: 10 },
    near: { default: 20, description: 'enemy units whose leader is this close to an objective are charged and shot first (cm)', min: 0, max: 200 },
  },
  create: (_g, _side, p) => {
    const inReach = (o: At43Observation, u: number) => {
      const e = nearestEnemy(o, u, true);
      return e >= 0 && leaderDist(o, u, e) <= o.model.units[u].profile.movement + p.reach;
    };
    /** The maximum when one of its units has an enemy infantry unit within rush reach, else nothing. */
    const wager = (o: At43Observation, max: number) => {
      const units = o.model.units;
      for (let i = 0; i < units.length; i++) if (units[i].side === o.me && o.members[i] > 0 && inReach(o, i)) return max;
      return 0;
    };
    const decide = (ctx: Ctx): number => {
      const q = quickAnswer(ctx, ctx.side);
      if (q >= 0) return q;
      const o = ctx.observe();
      const m = o.model;
      const t = tactical(ctx, o, nearestEnemyFirst, wager);
      if (t >= 0) return t;
      const u = o.unit;
      const k = objectiveOf(o, u);
      const holding = k >= 0 && objectiveDist(o, u, k) <= p.hold + 5;
      const [shot, value] = bestShotForObjectives(ctx, o, p.near, 1.5);
      if (has(ctx, A.encode.fight())) {
        // a close combat it loses: step back (unless it holds its objective), else strike
        const back = disengage(ctx, o, holding);
        return back >= 0 ? back : A.encode.fight();
      }
      if (!o.moved) {
        // charge only where close combat favours it (spec §7.3 #2: close-combat armies); else shoot and advance
        const charge = (e: number) => e >= 0 && meleeFavours(o, u, e);
        if (k >= 0) {
          // the holder: charges an enemy disputing its objective, else takes it
          const e = nearestEnemy(o, u, true);
          if (charge(e) && objectiveDist(o, u, k) <= p.hold && nearObjective(o, e, p.near) && leaderDist(o, u, e) <= m.units[u].profile.movement + p.reach) {
            const a = moveTo(ctx, true, goalUnit(e));
            if (a >= 0) return a;
          }
          const a = takeObjective(ctx, o, k, p.hold, p.near, charge(nearestEnemy(o, u, true)) ? -1 : p.keepOff, shot >= 0 ? value : 0, p.rushShot);
          if (a >= 0) return a;
        } else {
          const e = target(o, u, p.near);
          if (charge(e)) {
            const rush = leaderDist(o, u, e) <= m.units[u].profile.movement + p.reach;
            const a = moveTo(ctx, rush, goalUnit(e)) >= 0 ? moveTo(ctx, rush, goalUnit(e)) : moveTo(ctx, false, goalUnit(e));
            if (a >= 0) return a;
          } else if (!(shot >= 0 && value > 0.05)) {
            // no charge worth making and nothing to shoot: support an objective, else close in
            const s = objectiveToSupport(o, u);
            const a = s >= 0 ? takeObjective(ctx, o, s, p.hold, p.near, p.keepOff, 0, p.rushShot) : e >= 0 ? moveTo(ctx, false, goalUnit(e)) : -1;
            if (a >= 0) return a;
          }
        }
      }
      if (shot >= 0 && value > 0.02) return shot;
      return drillOrEnd(ctx, o, k >= 0, false);
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

/** The enemy a free assault unit charges: the nearest infantry unit on or near an objective, else the nearest infantry unit, else the nearest. */
function target(o: At43Observation, u: number, near: number): number {
  const m = o.model;
  let best = -1;
  let bd = Infinity;
  const side = m.units[u].side;
  for (let i = 0; i < m.units.length; i++) {
    const V = m.units[i];
    if (V.side === side || o.members[V.index] === 0 || V.afv || !nearObjective(o, V.index, near)) continue;
    const d = leaderDist(o, u, V.index);
    if (d < bd) {
      bd = d;
      best = V.index;
    }
  }
  if (best >= 0) return best;
  const e = nearestEnemy(o, u, true);
  return e >= 0 ? e : nearestEnemy(o, u);
}
