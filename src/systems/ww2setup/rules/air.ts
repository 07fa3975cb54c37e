/**
 * Air Superiority and Airstrike Availability (seed tables T1, T2; spec §3.2, §3.3): the column of
 * the airstrike table a side rolls on. The air-superiority roll itself is two dice in the set-up
 * sequence (rules/sequence.ts, step 2); its modifier is looked up once (check.ts resolvePlan).
 */
import type { Ww2Options } from '../options.ts';

/** Signed margin a side rolls on (positive = won), or null when it does not roll (spec §3.3, A1). */
export function airstrikeColumn(signed: number, naturalSigned: number, opts: Ww2Options, columns: readonly number[]): number | null {
  let s = signed;
  if (opts.airMargin === 'natural' && s !== 0) s = Math.sign(s) * Math.max(1, Math.abs(naturalSigned));
  const eligible = opts.airstrikeEligibility === 'winnerOnly' ? s >= 1 : opts.airstrikeEligibility === 'winnerAndLoserBy1' ? s >= 1 || s === -1 : s >= -1;
  if (!eligible || s < columns[0]) return null;
  return Math.min(s, columns[columns.length - 1]);
}
