import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bearingOff, relativeBearing, headingTo, normDeg, sectorOf, inArc, turnCost, type Sectors,
  circle, rect, polygon, pointInShape, segmentShapeIntervals, lengthInside, pointShapeDistance, boundaryTangent,
  edgeDistance, basesOverlap, segmentHitsFootprint, sweepBaseVsBase, sweepBaseVsShape, sweepInsideTable, footprintInsideTable,
  pathCost, travelForBudget, movementScratch, losFan, hillBlocks, isHugging, isBehind, type Footprint, segmentTouchesShape,
  hypot, norm360, pointSegmentDistance, pointSegmentDistance2, behindLine, alongFace, footprintShapeDistance, boundingRadius, type Shape,
} from '../../../src/core/geometry/table/index.ts';

const RECT: Footprint = { kind: 'rect', length: 1, width: 0.6 };
const CIRC: Footprint = { kind: 'circle', radius: 0.5 };
const MGV_VERTICES: Sectors = { bounds: [30, 90, 150], upperInclusive: [true, true, false] };
// Generic positions (off the integer lattice the test shapes are built on: no exact vertex hits).
const coord = fc.integer({ min: -5000, max: 5000 }).map((v) => v / 100 + 0.001237);
fc.configureGlobal({ seed: 20210628, numRuns: 200 });
const angle = fc.double({ min: -720, max: 720, noNaN: true });

describe('angles', () => {
  it('bearings lie in range and flanks map alike', () => {
    fc.assert(fc.property(angle, coord, coord, coord, coord, (h, ox, oy, px, py) => {
      const r = relativeBearing(h, ox, oy, px, py);
      expect(r).toBeGreaterThan(-180 - 1e-9);
      expect(r).toBeLessThanOrEqual(180 + 1e-9);
      const b = bearingOff(h, ox, oy, px, py);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(180);
      // mirror the point across the heading line: same unsigned bearing
      const m = bearingOff(-h, -ox, oy, -px, py);
      expect(m).toBeCloseTo(b, 6);
    }));
  });

  it('heading convention: clockwise from +y', () => {
    expect(headingTo(0, 0, 0, 1)).toBeCloseTo(0);
    expect(headingTo(0, 0, 1, 0)).toBeCloseTo(90);
    expect(headingTo(0, 0, 0, -1)).toBeCloseTo(180);
    expect(headingTo(0, 0, -1, 0)).toBeCloseTo(270);
    expect(normDeg(190)).toBeCloseTo(-170);
  });

  it('MGV vertex sectors A-D at the spec bearings (T23) and boundaries', () => {
    expect([20, 60, 120, 170].map((b) => sectorOf(b, MGV_VERTICES))).toEqual([0, 1, 2, 3]);
    expect([0, 30, 30.0001, 90, 90.0001, 149.999, 150, 180].map((b) => sectorOf(b, MGV_VERTICES))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('sectors partition the half circle; 30/90/150 arcs nest', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 180, noNaN: true }), (b) => {
      const s = sectorOf(b, MGV_VERTICES);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(3);
      if (inArc(b, 30)) expect(inArc(b, 90)).toBe(true);
      if (inArc(b, 90)) expect(inArc(b, 150)).toBe(true);
    }));
    // exactly one sector over a fine sweep
    const counts = [0, 0, 0, 0];
    for (let b = 0; b <= 180; b += 0.5) counts[sectorOf(b, MGV_VERTICES)]++;
    expect(counts.reduce((a, c) => a + c, 0)).toBe(361);
  });

  it('turn costs (T20)', () => {
    expect([0, 1, 30, 45, 46, 90, 91, 135, 136, 180].map((d) => turnCost(d, 45, 0.5))).toEqual([0, 0.5, 0.5, 0.5, 1, 1, 1.5, 1.5, 2, 2]);
    expect(turnCost(-90, 45, 0.5)).toBe(1);
    expect(turnCost(270, 45, 0.5)).toBe(1);
  });
});

