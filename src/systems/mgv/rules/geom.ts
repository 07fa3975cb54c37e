/**
 * MGV table queries on top of the core table geometry: levels, line of sight (direct and
 * thermal semi-indirect), spotting, cover, ranges and arcs (spec §3.4-§3.6, seed §1.4, §5.0).
 * Allocation-free; per-pair scratch lives at module level (one instance per worker).
 */
import {
  alongFace, behindLine, bearingOff, boundingRadius, edgeDistance, pointSegmentDistance2, footprintShapeDistance, hillBlocks, inArc, losFan, pointInShape,
  segmentHitsFootprint, segmentTouchesShape, normDeg, relativeBearing, hypot,
} from '../../../core/geometry/table/index.ts';
import { CR_BEHIND, CR_HUG_BETWEEN, CR_HUGGING, CR_THROUGH, LOS_BLOCK, LOS_FUNGUS, LOS_HILL, LOS_SMOKE, LOS_YN, segmentMissesBox, type Model } from '../model.ts';
import type { MgvState, Unit } from '../state.ts';
import { CLEARS, SIGHT_CLEARS, clearTargets } from '../state.ts';

/** Hill level under a point (0 on the flat). */
export function levelAt(m: Model, s: MgvState, x: number, y: number): number {
  let lv = 0;
  const fs = m.features;
  const hills = m.hillFeatures;
  for (let q = 0; q < hills.length; q++) {
    const f = hills[q];
    if (s.removed[f]) continue;
    if (fs[f].level > lv && pointInShape(fs[f].shape, x, y)) lv = fs[f].level;
  }
  return lv;
}

export function centreDistance(a: Unit, b: Unit): number {
  return hypot(a.x - b.x, a.y - b.y);
}

/** Range by the measurement option (centre to centre by default). */
export function rangeBetween(m: Model, a: Unit, b: Unit): number {
  return m.o.measureEdge ? edgeDistance(a.x, a.y, a.h, m.fp, b.x, b.y, b.h, m.fp) : hypot(a.x - b.x, a.y - b.y);
}

/** Is target b within `arcHalf` of the line `facing` (degrees off a's bow)? */
export function inArcOf(a: Unit, b: Unit, arcHalf: number, facing: number): boolean {
  if (arcHalf >= 180) return true;
  const rb = relativeBearing(a.h, a.x, a.y, b.x, b.y);
  return inArc(Math.abs(normDeg(rb - facing)), arcHalf);
}

/** Unsigned bearing of the firer's centre off the target's bow (hit location, rear shots). */
export function bearingFromTarget(target: Unit, firer: Unit): number {
  return bearingOff(target.h, target.x, target.y, firer.x, firer.y);
}

// ---------------------------------------------------------------------------------------------
// line of sight

let cm: Model;
let cs: MgvState;
let cViewer = -1;
let cTarget = -1;
let cLv = 0;
let cLt = 0;
let cThermal = false;
const exempt: number[] = [];
let cVx = 0;
let cVy = 0;
let cViewerUnit: Unit | null = null;
let cTargetUnit: Unit | null = null;

function blockedRay(ax: number, ay: number, bx: number, by: number): boolean {
  const m = cm;
  const s = cs;
  const us = s.units;
  if (!cThermal) {
    for (let k = 0; k < us.length; k++) {
      if (k === cViewer || k === cTarget) continue;
      const u = us[k];
      if (!u.alive && m.o.removeDead) continue;
      if (segmentHitsFootprint(ax, ay, bx, by, u.x, u.y, u.h, m.fp)) return true;
    }
  }
  const fs = m.features;
  const lf = m.losFeatures;
  for (let q = 0; q < lf.length; q++) {
    const f = lf[q];
    if (s.removed[f] || segmentMissesBox(m, f, ax, ay, bx, by)) continue;
    const F = fs[f];
    const los = F.los;
    if (los === LOS_HILL) {
      if (hillBlocks(F.shape, F.level, m.o.hillCrest, ax, ay, cLv, bx, by, cLt)) return true;
      continue;
    }
    if (cThermal && F.thermalOver) continue;
    if (!segmentTouchesShape(F.shape, ax, ay, bx, by)) continue;
    if (exempt[f] === -1) exempt[f] = exemptFor(f) ? 1 : 0;
    if (exempt[f] === 1) continue;
    return true;
  }
  return false;
}

