/**
 * Units of many round bases on the table (generic; AT-43 is the first user): edge gaps and
 * contact, cohesion around a leader, line of sight between two bases, the zone of fire between
 * two groups, the zone of cover behind an obstacle, explosion templates with deviation and the
 * swept path of a moving base. Bases are circles given by parallel coordinate arrays (x, y, r)
 * and a group is a list of indices into them. Every query is allocation-free: results are
 * numbers or are written into caller-owned Float64Arrays.
 */
import { pointSegmentDistance, pointSegmentDistance2, polygonBesideLine, segmentsIntersect } from './shapes.ts';

/** Edge-to-edge gap between two round bases (negative when they overlap). */
export function edgeGap(ax: number, ay: number, ar: number, bx: number, by: number, br: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  return Math.sqrt(dx * dx + dy * dy) - ar - br;
}

/**
 * Cohesion of a group: every member within `leaderGap` (edge to edge) of the leader, and every
 * member within `memberGap` of at least one other member (a lone leader is coherent).
 */
export function groupCoherent(xs: ArrayLike<number>, ys: ArrayLike<number>, rs: ArrayLike<number>, members: ArrayLike<number>, n: number, leader: number, leaderGap: number, memberGap: number, eps = 1e-6): boolean {
  if (n <= 1) return true;
  for (let i = 0; i < n; i++) {
    const a = members[i];
    if (a !== leader && edgeGap(xs[a], ys[a], rs[a], xs[leader], ys[leader], rs[leader]) > leaderGap + eps) return false;
    let near = false;
    for (let j = 0; j < n && !near; j++) {
      const b = members[j];
      if (b !== a && edgeGap(xs[a], ys[a], rs[a], xs[b], ys[b], rs[b]) <= memberGap + eps) near = true;
    }
    if (!near) return false;
  }
  return true;
}

/**
 * Extremities of a group seen along the axis (nx, ny) (a unit vector perpendicular to the line
 * of fire): writes [xMin, yMin, xMax, yMax] at out[off..off+4), the base edge points with the
 * lowest and the highest projection on the axis.
 */
export function groupExtremities(xs: ArrayLike<number>, ys: ArrayLike<number>, rs: ArrayLike<number>, members: ArrayLike<number>, n: number, nx: number, ny: number, out: Float64Array, off = 0): void {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const k = members[i];
    const p = xs[k] * nx + ys[k] * ny;
    if (p - rs[k] < lo) {
      lo = p - rs[k];
      out[off] = xs[k] - nx * rs[k];
      out[off + 1] = ys[k] - ny * rs[k];
    }
    if (p + rs[k] > hi) {
      hi = p + rs[k];
      out[off + 2] = xs[k] + nx * rs[k];
      out[off + 3] = ys[k] + ny * rs[k];
    }
  }
}

/**
 * The zone of fire (AT-43 p.63): the quadrilateral joining the two extremities of the shooting
 * group to the two extremities of the target group, seen across the line leader to leader.
 * Writes the 4 corners (8 numbers: shooter lo, shooter hi, target hi, target lo) into `quad`.
 */
export function zoneOfFire(
  xs: ArrayLike<number>, ys: ArrayLike<number>, rs: ArrayLike<number>,
  shooters: ArrayLike<number>, ns: number, sLeader: number,
  targets: ArrayLike<number>, nt: number, tLeader: number,
  quad: Float64Array,
): void {
  let dx = xs[tLeader] - xs[sLeader];
  let dy = ys[tLeader] - ys[sLeader];
  const d = Math.sqrt(dx * dx + dy * dy) || 1;
  dx /= d;
  dy /= d;
  const nx = -dy;
  const ny = dx;
  groupExtremities(xs, ys, rs, shooters, ns, nx, ny, quad, 0);
  groupExtremities(xs, ys, rs, targets, nt, nx, ny, quad, 4);
  // order the target pair hi then lo so the corners run around the quadrilateral
  const tx = quad[4];
  const ty = quad[5];
  quad[4] = quad[6];
  quad[5] = quad[7];
  quad[6] = tx;
  quad[7] = ty;
}

/** Does a circle touch (even partly) a convex polygon of `n` corners given as (x, y) pairs? */
export function circleTouchesConvex(poly: ArrayLike<number>, n: number, x: number, y: number, r: number): boolean {
  // inside test with either orientation
  let pos = false;
  let neg = false;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = poly[2 * i];
    const ay = poly[2 * i + 1];
    const cross = (poly[2 * j] - ax) * (y - ay) - (poly[2 * j + 1] - ay) * (x - ax);
    if (cross > 0) pos = true;
    else if (cross < 0) neg = true;
  }
  if (!(pos && neg)) return true;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    if (pointSegmentDistance(x, y, poly[2 * i], poly[2 * i + 1], poly[2 * j], poly[2 * j + 1]) < r) return true;
  }
  return false;
}

/**
 * The zone of cover behind an obstacle (AT-43 p.66): the two lines from the extremities of the
 * shooting group through the extremities of the obstacle (both seen across the line from the
 * shooting leader to the obstacle's centre), and the area beyond the obstacle between them.
 * Writes [sLoX, sLoY, oLoX, oLoY, sHiX, sHiY, oHiX, oHiY] into `wedge`.
 */
