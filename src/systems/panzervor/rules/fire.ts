/**
 * Who may fire at whom (seed p10-p11, spec §3.5, §3.7, §3.8, §3.12.2): range, line of sight,
 * fixed-gun and turret arcs, and the extreme-range rule.
 */
import { rotate } from '../../../core/geometry/hex/index.ts';
import { INOP_NONE, type PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';
import { canSee, inFrontArc, turretDir } from './board.ts';
import { anyAttackAbility, bestAttackAbility } from './crew.ts';

/** Signals "not eligible" from eligibility checks (otherwise the signed turret rotation needed). */
export const NOT_ELIGIBLE = -99;

/**
 * Eligibility of tank t firing gun g at target `tgt` (spec §3.5): range, LOS, arc (fixed guns:
 * hull front arc; turret guns under Turret Rotation: the turret's front arc after at most the
 * remaining rotation allowance), extreme range (an attack that would automatically miss is not
 * offered; Sharpshooter has no attack modifier, so never at extreme range).
 * Returns the signed turret rotation the attack needs (0 if none), or NOT_ELIGIBLE.
 */
export function eligibility(G: PvStatic, s: PvState, t: number, g: number, tgt: number, cardMod: number, noRoll: boolean): number {
  if (!s.alive[tgt] || G.tSide[tgt] === G.tSide[t]) return NOT_ELIGIBLE;
  const slot = 2 * t + g;
  const a = s.hex[t];
  const b = s.hex[tgt];
  const d = G.grid.distance(a, b);
  if (d > G.gRange[slot]) return NOT_ELIGIBLE;
  if (d >= G.opt.extremeRangeFrom) {
    if (noRoll) return NOT_ELIGIBLE;
    const mode = G.opt.extremeRangeNeeds;
    if (mode === 'positiveCardOrCharacter' && cardMod + bestAttackAbility(G, s, t) <= 0) return NOT_ELIGIBLE;
    if (mode === 'anyCardOrCharacter' && cardMod === 0 && !anyAttackAbility(G, s, t)) return NOT_ELIGIBLE;
    if (mode === 'anyModifier' && G.tSize[tgt] + cardMod + bestAttackAbility(G, s, t) <= 0) return NOT_ELIGIBLE;
  }
  if (!canSee(G, s, a, b)) return NOT_ELIGIBLE;
  if (G.gFixed[slot]) return inFrontArc(G, a, b, s.facing[t]) ? 0 : NOT_ELIGIBLE;
  if (!G.opt.turretRotation) return 0;
  const dir = turretDir(G, s, t);
  if (inFrontArc(G, a, b, dir)) return 0;
  const left = G.tRot[t] - s.rotUsed[t];
  for (let k = 1; k <= left && k <= 3; k++) {
    if (inFrontArc(G, a, b, rotate(dir, k))) return k;
    if (k < 3 && inFrontArc(G, a, b, rotate(dir, -k))) return -k;
  }
  return NOT_ELIGIBLE;
}

export function hasTarget(G: PvStatic, s: PvState, t: number, cardMod: number, noRoll: boolean, only: number): boolean {
  for (let g = 0; g < G.nG[t]; g++) {
    for (let u = 0; u < G.nT; u++) {
      if (only >= 0 && u !== only) continue;
      if (eligibility(G, s, t, g, u, cardMod, noRoll) !== NOT_ELIGIBLE) return true;
    }
  }
  return false;
}

/** Tank t may act at all this turn (alive, not Inoperative). */
export function canAct(s: PvState, t: number): boolean {
  return s.alive[t] === 1 && s.inop[t] === INOP_NONE;
}
