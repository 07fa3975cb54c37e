/**
 * Any-point LOS with hexside features (Ma.K [6.1.1], [6.1.3]), hexside storage and the cost-bounded
 * reach search. Map of spec mak §7.6: flat-top, even columns lower; ridge along the 07|08 boundary.
 */
import { describe, expect, it } from 'vitest';
import { HexGrid, HexsideFeatures, ReachSearch, anyPointLos, centreLos, type SegmentRules } from '../../../src/core/geometry/hex/index.ts';

const g = new HexGrid(10, 8, 'even-lower');
const idx = (id: string) => g.indexOfId(id);
const sides = new HexsideFeatures(g);
for (const [a, b] of [['0702', '0802'], ['0703', '0802'], ['0703', '0803'], ['0704', '0803'], ['0704', '0804']]) sides.set(idx(a), idx(b), 1);

/** Ridge rule: a crossed ridge blocks unless the target is within `limit` hexes past it (k = dist(far, target) + 1). */
function rules(target: string, limit: number, blocking: string[] = []): SegmentRules {
  const t = idx(target);
  const set = new Set(blocking.map(idx));
  return {
    blocksHex: (q, r) => {
      const i = g.fromAxial(q, r);
      return i >= 0 && set.has(i);
    },
    sideFeature: (q, r, d) => sides.atAxial(q, r, d) === 1,
    crossingBlocks: (q, r, d) => {
      const far = g.fromAxial(q + [0, 1, 1, 0, -1, -1][d], r + [-1, -1, 0, 1, 1, 0][d]);
      const k = far < 0 ? 99 : g.distance(far, t) + 1;
      return k > limit;
    },
  };
}
const los = (a: string, b: string, limit: number, blocking: string[] = []) => {
  const i = idx(a), j = idx(b);
  return anyPointLos(g.q[i], g.r[i], g.q[j], g.r[j], rules(b, limit, blocking));
};

describe('hexside features', () => {
  it('are symmetric and refuse non-adjacent hexes', () => {
    expect(sides.between(idx('0703'), idx('0803'))).toBe(1);
    expect(sides.between(idx('0803'), idx('0703'))).toBe(1);
    expect(sides.between(idx('0603'), idx('0703'))).toBe(0);
    expect(() => sides.set(idx('0101'), idx('0303'), 1)).toThrow(/not adjacent/);
  });
});

describe('any-point LOS across the forest-ridge chain (spec mak §7.6)', () => {
  it('a Type I unit in 0903 (second hex past the ridge) is hidden from 0603', () => {
    expect(los('0603', '0903', 1)).toBe(false);
  });
  it('a Type II unit in 0903 is visible from 0603 (second hex allowed)', () => {
    expect(los('0603', '0903', 2)).toBe(true);
  });
  it('a Type I unit in 0803 (first hex past the ridge) is visible', () => {
    expect(los('0603', '0803', 1)).toBe(true);
  });
  it('without the ridge every pair in the open sees', () => {
    const i = idx('0603'), j = idx('0903');
    expect(anyPointLos(g.q[i], g.r[i], g.q[j], g.r[j], { blocksHex: () => false })).toBe(true);
  });
  it('is symmetric for plain obstructing hexes', () => {
    for (const [a, b] of [['0203', '0903'], ['0104', '0806'], ['0205', '0904']]) {
      expect(los(a, b, 99, ['0504', '0604', '0505'])).toBe(los(b, a, 99, ['0504', '0604', '0505']));
    }
  });
});

describe('any point is more generous than centre to centre', () => {
  it('a forest hex on the centre line blocks centre to centre but not any point (0505 -> 0905 past 0705)', () => {
    const a = idx('0505'), b = idx('0905');
    const r = rules('0905', 99, ['0705']);
    expect(centreLos(g.q[a], g.r[a], g.q[b], g.r[b], r)).toBe(false);
    expect(anyPointLos(g.q[a], g.r[a], g.q[b], g.r[b], r)).toBe(true);
  });
  it('a wall of two obstructing hexes across the whole corridor blocks both', () => {
    const a = idx('0505'), b = idx('0705');
    const r = rules('0705', 99, ['0604', '0605']);
    expect(anyPointLos(g.q[a], g.r[a], g.q[b], g.r[b], r)).toBe(false);
  });
  it('a solid band of obstructing hexes blocks every line', () => {
    expect(los('0203', '0903', 99, ['0501', '0502', '0503', '0504', '0505', '0506', '0507', '0508'])).toBe(false);
  });
});

describe('reach search', () => {
  it('road of half points: 4 MP (8 half points) along a road reaches 8 hexes', () => {
    const road = new Set(['0107', '0207', '0307', '0407', '0507', '0607', '0707', '0807', '0907', '1007'].map(idx));
    const rs = new ReachSearch(g);
    rs.run(idx('0107'), 8, (from, _d, to) => (road.has(from) && road.has(to) ? 1 : 2));
    expect(rs.cost[idx('0907')]).toBe(8);
    expect(rs.cost[idx('1007')]).toBe(-1);
    expect(rs.path(idx('0507')).map((i) => g.id(i))).toEqual(['0107', '0207', '0307', '0407', '0507']);
  });
  it('prohibited steps are never taken and costs are minimal', () => {
    const rs = new ReachSearch(g);
    const wall = idx('0504');
    rs.run(idx('0304'), 100, (_f, _d, to) => (to === wall ? -1 : 1));
    expect(rs.cost[wall]).toBe(-1);
    for (let i = 0; i < g.n; i++) if (i !== wall) expect(rs.cost[i]).toBeGreaterThanOrEqual(g.distance(idx('0304'), i));
    expect(rs.cost[idx('0704')]).toBe(4);
  });
});
