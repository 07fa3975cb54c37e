/** The duel's rules (RULES.md §1-§5) as worked examples with scripted dice. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng/rng.ts';
import { Purpose, streamFor } from '../../../src/core/rng/streams.ts';
import { Action, AIM, FIRE } from '../../../src/systems/duel/actions.ts';
import { M } from '../../../src/systems/duel/metrics.ts';
import { ctxWith, duelGame } from './helpers.ts';

const setup = new Rng([9, 8, 7, 6]);

function legal(game: ReturnType<typeof duelGame>, s: Parameters<ReturnType<typeof duelGame>['legalActions']>[0]): number[] {
  const out = new Int32Array(game.maxActions);
  return Array.from(out.subarray(0, game.legalActions(s, out)));
}

describe('duel rules', () => {
  it('§1 each side starts with the rules wounds, or the scenario handicap', () => {
    expect(duelGame().newGame(setup, ctxWith(duelGame(), []).ctx).wounds).toEqual([3, 3]);
    const g = duelGame({ wounds: [1, 4] });
    expect(g.newGame(setup, ctxWith(g, []).ctx).wounds).toEqual([1, 4]);
  });

  it('§3 aim adds +1 up to maxAim; at the maximum only firing is legal (aim listed first)', () => {
    const g = duelGame();
    const { ctx } = ctxWith(g, []);
    const s = g.newGame(setup, ctx);
    expect(legal(g, s)).toEqual([AIM, FIRE]);
    g.apply(s, AIM, ctx); // A aims
    g.apply(s, AIM, ctx); // B aims
    g.apply(s, AIM, ctx); // A aims to +2 = maxAim
    expect(s.aim).toEqual([2, 1]);
    g.apply(s, AIM, ctx); // B
    expect(legal(g, s)).toEqual([FIRE]);
    expect(Action.is(FIRE, 'fire')).toBe(true);
    expect(ctx.tally.scalars[M.scalar.aimsTaken]).toBe(4);
  });

  it('§4 fire: 2d6 = 3+3 = 6, +2 aim = 8 vs target 8 hits, removes one wound and spends the aim', () => {
    const g = duelGame();
    const log: string[] = [];
    const { ctx, dice, tally } = ctxWith(g, [3, 3], log);
    const s = g.newGame(setup, ctx);
    s.aim[0] = 2;
    g.apply(s, FIRE, ctx);
    expect(dice.done).toBe(true);
    expect(s.wounds).toEqual([3, 2]);
    expect(s.aim).toEqual([0, 0]);
    expect(s.active).toBe(1);
    expect(log).toEqual(['2d6 = 6, + aim 2 = 8 vs target 8: hit']);
    expect(tally.cells[M.col.shots]).toBe(1);
    expect(tally.cells[M.col.hits]).toBe(1);
  });

  it('§4 a total of 7 misses (one short), and the aim is spent anyway', () => {
    const g = duelGame();
    const log: string[] = [];
    const { ctx } = ctxWith(g, [6, 1], log);
    const s = g.newGame(setup, ctx);
    s.aim[0] = 0;
    g.apply(s, FIRE, ctx);
    expect(s.wounds).toEqual([3, 3]);
    expect(log).toEqual(['2d6 = 7, + aim 0 = 7 vs target 8: miss']);
  });

  it('§5 the last wound ends the duel at once: no end of turn, the shooter wins', () => {
    const g = duelGame({ wounds: [3, 1] });
    const { ctx, tally } = ctxWith(g, [6, 6]);
    const s = g.newGame(setup, ctx);
    g.apply(s, FIRE, ctx);
    expect(s.over).toBe(true);
    expect(s.active).toBe(0);
    expect(g.result(s)).toEqual({ winner: 0, reason: 'victory', detail: 'shot down', length: 1 });
    expect(tally.cells[M.col.kills]).toBe(1);
  });

  it('§2/§5 a round ends after B acts, even when B went first; after turnLimit rounds it is a draw', () => {
    const g = duelGame({ firstPlayer: 'B', rules: { turnLimit: 2 } });
    const { ctx } = ctxWith(g, [1, 1, 1, 1, 1, 1]);
    const s = g.newGame(setup, ctx);
    expect(s.active).toBe(1);
    g.apply(s, FIRE, ctx); // B, round 1 ends
    expect([s.turn, s.active]).toEqual([2, 0]);
    g.apply(s, FIRE, ctx); // A
    expect(g.result(s)).toBeNull();
    g.apply(s, FIRE, ctx); // B, round 2 ends: the limit
    expect(g.result(s)).toEqual({ winner: -1, reason: 'turn-limit', detail: '2 turns', length: 2 });
  });

  it('option firstPlayer random draws the first side from the set-up stream', () => {
    const g = duelGame({ firstPlayer: 'random' });
    const firsts = new Set<number>();
    for (let i = 1; i <= 20; i++) firsts.add(g.newGame(streamFor(i, 0, Purpose.setup), ctxWith(g, []).ctx).active);
    expect([...firsts].sort()).toEqual([0, 1]);
  });

  it('observations share nothing with the state; determinize is a plain copy', () => {
    const g = duelGame();
    const { ctx } = ctxWith(g, []);
    const s = g.newGame(setup, ctx);
    const o = g.observe(s, 1);
    expect(o).toEqual({ me: 1, wounds: [3, 3], aim: [0, 0], target: 8, maxAim: 2 });
    expect(o.wounds).not.toBe(s.wounds);
    const d = g.determinize!(s, 0, setup);
    expect(d).toEqual(s);
    expect(d.aim).not.toBe(s.aim);
  });

  it('evaluate is 1 / 0 / 0.5 at the end and even at the start of a symmetric duel', () => {
    const g = duelGame();
    const { ctx } = ctxWith(g, []);
    const s = g.newGame(setup, ctx);
    expect(g.evaluate!(s, 0)).toBeCloseTo(0.5, 12);
    s.wounds[1] = 1;
    expect(g.evaluate!(s, 0)).toBeGreaterThan(0.5);
    s.over = true;
    s.winner = 0;
    expect([g.evaluate!(s, 0), g.evaluate!(s, 1)]).toEqual([1, 0]);
  });

  it('invariants flag a broken state', () => {
    const g = duelGame();
    const { ctx } = ctxWith(g, []);
    const s = g.newGame(setup, ctx);
    expect(g.checkInvariants!(s)).toEqual([]);
    s.aim[1] = 3;
    s.wounds[0] = 0;
    expect(g.checkInvariants!(s)).toEqual(['side 1 aim 3 out of range', 'a side has no wound left but the duel goes on']);
  });
});