export function zoneOfCover(
  xs: ArrayLike<number>, ys: ArrayLike<number>, rs: ArrayLike<number>,
  shooters: ArrayLike<number>, ns: number, sLeader: number,
  obsX: readonly number[], obsY: readonly number[],
  wedge: Float64Array,
): void {
  let cx = 0;
  let cy = 0;
  const m = obsX.length;
  for (let i = 0; i < m; i++) {
    cx += obsX[i];
    cy += obsY[i];
  }
  cx /= m;
  cy /= m;
  let dx = cx - xs[sLeader];
  let dy = cy - ys[sLeader];
  const d = Math.sqrt(dx * dx + dy * dy) || 1;
  dx /= d;
  dy /= d;
  const nx = -dy;
  const ny = dx;
  groupExtremities(xs, ys, rs, shooters, ns, nx, ny, wedge, 0);
  // move the shooter hi pair to slots 4..5
  wedge[4] = wedge[2];
  wedge[5] = wedge[3];
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < m; i++) {
    const p = obsX[i] * nx + obsY[i] * ny;
    if (p < lo) {
      lo = p;
      wedge[2] = obsX[i];
      wedge[3] = obsY[i];
    }
    if (p > hi) {
      hi = p;
      wedge[6] = obsX[i];
      wedge[7] = obsY[i];
    }
  }
}

/** Signed side of point p against the directed line a->b (positive = left). */
function side(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  const lx = bx - ax;
  const ly = by - ay;
  const l = Math.sqrt(lx * lx + ly * ly) || 1;
  return (lx * (py - ay) - ly * (px - ax)) / l;
}

/**
 * Is a base (even partly) inside the zone of cover `wedge` (from zoneOfCover)? Inside means:
 * beyond the obstacle's extremities line (away from the shooters) and between the two lines.
 */
export function inZoneOfCover(wedge: Float64Array, x: number, y: number, r: number): boolean {
  const sLoX = wedge[0], sLoY = wedge[1], oLoX = wedge[2], oLoY = wedge[3];
  const sHiX = wedge[4], sHiY = wedge[5], oHiX = wedge[6], oHiY = wedge[7];
  // The lo line runs shooter-lo -> obstacle-lo; the hi line shooter-hi -> obstacle-hi; the zone
  // lies to the hi side of the lo line and the lo side of the hi line, beyond obstacle lo->hi.
  const sLo = side(sLoX, sLoY, oLoX, oLoY, sHiX, sHiY) >= 0 ? 1 : -1;
  if (sLo * side(sLoX, sLoY, oLoX, oLoY, x, y) < -r) return false;
  const sHi = side(sHiX, sHiY, oHiX, oHiY, sLoX, sLoY) >= 0 ? 1 : -1;
  if (sHi * side(sHiX, sHiY, oHiX, oHiY, x, y) < -r) return false;
  const sBeyond = side(oLoX, oLoY, oHiX, oHiY, sLoX, sLoY) >= 0 ? -1 : 1; // away from the shooter
  return sBeyond * side(oLoX, oLoY, oHiX, oHiY, x, y) > -r;
}

/**
 * Line of sight between two round bases: five lines (centre to centre, the two outer tangents
 * and the two crossing ones); visible when at least one is not blocked (AT-43 p.48-49).
 */
export function basesSee(ax: number, ay: number, ar: number, bx: number, by: number, br: number, blocked: (ax: number, ay: number, bx: number, by: number) => boolean): boolean {
  if (!blocked(ax, ay, bx, by)) return true;
  let dx = bx - ax;
  let dy = by - ay;
  const d = Math.sqrt(dx * dx + dy * dy) || 1;
  dx /= d;
  dy /= d;
  const nx = -dy;
  const ny = dx;
  const k = 0.999; // stay just inside the base edges
  if (!blocked(ax + nx * ar * k, ay + ny * ar * k, bx + nx * br * k, by + ny * br * k)) return true;
  if (!blocked(ax - nx * ar * k, ay - ny * ar * k, bx - nx * br * k, by - ny * br * k)) return true;
  if (!blocked(ax + nx * ar * k, ay + ny * ar * k, bx - nx * br * k, by - ny * br * k)) return true;
  return !blocked(ax - nx * ar * k, ay - ny * ar * k, bx + nx * br * k, by + ny * br * k);
}

/**
 * Does the convex polygon (xs, ys) stand across every segment joining a point of disc A to a
 * point of disc B (so no line of sight between two groups held in these discs passes by it)?
 * A sufficient test: the polygon is apart from both discs (by more than eps) and touches both
 * outer common tangents between their tangent points; the chord it then holds between the two
 * tangents cuts the convex hull of the discs into a part holding A and a part holding B, so every
 * such segment meets the chord, inside the polygon. False when unsure. Allocation-free.
 */
