/** Every exact twin against its sampler built on the engine's roll code (|p̂ − p| ≤ 4σ). */
import { describe, expect, it } from 'vitest';
import { checkSampled } from '../../../src/core/dice/sampled-check.ts';
import { at43Odds } from '../../../src/systems/at43/odds.ts';
import { AT43_OPTIONS } from '../../../src/systems/at43/options.ts';
import { optionDefaults } from '../../../src/core/options.ts';
import { RULES } from './helpers.ts';

const opts = optionDefaults(AT43_OPTIONS);

describe('exact vs sampled, every mechanic', () => {
  for (const m of at43Odds.mechanics) {
    for (const q of m.checkParams ?? [{}]) {
      it(`${m.name} ${JSON.stringify(q)}`, () => {
        const exact = m.exact!(RULES, opts, q);
        const r = checkSampled({ exact, sample: (rng) => m.sample!(RULES, opts, q, rng), n: 20000, seed: `at43-${m.name}-${JSON.stringify(q)}` });
        expect(r.ok, JSON.stringify(r.cells.filter((c) => !c.ok))).toBe(true);
      });
    }
  }
  it('every mechanic renders its table', () => {
    for (const m of at43Odds.mechanics) {
      const params: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(m.params)) params[k] = s.default;
      expect(m.table(RULES, opts, params as never).rows.length).toBeGreaterThan(0);
    }
  });
});
