/**
 * Bases on the table: a position, a heading and a footprint (a rectangle whose long axis lies
 * along the heading, or a circle). Overlap, centre and edge distances, segment tests, the
 * extreme points seen from a viewer, and swept movement (distance to first contact).
 * Allocation-free: module-level scratch buffers (each worker has its own module instance).
 */
import { DEG, hypot } from './angles.ts';
import { pointInShape, pointSegmentDistance, pointSegmentDistance2, segmentsIntersect, type Shape } from './shapes.ts';

export type Footprint =
  | { readonly kind: 'rect'; readonly length: number; readonly width: number }
  | { readonly kind: 'circle'; readonly radius: number };

const EPS = 1e-9;
const CA = new Float64Array(8);
const CB = new Float64Array(8);

// Two-entry cache of sin/cos of a heading (bases keep their heading between many queries).
// Same input, same output: results are bit-identical to calling Math.sin / Math.cos directly.
// Heading 0 is never cached (its sign of zero would matter).
let tH0 = NaN;
let tS0 = 0;
let tC0 = 1;
let tH1 = NaN;
let tS1 = 0;
let tC1 = 1;
let TS = 0;
let TC = 1;
function trig(h: number): void {
  if (h === tH0 && h !== 0) {
    TS = tS0;
    TC = tC0;
    return;
  }
  if (h === tH1 && h !== 0) {
    TS = tS1;
    TC = tC1;
    return;
  }
  TS = Math.sin(h * DEG);
  TC = Math.cos(h * DEG);
  tH1 = tH0;
  tS1 = tS0;
  tC1 = tC0;
  tH0 = h;
  tS0 = TS;
  tC0 = TC;
}

/** Writes the 4 corners of a rectangular footprint (x0,y0,...,x3,y3), counter-clockwise. */
export function rectCorners(x: number, y: number, heading: number, length: number, width: number, out: Float64Array, off = 0): void {
  trig(heading);
  const fx = TS;
  const fy = TC;
  // right-hand side vector (clockwise 90°)
  const rx = fy;
  const ry = -fx;
  const hl = length / 2;
  const hw = width / 2;
  out[off] = x + fx * hl + rx * hw;
  out[off + 1] = y + fy * hl + ry * hw;
  out[off + 2] = x + fx * hl - rx * hw;
  out[off + 3] = y + fy * hl - ry * hw;
  out[off + 4] = x - fx * hl - rx * hw;
  out[off + 5] = y - fy * hl - ry * hw;
  out[off + 6] = x - fx * hl + rx * hw;
  out[off + 7] = y - fy * hl + ry * hw;
}

// last rectangle's bounding radius (footprints are few and fixed; keyed on the values)
let brLength = NaN;
let brWidth = NaN;
let brValue = 0;

export function boundingRadius(fp: Footprint): number {
  if (fp.kind === 'circle') return fp.radius;
  if (fp.length !== brLength || fp.width !== brWidth) {
    brValue = hypot(fp.length, fp.width) / 2;
    brLength = fp.length;
    brWidth = fp.width;
  }
  return brValue;
}

export function pointInFootprint(px: number, py: number, x: number, y: number, h: number, fp: Footprint): boolean {
  if (fp.kind === 'circle') return (px - x) ** 2 + (py - y) ** 2 <= fp.radius * fp.radius + EPS;
  trig(h);
  const fx = TS;
  const fy = TC;
  const dx = px - x;
  const dy = py - y;
  const u = dx * fx + dy * fy;
  const v = dx * fy - dy * fx;
  return Math.abs(u) <= fp.length / 2 + EPS && Math.abs(v) <= fp.width / 2 + EPS;
}

// (distances below are minimised squared, with one square root at the end: the same value as
// the minimum of pointSegmentDistance, see pointSegmentDistance2)
function polyDistance(a: Float64Array, na: number, b: Float64Array, nb: number): number {
  let best = Infinity;
  for (let i = 0; i < na; i++) {
    const px = a[2 * i];
    const py = a[2 * i + 1];
    for (let j = 0; j < nb; j++) {
      const k = j + 1 === nb ? 0 : j + 1;
      const d = pointSegmentDistance2(px, py, b[2 * j], b[2 * j + 1], b[2 * k], b[2 * k + 1]);
      if (d < best) best = d;
    }
  }
  for (let i = 0; i < nb; i++) {
    const px = b[2 * i];
    const py = b[2 * i + 1];
    for (let j = 0; j < na; j++) {
      const k = j + 1 === na ? 0 : j + 1;
      const d = pointSegmentDistance2(px, py, a[2 * j], a[2 * j + 1], a[2 * k], a[2 * k + 1]);
      if (d < best) best = d;
    }
  }
  return Math.sqrt(best);
}

