/**
 * "firebase" (spec §7.3 P1, cautious): shoots only at P(hit) >= minHit or at immobilized targets,
 * weighing the replies a shot from within 3 hexes would draw; moves only units without such a shot,
 * towards the enemy but never closer than 3 hexes, through cover and round minefields; never starts
 * close quarters combat; takes every defensive shot that can hit except laser shots below saveLaser
 * (depletion risk); fights a continuing CQC only when not outnumbered. Its unarmed units (the
 * NeuSpotter, a disarmed suit) fall back out of the enemy's reach, towards its armed units
 * (planner.ts, with the other shared rules).
 */
import { agentOf } from '../../../core/agent.ts';
import type { MakObservation } from '../observe.ts';
import type { MakState } from '../state.ts';
import { AIR_KEEP } from './common.ts';
import { Planner, type Style } from './planner.ts';

export const firebaseStyle = (minHit: number, saveLaser: number, plan = true): Style => ({ plan, minHit, saveLaser, airKeep: AIR_KEEP, cqc: false, keepOff: 3, fightAlways: false, replyWeight: 1, riskWeight: 1 });

export const firebase = agentOf<MakState, MakObservation>()({
  name: 'firebase',
  description: 'Cautious (spec §7.3 P1): shoots at P(hit) >= minHit weighing the replies, keeps 3 hexes off, never starts CQC, saves lasers on poor defensive shots, keeps unarmed units out of reach.',
  params: {
    minHit: { default: 0.4, min: 0, max: 1, description: 'lowest P(hit) worth an offensive shot (0.4: T 6 in sum mode)' },
    saveLaser: { default: 0.17, min: 0, max: 1, description: 'defensive laser shots below this P(hit) are declined' },
    plan: { default: true, description: 'plan firing positions over the reachable hexes (false: approach the enemy by the cheap field only, for search rollouts)' },
  },
  create: (_g, side, p) => {
    let planner: Planner | null = null;
    const plan = (o: MakObservation): Planner => (planner ??= new Planner(o.E, side, firebaseStyle(p.minHit, p.saveLaser, p.plan)));
    return {
      decide(ctx) {
        const o = ctx.observe();
        return plan(o).pick(o.state as MakState, ctx.legal, ctx.n);
      },
      rank(ctx, out) {
        const o = ctx.observe();
        plan(o).rank(o.state as MakState, ctx.legal, ctx.n, out);
      },
    };
  },
});
