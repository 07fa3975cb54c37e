/**
 * Bearings and arcs (spec panzervor §3.2) on a flat-topped hex map.
 *
 * Hex centre (circumradius 1, screen y down): x = 1.5 q, y = sqrt(3) (r + q/2). The compass
 * angle of a vector is measured clockwise from north. Every ray at a multiple of 30 degrees is a
 * grid line: N/S (dq = 0), NE/SW (s = 0), SE/NW (dr = 0), and the three in-between lines
 * dq = ds, dr = ds, dq = dr. So whether a hex lies exactly on a 30-degree ray is decided with
 * integers, and arc boundaries at multiples of 30 degrees are reported exactly, never by float luck.
 *
 * Compass code: 0..23; even code 2k = exactly on the ray at 30k degrees, odd code 2k+1 = strictly
 * between 30k and 30k+30 degrees.
 */

export const SQRT3 = Math.sqrt(3);

export function centreX(q: number, _r: number): number {
  return 1.5 * q;
}

export function centreY(q: number, r: number): number {
  return SQRT3 * (r + q / 2);
}

/** True when the axial vector (dq, dr) lies exactly on a ray at a multiple of 30 degrees. */
export function onThirtyDegreeRay(dq: number, dr: number): boolean {
  const ds = -dq - dr;
  return dq === 0 || dr === 0 || ds === 0 || dq === dr || dr === ds || ds === dq;
}

/** Compass angle in degrees [0, 360) of the axial vector (dq, dr), exact on 30-degree rays. */
export function compassAngle(dq: number, dr: number): number {
  if (dq === 0 && dr === 0) return NaN;
  const x = 1.5 * dq;
  const y = SQRT3 * (dr + dq / 2);
  let t = (Math.atan2(x, -y) * 180) / Math.PI;
  if (onThirtyDegreeRay(dq, dr)) t = 30 * Math.round(t / 30);
  t %= 360;
  if (t < 0) t += 360;
  return t;
}

/** Compass code 0..23 of (dq, dr) (see above), or -1 for the zero vector. */
export function compassCode(dq: number, dr: number): number {
  if (dq === 0 && dr === 0) return -1;
  const x = 1.5 * dq;
  const y = SQRT3 * (dr + dq / 2);
  let t = (Math.atan2(x, -y) * 180) / Math.PI;
  if (t < 0) t += 360;
  if (onThirtyDegreeRay(dq, dr)) return (2 * Math.round(t / 30)) % 24;
  return (2 * Math.floor(t / 30) + 1) % 24;
}

/** Normalises degrees into (-180, 180]. */
export function normaliseDegrees(a: number): number {
  let n = a % 360;
  if (n < 0) n += 360;
  return n > 180 ? n - 360 : n;
}

/**
 * Bearing of a point seen from a hex whose facing is `facing` (0 = N ... 5 = NW): the angle from
 * the facing direction to the point, in degrees in (-180, 180], positive to the LEFT
 * (counter-clockwise), as in spec §8.2 T-ARC. Exact on 30-degree rays.
 */
export function bearing(dq: number, dr: number, facing: number): number {
  return normaliseDegrees(60 * facing - compassAngle(dq, dr));
}

/** Code relative to a facing: 0 = dead ahead, 6 = 90 degrees right, 12 = dead astern. */
export function relativeCode(code: number, facing: number): number {
  return (code - 4 * facing + 48) % 24;
}

/** Representative bearing of a relative code (exact for even codes, mid-sector for odd ones). */
export function bearingOfRelativeCode(rel: number): number {
  return normaliseDegrees(-15 * rel);
}

export const ARC_FRONT = 0;
export const ARC_SIDE = 1;
export const ARC_REAR = 2;
/** Exactly on the front/side boundary. */
export const ARC_FRONT_SIDE = 3;
/** Exactly on the side/rear boundary. */
export const ARC_SIDE_REAR = 4;
/** Exactly on a front/rear boundary (only when front + rear widths = 360). */
export const ARC_FRONT_REAR = 5;

export const ARC_NAMES: readonly string[] = ['front', 'side', 'rear', 'front/side boundary', 'side/rear boundary', 'front/rear boundary'];

const EPS = 1e-9;

/**
 * Arc of a bearing for a front arc of `frontWidth` degrees and a rear arc of `rearWidth` degrees
 * (both centred, spec §3.2). Bearings exactly on an arc edge return a boundary code; the caller
 * decides what a boundary means (armour: defender's face; fixed gun: inside...).
 */
export function arcOf(beta: number, frontWidth = 60, rearWidth = 60): number {
  if (!(frontWidth > 0 && rearWidth > 0 && frontWidth + rearWidth <= 360)) {
    throw new Error(`arcOf: widths must be positive and sum to at most 360 (front ${frontWidth}, rear ${rearWidth})`);
  }
  const a = Math.abs(beta);
  const f = frontWidth / 2;
  const rr = 180 - rearWidth / 2;
  if (a < f - EPS) return ARC_FRONT;
  if (Math.abs(a - f) <= EPS) return Math.abs(f - rr) <= EPS ? ARC_FRONT_REAR : ARC_FRONT_SIDE;
  if (a > rr + EPS) return ARC_REAR;
  if (Math.abs(a - rr) <= EPS) return ARC_SIDE_REAR;
  return ARC_SIDE;
}

/**
 * Arc per relative compass code (24 entries), for hot loops: arc = table[relativeCode(code, facing)].
 * Exact only when both widths are multiples of 30 degrees, which this checks.
 */
export function arcTable(frontWidth = 60, rearWidth = 60): Uint8Array {
  if (frontWidth % 30 !== 0 || rearWidth % 30 !== 0) {
    throw new Error(`arcTable: widths must be multiples of 30 degrees (front ${frontWidth}, rear ${rearWidth}); use arcOf() otherwise`);
  }
  const t = new Uint8Array(24);
  for (let rel = 0; rel < 24; rel++) t[rel] = arcOf(bearingOfRelativeCode(rel), frontWidth, rearWidth);
  return t;
}

/** True when the relative code is strictly left of the facing (bearing > 0 and < 180). */
export function isLeft(rel: number): boolean {
  return rel > 12;
}
