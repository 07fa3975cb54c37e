import { describe, expect, it } from 'vitest';
import { HexGrid, LosTable, traceLine, lineOfSight, hexsidesCrossed, DIR_DQ, DIR_DR } from '../../../src/core/geometry/hex/index.ts';

const g = new HexGrid(16, 16, 'even-lower');
const idx = (id: string) => g.indexOfId(id);

function los(a: string, b: string, obstructing: string[]) {
  const set = new Set(obstructing.map(idx));
  return g.lineOfSight(idx(a), idx(b), (h) => set.has(h));
}

describe('T-LOS: the seed\'s six cases (spec §8.2, exact algorithm of §3.4)', () => {
  const table: Array<[string, string, string, string[], number, boolean]> = [
    ['L1', '0505', '0705', [], 1, true], // a tank in 0604 does not obstruct
    ['L2', '0505', '0705', ['0604'], 2, true],
    ['L3', '0505', '0705', ['0605'], 2, true],
    ['L4', '0505', '0705', ['0604', '0605'], 6, false],
    ['L5', '0505', '0905', ['0604', '0805'], 4, true],
    ['L6', '0505', '0905', ['0604', '0804'], 4, true],
    ['L7', '0505', '0905', ['0705'], 5, false],
    ['L8', '0505', '0905', ['0604', '0605', '0804'], 6, false],
    ['L9', '0505', '0704', ['0604'], 5, false],
    ['L10', '0505', '1006', ['0705'], 3, true],
    ['L11', '0505', '1006', ['0705', '0806'], 3, true],
    ['L12', '0505', '1006', ['0706'], 5, false],
  ];
  for (const [id, a, b, o, seedCase, clear] of table) {
    it(`${id}: ${a} -> ${b} with ${o.join(', ') || 'nothing'} obstructing: case (${seedCase}), ${clear ? 'LOS' : 'blocked'}`, () => {
      const res = los(a, b, o);
      expect(res.case).toBe(seedCase);
      expect(res.clear).toBe(clear);
      // LOS is symmetric.
      expect(los(b, a, o).clear).toBe(clear);
    });
  }

  it('0505 -> 1006 crosses the interiors of 0605, 0706, 0805, 0906 and touches 0705, 0806 at corners only', () => {
    const a = idx('0505');
    const b = idx('1006');
    const contacts = traceLine(g.q[a], g.r[a], g.q[b], g.r[b]);
    const byKind = (k: string) => contacts.filter((c) => c.kind === k).map((c) => g.id(g.fromAxial(c.q, c.r)));
    expect(byKind('interior')).toEqual(['0605', '0706', '0805', '0906']); // in order along the line
    expect(byKind('vertex').sort()).toEqual(['0705', '0806']);
    expect(byKind('edge')).toEqual([]);
    expect(g.crossed(a, b).map((i) => g.id(i))).toEqual(['0605', '0706', '0805', '0906']);
  });

  it('0505 -> 0705 runs along the 0604/0605 hex-side and crosses no interior', () => {
    const a = idx('0505');
    const b = idx('0705');
    const contacts = traceLine(g.q[a], g.r[a], g.q[b], g.r[b]);
    expect(contacts.filter((c) => c.kind === 'interior')).toEqual([]);
    expect(contacts.filter((c) => c.kind === 'edge').map((c) => g.id(g.fromAxial(c.q, c.r))).sort()).toEqual(['0604', '0605']);
  });

  it('adjacent hexes always see each other; the end hexes never obstruct', () => {
    const a = idx('0808');
    for (let d = 0; d < 6; d++) {
      const b = g.neighbour(a, d);
      expect(g.lineOfSight(a, b, () => true).clear).toBe(true);
    }
  });

  it('LosTable caches symmetric results and matches the direct computation', () => {
    const mask = new Uint8Array(g.n);
    for (const h of ['0705', '0604', '0605']) mask[idx(h)] = 1;
    const t = new LosTable(g, mask);
    expect(t.clear(idx('0505'), idx('0905'))).toBe(false);
    expect(t.clear(idx('0905'), idx('0505'))).toBe(false);
    expect(t.clear(idx('0505'), idx('1006'))).toBe(false); // crosses 0605's interior
    const corners = new Uint8Array(g.n);
    corners[idx('0705')] = 1;
    corners[idx('0806')] = 1;
    const t2 = new LosTable(g, corners);
    expect(t2.clear(idx('0505'), idx('1006'))).toBe(true); // L11
    expect(t2.clearWith(idx('0505'), idx('1006'), (h) => h === idx('0805'))).toBe(false);
    expect(Array.from(t.crossed(idx('0505'), idx('1006'))).map((i) => g.id(i))).toEqual(['0605', '0706', '0805', '0906']);
  });

  it('works in odd-lower maps too (same geometry, different ids)', () => {
    const go = new HexGrid(16, 16, 'odd-lower');
    // In odd-lower the hex due east of 0505 two columns over is 0705 again (rows line up for equal parity columns).
    const a = go.indexOfId('0505');
    const b = go.indexOfId('0705');
    const contacts = traceLine(go.q[a], go.r[a], go.q[b], go.r[b]);
    expect(contacts.filter((c) => c.kind === 'edge').length).toBe(2);
    expect(lineOfSight(go.q[a], go.r[a], go.q[b], go.r[b], () => true).clear).toBe(false);
  });
});