describe('shapes', () => {
  it('segment intervals agree with point sampling', () => {
    const shapes = [circle(0, 0, 3), rect(-2, -1, 4, 5), polygon([[0, 0], [6, 0], [6, 6], [3, 2], [0, 6]])];
    const buf = new Float64Array(64);
    fc.assert(fc.property(coord, coord, coord, coord, fc.integer({ min: 0, max: 2 }), (ax, ay, bx, by, si) => {
      const s = shapes[si];
      const n = segmentShapeIntervals(s, ax, ay, bx, by, buf, 0);
      for (let k = 1; k < 20; k++) {
        const t = k / 20;
        const inside = pointInShape(s, ax + (bx - ax) * t, ay + (by - ay) * t);
        let inIv = false;
        for (let i = 0; i < n; i++) if (t >= buf[2 * i] - 1e-9 && t <= buf[2 * i + 1] + 1e-9) inIv = true;
        if (inside !== inIv) {
          // tolerate samples right on the boundary
          expect(pointShapeDistance(s, ax + (bx - ax) * t, ay + (by - ay) * t)).toBeLessThan(1e-6);
        }
      }
    }));
  });

  it('length inside a circle through its centre is the diameter', () => {
    expect(lengthInside(circle(5, 5, 2), 0, 5, 10, 5)).toBeCloseTo(4);
    expect(lengthInside(rect(2, 2, 4, 4), 0, 3, 10, 3)).toBeCloseTo(2);
  });

  it('boundary tangent of a rect face and a circle', () => {
    expect(boundaryTangent(rect(0, 0, 4, 4), 5, 2)).toBeCloseTo(0); // vertical face: along y
    expect(boundaryTangent(rect(0, 0, 4, 4), 2, 5)).toBeCloseTo(90); // horizontal face: along x
    expect(boundaryTangent(circle(0, 0, 1), 2, 0)).toBeCloseTo(0);
  });
});

