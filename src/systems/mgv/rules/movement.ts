/**
 * Movement (seed §4.0, §1.3, §1.4; spec §3.3): straight legs along the heading with turn
 * costs, terrain move fractions, collisions (enemy bases never passed, friendly bases passed
 * but never ended on), trap rolls at the middle of the transit, neutralizers, jamming surfaces.
 */
import type { Rng } from '../../../core/rng/rng.ts';
import type { PlayContext } from '../../../core/system.ts';
import {
  basesOverlap, footprintInsideTable, footprintOverlapsShape, headingTo, norm360, normDeg, pathCost, pointShapeDistance, segmentShapeIntervals,
  sweepBaseVsBase, sweepBaseVsShape, sweepInsideTable, travelForBudget, turnCost, nearestParam,
} from '../../../core/geometry/table/index.ts';
import { speedOf, payloadPoints } from './damage.ts';
import { unitMoved } from './geom.ts';
import { LOS_FUNGUS, P_POWER, type Model } from '../model.ts';
import type { MgvState, Unit } from '../state.ts';
import { S_IDX } from '../metrics.ts';

const slowActive: boolean[] = [];
const IV = new Float64Array(512);

/** Movement allowance at the start of the unit's move (spec §3.3). */
export function allowanceOf(m: Model, s: MgvState, i: number): number {
  const u = s.units[i];
  if (!u.alive || u.trapped || u.jam >= 2 || u.frozen) return 0;
  const sp = speedOf(m, i, u);
  if (sp <= 0) return 0;
  const total = sp + u.powerSpeed * m.data.payloads.powerSpeedPerPoint;
  return u.jam === 1 ? total / 2 : total;
}

/** Is feature f an obstacle to unit i's movement? */
function blocksMove(m: Model, s: MgvState, f: number, side: number): boolean {
  const F = m.features[f];
  if (s.removed[f] || F.move !== 'impassable') return false;
  if (s.opened[f]) return false; // bridged / bulldozed
  if (F.type === 'neutralizer' && F.smart && F.owner === side) return false;
  return true;
}

function prepareSlow(m: Model, s: MgvState): void {
  for (let f = 0; f < m.features.length; f++) slowActive[f] = !s.removed[f] && !s.opened[f] && m.moveFactors[f] > 1;
}

/** Free distance along `dir` before touching an obstacle, an enemy base (with ZOC) or the table edge. */
export function freeDistance(m: Model, s: MgvState, i: number, dir: number, maxD: number): number {
  const u = s.units[i];
  const side = m.units[i].side;
  let best = Math.min(maxD, sweepInsideTable(u.x, u.y, u.h, m.fp, dir, 0, 0, m.width, m.height));
  const zoc = m.o.zoc ? 1 : 0;
  for (let k = 0; k < s.units.length; k++) {
    if (k === i) continue;
    const o = s.units[k];
    const enemy = m.units[k].side !== side;
    if (!enemy && o.alive) continue; // friendly bases may be passed through
    if (!o.alive && m.o.removeDead) continue;
    let t: number;
    if (zoc && enemy && o.alive) {
      t = sweepBaseVsBase(u.x, u.y, u.h, m.fp, dir, o.x, o.y, o.h, m.fp.kind === 'circle' ? { kind: 'circle', radius: m.fp.radius + zoc } : { kind: 'rect', length: m.fp.length + 2 * zoc, width: m.fp.width + 2 * zoc }, best);
    } else t = sweepBaseVsBase(u.x, u.y, u.h, m.fp, dir, o.x, o.y, o.h, m.fp, best);
    if (t < best) best = t;
  }
  for (let f = 0; f < m.features.length; f++) {
    if (!blocksMove(m, s, f, side)) continue;
    const t = sweepBaseVsShape(u.x, u.y, u.h, m.fp, dir, m.features[f].shape, best);
    if (t < best) best = t;
  }
  return Math.max(0, best);
}

