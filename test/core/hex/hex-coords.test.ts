import { describe, expect, it } from 'vitest';
import { HexGrid, parseHexId, formatHexId, offsetToR, axialToRow, axialDistance, packAxial, unpackQ, unpackR, DIR_NAMES, rotate, opposite, turnSteps, signedTurn, directionOf, type Parity } from '../../../src/core/geometry/hex/index.ts';

function dist(a: string, b: string, parity: Parity): number {
  const g = new HexGrid(20, 20, parity);
  return g.distance(g.indexOfId(a), g.indexOfId(b));
}

describe('hex ids and axial coordinates (spec §3.1)', () => {
  it('parses CCRR ids, including the seed\'s three-digit "806"', () => {
    expect(parseHexId('0806')).toEqual({ col: 8, row: 6 });
    expect(parseHexId('806')).toEqual({ col: 8, row: 6 });
    expect(parseHexId('1011')).toEqual({ col: 10, row: 11 });
    expect(formatHexId(8, 6)).toBe('0806');
    expect(() => parseHexId('8a6')).toThrow(/CCRR/);
  });

  it('round-trips offset <-> axial in both parities', () => {
    for (const parity of ['even-lower', 'odd-lower'] as Parity[]) {
      for (let col = -3; col <= 30; col++) {
        for (let row = -3; row <= 30; row++) {
          expect(axialToRow(col, offsetToR(col, row, parity), parity)).toBe(row);
        }
      }
    }
  });

  it('even-lower puts even columns half a hex south of their odd neighbours', () => {
    // centre y ~ r + q/2; 0808 (even) vs 0908 (odd) in the same row.
    const y = (c: number, r: number, p: Parity) => offsetToR(c, r, p) + c / 2;
    expect(y(8, 8, 'even-lower')).toBeGreaterThan(y(9, 8, 'even-lower'));
    expect(y(8, 8, 'odd-lower')).toBeLessThan(y(9, 8, 'odd-lower'));
  });

  it('packs axial keys reversibly', () => {
    for (const [q, r] of [[0, 0], [-5, 7], [300, -300], [-32768, 32767]]) {
      const k = packAxial(q, r);
      expect(k).toBeGreaterThanOrEqual(0);
      expect([unpackQ(k), unpackR(k)]).toEqual([q, r]);
    }
  });
});

describe('§8.2 distances', () => {
  const table: Array<[string, string, number, number]> = [
    ['0806', '1011', 6, 6],
    ['0505', '0905', 4, 4],
    ['0505', '1006', 5, 5],
    ['0808', '0815', 7, 7],
    ['0101', '0201', 1, 1],
    ['0802', '1118', 17, 18],
    ['0507', '0802', 6, 7],
  ];
  for (const [a, b, even, odd] of table) {
    it(`${a} -> ${b}: ${even} (even-lower), ${odd} (odd-lower)`, () => {
      expect(dist(a, b, 'even-lower')).toBe(even);
      expect(dist(b, a, 'even-lower')).toBe(even);
      expect(dist(a, b, 'odd-lower')).toBe(odd);
      expect(dist(b, a, 'odd-lower')).toBe(odd);
    });
  }
});

describe('§8.2 neighbours and zones', () => {
  const g = new HexGrid(16, 16, 'even-lower');
  const nb = (id: string) => DIR_NAMES.map((_, d) => g.id(g.neighbour(g.indexOfId(id), d)));

  it('neighbours of 0808: N 0807, NE 0908, SE 0909, S 0809, SW 0709, NW 0708', () => {
    expect(nb('0808')).toEqual(['0807', '0908', '0909', '0809', '0709', '0708']);
  });

  it('neighbours of 0505: N 0504, NE 0604, SE 0605, S 0506, SW 0405, NW 0404', () => {
    expect(nb('0505')).toEqual(['0504', '0604', '0605', '0506', '0405', '0404']);
  });

  it('off-map neighbours are -1', () => {
    const corner = g.indexOfId('0101');
    expect(g.neighbour(corner, 0)).toBe(-1);
    expect(g.neighbour(corner, 5)).toBe(-1);
    expect(g.indexOfId('1701')).toBe(-1);
  });

  it('"within 2 hexes of 0806" is the 19 hexes of §8.2', () => {
    const zone = g.within(g.indexOfId('0806'), 2).map((i) => g.id(i)).sort();
    expect(zone).toEqual(['0605', '0606', '0607', '0705', '0706', '0707', '0708', '0804', '0805', '0806', '0807', '0808', '0905', '0906', '0907', '0908', '1005', '1006', '1007'].sort());
  });

  it('axial distance is the cube metric', () => {
    expect(axialDistance(0, 0, 3, -1)).toBe(3);
    expect(axialDistance(0, 0, -2, -2)).toBe(4);
  });
});

describe('directions and facing rotation', () => {
  it('rotates clockwise and counter-clockwise with wrap-around', () => {
    expect(rotate(0, 1)).toBe(1);
    expect(rotate(0, -1)).toBe(5);
    expect(rotate(5, 2)).toBe(1);
    expect(rotate(2, -9)).toBe(5);
    expect(opposite(1)).toBe(4);
  });

  it('counts turn steps and signed turns', () => {
    expect(turnSteps(0, 3)).toBe(3);
    expect(turnSteps(0, 5)).toBe(1);
    expect(turnSteps(4, 1)).toBe(3);
    expect(signedTurn(0, 5)).toBe(-1);
    expect(signedTurn(0, 2)).toBe(2);
    expect(signedTurn(0, 4)).toBe(-2);
    expect(signedTurn(1, 4)).toBe(3);
  });

  it('identifies neighbour offsets', () => {
    expect(directionOf(1, -1)).toBe(1);
    expect(directionOf(-1, 0)).toBe(5);
    expect(directionOf(2, 0)).toBe(-1);
  });
});