function betweenTowers(m: Model, s: MgvState, k: number): boolean {
  let n = 0;
  const c = m.data.terrainRules.contact;
  for (let f = 0; f < m.features.length; f++) {
    const F = m.features[f];
    if (F.los !== LOS_FUNGUS || s.removed[f]) continue;
    if (unitFeatureDistance(m, s, k, f) <= c && ++n >= 2) return true;
  }
  return false;
}

// Unit-to-feature base distances, cached per (unit, feature) and keyed on the unit's exact
// position and heading (a pure function of those and the model: always the fresh value).
let fdModel: Model | null = null;
let fdKey = new Float64Array(0);
let fdVal = new Float64Array(0);

/** footprintShapeDistance from unit k's base to feature f (the same value, cached). */
export function unitFeatureDistance(m: Model, s: MgvState, k: number, f: number): number {
  const nf = m.features.length;
  if (fdModel !== m) {
    fdModel = m;
    fdKey = new Float64Array(3 * m.units.length * nf).fill(NaN);
    fdVal = new Float64Array(m.units.length * nf);
  }
  const u = s.units[k];
  const idx = k * nf + f;
  const o = 3 * idx;
  if (fdKey[o] === u.x && fdKey[o + 1] === u.y && fdKey[o + 2] === u.h) return fdVal[idx];
  const d = footprintShapeDistance(u.x, u.y, u.h, m.fp, m.features[f].shape);
  fdKey[o] = u.x;
  fdKey[o + 1] = u.y;
  fdKey[o + 2] = u.h;
  fdVal[idx] = d;
  return d;
}

/** Exemptions are computed lazily, only for features a ray actually touches. */
function prepare(m: Model, vx: number, vy: number, viewer: Unit | null, target: Unit): void {
  for (let f = 0; f < m.features.length; f++) exempt[f] = -1;
  cVx = vx;
  cVy = vy;
  cViewerUnit = viewer;
  cTargetUnit = target;
}

/** A feature a base is "using for cover" (in contact, between it and the other end) does not block their line. */
function exemptFor(f: number): boolean {
  const m = cm;
  const s = cs;
  const F = m.features[f];
  const target = cTargetUnit as Unit;
  const viewer = cViewerUnit;
  const c = m.data.terrainRules.contact;
  if (F.los !== LOS_BLOCK && F.los !== LOS_YN && F.los !== LOS_FUNGUS) return false;
  // isBehind (core) for the two bases, with their distances from the cache
  if (behindLine(target.x, target.y, cVx, cVy, F.shape) && unitFeatureDistance(m, s, cTarget, f) <= c) return true;
  if (viewer !== null && behindLine(viewer.x, viewer.y, target.x, target.y, F.shape) && unitFeatureDistance(m, s, cViewer, f) <= c) return true;
  if (F.los === LOS_FUNGUS) {
    if (unitFeatureDistance(m, s, cTarget, f) <= c && betweenTowers(m, s, cTarget)) return true;
    if (viewer !== null && unitFeatureDistance(m, s, cViewer, f) <= c && betweenTowers(m, s, cViewer)) return true;
  }
  return false;
}

/**
 * Whether the rules functions may store what they compute in the state's caches (LOS, cover,
 * canTarget). An agent reasoning on its observation turns it off for its decision: it reads the
 * game's caches but never writes into the game (observations are read-only).
 */
export const CACHE = {
  write: true,
  /**
   * The observers' memo: what the rules functions computed for an agent while `write` was off,
   * same layout as the state's caches; a cell counts only when its stamp is the current one. It is
   * the memo of one state (`owner`, its target cache array, which the observation shares) and
   * lasts until a cache input may have changed: any clearTargets call (state.ts CLEARS) moves the
   * stamp of the target cells on, forgetting them all at once; the LOS and cover cells go only
   * when a sight line may have changed (`sightStamp`, state.ts SIGHT_CLEARS). Its answers are the rules' own (pure functions of
   * that position), so the game takes them too (`memoFor`) instead of recomputing what an agent
   * has just asked: each answer is computed once per position, as before agents went read-only.
   */
  los: new Int32Array(0),
  losAt: new Int32Array(0),
  cover: new Int32Array(0),
  coverAt: new Int32Array(0),
  tgt: new Int32Array(0),
  tgtAt: new Int32Array(0),
  stamp: 0,
  owner: null as readonly number[] | null,
  /** CLEARS.n when the stamp was taken. */
  clears: -1,
  /**
   * The stamp of the LOS and cover cells (losAt, coverAt): moved on only when a sight line may have
   * changed (state.ts SIGHT_CLEARS), as the state's own LOS and cover caches are kept.
   */
  sightStamp: 0,
  /** SIGHT_CLEARS.n when sightStamp was taken. */
  sightClears: -1,
};