function overlapsFriend(m: Model, s: MgvState, i: number, x: number, y: number, h: number): boolean {
  const side = m.units[i].side;
  for (let k = 0; k < s.units.length; k++) {
    if (k === i || m.units[k].side !== side || !s.units[k].alive) continue;
    const o = s.units[k];
    if (basesOverlap(x, y, h, m.fp, o.x, o.y, o.h, m.fp)) return true;
  }
  return false;
}

function blockedAt(m: Model, s: MgvState, i: number, x: number, y: number, h: number): boolean {
  const side = m.units[i].side;
  for (let k = 0; k < s.units.length; k++) {
    if (k === i) continue;
    const o = s.units[k];
    if (m.units[k].side === side && o.alive) continue;
    if (!o.alive && m.o.removeDead) continue;
    if (basesOverlap(x, y, h, m.fp, o.x, o.y, o.h, m.fp)) return true;
  }
  for (let f = 0; f < m.features.length; f++) if (blocksMove(m, s, f, side) && footprintOverlapsShape(x, y, h, m.fp, m.features[f].shape)) return true;
  return false;
}

/** Turns unit i by delta degrees in place (cost charged by the caller); false if blocked. */
export function turnInPlace(m: Model, s: MgvState, i: number, delta: number): boolean {
  if (!turnNoCache(m, s, i, delta)) return false;
  unitMoved(m, s, i, s.units[i].x, s.units[i].y);
  return true;
}

/** turnInPlace without the cache update (the caller calls unitMoved once the whole leg is done). */
function turnNoCache(m: Model, s: MgvState, i: number, delta: number): boolean {
  const u = s.units[i];
  const nh = norm360(u.h + delta);
  if (Math.abs(normDeg(delta)) > 1e-9 && (blockedAt(m, s, i, u.x, u.y, nh) || !footprintInsideTable(u.x, u.y, nh, m.fp, 0, 0, m.width, m.height))) return false;
  u.h = nh;
  return true;
}

/**
 * One leg: turn by `delta`, then advance up to `dist` (backwards if `reverse`), truncated at
 * obstacles and by the allowance; trap/neutralizer/jamming-surface/infection rolls on the way.
 * Returns the distance travelled.
 */
export function moveLeg(m: Model, s: MgvState, i: number, delta: number, dist: number, reverse: boolean, ctx: PlayContext): number {
  const u = s.units[i];
  const tc = turnCost(delta, m.data.turnCost.step, m.data.turnCost.cost);
  // the LOS / cover / target caches are updated once, after the turn and the advance (a turn
  // keeps the base inside the radius unitMoved clears around its position)
  let turned = false;
  if (Math.abs(normDeg(delta)) > 1e-9 && tc <= u.allowance + 1e-9 && turnNoCache(m, s, i, delta)) {
    u.allowance = Math.max(0, u.allowance - tc);
    turned = true;
  }
  u.activeTurn = true;
  u.camo = false;
  if (dist <= 0 || u.allowance <= 1e-9) {
    if (turned) unitMoved(m, s, i, u.x, u.y);
    return 0;
  }
  const t = advance(m, s, i, dist, reverse, ctx);
  if (turned && t <= 0) unitMoved(m, s, i, u.x, u.y);
  return t;
}

