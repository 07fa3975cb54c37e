/**
 * MOVEMENTS (seed p.48, p.58): a unit moves once, as a formation translated along one heading
 * toward a goal (a compass direction, a unit's leader, an objective), up to its allowance: combat
 * movement = Movement, rush = Movement + 6 (infantry) / + 10 (AFV), halved when engaged.
 * Bases stop at high obstacles (Size >= 2), at the table edge and on contact with enemies; they
 * pass through friendly soldiers but never end overlapping. A rushing AFV runs over the infantry
 * on its swept path (5+ free, 3+ engaged, support weapons destroyed); survivors under it are
 * moved aside 2.5 cm.
 */
import { hypot } from '../../../core/geometry/table/angles.ts';
import { onSweptPath } from '../../../core/geometry/table/groups.ts';
import { sweepBaseVsShape, type Footprint } from '../../../core/geometry/table/footprint.ts';
import { pointInShape } from '../../../core/geometry/table/shapes.ts';
import type { PlayContext } from '../../../core/system.ts';
import { MAX_UNITS, N_DIRS, type Model } from '../model.ts';
import type { At43State } from '../state.ts';
import { SP_STRIDE } from './afv.ts';
import { killFighter, type Env } from './losses.ts';
import { rollRunOver } from './rolls.ts';
import { gap } from './table.ts';
import { fighterEngaged, noteUnitMoved, unitEngaged, unitsFarApart, unitSweepClear, unitSweepClearOf } from './table-cache.ts';

const FOOT: Footprint[] = [];
function foot(r: number): Footprint {
  for (const f of FOOT) if (f.kind === 'circle' && f.radius === r) return f;
  const f: Footprint = { kind: 'circle', radius: r };
  FOOT.push(f);
  return f;
}

const ENG = new Uint8Array(1024);

/** Movement allowance of unit u (cm). */
export function allowance(m: Model, s: At43State, u: number, rush: boolean): number {
  const U = m.units[u];
  let a = U.profile.movement;
  if (rush) a += U.afv ? m.rules.movement.rushAfv : m.rules.movement.rushInfantry;
  else if (unitEngaged(m, s, u)) a *= m.rules.movement.engagedFactor;
  return a;
}

/** Distance along (dx, dy) a circle at (x, y) of radius r travels before its gap to (ox, oy, or) is `keep`. */
function sweepCircle(x: number, y: number, r: number, dx: number, dy: number, ox: number, oy: number, or: number, keep: number): number {
  const R = r + or + keep;
  const px = ox - x;
  const py = oy - y;
  const b = px * dx + py * dy;
  const c = px * px + py * py - R * R;
  if (c <= 0) return b > 0 ? 0 : Infinity; // already within: only moving away is free
  const disc = b * b - c;
  if (disc < 0 || b <= 0) return Infinity;
  return b - Math.sqrt(disc);
}

function mobile(m: Model, s: At43State, f: number): boolean {
  return s.alive[f] === 1 && (m.fAfv[f] === 0 || s.sp[f * SP_STRIDE + 1] > 0);
}

/** Can unit u move at all: infantry always, AFVs while one of them keeps its propulsion (p.53)? */
export function mobileUnit(m: Model, s: At43State, u: number): boolean {
  const U = m.units[u];
  if (!U.afv) return true;
  for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f] && s.sp[f * SP_STRIDE + 1] > 0) return true;
  return false;
}

/** Heading (dx, dy, max distance) of a goal from the unit's leader; false if the goal is meaningless. */
export function goalVector(m: Model, s: At43State, u: number, goal: number, out: Float64Array): boolean {
  const L = s.leader[u];
  if (goal < N_DIRS) {
    const a = (goal * Math.PI) / 4;
    out[0] = Math.sin(a);
    out[1] = Math.cos(a);
    out[2] = Infinity;
    return true;
  }
  let tx: number;
  let ty: number;
  let stop: number;
  if (goal < N_DIRS + MAX_UNITS) {
    const v = goal - N_DIRS;
    if (v >= m.units.length || v === u || s.members[v] === 0) return false;
    const T = s.leader[v];
    tx = s.fx[T];
    ty = s.fy[T];
    stop = m.fRadius[L] + m.fRadius[T] + (m.units[v].side === m.units[u].side ? 2 : 0.5);
  } else {
    const o = goal - N_DIRS - MAX_UNITS;
    if (o >= m.objectives.length) return false;
    tx = m.objectives[o].x;
    ty = m.objectives[o].y;
    stop = 0;
  }
  const dx = tx - s.fx[L];
  const dy = ty - s.fy[L];
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d - stop < 0.5) return false;
  out[0] = dx / d;
  out[1] = dy / d;
  out[2] = d - stop;
  return true;
}