/** Starts an agent's decision on `s`: cache writes off; the memo kept while `s` is where it was. */
export function beginReadOnly(s: Readonly<MgvState>): void {
  CACHE.write = false;
  if (CACHE.owner !== s.tgt) {
    CACHE.owner = s.tgt;
    CACHE.clears = -1;
    CACHE.sightClears = -1;
  }
  if (CACHE.los.length < s.los.length) [CACHE.los, CACHE.losAt] = [new Int32Array(s.los.length), new Int32Array(s.los.length)];
  if (CACHE.cover.length < s.cover.length) [CACHE.cover, CACHE.coverAt] = [new Int32Array(s.cover.length), new Int32Array(s.cover.length)];
  if (CACHE.tgt.length < s.tgt.length) [CACHE.tgt, CACHE.tgtAt] = [new Int32Array(s.tgt.length), new Int32Array(s.tgt.length)];
}

export function endReadOnly(): void {
  CACHE.write = true;
}

/**
 * Whether the memo holds answers about `s` (and may take more): `s` is its state, and the stamp
 * is moved on first if a cache input may have changed since it was taken.
 */
export function memoFor(s: Readonly<MgvState>): boolean {
  if (CACHE.owner !== s.tgt) return false;
  if (CACHE.clears !== CLEARS.n) {
    CACHE.stamp++;
    CACHE.clears = CLEARS.n;
  }
  if (CACHE.sightClears !== SIGHT_CLEARS.n) {
    CACHE.sightStamp++;
    CACHE.sightClears = SIGHT_CLEARS.n;
  }
  return true;
}

/** Direct LOS between two units (symmetric under the default options), cached per position set. */
export function hasLos(m: Model, s: MgvState, i: number, j: number): boolean {
  const n = s.units.length;
  const k = i * n + j;
  const c = s.los[k];
  if (c >= 0) return c === 1;
  const memo = memoFor(s);
  const v = memo && CACHE.losAt[k] === CACHE.sightStamp ? CACHE.los[k] === 1 : computeLos(m, s, i, j, false);
  if (CACHE.write) s.los[k] = v ? 1 : 0;
  else if (memo) {
    CACHE.los[k] = v ? 1 : 0;
    CACHE.losAt[k] = CACHE.sightStamp;
  }
  return v;
}

export function computeLos(m: Model, s: MgvState, i: number, j: number, thermal: boolean): boolean {
  const a = s.units[i];
  const b = s.units[j];
  cm = m;
  cs = s;
  cViewer = i;
  cTarget = j;
  cThermal = thermal;
  cLv = levelAt(m, s, a.x, a.y);
  cLt = levelAt(m, s, b.x, b.y);
  prepare(m, a.x, a.y, a, b);
  return losFan(a.x, a.y, b.x, b.y, b.h, m.fp, m.o.rays, blockedRay);
}

/** LOS from a point (a beacon) to unit j. */
export function pointLos(m: Model, s: MgvState, x: number, y: number, j: number): boolean {
  const b = s.units[j];
  cm = m;
  cs = s;
  cViewer = -1;
  cTarget = j;
  cThermal = false;
  cLv = levelAt(m, s, x, y);
  cLt = levelAt(m, s, b.x, b.y);
  prepare(m, x, y, null, b);
  return losFan(x, y, b.x, b.y, b.h, m.fp, m.o.rays, blockedRay);
}

/** Spotted for side `side`: a living, non-paralyzed friendly MGV has LOS, or a spotter beacon sees it (spec §3.5 [P]). */
export function isSpotted(m: Model, s: MgvState, side: number, j: number): boolean {
  const us = s.units;
  const rmax = m.o.spottingRange;
  for (let i = 0; i < us.length; i++) {
    const u = us[i];
    if (!u.alive || m.units[i].side !== side || u.jam === 3) continue;
    if (rmax > 0 && centreDistance(u, us[j]) > rmax) continue;
    if (hasLos(m, s, i, j)) return true;
  }
  for (let b = 0; b < s.beacons.length; b++) {
    const bc = s.beacons[b];
    if (bc.side !== side || bc.kind !== 1 || bc.expires < s.phaseNo) continue;
    if (pointLos(m, s, bc.x, bc.y, j)) return true;
  }
  return false;
}

