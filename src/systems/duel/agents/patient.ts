/** Aims up to `aimTo` (capped by the rules), then fires. */
import { AIM, FIRE } from '../actions.ts';
import { duelAgent } from './define.ts';

/** The policy, shared with the exact odds (odds.ts 'duel'): aim while below min(aimTo, maxAim). */
export function keepsAiming(aim: number, aimTo: number, maxAim: number): boolean {
  return aim < Math.min(aimTo, maxAim);
}

export const patient = duelAgent({
  name: 'patient',
  description: 'Takes aim up to aimTo times, then fires.',
  params: { aimTo: { default: 2, min: 0, max: 6, description: 'aim bonus to reach before firing' } },
  create: (_game, _side, p) => ({
    decide(ctx) {
      const o = ctx.observe();
      return keepsAiming(o.aim[o.me], p.aimTo, o.maxAim) ? AIM : FIRE;
    },
    // Its order for the search's priors (Agent.rank): its choice first.
    rank(ctx, out) {
      const o = ctx.observe();
      const first = keepsAiming(o.aim[o.me], p.aimTo, o.maxAim) ? AIM : FIRE;
      for (let i = 0; i < ctx.n; i++) out[i] = ctx.legal[i] === first ? 1 : 0;
    },
  }),
});
