/**
 * CONTROL PHASE (seed p.72-73) and the end of a game (spec §7.1): who controls an objective,
 * whether a side still has fighters, and the army points a side has lost (the tie-break of an
 * annihilation scenario at the last round).
 */
import type { Model } from '../model.ts';
import type { At43State } from '../state.ts';

/**
 * Controller of objective o (seed p.73): the side with the most infantry fighters (at least one)
 * within the control radius; AFVs do not count; a tie gives nobody (-1).
 */
export function controllerOf(m: Model, s: At43State, o: number): number {
  const O = m.objectives[o];
  const R = m.rules.control.radiusCm;
  let a = 0;
  let b = 0;
  for (let f = 0; f < m.nF; f++) {
    const U = m.units[m.fUnit[f]];
    if (!s.alive[f] || U.afv) continue;
    if (Math.sqrt((s.fx[f] - O.x) ** 2 + (s.fy[f] - O.y) ** 2) - m.fRadius[f] <= R) {
      if (U.side === 0) a++;
      else b++;
    }
  }
  return a > b ? 0 : b > a ? 1 : -1;
}

/** Has `side` a unit with a fighter on the table? */
export function sideAlive(m: Model, s: At43State, side: number): boolean {
  for (let u = 0; u < m.units.length; u++) if (m.units[u].side === side && s.members[u] > 0) return true;
  return false;
}

/** Army points `side` has lost: each unit's cost shared over the fighters it fielded. */
export function costLost(m: Model, s: At43State, side: number): number {
  let c = 0;
  for (const U of m.units) if (U.side === side && U.fielded > 0) c += (U.cost * Math.max(0, U.fielded - s.members[U.index])) / U.fielded;
  return c;
}
