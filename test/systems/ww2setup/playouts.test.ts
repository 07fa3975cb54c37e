/** Random playouts with invariants (the shared battery) on the bundled scenarios: one set-up a game, no decisions. */
import { describe, expect, it } from 'vitest';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { checkRandomPlayouts } from '../../helpers/playout.ts';

describe('ww2setup random playouts (shared battery) on the bundled scenarios', () => {
  const files = bundledScenarios('ww2setup');
  it('there are at least three bundled scenarios', () => expect(files.length).toBeGreaterThanOrEqual(3));
  for (const f of files)
    it(f.split('/').slice(-1)[0], () => {
      const stats = checkRandomPlayouts({ scenario: f, games: 300 });
      expect(stats.games).toBe(300);
      expect(stats.decisions).toBe(0);
      expect(stats.reasons).toEqual({ complete: 300 });
    });
});