/** The straight part of a leg; calls unitMoved when the base moves. */
function advance(m: Model, s: MgvState, i: number, dist: number, reverse: boolean, ctx: PlayContext): number {
  const u = s.units[i];
  const dir = reverse ? norm360(u.h + 180) : u.h;
  const free = freeDistance(m, s, i, dir, dist);
  prepareSlow(m, s);
  let t = travelForBudget(u.x, u.y, dir, free, u.allowance, m.shapes, m.moveFactors, m.features.length, slowActive, m.moveScratch);
  if (t <= 1e-9) return 0;
  const dx = Math.sin((dir * Math.PI) / 180);
  const dy = Math.cos((dir * Math.PI) / 180);
  // events along the path, in order of distance: traps, neutralizers, jamming surfaces, infection
  t = pathEvents(m, s, i, dx, dy, t, ctx.dice, ctx);
  // may not end overlapping a friendly base: back off in small steps
  while (t > 0 && overlapsFriend(m, s, i, u.x + dx * t, u.y + dy * t, u.h)) t = Math.max(0, t - 0.1);
  if (t <= 0) return 0;
  const nx = u.x + dx * t;
  const ny = u.y + dy * t;
  const cost = pathCost(u.x, u.y, nx, ny, m.shapes, m.moveFactors, m.features.length, slowActive, m.moveScratch);
  u.allowance = Math.max(0, u.allowance - cost);
  const ox = u.x;
  const oy = u.y;
  u.x = nx;
  u.y = ny;
  u.moved += t;
  if (m.o.activityLos === 1) {
    // leg end points, read only by the 'anyPoint' activity check (combat.ts modifiers)
    u.pathX.push(nx);
    u.pathY.push(ny);
  }
  unitMoved(m, s, i, ox, oy);
  return t;
}

/** Resolves rolls along the path [0, t] and returns where the base stops. */
function pathEvents(m: Model, s: MgvState, i: number, dx: number, dy: number, t: number, rng: Rng, ctx: PlayContext): number {
  const u = s.units[i];
  const side = m.units[i].side;
  let stop = t;
  for (let pass = 0; pass < 4; pass++) {
    let bestT = Infinity;
    let bestF = -1;
    for (let f = 0; f < m.features.length; f++) {
      if (s.removed[f]) continue;
      const F = m.features[f];
      let at = Infinity;
      if (F.trapMin > 0 && !s.opened[f]) {
        if (F.trapWithin > 0) {
          if (F.type === 'neutralizer' && F.smart && F.owner === side) continue;
          at = firstWithin(F.shape, u.x, u.y, dx, dy, stop, F.trapWithin);
        } else {
          const n = segmentShapeIntervals(F.shape, u.x, u.y, u.x + dx * stop, u.y + dy * stop, IV, 0);
          // roll "in the middle of the transit": the chord of the whole intended path
          if (n > 0) {
            const full = segmentShapeIntervals(F.shape, u.x, u.y, u.x + dx * t, u.y + dy * t, IV, 0);
            if (full > 0) {
              const mid = ((IV[0] + IV[1]) / 2) * t;
              if (mid <= stop + 1e-9) at = mid;
            }
          }
        }
      } else if (F.jamming && !s.opened[f]) {
        const n = segmentShapeIntervals(F.shape, u.x, u.y, u.x + dx * stop, u.y + dy * stop, IV, 0);
        if (n > 0) at = IV[0] * stop;
      } else if (m.o.fungusInfection && F.los === LOS_FUNGUS && !u.infected) {
        at = firstWithin(F.shape, u.x, u.y, dx, dy, stop, 1);
      }
      if (at < bestT && done.indexOf(f) < 0) {
        bestT = at;
        bestF = f;
      }
    }
    if (bestF < 0) break;
    done.push(bestF);
    const F = m.features[bestF];
    if (F.trapMin > 0) {
      if (1 + rng.int(6) >= F.trapMin) {
        u.trapped = true;
        ctx.tally.addScalar(S_IDX.trapped);
        if (ctx.log) ctx.log(`  ${m.units[i].id} is trapped in ${F.id}`);
        stop = bestT;
        break;
      }
    } else if (F.jamming) {
      const J = m.data.terrainRules.jammingSurfaceJ;
      const eff = jamEffect(m, jamScore(rng, J));
      if (eff > u.jam && eff < 4) u.jam = eff;
      if (eff >= 4) u.jam = 3;
      if (u.jam >= 2) {
        stop = bestT;
        break;
      }
      if (u.jam === 1) u.allowance = u.allowance / 2;
    } else {
      if (1 + rng.int(6) === 6) {
        u.infected = true;
        stop = bestT;
        break;
      }
    }
  }
  if (done.length !== 0) done.length = 0;
  return stop;
}
const done: number[] = [];

