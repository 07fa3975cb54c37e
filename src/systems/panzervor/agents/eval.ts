/**
 * Shared evaluation helpers of the scripted agents (spec §7.3), computed from an observation only:
 *
 *   pHit(F, T, d, mods)  = 0 out of range / out of sight / out of arc / auto-miss at extreme range,
 *                          else P2d6ge(d - size(T) - mods)
 *   pKill(F, T, arc, d)  = P2d6ge(armour(T, arc) - firepower(F) - rangeMod(d) - dmgMods)
 *   EK(F, T)             = pHit * pKill * points(T) * weight(T)
 *   threat(t at h, f)    = sum over enemy tanks E of pHit(E -> h) * pKill(E -> t facing f) * points(t)
 *   quickShotKill(t at h, f) = max over enemy tanks E of pHit(E -> h) * pKill(E -> t facing f)
 *   quickShotChance(side)    = P(the opponent holds a Quick Shot), from the cards it may hold
 *
 * `reach` (every end state of a move) lives in search.ts; the memoised, per-hex forms of these
 * functions that the agents call in their hot loops live in evaluator.ts.
 */
import { relativeCode, rotate, ARC_FRONT, ARC_FRONT_REAR, ARC_FRONT_SIDE, ARC_REAR, ARC_SIDE, ARC_SIDE_REAR } from '../../../core/geometry/hex/index.ts';
import { canSee, inFrontArc } from '../rules/board.ts';
import type { PvObservation } from '../observe.ts';
import { p2d6ge, rangeModifier } from '../rules/rolls.ts';
import { FACE_BACK } from '../state.ts';
import { K_ENFORCEMENT, K_REACTION, RE_QUICK } from '../model.ts';
import { codeOf, type PvStatic } from '../model.ts';
import { agentStatic } from './private-static.ts';

/** Best value of a per-face ability table among the crew of tank t (0 if none). */
export function crewBest(o: PvObservation, table: Int16Array, t: number, sign = 1): number {
  let best = 0;
  const G = agentStatic(o.G);
  for (let c = 0; c < G.nC; c++) {
    if (o.chTank[c] !== t || o.chFace[c] > FACE_BACK) continue;
    const v = table[2 * c + o.chFace[c]];
    if (sign * v > sign * best) best = v;
  }
  return best;
}

/** Crew values per tank for one observation (attack, damage, defensive attack, defensive damage). */
let crewObs: PvObservation | null = null;
let crewVals = new Int16Array(0);

export function crew(o: PvObservation): Int16Array {
  if (crewObs !== o) {
    const G = agentStatic(o.G);
    if (crewVals.length < 4 * G.nT) crewVals = new Int16Array(4 * G.nT);
    // crewBest() for the four tables in one pass over the characters: the best attack and damage
    // values (0 when none is positive), the lowest defensive values (0 when none is negative).
    crewVals.fill(0, 0, 4 * G.nT);
    for (let c = 0; c < G.nC; c++) {
      const t = o.chTank[c];
      const face = o.chFace[c];
      if (t < 0 || t >= G.nT || face > FACE_BACK) continue;
      const i = 2 * c + face;
      if (G.cAtk[i] > crewVals[4 * t]) crewVals[4 * t] = G.cAtk[i];
      if (G.cDmg[i] > crewVals[4 * t + 1]) crewVals[4 * t + 1] = G.cDmg[i];
      if (G.cDefAtk[i] < crewVals[4 * t + 2]) crewVals[4 * t + 2] = G.cDefAtk[i];
      if (G.cDefDmg[i] < crewVals[4 * t + 3]) crewVals[4 * t + 3] = G.cDefDmg[i];
    }
    crewObs = o;
  }
  return crewVals;
}

/** Armour of `tgt` (standing at tgtHex facing tgtFacing) against fire from attHex, per the arc options. */
export function armourAgainst(G: PvStatic, attHex: number, tgt: number, tgtHex: number, tgtFacing: number): number {
  if (G.opt.simplifiedArmour) return G.tArm[3 * tgt + 1];
  return armourForArc(G, tgt, G.arcTab[relativeCode(codeOf(G, tgtHex, attHex), tgtFacing)]);
}

