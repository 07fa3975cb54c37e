/** Land mines in play ([19.1]; spec §3.22, §8.2 #35) with injected dice. */
import { describe, expect, it } from 'vitest';
import { DIR_NAMES } from '../../../src/core/geometry/hex/directions.ts';
import { mineAttacks } from '../../../src/systems/mak/rules/rolls.ts';
import { BROKEN, DEAD, IMMOBILE } from '../../../src/systems/mak/state.ts';
import { setup, type Setup } from './helpers.ts';

function moveTo(t: Setup, unit: string, hexId: string, ...dice: number[]): void {
  const m = t.game.E.m;
  const from = t.s.hex[t.u(unit)];
  for (let d = 0; d < 6; d++) if (m.grid.nbr[from * 6 + d] === t.hex(hexId)) return t.act(`move ${unit} ${DIR_NAMES[d]} to ${hexId}`, ...dice);
  throw new Error(`${hexId} is not next to ${unit}`);
}

const mined = (unit: string, at: string) =>
  setup({ mercenary: [{ id: 'M1', type: unit, at }], strahl: [{ id: 'S1', type: 'PKA', at: '1008' }] }, {
    map: { mines: [{ hex: '0203', strength: 8, owner: 'strahl' }, { hex: '0303', strength: 8, owner: 'mercenary' }] },
  });
const mineLines = (t: Setup) => t.log.filter((l) => l.includes('minefield'));

describe('land mines ([19.1])', () => {
  it('35: an AFS passing through 2 minefield hexes is attacked 4 times (enter and leave each, own mines too)', () => {
    const t = mined('AFS', '0103');
    moveTo(t, 'M1', '0203', 4, 4); // enter 0203: T 8 - 1 = 7, R 8 miss
    moveTo(t, 'M1', '0303', 3, 3, 4, 4, 5, 5); // leave 0203: R 6 hit, endurance 8 (B: no effect); enter 0303 (own mines, [19.1.8]): miss
    moveTo(t, 'M1', '0403', 6, 6); // leave 0303: miss
    expect(mineLines(t)).toHaveLength(mineAttacks(2));
    expect(mineLines(t)[0]).toContain('T 7, dice (4,4): miss');
    expect(mineLines(t)[1]).toContain('hit, -');
    expect(t.s.hex[t.u('M1')]).toBe(t.hex('0403'));
    moveTo(t, 'M1', '0503'); // no mines: no dice
  });
  it('an M result on leaving stops the unit in the minefield and scores its VP for the enemy', () => {
    const t = mined('AFS', '0103');
    moveTo(t, 'M1', '0203', 6, 6);
    moveTo(t, 'M1', '0303', 2, 2, 3, 3); // leave: hit, endurance 6 (B: M)
    const u = t.u('M1');
    expect(t.s.status[u] & IMMOBILE).toBe(IMMOBILE);
    expect(t.s.hex[u]).toBe(t.hex('0203'));
    expect(t.s.ogp[1]).toBe(2);
    expect(t.legal().some((l) => l.startsWith('move M1'))).toBe(false);
  });
  it('a D result on entering removes the unit; no defensive fire follows', () => {
    const t = mined('AFS', '0103');
    moveTo(t, 'M1', '0203', 1, 2, 1, 1); // hit, endurance 2: D
    expect(t.s.status[t.u('M1')] & DEAD).toBe(DEAD);
    expect(t.s.over).toBe(true); // the only Mercenary unit is gone
  });
  it('infantry broken by a mine stays in the hex; strength minus defense 0 gives T 8', () => {
    const t = mined('InfSQ', '0203');
    moveTo(t, 'M1', '0303', 3, 4, 5, 5, 5, 4); // leave 0203: T 8, R 7 hit, endurance 10 (C: -); enter 0303: R 9 miss
    expect(mineLines(t)[0]).toContain('T 8, dice (3,4): hit, -');
    expect(t.s.hex[t.u('M1')]).toBe(t.hex('0303'));
    expect(t.s.status[t.u('M1')] & BROKEN).toBe(0);
  });
  it('a mine hit that breaks infantry stops it where it is', () => {
    const t = mined('InfSQ', '0203');
    moveTo(t, 'M1', '0303', 3, 4, 3, 4); // leave: hit, endurance 7 (C: M) -> broken
    const u = t.u('M1');
    expect(t.s.status[u] & BROKEN).toBe(BROKEN);
    expect(t.s.hex[u]).toBe(t.hex('0203'));
  });
  it('the scenario schema refuses a minefield outside 5-13', () => {
    expect(() => setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0103' }], strahl: [{ id: 'S1', type: 'PKA', at: '1008' }] }, { map: { mines: [{ hex: '0203', strength: 14, owner: 'strahl' }] } })).toThrow();
  });
});

describe('night ([19.3])', () => {
  const scene = (night: boolean) => setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }, { id: 'S2', type: 'NeuSpotter', at: '0603' }] }, { night });
  it('manned units fire with the night penalty (placeholder -2); the attack targets drop by exactly that', () => {
    const day = scene(false), dark = scene(true);
    const pen = dark.game.E.m.data.rules.nightPenalty;
    expect(pen).toBe(-2);
    const tOf = (t: Setup) => Number(/T (-?\d+)/.exec(t.legal().find((l) => l.startsWith('M1 attacks S1 with L'))!)![1]);
    expect(tOf(dark)).toBe(tOf(day) + pen);
    // Injected dice: T 7 by day (8 - 2 + 1 at range 2) hits on R 7; at night T 5 misses it.
    expect(tOf(day)).toBe(7);
    day.act('M1 attacks S1 with L', 3, 4, 6, 6);
    expect(day.log.some((l) => l.includes('R 7: hit'))).toBe(true);
    dark.act('M1 attacks S1 with L', 3, 4);
    expect(dark.log.some((l) => l.includes('R 7: miss'))).toBe(true);
  });
  it('unmanned units (the NeuSpotter) take no night penalty', () => {
    const m = scene(true).game.E.m;
    expect(m.unight[m.uid.indexOf('S2')]).toBe(0);
    expect(m.unight[m.uid.indexOf('S1')]).toBe(-2);
  });
});
