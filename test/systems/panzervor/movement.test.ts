/** T-MOVE (spec §8.2) and the movement worked examples EX-05, EX-06 (seed p9). */
import { describe, expect, it } from 'vitest';
import { DIR_NAMES } from '../../../src/core/geometry/hex/index.ts';

import { canChoose, choose, compileDoc, hexOf, legalTexts, setup, tankIndex, type DocSpec } from './helpers.ts';
import { decisionOf } from '../../../src/systems/panzervor/actions.ts';

/** Movement 3 tank (Tiger I, seed p9) at 0808 facing N on a clear map; an enemy far away. */
function mover(extra: Partial<DocSpec> = {}, card = 'move') {
  const game = compileDoc({ a: [{ id: 'T', tank: 'tiger1', hex: '0808', facing: 'N' }, ...(extra.a ?? [])], b: [{ id: 'E', tank: 'm4', hex: '0116', facing: 'N' }], ...extra, ...(extra.a ? { a: [{ id: 'T', tank: 'tiger1', hex: '0808', facing: 'N' }, ...extra.a] } : {}) });
  const { G, s, ctx } = setup(game, { hands: [{ [card]: 1 }, {}] });
  choose(game, s, ctx, `play ${G.kName[G.kId.indexOf(card)]}`);
  choose(game, s, ctx, 'T (Tiger I) acts');
  expect(decisionOf(s)).toBe('move');
  const t = tankIndex(G, 'T');
  const where = () => `${G.grid.id(s.hex[t])} ${DIR_NAMES[s.facing[t]]}`;
  return { game, G, s, ctx, t, where };
}

describe('T-MOVE: Movement 3, start 0808 facing N, clear map (spec §8.2)', () => {
  it('M1: forward, free 60-degree turn, forward, forward: ends 1006 facing NE with 0 MP', () => {
    const { game, s, ctx, where } = mover();
    choose(game, s, ctx, 'forward to 0807');
    expect(s.mvMp).toBe(2);
    choose(game, s, ctx, 'turns right 1 hex-side to NE');
    expect(s.mvMp).toBe(2); // free after entering a hex
    choose(game, s, ctx, 'forward to 0907');
    choose(game, s, ctx, 'forward to 1006');
    expect(s.mvMp).toBe(0);
    expect(where()).toBe('1006 NE');
    choose(game, s, ctx, 'stop');
    expect(decisionOf(s)).toBe('action');
  });

  it('M2: turn to S in place (1), forward, forward: ends 0810 facing S', () => {
    const { game, s, ctx, where } = mover();
    choose(game, s, ctx, 'turns right 3 hex-sides to S');
    expect(s.mvMp).toBe(2);
    choose(game, s, ctx, 'forward to 0809');
    choose(game, s, ctx, 'forward to 0810');
    expect(where()).toBe('0810 S');
    expect(s.mvMp).toBe(0);
  });

  it('M3: reverse (2), free turn to NE, forward: ends 0909 facing NE', () => {
    const { game, s, ctx, where } = mover();
    choose(game, s, ctx, 'reverses to 0809');
    expect(s.mvMp).toBe(1);
    choose(game, s, ctx, 'turns right 1 hex-side to NE');
    expect(s.mvMp).toBe(1); // the 60-degree turn after a reverse is free too (seed p9)
    choose(game, s, ctx, 'forward to 0909');
    expect(where()).toBe('0909 NE');
    expect(s.mvMp).toBe(0);
  });

  it('M4: forward, 120-degree turn to SE (1), forward: legal, ends 0908', () => {
    const { game, s, ctx, where } = mover();
    choose(game, s, ctx, 'forward to 0807');
    choose(game, s, ctx, 'turns right 2 hex-sides to SE');
    expect(s.mvMp).toBe(1);
    choose(game, s, ctx, 'forward to 0908');
    expect(where()).toBe('0908 SE');
  });

  it('M5: forward, free turn NE, turn again to SE (1): legal with 1 MP left, as M4', () => {
    const { game, s, ctx, where } = mover();
    choose(game, s, ctx, 'forward to 0807');
    choose(game, s, ctx, 'turns right 1 hex-side to NE');
    choose(game, s, ctx, 'turns right 1 hex-side to SE');
    expect(s.mvMp).toBe(1);
    expect(where()).toBe('0807 SE');
  });

  it('M6: reverse, reverse is illegal (needs 4 MP)', () => {
    const { game, s, ctx } = mover();
    choose(game, s, ctx, 'reverses to 0809');
    expect(s.mvMp).toBe(1);
    expect(canChoose(game, s, 'reverses')).toBe(false);
    expect(canChoose(game, s, 'forward to 0808')).toBe(true);
  });

  it('M7: a turn in place costs 1 MP (no free turn before moving)', () => {
    const { game, s, ctx, where } = mover();
    choose(game, s, ctx, 'turns right 1 hex-side to NE');
    expect(s.mvMp).toBe(2);
    expect(where()).toBe('0808 NE');
    // A second turn is a turn in place too: 1 MP however many hex-sides.
    choose(game, s, ctx, 'turns right 3 hex-sides to SW');
    expect(s.mvMp).toBe(1);
  });

  it('M8: moving into a forest hex or an occupied hex is illegal', () => {
    const forest = mover({ terrain: { '0807': 'forest' } });
    expect(canChoose(forest.game, forest.s, 'forward to 0807')).toBe(false);
    expect(canChoose(forest.game, forest.s, 'reverses to 0809')).toBe(true);
    const occupied = mover({ a: [{ id: 'F', tank: 'm4', hex: '0807' }] });
    expect(canChoose(occupied.game, occupied.s, 'forward to 0807')).toBe(false);
    const enemy = compileDoc({ a: [{ id: 'T', tank: 'tiger1', hex: '0808' }], b: [{ id: 'E', tank: 'm4', hex: '0809' }] });
    const e = setup(enemy, { hands: [{ move: 1 }, {}] });
    choose(enemy, e.s, e.ctx, 'play Move');
    choose(enemy, e.s, e.ctx, 'T (Tiger I) acts');
    expect(canChoose(enemy, e.s, 'reverses to 0809')).toBe(false);
  });

  it('M9: Movement 3 + Full Speed Ahead: 5 forward hexes', () => {
    const { game, s, ctx, where } = mover({}, 'full_speed_ahead');
    expect(s.mvMp).toBe(5);
    for (const h of ['0807', '0806', '0805', '0804', '0803']) choose(game, s, ctx, `forward to ${h}`);
    expect(where()).toBe('0803 N');
    expect(s.mvMp).toBe(0);
  });

  it('terrain costs: a hill costs 2 forward, 4 in reverse (2 x terrain, A-08)', () => {
    const { game, s, ctx } = mover({ terrain: { '0807': 'hill', '0809': 'hill' } }, 'full_speed_ahead');
    choose(game, s, ctx, 'forward to 0807');
    expect(s.mvMp).toBe(3);
    choose(game, s, ctx, 'reverses to 0808');
    expect(s.mvMp).toBe(1);
    expect(canChoose(game, s, 'reverses to 0809')).toBe(false);
  });

  it('prohibited: off the map', () => {
    const game = compileDoc({ a: [{ id: 'T', tank: 'tiger1', hex: '0801', facing: 'N' }], b: [{ id: 'E', tank: 'm4', hex: '0116' }] });
    const { s, ctx } = setup(game, { hands: [{ move: 1 }, {}] });
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'T (Tiger I) acts');
    expect(legalTexts(game, s).some((t) => t.includes('forward'))).toBe(false);
  });
});

