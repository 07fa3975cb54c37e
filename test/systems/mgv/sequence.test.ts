/** Turn sequence (seed §1.7, spec §2; oracles T24-T26) driven with fixed roll-off dice. */
import { describe, expect, it } from 'vitest';
import { FixedDice, compile, ctxWith, doc } from './helpers.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import { Action, D_MOVE, D_FIRE, D_PASS_MOVE, D_PASS_FIRE, END_UNIT } from '../../../src/systems/mgv/actions.ts';
import type { MgvState } from '../../../src/systems/mgv/state.ts';
import { D } from '../../../src/systems/mgv/decisions/index.ts';

// two kinetic MGVs 30" apart: no target in range, fire phases end at once
const { g } = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 18, y: 3, heading: 0, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 33, heading: 180, weapon: 'kinetic' }]));

function start(faces: number[]) {
  const dice = new FixedDice(faces);
  const ctx = ctxWith(g, dice);
  const s = g.newGame(new Rng([1, 1, 1, 1]), ctx) as MgvState;
  return { s, ctx, dice };
}
const legal = (s: MgvState) => {
  const out = new Int32Array(g.maxActions);
  return Array.from(out.slice(0, g.legalActions(s, out)));
};

describe('X / Y / Z / F', () => {
  it('X roll: the higher die wins; ties are re-rolled; the winner chooses MOVE or FIRE (or passes)', () => {
    const { s, dice } = start([3, 3, 2, 5]);
    expect(dice.used()).toBe(4);
    expect(D.currentKind(s)).toBe('main');
    expect(g.currentSide(s)).toBe(1);
    expect(legal(s).sort()).toEqual([Action.encode.declare(D_MOVE), Action.encode.declare(D_FIRE), Action.encode.declare(D_PASS_MOVE), Action.encode.declare(D_PASS_FIRE)].sort());
  });

  it('T24: X A wins and MOVEs; Y A wins: A must FIRE; no Z roll; B chooses the order of Z and F', () => {
    const { s, ctx, dice } = start([6, 1, 6, 2]);
    expect(g.currentSide(s)).toBe(0);
    g.apply(s, Action.encode.declare(D_MOVE), ctx);
    expect(D.currentKind(s)).toBe('move');
    g.apply(s, END_UNIT, ctx);
    // Y: A wins again -> its FIRE is forced (no decision), the fire phase finds no target and ends
    expect(s.used).toEqual([1, 1, 0, 0]);
    expect(dice.used()).toBe(4); // no Z roll
    expect(s.slot).toBe(2);
    expect(D.currentKind(s)).toBe('main');
    expect(g.currentSide(s)).toBe(1);
    expect(legal(s)).toHaveLength(4); // B has both actions left: it chooses which comes first
    g.apply(s, Action.encode.declare(D_PASS_FIRE), ctx);
    // F: B's remaining MOVE, forced
    expect(s.slot).toBe(3);
    expect(s.phaseSide).toBe(1);
    expect(s.phaseType).toBe(0);
  });

  it('T25: X A FIREs; Y B wins and chooses MOVE; Z A wins: Z = A MOVE; F = B FIRE', () => {
    const { s, ctx } = start([6, 1, 1, 6, 5, 4]);
    g.apply(s, Action.encode.declare(D_FIRE), ctx); // no target: the phase ends
    expect(s.slot).toBe(1);
    expect(g.currentSide(s)).toBe(1);
    expect(legal(s)).toHaveLength(4);
    g.apply(s, Action.encode.declare(D_PASS_MOVE), ctx);
    // Z roll 5 v 4: A wins; its remaining action is MOVE (forced)
    expect(s.slot).toBe(2);
    expect(s.phaseSide).toBe(0);
    expect(s.phaseType).toBe(0);
    expect(D.currentKind(s)).toBe('move');
    g.apply(s, END_UNIT, ctx);
    // F: B fires (no target): the turn reaches Reset and turn 2 starts with an X roll
    expect(s.turn).toBe(2);
    expect(s.used).toEqual([0, 0, 0, 0]);
  });

  it('T26: X A wins and passes declaring MOVE: its move is used, it can only FIRE later', () => {
    const { s, ctx } = start([6, 1, 6, 1]);
    g.apply(s, Action.encode.declare(D_PASS_MOVE), ctx);
    expect(s.used[0]).toBe(1);
    // Y: A wins again: FIRE is its only action left (forced, no MOVE offered)
    expect(s.slot).toBeGreaterThanOrEqual(2);
    expect(s.used[1]).toBe(1);
    expect(g.currentSide(s)).toBe(1);
  });
});
