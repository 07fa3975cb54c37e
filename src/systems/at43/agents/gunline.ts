/**
 * Gunline (spec §7.3 #1): shoot the unit that maximises expected kills; move toward the enemy
 * only when nothing is in reach; end with Take cover when threatened, Overwatch when it did not
 * fire. Cards: units with a target in range first. Wagers 0-1 LP.
 * On a scenario with objectives (p.72-73), the unit nearest each objective takes it (a rush while
 * it is far, then combat moves, shooting after them) and holds it; the others go to support an
 * objective their side does not hold securely; all shoot the units on or near an objective first.
 * A unit with a target does not walk into close combat, steps out of one it loses (unless it
 * holds its objective), and an officer down to a few men keeps out of the reach of enemies who
 * win close combats. "Take cover!" only where cover is at hand.
 */
import { agentOf } from '../../../core/agent.ts';
import { A } from '../actions.ts';
import type { At43Observation } from '../observe.ts';
import type { At43State } from '../state.ts';
import { bestShotForObjectives, nearestEnemyFirst, disengage, drillOrEnd, goalUnit, has, leaderDist, moveTo, nearestEnemy, objectiveDist, objectiveOf, objectiveToSupport, takeObjective, protectOfficer, rankAround, tactical, type Ctx, quickAnswer } from './common.ts';

export const gunlineAgent = agentOf<At43State, At43Observation>()({
  name: 'gunline',
  description: 'Shoots for expected kills, closes in only when nothing is in reach, Take cover / Overwatch at the end; takes and holds the objectives with the nearest units (spec §7.3).',
  params: {
    threat: { default: 70, description: 'enemy leader within this distance (cm): Take cover (about the reach of a nanoblaster salvo)', min: 0, max: 200 },
    close: { default: 30, description: 'closes in only while the nearest enemy is farther than this (cm)', min: 0, max: 200 },
    wager: { default: 1, description: 'authority wager (LP)', min: 0, max: 7 },
    keepOff: { default: 4, description: 'moves toward an objective never end nearer than this to an enemy fighter (cm): a shooting unit does not walk into close combat', min: 0, max: 30 },
    few: { default: 3, description: 'a unit led by its officer and down to this many members keeps him out of the charge reach of enemies who win close combats', min: 0, max: 16 },
    rushShot: { default: 0.5, description: 'no rush toward an objective while a shot worth this many expected kills (cost-weighted) is to be had (a rush forbids shooting)', min: 0, max: 10 },
    hold: { default: 5, description: 'an objective is held once the unit leader is this close to it (cm; control counts fighters within 10 cm)', min: 0, max: 10 },
    objectives: { default: true, description: 'takes and holds the objectives (false: shoots and closes in only, the spec §7.3 policy as written)' },
    near: { default: 20, description: 'an enemy unit whose leader is this close to an objective is shot first (cm)', min: 0, max: 200 },
  },
  create: (_g, _side, p) => {
    const wager = () => p.wager;
    const decide = (ctx: Ctx): number => {
      const q = quickAnswer(ctx, ctx.side);
      if (q >= 0) return q;
      const o = ctx.observe();
      const t = tactical(ctx, o, nearestEnemyFirst, wager);
      if (t >= 0) return t;
      const u = o.unit;
      const [shot, value] = bestShotForObjectives(ctx, o, p.near, 1.5);
      const canFight = has(ctx, A.encode.fight());
      const mine = objectiveOf(o, u);
      const holding = mine >= 0 && objectiveDist(o, u, mine) <= p.hold + 5;
      // an officer down to a few men steps out of the reach of enemies who win close combats (unless he holds an objective)
      const away = protectOfficer(ctx, o, p.few, holding);
      if (away >= 0) return away;
      if (!o.moved && !canFight && p.objectives) {
        // objectives first: the unit taking one goes (a rush while far), the others support one
        // not securely held; a shooting unit with a target does not walk into close combat
        const k = mine >= 0 ? mine : objectiveToSupport(o, u);
        if (k >= 0 && objectiveDist(o, u, k) > p.hold) {
          const a = takeObjective(ctx, o, k, p.hold, p.near, p.keepOff, shot >= 0 ? value : 0, p.rushShot);
          if (a >= 0) return a;
        }
      }
      if (shot >= 0 && value > 0.05) return shot;
      if (canFight) {
        // in a close combat it loses, a shooting unit steps back (unless it holds its objective); else it strikes
        const back = disengage(ctx, o, holding);
        return back >= 0 ? back : A.encode.fight();
      }
      if (!o.moved && !o.shot && (o.model.objectives.length === 0 || !p.objectives)) {
        // nothing in reach: close in on the nearest enemy
        const e = nearestEnemy(o, u);
        if (e >= 0 && leaderDist(o, u, e) > p.close) {
          const b = moveTo(ctx, false, goalUnit(e));
          if (b >= 0) return b;
        }
      }
      const e = nearestEnemy(o, u);
      const threatened = e >= 0 && leaderDist(o, u, e) < p.threat;
      return drillOrEnd(ctx, o, threatened, !o.shot);
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
