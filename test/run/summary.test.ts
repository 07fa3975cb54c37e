import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addGame, addShape, emptySummary, mergeSummary, SummaryRecorder } from '../../src/run/summary.ts';
import { END_REASONS, type GameResult } from '../../src/core/system.ts';

const result = (winner: number, reason: GameResult['reason'], detail: string, length = 3): GameResult => ({ winner, reason, detail, length });

describe('addGame', () => {
  it("counts each game in its own summary's details row, however the games of two summaries and of several endings interleave", () => {
    const a = emptySummary(2, 0, 0);
    const b = emptySummary(2, 0, 0);
    // The runner records most games of a batch with the same ending; here endings and summaries
    // change at every step, and the details must still be exact (the row of the last game is reused
    // only for the same summary and the same reason and detail).
    const games: Array<[typeof a, GameResult]> = [
      [a, result(0, 'victory', 'shot down')],
      [a, result(0, 'victory', 'shot down')],
      [b, result(0, 'victory', 'shot down')],
      [a, result(1, 'victory', 'shot down')],
      [a, result(-1, 'turn-limit', '12 turns')],
      [a, result(-1, 'turn-limit', '12 turns')],
      [b, result(1, 'victory', 'flag')],
      [a, result(1, 'victory', 'shot down')],
      [a, result(0, 'victory', '')],
    ];
    for (const [s, r] of games) addGame(s, r, [], 1, 0);
    expect(a.details).toEqual({ 'victory/shot down': [2, 2, 0], 'turn-limit/12 turns': [0, 0, 2], 'victory/-': [1, 0, 0] });
    expect(b.details).toEqual({ 'victory/shot down': [1, 0, 0], 'victory/flag': [0, 1, 0] });
    expect(a.games + b.games).toBe(games.length);
  });

  it('keeps counting into the merged summary after a merge (the rows stay the same arrays)', () => {
    const a = emptySummary(2, 0, 0);
    const b = emptySummary(2, 0, 0);
    addGame(a, result(0, 'victory', 'shot down'), [], 1, 0);
    addGame(b, result(1, 'victory', 'shot down'), [], 1, 0);
    mergeSummary(a, b);
    addGame(a, result(1, 'victory', 'shot down'), [], 1, 0);
    expect(a.details['victory/shot down']).toEqual([1, 2, 0]);
    expect(b.details['victory/shot down']).toEqual([0, 1, 0]);
  });
});

describe('SummaryRecorder (the runner records a batch with it)', () => {
  const reasons = [...END_REASONS, 'house-rule', 'sudden-death'];
  const value = fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: -5, max: -1 }), fc.constantFrom(0.5, 2.25, 1e10, -0, 255, 256), fc.integer({ min: 0, max: 3 }));
  const shape = fc.record({
    samples: fc.integer({ min: 0, max: 3 }),
    changes: value,
    firstSide: fc.integer({ min: -1, max: 1 }),
    minLead: value,
    maxLead: value,
    aheadSinceA: fc.integer({ min: -1, max: 300 }),
    aheadSinceB: fc.integer({ min: -1, max: 300 }),
  });
  const game = fc.record({
    winner: fc.integer({ min: -1, max: 1 }),
    reason: fc.constantFrom(...reasons),
    detail: fc.constantFrom('', 'shot down', '12 turns'),
    length: value,
    scalars: fc.tuple(value, value),
    shape: fc.option(shape),
  });

  it('gives, after flush(), the summary addGame and addShape give game by game, key order included', () => {
    fc.assert(
      fc.property(fc.array(game, { maxLength: 60 }), (games) => {
        const oneByOne = emptySummary(2, 2, 0);
        const recorded = emptySummary(2, 2, 0);
        const recorder = new SummaryRecorder(recorded);
        games.forEach((g, i) => {
          const r = { winner: g.winner, reason: g.reason as GameResult['reason'], detail: g.detail, length: g.length };
          addGame(oneByOne, r, g.scalars, i, 2 * i);
          recorder.game(r, g.scalars, i, 2 * i);
          if (g.shape === null) return;
          const t = { measure: { comebackMargin: 2 }, ...g.shape };
          addShape(oneByOne, t, r);
          recorder.shape(t, r);
        });
        expect(recorder.flush()).toBe(recorded);
        expect(JSON.stringify(recorded)).toBe(JSON.stringify(oneByOne));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps counting after a flush (one recorder, flushed between batches of games)', () => {
    const s = emptySummary(2, 1, 0);
    const recorder = new SummaryRecorder(s);
    recorder.game(result(0, 'victory', 'shot down', 4), [1], 1, 0);
    recorder.flush();
    recorder.game(result(-1, 'turn-limit', '12 turns', 4), [1], 1, 0);
    recorder.game(result(1, 'victory', 'shot down', 300), [-1], 1, 0);
    recorder.flush();
    expect(s.length).toEqual({ 4: 2, 300: 1 });
    expect(s.scalars[0]).toEqual({ 1: 2, '-1': 1 });
    expect(s.reasons).toMatchObject({ victory: 2, 'turn-limit': 1 });
  });
});