/** Armour of `tgt` against fire arriving in arc `arc` (ARC_*; boundaries per the arc options). */
export function armourForArc(G: PvStatic, tgt: number, arc: number): number {
  const f = 3 * tgt;
  if (G.opt.simplifiedArmour) return G.tArm[f + 1];
  switch (arc) {
    case ARC_FRONT: return G.tArm[f];
    case ARC_SIDE: return G.tArm[f + 1];
    case ARC_REAR: return G.tArm[f + 2];
    case ARC_FRONT_SIDE: return boundary(G, G.tArm[f], G.tArm[f + 1]);
    case ARC_SIDE_REAR: return boundary(G, G.tArm[f + 1], G.tArm[f + 2]);
    case ARC_FRONT_REAR:
    default: return boundary(G, G.tArm[f], G.tArm[f + 2]);
  }
}

function boundary(G: PvStatic, a: number, b: number): number {
  const m = G.opt.arcBoundaryArmour;
  return m === 'defender' ? Math.max(a, b) : m === 'attacker' ? Math.min(a, b) : (a + b) / 2;
}

/** Whether gun g of tank t at (hex, facing) can be aimed at `to` (fixed guns: hull front arc). */
export function canAim(o: PvObservation, t: number, g: number, hex: number, facing: number, to: number): boolean {
  const G = agentStatic(o.G);
  if (G.gFixed[2 * t + g]) return inFrontArc(G, hex, to, facing);
  if (!G.opt.turretRotation) return true;
  const dir = G.opt.turretRelativeToHull ? rotate(facing, o.turret[t]) : o.turret[t];
  const left = G.tRot[t] - (o.active === G.tSide[t] ? o.rotUsed[t] : 0);
  if (inFrontArc(G, hex, to, dir)) return true;
  for (let k = 1; k <= left && k <= 3; k++) if (inFrontArc(G, hex, to, rotate(dir, k)) || inFrontArc(G, hex, to, rotate(dir, -k))) return true;
  return false;
}

/**
 * P(hit) of tank t's gun g from `hex` at target `tgt` in `tgtHex` with card modifier cardMod
 * (the crew's attack ability counted as used just in time when `crew` is set).
 */
export function pHitFrom(o: PvObservation, t: number, g: number, hex: number, tgt: number, tgtHex: number, cardMod: number, noRoll: boolean, useCrew = true): number {
  const G = agentStatic(o.G);
  const d = G.grid.distance(hex, tgtHex);
  if (d > G.gRange[2 * t + g] || d === 0) return 0;
  const cv = crew(o);
  const ab = useCrew ? cv[4 * t] : 0;
  if (d >= G.opt.extremeRangeFrom && (noRoll || cardMod + ab <= 0)) return 0;
  if (!canSee(G, o, hex, tgtHex)) return 0;
  if (noRoll) return 1;
  const def = cv[4 * tgt + 2];
  const need = d - G.tSize[tgt] - cardMod - def;
  return Math.max(p2d6ge(need), ab > 0 ? p2d6ge(need - ab) : 0);
}

/** P(destroy | hit) of tank t's gun g from `hex` against tgt at (tgtHex, tgtFacing). */
export function pKillFrom(o: PvObservation, t: number, g: number, hex: number, tgt: number, tgtHex: number, tgtFacing: number, dmgMod: number, useCrew = true): number {
  const G = agentStatic(o.G);
  const d = G.grid.distance(hex, tgtHex);
  const armour = armourAgainst(G, hex, tgt, tgtHex, tgtFacing);
  const cv = crew(o);
  const ab = useCrew ? cv[4 * t + 1] : 0;
  const def = cv[4 * tgt + 3];
  const need = armour - G.gFp[2 * t + g] - rangeModifier(G.rules.damageRangeMods, d) - dmgMod - def;
  return p2d6ge(need - ab);
}

export interface ShotCard {
  readonly attackMod: number;
  readonly damageMod: number;
  readonly noRoll: boolean;
}

export const PLAIN: ShotCard = { attackMod: 0, damageMod: 0, noRoll: false };

/** Kill probability of the best gun of t at (hex, facing) against tgt where it stands. */
export function killChance(o: PvObservation, t: number, hex: number, facing: number, tgt: number, card: ShotCard = PLAIN, tgtHex = o.hex[tgt], tgtFacing = o.facing[tgt]): { p: number; gun: number } {
  const G = agentStatic(o.G);
  let best = 0;
  let gun = -1;
  const d = G.grid.distance(hex, tgtHex);
  for (let g = G.nG[t] - 1; g >= 0; g--) {
    if (d > G.gRange[2 * t + g] || !canAim(o, t, g, hex, facing, tgtHex)) continue;
    const h = pHitFrom(o, t, g, hex, tgt, tgtHex, card.attackMod, card.noRoll);
    if (h === 0) continue;
    const p = h * pKillFrom(o, t, g, hex, tgt, tgtHex, tgtFacing, card.damageMod);
    if (p > best) {
      best = p;
      gun = g;
    }
  }
  return { p: best, gun };
}

