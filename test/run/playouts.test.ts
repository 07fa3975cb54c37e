/**
 * The shared random-playout battery on every bundled scenario, whatever its system: a new system's
 * scenarios are covered the moment they are bundled (systems run longer batteries in their own tests).
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRandomPlayouts } from '../helpers/playout.ts';
import { bundledScenarios, ROOT } from '../helpers/bundled.ts';

describe('random playouts with invariants on every bundled scenario', () => {
  for (const file of bundledScenarios()) {
    it(relative(ROOT, file), () => {
      const stats = checkRandomPlayouts({ scenario: file, games: 25, seed: 2024 });
      expect(stats.games).toBe(25);
      expect(stats.reasons['safety-cap'] ?? 0).toBe(0);
    });
  }
});
