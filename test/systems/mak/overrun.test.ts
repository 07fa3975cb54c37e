/** Overrun in play ([13.2]; spec §3.16.2, A23) with injected dice. */
import { describe, expect, it } from 'vitest';
import { DEAD } from '../../../src/systems/mak/state.ts';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { setup } from './helpers.ts';

const scene = (mercs: Array<{ id: string; type: string; at: string }>, strahl = [{ id: 'S1', type: 'Nutrocker', at: '0303' }]) =>
  setup({ mercenary: [...mercs, { id: 'M9', type: 'AFS', at: '1008' }], strahl }, { first: 'strahl' });

describe('overrun ([13.2])', () => {
  it('a hover tank overruns an infantry hex: defensive fire adjacent and in the hex, one attack at range 0, out across the opposite hexside', () => {
    const t = scene([{ id: 'M1', type: 'InfSQ', at: '0403' }]);
    const m = t.game.E.m;
    const from = t.hex('0303');
    let d = 0;
    while (m.grid.nbr[from * 6 + d] !== t.hex('0403')) d++;
    const exit = m.grid.nbr[t.hex('0403') * 6 + d];
    t.act('S1 overruns 0403');
    expect(t.legal()).toEqual(expect.arrayContaining([expect.stringMatching(/^M1 fires MG at S1/), 'mercenary passes']));
    expect(t.has('M1 counter-enters')).toBe(false); // no counter-entry against an overrun
    t.act('mercenary passes'); // adjacent window
    expect(t.s.hex[t.u('S1')]).toBe(t.hex('0403'));
    expect(t.legal().some((l) => l.startsWith('M1 fires MG at S1'))).toBe(true); // same-hex window
    t.act('mercenary passes');
    expect(t.legal().filter((l) => l.startsWith('S1 fires'))).toEqual([expect.stringMatching(/^S1 fires L at M1/)]);
    t.act('S1 fires L at M1', 2, 2, 1, 1); // hit; endurance 2 (C): D
    expect(t.s.status[t.u('M1')] & DEAD).toBe(DEAD);
    expect(t.s.hex[t.u('S1')]).toBe(exit);
    expect(t.log.some((l) => l.includes('leaves the overrun hex'))).toBe(true);
    expect(checkInvariants(m, t.s)).toEqual([]);
    expect(t.s.pending.depth).toBe(0); // no defensive fire from the exit ([13.2.1])
  });
  it('not offered when the exit hex holds an enemy, nor for a vehicle without a weapon', () => {
    const probe = scene([{ id: 'M1', type: 'InfSQ', at: '0403' }]);
    const m = probe.game.E.m;
    let d = 0;
    while (m.grid.nbr[probe.hex('0303') * 6 + d] !== probe.hex('0403')) d++;
    const exitId = m.grid.id(m.grid.nbr[probe.hex('0403') * 6 + d]);
    expect(probe.has('S1 overruns 0403')).toBe(true);
    const t = scene([{ id: 'M1', type: 'InfSQ', at: '0403' }, { id: 'M2', type: 'InfSQ', at: exitId }]);
    expect(t.has('S1 overruns 0403')).toBe(false);
    const u = scene([{ id: 'M1', type: 'InfSQ', at: '0403' }], [{ id: 'S1', type: 'Truck', at: '0303' }]);
    expect(u.has('S1 overruns')).toBe(false);
  });
});
