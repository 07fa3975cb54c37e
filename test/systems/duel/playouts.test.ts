/** Random and scripted playouts of the duel under every option and a handicap (the shared battery, with invariants). */
import { describe, expect, it } from 'vitest';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { checkRandomPlayouts } from '../../helpers/playout.ts';

function scenario(options: Record<string, unknown>, wounds?: [number, number]) {
  return compileScenarioDocument({ system: 'duel', id: 'duel-test', name: 'duel test', options, scenario: { sides: ['A', 'B'], ...(wounds ? { wounds } : {}) } }, 'duel-test.yaml');
}

describe('duel playouts', () => {
  for (const firstPlayer of ['A', 'B', 'random']) {
    it(`firstPlayer ${firstPlayer}: random and named agents, read-only observations, every game ends by the rules`, () => {
      const st = checkRandomPlayouts({ scenario: scenario({ firstPlayer }, [2, 5]), games: 200, seed: 11, cloneEvery: 1, readOnlyObservations: true });
      expect(st.games).toBe(200);
      expect(st.reasons['safety-cap'] ?? 0).toBe(0);
      const named = checkRandomPlayouts({ scenario: scenario({ firstPlayer }), games: 50, seed: 12, agents: ['patient:aimTo=1', 'trigger-happy'], readOnlyObservations: true });
      expect(Object.keys(named.reasons).every((r) => r === 'victory' || r === 'turn-limit')).toBe(true);
    });
  }

  it('a one-round duel with ten wounds each always ends at the turn limit, in one or two decisions', () => {
    const loaded = compileScenarioDocument({ system: 'duel', id: 'short', name: 'short', overrides: { turnLimit: 1 }, scenario: { sides: ['A', 'B'], wounds: [10, 10] } }, 'short.yaml');
    const st = checkRandomPlayouts({ scenario: loaded, games: 50, seed: 3 });
    expect(st.reasons).toEqual({ 'turn-limit': 50 });
    expect(st.maxDecisionsInAGame).toBe(2);
  });
});
