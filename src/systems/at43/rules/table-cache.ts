/**
 * The fast twin of table.ts (GENERAL RULES p.46-49, SHOOTING p.63-67): the same answers (contact
 * and engagement, line of sight, the zone of fire, cover, the mêlée) through caches and
 * conservative shortcuts, for the engine's hot loops. Each function here has its pure definition
 * of the same name in table.ts, and `test/systems/at43/table-cache.test.ts` checks that they agree
 * over playouts on every bundled scenario (pure-rand's habit: a fast twin beside a pure
 * definition). Module scratch, no allocation.
 * The caches (discs, sight, contact) are keyed to geometry versions per fighter, unit and side
 * (syncGeom), so one unit's move or loss voids only the answers that depend on it.
 */
import { circleTouchesConvex, convexSeparatesDiscsIn, inZoneOfCover, zoneOfCover, zoneOfFire } from '../../../core/geometry/table/groups.ts';
import { pointBoundaryDistance, pointSegmentDistance2, polygonBesideLine, segmentsIntersect } from '../../../core/geometry/table/shapes.ts';
import { MAX_UNITS, type Model } from '../model.ts';
import type { At43State } from '../state.ts';
import { gap, gapBelow, membersOf, withinCoverDepth } from './table.ts';

export const MEMBERS = new Int32Array(64);
const MEMBERS2 = new Int32Array(512);
const QUAD = new Float64Array(8);
/**
 * underCover()'s zones of cover per (shooting unit, obstacle): 0 not looked at, 1 wedge in
 * WEDGES, 2 negated (the shooting leader near the obstacle). Both depend only on the shooting
 * unit's alive members, their places and its leader (the obstacles are fixed), so an entry stands
 * while its version ZONE_V is at least the unit's (UV).
 */
let ZONE_STATE = new Uint8Array(0);
let ZONE_V = new Int32Array(0);
let WEDGES: Float64Array[] = [];

/**
 * Geometry versions. Every cache below is keyed to what its answer depends on, not to the whole
 * state: when a state or its geometry version (s.geom) changes, the positions, alive flags and
 * leaders are compared with those last seen, and the version is bumped for the fighters that
 * changed (FV), their units (UV), and everything (ALL_V) when an AFV, an obstacle, changed. An
 * entry is valid while its stamp is at least the versions of its inputs, so a unit's move leaves
 * the answers between other units standing.
 */
let geoModel: Model | null = null;
let geoState: At43State | null = null;
let geoGeom = -1;
/** Current version (entries are stamped with it); stamps of 0 are never valid. */
let gVer = 1;
let ALL_V = 1;
let FV = new Int32Array(0);
const UV = new Int32Array(MAX_UNITS);
/** Newest unit version per side. */
const SIDE_V = new Int32Array(8);
let lastX = new Float64Array(0);
let lastY = new Float64Array(0);
let lastAlive = new Uint8Array(0);
const lastLeader = new Int32Array(MAX_UNITS);

/**
 * Changes announced by the rules (noteUnitMoved, noteFighterChanged) since state `noteState`'s
 * geometry version `noteFrom`, up to `noteTo`: when they cover every bump since the last sync of
 * that state, syncGeom compares only the fighters they name. Any other bump of s.geom (a pilot
 * placed, a hero joining, a base pushed aside, another state) breaks the chain, and the next sync
 * compares every fighter, as it always did.
 */
let noteState: At43State | null = null;
let noteFrom = -1;
let noteTo = -1;
/** Named since noteFrom: units whose members may all have changed, and single fighters. */
const NOTE_UNITS = new Int32Array(32);
const NOTE_FIGHTERS = new Int32Array(64);
let nNoteUnits = 0;
let nNoteFighters = 0;

/** Extends the chain of notes of s by the bump of s.geom just made (a new chain when it does not follow on). */
function noteBump(s: At43State): void {
  if (noteState !== s || noteTo !== s.geom - 1) {
    noteState = s;
    noteFrom = s.geom - 1;
    nNoteUnits = 0;
    nNoteFighters = 0;
  }
  noteTo = s.geom;
}

/** The rules moved unit u's members (and changed no other fighter) with the bump of s.geom just made. */
export function noteUnitMoved(s: At43State, u: number): void {
  noteBump(s);
  if (nNoteUnits === NOTE_UNITS.length) noteState = null; // too many: the next sync compares every fighter
  else NOTE_UNITS[nNoteUnits++] = u;
}

/** The rules changed fighter f's place or alive flag (and no other fighter's) with the bump of s.geom just made. */
export function noteFighterChanged(s: At43State, f: number): void {
  noteBump(s);
  if (nNoteFighters === NOTE_FIGHTERS.length) noteState = null;
  else NOTE_FIGHTERS[nNoteFighters++] = f;
}

/** Fighters first..end-1 compared with their last places and alive flags, their versions set to v where changed. True when one changed. */
function syncFighters(m: Model, s: At43State, first: number, end: number, v: number): boolean {
  // module bindings read once (a `let` binding is checked on every read)
  const fx = s.fx;
  const fy = s.fy;
  const alive = s.alive;
  const LX = lastX;
  const LY = lastY;
  const LA = lastAlive;
  const F = FV;
  let changed = false;
  for (let f = first; f < end; f++) {
    const x = fx[f];
    const y = fy[f];
    const a = alive[f];
    if (LX[f] === x && LY[f] === y && LA[f] === a) continue;
    changed = true;
    LX[f] = x;
    LY[f] = y;
    LA[f] = a;
    F[f] = v;
    UV[m.fUnit[f]] = v;
    SIDE_V[m.fSide[f]] = v;
    if (m.fAfv[f]) ALL_V = v;
  }
  return changed;
}

