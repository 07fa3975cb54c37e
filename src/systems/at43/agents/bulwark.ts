/**
 * Bulwark (issue 19): the outgunned side's plan, as a player of the weaker army would play it.
 * Each unit that has low cover within `reach` goes to its post behind it (the side away from the
 * enemy, p.66-67) and fights from there under "Take cover!", instead of walking into the open; at
 * its post a unit with nothing to shoot, or whose best target is `watch` range bands away or more,
 * keeps an Overwatch! marker for the enemy who comes on (p.59). It shoots the units that dispute
 * an objective first. A unit without a post, every unit once its side outnumbers the enemy by
 * `advance`, and a unit whose objective nobody disputes play gunline's objectives (p.72-73): the
 * nearest unit takes the objective, the others support it. Officers are kept out of the reach of
 * close-combat armies, and a unit caught in a losing close combat steps out.
 */
import { agentOf } from '../../../core/agent.ts';
import { hypot } from '../../../core/geometry/table/angles.ts';
import { A } from '../actions.ts';
import { N_DIRS } from '../model.ts';
import type { At43Observation } from '../observe.ts';
import type { At43State } from '../state.ts';
import { bestShotForObjectives, disengage, drillOrEnd, enemyNear, goalUnit, has, leaderDist, lpReserve, moveTo, nearestEnemy, nearestEnemyFirst, objectiveDist, objectiveOf, objectiveToSupport, protectOfficer, rankAround, tactical, takeObjective, type Ctx, quickAnswer } from './common.ts';

/** Fighters alive on a side. */
function strength(o: At43Observation, side: number): number {
  let n = 0;
  for (const U of o.model.units) if (U.side === side) n += o.members[U.index];
  return n;
}

/**
 * The post of unit u behind a low cover obstacle (size one or two below its fighters', p.66-67):
 * the point just beyond the obstacle on the line from the centre of the enemy's leaders through
 * the obstacle's centre (the obstacle stands between them), the nearest such post within `reach`
 * cm of u's leader that is at least `safe` cm from every enemy leader. Written to out as [x, y];
 * false when there is none.
 */
export function postOf(o: At43Observation, u: number, reach: number, safe: number, out: Float64Array): boolean {
  const m = o.model;
  const U = m.units[u];
  let ex = 0;
  let ey = 0;
  let ne = 0;
  for (const V of m.units) {
    if (V.side === U.side || o.members[V.index] === 0) continue;
    ex += o.fx[o.leader[V.index]];
    ey += o.fy[o.leader[V.index]];
    ne++;
  }
  if (ne === 0) return false;
  ex /= ne;
  ey /= ne;
  const L = o.leader[u];
  let bd = Infinity;
  for (const T of m.terrain) {
    const low = U.profile.size - T.size;
    if (!T.cover || (low !== 1 && low !== 2)) continue;
    const cx = (T.x0 + T.x1) / 2;
    const cy = (T.y0 + T.y1) / 2;
    const len = hypot(cx - ex, cy - ey);
    if (len < 1e-9) continue;
    const dx = (cx - ex) / len;
    const dy = (cy - ey) / len;
    // where the ray from the enemy through the obstacle's centre leaves its bounding box, a base and a margin beyond
    const exit = Math.min(Math.abs(dx) > 1e-9 ? (T.x1 - T.x0) / 2 / Math.abs(dx) : Infinity, Math.abs(dy) > 1e-9 ? (T.y1 - T.y0) / 2 / Math.abs(dy) : Infinity);
    const off = exit + U.profile.baseRadius + 1;
    const px = cx + dx * off;
    const py = cy + dy * off;
    const d = hypot(px - o.fx[L], py - o.fy[L]);
    if (d > reach || d >= bd) continue;
    let ok = true;
    for (const V of m.units) if (V.side !== U.side && o.members[V.index] > 0 && hypot(px - o.fx[o.leader[V.index]], py - o.fy[o.leader[V.index]]) < safe) ok = false;
    if (!ok) continue;
    bd = d;
    out[0] = px;
    out[1] = py;
  }
  return bd < Infinity;
}

const POST = new Float64Array(2);

/**
 * The compass move (combat movement, or a rush with `rush`) of unit u that brings its leader
 * nearest (px, py), at least 2 cm nearer than he stands; -1 when none does. A heading move runs
 * the full allowance unless an obstacle stops it: toward a wall, that is the post itself.
 */
function moveToward(ctx: Ctx, o: At43Observation, u: number, px: number, py: number, rush: boolean): number {
  const m = o.model;
  const L = o.leader[u];
  const x = o.fx[L];
  const y = o.fy[L];
  const now = hypot(px - x, py - y);
  const len = m.units[u].profile.movement + (rush ? m.rules.movement.rushInfantry : 0);
  let best = -1;
  let bd = now - 2;
  for (let g = 0; g < N_DIRS; g++) {
    const a = A.encode.move(rush ? 1 : 0, g);
    if (!has(ctx, a)) continue;
    // heading g: (sin, cos) of g × 45° (rules/movement.ts goalVector); stopped by what lies beyond the post
    const t = Math.min(len, now + 1);
    const d = hypot(px - (x + Math.sin((g * Math.PI) / 4) * t), py - (y + Math.cos((g * Math.PI) / 4) * t));
    if (d < bd) {
      bd = d;
      best = a;
    }
  }
  return best;
}

