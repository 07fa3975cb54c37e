/** Reinforcements in play ([12.1]; spec §3.15.1). */
import { describe, expect, it } from 'vitest';
import { DEAD, OFFMAP } from '../../../src/systems/mak/state.ts';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { setup } from './helpers.ts';

describe('reinforcements ([12.1])', () => {
  it('off the map until its turn, then enters at its hex in its owner\'s phase paying the first hex; delay allowed', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }, { id: 'M2', type: 'SAFS', at: '0104', arrives: 2 }],
      strahl: [{ id: 'S1', type: 'PKA', at: '0908' }],
    }, { map: { hexes: { '0104': { terrain: ['forest'] } } } });
    const u = t.u('M2');
    expect(t.s.status[u] & OFFMAP).toBe(OFFMAP);
    expect(t.has('M2 enters the map')).toBe(false); // turn 1
    expect(t.has('S1 attacks M2')).toBe(false);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    expect(t.s.turn).toBe(2);
    t.act('M2 enters the map at 0104');
    const cost = t.game.E.m.cost2[0][t.hex('0104')];
    expect(t.s.status[u] & (DEAD | OFFMAP)).toBe(0);
    expect(t.s.mp[u]).toBe(t.game.E.m.ump2[u] - cost);
    expect(t.s.hex[u]).toBe(t.hex('0104'));
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('never into an enemy-occupied hex; a side whose reinforcements are still to come is not eliminated', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'InfSQ', at: '0503' }, { id: 'M2', type: 'AFS', at: '0104', arrives: 2 }],
      strahl: [{ id: 'S1', type: 'PKA', at: '0104' }, { id: 'S2', type: 'PKA', at: '0603' }],
    }, { first: 'strahl' });
    t.act('S2 attacks M1 with L', 1, 2, 1, 1); // D: the squad is gone
    expect(t.s.status[t.u('M1')] & DEAD).toBe(DEAD);
    expect(t.s.over).toBe(false);
    t.act('strahl ends the phase');
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase'); // turn 2, mercenary phase
    expect(t.has('M2 enters')).toBe(false); // S1 holds the entry hex
  });
});

describe('airdrop ([12.2])', () => {
  const drop = () => setup({
    mercenary: [{ id: 'M1', type: 'AFS', at: '0101' }, { id: 'M2', type: 'AFS', at: '0101', airdrop: true }],
    strahl: [{ id: 'S1', type: 'PKA', at: '0503' }],
  });
  it('61: dropped into an enemy hex, the enemy fires once; an M on the class-C table destroys it', () => {
    const t = drop();
    expect(t.legal().filter((l) => l.startsWith('airdrop M2')).length).toBe(t.game.E.m.n); // any hex it could occupy
    t.act('airdrop M2 into 0503', 1, 2, 3, 4); // S1 hits; endurance 7 on class C: M -> destroyed
    const u = t.u('M2');
    expect(t.s.status[u] & DEAD).toBe(DEAD);
    expect(t.s.ogp[1]).toBe(2);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('a survivor stays in the enemy hex and may not attack this phase; the next phase starts as a continuing CQC', () => {
    const t = drop();
    t.act('airdrop M2 into 0503', 6, 6);
    const u = t.u('M2');
    expect(t.s.hex[u]).toBe(t.hex('0503'));
    expect(t.has('M2 attacks')).toBe(false);
    t.act('mercenary ends the phase');
    expect(t.legal()).toEqual(expect.arrayContaining(['fight the continuing CQC', 'do nothing in the continuing CQC']));
  });
});
