/**
 * Terrain shapes as plain data: circle, axis-aligned rectangle, polygon (any simple polygon,
 * concave allowed). Queries are allocation-free: they return numbers or write parameter
 * intervals into caller-owned buffers. Units are generic.
 */
import { hypot } from './angles.ts';

export type Shape =
  | { readonly kind: 'circle'; readonly cx: number; readonly cy: number; readonly r: number }
  | { readonly kind: 'rect'; readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }
  | { readonly kind: 'polygon'; readonly xs: readonly number[]; readonly ys: readonly number[] };

export function circle(cx: number, cy: number, r: number): Shape {
  return { kind: 'circle', cx, cy, r };
}

export function rect(xa: number, ya: number, xb: number, yb: number): Shape {
  return { kind: 'rect', x0: Math.min(xa, xb), y0: Math.min(ya, yb), x1: Math.max(xa, xb), y1: Math.max(ya, yb) };
}

export function polygon(points: ReadonlyArray<readonly [number, number]>): Shape {
  return { kind: 'polygon', xs: points.map((p) => p[0]), ys: points.map((p) => p[1]) };
}

export function pointInShape(s: Shape, x: number, y: number): boolean {
  switch (s.kind) {
    case 'circle': {
      const dx = x - s.cx;
      const dy = y - s.cy;
      return dx * dx + dy * dy <= s.r * s.r;
    }
    case 'rect':
      return x >= s.x0 && x <= s.x1 && y >= s.y0 && y <= s.y1;
    case 'polygon': {
      const xs = s.xs;
      const ys = s.ys;
      let inside = false;
      for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
        if (ys[i] > y !== ys[j] > y && x < ((xs[j] - xs[i]) * (y - ys[i])) / (ys[j] - ys[i]) + xs[i]) inside = !inside;
      }
      return inside;
    }
  }
}

export function shapeArea(s: Shape): number {
  switch (s.kind) {
    case 'circle':
      return Math.PI * s.r * s.r;
    case 'rect':
      return (s.x1 - s.x0) * (s.y1 - s.y0);
    case 'polygon': {
      let a = 0;
      const xs = s.xs;
      const ys = s.ys;
      for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) a += xs[j] * ys[i] - xs[i] * ys[j];
      return Math.abs(a) / 2;
    }
  }
}

/** Distance from point to segment (px,py)-(ax,ay)-(bx,by). */
export function pointSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  return Math.sqrt(pointSegmentDistance2(px, py, ax, ay, bx, by));
}

/**
 * Squared distance from point to segment: pointSegmentDistance without the square root (the
 * same operations; sqrt is monotonic and correctly rounded, so the square root of a minimum of
 * these equals the minimum of the distances exactly).
 */
export function pointSegmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/**
 * Slack of polygonBesideLine: far above the rounding of the cross products it compares (about
 * 1e-15 of the coordinates) and of the exact tests it stands for, far below any rule distance.
 */
export const BESIDE_SLACK = 1e-6;

/**
 * Do all the polygon's vertices lie on one side of the line through a and b, each farther than
 * reach + BESIDE_SLACK from it? Then the polygon, which lies in the hull of its vertices, stays
 * farther than reach from the segment a-b, by more than any rounding of the exact tests: a certain
 * miss, checked before them (segmentsIntersect against its edges, segment-to-polygon distances,
 * the even-odd test of an end). The cross product is orient()'s (b - a) x (v - a), the same
 * operations, so segmentsIntersect(a, b, edge) sees both edge ends strictly on that side. Any
 * simple polygon; false when a = b. Convex polygons beside a sight line or a route leg are its
 * common case: four products instead of the edge by edge tests.
 */
export function polygonBesideLine(ax: number, ay: number, bx: number, by: number, xs: ArrayLike<number>, ys: ArrayLike<number>, reach: number): boolean {
  const ex = bx - ax;
  const ey = by - ay;
  const l2 = ex * ex + ey * ey;
  if (!(l2 > 0)) return false;
  const k = reach + BESIDE_SLACK;
  // |cross| / |b - a| is the distance from the line: compared squared, without the square root
  const k2 = k * k * l2;
  let side = 0;
  for (let i = 0; i < xs.length; i++) {
    const c = ex * (ys[i] - ay) - ey * (xs[i] - ax);
    if (!(c * c > k2)) return false;
    const sg = c > 0 ? 1 : -1;
    if (side !== sg) {
      if (side !== 0) return false;
      side = sg;
    }
  }
  return true;
}