export function convexSeparatesDiscs(ax: number, ay: number, ar: number, bx: number, by: number, br: number, xs: ArrayLike<number>, ys: ArrayLike<number>, eps = 1e-6): boolean {
  DISCS[0] = ax;
  DISCS[1] = ay;
  DISCS[2] = ar;
  DISCS[3] = bx;
  DISCS[4] = by;
  DISCS[5] = br;
  return convexSeparatesDiscsIn(DISCS, xs, ys, eps);
}

const DISCS = new Float64Array(6);

/**
 * convexSeparatesDiscs with the two discs given as [ax, ay, ar, bx, by, br] in `d`: for hot loops
 * (numbers read from an array are not boxed as arguments would be). `bound`, the polygon's
 * bounding circle [cx, cy, R] if known, spares the edge distances of a disc far from it.
 */
export function convexSeparatesDiscsIn(d6: ArrayLike<number>, xs: ArrayLike<number>, ys: ArrayLike<number>, eps = 1e-6, bound?: ArrayLike<number>): boolean {
  const ax = d6[0];
  const ay = d6[1];
  const ar = d6[2];
  const bx = d6[3];
  const by = d6[4];
  const br = d6[5];
  let dx = bx - ax;
  let dy = by - ay;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (!(d > Math.abs(ar - br) + eps)) return false;
  dx /= d;
  dy /= d;
  // outer tangents touch A at A + ar n and B at B + br n, n = u cos a +- w sin a, cos a = (ar - br) / d
  const c = (ar - br) / d;
  const sn = Math.sqrt(1 - c * c);
  for (let sgn = -1; sgn <= 1; sgn += 2) {
    const nx = dx * c - dy * sn * sgn;
    const ny = dy * c + dx * sn * sgn;
    const px = ax + ar * nx;
    const py = ay + ar * ny;
    const qx = bx + br * nx;
    const qy = by + br * ny;
    // a tangent farther from the polygon's bounding circle than its radius misses the polygon
    if (bound !== undefined) {
      const R = bound[2] * (1 + 1e-9) + 1e-9;
      if (pointSegmentDistance2(bound[0], bound[1], px, py, qx, qy) > R * R) return false;
    }
    // every corner strictly on one side of the tangent: no edge meets it (shapes.ts polygonBesideLine)
    if (polygonBesideLine(px, py, qx, qy, xs, ys, 0)) return false;
    let hit = false;
    for (let i = 0, j = xs.length - 1; i < xs.length && !hit; j = i++) hit = segmentsIntersect(px, py, qx, qy, xs[j], ys[j], xs[i], ys[i]);
    if (!hit) return false;
  }
  // last, the dearer condition (the tangents miss the polygon far more often than a disc touches it)
  return discApartFromPolygon(ax, ay, ar + eps, xs, ys, bound) && discApartFromPolygon(bx, by, br + eps, xs, ys, bound);
}

/**
 * Is the disc (x, y, r) wholly outside the polygon (centre outside, every edge farther than r)?
 * With the polygon's bounding circle [cx, cy, R] (optional), a disc beyond it is apart at once.
 */
function discApartFromPolygon(x: number, y: number, r: number, xs: ArrayLike<number>, ys: ArrayLike<number>, bound?: ArrayLike<number>): boolean {
  if (bound !== undefined) {
    const dx = x - bound[0];
    const dy = y - bound[1];
    const R = (bound[2] + r) * (1 + 1e-9) + 1e-9;
    if (dx * dx + dy * dy > R * R) return true;
  }
  let inside = false;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    if (ys[i] > y !== ys[j] > y && x < ((xs[j] - xs[i]) * (y - ys[i])) / (ys[j] - ys[i]) + xs[i]) inside = !inside;
    if (pointSegmentDistance2(x, y, xs[j], ys[j], xs[i], ys[i]) <= r * r) return false;
  }
  return !inside;
}

/**
 * Deviation of an explosion template (AT-43 p.65): direction k (1..6) at `bearings[k-1]` degrees,
 * clockwise from the line target -> shooter; moves the centre `dist`. Writes [x, y] into out.
 */
export function deviateTemplate(tx: number, ty: number, sx: number, sy: number, bearingDeg: number, dist: number, out: Float64Array): void {
  let dx = sx - tx;
  let dy = sy - ty;
  const d = Math.sqrt(dx * dx + dy * dy) || 1;
  dx /= d;
  dy /= d;
  const a = (-bearingDeg * Math.PI) / 180; // clockwise with y up
  const c = Math.cos(a);
  const s = Math.sin(a);
  out[0] = tx + (dx * c - dy * s) * dist;
  out[1] = ty + (dx * s + dy * c) * dist;
}

/** Is a base (even partly) under a template of radius R centred at (cx, cy)? */
export function underTemplate(cx: number, cy: number, R: number, x: number, y: number, r: number): boolean {
  const dx = x - cx;
  const dy = y - cy;
  const rr = R + r;
  return dx * dx + dy * dy < rr * rr;
}

/** Is a base (even partly) on the path swept by a base of radius R moving from (x0,y0) to (x1,y1)? */
export function onSweptPath(x0: number, y0: number, x1: number, y1: number, R: number, x: number, y: number, r: number): boolean {
  return pointSegmentDistance(x, y, x0, y0, x1, y1) < R + r;
}
