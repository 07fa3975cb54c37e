/** Combined infantry fire ([14.2.1]; spec §3.17.2) with injected dice. */
import { describe, expect, it } from 'vitest';
import { ATTACKED } from '../../../src/systems/mak/state.ts';
import { setup } from './helpers.ts';

describe('combined infantry fire ([14.2.1])', () => {
  it('two stacked squads add their attack abilities into one roll: T = T(first) + attack of the second', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0303' }, { id: 'M2', type: 'AARSQ', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0403' }] });
    const single = Number(/T (-?\d+)/.exec(t.legal().find((l) => l.startsWith('M1 attacks S1 with MG'))!)![1]);
    expect(t.has('M1 and M2 combine their fire on S1')).toBe(true);
    expect(t.has('M2 and M1 combine')).toBe(false); // offered once per pair
    t.act('M1 and M2 combine their fire on S1', 6, 4, 6, 6); // R 10 hits (T > 10); endurance 12: no effect
    const line = t.log.find((l) => l.includes('combined -> S1'))!;
    expect(line).toContain(`T ${single + 9}`); // the AAR squad's laser 9 added
    expect(t.s.status[t.u('M1')] & ATTACKED).toBe(ATTACKED);
    expect(t.s.status[t.u('M2')] & ATTACKED).toBe(ATTACKED);
  });
  it('not offered for a lone squad', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0303' }, { id: 'M2', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0403' }] });
    expect(t.legal().some((l) => l.includes('combine'))).toBe(false);
  });
});