/** Jamming-table effect for a score: 0 none, 1 Hs, 2 Im, 3 Pz, 4 Pz+B (spec §5.8 [P]). */
export function jamEffect(m: Model, score: number): number {
  return m.jamBands[jamBand(m.jamBands, score)].effect;
}

/** Index of the jamming-table band of a score: the first whose max it does not exceed, else the last. */
export function jamBand(bands: ReadonlyArray<{ readonly max: number }>, score: number): number {
  for (let k = 0; k < bands.length; k++) if (score <= bands[k].max) return k;
  return bands.length - 1;
}

/** The jamming roll (seed §1.5, spec §5.8): one die + net jammer points J. */
export function jamScore(rng: Rng, J: number): number {
  return 1 + rng.int(6) + J;
}

/** First distance along the ray where the centre comes within `d` of the shape (Infinity if never). */
function firstWithin(shape: Parameters<typeof pointShapeDistance>[0], x: number, y: number, dx: number, dy: number, len: number, d: number): number {
  if (pointShapeDistance(shape, x, y) <= d) return 0;
  const steps = Math.max(4, Math.ceil(len / 0.1));
  for (let k = 1; k <= steps; k++) {
    const t = (len * k) / steps;
    if (pointShapeDistance(shape, x + dx * t, y + dy * t) <= d) return t;
  }
  return Infinity;
}

/** Moves unit k by `dist` along `dir` if free (pushes and tows); returns the distance moved. */
export function displace(m: Model, s: MgvState, k: number, dir: number, dist: number): number {
  const u = s.units[k];
  let t = Math.min(dist, freeDistance(m, s, k, dir, dist));
  const dx = Math.sin((dir * Math.PI) / 180);
  const dy = Math.cos((dir * Math.PI) / 180);
  while (t > 0 && overlapsFriend(m, s, k, u.x + dx * t, u.y + dy * t, u.h)) t = Math.max(0, t - 0.1);
  if (t <= 0) return 0;
  const ox = u.x;
  const oy = u.y;
  u.x += dx * t;
  u.y += dy * t;
  unitMoved(m, s, k, ox, oy);
  return t;
}

/** Places a freed (towed) base immediately behind the rescuer when that spot is free. */
export function placeBehind(m: Model, s: MgvState, rescuer: number, k: number): void {
  const r = s.units[rescuer];
  const u = s.units[k];
  const len = m.fp.kind === 'circle' ? 2 * m.fp.radius : m.fp.length;
  const back = norm360(r.h + 180);
  const nx = r.x + Math.sin((back * Math.PI) / 180) * (len + 0.05);
  const ny = r.y + Math.cos((back * Math.PI) / 180) * (len + 0.05);
  if (nx < 0 || ny < 0 || nx > m.width || ny > m.height) return;
  if (blockedAt(m, s, k, nx, ny, r.h) || overlapsFriend(m, s, k, nx, ny, r.h)) return;
  const ox = u.x;
  const oy = u.y;
  u.x = nx;
  u.y = ny;
  u.h = r.h;
  unitMoved(m, s, k, ox, oy);
}

/** Heading change needed for unit u to face point (x, y). */
export function deltaToFace(u: Unit, x: number, y: number): number {
  return normDeg(headingTo(u.x, u.y, x, y) - u.h);
}

/** Power points not yet committed this turn. */
export function powerAvailable(m: Model, s: MgvState, i: number): number {
  const u = s.units[i];
  if (m.units[i].payload !== P_POWER) return 0;
  return Math.max(0, payloadPoints(m, i, u) - u.powerSpeed - u.powerCounter);
}

export { nearestParam };