describe('movement worked examples (seed p9)', () => {
  it('EX-05: Tiger I, Move card, 0808 facing N: may end at 0807, 0806 or 0805; stopping at 0806 forfeits 1 MP', () => {
    const { game, G, s, ctx, t } = mover();
    choose(game, s, ctx, 'forward to 0807');
    expect(canChoose(game, s, 'stop')).toBe(true);
    choose(game, s, ctx, 'forward to 0806');
    expect(s.mvMp).toBe(1);
    choose(game, s, ctx, 'stop');
    expect(s.hex[t]).toBe(hexOf(G, '0806'));
    expect(decisionOf(s)).toBe('action');
    expect(s.mvTank).toBe(-1); // the last MP is gone with the move
    const far = mover();
    for (const h of ['0807', '0806', '0805']) choose(far.game, far.s, far.ctx, `forward to ${h}`);
    expect(far.s.hex[far.t]).toBe(hexOf(far.G, '0805'));
  });

  it('EX-06: Panzer IV Movement 3 + Full Speed Ahead + Reizei\'s movement +2 = 7 MP', () => {
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4d', hex: '0808', character: { id: 'mako' } }], b: [{ id: 'E', tank: 'm4', hex: '0116' }] });
    const { G, s, ctx } = setup(game, { hands: [{ full_speed_ahead: 1 }, {}] });
    choose(game, s, ctx, 'play Full Speed Ahead');
    choose(game, s, ctx, 'P (PzIV D) acts');
    expect(s.mvMp).toBe(5);
    choose(game, s, ctx, 'Mako Reizei adds a movement bonus');
    expect(s.mvMp).toBe(7);
    // One ability per move: no second movement bonus on this move; Mako is now face down.
    expect(canChoose(game, s, 'movement bonus')).toBe(false);
    expect(s.chFace[G.cTypeId.indexOf('mako')]).toBe(1);
  });
});
