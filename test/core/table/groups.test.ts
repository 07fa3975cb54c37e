/** Units of many bases: cohesion, zone of fire, zone of cover, LOS, templates, swept paths. */
import { describe, expect, it } from 'vitest';
import { basesSee, circleTouchesConvex, deviateTemplate, edgeGap, groupCoherent, inZoneOfCover, onSweptPath, underTemplate, zoneOfCover, zoneOfFire } from '../../../src/core/geometry/table/groups.ts';
import { segmentTouchesShape, polygon } from '../../../src/core/geometry/table/shapes.ts';

describe('cohesion (AT-43 W2)', () => {
  // leader at 0,0 and a line of members 4 cm apart (gap 1 cm between 1.5 cm bases)
  const xs = [0, 4, 8, 12];
  const ys = [0, 0, 0, 0];
  const rs = [1.5, 1.5, 1.5, 1.5];
  it('all within 10 cm of the leader and 2.5 cm of another: coherent', () => expect(groupCoherent(xs, ys, rs, [0, 1, 2, 3], 4, 0, 10, 2.5)).toBe(true));
  it('a member moved 10.5 cm from the leader: broken', () => {
    const x2 = [0, 4, 8, 13.5];
    expect(edgeGap(x2[3], 0, 1.5, 0, 0, 1.5)).toBeCloseTo(10.5);
    expect(groupCoherent(x2, ys, rs, [0, 1, 2, 3], 4, 0, 10, 2.5)).toBe(false);
  });
  it('a member 3 cm from every other: broken', () => expect(groupCoherent([0, 4, 8, 4], [0, 0, 0, 6.1], rs, [0, 1, 2, 3], 4, 0, 10, 2.5)).toBe(false));
});

describe('zone of fire (AT-43 p.63, W20)', () => {
  // shooters along y=0 at x 0..10, targets along y=40 at x 0..10, a bystander between them
  const xs = [0, 5, 10, 0, 5, 10, 5, 30];
  const ys = [0, 0, 0, 40, 40, 40, 20, 20];
  const rs = xs.map(() => 1.5);
  const q = new Float64Array(8);
  zoneOfFire(xs, ys, rs, [0, 1, 2], 3, 1, [3, 4, 5], 3, 4, q);
  it('a base between the units is caught; one far aside is not', () => {
    expect(circleTouchesConvex(q, 4, xs[6], ys[6], rs[6])).toBe(true);
    expect(circleTouchesConvex(q, 4, xs[7], ys[7], rs[7])).toBe(false);
  });
  it('a base just outside the edge but overlapping it is caught (partly inside)', () => {
    expect(circleTouchesConvex(q, 4, 12.5, 20, 1.5)).toBe(true);
    expect(circleTouchesConvex(q, 4, 14, 20, 1.5)).toBe(false);
  });
});

describe('zone of cover (AT-43 p.66)', () => {
  // shooter unit at y=0, a wall across y=20 from x=-5..5; fighters behind it at y=25
  const xs = [-3, 0, 3, 0, 20, 0];
  const ys = [0, 0, 0, 25, 25, 10];
  const rs = [1.5, 1.5, 1.5, 1.5, 1.5, 1.5];
  const w = new Float64Array(8);
  zoneOfCover(xs, ys, rs, [0, 1, 2], 3, 1, [-5, 5, 5, -5], [20, 20, 21, 21], w);
  it('behind the wall: inside; far aside or in front: outside', () => {
    expect(inZoneOfCover(w, xs[3], ys[3], rs[3])).toBe(true);
    expect(inZoneOfCover(w, xs[4], ys[4], rs[4])).toBe(false);
    expect(inZoneOfCover(w, xs[5], ys[5], rs[5])).toBe(false);
  });
});

describe('line of sight between bases (W3, W4)', () => {
  const container = polygon([[-5, 10], [5, 10], [5, 20], [-5, 20]]);
  const blocked = (ax: number, ay: number, bx: number, by: number) => segmentTouchesShape(container, ax, ay, bx, by);
  it('a container wider than both bases hides the target', () => expect(basesSee(0, 0, 1.5, 0, 30, 1.5, blocked)).toBe(false));
  it('a base peeking past the edge is seen (its centre line is blocked)', () => {
    expect(basesSee(0, 0, 1.5, 12, 30, 1.5, blocked)).toBe(true);
    expect(blocked(0, 0, 12, 30)).toBe(true);
  });
  it('nothing in between: seen', () => expect(basesSee(0, 0, 1.5, 0, 30, 1.5, () => false)).toBe(true));
});

