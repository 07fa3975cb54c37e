/** NeuSpotter AMU ([16.2], spec §8.2 #66) and unmanned control ([16.1]) in the engine, with injected dice. */
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { AMU_COLLECTED, AMU_DESTROYED, AMU_IN_PLAY } from '../../../src/systems/mak/rules/amu.ts';
import { DEAD, EXITED } from '../../../src/systems/mak/state.ts';
import { setup } from './helpers.ts';

// Strahl NeuSpotter N1 in 0302 with a PKA beside it; a Mercenary AFS in 0304 shoots the NeuSpotter.
const scene = (opts: Record<string, unknown> = {}, turns = 6) => setup({
  mercenary: [{ id: 'M1', type: 'AFS', at: '0304' }],
  strahl: [{ id: 'N1', type: 'NeuSpotter', at: '0302' }, { id: 'S1', type: 'PKA', at: '0202' }],
}, { opts, turns });

describe('NeuSpotter AMU ([16.2])', () => {
  it('#66: destroyed, the NeuSpotter leaves its AMU; a Strahl PKA picks it up, leaves the map: +1 VP to Strahl', () => {
    const t = scene();
    const n1 = t.u('N1'), s1 = t.u('S1');
    t.act('M1 attacks N1 with L', 1, 1); // (1,1) hits: automatic D
    expect(t.s.status[n1] & DEAD).toBe(DEAD);
    expect(t.s.amuFate[n1]).toBe(AMU_IN_PLAY);
    expect(t.s.amuHex[n1]).toBe(t.hex('0302'));
    expect(t.s.ogp[0]).toBe(2); // the NeuSpotter's own VP
    t.act('mercenary ends the phase');
    expect(t.has('S1 picks up')).toBe(false); // not in the hex
    t.act('move S1 NE to 0302');
    expect(t.s.hex[s1]).toBe(t.hex('0302'));
    t.act('S1 picks up N1\'s AMU');
    expect(t.s.amuBy[n1]).toBe(s1);
    expect(t.has('move S1')).toBe(false); // it ended its movement there ([16.2.3])
    t.act('strahl ends the phase');
    t.act('mercenary ends the phase');
    // 0302 is not an edge hex of the 10 x 8 map; 0301 is.
    expect(t.has('S1 leaves the map')).toBe(false);
    t.act('move S1 N to 0301');
    expect(t.has('S1 leaves the map')).toBe(true);
    t.act('S1 leaves the map with its AMU');
    expect(t.s.amuFate[n1]).toBe(AMU_COLLECTED);
    expect(t.s.status[s1] & (DEAD | EXITED)).toBe(DEAD | EXITED);
    expect(t.s.ogp[1]).toBe(1);
    expect(t.s.lost[1]).toBe(1); // only the NeuSpotter was lost
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });

  it('#66: an AMU still on the map (or carried) at the end gives nothing', () => {
    const t = scene({}, 1);
    t.act('M1 attacks N1 with L', 1, 1);
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    expect(t.s.over).toBe(true);
    expect(t.s.ogp[1]).toBe(0);
  });

  it('an enemy unit that entered the hex destroys the AMU ([16.2.4]); with amuRule off there is none', () => {
    const t = scene();
    const n1 = t.u('N1');
    t.act('M1 attacks N1 with L', 1, 1);
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    expect(t.has('M1 destroys')).toBe(false); // it has not entered the hex
    t.act('move M1 N to 0303');
    t.act('strahl passes'); // T3
    t.act('move M1 N to 0302');
    t.act('strahl passes');
    t.act('M1 destroys N1\'s AMU');
    expect(t.s.amuFate[n1]).toBe(AMU_DESTROYED);
    const off = scene({ amuRule: false });
    off.act('M1 attacks N1 with L', 1, 1);
    expect(off.s.amuFate[off.u('N1')]).toBe(0);
  });

  it('a NeuSpotter carrying an AMU moves at half its MP ([16.2.5], #65)', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'AFS', at: '0304' }],
      strahl: [{ id: 'N1', type: 'NeuSpotter', at: '0302' }, { id: 'N2', type: 'NeuSpotter', at: '0402' }],
    }, { data: (d) => { d.units.NeuSpotter.weapons = []; } });
    t.act('M1 attacks N1 with L', 1, 1);
    t.act('mercenary ends the phase');
    t.act('move N2 NW');
    // The NeuSpotter moved one hex and picks up the AMU, its movement ends.
    t.act('N2 picks up N1\'s AMU');
    t.act('strahl ends the phase');
    t.act('mercenary ends the phase');
    expect(t.s.mp[t.u('N2')]).toBe(t.game.E.m.ump2[t.u('N2')] / 2);
  });
});

describe('unmanned control ([16.1])', () => {
  const arty = (command: boolean) => setup({
    mercenary: [{ id: 'M1', type: 'AFS', at: '0304' }],
    strahl: { units: [{ id: 'N1', type: 'NeuSpotter', at: '0308' }, { id: 'S1', type: 'PKA', at: '1008', ...(command ? { role: 'command' as const } : {}) }], artillery: [{ id: 'bat', type: 'II', rounds: 2, perTurn: 1 }] },
  }, { first: 'strahl' });
  it('an unmanned NeuSpotter calls artillery only while a manned command unit lives', () => {
    expect(arty(false).has('N1 requests bat')).toBe(false);
    const t = arty(true);
    expect(t.has('N1 requests bat')).toBe(true);
    expect(t.has('S1 requests bat')).toBe(true);
  });
});
