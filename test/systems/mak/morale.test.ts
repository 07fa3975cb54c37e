/**
 * Infantry morale ([14.3]) where the engine once deviated from the seed (issue 20): a broken unit
 * may move, only away from the enemy and never into defensive fire ([14.3.1] 2); it first tries
 * to recover at the start of its troop phase on the next turn ([14.3.2]), with every modifier of
 * the seed, the defensive position's -1 included.
 */
import { describe, expect, it } from 'vitest';
import { moraleMod } from '../../../src/systems/mak/rules/morale.ts';
import { ARMLESS, BROKEN } from '../../../src/systems/mak/state.ts';
import { setup, type Setup } from './helpers.ts';

const moves = (t: Setup, unit: string) => t.legal().filter((l) => l.startsWith(`move ${unit} `)).map((l) => l.slice(-4)).sort();

describe('[14.3.1] 2: a broken unit moves only away from the enemy, and not into defensive fire', () => {
  it('offers exactly the steps that take it farther from every enemy, none towards', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0403' }], strahl: [{ id: 'S1', type: 'PKA', at: '0603' }] });
    t.s.status[t.u('M1')] |= BROKEN;
    // Neighbours of 0403: 0402 0503 0504 0404 0304 0303; S1 in 0603 is 2 away; 0303 and 0304 are 3 away.
    expect(moves(t, 'M1')).toEqual(['0303', '0304']);
    expect(t.has('M1 attacks')).toBe(false); // [14.3.1] 1
    t.act('move M1 NW to 0303');
    expect(t.s.hex[t.u('M1')]).toBe(t.hex('0303'));
    expect(moves(t, 'M1')).toEqual([]); // one hex a phase ([14.1])
  });
  it('leaving a CQC hex into the fire of the enemy there is refused; when it cannot fire, every step is away', () => {
    // M1, broken, shares 0403 with S1: every neighbour takes it away from S1 (0 -> 1) but lies next to it.
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0403' }], strahl: [{ id: 'S1', type: 'PKA', at: '0403' }] });
    t.s.status[t.u('M1')] |= BROKEN;
    t.act('do nothing in the continuing CQC');
    expect(moves(t, 'M1')).toEqual([]); // S1 would fire at it in any of them (T3)
    t.s.status[t.u('S1')] |= ARMLESS; // S1 can no longer fire: no defensive fire to draw
    expect(moves(t, 'M1')).toEqual(['0303', '0304', '0402', '0404', '0503', '0504']);
  });
});

describe('[14.3.2]: recovery at the beginning of the troop phase on the next turn', () => {
  it("the second player's squad broken in the first player's phase does not roll until its phase of the next turn", () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PnrSQ', at: '0503' }] });
    t.act('M1 attacks S1 with L', 2, 2, 3, 3); // hit; endurance 6 on C: morale broken
    expect(t.s.status[t.u('S1')] & BROKEN).toBe(BROKEN);
    t.act('mercenary ends the phase'); // turn 1, strahl's phase: no roll (a roll would take a die)
    expect(t.log.some((l) => l.includes('S1 morale recovery'))).toBe(false);
    t.act('strahl ends the phase');
    t.act('mercenary ends the phase', 1); // turn 2, strahl's phase: it rolls 1 and recovers
    expect(t.log.filter((l) => l.includes('S1 morale recovery'))).toEqual([expect.stringContaining('recovers')]);
    expect(t.s.status[t.u('S1')] & BROKEN).toBe(0);
  });
  it('the -1 of a defensive position applies ([14.3.2] 2)', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0403' }], strahl: [{ id: 'S1', type: 'PKA', at: '0903' }] }, { map: { defensivePositions: [{ hex: '0403', value: -1 }] } });
    t.s.status[t.u('M1')] |= BROKEN;
    expect(moraleMod(t.game.E.m, t.s, t.u('M1'))).toBe(-1);
  });
});
