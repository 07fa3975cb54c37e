/** Engineer arson ([14.4.2]; spec §3.17.5, A18) in the engine, with injected dice. */
import { describe, expect, it } from 'vitest';
import { ATTACKED, MOVED } from '../../../src/systems/mak/state.ts';
import { setup } from './helpers.ts';

const scene = (squads: number) => setup({
  mercenary: Array.from({ length: squads }, (_, i) => ({ id: `E${i + 1}`, type: 'EngSQ', at: '0502' })),
  strahl: [{ id: 'S1', type: 'InfSQ', at: '0503' }, { id: 'S2', type: 'PKA', at: '0908' }],
}, { map: { hexes: { '0503': { terrain: ['building'] } } } });

describe('arson ([14.4.2])', () => {
  it('one squad: only adjacent building hexes are offered; the squad may not move or attack; 2d6 7 > 5: no fire', () => {
    const t = scene(1);
    expect(t.legal().filter((l) => l.includes('sets fire'))).toEqual(['E1 sets fire to 0503']);
    t.act('E1 sets fire to 0503');
    const e1 = t.u('E1');
    expect(t.s.status[e1] & (MOVED | ATTACKED)).toBe(MOVED | ATTACKED);
    expect(t.has('E1 attacks')).toBe(false);
    expect(t.has('move E1')).toBe(false);
    t.act('mercenary ends the phase', 3, 4);
    expect(t.s.fire[t.hex('0503')]).toBe(0);
    expect(t.log.some((l) => l.startsWith('arson on 0503 by 1 squad(s): 2d6 7: no fire'))).toBe(true);
  });
  it('two stacked squads roll once at -2: 7 - 2 = 5 sets the fire, which blocks LOS through the hex', () => {
    const t = scene(2);
    t.act('E1 sets fire to 0503');
    expect(t.has('E2 sets fire')).toBe(false); // E2 joined E1's attempt
    t.act('mercenary ends the phase', 3, 4);
    expect(t.s.fire[t.hex('0503')]).toBe(1);
    expect(t.s.dyn).toEqual([t.hex('0503')]);
  });
});

describe('reactive arson ([14.4.3])', () => {
  it('an engineer fired on with no result may set fire instead of its defensive attack, alone, at the end of the enemy phase', () => {
    const t = setup({
      mercenary: [{ id: 'E1', type: 'EngSQ', at: '0502' }, { id: 'E2', type: 'EngSQ', at: '0502' }],
      strahl: [{ id: 'S1', type: 'PKA', at: '0704' }],
    }, { first: 'strahl', map: { hexes: { '0503': { terrain: ['building'] } } } });
    t.act('S1 attacks E1 with L', 6, 5); // a miss (the laser depletes: no matter)
    expect(t.legal()).toContain('E1 sets fire to 0503');
    expect(t.legal().some((l) => l.startsWith('E2 sets fire'))).toBe(false); // only the squad fired on
    t.act('E1 sets fire to 0503');
    expect(t.legal().some((l) => l.startsWith('E1 fires'))).toBe(false); // instead of its defensive attack (the window closed: E2 is out of range)
    // End of the Strahl phase: one roll, no assistance modifier: 2d6 = 5 <= 5 sets the fire.
    t.act('strahl ends the phase', 2, 3);
    expect(t.s.fire[t.hex('0503')]).toBe(1);
    expect(t.log.some((l) => l.startsWith('arson on 0503 by 1 squad(s): 2d6 5'))).toBe(true);
  });
});
