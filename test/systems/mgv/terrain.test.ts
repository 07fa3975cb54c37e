/** Terrain in play (seed §1.4, spec §3.3-§3.5): LOS, cover, hugging, hills, smoke, movement costs, traps. */
import { describe, expect, it } from 'vitest';
import { compile, doc, newState, FixedDice, ctxWith } from './helpers.ts';
import { coverOf, hasLos, computeLos } from '../../../src/systems/mgv/rules/geom.ts';
import { allowanceOf, moveLeg } from '../../../src/systems/mgv/rules/movement.ts';
import { canTarget, SLOT_MAIN } from '../../../src/systems/mgv/rules/combat.ts';

/** Firer 'a' at (18, 4) facing north; target 'b' at (tx, ty) with heading th; one terrain feature. */
function table(feature: Record<string, unknown>, tx: number, ty: number, th = 90, wA = 'photon', opts: Record<string, unknown> = {}) {
  return compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 18, y: 4, heading: 0, weapon: wA }, { id: 'b', side: 'B', model: 'Mako', x: tx, y: ty, heading: th, weapon: 'kinetic' }], { options: opts }, { terrain: [{ id: 'F', ...feature }] }));
}

describe('line of sight and cover', () => {
  it('a rock blocks LOS to a base standing off it; hugging its face gives LOS and cover 1', () => {
    const off = table({ type: 'rock', rect: [16, 10, 20, 11] }, 18, 13, 90);
    expect(hasLos(off.m, newState(off.g).s, 0, 1)).toBe(false);
    // long axis (heading 90: along x) parallel to the rock's face, in contact behind it
    const hug = table({ type: 'rock', rect: [16, 10, 20, 11] }, 18, 11.35, 90);
    const s = newState(hug.g).s;
    expect(hasLos(hug.m, s, 0, 1)).toBe(true);
    expect(coverOf(hug.m, s, 0, 1)).toBe(1);
    // in contact but end-on (not hugging): visible, no cover
    const end = table({ type: 'rock', rect: [16, 10, 20, 11] }, 18, 11.55, 0);
    const s2 = newState(end.g).s;
    expect(coverOf(end.m, s2, 0, 1)).toBe(0);
  });

  it('shrapnel gives cover 2 when hugged; small rocks cover 2 behind', () => {
    const sh = table({ type: 'shrapnel', rect: [16, 10, 20, 11] }, 18, 11.35, 90);
    expect(coverOf(sh.m, newState(sh.g).s, 0, 1)).toBe(2);
    const sr = table({ type: 'smallRocks', circle: [18, 10, 1] }, 18, 11.35, 90);
    expect(coverOf(sr.m, newState(sr.g).s, 0, 1)).toBe(2);
  });

  it('Y&N sand: a base in contact behind it is seen with cover 1; a base further back is hidden', () => {
    const near = table({ type: 'sand', rect: [16, 10, 20, 11] }, 18, 11.35, 90);
    const s = newState(near.g).s;
    expect(hasLos(near.m, s, 0, 1)).toBe(true);
    expect(coverOf(near.m, s, 0, 1)).toBe(1);
    const far = table({ type: 'sand', rect: [16, 10, 20, 11] }, 18, 15, 90);
    expect(hasLos(far.m, newState(far.g).s, 0, 1)).toBe(false);
  });

  it('ice crystals do not block LOS; smoke adds cover 1 when fired through', () => {
    const ice = table({ type: 'ice', circle: [18, 10, 1.5] }, 18, 20, 90);
    expect(hasLos(ice.m, newState(ice.g).s, 0, 1)).toBe(true);
    const smoke = table({ type: 'smoke', circle: [18, 12, 2] }, 18, 20, 90);
    const s = newState(smoke.g).s;
    expect(hasLos(smoke.m, s, 0, 1)).toBe(true);
    expect(coverOf(smoke.m, s, 0, 1)).toBe(1);
  });

  it('hill: blocks two lower bases; a base on it within 1" of the crest sees down', () => {
    const low = table({ type: 'hill', circle: [18, 12, 3], level: 1 }, 18, 20, 90);
    expect(hasLos(low.m, newState(low.g).s, 0, 1)).toBe(false);
    // on the hill, 0.5" from the edge the line to the firer crosses: sees down
    const crest = table({ type: 'hill', circle: [18, 12, 3], level: 1 }, 18, 9.5, 90);
    expect(hasLos(crest.m, newState(crest.g).s, 0, 1)).toBe(true);
    // on the hill but 5.5" from that edge (near the far side): hidden
    const far = table({ type: 'hill', circle: [18, 12, 3], level: 1 }, 18, 14.5, 90);
    expect(hasLos(far.m, newState(far.g).s, 0, 1)).toBe(false);
    const back = table({ type: 'hill', circle: [18, 20, 3], level: 1 }, 18, 21.5, 90);
    expect(hasLos(back.m, newState(back.g).s, 0, 1)).toBe(false);
  });

  it('other bases block direct LOS (three-ray model: only if every line is blocked)', () => {
    const { g, m } = compile(doc([
      { id: 'a', side: 'A', model: 'Mako', x: 18, y: 4, heading: 0, weapon: 'photon' },
      { id: 'c', side: 'A', model: 'Mako', x: 18, y: 8, heading: 90, weapon: 'photon' },
      { id: 'b', side: 'B', model: 'Mako', x: 18, y: 20, heading: 90, weapon: 'kinetic' },
    ]));
    const s = newState(g).s;
    expect(hasLos(m, s, 0, 2)).toBe(false);
    // thermal fires semi-indirectly over the friendly base at a spotted target
    expect(computeLos(m, s, 0, 2, true)).toBe(true);
    const c2 = compile(doc([
      { id: 'a', side: 'A', model: 'Mako', x: 18, y: 4, heading: 0, weapon: 'photon' },
      { id: 'c', side: 'A', model: 'Mako', x: 18.2, y: 8, heading: 0, weapon: 'photon' },
      { id: 'b', side: 'B', model: 'Mako', x: 18, y: 20, heading: 90, weapon: 'kinetic' },
    ]));
    expect(hasLos(c2.m, newState(c2.g).s, 0, 2)).toBe(true); // partial blocking does not block
    const c3 = compile(doc([
      { id: 'a', side: 'A', model: 'Mako', x: 18, y: 4, heading: 0, weapon: 'photon' },
      { id: 'c', side: 'A', model: 'Mako', x: 18.2, y: 8, heading: 0, weapon: 'photon' },
      { id: 'b', side: 'B', model: 'Mako', x: 18, y: 20, heading: 90, weapon: 'kinetic' },
    ], { options: { losModel: 'centreToCentre' } }));
    expect(hasLos(c3.m, newState(c3.g).s, 0, 2)).toBe(false);
  });

  it('missiles fire indirectly at spotted targets only', () => {
    const { g, m } = compile(doc([
      { id: 'a', side: 'A', model: 'Mako', x: 10, y: 4, heading: 0, weapon: 'missile' },
      { id: 's', side: 'A', model: 'Mako', x: 30, y: 14, heading: 0, weapon: 'photon' },
      { id: 'b', side: 'B', model: 'Mako', x: 10, y: 16, heading: 90, weapon: 'kinetic' },
    ], {}, { terrain: [{ id: 'R', type: 'rock', rect: [8, 9, 12, 10] }, { id: 'R2', type: 'rock', rect: [20, 12, 21, 18] }] }));
    const s = newState(g).s;
    expect(hasLos(m, s, 0, 2)).toBe(false);
    expect(canTarget(m, s, 0, SLOT_MAIN, 2)).toBe(false); // the spotter's view is blocked too
    const g2 = compile(doc([
      { id: 'a', side: 'A', model: 'Mako', x: 10, y: 4, heading: 0, weapon: 'missile' },
      { id: 's', side: 'A', model: 'Mako', x: 30, y: 14, heading: 0, weapon: 'photon' },
      { id: 'b', side: 'B', model: 'Mako', x: 10, y: 16, heading: 90, weapon: 'kinetic' },
    ], {}, { terrain: [{ id: 'R', type: 'rock', rect: [8, 9, 12, 10] }] }));
    expect(canTarget(g2.m, newState(g2.g).s, 0, SLOT_MAIN, 2)).toBe(true); // spotted by 's'
  });
});

