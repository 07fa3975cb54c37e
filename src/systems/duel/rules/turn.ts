/**
 * The sequence of play (RULES.md §2, §3, §5) as pure state transitions. The engine applies them
 * after rolling the dice; the exact odds (odds.ts) apply the same functions to each outcome of
 * the roll, so the two cannot drift apart.
 */
import type { Rules } from '../schema.ts';
import type { DuelState } from '../state.ts';

/** §3 Aim: +1 to the active side's next shot (legal only below maxAim). */
export function takeAim(s: DuelState): void {
  s.aim[s.active]++;
}

/**
 * §4 Fire, after the roll: the aim is spent; a hit removes one wound, and the last wound ends the
 * duel at once (no end of turn). Returns true when the target was killed.
 */
export function resolveShot(s: DuelState, hit: boolean): boolean {
  const me = s.active;
  s.aim[me] = 0;
  if (!hit) return false;
  if (--s.wounds[1 - me] > 0) return false;
  s.winner = me;
  s.over = true;
  return true;
}

/**
 * §2/§5 End of turn: the other side acts next; a round ends after side B (index 1) has acted,
 * whoever went first; after round `turnLimit` the duel is a draw.
 */
export function endTurn(s: DuelState, rules: Rules): void {
  if (s.active === 1) s.turn++;
  s.active = 1 - s.active;
  if (s.turn > rules.turnLimit) {
    s.turn = rules.turnLimit;
    s.over = true;
  }
}