/** Expected points destroyed by the best attack of t from (hex, facing), target values weighted by `weight`. */
export function bestShot(o: PvObservation, t: number, hex: number, facing: number, card: ShotCard, weight: ArrayLike<number>): { ek: number; target: number; p: number } {
  const G = agentStatic(o.G);
  let ek = 0;
  let target = -1;
  let pBest = 0;
  for (let u = 0; u < G.nT; u++) {
    if (!o.alive[u] || G.tSide[u] === G.tSide[t] || o.hex[u] < 0) continue;
    const { p } = killChance(o, t, hex, facing, u, card);
    const v = p * G.tPts[u] * weight[u];
    if (v > ek) {
      ek = v;
      target = u;
      pBest = p;
    }
  }
  return { ek, target, p: pBest };
}

/** Expected points tank t would lose standing at (hex, facing) if every enemy fired once (plain card). */
export function threatAt(o: PvObservation, t: number, hex: number, facing: number): number {
  const G = agentStatic(o.G);
  let survive = 1;
  for (let e = 0; e < G.nT; e++) {
    if (!o.alive[e] || G.tSide[e] === G.tSide[t] || o.hex[e] < 0 || o.inop[e]) continue;
    const { p } = killChance(o, e, o.hex[e], o.facing[e], t, PLAIN, hex, facing);
    survive *= 1 - p;
  }
  return (1 - survive) * G.tPts[t];
}

/** Hex distance to the nearest alive enemy of t from `hex` (99 when none). */
export function nearestEnemy(o: PvObservation, t: number, hex: number): number {
  const G = agentStatic(o.G);
  let best = 99;
  for (let u = 0; u < G.nT; u++) if (o.alive[u] && G.tSide[u] !== G.tSide[t] && o.hex[u] >= 0) best = Math.min(best, G.grid.distance(hex, o.hex[u]));
  return best;
}

/**
 * The best kill chance of one enemy shot at tank t standing at (hex, facing): what a Quick Shot
 * (W1 after its move, W2 before its attack roll, seed p12) risks. Enemies as threatAt counts them.
 */
export function quickShotKill(o: PvObservation, t: number, hex: number, facing: number): number {
  const G = agentStatic(o.G);
  let best = 0;
  for (let e = 0; e < G.nT; e++) {
    if (!o.alive[e] || G.tSide[e] === G.tSide[t] || o.hex[e] < 0 || o.inop[e]) continue;
    const { p } = killChance(o, e, o.hex[e], o.facing[e], t, PLAIN, hex, facing);
    if (p > best) best = p;
  }
  return best;
}

const gameCounts = new WeakMap<PvStatic, { quick: number; enforcement: number }>();

/**
 * The chance that the opponent of `side` holds at least one Quick Shot card, from what the side
 * can count (seed p6: hands are secret, the discard pile is face up): the Quick Shots not in its
 * own hand or the discard pile lie among the cards the opponent may hold (its hand and the draw
 * pile, Enforcement cards apart: they never stay in a hand), dealt without replacement.
 */
export function quickShotChance(o: PvObservation, side: number): number {
  const G = o.G;
  let counts = gameCounts.get(G);
  if (counts === undefined) {
    let quick = 0;
    let enforcement = 0;
    for (const k of G.deckInit) {
      if (G.kType[k] === K_REACTION && G.kKind[k] === RE_QUICK) quick++;
      else if (G.kType[k] === K_ENFORCEMENT) enforcement++;
    }
    gameCounts.set(G, (counts = { quick, enforcement }));
  }
  if (counts.quick === 0) return 0;
  let q = counts.quick;
  let enf = counts.enforcement;
  for (let k = 0; k < G.nK; k++) {
    if (G.kType[k] === K_REACTION && G.kKind[k] === RE_QUICK) q -= o.hand[k] + o.discard[k];
    enf -= o.enfPile[k];
  }
  const h = o.handSize[1 - side];
  const pool = h + o.deckSize - enf;
  if (q <= 0 || h <= 0 || pool <= 0) return 0;
  let none = 1;
  for (let i = 0; i < h; i++) none *= Math.max(0, pool - q - i) / (pool - i);
  return 1 - none;
}

