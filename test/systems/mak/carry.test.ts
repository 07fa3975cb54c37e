/** Carrying immobilized Type I units ([7.3]; spec §3.10) with injected dice. */
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { IMMOBILE } from '../../../src/systems/mak/state.ts';
import { setup } from './helpers.ts';

const scene = () => {
  const t = setup({
    mercenary: [{ id: 'M1', type: 'AFS', at: '0203' }, { id: 'M2', type: 'AFS', at: '0203' }],
    strahl: [{ id: 'S1', type: 'PKA', at: '0908' }],
  });
  t.s.status[t.u('M1')] |= IMMOBILE;
  t.s.nImm[0]++;
  return t;
};

describe('carrying ([7.3])', () => {
  it('picks up for 1 MP, the two move together, puts down for 1 MP; stacking counts both', () => {
    const t = scene();
    const m1 = t.u('M1'), m2 = t.u('M2');
    expect(t.has('M1 picks up')).toBe(false); // the immobilized one cannot carry
    t.act('M2 picks up M1');
    expect(t.s.mp[m2]).toBe(t.game.E.m.ump2[m2] - 2);
    t.act('move M2 S to 0204');
    expect(t.s.hex[m1]).toBe(t.hex('0204'));
    expect(t.s.pts[t.hex('0204') * 2]).toBe(2);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
    t.act('M2 puts down M1');
    expect(t.s.haul[m2]).toBe(-1);
    t.act('move M2 S to 0205');
    expect(t.s.hex[m1]).toBe(t.hex('0204'));
  });
  it('a carrier that takes an A drops the carried unit at once ([7.3.3]); both remain targets', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'AFS', at: '0203' }, { id: 'M2', type: 'AFS', at: '0203' }],
      strahl: [{ id: 'S1', type: 'PKA', at: '0206' }],
    });
    t.s.status[t.u('M1')] |= IMMOBILE;
    t.s.nImm[0]++;
    t.act('M2 picks up M1');
    t.act('mercenary ends the phase');
    expect(t.has('S1 attacks M1 with L')).toBe(true); // still a target of its own ([7.3.2])
    const T = Number(/T (\d+)/.exec(t.legal().find((l) => l.startsWith('S1 attacks M2 with L'))!)![1]);
    expect(T).toBeGreaterThanOrEqual(4);
    // (2,2) hits; endurance (2,3) = 5 on class B: A.
    t.act('S1 attacks M2 with L', 2, 2, 2, 3);
    expect(t.s.status[t.u('M2')] & 2).toBe(2);
    expect(t.s.haul[t.u('M2')]).toBe(-1);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
});
