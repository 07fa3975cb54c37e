/** The generic search agents on the two imperfect-information systems (Panzer Vor!, MGV). */
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { ROOT } from '../helpers/bundled.ts';
import { playChecked, replay } from './helpers.ts';

const cases = [
  ['panzervor', `${ROOT}/scenarios/panzervor/fake-battle.yaml`, 'marksman'],
  ['mgv', `${ROOT}/scenarios/mgv/sample-duel.yaml`, 'standoff'],
] as const;

for (const [id, file, heuristic] of cases) {
  describe(`generic search agents on ${id}`, () => {
    const loaded = loadScenarioFile(file);

    it('choose legal actions, leave the real game alone, and the game replays without them', () => {
      for (let g = 0; g < 2; g++) {
        const played = playChecked(loaded, ['mcts:iterations=8', 'lookahead:samples=1'], 21, g, id === 'mgv' ? 120 : 250);
        expect(played.asked).toBeGreaterThan(10);
        const again = replay(loaded, played.actions, 21, g);
        expect(again.dice).toBe(played.dice);
        expect(again.result).toEqual(played.result.reason === 'safety-cap' ? null : played.result);
      }
      playChecked(loaded, [heuristic, 'mcts:iterations=5:depth=3'], 22, 0, 300);
    });

    it('are deterministic under hidden information: the same seed gives the same decisions', () => {
      const a = playChecked(loaded, ['mcts:iterations=10', 'random'], 8, 3, 150).actions;
      const b = playChecked(loaded, ['mcts:iterations=10', 'random'], 8, 3, 150).actions;
      expect(a).toEqual(b);
    });
  });
}
