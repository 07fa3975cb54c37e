/**
 * The results of an attack on a unit ([5.1.2]): D destroys, A disarms, M immobilizes (infantry:
 * both break morale, [14.3]); the pilot's escape roll ([18.2.1]); what a destroyed unit takes with
 * it (its AMU, a carried unit, its cargo); the O.G.P. scored. Every kind of attack ends here
 * (direct, area, mines, fires, landings): a leaf of the rules, so that rules/combat.ts and
 * rules/fire.ts, which both apply results, import it without importing each other.
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Model } from '../model.ts';
import { M, rowOf } from '../metrics.ts';
import { ARMLESS, BROKEN, BROKEN_NEW, DEAD, DONE, IMMOBILE, PILOT_GONE, PILOT_KILLED, SCORED, removeUnit, type MakState } from '../state.ts';
import { amuOnDeath } from './amu.ts';
import { haulOnDamage } from './carry.ts';
import { R_A, R_D, R_M, pilotKilled } from './rolls.ts';
import { destroyCargo } from './transport.ts';

/** Applies D / A / M to unit t ([5.1.2]; infantry: M and A break morale, [14.3]); scores O.G.P. */
export function applyResult(m: Model, s: MakState, ctx: PlayContext, t: number, res: number, by: number, w: number): void {
  if (m.upilot[t]) res = R_D; // any D, A or M kills a pilot on the map ([18.2.2])
  let st = s.status[t];
  if (res !== R_D && m.opt.repeatDamageEscalates && st & (ARMLESS | IMMOBILE | BROKEN)) res = R_D; // spec §6 A27
  if (res === R_D) {
    st |= DEAD;
    removeUnit(m, s, t);
    s.lost[m.uside[t]]++;
    if (by >= 0) ctx.tally.add(rowOf(m, by, w), M.col.kills);
  } else if (m.uinf[t]) st |= st & BROKEN ? BROKEN : BROKEN | BROKEN_NEW; // [14.3]; no recovery before the next turn ([14.3.2])
  else if (res === R_A) st |= ARMLESS;
  else if (res === R_M) {
    if (!(st & IMMOBILE)) s.nImm[m.uside[t]]++;
    st |= IMMOBILE;
  }
  // Pilot escape (optional rule [18.2.1]): killed on 2d6 >= 4 after D, >= 7 after A or M; a pilot who
  // survives leaves the unit, which is removed (literal reading, option escapeRemovesUnitOnAM, A21).
  // The escaped pilot is taken off the map at once (pilot units on the map are not played).
  if (m.opt.pilotEscape && s.pVp[t] > 0 && !(st & PILOT_GONE) && !m.uinf[t]) {
    const roll = ctx.dice.die(6) + ctx.dice.die(6);
    const killed = pilotKilled(roll, res, m.data.rules.pilotKilledAfterAM, m.data.rules.pilotKilledAfterD);
    if (ctx.log) ctx.log(`    pilot of ${m.uid[t]}: 2d6 ${roll}: ${killed ? 'killed' : 'escapes'}`);
    if (killed || res === R_D || m.opt.escapeRemovesUnitOnAM) st |= PILOT_GONE;
    if (killed) {
      st |= PILOT_KILLED;
      s.ogp[1 - m.uside[t]] += s.pVp[t];
    }
    else if (res !== R_D && m.opt.escapeRemovesUnitOnAM) {
      st |= DEAD;
      removeUnit(m, s, t);
      s.lost[m.uside[t]]++;
    }
    // A surviving pilot is placed in the hex as a pilot unit ([18.2.1]-[18.2.2]), done for this phase.
    const p = m.upilotUnit[t];
    if (!killed && p >= 0 && st & PILOT_GONE) {
      s.status[p] = DONE;
      s.pVp[p] = s.pVp[t];
      s.hex[p] = s.hex[t];
      s.occ[s.hex[t] * 2 + m.uside[p]]++;
      if (ctx.log) ctx.log(`    ${m.uid[p]} is placed in ${m.grid.id(s.hex[t])}`);
    }
  }
  if (st & DEAD && m.hasAmu) amuOnDeath(m, s, t); // [16.2.2]
  if (m.hasCarry) { s.status[t] = st; haulOnDamage(m, s, t); } // [7.3.3]
  if (st & DEAD && s.load[t] > 0) {
    const n = destroyCargo(m, s, t); // [13.1.3]: D destroys the cargo too
    if (ctx.log) ctx.log(`    ${n} unit(s) carried by ${m.uid[t]} destroyed with it`);
  }
  // O.G.P.: enemy VP destroyed, immobilized or disarmed, once per unit.
  if (!(st & SCORED) && (res === R_D || (!m.uinf[t] && (res === R_A || res === R_M)))) {
    st |= SCORED;
    s.ogp[1 - m.uside[t]] += m.upilot[t] ? s.pVp[t] : m.uvp[t]; // a pilot unit is worth its pilot's VP ([18.2.5])
  }
  s.status[t] = st;
}