/** Parameter t in [0,1] along a-b of the point nearest p. */
export function nearestParam(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  if (l2 <= 0) return 0;
  const t = ((px - ax) * dx + (py - ay) * dy) / l2;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/** Distance from a point to a shape: 0 inside, else to the boundary. */
export function pointShapeDistance(s: Shape, x: number, y: number): number {
  if (pointInShape(s, x, y)) return 0;
  return pointBoundaryDistance(s, x, y);
}

/** Distance from a point to the boundary of the shape (also from inside). */
export function pointBoundaryDistance(s: Shape, x: number, y: number): number {
  switch (s.kind) {
    case 'circle':
      return Math.abs(hypot(x - s.cx, y - s.cy) - s.r);
    case 'rect': {
      const inside = x >= s.x0 && x <= s.x1 && y >= s.y0 && y <= s.y1;
      if (inside) return Math.min(x - s.x0, s.x1 - x, y - s.y0, s.y1 - y);
      const dx = Math.max(s.x0 - x, 0, x - s.x1);
      const dy = Math.max(s.y0 - y, 0, y - s.y1);
      return Math.sqrt(dx * dx + dy * dy);
    }
    case 'polygon': {
      let best = Infinity;
      const xs = s.xs;
      const ys = s.ys;
      for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
        const d = pointSegmentDistance(x, y, xs[j], ys[j], xs[i], ys[i]);
        if (d < best) best = d;
      }
      return best;
    }
  }
}

/**
 * Direction (degrees, clockwise from +y, in [0,180)) of the shape boundary at the boundary
 * point nearest (x, y): the "face" a base hugs.
 */
export function boundaryTangent(s: Shape, x: number, y: number): number {
  let tx = 0;
  let ty = 0;
  switch (s.kind) {
    case 'circle': {
      tx = -(y - s.cy);
      ty = x - s.cx;
      break;
    }
    case 'rect': {
      const dl = Math.abs(x - s.x0);
      const dr = Math.abs(x - s.x1);
      const db = Math.abs(y - s.y0);
      const dt = Math.abs(y - s.y1);
      const inX = x >= s.x0 && x <= s.x1;
      const inY = y >= s.y0 && y <= s.y1;
      // nearest edge: vertical edges give a tangent along y, horizontal along x
      const dV = inY ? Math.min(dl, dr) : Infinity;
      const dH = inX ? Math.min(db, dt) : Infinity;
      if (dV === Infinity && dH === Infinity) {
        // corner region: tangent perpendicular to the corner direction
        const cx = x < s.x0 ? s.x0 : s.x1;
        const cy = y < s.y0 ? s.y0 : s.y1;
        tx = -(y - cy);
        ty = x - cx;
      } else if (dV <= dH) {
        tx = 0;
        ty = 1;
      } else {
        tx = 1;
        ty = 0;
      }
      break;
    }
    case 'polygon': {
      let best = Infinity;
      const xs = s.xs;
      const ys = s.ys;
      for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
        const d = pointSegmentDistance(x, y, xs[j], ys[j], xs[i], ys[i]);
        if (d < best) {
          best = d;
          tx = xs[i] - xs[j];
          ty = ys[i] - ys[j];
        }
      }
      break;
    }
  }
  if (tx === 0 && ty === 0) return 0;
  let a = (Math.atan2(tx, ty) * 180) / Math.PI;
  if (a < 0) a += 180;
  if (a >= 180) a -= 180;
  return a;
}

/**
 * Parameter intervals [t0, t1] (0 <= t0 <= t1 <= 1) of segment a-b lying inside the shape,
 * written as pairs into out from out[off]. Returns the number of intervals.
 */
export function segmentShapeIntervals(s: Shape, ax: number, ay: number, bx: number, by: number, out: Float64Array, off = 0): number {
  const dx = bx - ax;
  const dy = by - ay;
  switch (s.kind) {
    case 'circle': {
      const fx = ax - s.cx;
      const fy = ay - s.cy;
      const a = dx * dx + dy * dy;
      const c = fx * fx + fy * fy - s.r * s.r;
      if (a === 0) {
        if (c <= 0) {
          out[off] = 0;
          out[off + 1] = 1;
          return 1;
        }
        return 0;
      }
      const b = 2 * (fx * dx + fy * dy);
      const disc = b * b - 4 * a * c;
      if (disc < 0) return 0;
      const sq = Math.sqrt(disc);
      let t0 = (-b - sq) / (2 * a);
      let t1 = (-b + sq) / (2 * a);
      if (t1 < 0 || t0 > 1) return 0;
      if (t0 < 0) t0 = 0;
      if (t1 > 1) t1 = 1;
      out[off] = t0;
      out[off + 1] = t1;
      return 1;
    }
    case 'rect': {
      let t0 = 0;
      let t1 = 1;
      // slab method
      if (dx === 0) {
        if (ax < s.x0 || ax > s.x1) return 0;
      } else {
        let u = (s.x0 - ax) / dx;
        let v = (s.x1 - ax) / dx;
        if (u > v) [u, v] = [v, u];
        if (u > t0) t0 = u;
        if (v < t1) t1 = v;
        if (t0 > t1) return 0;
      }
      if (dy === 0) {
        if (ay < s.y0 || ay > s.y1) return 0;
      } else {
        let u = (s.y0 - ay) / dy;
        let v = (s.y1 - ay) / dy;
        if (u > v) [u, v] = [v, u];
        if (u > t0) t0 = u;
        if (v < t1) t1 = v;
        if (t0 > t1) return 0;
      }
      out[off] = t0;
      out[off + 1] = t1;
      return 1;
    }
    case 'polygon': {
      // crossings of the segment with every edge, sorted; inside/outside alternate
      const xs = s.xs;
      const ys = s.ys;
      const n = xs.length;
      let k = 0;
      const base = off;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const t = segSegParam(ax, ay, bx, by, xs[j], ys[j], xs[i], ys[i]);
        if (t >= 0) out[base + 2 * n + k++] = t; // scratch area after the result slots
      }
      // sort crossings (insertion sort, few entries)
      const cs = base + 2 * n;
      for (let i = 1; i < k; i++) {
        const v = out[cs + i];
        let j = i - 1;
        while (j >= 0 && out[cs + j] > v) {
          out[cs + j + 1] = out[cs + j];
          j--;
        }
        out[cs + j + 1] = v;
      }
      let inside = pointInShape(s, ax, ay);
      let start = 0;
      let m = 0;
      for (let i = 0; i < k; i++) {
        const t = out[cs + i];
        if (inside) {
          if (t > start) {
            out[off + 2 * m] = start;
            out[off + 2 * m + 1] = t;
            m++;
          }
        } else start = t;
        inside = !inside;
      }
      if (inside && start < 1) {
        out[off + 2 * m] = start;
        out[off + 2 * m + 1] = 1;
        m++;
      }
      return m;
    }
  }
}

