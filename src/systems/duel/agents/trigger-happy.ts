/** Fires at once, every turn. */
import { FIRE } from '../actions.ts';
import { duelAgent } from './define.ts';

export const triggerHappy = duelAgent({
  name: 'trigger-happy',
  description: 'Always fires.',
  params: {},
  create: () => ({
    decide: () => FIRE,
    // Its order for the search's priors (Agent.rank): fire first, then aim.
    rank(ctx, out) {
      for (let i = 0; i < ctx.n; i++) out[i] = ctx.legal[i] === FIRE ? 1 : 0;
    },
  }),
});