function syncGeom(m: Model, s: At43State): void {
  // the notes cover every change since this state's last sync: only the fighters they name
  const noted = geoModel === m && geoState === s && noteState === s && noteFrom === geoGeom && noteTo === s.geom;
  noteState = null;
  geoState = s;
  geoGeom = s.geom;
  const n = m.nF;
  if (geoModel !== m || gVer > 0x3fffffff) {
    geoModel = m;
    resetStamps(m);
    gVer = 1;
    ALL_V = 1;
    FV = new Int32Array(n).fill(1);
    UV.fill(1);
    SIDE_V.fill(1);
    lastX = Float64Array.from(s.fx);
    lastY = Float64Array.from(s.fy);
    lastAlive = Uint8Array.from(s.alive);
    for (let u = 0; u < m.units.length; u++) lastLeader[u] = s.leader[u];
    return;
  }
  // one new version for everything that changed since the last sync
  const v = gVer + 1;
  let bumped = false;
  if (noted) {
    for (let i = 0; i < nNoteUnits; i++) {
      const U = m.units[NOTE_UNITS[i]];
      if (syncFighters(m, s, U.first, U.first + U.count, v)) bumped = true;
    }
    for (let i = 0; i < nNoteFighters; i++) if (syncFighters(m, s, NOTE_FIGHTERS[i], NOTE_FIGHTERS[i] + 1, v)) bumped = true;
  } else bumped = syncFighters(m, s, 0, n, v);
  // leaders (a few units; a loss may have replaced one)
  const leader = s.leader;
  for (let u = 0; u < m.units.length; u++) {
    if (lastLeader[u] === leader[u]) continue;
    bumped = true;
    lastLeader[u] = leader[u];
    UV[u] = v;
    SIDE_V[m.units[u].side] = v;
  }
  if (bumped) gVer = v;
}

/**
 * Unit discs: a disc holding every alive member's base of each unit (radius = the farthest base
 * edge from its centre). Two units whose discs are more than c apart have no pair of bases within
 * c: the contact, overlap and sweep tests skip them whole.
 */
const DX = new Float64Array(MAX_UNITS);
const DY = new Float64Array(MAX_UNITS);
const DR = new Float64Array(MAX_UNITS);
/** Largest Size among the alive members (what an obstacle must reach to hide the whole unit). */
const DS = new Int32Array(MAX_UNITS);
/** Smallest Size among the alive members (what an obstacle must reach to hide any of them). */
const DSMIN = new Int32Array(MAX_UNITS);
/** Slack on the disc tests, far above rounding and far below any rule distance. */
const DISC_EPS = 1e-6;
/** Version each unit's disc was computed at (valid while at least UV). */
const DV = new Int32Array(MAX_UNITS);

/**
 * The disc of unit u from its alive members, at the current version: centred on the middle of the
 * members' bounding box (any disc holding every base serves the tests below; the smaller, the more
 * often they answer, and the box's middle beats the leader's place in most formations).
 */
function computeDisc(m: Model, s: At43State, u: number): void {
  DV[u] = gVer;
  const U = m.units[u];
  if (s.members[u] === 0 || s.leader[u] < 0) {
    DR[u] = -1;
    return;
  }
  const fx = s.fx;
  const fy = s.fy;
  let size = 0;
  let minSize = Infinity;
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!s.alive[f]) continue;
    if (m.fSize[f] > size) size = m.fSize[f];
    if (m.fSize[f] < minSize) minSize = m.fSize[f];
    if (fx[f] < x0) x0 = fx[f];
    if (fx[f] > x1) x1 = fx[f];
    if (fy[f] < y0) y0 = fy[f];
    if (fy[f] > y1) y1 = fy[f];
  }
  const bx = (x0 + x1) / 2;
  const by = (y0 + y1) / 2;
  // the farthest base edge: with one radius for every alive member (a unit of one profile), the
  // farthest centre decides, and one square root gives the same value (sqrt and + r are monotonic)
  let q2 = -1;
  let r0 = -1;
  let same = true;
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!s.alive[f]) continue;
    const dx = fx[f] - bx;
    const dy = fy[f] - by;
    const q = dx * dx + dy * dy;
    if (q > q2) q2 = q;
    if (r0 < 0) r0 = m.fRadius[f];
    else if (m.fRadius[f] !== r0) same = false;
  }
  let R = 0;
  if (same) R = Math.sqrt(q2) + r0;
  else
    for (let f = U.first; f < U.first + U.count; f++) {
      if (!s.alive[f]) continue;
      const dx = fx[f] - bx;
      const dy = fy[f] - by;
      const e = Math.sqrt(dx * dx + dy * dy) + m.fRadius[f];
      if (e > R) R = e;
    }
  DX[u] = bx;
  DY[u] = by;
  DR[u] = R + DISC_EPS;
  DS[u] = size;
  DSMIN[u] = minSize;
}

/** Brings the disc of unit u (DX, DY, DR; DR < 0 when the unit has left the table, DS, DSMIN) up to date with s, lazily per unit. */
function discOf(m: Model, s: At43State, u: number): void {
  if (geoState !== s || geoGeom !== s.geom || geoModel !== m) syncGeom(m, s);
  if (DV[u] < UV[u]) computeDisc(m, s, u);
}

