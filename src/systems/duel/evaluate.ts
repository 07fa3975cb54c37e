/**
 * evaluate(state, side) in [0, 1]: an estimated chance that `side` wins (draws count half), for
 * the generic search agents. A crude race: wounds to inflict, each at the best shot's hit chance.
 */
import type { DuelModel } from './model.ts';
import { hitChance } from './rules/rolls.ts';
import type { DuelState } from './state.ts';

export function evaluate(m: DuelModel, s: DuelState, side: number): number {
  if (s.over) return s.winner === side ? 1 : s.winner < 0 ? 0.5 : 0;
  const perHit = Math.max(0.05, hitChance(m.rules.maxAim, m.rules.target));
  const mine = s.wounds[1 - side] / perHit;
  const theirs = s.wounds[side] / perHit;
  return theirs / (mine + theirs);
}
