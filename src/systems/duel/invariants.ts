/** Invariants the random-playout battery checks after set-up and after every move. */
import type { DuelModel } from './model.ts';
import type { DuelState } from './state.ts';

export function checkInvariants(m: DuelModel, s: DuelState): string[] {
  const bad: string[] = [];
  for (const i of [0, 1]) {
    if (s.wounds[i] < 0) bad.push(`side ${i} has negative wounds`);
    if (s.wounds[i] > m.startWounds[i]) bad.push(`side ${i} has ${s.wounds[i]} wounds, more than its ${m.startWounds[i]} at the start`);
    if (s.aim[i] < 0 || s.aim[i] > m.rules.maxAim) bad.push(`side ${i} aim ${s.aim[i]} out of range`);
  }
  if (s.active !== 0 && s.active !== 1) bad.push(`active side ${s.active}`);
  if (s.turn < 1 || s.turn > m.rules.turnLimit) bad.push(`round ${s.turn} outside 1..${m.rules.turnLimit}`);
  if (s.winner >= 0 && !s.over) bad.push(`side ${s.winner} has won but the duel goes on`);
  if (s.winner >= 0 && s.wounds[1 - s.winner] !== 0) bad.push(`side ${s.winner} won but its opponent has ${s.wounds[1 - s.winner]} wounds`);
  if (!s.over && (s.wounds[0] === 0 || s.wounds[1] === 0)) bad.push('a side has no wound left but the duel goes on');
  return bad;
}
