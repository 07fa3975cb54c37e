/**
 * One unit's activation (seed p.58-59, main flow in PH_ACT), after its opening (engine.ts): at
 * most one movement (combat movement, or a rush for a free unit that has not shot), salvos before
 * and after a combat movement (only free units shoot: not a unit engaged at the start of its
 * activation, nor one that moved into contact; not after a rush), close combat after the
 * movement, combat drills at the end (Split fire at the start), and the end. A movement opens the
 * enemy's overwatch windows (decisions/overwatch.ts).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { A, DRILL_NAMES } from '../actions.ts';
import { checkAnnihilation, endActivation, type At43Engine } from '../engine.ts';
import { M } from '../metrics.ts';
import { MAX_SLOTS, MAX_UNITS, N_DIRS, N_GOALS } from '../model.ts';
import { DRILL_BITS, DRILL_SPLIT, drillLegal, dropDrillsOfEngaged } from '../rules/drills.ts';
import { spend } from '../rules/leadership.ts';
import { fight, unitInContact } from '../rules/melee.ts';
import { goalVector, mobileUnit, moveUnit } from '../rules/movement.ts';
import { anyReadyShooter, canShoot, carriersSee, directBand, fireSalvo, needAtBand, readyCarriers, salvoNeedOf } from '../rules/shooting.ts';
import { unitTouches } from '../rules/table-cache.ts';
import type { At43State } from '../state.ts';
import { openOverwatch } from './overwatch.ts';

// Action codes of the activation, encoded once (the hot loop writes them without re-encoding).
const C_MOVE = Int32Array.from({ length: 2 * N_GOALS }, (_, i) => A.encode.move(i % 2, (i - (i % 2)) / 2));
const C_SHOOT = Int32Array.from({ length: MAX_SLOTS * MAX_UNITS }, (_, i) => A.encode.shoot(i % MAX_SLOTS, (i - (i % MAX_SLOTS)) / MAX_SLOTS));
const C_DRILL = Int32Array.from({ length: 4 }, (_, k) => A.encode.drill(k));
const C_FIGHT = A.encode.fight();
const C_END = A.encode.end();
const K_SHOOT = A.kindIndex.shoot;
const K_SHOOT_AFV = A.kindIndex.shootAfv;
const K_MOVE = A.kindIndex.move;
const K_FIGHT = A.kindIndex.fight;
const K_DRILL = A.kindIndex.drill;
const CARRIERS = new Int32Array(64);
const GV = new Float64Array(3);

/** The range band of direct fire from unit u's leader at each enemy unit v (legalShots: once per target, not per weapon type). */
const BAND = new Int32Array(MAX_UNITS);

/** The salvos unit u may fire now, appended to out from n; returns the new count. */
function legalShots(E: At43Engine, s: At43State, u: number, out: Int32Array, n: number): number {
  const m = E.m;
  const U = m.units[u];
  for (let v = 0; v < m.units.length; v++) if (m.units[v].side !== U.side && s.members[v] > 0) BAND[v] = directBand(m, s, u, v);
  for (let k = 0; k < U.weaponTypes.length; k++) {
    const w = U.weaponTypes[k];
    const direct = m.weapons[w].aoe <= 0;
    const nc = direct ? readyCarriers(m, s, u, w, CARRIERS) : 0;
    for (let v = 0; v < m.units.length; v++) {
      if (m.units[v].side === U.side || s.members[v] === 0) continue;
      // direct fire: the range (leader to leader, cheap) before the sight lines
      if (direct ? nc > 0 && needAtBand(m, w, BAND[v]) !== 0 && carriersSee(m, s, CARRIERS, nc, v) : canShoot(m, s, u, w, v) && salvoNeedOf(m, s, u, w, v, 0) !== 0)
        out[n++] = C_SHOOT[v * MAX_SLOTS + k];
      // a unit of several AFVs: one single AFV may be targeted instead (p.61)
      const V = m.units[v];
      if (V.afv && s.members[v] > 1 && direct)
        for (let f = V.first; f < V.first + V.count; f++)
          if (s.alive[f] && salvoNeedOf(m, s, u, w, v, 0, f) !== 0 && anyReadyShooter(m, s, u, w, v, 0, f)) out[n++] = A.encode.shootAfv(k, f);
    }
  }
  return n;
}

