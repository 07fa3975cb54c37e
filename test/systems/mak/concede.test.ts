/** House rule `concede` (spec §1.6): a side with no unit left able to fight concedes. */
import { describe, expect, it } from 'vitest';
import { setup } from './helpers.ts';

const scene = (concede: string) => setup({
  mercenary: [{ id: 'M1', type: 'AFS', at: '0203' }],
  strahl: [{ id: 'N1', type: 'NeuSpotter', at: '0808' }, { id: 'S1', type: 'PKA', at: '0806' }],
}, { opts: { concede } });

describe('concede', () => {
  it("'ruleBased': once the PKA is disarmed, the Strahl (a weaponless NeuSpotter left) concede; the Mercenaries win", () => {
    const t = scene('ruleBased');
    t.s.status[t.u('S1')] |= 2; // ARMLESS, as after an A result
    t.act('move M1 S to');
    expect(t.s.over).toBe(true);
    expect(t.game.result(t.s)).toMatchObject({ winner: 0, detail: 'concession' });
  });
  it("'off' (default): the game goes on", () => {
    const t = scene('off');
    t.s.status[t.u('S1')] |= 2;
    t.act('move M1 S to');
    expect(t.s.over).toBe(false);
  });
  it("'ruleBased': a PKA out of PF rounds still has its laser: no concession", () => {
    const t = scene('ruleBased');
    t.s.ammo[t.u('S1') * 3 + 1] = 0;
    t.act('move M1 S to');
    expect(t.s.over).toBe(false);
  });
});
