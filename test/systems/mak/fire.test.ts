/** Fire and depot explosions in play ([19.4]; spec §3.25, A20) with injected dice. */
import { describe, expect, it } from 'vitest';
import { DEAD } from '../../../src/systems/mak/state.ts';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { setup } from './helpers.ts';

describe('fire ([19.4])', () => {
  it('a gun D in a building sets it on fire on 2d6 <= 4; the depot there explodes: 1d6 fire attacks on every unit in the hex', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'DollHouse', at: '0303' }],
      strahl: [{ id: 'S1', type: 'PKA', at: '0503' }, { id: 'S2', type: 'PnrSQ', at: '0503' }, { id: 'S3', type: 'PKA', at: '1008' }],
    }, { map: { hexes: { '0503': { terrain: ['building'] } }, depots: [{ hex: '0503', owner: 'strahl' }] } });
    const h = t.hex('0503');
    // G hit (1,2), endurance 2 (B: D); ignition 2d6 = 4: fire; explosion 1d6 = 1; on S2: strength 12, roll (1,2) hit, endurance 2 (C: D).
    t.act('M1 attacks S1 with G', 1, 2, 1, 1, 2, 2, 1, 6, 6, 1, 2, 1, 1);
    expect(t.s.fire[h]).toBe(1);
    expect(t.s.depotGone[h]).toBe(1);
    expect(t.s.status[t.u('S1')] & DEAD).toBe(DEAD);
    expect(t.s.status[t.u('S2')] & DEAD).toBe(DEAD);
    expect(t.log.some((l) => l.includes('explodes: 1 attacks'))).toBe(true);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('2d6 = 5 does not ignite; a laser D never rolls for fire', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'DollHouse', at: '0303' }, { id: 'M2', type: 'AFS', at: '0302' }],
      strahl: [{ id: 'S1', type: 'PKA', at: '0503' }, { id: 'S2', type: 'PKA', at: '0503' }, { id: 'S3', type: 'PKA', at: '1008' }],
    }, { map: { hexes: { '0503': { terrain: ['building'] } } } });
    t.act('M1 attacks S1 with G', 1, 2, 1, 1, 2, 3);
    expect(t.s.fire[t.hex('0503')]).toBe(0);
    if (t.s.pending.depth) t.act('strahl passes');
    t.act('M2 attacks S2 with L', 1, 2, 1, 1); // D, no ignition roll (no dice left over)
    expect(t.s.fire[t.hex('0503')]).toBe(0);
  });
  it('S3: at the start of each phase the fires attack the other player\'s infantry; nobody inside sees out', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0503' }, { id: 'M2', type: 'AFS', at: '0101' }], strahl: [{ id: 'S1', type: 'PKA', at: '0603' }] }, {
      map: { hexes: { '0503': { terrain: ['building'] } } },
    });
    t.s.fire[t.hex('0503')] = 1;
    expect(t.has('M1 attacks')).toBe(false); // adjacent to S1, but inside the fire ([19.4.3])
    expect(t.has('M2 attacks S1')).toBe(true);
    t.dice.queue.push(3, 3, 6, 6); // strength 6, roll (6,6) miss
    t.act('mercenary ends the phase');
    expect(t.log.some((l) => l.startsWith('    fire 0503 (strength 6) -> M1') && l.endsWith('miss'))).toBe(true);
  });
});

describe('destroying an enemy depot ([11.3.3])', () => {
  it('a unit alone in an enemy depot hex destroys it for 1 MP and its attack; with an enemy there, not', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0804' }], strahl: [{ id: 'S1', type: 'PKA', at: '0101' }] },
      { map: { depots: [{ hex: '0804', owner: 'strahl' }] } });
    const mp = t.s.mp[t.u('M1')];
    t.act('M1 destroys the enemy depot');
    expect(t.s.depotGone[t.hex('0804')]).toBe(1);
    expect(t.s.mp[t.u('M1')]).toBe(mp - 2);
    expect(t.has('M1 attacks')).toBe(false); // it was its attack
    const u = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0804' }], strahl: [{ id: 'S1', type: 'PKA', at: '0804' }] },
      { map: { depots: [{ hex: '0804', owner: 'strahl' }] } });
    expect(u.has('M1 destroys the enemy depot')).toBe(false);
  });
});