/** Is a base at (x, y) of radius r surely more than c (edge to edge) from every alive member of unit v? */
export function baseFarFromUnit(m: Model, s: At43State, x: number, y: number, r: number, v: number, c: number): boolean {
  discOf(m, s, v);
  const R = DR[v];
  if (R < 0) return true;
  const dx = DX[v] - x;
  const dy = DY[v] - y;
  const k = R + r + c + DISC_EPS;
  return dx * dx + dy * dy > k * k;
}

/** Are units u and v (shifted by ox, oy) surely more than c apart, edge to edge, base for base? */
export function unitsFarApart(m: Model, s: At43State, u: number, v: number, c: number, ox = 0, oy = 0): boolean {
  discOf(m, s, u);
  discOf(m, s, v);
  const Ru = DR[u];
  const Rv = DR[v];
  if (Ru < 0 || Rv < 0) return true;
  const dx = DX[v] - DX[u] - ox;
  const dy = DY[v] - DY[u] - oy;
  const k = Ru + Rv + c + DISC_EPS;
  return dx * dx + dy * dy > k * k;
}

/**
 * Does unit u, translated along the unit vector (dx, dy) by up to t, stay surely more than c from
 * every base of unit v (edge to edge)? The distance from v's disc centre to the segment swept by
 * u's disc centre, against the sum of the radii.
 */
export function unitSweepClear(m: Model, s: At43State, u: number, dx: number, dy: number, t: number, v: number, c: number): boolean {
  discOf(m, s, u);
  discOf(m, s, v);
  const Ru = DR[u];
  const Rv = DR[v];
  if (Ru < 0 || Rv < 0) return true;
  const px = DX[v] - DX[u];
  const py = DY[v] - DY[u];
  let q = px * dx + py * dy;
  q = q < 0 ? 0 : q > t ? t : q;
  const ex = px - q * dx;
  const ey = py - q * dy;
  const k = Ru + Rv + c + DISC_EPS;
  return ex * ex + ey * ey > k * k;
}

/** Does unit u's disc, translated along (dx, dy) by up to t, stay beyond the circle (cx, cy, cr)? */
export function unitSweepClearOf(m: Model, s: At43State, u: number, dx: number, dy: number, t: number, cx: number, cy: number, cr: number): boolean {
  discOf(m, s, u);
  const Ru = DR[u];
  if (Ru < 0) return true;
  const px = cx - DX[u];
  const py = cy - DY[u];
  let q = px * dx + py * dy;
  q = q < 0 ? 0 : q > t ? t : q;
  const ex = px - q * dx;
  const ey = py - q * dy;
  const k = Ru + cr + DISC_EPS;
  return ex * ex + ey * ey > k * k;
}

/**
 * Contact caches, per fighter and per unit (1 touching, 2 free), valid while their version is at
 * least the fighter's (the unit's) and every enemy side's (SIDE_V): a move leaves the contacts of
 * the mover's friends standing.
 */
let touchCache = new Uint8Array(0);
let TOUCH_V = new Int32Array(0);

/** Newest version of any unit of a side other than `side`. */
function enemyVersion(m: Model, side: number): number {
  let e = 0;
  for (let x = 0; x < m.sides.length; x++) if (x !== side && SIDE_V[x] > e) e = SIDE_V[x];
  return e;
}

/** Fighter f (alive or not) within contact (< 2.5 cm) of an alive enemy fighter, AFVs included. */
export function fighterTouches(m: Model, s: At43State, f: number): boolean {
  if (geoState !== s || geoGeom !== s.geom || geoModel !== m) syncGeom(m, s);
  const side = m.fSide[f];
  const tv = TOUCH_V[f];
  if (tv >= FV[f] && tv >= enemyVersion(m, side)) return touchCache[f] === 1;
  const c = m.rules.contact.cm;
  let r = false;
  for (let v = 0; v < m.units.length && !r; v++) {
    const V = m.units[v];
    if (V.side === side || baseFarFromUnit(m, s, s.fx[f], s.fy[f], m.fRadius[f], v, c)) continue;
    for (let g = V.first; g < V.first + V.count; g++) {
      if (s.alive[g] && gapBelow(m, s, f, g, c)) {
        r = true;
        break;
      }
    }
  }
  touchCache[f] = r ? 1 : 2;
  TOUCH_V[f] = gVer;
  return r;
}

/** Fighter f in contact (< 2.5 cm) with an alive enemy fighter (AFVs are never engaged). */
export function fighterEngaged(m: Model, s: At43State, f: number): boolean {
  return m.fAfv[f] === 0 && fighterTouches(m, s, f);
}

const UNIT_TOUCH = new Uint8Array(MAX_UNITS);
const UNIT_TOUCH_V = new Int32Array(MAX_UNITS);

/** Does an alive fighter of u touch an enemy? */
export function unitTouches(m: Model, s: At43State, u: number): boolean {
  if (geoState !== s || geoGeom !== s.geom || geoModel !== m) syncGeom(m, s);
  const U = m.units[u];
  const tv = UNIT_TOUCH_V[u];
  if (tv >= UV[u] && tv >= enemyVersion(m, U.side)) return UNIT_TOUCH[u] === 1;
  const c = m.rules.contact.cm;
  let near = false;
  for (let v = 0; v < m.units.length && !near; v++) if (m.units[v].side !== U.side && !unitsFarApart(m, s, u, v, c)) near = true;
  let r = false;
  if (near) for (let f = U.first; f < U.first + U.count && !r; f++) if (s.alive[f] && fighterTouches(m, s, f)) r = true;
  UNIT_TOUCH[u] = r ? 1 : 2;
  UNIT_TOUCH_V[u] = gVer;
  return r;
}

export function unitEngaged(m: Model, s: At43State, u: number): boolean {
  return !m.units[u].afv && unitTouches(m, s, u);
}

