import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BESIDE_SLACK, BasePaths, convexSeparatesDiscs, pointInShape, pointSegmentDistance2, polygon, polygonBesideLine, segmentsIntersect, segmentTouchesShape } from '../../../src/core/geometry/table/index.ts';

// polygonBesideLine is a certain-miss test run before the exact segment tests (sight lines, route
// legs, the tangents of convexSeparatesDiscs): wherever it answers, the exact tests must find no
// contact within its reach. Segments are drawn at random and also right at the reach (a vertex at
// reach +- a few slacks from the line), where a wrong margin would show.

fc.configureGlobal({ seed: 20261127, numRuns: 400 });

type Poly = { kind: 'polygon'; xs: number[]; ys: number[] };

/** A polygon: convex (a regular n-gon, stretched and turned) or a star (concave). */
const poly = fc
  .record({
    n: fc.integer({ min: 3, max: 8 }),
    cx: fc.double({ min: -60, max: 160, noNaN: true }),
    cy: fc.double({ min: -60, max: 160, noNaN: true }),
    r: fc.double({ min: 0.5, max: 20, noNaN: true }),
    sx: fc.double({ min: 0.2, max: 1, noNaN: true }),
    turn: fc.double({ min: 0, max: 6.3, noNaN: true }),
    star: fc.boolean(),
  })
  .map(({ n, cx, cy, r, sx, turn, star }) => {
    const pts: [number, number][] = [];
    const m = star ? 2 * n : n;
    for (let i = 0; i < m; i++) {
      const a = turn + (2 * Math.PI * i) / m;
      const rr = star && i % 2 ? r * 0.4 : r;
      pts.push([cx + rr * sx * Math.cos(a), cy + rr * Math.sin(a)]);
    }
    return polygon(pts) as Poly;
  });

/** Least distance from segment a-b to the polygon (0 when they touch or an end is inside), the exact way. */
function exactDistance(P: Poly, ax: number, ay: number, bx: number, by: number): number {
  if (pointInShape(P, ax, ay) || pointInShape(P, bx, by)) return 0;
  let d2 = Infinity;
  const m = P.xs.length;
  for (let i = 0, j = m - 1; i < m; j = i++) {
    if (segmentsIntersect(ax, ay, bx, by, P.xs[j], P.ys[j], P.xs[i], P.ys[i])) return 0;
    d2 = Math.min(d2, pointSegmentDistance2(ax, ay, P.xs[j], P.ys[j], P.xs[i], P.ys[i]), pointSegmentDistance2(bx, by, P.xs[j], P.ys[j], P.xs[i], P.ys[i]));
    d2 = Math.min(d2, pointSegmentDistance2(P.xs[i], P.ys[i], ax, ay, bx, by));
  }
  return Math.sqrt(d2);
}

const coord = fc.double({ min: -80, max: 180, noNaN: true });
const reach = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 8, noNaN: true }));
/** Offsets of a line from a vertex around the reach, in slacks. */
const offset = fc.constantFrom(-3, -1, -0.5, 0, 0.5, 0.99, 1, 1.01, 2, 5, 1e3, 1e6);

/** Every exact test agrees with a yes of polygonBesideLine on this segment. */
function agrees(P: Poly, ax: number, ay: number, bx: number, by: number, r: number): boolean {
  if (!polygonBesideLine(ax, ay, bx, by, P.xs, P.ys, r)) return true;
  if (segmentTouchesShape(P, ax, ay, bx, by)) return false;
  for (let i = 0, j = P.xs.length - 1; i < P.xs.length; j = i++) if (segmentsIntersect(ax, ay, bx, by, P.xs[j], P.ys[j], P.xs[i], P.ys[i])) return false;
  const d = exactDistance(P, ax, ay, bx, by);
  return d >= r && d > 0;
}