describe('footprints', () => {
  const fp = fc.constantFrom(RECT, CIRC);
  it('edge distance is symmetric and below centre distance', () => {
    fc.assert(fc.property(coord, coord, angle, fp, coord, coord, angle, fp, (ax, ay, ah, af, bx, by, bh, bf) => {
      const d1 = edgeDistance(ax, ay, ah, af, bx, by, bh, bf);
      const d2 = edgeDistance(bx, by, bh, bf, ax, ay, ah, af);
      expect(d1).toBeCloseTo(d2, 6);
      expect(d1).toBeLessThanOrEqual(Math.hypot(ax - bx, ay - by) + 1e-9);
      expect(basesOverlap(ax, ay, ah, af, bx, by, bh, bf)).toBe(basesOverlap(bx, by, bh, bf, ax, ay, ah, af));
      if (basesOverlap(ax, ay, ah, af, bx, by, bh, bf)) expect(d1).toBe(0);
    }));
  });

  it('rect footprint: long axis along the heading', () => {
    // two bases nose to tail along y at 1" spacing touch; along x they are 0.4" apart
    expect(edgeDistance(0, 0, 0, RECT, 0, 1, 0, RECT)).toBeCloseTo(0);
    expect(basesOverlap(0, 0, 0, RECT, 0, 1, 0, RECT)).toBe(false);
    expect(basesOverlap(0, 0, 0, RECT, 0, 0.9, 0, RECT)).toBe(true);
    expect(edgeDistance(0, 0, 0, RECT, 1, 0, 0, RECT)).toBeCloseTo(0.4);
    expect(segmentHitsFootprint(-1, 0.45, 1, 0.45, 0, 0, 0, RECT)).toBe(true);
    expect(segmentHitsFootprint(-1, 0.55, 1, 0.55, 0, 0, 0, RECT)).toBe(false);
    expect(segmentHitsFootprint(-1, 0.55, 1, 0.55, 0, 0, 90, RECT)).toBe(false);
    expect(segmentHitsFootprint(0.45, -1, 0.45, 1, 0, 0, 90, RECT)).toBe(true);
  });

  it('sweeps stop at first contact and never let bases overlap', () => {
    // moving north toward a base 5" ahead: contact after 4"
    expect(sweepBaseVsBase(0, 0, 0, RECT, 0, 0, 5, 0, RECT)).toBeCloseTo(4);
    expect(sweepBaseVsBase(0, 0, 0, CIRC, 0, 0, 5, 0, CIRC)).toBeCloseTo(4);
    expect(sweepBaseVsBase(0, 0, 0, RECT, 0, 3, 5, 0, RECT)).toBe(Infinity);
    expect(sweepBaseVsShape(0, 0, 0, RECT, 0, circle(0, 5, 1))).toBeCloseTo(3.5);
    expect(sweepBaseVsShape(0, 0, 0, RECT, 0, rect(-1, 4, 1, 6))).toBeCloseTo(3.5);
    expect(sweepInsideTable(5, 5, 0, RECT, 0, 0, 0, 10, 10)).toBeCloseTo(4.5);
    fc.assert(fc.property(coord, coord, angle, angle, coord, coord, angle, fp, fp, (ax, ay, ah, dir, bx, by, bh, af, bf) => {
      fc.pre(!basesOverlap(ax, ay, ah, af, bx, by, bh, bf, 0));
      const t = sweepBaseVsBase(ax, ay, ah, af, dir, bx, by, bh, bf);
      const d = Math.min(t, 30);
      const nx = ax + Math.sin((dir * Math.PI) / 180) * d;
      const ny = ay + Math.cos((dir * Math.PI) / 180) * d;
      expect(basesOverlap(nx, ny, ah, af, bx, by, bh, bf, 1e-4)).toBe(false);
    }));
    fc.assert(fc.property(fc.double({ min: 1, max: 9, noNaN: true }), fc.double({ min: 1, max: 9, noNaN: true }), angle, (x, y, dir) => {
      fc.pre(footprintInsideTable(x, y, dir, RECT, 0, 0, 10, 10));
      const t = sweepInsideTable(x, y, dir, RECT, dir, 0, 0, 10, 10);
      const nx = x + Math.sin((dir * Math.PI) / 180) * t;
      const ny = y + Math.cos((dir * Math.PI) / 180) * t;
      expect(footprintInsideTable(nx, ny, dir, RECT, 0, 0, 10, 10, 1e-6)).toBe(true);
    }));
  });

  it('a sweep with a limit finds every contact nearer than the limit, exactly as without one', () => {
    const near = fc.integer({ min: -800, max: 800 }).map((v) => v / 100 + 0.001237);
    const shapeAt = fc.tuple(near, near, fc.integer({ min: 20, max: 300 }).map((v) => v / 100), fc.boolean()).map(([x, y, r, round]) => (round ? circle(x, y, r) : rect(x - r, y - r / 2, x + r, y + r / 2)));
    // limits at random, and just beyond the contact (where a too-eager rejection would lose it)
    const beyond = fc.constantFrom(1e-3, 0.3, 1, 3);
    const limit = fc.double({ min: 0, max: 12, noNaN: true });
    const check = (free: number, capped: (lim: number) => number, lim: number, past: number): void => {
      for (const l of [lim, free + past]) {
        const c = capped(l);
        if (free < l) expect(c).toBe(free);
        else expect(c >= l).toBe(true);
      }
    };
    let cut = 0;
    fc.assert(fc.property(angle, angle, near, near, angle, fp, fp, shapeAt, limit, beyond, (ah, dir, bx, by, bh, af, bf, shape, lim, past) => {
      const free = sweepBaseVsBase(0, 0, ah, af, dir, bx, by, bh, bf);
      check(free, (l) => sweepBaseVsBase(0, 0, ah, af, dir, bx, by, bh, bf, l), lim, past);
      const sFree = sweepBaseVsShape(0, 0, ah, af, dir, shape);
      check(sFree, (l) => sweepBaseVsShape(0, 0, ah, af, dir, shape, l), lim, past);
      if (sweepBaseVsBase(0, 0, ah, af, dir, bx, by, bh, bf, lim) === Infinity && free !== Infinity) cut++;
    }), { numRuns: 2000 });
    // the limit did cut searches short (else this test would not exercise it)
    expect(cut).toBeGreaterThan(50);
  });
});

