/** Invariants checked by the random-playout battery (spec §8.3). */
import type { Model } from './model.ts';
import { SP_STRIDE } from './rules/afv.ts';
import { PH_ACT, type At43State } from './state.ts';

export function checkInvariants(m: Model, s: At43State): string[] {
  const bad: string[] = [];
  if (s.lp[0] < 0 || s.lp[1] < 0) bad.push(`negative LP ${s.lp.join('/')}`);
  for (const U of m.units) {
    let n = 0;
    for (let f = U.first; f < U.first + U.count; f++) {
      if (s.alive[f]) n++;
      if (U.afv) for (let k = 0; k < SP_STRIDE; k++) if (s.sp[f * SP_STRIDE + k] < 0) bad.push(`${U.id} fighter ${f} part ${k} SP below 0`);
      if (!U.afv) for (let k = 0; k < SP_STRIDE; k++) if (s.sp[f * SP_STRIDE + k] !== 0) bad.push(`infantry ${U.id} carries damage`);
      if (U.afv && s.alive[f] && s.sp[f * SP_STRIDE] <= 0) bad.push(`${U.id} AFV alive with a destroyed frame`);
      if (s.alive[f] && (s.fx[f] < -1e-6 || s.fy[f] < -1e-6 || s.fx[f] > m.width + 1e-6 || s.fy[f] > m.depth + 1e-6)) bad.push(`${U.id} fighter ${f} off the table`);
    }
    if (n !== s.members[U.index]) bad.push(`${U.id} members ${s.members[U.index]} but ${n} alive`);
    if (n > 0 && !s.alive[s.leader[U.index]]) bad.push(`${U.id} leader is dead`);
    if (n > 0 && m.fUnit[s.leader[U.index]] !== U.index) bad.push(`${U.id} leader belongs to another unit`);
  }
  for (let side = 0; side < 2; side++) for (const u of s.seq[side]) if (s.members[u] === 0) bad.push(`dead unit ${m.units[u].id} still in the sequence`);
  if (s.phase === PH_ACT && s.unit >= 0) {
    const u = s.unit;
    if (s.moved === 2 && s.shot) bad.push(`${m.units[u].id} shot and rushed`);
  }
  return bad;
}
