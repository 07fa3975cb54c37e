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
  }),
});