describe('polygonBesideLine (certain miss before the exact segment tests)', () => {
  it('random segments: a yes means no contact within the reach', () => {
    let yes = 0;
    fc.assert(
      fc.property(poly, coord, coord, coord, coord, reach, (P, ax, ay, bx, by, r) => {
        if (polygonBesideLine(ax, ay, bx, by, P.xs, P.ys, r)) yes++;
        return agrees(P, ax, ay, bx, by, r);
      }),
    );
    expect(yes).toBeGreaterThan(20); // the test says yes often enough to be tested
  });

  it('segments at the reach from a vertex: a yes means no contact within the reach', () => {
    let yes = 0;
    let no = 0;
    fc.assert(
      fc.property(poly, fc.nat(15), fc.double({ min: 0, max: 6.3, noNaN: true }), reach, offset, fc.double({ min: 0.01, max: 30, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true }), (P, vi, dir, r, off, len, along) => {
        // a line through the point at distance r + off slacks from vertex vi, outward from the centroid
        const v = vi % P.xs.length;
        let cx = 0;
        let cy = 0;
        for (let i = 0; i < P.xs.length; i++) {
          cx += P.xs[i] / P.xs.length;
          cy += P.ys[i] / P.xs.length;
        }
        let nx = P.xs[v] - cx;
        let ny = P.ys[v] - cy;
        const l = Math.hypot(nx, ny) || 1;
        nx /= l;
        ny /= l;
        const h = r + off * BESIDE_SLACK;
        const px = P.xs[v] + nx * h;
        const py = P.ys[v] + ny * h;
        // along the tangent to the outward normal, or turned by dir
        const tx = Math.abs(dir - 3) < 1 ? -ny : Math.cos(dir);
        const ty = Math.abs(dir - 3) < 1 ? nx : Math.sin(dir);
        const ax = px + tx * along;
        const ay = py + ty * along;
        const bx = ax - tx * len;
        const by = ay - ty * len;
        if (polygonBesideLine(ax, ay, bx, by, P.xs, P.ys, r)) yes++;
        else no++;
        return agrees(P, ax, ay, bx, by, r);
      }),
      { numRuns: 3000 },
    );
    expect(yes).toBeGreaterThan(100);
    expect(no).toBeGreaterThan(100);
  });

  it('is never true for a point (a = b) nor within the slack', () => {
    const P = polygon([[0, 0], [10, 0], [10, 10], [0, 10]]) as Poly;
    expect(polygonBesideLine(-5, -5, -5, -5, P.xs, P.ys, 0)).toBe(false);
    // the line y = -2 runs 2 below the square: beside it for reaches up to 2 - slack
    expect(polygonBesideLine(-5, -2, 15, -2, P.xs, P.ys, 1.9)).toBe(true);
    expect(polygonBesideLine(-5, -2, 15, -2, P.xs, P.ys, 2 - BESIDE_SLACK / 2)).toBe(false);
    expect(polygonBesideLine(-5, -2, 15, -2, P.xs, P.ys, 2)).toBe(false);
    // a line across the square: corners on both sides
    expect(polygonBesideLine(-5, 5, 15, 5, P.xs, P.ys, 0)).toBe(false);
  });
});

/** The pre-early-out convexSeparatesDiscs (groups.ts before polygonBesideLine), the reference. */
function separatesRef(ax: number, ay: number, ar: number, bx: number, by: number, br: number, xs: number[], ys: number[], eps = 1e-6): boolean {
  let dx = bx - ax;
  let dy = by - ay;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (!(d > Math.abs(ar - br) + eps)) return false;
  dx /= d;
  dy /= d;
  const c = (ar - br) / d;
  const sn = Math.sqrt(1 - c * c);
  for (let sgn = -1; sgn <= 1; sgn += 2) {
    const nx = dx * c - dy * sn * sgn;
    const ny = dy * c + dx * sn * sgn;
    const px = ax + ar * nx;
    const py = ay + ar * ny;
    const qx = bx + br * nx;
    const qy = by + br * ny;
    let hit = false;
    for (let i = 0, j = xs.length - 1; i < xs.length && !hit; j = i++) hit = segmentsIntersect(px, py, qx, qy, xs[j], ys[j], xs[i], ys[i]);
    if (!hit) return false;
  }
  const apart = (x: number, y: number, r: number): boolean => {
    let inside = false;
    for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
      if (ys[i] > y !== ys[j] > y && x < ((xs[j] - xs[i]) * (y - ys[i])) / (ys[j] - ys[i]) + xs[i]) inside = !inside;
      if (pointSegmentDistance2(x, y, xs[j], ys[j], xs[i], ys[i]) <= r * r) return false;
    }
    return !inside;
  };
  return apart(ax, ay, ar + eps) && apart(bx, by, br + eps);
}

