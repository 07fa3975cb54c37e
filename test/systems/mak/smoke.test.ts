/** Smoke in play ([19.2]; spec §3.23, A16). */
import { describe, expect, it } from 'vitest';
import { setup } from './helpers.ts';

const scene = () =>
  setup({
    mercenary: [{ id: 'M1', type: 'EngSQ', at: '0502' }, { id: 'M2', type: 'AFS', at: '0303' }, { id: 'M3', type: 'DollHouse', at: '0107' }],
    strahl: [{ id: 'S1', type: 'PKA', at: '0503' }],
  });
const T = (lines: string[], prefix: string) => Number(/T (-?\d+)/.exec(lines.find((l) => l.startsWith(prefix))!)![1]);

describe('smoke ([19.2])', () => {
  it('a screen in the target hex: laser -1 (A16 reading i); the layer keeps its move and attack; one screen per turn', () => {
    const t = scene();
    const before = T(t.legal(), 'M2 attacks S1 with L');
    expect(before).toBe(7);
    t.act('M1 lays smoke in 0503');
    expect(T(t.legal(), 'M2 attacks S1 with L')).toBe(before - 1);
    expect(t.has('M1 lays smoke')).toBe(false); // 1 per turn ([19.2.2])
    expect(t.has('M1 attacks S1')).toBe(true); // still may attack ([19.2.1])
    expect(t.s.smokeLeft[t.u('M1')]).toBe(1);
  });
  it('the marker lives 2 until the owner\'s next phase, then 1, then is removed ([19.2.3])', () => {
    const t = scene();
    const h = t.hex('0503');
    t.act('M1 lays smoke in 0503');
    t.act('mercenary ends the phase');
    expect(t.s.smoke[h]).toBe(2);
    expect(T(t.legal(), 'S1 attacks M2 with L')).toBe(8 - 1 + 1 - 1); // the firer in smoke: -1 on its laser too
    t.act('strahl ends the phase');
    expect(t.s.smoke[h]).toBe(1);
    t.act('mercenary ends the phase');
    expect(t.s.smoke[h]).toBe(0);
  });
  it('engine smoke: the Doll House screens only its own hex, without limit of screens; a gun in smoke takes -4', () => {
    const t = scene();
    const dh = t.legal().filter((l) => l.startsWith('M3 lays smoke'));
    expect(dh).toEqual(['M3 lays smoke in 0107']);
    const g = T(t.legal(), 'M3 attacks S1 with G');
    t.act('M3 lays smoke in 0107');
    expect(T(t.legal(), 'M3 attacks S1 with G')).toBe(g - 4);
    expect(t.s.smokeLeft[t.u('M3')]).toBe(-1);
  });
});
