/** Transport in play ([13.1]; spec §3.16.1, §8.2 #54-56) with injected dice. */
import { describe, expect, it } from 'vitest';
import { DEAD, IMMOBILE } from '../../../src/systems/mak/state.ts';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { setup } from './helpers.ts';

const truck = (cargo: string[], enemyAt = '0503') =>
  setup({
    mercenary: [{ id: 'M1', type: 'Truck', at: '0303' }, ...cargo.map((type, i) => ({ id: `M${i + 2}`, type, at: '0303' }))],
    strahl: [{ id: 'S1', type: 'PKA', at: enemyAt }],
  });

describe('transport ([13.1])', () => {
  it('loading: the cargo boards, the truck may not move that turn, and only the truck is a target', () => {
    const t = truck(['AFS', 'AFS']);
    expect(t.has('move M1')).toBe(true);
    t.act('load M2 onto M1');
    expect(t.has('move M1')).toBe(false); // [13.1.2]
    expect(t.has('load M2')).toBe(false);
    t.act('load M3 onto M1');
    expect(t.has('load')).toBe(false); // capacity 2 points full
    expect(t.has('unload M2')).toBe(false); // not in the phase it loaded
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
    t.act('mercenary ends the phase');
    const targets = t.legal().filter((l) => l.startsWith('S1 attacks'));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((l) => l.startsWith('S1 attacks M1'))).toBe(true); // vehicle and cargo are one target ([13.1.3])
  });
  it('54: a loaded truck takes a D: the truck and its cargo are destroyed (two Type I AFS: two squads exceed the 2-point capacity)', () => {
    const t = truck(['AFS', 'AFS']);
    t.act('load M2 onto M1');
    t.act('load M3 onto M1');
    t.act('mercenary ends the phase');
    t.act('S1 attacks M1 with L', 2, 3, 1, 1); // hit; endurance 2 (C): D
    for (const id of ['M1', 'M2', 'M3']) expect(t.s.status[t.u(id)] & DEAD).toBe(DEAD);
    expect(t.s.ogp[1]).toBe(1 + 2 + 2); // the truck's VP and both AFS'
    expect(t.s.over).toBe(true);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('55: a loaded truck takes an M: only the truck is immobilized; the squad unloads next phase and may not move', () => {
    const t = truck(['InfSQ'], '0703');
    t.act('load M2 onto M1');
    t.act('mercenary ends the phase');
    t.act('S1 attacks M1 with L', 2, 3, 3, 4); // hit; endurance 7 (C): M
    expect(t.s.status[t.u('M1')] & IMMOBILE).toBe(IMMOBILE);
    expect(t.s.status[t.u('M2')]).toBe(0);
    expect(t.s.ogp[1]).toBe(1);
    t.act('strahl ends the phase');
    t.act('unload M2 from M1');
    expect(t.s.carrier[t.u('M2')]).toBe(-1);
    expect(t.has('move M2')).toBe(false); // infantry do not move in a phase they unload ([14.1])
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('unloading costs half the MP of a Type I unit; cargo that fired may not unload ([13.1.4])', () => {
    const t = truck(['AFS'], '0703');
    t.act('load M2 onto M1');
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    t.act('move M1 SE to 0403');
    expect(t.s.hex[t.u('M2')]).toBe(t.s.hex[t.u('M1')]); // the cargo rides along
    t.act('unload M2 from M1');
    expect(t.s.mp[t.u('M2')]).toBe(4); // 4 MP doubled = 8, half spent
    const u = truck(['AFS'], '0603');
    u.act('load M2 onto M1');
    u.act('mercenary ends the phase');
    u.act('strahl ends the phase');
    u.act('M2 attacks S1 with L', 6, 4); // miss
    expect(u.legal()).toContain('S1 fires L at M1 (T 9)'); // the reply goes to the vehicle carrying the firer
    u.act('strahl passes');
    expect(u.has('unload M2')).toBe(false);
  });
  it('56: the Sph69-p refuses an infantry squad (Type I only, 6 points)', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'AFS', at: '1008' }],
      strahl: [{ id: 'S1', type: 'Sph69p', at: '0303' }, { id: 'S2', type: 'PnrSQ', at: '0303' }, { id: 'S3', type: 'PKA', at: '0303' }],
    }, { first: 'strahl' });
    expect(t.has('load S2 onto S1')).toBe(false);
    expect(t.has('load S3 onto S1')).toBe(true);
  });
});
