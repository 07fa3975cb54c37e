/**
 * Line of sight and cover primitives on a table. Systems decide what blocks (their terrain
 * tables); this module gives the geometry: ray fans from a viewer to a target base, the
 * hill-crest rule, "hugging" (base contact with the long axis parallel to a face) and
 * "immediately behind" (in contact with a feature lying between the base and the enemy).
 */
import { DEG, normDeg, hypot } from './angles.ts';
import { extremePoints, footprintShapeDistance, type Footprint } from './footprint.ts';
import { boundaryTangent, pointInShape, segmentShapeIntervals, segmentTouchesShape, type Shape } from './shapes.ts';

/** A segment test supplied by the caller: true if the segment a-b is blocked. */
export type SegmentBlocked = (ax: number, ay: number, bx: number, by: number) => boolean;

const PTS = new Float64Array(4);

/**
 * LOS from a viewer point to a target base with `rays` rays: 1 = centre to centre; 3 = the
 * centre and the two extreme points perpendicular to the line of fire. LOS exists when at
 * least one ray is clear (blocked only if every line is obstructed).
 */
export function losFan(vx: number, vy: number, tx: number, ty: number, th: number, tfp: Footprint, rays: 1 | 3, blocked: SegmentBlocked): boolean {
  if (!blocked(vx, vy, tx, ty)) return true;
  if (rays === 1) return false;
  extremePoints(tx, ty, th, tfp, vx, vy, PTS);
  const x1 = PTS[2];
  const y1 = PTS[3];
  if (!blocked(vx, vy, PTS[0], PTS[1])) return true;
  return !blocked(vx, vy, x1, y1);
}

const IV = new Float64Array(256);

/**
 * Hill rule (parametrised reading of a common tabletop rule): a hill of level L blocks the
 * line a-b when it crosses the hill and both ends are below L; between an end on the hill
 * (level >= L) and an end below, the line is clear only if the upper end is within `crest`
 * of the point where the line leaves the hill. Ends both on the hill: clear.
 */
export function hillBlocks(hill: Shape, level: number, crest: number, ax: number, ay: number, la: number, bx: number, by: number, lb: number): boolean {
  const aIn = pointInShape(hill, ax, ay);
  const bIn = pointInShape(hill, bx, by);
  if (aIn && bIn) return false;
  if (!aIn && !bIn) {
    if (!segmentTouchesShape(hill, ax, ay, bx, by)) return false;
    return la < level && lb < level;
  }
  // one end on the hill
  const upperLevel = aIn ? la : lb;
  const lowerLevel = aIn ? lb : la;
  if (lowerLevel >= level || upperLevel < level) return lowerLevel < level && upperLevel < level;
  const n = segmentShapeIntervals(hill, ax, ay, bx, by, IV, 0);
  if (n === 0) return false;
  const len = hypot(bx - ax, by - ay);
  // distance inside the hill from the upper end to the edge the line crosses
  const inside = aIn ? IV[1] * len : (1 - IV[2 * (n - 1)]) * len;
  return inside > crest + 1e-9;
}

/**
 * Hugging: the base is within `contact` of the shape and its long axis is within `parallelTol`
 * degrees of the shape's face at the nearest point.
 */
export function isHugging(x: number, y: number, h: number, fp: Footprint, s: Shape, contact: number, parallelTol: number): boolean {
  if (footprintShapeDistance(x, y, h, fp, s) > contact) return false;
  return alongFace(x, y, h, s, parallelTol);
}

/**
 * The orientation part of isHugging: a base at (x, y) with heading h has its long axis within
 * `parallelTol` degrees of the shape's face at the nearest point. (isHugging = in contact and
 * alongFace; callers that already know the distance test the two parts themselves.)
 */
export function alongFace(x: number, y: number, h: number, s: Shape, parallelTol: number): boolean {
  const face = boundaryTangent(s, x, y);
  const d = Math.abs(normDeg(h - face));
  const off = Math.min(d, 180 - d);
  return off <= parallelTol + 1e-9;
}

/**
 * "Immediately behind relative to the viewer": the base is within `contact` of the shape and
 * the line from the viewer to the base centre passes through the shape before reaching it.
 */
export function isBehind(x: number, y: number, h: number, fp: Footprint, vx: number, vy: number, s: Shape, contact: number): boolean {
  // (the cheap line test first; the result is the same conjunction)
  return behindLine(x, y, vx, vy, s) && footprintShapeDistance(x, y, h, fp, s) <= contact;
}

/**
 * The line part of isBehind: the viewer at (vx, vy) is outside the shape and the line from it
 * to (x, y) passes through the shape before reaching (x, y) (or (x, y) is inside it).
 * isBehind = behindLine and the base within `contact` of the shape.
 */
export function behindLine(x: number, y: number, vx: number, vy: number, s: Shape): boolean {
  if (pointInShape(s, vx, vy)) return false;
  if (pointInShape(s, x, y)) return true;
  const n = segmentShapeIntervals(s, vx, vy, x, y, IV, 0);
  return n > 0 && IV[0] < 1 - 1e-9;
}

/** Point at distance d from (x, y) along heading h, written into out[0..1]. */
export function pointAlong(x: number, y: number, h: number, d: number, out: Float64Array | number[]): void {
  out[0] = x + Math.sin(h * DEG) * d;
  out[1] = y + Math.cos(h * DEG) * d;
}