export const bulwarkAgent = agentOf<At43State, At43Observation>()({
  name: 'bulwark',
  description: "The outgunned side's plan: fights from behind low cover under Take cover, overwatches the approaches, takes the objectives once it outnumbers the enemy.",
  params: {
    reach: { default: 30, description: 'a unit goes to a post behind low cover no farther than this from its leader (cm)', min: 0, max: 200 },
    safe: { default: 25, description: 'a post at least this far from every enemy unit leader (cm)', min: 0, max: 100 },
    hold: { default: 6, description: 'a unit whose leader is this close to its post is in place (cm)', min: 0, max: 30 },
    advance: { default: 2, description: 'once its fighters outnumber the enemy\'s by this ratio, the side leaves its posts for the objectives', min: 0, max: 5 },
    watch: { default: 4, description: 'at its post, a unit whose best target stands this many range bands away or more keeps an Overwatch! marker instead of shooting (the enemy who comes on is shot nearer, before he fires)', min: 0, max: 99 },
    stand: { default: false, description: 'a unit without a post stands its ground and shoots until the side attacks (false: it plays the objectives at once)' },
    wager: { default: 2, description: 'authority wager (LP; capped by the officer\'s Authority, p.55)', min: 0, max: 7 },
    wagerLater: { default: 2, description: 'authority wager after the first round (LP)', min: 0, max: 7 },
    postFirst: { default: 0, description: 'card order: units with a post first (1), last (-1), or the nearest the enemy first (0)', min: -1, max: 1 },
    lead: { default: true, description: 'the authority winner plays first (false: names the enemy first player)' },
    few: { default: 3, description: 'a unit led by its officer and down to this many members keeps him out of the charge reach of enemies who win close combats', min: 0, max: 16 },
    near: { default: 20, description: 'an enemy unit whose leader is this close to an objective is shot first (cm)', min: 0, max: 200 },
  },
  create: (_g, _side, p) => {
    const wager = (o: At43Observation) => (o.round <= 1 ? p.wager : p.wagerLater);
    const ORDER = new Float64Array(2);
    const priority = (o: At43Observation, u: number): number => nearestEnemyFirst(o, u) + (p.postFirst !== 0 && postOf(o, u, p.reach, p.safe, ORDER) ? 1000 * p.postFirst : 0);
    const decide = (ctx: Ctx): number => {
      const q = quickAnswer(ctx, p.lead ? ctx.side : 1 - ctx.side);
      if (q >= 0) return q;
      const o = ctx.observe();
      const t = tactical(ctx, o, priority, wager);
      if (t >= 0) return t;
      const u = o.unit;
      const m = o.model;
      const canFight = has(ctx, A.encode.fight());
      const [shot, value] = bestShotForObjectives(ctx, o, p.near, 1.5);
      const away = protectOfficer(ctx, o, p.few, false);
      if (away >= 0) return away;
      if (canFight) {
        const back = disengage(ctx, o, false);
        return back >= 0 ? back : A.encode.fight();
      }
      // the side attacks once it outnumbers the enemy; a unit leaves its post for an objective nobody disputes
      const attack = strength(o, o.me) >= p.advance * strength(o, 1 - o.me);
      const goal = m.objectives.length > 0 && !m.units[u].afv ? (objectiveOf(o, u) >= 0 ? objectiveOf(o, u) : objectiveToSupport(o, u)) : -1;
      const open = goal >= 0 && !enemyNear(o, goal, 1 - o.me, p.near * 1.5);
      const posted = !attack && !open && postOf(o, u, p.reach, p.safe, POST);
      if (posted) {
        const off = hypot(POST[0] - o.fx[o.leader[u]], POST[1] - o.fy[o.leader[u]]);
        if (!o.moved && !o.shot && off > p.hold) {
          // to the post: a rush while nothing is worth shooting, else a combat move (it may shoot after)
          const a = !(shot >= 0 && value > 0.05) ? moveToward(ctx, o, u, POST[0], POST[1], true) : -1;
          if (a >= 0) return a;
          const b = moveToward(ctx, o, u, POST[0], POST[1], false);
          if (b >= 0) return b;
        }
        const spare = o.lp[o.me] - lpReserve(o) >= 1 && has(ctx, A.encode.drill(1));
        if (shot >= 0 && value > 0.02) {
          // a target `watch` bands away or more, from the post: Overwatch! instead (he is shot nearer, when he comes on)
          const far = !o.moved && A.is(shot, 'shoot') && leaderDist(o, u, A.read.shoot.target(shot)) >= p.watch * m.rules.rangeBand.cm;
          return far && spare ? A.encode.drill(1) : shot;
        }
        // in place with nothing to shoot: an Overwatch! marker for the enemy who comes on, then Take cover
        if (!o.shot && spare) return A.encode.drill(1);
        return drillOrEnd(ctx, o, true, false);
      }
      // no post (or the side attacks): gunline's objectives, shooting first
      if (!o.moved && goal >= 0 && (attack || open || !p.stand)) {
        if (objectiveDist(o, u, goal) > 5) {
          const a = takeObjective(ctx, o, goal, 5, p.near, 4, shot >= 0 ? value : 0, 0.5);
          if (a >= 0) return a;
        }
      }
      if (shot >= 0 && value > 0.05) return shot;
      if (!o.moved && !o.shot && m.objectives.length === 0) {
        const e = nearestEnemy(o, u);
        if (e >= 0 && leaderDist(o, u, e) > 30) {
          const b = moveTo(ctx, false, goalUnit(e));
          if (b >= 0) return b;
        }
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
