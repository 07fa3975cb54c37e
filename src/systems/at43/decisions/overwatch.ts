/**
 * Overwatch fire (seed p.59, p.67): right after an enemy unit's movement (if it moved), each unit
 * with the "Overwatch!" marker may fire at it, and only at it; losses are removed at once; the
 * marker then goes. A unit the mover engaged loses its marker first (A10
 * `overwatch.engagedLoses`). With "Split fire!" too, the standard weapons may fire and leave the
 * marker with the special weapon bearers (the KS-8 example, p.58). The improved Take-cover test
 * never applies against overwatch fire (rules/shooting.ts). Frame `overwatch` (the overwatching
 * unit, the moving unit), one per unit able to fire, pushed by `openOverwatch`.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { A, F } from '../actions.ts';
import { checkAnnihilation, endActivation, type At43Engine } from '../engine.ts';
import { M } from '../metrics.ts';
import type { Model } from '../model.ts';
import { anyReadyShooter, fireSalvo, salvoNeedOf } from '../rules/shooting.ts';
import { unitEngaged } from '../rules/table-cache.ts';
import { DR_OVERWATCH, DR_OVERWATCH_SPECIAL, DR_SPLIT, type At43State } from '../state.ts';

const HOLD = A.encode.overwatch(0);
const FIRE = A.encode.overwatch(1);
const FIRE_STANDARD = A.encode.overwatch(2);
/** Split-fire carrier groups (rules/shooting.ts carrierOk): every carrier, standard fighters, special weapon bearers. */
const ALL = 0;
const STANDARD = 1;
const SPECIAL = 2;

/** Could unit o fire a salvo of carrier `group` at unit u now (a weapon in range, a carrier in sight)? */
export function canOverwatch(m: Model, s: At43State, o: number, u: number, group: number): boolean {
  for (const w of m.units[o].weaponTypes) if (salvoNeedOf(m, s, o, w, u, group) !== 0 && anyReadyShooter(m, s, o, w, u, group)) return true;
  return false;
}

/** Unit u has moved: each enemy unit in overwatch that can fire at it gets a frame (the lowest index decides first). */
export function openOverwatch(m: Model, s: At43State, u: number): void {
  const side = m.units[u].side;
  for (let o = m.units.length - 1; o >= 0; o--) {
    const O = m.units[o];
    if (O.side === side || s.members[o] === 0 || !(s.drills[o] & (DR_OVERWATCH | DR_OVERWATCH_SPECIAL))) continue;
    if (m.opts['overwatch.engagedLoses'] && unitEngaged(m, s, o)) {
      s.drills[o] &= ~(DR_OVERWATCH | DR_OVERWATCH_SPECIAL);
      continue;
    }
    if (canOverwatch(m, s, o, u, s.drills[o] & DR_OVERWATCH ? ALL : SPECIAL)) F.push(s.pending, 'overwatch', O.side, o, u);
  }
}

export const overwatch: Decision<At43Engine, At43State> = {
  legal(E, s, out) {
    const o = F.arg(s.pending, 'overwatch', 'unit');
    let n = 0;
    out[n++] = HOLD;
    out[n++] = FIRE;
    if (s.drills[o] & DR_SPLIT && s.drills[o] & DR_OVERWATCH && E.m.units[o].specialBearers && canOverwatch(E.m, s, o, F.arg(s.pending, 'overwatch', 'target'), STANDARD)) out[n++] = FIRE_STANDARD;
    return n;
  },
  /** Fire: every weapon type of the carrier group, salvo after salvo, while the target stands. Hold: the marker stays. */
  apply(E, s, a, ctx) {
    const o = F.arg(s.pending, 'overwatch', 'unit');
    const u = F.arg(s.pending, 'overwatch', 'target');
    if (a !== HOLD && s.members[u] > 0) {
      const group = s.drills[o] & DR_OVERWATCH ? (a === FIRE_STANDARD ? STANDARD : ALL) : SPECIAL;
      for (const w of E.m.units[o].weaponTypes) while (s.members[u] > 0 && fireSalvo(E, s, o, w, u, group, true, ctx) > 0);
      ctx.tally.addScalar(M.scalar.overwatchSalvos);
      s.drills[o] &= ~(DR_OVERWATCH | DR_OVERWATCH_SPECIAL);
      if (a === FIRE_STANDARD) s.drills[o] |= DR_OVERWATCH_SPECIAL; // the marker stays with the special weapon bearers
    }
    E.D.finish(E, s, ctx);
  },
  /** After the last window (this frame the only one left), a moving unit destroyed by the fire ends its activation. */
  close(E, s, ctx) {
    if (checkAnnihilation(E, s)) return;
    if (s.pending.depth === 1 && s.members[s.unit] === 0) endActivation(E, s, ctx);
  },
};
