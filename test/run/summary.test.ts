import { describe, expect, it } from 'vitest';
import { addGame, emptySummary, mergeSummary } from '../../src/run/summary.ts';
import type { GameResult } from '../../src/core/system.ts';

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