const GV = new Float64Array(3);
const PUSHED = new Float64Array(2);

/**
 * The point (x, y) pushed out to `r` from every blocking obstacle closer than that (away from its
 * nearest boundary point), into out; false when no obstacle is that close.
 */
function pushOut(m: Model, x: number, y: number, r: number, out: Float64Array): boolean {
  let px = x;
  let py = y;
  let moved = false;
  for (let k = 0; k < m.terrain.length; k++) {
    if (!m.blocking[k]) continue;
    const T = m.terrain[k];
    const inside = pointInShape(T.shape, px, py);
    // nearest boundary point: over the polygon's edges
    let bx = px;
    let by = py;
    let bd = Infinity;
    for (let i = 0, j = T.xs.length - 1; i < T.xs.length; j = i++) {
      const ex = T.xs[i] - T.xs[j];
      const ey = T.ys[i] - T.ys[j];
      const l2 = ex * ex + ey * ey;
      let q = l2 > 0 ? ((px - T.xs[j]) * ex + (py - T.ys[j]) * ey) / l2 : 0;
      q = q < 0 ? 0 : q > 1 ? 1 : q;
      const cx = T.xs[j] + q * ex;
      const cy = T.ys[j] + q * ey;
      const d = hypot(px - cx, py - cy);
      if (d < bd) {
        bd = d;
        bx = cx;
        by = cy;
      }
    }
    if (!inside && bd >= r) continue;
    let dx = px - bx;
    let dy = py - by;
    const l = hypot(dx, dy);
    if (l < 1e-9) {
      // on the boundary: away from the obstacle's centre
      dx = px - T.cx;
      dy = py - T.cy;
    }
    const n = hypot(dx, dy) || 1;
    const sgn = inside ? -1 : 1;
    px = bx + (sgn * dx * r) / n;
    py = by + (sgn * dy * r) / n;
    moved = true;
  }
  out[0] = px;
  out[1] = py;
  return moved;
}

const LEGS = new Float64Array(1024);

/**
 * The legs (into out as (x, y) pairs; returns their number) of a formation of reach `span` whose
 * leader at (ax, ay) goes to (tx, ty): the shortest path around the blocking obstacles, else to the
 * nearest place beside the goal where it fits, else the leader's own path, else straight.
 */
export function route(m: Model, ax: number, ay: number, tx: number, ty: number, span: number, baseRadius: number, out: Float64Array): number {
  let n = m.paths.path(ax, ay, tx, ty, span, m.blocking, out);
  // a goal within the formation's reach of an obstacle (an objective beside a container): the
  // formation goes to the nearest place beside it where it fits, not into the obstacle
  if (n < 0 && pushOut(m, tx, ty, span + 0.1, PUSHED)) n = m.paths.path(ax, ay, PUSHED[0], PUSHED[1], span, m.blocking, out);
  if (n < 0) n = m.paths.path(ax, ay, tx, ty, baseRadius, m.blocking, out);
  if (n > 0) return n;
  out[0] = tx;
  out[1] = ty;
  return 1;
}

/**
 * Routes already found, per model, by their six inputs (compared bit for bit): the same formations
 * walk the same ways from game to game (sector55, gunline vs assault: 92% of the routes asked were
 * asked before), and a path costs a visibility-graph search. One flat table per model, two ways
 * per set (the newer first): a hit reads one record of adjacent numbers, where a Map of typed
 * arrays chased four or five objects scattered over the heap and kept thousands of them alive for
 * the collector. A route of more than ROUTE_LEGS legs is not kept.
 */