// LOS blocker context (set by seesNow, read by blocker: no closure per query)
let losM: Model;
let losS: At43State;
let losSize = 0;
let losA = -1;
let losB = -1;
/** The sight line tested by blocker(): ax, ay, bx, by (a scratch array: doubles passed as arguments would be boxed). */
const LINE = new Float64Array(4);

/** Sets LINE and tests it (small enough to be inlined: its arguments stay unboxed). */
function line(ax: number, ay: number, bx: number, by: number): number {
  LINE[0] = ax;
  LINE[1] = ay;
  LINE[2] = bx;
  LINE[3] = by;
  return blocker();
}

/**
 * shapes.ts segmentTouchesShape for a polygon, on the segment in LINE: an end inside (even-odd
 * rule) or an edge met (orientation tests, touching included), with the same arithmetic. Local so
 * that no coordinate is passed (and boxed) per call.
 */
function polygonTouchesLine(xs: readonly number[], ys: readonly number[]): boolean {
  const ax = LINE[0];
  const ay = LINE[1];
  const bx = LINE[2];
  const by = LINE[3];
  let inside = false;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    if (ys[i] > ay !== ys[j] > ay && ax < ((xs[j] - xs[i]) * (ay - ys[i])) / (ys[j] - ys[i]) + xs[i]) inside = !inside;
  }
  if (inside) return true;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    const cx = xs[j];
    const cy = ys[j];
    const dx = xs[i];
    const dy = ys[i];
    const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
    const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
    const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
    if (d1 === 0 && ax >= Math.min(cx, dx) && ax <= Math.max(cx, dx) && ay >= Math.min(cy, dy) && ay <= Math.max(cy, dy)) return true;
    if (d2 === 0 && bx >= Math.min(cx, dx) && bx <= Math.max(cx, dx) && by >= Math.min(cy, dy) && by <= Math.max(cy, dy)) return true;
    if (d3 === 0 && cx >= Math.min(ax, bx) && cx <= Math.max(ax, bx) && cy >= Math.min(ay, by) && cy <= Math.max(ay, by)) return true;
    if (d4 === 0 && dx >= Math.min(ax, bx) && dx <= Math.max(ax, bx) && dy >= Math.min(ay, by) && dy <= Math.max(ay, by)) return true;
  }
  return false;
}

/** Does the segment in LINE cross the disc strictly inside obstacle T (so surely meet T)? Same arithmetic as blocker(). */
function segmentCrossesInnerDisc(T: Model['terrain'][number]): boolean {
  if (!(T.ir > 0)) return false;
  const ax = LINE[0];
  const ay = LINE[1];
  const dx = LINE[2] - ax;
  const dy = LINE[3] - ay;
  const l2 = dx * dx + dy * dy;
  let q = l2 > 0 ? ((T.ix - ax) * dx + (T.iy - ay) * dy) / l2 : 0;
  q = q < 0 ? 0 : q > 1 ? 1 : q;
  const ex = ax + q * dx - T.ix;
  const ey = ay + q * dy - T.iy;
  return ex * ex + ey * ey < T.ir * T.ir;
}

/** The first element blocking the segment in LINE: terrain t (t), AFV afvFighters[i] (terrain count + i), or -1. */
function blocker(): number {
  const ax = LINE[0];
  const ay = LINE[1];
  const bx = LINE[2];
  const by = LINE[3];
  const m = losM;
  for (let t = 0; t < m.terrain.length; t++) {
    const T = m.terrain[t];
    if (T.size < losSize) continue;
    if ((ax < T.x0 && bx < T.x0) || (ax > T.x1 && bx > T.x1) || (ay < T.y0 && by < T.y0) || (ay > T.y1 && by > T.y1)) continue;
    const dx = bx - ax;
    const dy = by - ay;
    const l2 = dx * dx + dy * dy;
    {
      // the segment misses the obstacle's bounding circle: surely clear of it
      let q = l2 > 0 ? ((T.cx - ax) * dx + (T.cy - ay) * dy) / l2 : 0;
      q = q < 0 ? 0 : q > 1 ? 1 : q;
      const ex = ax + q * dx - T.cx;
      const ey = ay + q * dy - T.cy;
      const R = T.br * (1 + 1e-9) + 1e-9;
      if (ex * ex + ey * ey > R * R) continue;
    }
    if (T.ir > 0) {
      // the segment crosses the disc inside the obstacle: surely blocked (the exact test agrees)
      let q = l2 > 0 ? ((T.ix - ax) * dx + (T.iy - ay) * dy) / l2 : 0;
      q = q < 0 ? 0 : q > 1 ? 1 : q;
      const ex = ax + q * dx - T.ix;
      const ey = ay + q * dy - T.iy;
      if (ex * ex + ey * ey < T.ir * T.ir) return t;
    }
    // every corner strictly on one side of the line: polygonTouchesLine would say no (a line
    // beside the container, from a base next to it)
    if (polygonBesideLine(ax, ay, bx, by, T.xs, T.ys, 0)) continue;
    if (polygonTouchesLine(T.xs, T.ys)) return t;
  }
  // AFVs are obstacles with their own Size; soldiers never block (seed p.49)
  const s = losS;
  const afv = m.afvFighters;
  for (let i = 0; i < afv.length; i++) {
    const f = afv[i];
    if (f === losA || f === losB || !s.alive[f] || m.fSize[f] < losSize) continue;
    const dx = bx - ax;
    const dy = by - ay;
    const l2 = dx * dx + dy * dy || 1;
    let t = ((s.fx[f] - ax) * dx + (s.fy[f] - ay) * dy) / l2;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const ex = ax + t * dx - s.fx[f];
    const ey = ay + t * dy - s.fy[f];
    if (ex * ex + ey * ey < m.fRadius[f] * m.fRadius[f]) return m.terrain.length + i;
  }
  return -1;
}

