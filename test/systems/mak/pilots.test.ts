/** Pilots on the map ([18.2.2]-[18.2.4], option pilotEscape) with injected dice. */
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { DEAD } from '../../../src/systems/mak/state.ts';
import { setup } from './helpers.ts';

// Mercenaries start in the west, Strahl in the east: the Strahl pilot's home edge is column 10.
const downed = () => {
  const t = setup({
    mercenary: [{ id: 'M1', type: 'AFS', at: '0603' }],
    strahl: [{ id: 'S1', type: 'PKA', at: '0903', pilot: 'strahl-10' }, { id: 'S2', type: 'PKA', at: '0908' }],
  }, { opts: { pilotEscape: true } });
  t.act('M1 attacks S1 with L', 2, 2, 1, 2, 1, 2); // D; Giger survives (2d6 3)
  return t;
};

describe('pilots on the map ([18.2])', () => {
  it('the pilot moves one hex like infantry and escapes by its home edge: no VP', () => {
    const t = downed();
    t.act('mercenary ends the phase');
    const p = t.u('S1.pilot');
    expect(t.has('S1.pilot leaves the map')).toBe(false); // 0903 is not an edge hex
    t.act('move S1.pilot SE to 1003');
    expect(t.has('move S1.pilot')).toBe(false); // one hex a phase
    t.act('S1.pilot leaves the map');
    expect(t.s.status[p] & DEAD).toBe(DEAD);
    expect(t.s.ogp[0]).toBe(3); // only the PKA
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('leaving by another edge, the pilot is captured: the enemy scores its 6 VP', () => {
    const t = downed();
    t.act('mercenary ends the phase');
    t.act('move S1.pilot N to 0902');
    t.act('strahl ends the phase');
    t.act('mercenary ends the phase');
    t.act('move S1.pilot N to 0901');
    t.act('S1.pilot leaves the map');
    expect(t.s.ogp[0]).toBe(3 + 6);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('any hit result kills the pilot (defense 0): the enemy scores its VP; a lone pilot does not keep its side in the game', () => {
    const t = downed();
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    // AFS laser 8 against defense 0 at range 3: (2,2) hits; endurance 6 on class C is an A, which kills a pilot.
    t.act('M1 attacks S1.pilot with L', 2, 2, 1, 5);
    expect(t.s.status[t.u('S1.pilot')] & DEAD).toBe(DEAD);
    expect(t.s.ogp[0]).toBe(3 + 6);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
});
