/** Option pilotMods 'rollCreation' ([18.3.1], spec §5.10): pilots the seed does not give are created at set-up. */
import { describe, expect, it } from 'vitest';
import { setup } from './helpers.ts';

const units = {
  mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203', pilot: 'mercenary-4' }], aircraft: [{ id: 'Falke', type: 'Falke', pilot: 'mercenary-4' }] },
  strahl: { units: [{ id: 'S1', type: 'PKA', at: '0603', pilot: 'strahl-10' }], aircraft: [] },
};

describe("pilotMods 'rollCreation'", () => {
  it('rolls ground then dog-fight for each pilot not given by the seed (Hasse Wind twice), never for Giger', () => {
    // M1's pilot: ground 1d6 6 -> +2 (attack +1, defense +1), dog-fight 1d6 2 -> 0; the Falke's: ground 1 -> -1 (attack), dog-fight 6 -> +2.
    const t = setup(units, { opts: { pilotMods: 'rollCreation' }, setupDice: [6, 2, 1, 6] });
    const m1 = t.u('M1'), s1 = t.u('S1');
    expect([t.s.pAtk[m1], t.s.pDef[m1]]).toEqual([1, 1]);
    expect(t.s.pVp[m1]).toBe(2 + 3); // modifiers +1 +1, rank 3 ([18.2.5])
    expect([t.s.pAtk[s1], t.s.pDef[s1]]).toEqual([1, 2]); // Giger as the seed gives him
    expect([t.s.aPAtk[0], t.s.aPDef[0], t.s.aDf[0]]).toEqual([-1, 0, 4 + 2]);
    // The rolled modifiers act: M1's laser on S1 gets +1.
    const base = setup(units);
    const T = (x: typeof t) => Number(/T (-?\d+)/.exec(x.legal().find((l) => l.startsWith('M1 attacks S1 with L'))!)![1]);
    base.act('Falke to air combat mission');
    t.act('Falke to air combat mission');
    expect(T(t)).toBe(T(base) + 1);
  });
  it("'zero' (default) rolls nothing", () => {
    const t = setup(units);
    expect(t.s.pAtk[t.u('M1')]).toBe(0);
  });
});