/**
 * Line-of-sight cache (0 unknown, 1 seen, 2 hidden). A line of sight depends only on the two
 * bases' positions, the (static) terrain and the alive AFVs' positions, so the cache outlives
 * moves and states: an entry stands while neither fighter nor any AFV changed (syncGeom).
 */
let cache = new Uint8Array(0);
/** Version at which each entry was computed. */
let stamp = new Int32Array(0);

/** New stamp arrays for model m: every entry unknown. */
function resetStamps(m: Model): void {
  const n = m.nF;
  cache = new Uint8Array(n * n);
  stamp = new Int32Array(n * n);
  HIDDEN = new Uint8Array(n * MAX_UNITS);
  HIDDEN_V = new Int32Array(n * MAX_UNITS);
  SEES_UNIT = new Uint8Array(n * MAX_UNITS);
  SEES_UNIT_V = new Int32Array(n * MAX_UNITS);
  WITNESS = new Int32Array(n * MAX_UNITS).fill(-1);
  CLEAR_VIEW_V.fill(0);
  touchCache = new Uint8Array(n);
  TOUCH_V = new Int32Array(n);
  UNIT_TOUCH_V.fill(0);
  DV.fill(0);
  const nz = MAX_UNITS * m.terrain.length;
  ZONE_STATE = new Uint8Array(nz);
  ZONE_V = new Int32Array(nz);
  WEDGES = Array.from({ length: nz }, () => new Float64Array(8));
}

/**
 * Fighters surely out of sight of a whole unit, per state and geometry version (0 unknown, 1
 * hidden, 2 not known hidden): a convex obstacle at least as tall as every alive member of v
 * stands across fighter a's base and the disc of v (core convexSeparatesDiscs), so a sees no
 * member of v. Saves the pair by pair lines when a unit hides behind an obstacle.
 */
let HIDDEN = new Uint8Array(0);
/** Version of each HIDDEN entry (valid while at least the fighter's and the unit's). */
let HIDDEN_V = new Int32Array(0);
/** Two discs [ax, ay, ar, bx, by, br] for convexSeparatesDiscsIn. */
const PAIR = new Float64Array(6);
/** seesUnit() per (fighter, unit): 1 sees, 2 does not; valid while its version is at least the fighter's, the unit's and ALL_V. */
let SEES_UNIT = new Uint8Array(0);
let SEES_UNIT_V = new Int32Array(0);
/** The member of the unit last seen by each fighter, tried first next time (kept across versions). */
let WITNESS = new Int32Array(0);

/** Unit pairs in clear view: 1 clear, 2 not known clear; valid while its version is at least both units' and ALL_V. */
const CLEAR_VIEW = new Uint8Array(MAX_UNITS * MAX_UNITS);
const CLEAR_VIEW_V = new Int32Array(MAX_UNITS * MAX_UNITS);

export function hiddenFromUnit(m: Model, s: At43State, a: number, v: number): boolean {
  discOf(m, s, v);
  const k = a * MAX_UNITS + v;
  const hv = HIDDEN_V[k];
  if (hv >= FV[a] && hv >= UV[v]) return HIDDEN[k] === 1;
  let r = false;
  const Rv = DR[v];
  if (Rv >= 0 && s.alive[a]) {
    const size = DS[v];
    const ax = s.fx[a];
    const ay = s.fy[a];
    const ar = m.fRadius[a];
    for (let t = 0; t < m.terrain.length && !r; t++) {
      const T = m.terrain[t];
      if (!T.convex || T.size < size) continue;
      // an obstacle across the two discs meets the segment between their centres widened by the larger radius
      const reach = T.br + (ar > Rv ? ar : Rv);
      if (pointSegmentDistance2(T.cx, T.cy, ax, ay, DX[v], DY[v]) > reach * reach) continue;
      // an obstacle across the discs meets the segment joining their centres (surely when the
      // segment crosses the disc inside it, as in blocker())
      LINE[0] = ax;
      LINE[1] = ay;
      LINE[2] = DX[v];
      LINE[3] = DY[v];
      if (!segmentCrossesInnerDisc(T) && (polygonBesideLine(ax, ay, DX[v], DY[v], T.xs, T.ys, 0) || !polygonTouchesLine(T.xs, T.ys))) continue;
      PAIR[0] = ax;
      PAIR[1] = ay;
      PAIR[2] = ar;
      PAIR[3] = DX[v];
      PAIR[4] = DY[v];
      PAIR[5] = Rv;
      if (convexSeparatesDiscsIn(PAIR, T.xs, T.ys, 1e-6, T.bound)) r = true;
    }
  }
  HIDDEN[k] = r ? 1 : 2;
  HIDDEN_V[k] = gVer;
  return r;
}

/** Line of sight from fighter a to fighter b: an obstacle hides b when b.Size <= its Size. */
export function sees(m: Model, s: At43State, a: number, b: number): boolean {
  if (geoState !== s || geoGeom !== s.geom || geoModel !== m) syncGeom(m, s);
  const k = a * m.nF + b;
  const st = stamp[k];
  if (st >= ALL_V && st >= FV[a] && st >= FV[b]) return cache[k] === 1;
  const r = (s.alive[a] === 1 && s.alive[b] === 1 && unitsInClearView(m, s, m.fUnit[a], m.fUnit[b])) || seesNow(m, s, a, b);
  cache[k] = r ? 1 : 2;
  stamp[k] = gVer;
  return r;
}

