/**
 * Optional rule #203 Pursuit (spec §5.14; only part of its text survives): after an X-phase move,
 * a base with an enemy directly ahead (within 10°), in that enemy's rear D sector and facing away,
 * records a pursuit; when that enemy's next leg goes straight away, the pursuer follows with its
 * remaining movement minus 1".
 */
import type { PlayContext } from '../../../core/system.ts';
import { headingTo, normDeg } from '../../../core/geometry/table/index.ts';
import type { Model } from '../model.ts';
import type { MgvState } from '../state.ts';
import { bearingFromTarget } from './geom.ts';
import { moveLeg } from './movement.ts';

/** After a leg of base i: it may declare a pursuit (X phase, its move done), and its pursuers follow it. */
export function pursuitFollow(m: Model, s: MgvState, i: number, ctx: PlayContext): void {
  const u = s.units[i];
  if (s.slot === 0 && u.moveDone) {
    for (let j = 0; j < s.units.length; j++) {
      const t = s.units[j];
      if (!t.alive || m.units[j].side === m.units[i].side) continue;
      const ahead = Math.abs(normDeg(headingTo(u.x, u.y, t.x, t.y) - u.h)) <= 10;
      if (ahead && bearingFromTarget(t, u) >= 150 && Math.abs(normDeg(t.h - u.h)) <= 30) {
        u.pursuitTarget = j;
        u.pursuitLeft = Math.max(0, u.allowance - 1);
      }
    }
  }
  // the pursued base moved: followers chase straight ahead
  for (let k = 0; k < s.units.length; k++) {
    const f = s.units[k];
    if (f.pursuitTarget !== i || !f.alive) continue;
    f.pursuitTarget = -1;
    if (u.moved > 0 && f.pursuitLeft > 0) {
      const save = f.allowance;
      f.allowance = f.pursuitLeft;
      moveLeg(m, s, k, 0, Math.min(f.pursuitLeft, u.moved), false, ctx);
      f.allowance = save;
    }
  }
}