describe('movement over terrain', () => {
  const shapes = [rect(2, -5, 4, 5), circle(8, 0, 1)];
  const factors = [2, Infinity];
  const scratch = movementScratch(shapes);
  it('half-speed terrain costs 2" per inch; impassable is infinite', () => {
    expect(pathCost(0, 0, 6, 0, shapes, factors, 1, null, scratch)).toBeCloseTo(8);
    expect(pathCost(0, 0, 10, 0, shapes, factors, 2, null, scratch)).toBe(Infinity);
    expect(travelForBudget(0, 0, 90, 10, 5, shapes, factors, 1, null, scratch)).toBeCloseTo(3.5);
    expect(travelForBudget(0, 0, 90, 10, 8, shapes, factors, 1, null, scratch)).toBeCloseTo(6);
    expect(travelForBudget(0, 0, 90, 20, 100, shapes, factors, 2, null, scratch)).toBeCloseTo(7);
  });
  it('cost is additive along a line', () => {
    fc.assert(fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (y, t) => {
      const a = pathCost(-5, y, 6, y, shapes, factors, 1, null, scratch);
      const mx = -5 + 11 * t;
      const b = pathCost(-5, y, mx, y, shapes, factors, 1, null, scratch) + pathCost(mx, y, 6, y, shapes, factors, 1, null, scratch);
      expect(b).toBeCloseTo(a, 6);
    }));
  });
});

describe('line of sight and cover', () => {
  const wall = rect(4, -1, 5, 1);
  const blocked = (ax: number, ay: number, bx: number, by: number) => segmentTouchesShape(wall, ax, ay, bx, by);
  it('a wall blocks the centre ray; the 3-ray fan sees a base peeking past it', () => {
    expect(losFan(0, 0, 10, 0, 0, RECT, 1, blocked)).toBe(false);
    expect(losFan(0, 0, 10, 0, 0, RECT, 3, blocked)).toBe(false);
    expect(losFan(0, 0, 10, 2.2, 0, RECT, 1, blocked)).toBe(false);
    expect(losFan(0, 0, 10, 2.2, 0, RECT, 3, blocked)).toBe(true);
  });
  it('centre-to-centre segment tests are symmetric', () => {
    const obs = [circle(3, 3, 1), rect(-4, -4, -2, 0), polygon([[5, -5], [8, -5], [6, -2]])];
    fc.assert(fc.property(coord, coord, coord, coord, (ax, ay, bx, by) => {
      for (const s of obs) expect(segmentTouchesShape(s, ax, ay, bx, by)).toBe(segmentTouchesShape(s, bx, by, ax, ay));
    }));
  });
  it('hill: blocks two lower bases, crest rule for an upper base, symmetric', () => {
    const hill = circle(10, 0, 4);
    expect(hillBlocks(hill, 1, 1, 0, 0, 0, 20, 0, 0)).toBe(true);
    expect(hillBlocks(hill, 1, 1, 0, 0, 1, 20, 0, 0)).toBe(false); // the far one on another level 1 feature
    expect(hillBlocks(hill, 1, 1, 13.5, 0, 1, 20, 0, 0)).toBe(false); // 0.5" from the crest
    expect(hillBlocks(hill, 1, 1, 11, 0, 1, 20, 0, 0)).toBe(true); // 3" from the crest
    expect(hillBlocks(hill, 1, 1, 20, 0, 0, 13.5, 0, 1)).toBe(false);
    expect(hillBlocks(hill, 1, 1, 9, 0, 1, 11, 1, 1)).toBe(false);
  });
  it('hugging and behind', () => {
    // base parallel to the wall's vertical face, in contact on the far side
    expect(isHugging(5.3, 0, 0, RECT, wall, 0.05, 45)).toBe(true);
    expect(isHugging(5.6, 0, 90, RECT, wall, 0.05, 45)).toBe(false);
    expect(isBehind(5.3, 0, 0, RECT, 0, 0, wall, 0.05)).toBe(true);
    expect(isBehind(5.3, 0, 0, RECT, 10, 0, wall, 0.05)).toBe(false);
  });
});