/**
 * sees(a, b) where the units of a and b are known not to stand in clear view (or a is dead): the
 * cached line, else seesNow, without asking unitsInClearView again (the same answer). The caller
 * has synced the geometry.
 */
function seesPair(m: Model, a: number, b: number, s: At43State): boolean {
  const k = a * m.nF + b;
  const st = stamp[k];
  if (st >= ALL_V && st >= FV[a] && st >= FV[b]) return cache[k] === 1;
  const r = seesNow(m, s, a, b);
  cache[k] = r ? 1 : 2;
  stamp[k] = gVer;
  return r;
}

/** Line of sight computed afresh, bypassing the cache (for tests of the cache). */
export function seesNow(m: Model, s: At43State, a: number, b: number): boolean {
  losM = m;
  losS = s;
  losSize = m.fSize[b];
  losA = a;
  losB = b;
  // the five lines of groups.ts basesSee (centre, two outer tangents, two crossing), same
  // arithmetic; the outer two first: one convex obstacle across both also cuts the centre and
  // crossing lines, which join the two outer lines inside their quadrilateral (hidden after two
  // lines), and a base seen past an obstacle's edge is seen along an outer line
  const ax = s.fx[a], ay = s.fy[a], ar = m.fRadius[a];
  const bx = s.fx[b], by = s.fy[b], br = m.fRadius[b];
  let dx = bx - ax;
  let dy = by - ay;
  const d = Math.sqrt(dx * dx + dy * dy) || 1;
  dx /= d;
  dy /= d;
  const nx = -dy;
  const ny = dx;
  const k = 0.999;
  const pax = nx * ar * k;
  const pay = ny * ar * k;
  const pbx = nx * br * k;
  const pby = ny * br * k;
  const p = line(ax + pax, ay + pay, bx + pbx, by + pby);
  if (p < 0) return true;
  const q = line(ax - pax, ay - pay, bx - pbx, by - pby);
  if (q < 0) return true;
  if (p === q && (p >= m.terrain.length || m.terrain[p].convex)) return false;
  if (line(ax, ay, bx, by) < 0) return true;
  if (line(ax + pax, ay + pay, bx - pbx, by - pby) < 0) return true;
  return line(ax - pax, ay - pay, bx + pbx, by + pby) < 0;
}

/**
 * Is the polygon (boundary and inside) within sqrt(e2) of the segment in LINE? Answered as soon
 * as one edge decides (a crossing, or an end-to-edge or corner-to-segment distance within reach).
 */
function polygonNearLine(xs: readonly number[], ys: readonly number[], e2: number): boolean {
  const ax = LINE[0];
  const ay = LINE[1];
  const bx = LINE[2];
  const by = LINE[3];
  let inside = false;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    if (ys[i] > ay !== ys[j] > ay && ax < ((xs[j] - xs[i]) * (ay - ys[i])) / (ys[j] - ys[i]) + xs[i]) inside = !inside;
    if (segmentsIntersect(ax, ay, bx, by, xs[j], ys[j], xs[i], ys[i])) return true;
    if (pointSegmentDistance2(ax, ay, xs[j], ys[j], xs[i], ys[i]) <= e2) return true;
    if (pointSegmentDistance2(bx, by, xs[j], ys[j], xs[i], ys[i]) <= e2) return true;
    if (pointSegmentDistance2(xs[i], ys[i], ax, ay, bx, by) <= e2) return true;
  }
  return inside;
}

/**
 * Do units u and v stand in clear view (every member of u sees every member of v)? True when no
 * obstacle tall enough to hide a member of v, terrain or alive AFV, comes near the region between
 * their discs: every sight line runs inside the convex hull of the two discs, which lies within
 * the larger radius of the segment joining their centres. A sufficient test (false when unsure).
 */
export function unitsInClearView(m: Model, s: At43State, u: number, v: number): boolean {
  discOf(m, s, u);
  discOf(m, s, v);
  const k = u * MAX_UNITS + v;
  const cv = CLEAR_VIEW_V[k];
  if (cv >= ALL_V && cv >= UV[u] && cv >= UV[v]) return CLEAR_VIEW[k] === 1;
  const Ru = DR[u];
  const Rv = DR[v];
  let r = Ru >= 0 && Rv >= 0;
  if (r) {
    const size = DSMIN[v];
    const reach = Ru > Rv ? Ru : Rv;
    const ux = DX[u], uy = DY[u], vx = DX[v], vy = DY[v];
    for (let t = 0; t < m.terrain.length && r; t++) {
      const T = m.terrain[t];
      if (T.size < size) continue;
      const R = (T.br + reach) * (1 + 1e-9) + 1e-9;
      if (pointSegmentDistance2(T.cx, T.cy, ux, uy, vx, vy) > R * R) continue;
      // near its bounding circle: the obstacle's own distance to the segment decides (0 when the
      // segment crosses the disc inside the obstacle)
      const e = reach * (1 + 1e-9) + 1e-9;
      LINE[0] = ux;
      LINE[1] = uy;
      LINE[2] = vx;
      LINE[3] = vy;
      // beside the line by more than e: polygonNearLine would say no
      if (segmentCrossesInnerDisc(T) || (!polygonBesideLine(ux, uy, vx, vy, T.xs, T.ys, e) && polygonNearLine(T.xs, T.ys, e * e))) r = false;
    }
    const afv = m.afvFighters;
    for (let i = 0; i < afv.length && r; i++) {
      const f = afv[i];
      if (!s.alive[f] || m.fSize[f] < size) continue;
      const R = (m.fRadius[f] + reach) * (1 + 1e-9) + 1e-9;
      if (pointSegmentDistance2(s.fx[f], s.fy[f], ux, uy, vx, vy) <= R * R) r = false;
    }
  }
  CLEAR_VIEW[k] = r ? 1 : 2;
  CLEAR_VIEW_V[k] = gVer;
  return r;
}

