/**
 * COMBAT DRILLS (seed p.59): Knee to the ground!, Overwatch!, Take cover! and Split fire!, 1 LP
 * each. Overwatch only for a unit that has not fired; the others for infantry only; Split fire at
 * the start of an activation, for a unit with special weapon bearers; none for an engaged unit.
 * Markers go when the card is revealed again (engine.ts startActivation) and as soon as the unit
 * is engaged (dropDrillsOfEngaged).
 */
import type { Model } from '../model.ts';
import { DR_KNEE, DR_OVERWATCH, DR_OVERWATCH_SPECIAL, DR_SPLIT, DR_TAKE_COVER, type At43State } from '../state.ts';
import { unitEngaged } from './table-cache.ts';

/** The drill of each `drill` action (actions.ts: 0 Knee, 1 Overwatch, 2 Take cover, 3 Split fire) as its state bit. */
export const DRILL_BITS = [DR_KNEE, DR_OVERWATCH, DR_TAKE_COVER, DR_SPLIT];
export const DRILL_KNEE = 0;
export const DRILL_OVERWATCH = 1;
export const DRILL_TAKE_COVER = 2;
export const DRILL_SPLIT = 3;

/** May the active unit u be given drill k now (p.59)? `engaged`: u is an engaged infantry unit. */
export function drillLegal(m: Model, s: At43State, u: number, k: number, engaged: boolean): boolean {
  const U = m.units[u];
  if (s.lp[U.side] < m.rules.lp.drill || s.drills[u] & DRILL_BITS[k]) return false;
  if (engaged) return false;
  if (k !== DRILL_OVERWATCH && U.afv) return false; // Knee, Take cover, Split fire: infantry only
  if (k === DRILL_OVERWATCH) return s.shot === 0;
  if (k === DRILL_SPLIT) return s.moved === 0 && s.shot === 0 && s.fought === 0 && s.drillPhase === 0 && U.specialBearers;
  return true;
}

/**
 * Engaged infantry units lose their combat drills (p.59: Take cover is lost as soon as a member
 * is engaged), except an Overwatch marker, which the overwatch window removes (A10 option).
 */
export function dropDrillsOfEngaged(m: Model, s: At43State): void {
  for (let v = 0; v < m.units.length; v++) {
    if (m.units[v].afv || s.members[v] === 0 || s.drills[v] === 0 || !unitEngaged(m, s, v)) continue;
    s.drills[v] &= DR_OVERWATCH | DR_OVERWATCH_SPECIAL;
  }
}
