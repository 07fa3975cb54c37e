/** Smoke and fire obstruct LOS through their hex ([19.2.5], [19.4.3]; spec §3.8 2), exactly. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng/rng.ts';
import { refreshSight, sees } from '../../../src/systems/mak/rules/sight.ts';
import { setup } from './helpers.ts';

// The forest-ridge map (forests, a hill, a partial building, a ridge chain).
const MAP = {
  cols: 10, rows: 8, parity: 'even-lower', default: 'clear',
  hexes: { '0503': { terrain: ['forest'] }, '0504': { terrain: ['forest'] }, '0604': { terrain: ['forest'] }, '0505': { terrain: ['forest'] }, '0306': { terrain: ['partialBuilding'] }, '0902': { terrain: ['hill'] } } as Record<string, { terrain: string[] }>,
  hexsides: [
    { a: '0702', b: '0802', feature: 'ridge' }, { a: '0703', b: '0802', feature: 'ridge' }, { a: '0703', b: '0803', feature: 'ridge' },
    { a: '0704', b: '0803', feature: 'ridge' }, { a: '0704', b: '0804', feature: 'ridge' },
  ],
};
const UNITS = { mercenary: [{ id: 'M1', type: 'AFS', at: '0101' }], strahl: [{ id: 'S1', type: 'PKA', at: '1008' }] };

describe('dynamic LOS obstructions', () => {
  it('equals the static LOS of the same map with the marked hexes made forest (random marker sets, every pair)', () => {
    const base = setup(UNITS, { map: MAP });
    const m = base.game.E.m;
    const rng = new Rng([5, 6, 7, 8]);
    let blocked = 0, checked = 0;
    for (let trial = 0; trial < 5; trial++) {
      const k = 1 + rng.int(3);
      const marked = new Set<number>();
      while (marked.size < k) marked.add(rng.int(m.n));
      const s = base.s;
      s.smoke.fill(0);
      s.fire.fill(0);
      for (const h of marked) (rng.int(2) ? s.smoke : s.fire)[h] = 1;
      refreshSight(s);
      const hexes = { ...MAP.hexes };
      for (const h of marked) {
        const id = m.grid.id(h);
        hexes[id] = { terrain: [...(MAP.hexes[id]?.terrain ?? []), 'forest'] };
      }
      const ref = setup(UNITS, { map: { ...MAP, hexes } }).game.E.m;
      for (let a = 0; a < m.n; a += 5) for (let b = 0; b < m.n; b++) for (let ty = 0; ty < 2; ty++) {
        const got = sees(m, s, a, b, ty);
        // The marked end hexes themselves never obstruct; the reference would not either (end hexes).
        expect(got, `${m.grid.id(a)} -> ${m.grid.id(b)} type ${ty + 1}, marked ${[...marked].map((h) => m.grid.id(h))}`).toBe(ref.los(a, b, ty));
        // Asked twice (the cached answer) it stays the same.
        expect(sees(m, s, a, b, ty)).toBe(got);
        checked++;
        if (m.los(a, b, ty) && !got) blocked++;
      }
    }
    expect(checked).toBeGreaterThan(1500);
    expect(blocked).toBeGreaterThan(10); // the markers really cut lines
  });

  it('a smoke screen laid by an engineer cuts the AFS\'s line to the PKA; the PKA inside smoke still fires out', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'EngSQ', at: '0303' }, { id: 'M2', type: 'AFS', at: '0302' }],
      strahl: [{ id: 'S1', type: 'PKA', at: '0305' }],
    }, { map: { hexes: { '0203': { terrain: ['forest'] }, '0204': { terrain: ['forest'] }, '0403': { terrain: ['forest'] }, '0404': { terrain: ['forest'] } } } });
    // Column 03: 0302 -> 0305 runs through 0303 and 0304, flanked by forest on both sides.
    expect(t.has('M2 attacks S1 with L')).toBe(true);
    t.act('M1 lays smoke in 0304');
    expect(t.has('M2 attacks S1 with L')).toBe(false);
    expect(t.s.dyn).toEqual([t.hex('0304')]);
  });

  it('a fire marker obstructs like smoke, and lasts', () => {
    const u = setup({ mercenary: [{ id: 'M2', type: 'AFS', at: '0302' }], strahl: [{ id: 'S1', type: 'PKA', at: '0305' }] },
      { map: { hexes: { '0203': { terrain: ['forest'] }, '0204': { terrain: ['forest'] }, '0403': { terrain: ['forest'] }, '0404': { terrain: ['forest'] } } } });
    expect(u.has('M2 attacks S1 with L')).toBe(true);
    u.s.fire[u.hex('0303')] = 1;
    refreshSight(u.s);
    expect(u.has('M2 attacks S1 with L')).toBe(false);
    u.act('mercenary ends the phase');
    u.act('strahl ends the phase');
    expect(u.s.dyn).toEqual([u.hex('0303')]);
    expect(u.has('M2 attacks S1 with L')).toBe(false);
  });
});
