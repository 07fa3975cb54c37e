/**
 * Close quarters combat against the seed, where the engine once deviated from it (issue 20):
 * joining an ongoing CQC draws no same-hex fire ([9.3.3]); a T3 shot at a unit that goes on into
 * CQC is the firer's adjacent-window attack (Fig. 10, option t3IsCqcAdjacentShot); an overrun's
 * defensive windows follow the CQC's ([13.2.1], [9.2]).
 */
import { describe, expect, it } from 'vitest';
import { DIR_NAMES } from '../../../src/core/geometry/hex/directions.ts';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { PINNED } from '../../../src/systems/mak/state.ts';
import { setup, type Setup } from './helpers.ts';

function moveTo(t: Setup, unit: string, hexId: string): void {
  const m = t.game.E.m;
  const from = t.s.hex[t.u(unit)];
  for (let d = 0; d < 6; d++) if (m.grid.nbr[from * 6 + d] === t.hex(hexId)) return t.act(`move ${unit} ${DIR_NAMES[d]} to ${hexId}`);
  throw new Error(`${hexId} is not next to ${unit}`);
}

const fires = (t: Setup, unit: string) => t.legal().filter((l) => l.startsWith(`${unit} fires`));

describe('[9.3.3] joining an ongoing close quarters combat', () => {
  it('a unit joining a continuing CQC draws fire in the adjacent hex only: no same-hex window', () => {
    // M1 and S1 fight in 0403 since an earlier phase; M2 joins from 0303.
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0403' }, { id: 'M2', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0403' }, { id: 'S2', type: 'PKA', at: '0403' }] });
    t.act('pin S1'); // one phase unit able to fire: one pinned ([9.4])
    t.act('do nothing in the continuing CQC');
    t.act('M2 enters 0403 for close quarters combat');
    // Adjacent window: only the unpinned S2 may fire into the adjacent hex ([9.3.3]); no counter-entry.
    expect(t.s.status[t.u('S1')] & PINNED).toBe(PINNED);
    expect(fires(t, 'S1')).toEqual([]);
    expect(fires(t, 'S2').length).toBeGreaterThan(0);
    expect(t.legal().some((l) => l.includes('counter-enters'))).toBe(false);
    t.act('strahl passes');
    expect(t.s.hex[t.u('M2')]).toBe(t.hex('0403'));
    // "Same-hex defensive attacks are prohibited": M2 attacks at once.
    expect(t.legal().filter((l) => l.includes('fires')).every((l) => l.startsWith('M2 fires'))).toBe(true);
    expect(fires(t, 'M2').length).toBeGreaterThan(0);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('a second unit entering a CQC started this phase joins it ([9.1.2]): no same-hex window for it', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }, { id: 'M2', type: 'AFS', at: '0402' }], strahl: [{ id: 'S1', type: 'PKA', at: '0403' }, { id: 'S2', type: 'PKA', at: '0403' }] });
    t.act('M1 enters 0403 for close quarters combat');
    t.act('strahl passes'); // adjacent window
    expect(fires(t, 'S1').length).toBeGreaterThan(0); // the first entry has its same-hex window
    t.act('strahl passes');
    t.act('mercenary passes'); // M1 makes no attack
    t.act('pin S1');
    t.act('M2 enters 0403 for close quarters combat');
    t.act('strahl passes'); // adjacent window
    expect(t.s.hex[t.u('M2')]).toBe(t.hex('0403'));
    expect(fires(t, 'S1')).toEqual([]);
    expect(fires(t, 'S2')).toEqual([]);
    expect(fires(t, 'M2').length).toBeGreaterThan(0);
  });
});

describe('[9.2] case 1 / case 2 with T3 (Fig. 10, option t3IsCqcAdjacentShot)', () => {
  const scene = (opts = {}) => setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0203' }], strahl: [{ id: 'S1', type: 'PKA', at: '0403' }, { id: 'S2', type: 'PKA', at: '0403' }] }, { opts });
  it('default: a unit that fired T3 at the AFS entering the adjacent hex fires in neither CQC window', () => {
    const t = scene();
    moveTo(t, 'M1', '0303');
    t.act('S1 fires PF at M1', 6, 6); // T3 ([5.4] 3): a miss
    t.act('strahl passes');
    t.act('M1 enters 0403 for close quarters combat');
    expect(fires(t, 'S1')).toEqual([]); // its adjacent-window attack was the T3 shot
    expect(t.has('S1 counter-enters')).toBe(false);
    expect(fires(t, 'S2').length).toBeGreaterThan(0); // S2 did not engage
    t.act('strahl passes');
    expect(fires(t, 'S1')).toEqual([]); // nor in the same hex ([9.2] "cannot attack in case 2")
    expect(fires(t, 'S2').length).toBeGreaterThan(0);
  });
  it('the T3 shot counts only for the entry in the same activation', () => {
    const t = scene();
    moveTo(t, 'M1', '0303');
    t.act('S1 fires PF at M1', 6, 6);
    t.act('strahl passes');
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    t.act('M1 enters 0403 for close quarters combat'); // a new activation, next turn
    expect(fires(t, 'S1').length).toBeGreaterThan(0);
  });
  it('option false: the T3 shot and the CQC windows are separate chances', () => {
    const t = scene({ t3IsCqcAdjacentShot: false });
    moveTo(t, 'M1', '0303');
    t.act('S1 fires PF at M1', 6, 6);
    t.act('strahl passes');
    t.act('M1 enters 0403 for close quarters combat');
    expect(fires(t, 'S1').length).toBeGreaterThan(0);
  });
});

describe('[13.2.1] overrun: defensive fire as in CQC', () => {
  it('a unit that fired while the vehicle was adjacent may not fire again once it is in the hex', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0403' }, { id: 'M2', type: 'InfSQ', at: '0403' }, { id: 'M9', type: 'AFS', at: '1008' }], strahl: [{ id: 'S1', type: 'Nutrocker', at: '0303' }] }, { first: 'strahl' });
    t.act('S1 overruns 0403');
    t.act('M1 fires MG at S1', 6, 6); // adjacent window: a miss (an infantry MG never breaks)
    t.act('mercenary passes');
    expect(t.s.hex[t.u('S1')]).toBe(t.hex('0403'));
    expect(fires(t, 'M1')).toEqual([]);
    expect(fires(t, 'M2').length).toBeGreaterThan(0);
  });
});
