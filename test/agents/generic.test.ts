/** The generic search agents on the example system (perfect information). */
import { describe, expect, it } from 'vitest';
import { playMatch, points } from '../../src/agents/match.ts';
import { wilson } from '../../src/analysis/intervals.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { ROOT } from '../helpers/bundled.ts';
import { playChecked, replay } from './helpers.ts';

const duel = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);

describe('generic search agents on duel', () => {
  it('choose legal actions and leave the real game alone (state, dice, tally, legal buffer)', () => {
    for (let g = 0; g < 10; g++) {
      const r = playChecked(duel, ['mcts:iterations=40', 'lookahead:samples=3'], 3, g);
      expect(r.asked).toBeGreaterThan(0);
      playChecked(duel, ['random', 'mcts:iterations=25:depth=0'], 3, g);
    }
  });

  it('are deterministic: the same seed gives the same decisions', () => {
    for (const agent of ['mcts:iterations=60', 'lookahead']) {
      const a = playChecked(duel, [agent, 'random'], 11, 5).actions;
      const b = playChecked(duel, [agent, 'random'], 11, 5).actions;
      expect(a).toEqual(b);
    }
  });

  it("the game's dice depend only on the actions: a game with search agents replays exactly without them", () => {
    for (const [a, b] of [['mcts:iterations=20', 'mcts:iterations=200'], ['lookahead:samples=5', 'mcts:iterations=10']]) {
      for (let g = 0; g < 4; g++) {
        const played = playChecked(duel, [a, b], 5, g);
        const again = replay(duel, played.actions, 5, g);
        expect(again.dice).toBe(played.dice);
        expect(again.result).toEqual(played.result);
      }
    }
  });

  it('mcts (200 iterations) beats random: win rate over 400 games, both seatings, lower 95% bound above 1/2', () => {
    const [m, r] = playMatch(duel, 'mcts', 'random', 1, 200);
    expect(m.games).toBe(400);
    const [lo] = wilson(points(m), m.games);
    // Observed 0.65 [0.60, 0.70] at seed 1.
    expect(lo).toBeGreaterThan(0.5);
    expect(points(m) + points(r)).toBe(400);
  });

  it('mcts holds its own against the optimal policy (always fire: 50% is the most anyone can score against it)', () => {
    // Exact: always firing is optimal in high-noon (a best response to it scores 50% over both seats).
    const [m] = playMatch(duel, 'mcts', 'trigger-happy', 2, 150);
    const rate = points(m) / m.games;
    expect(rate).toBeGreaterThan(0.44);
  });
});