/** Scratch size a caller must give segmentShapeIntervals for a shape (result + polygon scratch). */
export function intervalScratchSize(s: Shape): number {
  return s.kind === 'polygon' ? 4 * s.xs.length + 4 : 2;
}

/** Parameter along a-b where it crosses segment c-d, or -1. */
function segSegParam(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): number {
  const rx = bx - ax;
  const ry = by - ay;
  const sx = dx - cx;
  const sy = dy - cy;
  const den = rx * sy - ry * sx;
  if (den === 0) return -1;
  const qx = cx - ax;
  const qy = cy - ay;
  const t = (qx * sy - qy * sx) / den;
  const u = (qx * ry - qy * rx) / den;
  if (t < 0 || t > 1 || u < 0 || u >= 1) return -1; // half-open on the edge so shared vertices count once
  return t;
}

/** True if two closed segments intersect. */
export function segmentsIntersect(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = orient(cx, cy, dx, dy, ax, ay);
  const d2 = orient(cx, cy, dx, dy, bx, by);
  const d3 = orient(ax, ay, bx, by, cx, cy);
  const d4 = orient(ax, ay, bx, by, dx, dy);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (d1 === 0 && onSeg(cx, cy, dx, dy, ax, ay)) return true;
  if (d2 === 0 && onSeg(cx, cy, dx, dy, bx, by)) return true;
  if (d3 === 0 && onSeg(ax, ay, bx, by, cx, cy)) return true;
  if (d4 === 0 && onSeg(ax, ay, bx, by, dx, dy)) return true;
  return false;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function onSeg(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by);
}

export function segmentSegmentDistance(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): number {
  if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
  return Math.min(
    pointSegmentDistance(ax, ay, cx, cy, dx, dy),
    pointSegmentDistance(bx, by, cx, cy, dx, dy),
    pointSegmentDistance(cx, cy, ax, ay, bx, by),
    pointSegmentDistance(dx, dy, ax, ay, bx, by),
  );
}

const SEG_SCRATCH = new Float64Array(256);

/** True if the closed segment a-b touches the shape (allocation-free). */
export function segmentTouchesShape(s: Shape, ax: number, ay: number, bx: number, by: number): boolean {
  if (s.kind === 'polygon') {
    if (pointInShape(s, ax, ay)) return true;
    const xs = s.xs;
    const ys = s.ys;
    for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) if (segmentsIntersect(ax, ay, bx, by, xs[j], ys[j], xs[i], ys[i])) return true;
    return false;
  }
  return segmentShapeIntervals(s, ax, ay, bx, by, SEG_SCRATCH, 0) > 0;
}

/** Length of the part of segment a-b inside the shape. */
export function lengthInside(s: Shape, ax: number, ay: number, bx: number, by: number): number {
  const buf = s.kind === 'polygon' && intervalScratchSize(s) > SEG_SCRATCH.length ? new Float64Array(intervalScratchSize(s)) : SEG_SCRATCH;
  const n = segmentShapeIntervals(s, ax, ay, bx, by, buf, 0);
  let t = 0;
  for (let i = 0; i < n; i++) t += buf[2 * i + 1] - buf[2 * i];
  return t * hypot(bx - ax, by - ay);
}

/** Axis-aligned bounds [x0, y0, x1, y1] written into out. */
export function shapeBounds(s: Shape, out: Float64Array | number[]): void {
  switch (s.kind) {
    case 'circle':
      out[0] = s.cx - s.r;
      out[1] = s.cy - s.r;
      out[2] = s.cx + s.r;
      out[3] = s.cy + s.r;
      return;
    case 'rect':
      out[0] = s.x0;
      out[1] = s.y0;
      out[2] = s.x1;
      out[3] = s.y1;
      return;
    case 'polygon':
      out[0] = Math.min(...s.xs);
      out[1] = Math.min(...s.ys);
      out[2] = Math.max(...s.xs);
      out[3] = Math.max(...s.ys);
  }
}
