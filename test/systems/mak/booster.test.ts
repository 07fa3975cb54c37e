/** The SAFS Mk II booster in play ([19.5.3]; spec §3.9). */
import { describe, expect, it } from 'vitest';
import { DIR_NAMES } from '../../../src/core/geometry/hex/directions.ts';
import { stepCost } from '../../../src/systems/mak/rules/movement.ts';
import { setup } from './helpers.ts';

describe('SAFS Mk II booster ([19.5.3])', () => {
  it('12 MP at 1 MP a hex whatever the terrain, no CQC, in 2 turns per scenario; fire at it ignores terrain and range', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'SAFS_MkII', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }] }, {
      map: { hexes: { '0403': { terrain: ['forest'] }, '0404': { terrain: ['forest'] } } },
    });
    const m = t.game.E.m;
    const u = t.u('M1');
    const from = t.hex('0303');
    let d = 0;
    while (m.grid.nbr[from * 6 + d] !== t.hex('0403')) d++;
    const walk = stepCost(m, t.s, u, from, d);
    t.act('M1 uses its booster');
    expect(t.s.mp[u]).toBe(24);
    expect(t.has('M1 uses its booster')).toBe(false);
    expect(stepCost(m, t.s, u, from, d)).toBe(2);
    expect(walk).toBeGreaterThan(2);
    t.act(`move M1 ${DIR_NAMES[d]} to 0403`);
    expect(t.s.mp[u]).toBe(22);
    // T3 from the adjacent PKA: AA fire, no forest or range modifier: 8 - 2 = 6.
    expect(t.legal()).toContain('S1 fires L at M1 (T 6)');
    t.act('strahl passes');
    expect(t.has('M1 enters')).toBe(false); // no CQC while boosting
    expect(t.s.boostLeft[u]).toBe(1);
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    t.act('M1 uses its booster');
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    expect(t.has('M1 uses its booster')).toBe(false); // two turns used
  });
});
