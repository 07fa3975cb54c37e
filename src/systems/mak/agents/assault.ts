/**
 * "assault" (spec §7.3 P2, aggressive): attacks the enemy with the highest expected kill x VP at
 * P(hit) >= minHit, prefers a simultaneous attack from a stack (it cuts the defender's replies to
 * one, [5.4.2]), enters close quarters combat when its units would not be outnumbered in the hex
 * and it has a weapon able to hit there, advances every other unit towards the nearest enemy
 * through cover and round minefields, takes every defensive shot that can hit, fights continuing
 * CQC while its strikes are worth something. The shared rules (boosters, smoke, unarmed units) are
 * planner.ts's.
 */
import { agentOf } from '../../../core/agent.ts';
import type { MakObservation } from '../observe.ts';
import type { MakState } from '../state.ts';
import { AIR_KEEP } from './common.ts';
import { Planner, type Style } from './planner.ts';

export const assaultStyle = (minHit: number, plan = true): Style => ({ plan, minHit, saveLaser: 0, airKeep: AIR_KEEP, cqc: true, keepOff: 0, fightAlways: false, replyWeight: 1, riskWeight: 1 });

export const assault = agentOf<MakState, MakObservation>()({
  name: 'assault',
  description: 'Aggressive (spec §7.3 P2): best EK x VP attacks, simultaneous attacks from stacks, CQC when not outnumbered and able to hit, advances through cover and round minefields, fires defensively whenever it can hit.',
  params: {
    minHit: { default: 0.28, min: 0, max: 1, description: 'lowest P(hit) worth an offensive shot' },
    plan: { default: true, description: 'plan firing positions over the reachable hexes (false: approach the enemy by the cheap field only, for search rollouts)' },
  },
  create: (_g, side, p) => {
    let planner: Planner | null = null;
    const plan = (o: MakObservation): Planner => (planner ??= new Planner(o.E, side, assaultStyle(p.minHit, p.plan)));
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
