import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HexGrid, axialDistance, lineOfSight, traceLine, DIR_DQ, DIR_DR, bearing, arcOf, ARC_FRONT, ARC_REAR } from '../../../src/core/geometry/hex/index.ts';

const coord = fc.integer({ min: -12, max: 12 });
const axial = fc.tuple(coord, coord);

describe('hex properties (fast-check)', () => {
  it('distance is a metric: zero iff equal, symmetric, triangle inequality', () => {
    fc.assert(
      fc.property(axial, axial, axial, ([aq, ar], [bq, br], [cq, cr]) => {
        const ab = axialDistance(aq, ar, bq, br);
        expect(ab === 0).toBe(aq === bq && ar === br);
        expect(ab).toBe(axialDistance(bq, br, aq, ar));
        expect(ab).toBeLessThanOrEqual(axialDistance(aq, ar, cq, cr) + axialDistance(cq, cr, bq, br));
      }),
      { numRuns: 2000 },
    );
  });

  it('every neighbour is at distance 1 and there are exactly six', () => {
    fc.assert(
      fc.property(axial, ([q, r]) => {
        const seen = new Set<string>();
        for (let d = 0; d < 6; d++) {
          expect(axialDistance(q, r, q + DIR_DQ[d], r + DIR_DR[d])).toBe(1);
          seen.add(`${q + DIR_DQ[d]},${r + DIR_DR[d]}`);
        }
        expect(seen.size).toBe(6);
      }),
    );
  });

  it('grid neighbour tables agree with distance in both parities', () => {
    for (const parity of ['even-lower', 'odd-lower'] as const) {
      const g = new HexGrid(9, 7, parity);
      for (let i = 0; i < g.n; i++) {
        for (let d = 0; d < 6; d++) {
          const j = g.neighbour(i, d);
          if (j >= 0) {
            expect(g.distance(i, j)).toBe(1);
            expect(g.neighbour(j, (d + 3) % 6)).toBe(i);
          }
        }
      }
    }
  });

  it('line of sight is symmetric for any obstruction set', () => {
    fc.assert(
      fc.property(axial, axial, fc.array(axial, { maxLength: 25 }), ([aq, ar], [bq, br], obs) => {
        const set = new Set(obs.map(([q, r]) => `${q},${r}`));
        const blocks = (q: number, r: number) => set.has(`${q},${r}`);
        const ab = lineOfSight(aq, ar, bq, br, blocks);
        const ba = lineOfSight(bq, br, aq, ar, blocks);
        expect(ab.clear).toBe(ba.clear);
        expect(ab.case).toBe(ba.case);
      }),
      { numRuns: 1500 },
    );
  });

  it('the line crosses the interior of dist-1 hexes at least, and never an end hex', () => {
    fc.assert(
      fc.property(axial, axial, ([aq, ar], [bq, br]) => {
        const d = axialDistance(aq, ar, bq, br);
        const contacts = traceLine(aq, ar, bq, br);
        const interior = contacts.filter((c) => c.kind === 'interior');
        for (const c of contacts) expect((c.q === aq && c.r === ar) || (c.q === bq && c.r === br)).toBe(false);
        // Every interior hex lies within the distance band of the segment.
        for (const c of interior) expect(axialDistance(aq, ar, c.q, c.r) + axialDistance(c.q, c.r, bq, br)).toBeLessThanOrEqual(d + 1);
        // A straight line between centres at distance d passes through at least d - 1 intermediate hexes
        // unless it runs along hex-sides (then it may touch them only).
        if (!contacts.some((c) => c.kind === 'edge')) expect(interior.length).toBeGreaterThanOrEqual(Math.max(0, d - 1));
        // Entry parameters are ordered along the line.
        for (let i = 1; i < interior.length; i++) expect(interior[i].entry).toBeGreaterThanOrEqual(interior[i - 1].entry);
      }),
      { numRuns: 1500 },
    );
  });

  it('blocking everything blocks every non-adjacent pair that crosses a hex interior', () => {
    fc.assert(
      fc.property(axial, axial, ([aq, ar], [bq, br]) => {
        const d = axialDistance(aq, ar, bq, br);
        const res = lineOfSight(aq, ar, bq, br, () => true);
        expect(res.clear).toBe(d <= 1);
      }),
      { numRuns: 1000 },
    );
  });

  it('bearing is antisymmetric under mirror and arcs partition the circle', () => {
    fc.assert(
      fc.property(axial, fc.integer({ min: 0, max: 5 }), ([dq, dr], f) => {
        fc.pre(dq !== 0 || dr !== 0);
        const b = bearing(dq, dr, f);
        expect(b).toBeGreaterThan(-180);
        expect(b).toBeLessThanOrEqual(180);
        const back = bearing(-dq, -dr, f);
        expect(Math.abs(Math.abs(b - back) - 180)).toBeLessThan(1e-9);
        const a = arcOf(b, 60, 60);
        if (Math.abs(b) < 30) expect(a).toBe(ARC_FRONT);
        if (Math.abs(b) > 150) expect(a).toBe(ARC_REAR);
      }),
    );
  });
});
