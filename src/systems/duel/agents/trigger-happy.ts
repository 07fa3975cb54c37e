/** Fires at once, every turn. */
import { FIRE } from '../actions.ts';
import { duelAgent } from './define.ts';

export const triggerHappy = duelAgent({
  name: 'trigger-happy',
  description: 'Always fires.',
  params: {},
  create: () => ({ decide: () => FIRE }),
});