describe('hex-sides crossed (for hex-side walls and ridges)', () => {
  it('a line to a neighbour crosses exactly their shared hex-side', () => {
    const a = idx('0808');
    for (let d = 0; d < 6; d++) {
      const b = g.neighbour(a, d);
      const x = hexsidesCrossed(g.q[a], g.r[a], g.q[b], g.r[b]);
      expect(x.map((c) => [g.fromAxial(c.q, c.r), c.dir])).toEqual([[a, d]]);
      expect(x[0].at).toBeCloseTo(0.5, 12);
    }
  });

  it('0505 -> 1006 crosses three hex-sides; it passes 0605 -> 0706 and 0805 -> 0906 through corners', () => {
    const a = idx('0505');
    const b = idx('1006');
    const x = hexsidesCrossed(g.q[a], g.r[a], g.q[b], g.r[b]);
    const pairs = x.map((c) => [g.id(g.fromAxial(c.q, c.r)), g.id(g.fromAxial(c.q + DIR_DQ[c.dir], c.r + DIR_DR[c.dir]))]);
    expect(pairs).toEqual([['0505', '0605'], ['0706', '0805'], ['0906', '1006']]);
    for (let i = 1; i < x.length; i++) expect(x[i].at).toBeGreaterThan(x[i - 1].at);
  });

  it('without corner or edge contacts, the hex-sides crossed chain the hexes from end to end', () => {
    let checked = 0;
    for (const [a, b] of [['0505', '0905'], ['0203', '1112'], ['0808', '1503'], ['0110', '0902']]) {
      const i = idx(a);
      const j = idx(b);
      const contacts = traceLine(g.q[i], g.r[i], g.q[j], g.r[j]);
      if (contacts.some((c) => c.kind !== 'interior')) continue;
      const x = hexsidesCrossed(g.q[i], g.r[i], g.q[j], g.r[j]);
      let cur = [g.q[i], g.r[i]];
      for (const c of x) {
        expect([c.q, c.r]).toEqual(cur);
        cur = [c.q + DIR_DQ[c.dir], c.r + DIR_DR[c.dir]];
      }
      expect(cur).toEqual([g.q[j], g.r[j]]);
      expect(x.length).toBe(contacts.length + 1);
      checked++;
    }
    expect(checked).toBeGreaterThan(1);
  });

  it('a line along a hex-side crosses none there (0505 -> 0705 crosses 0505/0605... only at its ends)', () => {
    const a = idx('0505');
    const b = idx('0705');
    const x = hexsidesCrossed(g.q[a], g.r[a], g.q[b], g.r[b]);
    // It leaves 0505 through the corner shared with 0604 and 0605 and enters 0705 through a corner: no hex-side crossed.
    expect(x).toEqual([]);
  });
});