describe('templates and swept paths', () => {
  it('direction 1 deviates toward the shooter, 4 away from him', () => {
    const out = new Float64Array(2);
    deviateTemplate(0, 50, 0, 0, 0, 2, out);
    expect([out[0], out[1]].map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual([0, 48]);
    deviateTemplate(0, 50, 0, 0, 180, 2, out);
    expect([out[0], out[1]].map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual([0, 52]);
  });
  it('partly under a template counts', () => {
    expect(underTemplate(0, 0, 3, 4, 0, 1.5)).toBe(true);
    expect(underTemplate(0, 0, 3, 4.6, 0, 1.5)).toBe(false);
  });
  it('swept path of a rushing AFV', () => {
    expect(onSweptPath(0, 0, 0, 30, 3.5, 4.9, 15, 1.5)).toBe(true);
    expect(onSweptPath(0, 0, 0, 30, 3.5, 5.1, 15, 1.5)).toBe(false);
  });
});

import { BasePaths, pathLength } from '../../../src/core/geometry/table/paths.ts';

describe('paths around obstacles (AT-43 p.48)', () => {
  const box = { xs: [40, 60, 60, 40], ys: [40, 40, 60, 60] };
  it('a straight line when nothing is in the way', () => {
    const p = new BasePaths([box]);
    const out = new Float64Array(20);
    expect(p.path(0, 0, 30, 0, 1.5, null, out)).toBe(1);
    expect([out[0], out[1]]).toEqual([30, 0]);
  });
  it('around a box: two corners, longer than the straight line, clear of the box by the base radius', () => {
    const p = new BasePaths([box]);
    const out = new Float64Array(20);
    const n = p.path(50, 30, 50, 70, 1.5, null, out);
    expect(n).toBe(3);
    const len = pathLength(50, 30, out, n);
    expect(len).toBeGreaterThan(40);
    expect(len).toBeLessThan(60);
    let x = 50;
    let y = 30;
    for (let i = 0; i < n; i++) {
      expect(p.clear(x, y, out[2 * i], out[2 * i + 1], 1.5, null)).toBe(true);
      x = out[2 * i];
      y = out[2 * i + 1];
    }
  });
  it('a gap narrower than the base is not passed; a wider one is', () => {
    const left = { xs: [0, 49, 49, 0], ys: [40, 40, 60, 60] };
    const right = (g: number) => ({ xs: [49 + g, 100, 100, 49 + g], ys: [40, 40, 60, 60] });
    const out = new Float64Array(40);
    const narrow = new BasePaths([left, right(2.5)]);
    const n1 = narrow.path(50, 30, 50, 70, 1.5, null, out);
    expect(n1 === -1 || pathLength(50, 30, out, n1) > 80).toBe(true);
    const wide = new BasePaths([left, right(4)]);
    const n2 = wide.path(50.5, 30, 51, 70, 1.5, null, out);
    expect(n2).toBeGreaterThan(0);
    expect(pathLength(50.5, 30, out, n2)).toBeLessThan(45);
  });
  it('inactive obstacles are ignored', () => {
    const p = new BasePaths([box]);
    const out = new Float64Array(20);
    expect(p.path(50, 30, 50, 70, 1.5, [0], out)).toBe(1);
  });
  it('the per-radius corner cache gives the paths of a fresh search (radii and active sets interleaved)', () => {
    const left = { xs: [0, 49, 49, 0], ys: [40, 40, 60, 60] };
    const right = { xs: [53, 100, 100, 53], ys: [40, 40, 60, 60] };
    const shared = new BasePaths([left, right, box]);
    const on = [1, 1, 0];
    const all = [1, 1, 1];
    const cases: Array<[number, number, number, number, number, number[]]> = [
      [50.5, 30, 51, 70, 1.5, on],
      [50.5, 30, 51, 70, 2.5, on],
      [20, 30, 80, 70, 1.5, all],
      [50.5, 30, 51, 70, 1.5, all],
      [50.5, 30, 51, 70, 1.5, on],
      [10, 65, 90, 35, 2.5, on],
    ];
    for (const [ax, ay, bx, by, r, active] of cases) {
      const a = new Float64Array(40);
      const b = new Float64Array(40);
      const n = shared.path(ax, ay, bx, by, r, active, a);
      expect(n).toBe(new BasePaths([left, right, box]).path(ax, ay, bx, by, r, active, b));
      expect(Array.from(a.subarray(0, 2 * Math.max(n, 0)))).toEqual(Array.from(b.subarray(0, 2 * Math.max(n, 0))));
    }
    // the corners differ by radius: a wider base goes around farther
    const a = new Float64Array(40);
    const n1 = shared.path(50, 30, 50, 70, 1.5, all, a);
    const l1 = pathLength(50, 30, a, n1);
    const n2 = shared.path(50, 30, 50, 70, 3, all, a);
    expect(pathLength(50, 30, a, n2)).toBeGreaterThan(l1);
  });
});
