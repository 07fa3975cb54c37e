/**
 * Shared evaluation helpers of the scripted agents (spec §7.3), computed from an observation only:
 *
 *   pHit(F, T, d, mods)  = 0 out of range / out of sight / out of arc / auto-miss at extreme range,
 *                          else P2d6ge(d - size(T) - mods)
 *   pKill(F, T, arc, d)  = P2d6ge(armour(T, arc) - firepower(F) - rangeMod(d) - dmgMods)
 *   EK(F, T)             = pHit * pKill * points(T) * weight(T)
 *   threat(t at h, f)    = sum over enemy tanks E of pHit(E -> h) * pKill(E -> t facing f) * points(t)
 *
 * plus `reach`: every (hex, facing) a tank can stop on with its MP, found with the engine's own
 * step costs (so agents never plan a move the engine would price differently).
 */
import { opposite, relativeCode, rotate, ARC_FRONT, ARC_FRONT_REAR, ARC_FRONT_SIDE, ARC_REAR, ARC_SIDE, ARC_SIDE_REAR } from '../../../core/geometry/hex/index.ts';
import { STEP_FORWARD, STEP_REVERSE, TURN_KS, turnCode } from '../codes.ts';
import { boardIndex, canSee, inFrontArc, otherTankAt, stepCost, turnCost } from '../engine.ts';
import type { PvObservation } from '../observe.ts';
import { p2d6ge, rangeModifier } from '../rules/rolls.ts';
import { FACE_BACK } from '../state.ts';
import { codeOf, type PvStatic } from '../static.ts';

/** Best value of a per-face ability table among the crew of tank t (0 if none). */
export function crewBest(o: PvObservation, table: Int16Array, t: number, sign = 1): number {
  let best = 0;
  const G = o.G;
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

function crew(o: PvObservation): Int16Array {
  if (crewObs !== o) {
    const G = o.G;
    if (crewVals.length < 4 * G.nT) crewVals = new Int16Array(4 * G.nT);
    for (let t = 0; t < G.nT; t++) {
      crewVals[4 * t] = crewBest(o, G.cAtk, t);
      crewVals[4 * t + 1] = crewBest(o, G.cDmg, t);
      crewVals[4 * t + 2] = crewBest(o, G.cDefAtk, t, -1);
      crewVals[4 * t + 3] = crewBest(o, G.cDefDmg, t, -1);
    }
    crewObs = o;
  }
  return crewVals;
}

/** Armour of `tgt` (standing at tgtHex facing tgtFacing) against fire from attHex, per the arc options. */
export function armourAgainst(G: PvStatic, attHex: number, tgt: number, tgtHex: number, tgtFacing: number): number {
  const f = 3 * tgt;
  if (G.opt.simplifiedArmour) return G.tArm[f + 1];
  switch (G.arcTab[relativeCode(codeOf(G, tgtHex, attHex), tgtFacing)]) {
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
  const G = o.G;
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
  const G = o.G;
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
  const G = o.G;
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
  const G = o.G;
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
  const G = o.G;
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
  const G = o.G;
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
  const G = o.G;
  let best = 99;
  for (let u = 0; u < G.nT; u++) if (o.alive[u] && G.tSide[u] !== G.tSide[t] && o.hex[u] >= 0) best = Math.min(best, G.grid.distance(hex, o.hex[u]));
  return best;
}

/** One end state of a move: where the tank can stop, and the first step (payload) to get there. */
export interface EndState {
  readonly hex: number;
  readonly facing: number;
  /** First step's CAT_STEP payload, or -1 when the tank is already there (stop). */
  readonly first: number;
  readonly cost: number;
}

/** Search buffers, reused across calls (sized for the largest map seen; entries reset after use). */
let bestBuf = new Int16Array(0);
let firstBuf = new Int16Array(0);
let seenBuf = new Uint8Array(0);
let occBuf = new Int16Array(0);
let wreckBuf = new Uint8Array(0);
const touched: number[] = [];

/**
 * Every (hex, facing) tank t can end its move on, from (hex, facing) with `mp` MP and the free
 * 60-degree turn available or not; Dijkstra over (hex, facing, free) with the engine's step costs.
 */
export function reach(o: PvObservation, t: number, hex: number, facing: number, mp: number, free: boolean): EndState[] {
  const G = o.G;
  const n = G.grid.n;
  const size = n * 12;
  if (bestBuf.length < size) {
    bestBuf = new Int16Array(size).fill(-1);
    firstBuf = new Int16Array(size);
    seenBuf = new Uint8Array(n * 6);
    occBuf = new Int16Array(n);
    wreckBuf = new Uint8Array(n);
  }
  const board = boardIndex(G, o, occBuf, wreckBuf);
  const best = bestBuf; // remaining MP, -1 unseen
  const first = firstBuf;
  touched.length = 0;
  const buckets: number[][] = [];
  for (let i = 0; i <= mp; i++) buckets.push([]);
  const k0 = (hex * 6 + facing) * 2 + (free ? 1 : 0);
  touched.push(k0);
  best[k0] = mp;
  first[k0] = -1;
  buckets[0].push(k0);
  for (let spent = 0; spent <= mp; spent++) {
    const q = buckets[spent];
    for (let qi = 0; qi < q.length; qi++) {
      const k = q[qi];
      const left = mp - spent;
      if (best[k] !== left) continue;
      const h = ((k >> 1) / 6) | 0;
      const f = (k >> 1) % 6;
      const fr = (k & 1) === 1;
      const f0 = first[k];
      for (let r = 0; r < 2; r++) {
        const c = stepCost(G, board, t, h, f, r === 1);
        if (c < 0 || c > left) continue;
        const dest = G.grid.nbr[h * 6 + (r === 1 ? opposite(f) : f)];
        const k2 = (dest * 6 + f) * 2 + 1;
        const rem = left - c;
        if (best[k2] >= rem) continue;
        if (best[k2] < 0) touched.push(k2);
        best[k2] = rem;
        first[k2] = f0 === -1 ? (r === 1 ? STEP_REVERSE : STEP_FORWARD) : f0;
        buckets[mp - rem].push(k2);
      }
      for (let i = 0; i < TURN_KS.length; i++) {
        const kk = TURN_KS[i];
        const c = turnCost(G, fr, kk);
        if (c > left) continue;
        const k2 = (h * 6 + rotate(f, kk)) * 2;
        const rem = left - c;
        if (best[k2] >= rem) continue;
        if (best[k2] < 0) touched.push(k2);
        best[k2] = rem;
        first[k2] = f0 === -1 ? turnCode(kk) : f0;
        buckets[mp - rem].push(k2);
      }
    }
  }
  // Collapse to (hex, facing) where the tank may stop; keep the cheaper of the two free flags.
  touched.sort((a, b) => a - b);
  const out: EndState[] = [];
  const seen = seenBuf;
  for (const k of touched) {
    const hf = k >> 1;
    if (seen[hf]) continue;
    seen[hf] = 1;
    const twin = hf * 2 + ((k & 1) ^ 1);
    const use = best[twin] > best[k] ? twin : k;
    const h = (hf / 6) | 0;
    if (otherTankAt(G, board, h, t) >= 0) continue;
    out.push({ hex: h, facing: hf % 6, first: first[use], cost: mp - best[use] });
  }
  for (const k of touched) {
    best[k] = -1;
    seen[k >> 1] = 0;
  }
  return out;
}