const ROUTE_SETS = 2048;
const ROUTE_LEGS = 8;
/** A record: the six inputs, the number of legs (0: empty), the legs' points; padded to 24 numbers. */
const ROUTE_STRIDE = 24;
interface RouteMemo {
  readonly model: Model;
  /** ROUTE_SETS sets of two records (way 0 the newer). */
  readonly rec: Float64Array;
}
const ROUTES = new WeakMap<Model, RouteMemo>();
let lastRoutes: RouteMemo | null = null;
const RKEY = new Float64Array(6);
const RKEY_WORDS = new Int32Array(RKEY.buffer);

/** Does the record at r hold the inputs in RKEY, bit for bit (0 and -0 told apart)? */
function sameKey(rec: Float64Array, r: number): boolean {
  if (rec[r + 6] === 0) return false;
  for (let i = 0; i < 6; i++) if (rec[r + i] !== RKEY[i] || (RKEY[i] === 0 && 1 / rec[r + i] !== 1 / RKEY[i])) return false;
  return true;
}

/** The route table of model m. */
function routeMemo(m: Model): RouteMemo {
  if (lastRoutes !== null && lastRoutes.model === m) return lastRoutes;
  let t = ROUTES.get(m);
  if (t === undefined) ROUTES.set(m, (t = { model: m, rec: new Float64Array(ROUTE_SETS * 2 * ROUTE_STRIDE) }));
  return (lastRoutes = t);
}

/** route(), read back from the model's table when these inputs were routed before. */
export function routeOf(m: Model, ax: number, ay: number, tx: number, ty: number, span: number, baseRadius: number, out: Float64Array): number {
  const rec = routeMemo(m).rec;
  RKEY[0] = ax;
  RKEY[1] = ay;
  RKEY[2] = tx;
  RKEY[3] = ty;
  RKEY[4] = span;
  RKEY[5] = baseRadius;
  let h = 0x811c9dc5;
  for (let i = 0; i < 12; i++) h = Math.imul(h ^ RKEY_WORDS[i], 0x01000193);
  const r0 = ((h ^ (h >>> 15)) & (ROUTE_SETS - 1)) * 2 * ROUTE_STRIDE;
  const r1 = r0 + ROUTE_STRIDE;
  let r = -1;
  if (sameKey(rec, r0)) r = r0;
  else if (sameKey(rec, r1)) {
    // the older way asked again: it becomes the newer
    for (let i = 0; i < ROUTE_STRIDE; i++) {
      const x = rec[r0 + i];
      rec[r0 + i] = rec[r1 + i];
      rec[r1 + i] = x;
    }
    r = r0;
  }
  if (r >= 0) {
    const n = rec[r + 6];
    for (let i = 0; i < 2 * n; i++) out[i] = rec[r + 7 + i];
    return n;
  }
  const n = route(m, ax, ay, tx, ty, span, baseRadius, out);
  if (n <= ROUTE_LEGS) {
    // the newer way becomes the older, the new route takes its place
    rec.copyWithin(r1, r0, r0 + ROUTE_STRIDE);
    rec.set(RKEY, r0);
    rec[r0 + 6] = n;
    for (let i = 0; i < 2 * n; i++) rec[r0 + 7 + i] = out[i];
  }
  return n;
}
const NEAR = new Int32Array(MAX_UNITS);
let OBST = new Int32Array(64);

/**
 * Moves unit u toward `goal`; returns the distance travelled (0 = could not move). Toward a unit
 * or an objective the leader follows the shortest path around the high obstacles (measured along
 * the path, p.48); the formation keeps its shape, leg by leg.
 */