function pointInConvex(px: number, py: number, c: Float64Array, n: number): boolean {
  let sign = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const cr = (c[2 * j] - c[2 * i]) * (py - c[2 * i + 1]) - (c[2 * j + 1] - c[2 * i + 1]) * (px - c[2 * i]);
    if (Math.abs(cr) <= EPS) continue;
    const s = cr > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Distance from a point to a convex polygon (0 inside). */
function pointConvexDistance(px: number, py: number, c: Float64Array, n: number): number {
  if (pointInConvex(px, py, c, n)) return 0;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const d = pointSegmentDistance2(px, py, c[2 * i], c[2 * i + 1], c[2 * j], c[2 * j + 1]);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

function convexOverlap(a: Float64Array, na: number, b: Float64Array, nb: number): boolean {
  for (let i = 0; i < na; i++) if (pointInConvex(a[2 * i], a[2 * i + 1], b, nb)) return true;
  for (let i = 0; i < nb; i++) if (pointInConvex(b[2 * i], b[2 * i + 1], a, na)) return true;
  for (let i = 0; i < na; i++) {
    const i2 = i + 1 === na ? 0 : i + 1;
    for (let j = 0; j < nb; j++) {
      const j2 = j + 1 === nb ? 0 : j + 1;
      if (segmentsIntersect(a[2 * i], a[2 * i + 1], a[2 * i2], a[2 * i2 + 1], b[2 * j], b[2 * j + 1], b[2 * j2], b[2 * j2 + 1])) return true;
    }
  }
  return false;
}

/**
 * Edge-to-edge distance between two bases; 0 when they touch or overlap
 * (use basesOverlap to tell the two apart).
 */
export function edgeDistance(ax: number, ay: number, ah: number, afp: Footprint, bx: number, by: number, bh: number, bfp: Footprint): number {
  if (afp.kind === 'circle' && bfp.kind === 'circle') return Math.max(0, hypot(ax - bx, ay - by) - afp.radius - bfp.radius);
  if (afp.kind === 'circle' || bfp.kind === 'circle') {
    const [cx, cy, r, rx, ry, rh, rfp] = afp.kind === 'circle' ? [ax, ay, afp.radius, bx, by, bh, bfp] : [bx, by, (bfp as { radius: number }).radius, ax, ay, ah, afp];
    const f = rfp as { length: number; width: number };
    rectCorners(rx, ry, rh, f.length, f.width, CA);
    return Math.max(0, pointConvexDistance(cx, cy, CA, 4) - r);
  }
  rectCorners(ax, ay, ah, afp.length, afp.width, CA);
  rectCorners(bx, by, bh, bfp.length, bfp.width, CB);
  if (convexOverlap(CA, 4, CB, 4)) return 0;
  return polyDistance(CA, 4, CB, 4);
}

/** True if the two footprints overlap by more than `tol` (touching is not overlapping). */
export function basesOverlap(ax: number, ay: number, ah: number, afp: Footprint, bx: number, by: number, bh: number, bfp: Footprint, tol = 1e-6): boolean {
  if (tol >= 0) {
    // cheap rejection: centres further apart than the two bounding radii never overlap
    const rr = boundingRadius(afp) + boundingRadius(bfp);
    const ddx = ax - bx;
    const ddy = ay - by;
    if (ddx * ddx + ddy * ddy > rr * rr + 1e-9) return false;
  }
  if (afp.kind === 'circle' && bfp.kind === 'circle') return hypot(ax - bx, ay - by) < afp.radius + bfp.radius - tol;
  if (afp.kind === 'circle' || bfp.kind === 'circle') {
    const [cx, cy, r, rx, ry, rh, rfp] = afp.kind === 'circle' ? [ax, ay, afp.radius, bx, by, bh, bfp] : [bx, by, (bfp as { radius: number }).radius, ax, ay, ah, afp];
    const f = rfp as { length: number; width: number };
    rectCorners(rx, ry, rh, f.length, f.width, CA);
    if (pointInConvex(cx, cy, CA, 4)) return true;
    return pointConvexDistance(cx, cy, CA, 4) < r - tol;
  }
  // SAT with a tolerance: separated (or just touching) on some axis => no overlap
  rectCorners(ax, ay, ah, afp.length, afp.width, CA);
  rectCorners(bx, by, bh, bfp.length, bfp.width, CB);
  return !separatedSAT(CA, 4, CB, 4, tol) ;
}

function separatedSAT(a: Float64Array, na: number, b: Float64Array, nb: number, tol: number): boolean {
  for (let pass = 0; pass < 2; pass++) {
    const p = pass === 0 ? a : b;
    const np = pass === 0 ? na : nb;
    for (let i = 0; i < np; i++) {
      const j = (i + 1) % np;
      let nx = -(p[2 * j + 1] - p[2 * i + 1]);
      let ny = p[2 * j] - p[2 * i];
      const l = hypot(nx, ny);
      if (l === 0) continue;
      nx /= l;
      ny /= l;
      let amin = Infinity, amax = -Infinity, bmin = Infinity, bmax = -Infinity;
      for (let k = 0; k < na; k++) {
        const v = a[2 * k] * nx + a[2 * k + 1] * ny;
        if (v < amin) amin = v;
        if (v > amax) amax = v;
      }
      for (let k = 0; k < nb; k++) {
        const v = b[2 * k] * nx + b[2 * k + 1] * ny;
        if (v < bmin) bmin = v;
        if (v > bmax) bmax = v;
      }
      if (amax <= bmin + tol || bmax <= amin + tol) return true;
    }
  }
  return false;
}

/** True if the closed segment a-b meets the footprint. */
export function segmentHitsFootprint(ax: number, ay: number, bx: number, by: number, x: number, y: number, h: number, fp: Footprint): boolean {
  if (fp.kind === 'circle') return pointSegmentDistance(x, y, ax, ay, bx, by) <= fp.radius;
  // cheap rejection by the bounding circle before any trigonometry
  const br = (fp.length * fp.length + fp.width * fp.width) / 4;
  const dx0 = bx - ax;
  const dy0 = by - ay;
  const l2 = dx0 * dx0 + dy0 * dy0;
  let tt = l2 > 0 ? ((x - ax) * dx0 + (y - ay) * dy0) / l2 : 0;
  tt = tt < 0 ? 0 : tt > 1 ? 1 : tt;
  const ex = ax + tt * dx0 - x;
  const ey = ay + tt * dy0 - y;
  if (ex * ex + ey * ey > br) return false;
  // local frame test (slab) on the oriented rectangle
  trig(h);
  const fx = TS;
  const fy = TC;
  const au = (ax - x) * fx + (ay - y) * fy;
  const av = (ax - x) * fy - (ay - y) * fx;
  const bu = (bx - x) * fx + (by - y) * fy;
  const bv = (bx - x) * fy - (by - y) * fx;
  const hl = fp.length / 2;
  const hw = fp.width / 2;
  let t0 = 0;
  let t1 = 1;
  const du = bu - au;
  const dv = bv - av;
  if (du === 0) {
    if (au < -hl || au > hl) return false;
  } else {
    let u0 = (-hl - au) / du;
    let u1 = (hl - au) / du;
    if (u0 > u1) [u0, u1] = [u1, u0];
    if (u0 > t0) t0 = u0;
    if (u1 < t1) t1 = u1;
    if (t0 > t1) return false;
  }
  if (dv === 0) {
    if (av < -hw || av > hw) return false;
  } else {
    let v0 = (-hw - av) / dv;
    let v1 = (hw - av) / dv;
    if (v0 > v1) [v0, v1] = [v1, v0];
    if (v0 > t0) t0 = v0;
    if (v1 < t1) t1 = v1;
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * The two extreme points of the footprint perpendicular to the line from a viewer at (vx, vy)
 * to the base centre (for "every line to the target base" LOS models). Writes
 * [x0, y0, x1, y1] into out.
 */
export function extremePoints(x: number, y: number, h: number, fp: Footprint, vx: number, vy: number, out: Float64Array | number[]): void {
  let dx = x - vx;
  let dy = y - vy;
  const l = hypot(dx, dy) || 1;
  dx /= l;
  dy /= l;
  const px = -dy;
  const py = dx;
  if (fp.kind === 'circle') {
    out[0] = x + px * fp.radius;
    out[1] = y + py * fp.radius;
    out[2] = x - px * fp.radius;
    out[3] = y - py * fp.radius;
    return;
  }
  rectCorners(x, y, h, fp.length, fp.width, CA);
  let imin = 0;
  let imax = 0;
  let vmin = Infinity;
  let vmax = -Infinity;
  for (let i = 0; i < 4; i++) {
    const v = (CA[2 * i] - x) * px + (CA[2 * i + 1] - y) * py;
    if (v < vmin) {
      vmin = v;
      imin = i;
    }
    if (v > vmax) {
      vmax = v;
      imax = i;
    }
  }
  // pull the extreme points in by a hair so that a line grazing the base's own corner counts
  out[0] = x + (CA[2 * imax] - x) * 0.999;
  out[1] = y + (CA[2 * imax + 1] - y) * 0.999;
  out[2] = x + (CA[2 * imin] - x) * 0.999;
  out[3] = y + (CA[2 * imin + 1] - y) * 0.999;
}

/**
 * Edge distance from a base to a terrain shape (0 when touching or overlapping). `inset`
 * shrinks the footprint on every side first (used to tell touching from overlapping).
 * Far from the shape (more than 0.5 beyond the bounding circle) a lower bound is returned.
 */
export function footprintShapeDistance(x: number, y: number, h: number, fp: Footprint, s: Shape, inset = 0): number {
  const br = boundingRadius(fp) - inset;
  const far = boundGap(s, x, y) - br;
  if (far > 0.5) return far;
  if (inset > 0) {
    if (fp.kind === 'circle') {
      const r = Math.max(0, fp.radius - inset);
      if (s.kind === 'circle') return Math.max(0, hypot(x - s.cx, y - s.cy) - s.r - r);
      return Math.max(0, shapePointDist(s, x, y) - r);
    }
    return rectShapeDistance(x, y, h, Math.max(0, fp.length - 2 * inset), Math.max(0, fp.width - 2 * inset), s);
  }
  if (fp.kind === 'circle') {
    if (s.kind === 'circle') return Math.max(0, hypot(x - s.cx, y - s.cy) - s.r - fp.radius);
    return Math.max(0, shapePointDist(s, x, y) - fp.radius);
  }
  return rectShapeDistance(x, y, h, fp.length, fp.width, s);
}

function rectShapeDistance(x: number, y: number, h: number, length: number, width: number, s: Shape): number {
  rectCorners(x, y, h, length, width, CA);
  if (s.kind === 'circle') return Math.max(0, pointConvexDistance(s.cx, s.cy, CA, 4) - s.r);
  if (s.kind === 'rect') {
    CB[0] = s.x0; CB[1] = s.y0; CB[2] = s.x1; CB[3] = s.y0; CB[4] = s.x1; CB[5] = s.y1; CB[6] = s.x0; CB[7] = s.y1;
    if (convexOverlap(CA, 4, CB, 4)) return 0;
    return polyDistance(CA, 4, CB, 4);
  }
  // polygon (possibly concave)
  const xs = s.xs;
  const ys = s.ys;
  for (let i = 0; i < 4; i++) if (pointInShape(s, CA[2 * i], CA[2 * i + 1])) return 0;
  for (let i = 0; i < xs.length; i++) if (pointInConvex(xs[i], ys[i], CA, 4)) return 0;
  let best = Infinity;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    for (let k = 0; k < 4; k++) {
      const k2 = (k + 1) % 4;
      if (segmentsIntersect(xs[j], ys[j], xs[i], ys[i], CA[2 * k], CA[2 * k + 1], CA[2 * k2], CA[2 * k2 + 1])) return 0;
      const d = Math.min(
        pointSegmentDistance(CA[2 * k], CA[2 * k + 1], xs[j], ys[j], xs[i], ys[i]),
        pointSegmentDistance(xs[i], ys[i], CA[2 * k], CA[2 * k + 1], CA[2 * k2], CA[2 * k2 + 1]),
      );
      if (d < best) best = d;
    }
  }
  return best;
}

function shapePointDist(s: Shape, x: number, y: number): number {
  if (pointInShape(s, x, y)) return 0;
  if (s.kind === 'rect') {
    const dx = Math.max(s.x0 - x, 0, x - s.x1);
    const dy = Math.max(s.y0 - y, 0, y - s.y1);
    return hypot(dx, dy);
  }
  if (s.kind === 'circle') return Math.max(0, hypot(x - s.cx, y - s.cy) - s.r);
  let best = Infinity;
  for (let i = 0, j = s.xs.length - 1; i < s.xs.length; j = i++) {
    const d = pointSegmentDistance(x, y, s.xs[j], s.ys[j], s.xs[i], s.ys[i]);
    if (d < best) best = d;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Swept movement: distance a base can travel in direction `dir` before touching an obstacle.

/** Moving convex polygon p (np corners) along unit (dx, dy) vs static convex q: first contact t, or Infinity. */
function sweepConvex(p: Float64Array, np: number, dx: number, dy: number, q: Float64Array, nq: number): number {
  let tEnter = -Infinity;
  let tExit = Infinity;
  for (let pass = 0; pass < 2; pass++) {
    const c = pass === 0 ? p : q;
    const nc = pass === 0 ? np : nq;
    for (let i = 0; i < nc; i++) {
      const j = (i + 1) % nc;
      const nx = -(c[2 * j + 1] - c[2 * i + 1]);
      const ny = c[2 * j] - c[2 * i];
      if (nx === 0 && ny === 0) continue;
      let pmin = Infinity, pmax = -Infinity, qmin = Infinity, qmax = -Infinity;
      for (let k = 0; k < np; k++) {
        const v = p[2 * k] * nx + p[2 * k + 1] * ny;
        if (v < pmin) pmin = v;
        if (v > pmax) pmax = v;
      }
      for (let k = 0; k < nq; k++) {
        const v = q[2 * k] * nx + q[2 * k + 1] * ny;
        if (v < qmin) qmin = v;
        if (v > qmax) qmax = v;
      }
      const vn = dx * nx + dy * ny;
      const scale = hypot(nx, ny) * 1e-9;
      if (Math.abs(vn) < 1e-12) {
        if (pmax <= qmin + scale || qmax <= pmin + scale) return Infinity;
        continue;
      }
      let t0 = (qmin - pmax) / vn;
      let t1 = (qmax - pmin) / vn;
      if (t0 > t1) [t0, t1] = [t1, t0];
      if (t0 > tEnter) tEnter = t0;
      if (t1 < tExit) tExit = t1;
      if (tEnter >= tExit - 1e-12) return Infinity;
    }
  }
  if (tExit <= 1e-9) return Infinity; // contact lies behind
  if (tEnter < -1e-7) return Infinity; // already overlapping: never block (no deadlock)
  return Math.max(0, tEnter);
}

/** Moving point (x, y) along unit (dx, dy) vs circle (cx, cy, r): first contact t, or Infinity. */
function sweepPointCircle(x: number, y: number, dx: number, dy: number, cx: number, cy: number, r: number): number {
  const fx = x - cx;
  const fy = y - cy;
  const b = fx * dx + fy * dy;
  const c = fx * fx + fy * fy - r * r;
  if (c < -1e-9) return Infinity; // inside already
  const disc = b * b - c;
  if (disc < 0) return Infinity;
  const t = -b - Math.sqrt(disc);
  return t >= -1e-9 ? Math.max(0, t) : Infinity;
}

/** Moving circle vs static convex polygon. */
function sweepCircleConvex(x: number, y: number, r: number, dx: number, dy: number, q: Float64Array, nq: number): number {
  if (pointConvexDistance(x, y, q, nq) < r - 1e-7) return Infinity;
  let best = Infinity;
  for (let i = 0; i < nq; i++) {
    const j = (i + 1) % nq;
    const t = sweepPointCircle(x, y, dx, dy, q[2 * i], q[2 * i + 1], r);
    if (t < best) best = t;
    // edge offset outward by r (both sides, the nearer hit wins)
    const ex = q[2 * j] - q[2 * i];
    const ey = q[2 * j + 1] - q[2 * i + 1];
    const el = hypot(ex, ey);
    if (el === 0) continue;
    const nx = -ey / el;
    const ny = ex / el;
    for (const sgn of SIGNS) {
      const ox = q[2 * i] + sgn * nx * r;
      const oy = q[2 * i + 1] + sgn * ny * r;
      const den = dx * (-ey) - dy * (-ex);
      if (Math.abs(den) < 1e-12) continue;
      const qx = ox - x;
      const qy = oy - y;
      const t2 = (qx * -ey - qy * -ex) / den;
      const u = (dx * qy - dy * qx) / den;
      if (t2 >= -1e-9 && u >= 0 && u <= 1 && t2 < best) best = Math.max(0, t2);
    }
  }
  return best;
}
const SIGNS = [1, -1] as const;

/**
 * Distance a moving base can travel along direction `dir` (degrees) before touching another base.
 * A contact `limit` or more away need not be found (Infinity then): a caller after the nearest
 * contact passes the nearest one so far.
 */
export function sweepBaseVsBase(x: number, y: number, h: number, fp: Footprint, dir: number, ox: number, oy: number, oh: number, ofp: Footprint, limit = Infinity): number {
  trig(dir);
  const dx = TS;
  const dy = TC;
  // cheap rejection: the other base lies behind, beside the swept corridor, or beyond the limit
  // (a contact after a travel t has |centre distance| <= rr, so t >= along - rr)
  const rr = boundingRadius(fp) + boundingRadius(ofp);
  const along = (ox - x) * dx + (oy - y) * dy;
  if (along < -rr || along - rr - 1e-6 >= limit) return Infinity;
  const side = (ox - x) * dy - (oy - y) * dx;
  if (side > rr || side < -rr) return Infinity;
  if (fp.kind === 'circle' && ofp.kind === 'circle') return sweepPointCircle(x, y, dx, dy, ox, oy, fp.radius + ofp.radius);
  if (fp.kind === 'circle') {
    const f = ofp as { length: number; width: number };
    rectCorners(ox, oy, oh, f.length, f.width, CB);
    return sweepCircleConvex(x, y, fp.radius, dx, dy, CB, 4);
  }
  rectCorners(x, y, h, fp.length, fp.width, CA);
  if (ofp.kind === 'circle') {
    // relative motion: the circle moves the opposite way against the rectangle
    return sweepCircleConvex(ox, oy, ofp.radius, -dx, -dy, CA, 4);
  }
  rectCorners(ox, oy, oh, ofp.length, ofp.width, CB);
  return sweepConvex(CA, 4, dx, dy, CB, 4);
}

const SEG = new Float64Array(4);

/** Distance a moving base can travel along `dir` before touching a terrain shape (`limit` as in sweepBaseVsBase). */
export function sweepBaseVsShape(x: number, y: number, h: number, fp: Footprint, dir: number, s: Shape, limit = Infinity): number {
  trig(dir);
  const dx = TS;
  const dy = TC;
  if (s.kind !== 'polygon') {
    // cheap rejection: the shape's bounding circle lies behind the base or beside the swept corridor
    const cx = s.kind === 'circle' ? s.cx : (s.x0 + s.x1) / 2;
    const cy = s.kind === 'circle' ? s.cy : (s.y0 + s.y1) / 2;
    const sr = s.kind === 'circle' ? s.r : hypot(s.x1 - s.x0, s.y1 - s.y0) / 2;
    const rr = boundingRadius(fp) + sr + 1e-6;
    const along = (cx - x) * dx + (cy - y) * dy;
    if (along < -rr || along - rr >= limit) return Infinity;
    const side = (cx - x) * dy - (cy - y) * dx;
    if (side > rr || side < -rr) return Infinity;
  }
  if (s.kind === 'circle') {
    if (fp.kind === 'circle') return sweepPointCircle(x, y, dx, dy, s.cx, s.cy, s.r + fp.radius);
    rectCorners(x, y, h, fp.length, fp.width, CA);
    return sweepCircleConvex(s.cx, s.cy, s.r, -dx, -dy, CA, 4);
  }
  if (s.kind === 'rect') {
    CB[0] = s.x0; CB[1] = s.y0; CB[2] = s.x1; CB[3] = s.y0; CB[4] = s.x1; CB[5] = s.y1; CB[6] = s.x0; CB[7] = s.y1;
    if (fp.kind === 'circle') return sweepCircleConvex(x, y, fp.radius, dx, dy, CB, 4);
    rectCorners(x, y, h, fp.length, fp.width, CA);
    return sweepConvex(CA, 4, dx, dy, CB, 4);
  }
  // polygon: every edge is a 2-vertex convex obstacle
  let best = Infinity;
  if (fp.kind !== 'circle') rectCorners(x, y, h, fp.length, fp.width, CA);
  for (let i = 0, j = s.xs.length - 1; i < s.xs.length; j = i++) {
    SEG[0] = s.xs[j];
    SEG[1] = s.ys[j];
    SEG[2] = s.xs[i];
    SEG[3] = s.ys[i];
    const t = fp.kind === 'circle' ? sweepCircleConvex(x, y, fp.radius, dx, dy, SEG, 2) : sweepConvex(CA, 4, dx, dy, SEG, 2);
    if (t < best) best = t;
  }
  return best;
}

/** Distance a base can travel along `dir` and stay inside the table [x0,x1] x [y0,y1]. */
export function sweepInsideTable(x: number, y: number, h: number, fp: Footprint, dir: number, x0: number, y0: number, x1: number, y1: number): number {
  trig(dir);
  const dx = TS;
  const dy = TC;
  let best = Infinity;
  const n = fp.kind === 'circle' ? 0 : 4;
  if (fp.kind === 'circle') {
    const r = fp.radius;
    if (dx > 1e-12) best = Math.min(best, (x1 - r - x) / dx);
    if (dx < -1e-12) best = Math.min(best, (x0 + r - x) / dx);
    if (dy > 1e-12) best = Math.min(best, (y1 - r - y) / dy);
    if (dy < -1e-12) best = Math.min(best, (y0 + r - y) / dy);
    return Math.max(0, best);
  }
  rectCorners(x, y, h, fp.length, fp.width, CA);
  for (let i = 0; i < n; i++) {
    const cx = CA[2 * i];
    const cy = CA[2 * i + 1];
    if (dx > 1e-12) best = Math.min(best, (x1 - cx) / dx);
    if (dx < -1e-12) best = Math.min(best, (x0 - cx) / dx);
    if (dy > 1e-12) best = Math.min(best, (y1 - cy) / dy);
    if (dy < -1e-12) best = Math.min(best, (y0 - cy) / dy);
  }
  return Math.max(0, best);
}

/** True if the whole footprint lies inside the table. */
export function footprintInsideTable(x: number, y: number, h: number, fp: Footprint, x0: number, y0: number, x1: number, y1: number, tol = 1e-6): boolean {
  if (fp.kind === 'circle') return x - fp.radius >= x0 - tol && x + fp.radius <= x1 + tol && y - fp.radius >= y0 - tol && y + fp.radius <= y1 + tol;
  rectCorners(x, y, h, fp.length, fp.width, CA);
  for (let i = 0; i < 4; i++) {
    const cx = CA[2 * i];
    const cy = CA[2 * i + 1];
    if (cx < x0 - tol || cx > x1 + tol || cy < y0 - tol || cy > y1 + tol) return false;
  }
  return true;
}

/** True if the footprint overlaps the shape's interior by more than a hair. */
export function footprintOverlapsShape(x: number, y: number, h: number, fp: Footprint, s: Shape): boolean {
  // touching counts as no overlap: test a footprint shrunk by a hair
  return footprintShapeDistance(x, y, h, fp, s, 1e-4) === 0;
}

/** A lower bound of the distance from (x, y) to the shape (bounding circle or box). */
function boundGap(s: Shape, x: number, y: number): number {
  if (s.kind === 'circle') return hypot(x - s.cx, y - s.cy) - s.r;
  if (s.kind === 'rect') return hypot(Math.max(s.x0 - x, 0, x - s.x1), Math.max(s.y0 - y, 0, y - s.y1));
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < s.xs.length; i++) {
    if (s.xs[i] < x0) x0 = s.xs[i];
    if (s.xs[i] > x1) x1 = s.xs[i];
    if (s.ys[i] < y0) y0 = s.ys[i];
    if (s.ys[i] > y1) y1 = s.ys[i];
  }
  return hypot(Math.max(x0 - x, 0, x - x1), Math.max(y0 - y, 0, y - y1));
}