/** The movements toward goal `goal` (combat movement, and a rush when allowed) appended to out. */
function moves(out: Int32Array, n: number, goal: number, rushOk: boolean): number {
  out[n++] = C_MOVE[2 * goal];
  if (rushOk) out[n++] = C_MOVE[2 * goal + 1];
  return n;
}

export const activation: Decision<At43Engine, At43State> = {
  legal(E, s, out) {
    const m = E.m;
    let n = 0;
    const u = s.unit;
    const U = m.units[u];
    const drills = !s.fought && s.lp[U.side] >= m.rules.lp.drill;
    // does a member of u touch an enemy (unitInContact; unitEngaged for infantry)? asked once, where
    // the lists below ask it
    const touching = (!s.drillPhase && !s.fought) || (drills && !U.afv) ? unitTouches(m, s, u) : false;
    if (!s.drillPhase && !s.fought) {
      // only free units shoot (p.58): not engaged at the start (FAQ Q1), nor after moving into contact
      if (!s.engagedAtStart && s.moved !== 2 && !(s.moved === 1 && !U.afv && touching)) n = legalShots(E, s, u, out, n);
      if (!s.moved && mobileUnit(m, s, u)) {
        const rushOk = !s.engagedAtStart && !s.shot;
        for (let g = 0; g < N_DIRS; g++) n = moves(out, n, g, rushOk);
        for (let v = 0; v < m.units.length; v++) {
          if (m.units[v].side === U.side || s.members[v] === 0 || !goalVector(m, s, u, N_DIRS + v, GV)) continue;
          n = moves(out, n, N_DIRS + v, rushOk);
        }
        for (let o = 0; o < m.objectives.length; o++) if (goalVector(m, s, u, N_DIRS + MAX_UNITS + o, GV)) n = moves(out, n, N_DIRS + MAX_UNITS + o, rushOk);
      }
      if (touching && U.ccWeapon >= 0 && (!U.afv || m.opts['melee.afvCanAttack'])) out[n++] = C_FIGHT;
    }
    if (drills) {
      const engaged = !U.afv && touching;
      for (let k = 0; k < 4; k++) if (drillLegal(m, s, u, k, engaged)) out[n++] = C_DRILL[k];
    }
    out[n++] = C_END;
    return n;
  },

  apply(E, s, a, ctx) {
    const m = E.m;
    const u = s.unit;
    const kind = A.kindIndexOf(a);
    if (kind === K_SHOOT) {
      fireSalvo(E, s, u, m.units[u].weaponTypes[A.read.shoot.weapon(a)], A.read.shoot.target(a), 0, false, ctx);
      s.shot = 1;
      checkAnnihilation(E, s);
    } else if (kind === K_SHOOT_AFV) {
      const f = A.read.shootAfv.fighter(a);
      fireSalvo(E, s, u, m.units[u].weaponTypes[A.read.shootAfv.weapon(a)], m.fUnit[f], 0, false, ctx, f);
      s.shot = 1;
      checkAnnihilation(E, s);
    } else if (kind === K_MOVE) {
      const rush = A.read.move.rush(a) === 1;
      s.moved = rush ? 2 : 1;
      const d = moveUnit(E, s, u, rush, A.read.move.goal(a), ctx);
      if (checkAnnihilation(E, s)) return;
      if (d > 0) {
        dropDrillsOfEngaged(m, s);
        openOverwatch(m, s, u);
      }
    } else if (kind === K_FIGHT) {
      s.fought = 1;
      if (!s.moved) s.moved = 1;
      fight(E, s, u, ctx);
      if (m.opts['opt.meleeStrikeBack'])
        for (let v = 0; v < m.units.length; v++) if (m.units[v].side !== m.units[u].side && s.members[v] > 0 && s.members[u] > 0 && unitInContact(m, s, v)) fight(E, s, v, ctx);
      if (checkAnnihilation(E, s)) return;
      if (s.members[u] === 0) endActivation(E, s, ctx);
    } else if (kind === K_DRILL) {
      const k = A.read.drill.which(a);
      spend(s, m.units[u].side, m.rules.lp.drill, ctx);
      s.drills[u] |= DRILL_BITS[k];
      ctx.tally.addScalar(M.scalar.drills);
      if (k !== DRILL_SPLIT) s.drillPhase = 1;
      if (ctx.log) ctx.log(`  ${m.units[u].id}: ${DRILL_NAMES[k]}`);
    } else endActivation(E, s, ctx);
  },
};
