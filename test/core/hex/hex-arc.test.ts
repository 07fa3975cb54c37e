import { describe, expect, it } from 'vitest';
import { HexGrid, bearing, arcOf, arcTable, relativeCode, ARC_FRONT, ARC_SIDE, ARC_REAR, ARC_FRONT_SIDE, ARC_SIDE_REAR, ARC_FRONT_REAR, compassCode, compassAngle, normaliseDegrees } from '../../../src/core/geometry/hex/index.ts';

const g = new HexGrid(16, 16, 'even-lower');
const idx = (id: string) => g.indexOfId(id);

/** Bearing of `attacker` seen from a target in `target` facing `facing`. */
function beta(target: string, facing: number, attacker: string): number {
  const t = idx(target);
  const a = idx(attacker);
  return bearing(g.q[a] - g.q[t], g.r[a] - g.r[t], facing);
}

describe('T-ARC: target in 0808 facing N (spec §8.2)', () => {
  // [attacker, distance, beta, 60-degree arc, 120-degree arc]
  const F = ARC_FRONT;
  const S = ARC_SIDE;
  const R = ARC_REAR;
  const table: Array<[string, number, number, number, number]> = [
    ['0807', 1, 0, F, F],
    ['0908', 1, -60, S, ARC_FRONT_SIDE],
    ['0708', 1, 60, S, ARC_FRONT_SIDE],
    ['0909', 1, -120, S, ARC_SIDE_REAR],
    ['0709', 1, 120, S, ARC_SIDE_REAR],
    ['0809', 1, 180, R, R],
    ['0806', 2, 0, F, F],
    ['0907', 2, -30, ARC_FRONT_SIDE, F],
    ['0707', 2, 30, ARC_FRONT_SIDE, F],
    ['1007', 2, -60, S, ARC_FRONT_SIDE],
    ['0607', 2, 60, S, ARC_FRONT_SIDE],
    ['1008', 2, -90, S, S],
    ['0608', 2, 90, S, S],
    ['1009', 2, -120, S, ARC_SIDE_REAR],
    ['0609', 2, 120, S, ARC_SIDE_REAR],
    ['0910', 2, -150, ARC_SIDE_REAR, R],
    ['0710', 2, 150, ARC_SIDE_REAR, R],
    ['0810', 2, 180, R, R],
  ];
  for (const [att, d, b, arc60, arc120] of table) {
    it(`${att}: distance ${d}, beta ${b}, 60-degree arcs ${arc60}, 120-degree arcs ${arc120}`, () => {
      expect(g.distance(idx('0808'), idx(att))).toBe(d);
      const bb = beta('0808', 0, att);
      expect(bb).toBe(b); // exact, not approximately
      expect(arcOf(bb, 60, 60)).toBe(arc60);
      expect(arcOf(bb, 120, 120)).toBe(arc120);
      // The integer table agrees with the float classification.
      const code = g.compassCode(idx('0808'), idx(att));
      expect(arcTable(60, 60)[relativeCode(code, 0)]).toBe(arc60);
      expect(arcTable(120, 120)[relativeCode(code, 0)]).toBe(arc120);
    });
  }

  it('non-boundary hexes classify the same from every facing (rotation invariance)', () => {
    const t60 = arcTable(60, 60);
    for (let f = 0; f < 6; f++) {
      // The hex straight ahead of facing f at distance 3 is front, straight behind is rear.
      let ahead = idx('0808');
      let behind = idx('0808');
      for (let k = 0; k < 3; k++) {
        ahead = g.neighbour(ahead, f);
        behind = g.neighbour(behind, (f + 3) % 6);
      }
      expect(t60[relativeCode(g.compassCode(idx('0808'), ahead), f)]).toBe(ARC_FRONT);
      expect(t60[relativeCode(g.compassCode(idx('0808'), behind), f)]).toBe(ARC_REAR);
    }
  });

  it('mixed widths: 120 front with 60 rear, and the degenerate front/rear boundary', () => {
    expect(arcOf(-60, 120, 60)).toBe(ARC_FRONT_SIDE);
    expect(arcOf(-150, 120, 60)).toBe(ARC_SIDE_REAR);
    expect(arcOf(-140, 120, 60)).toBe(ARC_SIDE);
    expect(arcOf(90, 180, 180)).toBe(ARC_FRONT_REAR);
    expect(() => arcOf(0, 240, 180)).toThrow(/sum/);
    expect(() => arcTable(45, 60)).toThrow(/multiples of 30/);
  });

  it('bearings are in (-180, 180] and exact on 30-degree rays', () => {
    expect(normaliseDegrees(-180)).toBe(180);
    expect(normaliseDegrees(540)).toBe(180);
    expect(compassAngle(1, -2)).toBe(30);
    expect(compassAngle(2, -1)).toBe(90);
    expect(compassCode(0, 0)).toBe(-1);
    expect(compassCode(0, -1)).toBe(0);
    expect(compassCode(3, -4)).toBe(3); // about 46 degrees: strictly between 30 and 60
    expect(compassCode(1, -2)).toBe(2); // exactly 30 degrees
  });
});