/** Two discs on either side of the polygon's centroid (often separated by it), at gaps around its size. */
const discsAcross = fc.record({
  dir: fc.double({ min: 0, max: 6.3, noNaN: true }),
  ga: fc.double({ min: 0, max: 30, noNaN: true }),
  gb: fc.double({ min: 0, max: 30, noNaN: true }),
  ar: fc.double({ min: 0.1, max: 12, noNaN: true }),
  br: fc.double({ min: 0.1, max: 12, noNaN: true }),
  skew: fc.double({ min: -6, max: 6, noNaN: true }),
});

describe('the exact tests behind polygonBesideLine answer as before', () => {
  it('BasePaths.clear: the exact leg distance decides, as before the early-out', () => {
    let blocked = 0;
    fc.assert(
      fc.property(poly, coord, coord, coord, coord, fc.double({ min: 0, max: 6, noNaN: true }), fc.boolean(), (P, ax, ay, bx0, by0, r, short) => {
        // short legs end near the polygon (most random legs miss it by far)
        const bx = short ? (P.xs[0] + P.xs[1]) / 2 + (bx0 - 50) / 10 : bx0;
        const by = short ? (P.ys[0] + P.ys[1]) / 2 + (by0 - 50) / 10 : by0;
        const bp = new BasePaths([{ xs: P.xs, ys: P.ys }]);
        const reachBox = r + 1e-6;
        const boxSkip =
          Math.min(ax, bx) - reachBox > Math.max(...P.xs) || Math.max(ax, bx) + reachBox < Math.min(...P.xs) || Math.min(ay, by) - reachBox > Math.max(...P.ys) || Math.max(ay, by) + reachBox < Math.min(...P.ys);
        const d = exactDistance(P, ax, ay, bx, by);
        const dA = exactDistance(P, ax, ay, ax, ay);
        const expected = boxSkip || (d >= r && !(d === 0 && dA > 0));
        if (!expected) blocked++;
        expect(bp.clear(ax, ay, bx, by, r, null)).toBe(expected);
        // leaving from beside the obstacle (fromStart): allowed while the leg gets no closer than the start
        const need = dA < r ? Math.max(0, dA - 1e-6) : r;
        const fromStart = boxSkip || (d >= r && d > 0) || !(d < need || (need === 0 && d === 0 && dA > 0));
        expect(bp.clear(ax, ay, bx, by, r, null, true)).toBe(fromStart);
      }),
      { numRuns: 1500 },
    );
    expect(blocked).toBeGreaterThan(100);
  });

  it('convexSeparatesDiscs answers as the version without the early-out', () => {
    let sep = 0;
    fc.assert(
      fc.property(poly, discsAcross, (P, q) => {
        let cx = 0;
        let cy = 0;
        let R = 0;
        for (let i = 0; i < P.xs.length; i++) {
          cx += P.xs[i] / P.xs.length;
          cy += P.ys[i] / P.xs.length;
        }
        for (let i = 0; i < P.xs.length; i++) R = Math.max(R, Math.hypot(P.xs[i] - cx, P.ys[i] - cy));
        const ux = Math.cos(q.dir);
        const uy = Math.sin(q.dir);
        const ax = cx + ux * (R + q.ar + q.ga) - uy * q.skew;
        const ay = cy + uy * (R + q.ar + q.ga) + ux * q.skew;
        const bx = cx - ux * (R + q.br + q.gb);
        const by = cy - uy * (R + q.br + q.gb);
        const ref = separatesRef(ax, ay, q.ar, bx, by, q.br, P.xs, P.ys);
        if (ref) sep++;
        expect(convexSeparatesDiscs(ax, ay, q.ar, bx, by, q.br, P.xs, P.ys)).toBe(ref);
      }),
      { numRuns: 1500 },
    );
    expect(sep).toBeGreaterThan(100);
  });
});