describe('fast paths give the same values as the general formulas', () => {
  const wide = fc.double({ min: -2000, max: 2000, noNaN: true });
  it('hypot agrees with Math.hypot (at 0, -0, infinities and NaN too)', () => {
    const special = [0, -0, 1, -1, 3, 4, 1e-300, 1e300, Infinity, -Infinity, NaN];
    for (const a of special) for (const b of special) expect(Object.is(hypot(a, b), Math.hypot(a, b))).toBe(true);
    // V8 computes Math.hypot with the same operations, so the values are identical there; allow
    // one unit in the last place in case an engine does it differently
    fc.assert(fc.property(wide, wide, (a, b) => {
      const want = Math.hypot(a, b);
      expect(Math.abs(hypot(a, b) - want)).toBeLessThanOrEqual(want * 2.3e-16);
    }), { numRuns: 2000 });
  });
  it('normDeg and norm360 equal the modulo formulas, sign of zero included', () => {
    const nd = (a: number) => {
      let r = a % 360;
      if (r > 180) r -= 360;
      else if (r <= -180) r += 360;
      return r;
    };
    const n3 = (a: number) => {
      const r = a % 360;
      return r < 0 ? r + 360 : r;
    };
    const edges = [-720, -540, -360, -180, -0, 0, 180, 360, 540, 720, -359.5, 539.5, -539.5, 1e-12, -1e-12, Infinity, NaN];
    for (const a of edges) {
      expect(Object.is(normDeg(a), nd(a))).toBe(true);
      expect(Object.is(norm360(a), n3(a))).toBe(true);
    }
    fc.assert(fc.property(wide, (a) => {
      expect(Object.is(normDeg(a), nd(a))).toBe(true);
      expect(Object.is(norm360(a), n3(a))).toBe(true);
    }), { numRuns: 2000 });
  });
  it('squared point-segment distance; bounding radius of changing footprints', () => {
    fc.assert(fc.property(coord, coord, coord, coord, coord, coord, (px, py, ax, ay, bx, by) => {
      expect(Math.sqrt(pointSegmentDistance2(px, py, ax, ay, bx, by))).toBe(pointSegmentDistance(px, py, ax, ay, bx, by));
    }));
    expect(boundingRadius(RECT)).toBe(Math.hypot(1, 0.6) / 2);
    expect(boundingRadius({ kind: 'rect', length: 2, width: 2 })).toBe(Math.hypot(2, 2) / 2);
    expect(boundingRadius(RECT)).toBe(Math.hypot(1, 0.6) / 2);
    expect(boundingRadius(CIRC)).toBe(0.5);
  });
  it('isBehind = behindLine and contact; isHugging = contact and alongFace', () => {
    const shapes: Shape[] = [rect(4, -1, 5, 1), circle(3, 3, 1), polygon([[5, -5], [8, -5], [6, -2]])];
    fc.assert(fc.property(coord, coord, angle, coord, coord, fc.constantFrom(RECT, CIRC), fc.integer({ min: 0, max: 2 }), (x, y, h, vx, vy, f, si) => {
      const sh = shapes[si];
      const near = footprintShapeDistance(x, y, h, f, sh) <= 0.5;
      expect(isBehind(x, y, h, f, vx, vy, sh, 0.5)).toBe(behindLine(x, y, vx, vy, sh) && near);
      expect(isHugging(x, y, h, f, sh, 0.5, 45)).toBe(near && alongFace(x, y, h, sh, 45));
    }));
  });
  it('swept bases stop short of terrain shapes they head for, and pass those beside or behind', () => {
    const shapes: Shape[] = [circle(0, 5, 1), rect(-1, 4, 1, 6), circle(3, -2, 0.5), rect(2, 2, 3, 9)];
    fc.assert(fc.property(fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: -6, max: 6, noNaN: true }), angle, angle, fc.constantFrom(RECT, CIRC), fc.integer({ min: 0, max: 3 }), (x, y, h, dir, f, si) => {
      const sh = shapes[si];
      fc.pre(footprintShapeDistance(x, y, h, f, sh) > 1e-3);
      const t = sweepBaseVsShape(x, y, h, f, dir, sh);
      // along the sweep (up to 12") the base never overlaps the shape before the contact distance
      const end = Math.min(t, 12);
      for (let k = 0; k <= 24; k++) {
        const d = (end * k) / 24;
        const nx = x + Math.sin((dir * Math.PI) / 180) * d;
        const ny = y + Math.cos((dir * Math.PI) / 180) * d;
        expect(footprintShapeDistance(nx, ny, h, f, sh)).toBeGreaterThan(-1e-9);
        if (d < t - 1e-6) expect(footprintShapeDistance(nx, ny, h, f, sh, 1e-4) > 0 || d < 1e-6).toBe(true);
      }
      // and a finite contact really is a contact
      if (t < 12) {
        const cx = x + Math.sin((dir * Math.PI) / 180) * t;
        const cy = y + Math.cos((dir * Math.PI) / 180) * t;
        expect(footprintShapeDistance(cx, cy, h, f, sh)).toBeLessThan(1e-6);
      }
    }));
  });
});
