/**
 * Character counters (seed p13, spec §3.10): the ability on the face that is up, exhaustion
 * (face up -> face down -> removed), and what a tank's crew can add.
 */
import type { PlayContext } from '../../../core/system.ts';
import { FACE_BACK, FACE_FRONT, FACE_REMOVED, type PvState } from '../state.ts';
import { type PvStatic } from '../model.ts';
import { X_ABILITIES } from '../metrics.ts';

/** Current face value (0 = none) of character c for a per-face table. */
export function faceVal(s: PvState, table: Int16Array, c: number): number {
  const f = s.chFace[c];
  return f <= FACE_BACK ? table[2 * c + f] : 0;
}

export function faceFlag(s: PvState, table: Uint8Array, c: number): boolean {
  const f = s.chFace[c];
  return f <= FACE_BACK && table[2 * c + f] === 1;
}

/** Using an ability exhausts the counter: face up -> face down (two-sided), else removed (seed p13). */
export function exhaust(G: PvStatic, s: PvState, ctx: PlayContext, c: number): void {
  ctx.tally.addScalar(X_ABILITIES);
  if (ctx.log) ctx.log(`${G.cName[c]} is exhausted (${s.chFace[c] === FACE_FRONT && G.cTwoSided[c] ? 'turned face down' : 'removed from the map'})`);
  if (s.chFace[c] === FACE_FRONT && G.cTwoSided[c]) {
    s.chFace[c] = FACE_BACK;
  } else {
    s.chFace[c] = FACE_REMOVED;
    s.chTank[c] = -1;
  }
}

export function onTank(s: PvState, c: number, t: number): boolean {
  return s.chTank[c] === t && s.chFace[c] <= FACE_BACK;
}

/** Best available attack-roll ability of the crew of tank t (for extreme-range eligibility). */
export function bestAttackAbility(G: PvStatic, s: PvState, t: number): number {
  let best = 0;
  for (let c = 0; c < G.nC; c++) if (onTank(s, c, t)) best = Math.max(best, faceVal(s, G.cAtk, c));
  return best;
}

export function anyAttackAbility(G: PvStatic, s: PvState, t: number): boolean {
  for (let c = 0; c < G.nC; c++) if (onTank(s, c, t) && faceVal(s, G.cAtk, c) !== 0) return true;
  return false;
}

export function hasChar(G: PvStatic, s: PvState, t: number): boolean {
  for (let c = 0; c < G.nC; c++) if (onTank(s, c, t)) return true;
  return false;
}

/** The free character waiting to be placed on a tank at set-up (S_PLACE_CHAR), or -1. */
export function pendingFreeChar(G: PvStatic, s: PvState): number {
  for (let side = 0; side < 2; side++) for (const c of G.freeChars[side]) if (s.chTank[c] < 0 && s.chFace[c] <= FACE_BACK) return c;
  return -1;
}