export function moveUnit(env: Env, s: At43State, u: number, rush: boolean, goal: number, ctx: PlayContext): number {
  const m = env.m;
  const U = m.units[u];
  if (!goalVector(m, s, u, goal, GV)) return 0;
  let budget = Math.min(allowance(m, s, u, rush), GV[2]);
  const L = s.leader[u];
  let legs = 1;
  LEGS[0] = s.fx[L] + GV[0] * (Number.isFinite(GV[2]) ? GV[2] : budget);
  LEGS[1] = s.fy[L] + GV[1] * (Number.isFinite(GV[2]) ? GV[2] : budget);
  if (goal >= N_DIRS && !(rush && U.afv)) {
    // the path of the whole formation (its radius around the leader), else of the leader alone
    let span = U.profile.baseRadius;
    for (let f = U.first; f < U.first + U.count; f++) if (mobile(m, s, f)) span = Math.max(span, hypot(s.fx[f] - s.fx[L], s.fy[f] - s.fy[L]) + m.fRadius[f]);
    legs = routeOf(m, s.fx[L], s.fy[L], LEGS[0], LEGS[1], span, U.profile.baseRadius, LEGS);
  }
  let moved = 0;
  let x = s.fx[L];
  let y = s.fy[L];
  for (let i = 0; i < legs && budget > 1e-9; i++) {
    const dx = LEGS[2 * i] - x;
    const dy = LEGS[2 * i + 1] - y;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len < 1e-9) continue;
    const want = Math.min(len, budget);
    const t = translate(env, s, u, dx / len, dy / len, want, rush, ctx);
    moved += t;
    budget -= t;
    if (t < want - 1e-9) break;
    x = s.fx[L];
    y = s.fy[L];
  }
  if (ctx.log && moved > 0) ctx.log(`  ${U.id} ${rush ? 'rushes' : 'moves'} ${moved.toFixed(1)} cm`);
  return moved;
}

/** Translates the formation of u along (dx, dy) by up to maxT, clipped; returns the distance. */
function translate(env: Env, s: At43State, u: number, dx: number, dy: number, maxT: number, rush: boolean, ctx: PlayContext): number {
  const m = env.m;
  const U = m.units[u];
  let t = maxT;
  let dirDeg = NaN; // the heading in degrees, computed for the first exact sweep against an obstacle
  const runOver = rush && U.afv;
  const keepEnemy = 0.5;
  // the units and obstacles within reach of the whole formation's sweep (its disc), once per leg
  let nNear = 0;
  for (let v = 0; v < m.units.length; v++) {
    const G = m.units[v];
    if (v === u || s.members[v] === 0) continue;
    const enemy = G.side !== U.side;
    if (runOver && !G.afv) continue; // an AFV rush passes over soldiers of any side
    if (!enemy && !G.afv && !U.afv) continue; // friendly soldiers are passed through
    if (unitSweepClear(m, s, u, dx, dy, t, v, enemy ? keepEnemy : 0.01)) continue; // no base of v within reach
    NEAR[nNear++] = v;
  }
  let nObst = 0;
  if (OBST.length < m.terrain.length) OBST = new Int32Array(m.terrain.length);
  for (let k = 0; k < m.terrain.length; k++) if (m.blocking[k] && !unitSweepClearOf(m, s, u, dx, dy, t, m.terrain[k].cx, m.terrain[k].cy, m.terrain[k].br)) OBST[nObst++] = k;
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!mobile(m, s, f)) continue;
    const r = m.fRadius[f];
    // table edges
    if (dx > 1e-12) t = Math.min(t, (m.width - r - s.fx[f]) / dx);
    if (dx < -1e-12) t = Math.min(t, (r - s.fx[f]) / dx);
    if (dy > 1e-12) t = Math.min(t, (m.depth - r - s.fy[f]) / dy);
    if (dy < -1e-12) t = Math.min(t, (r - s.fy[f]) / dy);
    for (let i = 0; i < nObst; i++) {
      const T = m.terrain[OBST[i]];
      // the swept path stays beyond the obstacle's bounding circle: skip the exact sweep
      const px = T.cx - s.fx[f];
      const py = T.cy - s.fy[f];
      let q = px * dx + py * dy;
      q = q < 0 ? 0 : q > t ? t : q;
      const ex = px - q * dx;
      const ey = py - q * dy;
      const reach = T.br + r + 1e-9;
      if (ex * ex + ey * ey > reach * reach) continue;
      if (dirDeg !== dirDeg) dirDeg = (Math.atan2(dx, dy) * 180) / Math.PI;
      const d = sweepBaseVsShape(s.fx[f], s.fy[f], 0, foot(r), dirDeg, T.shape);
      if (d < t) t = Math.max(0, d - 0.01);
    }
    for (let i = 0; i < nNear; i++) {
      const v = NEAR[i];
      const G = m.units[v];
      const keep = G.side !== U.side ? keepEnemy : 0.01;
      for (let g = G.first; g < G.first + G.count; g++) {
        if (!s.alive[g]) continue;
        const d = sweepCircle(s.fx[f], s.fy[f], r, dx, dy, s.fx[g], s.fy[g], m.fRadius[g], keep);
        if (d < t) t = Math.max(0, d);
      }
    }
  }
  t = Math.max(0, t);
  // never end overlapping another base (friendly soldiers passed through)
  if (!runOver) {
    while (t > 0 && overlapsAt(m, s, u, dx * t, dy * t)) t = t > 0.5 ? t - 0.5 : 0;
  }
  if (t <= 1e-9) return 0;
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!mobile(m, s, f)) continue;
    s.fx[f] += dx * t;
    s.fy[f] += dy * t;
  }
  s.geom++;
  noteUnitMoved(s, u); // the caches compare only u's fighters (table-cache.ts syncGeom)
  if (runOver) runOverPath(env, s, u, dx * t, dy * t, ctx);
  return t;
}