/** Does fighter a see at least one alive member of unit v? (Cached per state and geometry version.) */
export function seesUnit(m: Model, s: At43State, a: number, v: number): boolean {
  return seesUnitOf(m, s, a, v, false);
}

/**
 * seesUnit(a, v) for a caller that has found a's unit and v not in clear view (unitsInClearView
 * false): the same answer, without asking it again.
 */
export function seesUnitPastClearView(m: Model, s: At43State, a: number, v: number): boolean {
  return seesUnitOf(m, s, a, v, true);
}

function seesUnitOf(m: Model, s: At43State, a: number, v: number, notClear: boolean): boolean {
  discOf(m, s, v);
  const k = a * MAX_UNITS + v;
  const sv = SEES_UNIT_V[k];
  if (sv >= ALL_V && sv >= FV[a] && sv >= UV[v]) return SEES_UNIT[k] === 1;
  // a fighter that saw nothing of v last time is most likely hidden behind the same obstacle: that
  // test first (exact when it answers); else the two units in clear view (past it, the pair lines
  // need not ask it again: seesPair), then the member seen last time, then the whole unit behind
  // one obstacle (unless just found not), then member by member
  const wasHidden = SEES_UNIT[k] === 2;
  if (wasHidden && hiddenFromUnit(m, s, a, v)) {
    SEES_UNIT_V[k] = gVer;
    return false;
  }
  const w = WITNESS[k];
  let r = (!notClear && s.alive[a] === 1 && unitsInClearView(m, s, m.fUnit[a], v)) || (w >= 0 && s.alive[w] === 1 && seesPair(m, a, w, s));
  if (!r && (wasHidden || !hiddenFromUnit(m, s, a, v))) {
    const V = m.units[v];
    for (let f = V.first; f < V.first + V.count && !r; f++) {
      if (f !== w && s.alive[f] && seesPair(m, a, f, s)) {
        r = true;
        WITNESS[k] = f;
      }
    }
  }
  SEES_UNIT[k] = r ? 1 : 2;
  SEES_UNIT_V[k] = gVer;
  return r;
}

/**
 * Fighters caught in the zone of fire of unit u shooting at unit v (seed p.63-65), sorted by
 * distance to the shooting leader, written to out; returns their number. Ignored: members of
 * u and v, grounded fighters, units under "Knee to the ground!", smaller fighters (option A2).
 */
export function caughtInZone(m: Model, s: At43State, u: number, v: number, out: Int32Array, kneeBit: number, single = -1, melee: Uint8Array | null = null): number {
  if (single < 0 && melee === null && zoneSurelyEmpty(m, s, u, v, kneeBit)) return 0;
  const ns = membersOf(m, s, u, MEMBERS);
  let nt = 0;
  if (single >= 0) {
    MEMBERS2[0] = single; // a single targeted AFV: the zone uses that AFV alone (p.63)
    nt = 1;
  } else if (melee) {
    // a mêlée target: the extremities of every engaged unit (p.63, A20)
    for (let f = 0; f < m.nF; f++) if (s.alive[f] && melee[m.fUnit[f]]) MEMBERS2[nt++] = f;
  } else nt = membersOf(m, s, v, MEMBERS2);
  if (ns === 0 || nt === 0) return 0;
  zoneOfFire(s.fx, s.fy, m.fRadius, MEMBERS, ns, s.leader[u], MEMBERS2, nt, single >= 0 ? single : s.leader[v], QUAD);
  const rule = m.opts['zoneOfFire.sizeRule'];
  const sShoot = m.units[u].profile.size;
  const sTarget = m.units[v].profile.size;
  const lx = s.fx[s.leader[u]];
  const ly = s.fy[s.leader[u]];
  let n = 0;
  // unit by unit (fighters in index order still): a unit whose disc misses the zone has no base in it
  for (let w = 0; w < m.units.length; w++) {
    if (w === u || w === v || (melee && melee[w]) || s.drills[w] & kneeBit) continue;
    discOf(m, s, w);
    const R = DR[w];
    if (R < 0 || !circleTouchesConvex(QUAD, 4, DX[w], DY[w], R)) continue;
    const W = m.units[w];
    for (let f = W.first; f < W.first + W.count; f++) {
      if (!s.alive[f] || s.grounded[f]) continue;
      const z = m.fSize[f];
      if (rule === 'either' && (z < sShoot || z < sTarget)) continue;
      if (rule === 'both' && z < sShoot && z < sTarget) continue;
      if (!circleTouchesConvex(QUAD, 4, s.fx[f], s.fy[f], m.fRadius[f])) continue;
      // insertion by distance to the shooting leader
      const d = (s.fx[f] - lx) ** 2 + (s.fy[f] - ly) ** 2;
      let i = n++;
      while (i > 0 && (s.fx[out[i - 1]] - lx) ** 2 + (s.fy[out[i - 1]] - ly) ** 2 > d) {
        out[i] = out[i - 1];
        i--;
      }
      out[i] = f;
    }
  }
  return n;
}