/** Number of smoke features the line of fire i -> j crosses. */
export function smokeCrossed(m: Model, s: MgvState, i: number, j: number): number {
  const a = s.units[i];
  const b = s.units[j];
  let n = 0;
  for (let f = 0; f < m.features.length; f++) {
    const F = m.features[f];
    if (F.los !== LOS_SMOKE || s.removed[f]) continue;
    if (segmentTouchesShape(F.shape, a.x, a.y, b.x, b.y)) n++;
  }
  return n;
}

/** Cover class applying to target j against firer i (spec §3.5 [O], option coverStacking). */
export function coverOf(m: Model, s: MgvState, i: number, j: number): number {
  const k = i * s.units.length + j;
  const c = s.cover[k];
  if (c >= 0) return c;
  const memo = memoFor(s);
  const v = memo && CACHE.coverAt[k] === CACHE.sightStamp ? CACHE.cover[k] : computeCover(m, s, i, j);
  if (CACHE.write) s.cover[k] = v;
  else if (memo) {
    CACHE.cover[k] = v;
    CACHE.coverAt[k] = CACHE.sightStamp;
  }
  return v;
}

/** Cover class without any cache (invariants compare the caches with it). */
export function computeCover(m: Model, s: MgvState, i: number, j: number): number {
  const a = s.units[i];
  const t = s.units[j];
  const c = m.data.terrainRules.contact;
  let best = 0;
  let sum = 0;
  let smoke = 0;
  let between = -1;
  const cf = m.coverFeatures;
  for (let q = 0; q < cf.length; q++) {
    const f = cf[q];
    const F = m.features[f];
    if (s.removed[f]) continue;
    if (F.coverRule === CR_THROUGH) {
      if (!segmentMissesBox(m, f, a.x, a.y, t.x, t.y) && segmentTouchesShape(F.shape, a.x, a.y, t.x, t.y)) smoke += F.cover;
      continue;
    }
    // isBehind / isHugging (core) with the target's distance from the cache
    if (!(behindLine(t.x, t.y, a.x, a.y, F.shape) && unitFeatureDistance(m, s, j, f) <= c)) continue;
    let ok = F.coverRule === CR_BEHIND;
    if (F.coverRule === CR_HUGGING || F.coverRule === CR_HUG_BETWEEN) ok = unitFeatureDistance(m, s, j, f) <= c && alongFace(t.x, t.y, t.h, F.shape, m.data.terrainRules.hugParallel);
    if (!ok && F.coverRule === CR_HUG_BETWEEN) {
      if (between < 0) between = betweenTowers(m, s, j) ? 1 : 0;
      ok = between === 1;
    }
    if (!ok) continue;
    if (F.cover > best) best = F.cover;
    sum += F.cover;
  }
  return (m.o.coverSum ? sum : best) + smoke;
}

/** Is the unit against a prominent feature (full camouflage condition, seed §5.5)? */
export function againstProminent(m: Model, s: MgvState, k: number): boolean {
  const c = m.data.terrainRules.contact;
  for (let f = 0; f < m.features.length; f++) {
    const F = m.features[f];
    if (!F.prominent || s.removed[f]) continue;
    if (unitFeatureDistance(m, s, k, f) <= c) return true;
  }
  return false;
}

/**
 * Unit k moved (or turned) from (ox, oy): forget the LOS of every pair it belongs to, and of
 * every other pair whose line passes within reach of its old or new footprint (a base blocks
 * lines). Cover depends only on terrain and the two ends, so other pairs keep theirs.
 */
export function unitMoved(m: Model, s: MgvState, k: number, ox: number, oy: number): void {
  const n = s.units.length;
  const u = s.units[k];
  const r = 2 * boundingRadius(m.fp) + 1e-3;
  // squared distances against r^2: the 1e-3 margin dwarfs any rounding, so this stays conservative
  const r2 = r * r;
  SIGHT_CLEARS.n++;
  clearTargets(s);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const idx = i * n + j;
      if (i === k || j === k) {
        s.los[idx] = -1;
        s.cover[idx] = -1;
        continue;
      }
      if (s.los[idx] < 0) continue;
      const a = s.units[i];
      const b = s.units[j];
      if (pointSegmentDistance2(ox, oy, a.x, a.y, b.x, b.y) <= r2 || pointSegmentDistance2(u.x, u.y, a.x, a.y, b.x, b.y) <= r2) s.los[idx] = -1;
    }
  }
}

/** Forgets every LOS, cover and target answer, the observers' memo's included (a base died, terrain was engineered). */
export function clearLosCache(s: MgvState): void {
  SIGHT_CLEARS.n++;
  s.los.fill(-1);
  s.cover.fill(-1);
  clearTargets(s);
}