function overlapsAt(m: Model, s: At43State, u: number, ox: number, oy: number): boolean {
  for (let v = 0; v < m.units.length; v++) {
    if (v === u || unitsFarApart(m, s, u, v, 0, ox, oy)) continue;
    if (overlapsUnitAt(m, s, u, v, ox, oy)) return true;
  }
  return false;
}

/** Does a mobile base of u, shifted by (ox, oy), overlap an alive base of unit v? */
function overlapsUnitAt(m: Model, s: At43State, u: number, v: number, ox: number, oy: number): boolean {
  const U = m.units[u];
  const V = m.units[v];
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!mobile(m, s, f)) continue;
    const x = s.fx[f] + ox;
    const y = s.fy[f] + oy;
    for (let g = V.first; g < V.first + V.count; g++) {
      if (!s.alive[g]) continue;
      const ex = s.fx[g] - x;
      const ey = s.fy[g] - y;
      const R = m.fRadius[f] + m.fRadius[g];
      const d2 = ex * ex + ey * ey;
      if (d2 > R * R * (1 + 1e-9) + 1e-9) continue; // surely apart: skip the square root
      if (Math.sqrt(d2) - m.fRadius[f] - m.fRadius[g] < 0) return true;
    }
  }
  return false;
}

/** Run-over along the swept paths of unit u's AFVs (seed p.58, A14). */
function runOverPath(env: Env, s: At43State, u: number, ox: number, oy: number, ctx: PlayContext): void {
  const m = env.m;
  const U = m.units[u];
  for (let g = 0; g < m.nF; g++) ENG[g] = s.alive[g] && !m.units[m.fUnit[g]].afv && fighterEngaged(m, s, g) ? 1 : 0;
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!mobile(m, s, f)) continue;
    for (let g = 0; g < m.nF; g++) {
      if (!s.alive[g] || m.units[m.fUnit[g]].afv) continue;
      if (!onSweptPath(s.fx[f] - ox, s.fy[f] - oy, s.fx[f], s.fy[f], m.fRadius[f], s.fx[g], s.fy[g], m.fRadius[g])) continue;
      const support = m.units[m.fUnit[g]].profile.category === 'support';
      if (rollRunOver(ctx.dice, support, ENG[g] === 1, m.rules.runOver.freeNeed, m.rules.runOver.engagedNeed)) {
        if (ctx.log) ctx.log(`  ${m.units[m.fUnit[g]].id} fighter run over`);
        killFighter(env, s, g, ctx);
        continue;
      }
      // a survivor under the AFV is moved aside 2.5 cm from it; off the table he is eliminated
      const d = gap(m, s, f, g);
      if (d < 0) {
        let vx = s.fx[g] - s.fx[f];
        let vy = s.fy[g] - s.fy[f];
        const l = Math.sqrt(vx * vx + vy * vy) || 1;
        vx /= l;
        vy /= l;
        const R = m.fRadius[f] + m.fRadius[g] + m.rules.contact.cm;
        s.fx[g] = s.fx[f] + vx * R;
        s.fy[g] = s.fy[f] + vy * R;
        s.geom++;
        if (s.fx[g] < m.fRadius[g] || s.fy[g] < m.fRadius[g] || s.fx[g] > m.width - m.fRadius[g] || s.fy[g] > m.depth - m.fRadius[g]) killFighter(env, s, g, ctx);
      }
    }
  }
}