describe('movement over terrain', () => {
  it('half-speed terrain costs 2" per inch, quarter 4" (fractionOfSpeed) or 4/3" (reduction)', () => {
    // Mako speed 6": 4" of open ground to the feature, then the 2" left buy 1" (half) or 0.5" (quarter)
    const go = (type: string, opts: Record<string, unknown> = {}) => {
      const t = table({ type, rect: [10, 8, 26, 30] }, 30, 30, 90, 'photon', opts);
      const { s, ctx } = newState(t.g);
      s.units[0].allowance = allowanceOf(t.m, s, 0);
      return moveLeg(t.m, s, 0, 0, 10, false, ctx);
    };
    expect(go('sand')).toBeCloseTo(5);
    expect(go('largeInsect')).toBeCloseTo(4.5);
    expect(go('largeInsect', { terrainMoveModel: 'reduction' })).toBeCloseTo(4 + 1.5);
    expect(go('sand', { terrainMoveModel: 'reduction' })).toBeCloseTo(5);
  });

  it('an oil residue traps a crossing base on 5-6, stopping it in the middle of the transit', () => {
    const oil = table({ type: 'oil', circle: [18, 8, 1] }, 30, 30, 90);
    const { s } = newState(oil.g);
    const ctx = ctxWith(oil.g, new FixedDice([6]));
    s.units[0].allowance = 20;
    moveLeg(oil.m, s, 0, 0, 10, false, ctx);
    expect(s.units[0].trapped).toBe(true);
    expect(s.units[0].y).toBeCloseTo(8);
    expect(allowanceOf(oil.m, s, 0)).toBe(0);
  });

  it('bases never pass enemies or impassable rock; they stop in contact', () => {
    const rock = table({ type: 'rock', rect: [16, 10, 20, 11] }, 30, 30, 90);
    const { s, ctx } = newState(rock.g);
    s.units[0].allowance = 6;
    moveLeg(rock.m, s, 0, 0, 6, false, ctx);
    expect(s.units[0].y).toBeCloseTo(9.5);
  });
});
