/**
 * Angles and bearings on a tape-measure table. Units are generic (inches for MGV, cm for
 * AT-43); angles are degrees. Heading convention: degrees clockwise from +y, so a heading h
 * points along (sin h, cos h). All functions are allocation-free and return numbers.
 */
export const DEG = Math.PI / 180;
/** Tolerance used for inclusive arc / sector boundaries (degrees). */
export const ANGLE_EPS = 1e-7;

/**
 * Length of (a, b): the same value as Math.hypot(a, b) (V8 normalises by the larger magnitude,
 * the same operations in the same order are done here), without the builtin's call and
 * per-call allocation. Infinity if either is infinite, else NaN if either is NaN.
 */
export function hypot(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  if (x === Infinity || y === Infinity) return Infinity;
  if (x !== x || y !== y) return NaN;
  const max = x > y ? x : y;
  if (max === 0) return 0;
  const p = x / max;
  const q = y / max;
  return Math.sqrt(p * p + q * q) * max;
}

/** Normalises an angle to (-180, 180]. */
export function normDeg(a: number): number {
  // fast paths (one turn either way): the same values as the general formula, which they
  // skip (% on doubles is slow); -360 takes the general path for its -0
  if (a > -180 && a <= 180) return a;
  if (a > 180 && a < 540) return a - 360;
  if (a <= -180 && a > -540 && a !== -360) return a + 360;
  let r = a % 360;
  if (r > 180) r -= 360;
  else if (r <= -180) r += 360;
  return r;
}

/** Normalises an angle to [0, 360). */
export function norm360(a: number): number {
  if (a >= 0 && a < 360) return a;
  if (a < 0 && a > -360) return a + 360;
  if (a >= 360 && a < 720) return a - 360;
  const r = a % 360;
  return r < 0 ? r + 360 : r;
}

/** Heading (clockwise from +y, [0, 360)) of the direction from a to b; 0 when a == b. */
export function headingTo(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  if (dx === 0 && dy === 0) return 0;
  return norm360(Math.atan2(dx, dy) / DEG);
}

export function dirX(heading: number): number {
  return Math.sin(heading * DEG);
}

export function dirY(heading: number): number {
  return Math.cos(heading * DEG);
}

/**
 * Signed bearing (-180, 180] of point p as seen from o, relative to heading h
 * (positive = clockwise / starboard). 0 when p == o.
 */
export function relativeBearing(h: number, ox: number, oy: number, px: number, py: number): number {
  if (ox === px && oy === py) return 0;
  return normDeg(headingTo(ox, oy, px, py) - h);
}

/** Unsigned bearing [0, 180] of p off the heading h of a base at o (both flanks alike). */
export function bearingOff(h: number, ox: number, oy: number, px: number, py: number): number {
  return Math.abs(relativeBearing(h, ox, oy, px, py));
}

/** True if an unsigned bearing lies within `halfWidth` of the centreline (inclusive). */
export function inArc(off: number, halfWidth: number): boolean {
  return off <= halfWidth + ANGLE_EPS;
}

/**
 * Sectors of the unsigned bearing [0, 180]: bounds[i] separates sector i from sector i+1;
 * upperInclusive[i] says a bearing exactly on bounds[i] belongs to sector i (true) or i+1.
 * E.g. MGV vertices A..D: bounds [30, 90, 150], upperInclusive [true, true, false].
 */
export interface Sectors {
  readonly bounds: readonly number[];
  readonly upperInclusive: readonly boolean[];
}

export function sectorOf(off: number, s: Sectors): number {
  const b = s.bounds;
  for (let i = 0; i < b.length; i++) {
    if (off < b[i] - ANGLE_EPS) return i;
    if (off <= b[i] + ANGLE_EPS) return s.upperInclusive[i] ? i : i + 1;
  }
  return b.length;
}

/**
 * Facing-change cost: `costPerStep` for every started `step` degrees of change
 * (MGV S §4.0: 1-45° ½", 46-90° 1", ...). A change within ANGLE_EPS of 0 is free.
 */
export function turnCost(delta: number, step: number, costPerStep: number): number {
  const a = Math.abs(normDeg(delta));
  if (a <= 1e-6) return 0;
  return costPerStep * Math.ceil(a / step - 1e-9);
}