/**
 * No bystander possible in the zone of fire of unit u at unit v (whole units): its corners are
 * base edge points of their alive members, so it lies in the hull of the two units' discs, within
 * the larger radius of the segment joining their centres; a unit whose disc stays beyond that has
 * no base in it. Saves building the zone when no third unit stands near the line of fire.
 */
function zoneSurelyEmpty(m: Model, s: At43State, u: number, v: number, kneeBit: number): boolean {
  discOf(m, s, u);
  discOf(m, s, v);
  const Ru = DR[u];
  const Rv = DR[v];
  if (Ru < 0 || Rv < 0) return false;
  const reach = Ru > Rv ? Ru : Rv;
  for (let w = 0; w < m.units.length; w++) {
    if (w === u || w === v || s.drills[w] & kneeBit) continue;
    discOf(m, s, w);
    const R = DR[w];
    if (R < 0) continue;
    const k = (reach + R) * (1 + 1e-9) + 1e-6;
    if (pointSegmentDistance2(DX[w], DY[w], DX[u], DY[u], DX[v], DY[v]) <= k * k) return false;
  }
  return true;
}

/**
 * Is unit v under cover against unit u (seed p.66-67)? At least half of its members hidden or
 * behind cover; an obstacle gives cover to a fighter when its Size is the fighter's minus 1 (or
 * minus 2, "debatable", under Take cover: A21); ignored when the shooting leader is within
 * `negateCm` of the obstacle's edge.
 */
export function underCover(m: Model, s: At43State, u: number, v: number, takeCover: boolean): boolean {
  const nt = membersOf(m, s, v, MEMBERS2);
  if (nt === 0) return false;
  if (geoState !== s || geoGeom !== s.geom || geoModel !== m) syncGeom(m, s);
  const ns = membersOf(m, s, u, MEMBERS);
  const L = s.leader[u];
  let covered = 0;
  const z0 = u * m.terrain.length;
  const uv = UV[u];
  const need = nt * m.rules.cover.halfRule;
  // the two units in clear view: every shooter sees every member, none is hidden (no line to test)
  const open = unitsInClearView(m, s, u, v);
  // obstacles whose cover depth no member of v reaches, judged once on v's disc (the distance to
  // an obstacle's boundary changes by at most the distance moved, and the disc holds every base)
  const depth = m.opts['cover.depthCm'];
  let deep = 0; // bit per obstacle out of reach (the first 31)
  if (depth > 0) {
    discOf(m, s, v);
    for (let t = 0; t < m.terrain.length && t < 31; t++) {
      const T = m.terrain[t];
      if (T.cover && pointBoundaryDistance(T.shape, DX[v], DY[v]) - DR[v] > depth) deep |= 1 << t;
    }
  }
  let k0 = 0; // the shooter that saw the last member is asked first
  for (let i = 0; i < nt; i++) {
    // decided already: enough members covered, or too few left to get there
    if (covered >= need || covered + nt - i < need) break;
    const f = MEMBERS2[i];
    let hid = !open;
    for (let j = 0; j < ns && hid; j++) {
      const k = j + k0 < ns ? j + k0 : j + k0 - ns;
      // not in clear view (open false): the pair lines without asking it again
      if (seesPair(m, MEMBERS[k], f, s)) {
        hid = false;
        k0 = k;
      }
    }
    if (hid) {
      covered++;
      continue;
    }
    for (let t = 0; t < m.terrain.length; t++) {
      const T = m.terrain[t];
      const low = m.fSize[f] - T.size;
      if (!T.cover || !(low === 1 || (takeCover && low === 2)) || deep & (1 << t)) continue;
      // per obstacle, once per version of the shooting unit: is it negated by the shooting
      // leader's proximity, else its wedge
      const z = z0 + t;
      if (ZONE_V[z] < uv) {
        if (pointBoundaryDistance(T.shape, s.fx[L], s.fy[L]) - m.fRadius[L] < m.rules.cover.negateCm) ZONE_STATE[z] = 2;
        else {
          zoneOfCover(s.fx, s.fy, m.fRadius, MEMBERS, ns, L, T.xs, T.ys, WEDGES[z]);
          ZONE_STATE[z] = 1;
        }
        ZONE_V[z] = gVer;
      }
      if (ZONE_STATE[z] === 2) continue;
      if (inZoneOfCover(WEDGES[z], s.fx[f], s.fy[f], m.fRadius[f]) && withinCoverDepth(m, s, f, T.shape)) {
        covered++;
        break;
      }
    }
  }
  return covered >= need;
}

const QUEUE = new Int32Array(64);

/**
 * The mêlée around infantry unit v (p.61): v and every unit in contact with a unit of it, friend or
 * foe, transitively. Marks them in `mask` (cleared first); returns how many units it holds.
 */
export function meleeOf(m: Model, s: At43State, v: number, mask: Uint8Array): number {
  mask.fill(0);
  let head = 0;
  let tail = 0;
  mask[v] = 1;
  QUEUE[tail++] = v;
  const c = m.rules.contact.cm;
  while (head < tail) {
    const a = QUEUE[head++];
    const A = m.units[a];
    for (let f = A.first; f < A.first + A.count; f++) {
      if (!s.alive[f]) continue;
      for (let b = 0; b < m.units.length; b++) {
        const B = m.units[b];
        if (mask[b] || B.side === A.side || B.afv || baseFarFromUnit(m, s, s.fx[f], s.fy[f], m.fRadius[f], b, c)) continue;
        for (let g = B.first; g < B.first + B.count; g++) {
          if (!s.alive[g] || gap(m, s, f, g) >= c) continue;
          mask[b] = 1;
          QUEUE[tail++] = b;
          break;
        }
      }
    }
  }
  return tail;
}
