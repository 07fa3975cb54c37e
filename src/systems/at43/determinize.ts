/**
 * What `side` may not see, resampled (the generic search agents' information sets): the
 * opponent's remaining card order is shuffled and an unrevealed opponent wager is redrawn (within
 * 0 .. his cap and LP). Everything else is public, so `observe(determinize(s, side), side)`
 * equals `observe(s, side)`. One clone and one shuffle of at most 12 cards.
 */
import type { Rng } from '../../core/rng/rng.ts';
import type { Model } from './model.ts';
import { wagerHidden } from './observe.ts';
import { maxWager } from './rules/leadership.ts';
import { cloneState, type At43State } from './state.ts';

export function determinize(m: Model, s: At43State, side: number, rng: Rng): At43State {
  const c = cloneState(s);
  const o = 1 - side;
  rng.shuffle(c.seq[o]);
  if (wagerHidden(c) && c.wager[o] >= 0) c.wager[o] = rng.int(maxWager(m, c, o) + 1);
  return c;
}
