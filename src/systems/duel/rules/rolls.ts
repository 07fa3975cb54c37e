/**
 * The one roll of the duel (RULES.md §4), shared by the engine, the odds and the agents so that
 * exact and sampled numbers come from one definition: a shot hits when 2d6 + aim >= target.
 */
import { TWO_D6 } from '../../../core/dice/exact.ts';
import type { Fraction } from '../../../core/dice/fraction.ts';
import { roll2d6 } from '../../../core/dice/sample.ts';
import type { Rng } from '../../../core/rng/rng.ts';

export { roll2d6 };

/** Does a 2d6 total `roll` hit with this aim bonus? */
export function hits(roll: number, aim: number, target: number): boolean {
  return roll + aim >= target;
}

/** One shot, rolled on the game's dice stream. */
export function shotHits(dice: Rng, aim: number, target: number): boolean {
  return hits(roll2d6(dice), aim, target);
}

/** Exact P(hit) of one shot. */
export function pHit(aim: number, target: number): Fraction {
  return TWO_D6.probWhere((roll) => hits(roll, aim, target));
}

/** P(hit) as a float (agents and evaluate, where speed matters more than exactness). */
export function hitChance(aim: number, target: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (hits(a + b, aim, target)) ways++;
  return ways / 36;
}
