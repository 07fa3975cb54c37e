/**
 * evaluate(state, side) in [0, 1] for the generic search agents: a blend of the share of army
 * points still standing on each side and the victory-point lead, squashed into a probability.
 */
import type { Model } from './model.ts';
import type { At43State } from './state.ts';

export function evaluate(m: Model, s: At43State, side: number): number {
  if (s.result) return s.result.winner === side ? 1 : s.result.winner < 0 ? 0.5 : 0;
  const left = [0, 0];
  const total = [0, 0];
  for (const U of m.units) {
    total[U.side] += U.cost;
    left[U.side] += U.fielded > 0 ? (U.cost * s.members[U.index]) / U.fielded : 0;
  }
  const mine = total[side] > 0 ? left[side] / total[side] : 0;
  const theirs = total[1 - side] > 0 ? left[1 - side] / total[1 - side] : 0;
  const vpLead = s.vp[side] - s.vp[1 - side];
  const x = 3 * (mine - theirs) + (m.victory === 'annihilation' ? 0 : 0.6 * vpLead);
  return 1 / (1 + Math.exp(-x));
}
