/** Exact odds of the duel as fractions, exact vs sampled, and the whole engine (runner + agents) vs exact. */
import { describe, expect, it } from 'vitest';
import { assertSampled } from '../../../src/core/dice/sampled-check.ts';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { findMechanic, resolveOddsParams } from '../../../src/core/odds.ts';
import { planForScenario } from '../../../src/app/execute.ts';
import { runPlan } from '../../../src/run/pool.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { system } from '../../../src/systems/duel/index.ts';
import { duelChances } from '../../../src/systems/duel/odds.ts';
import { pHit } from '../../../src/systems/duel/rules/rolls.ts';
import { ROOT } from '../../helpers/bundled.ts';
import type { Options } from '../../../src/systems/duel/options.ts';
import { DEFAULT_RULES } from './helpers.ts';

const F = Fraction.of;
const A_FIRST: Options = { firstPlayer: 'A' };

describe('duel exact odds', () => {
  it('P(hit) = P(2d6 + aim >= 8): 15/36, 21/36, 26/36 at aim 0, 1, 2', () => {
    expect(pHit(0, 8).equals(F(5, 12))).toBe(true);
    expect(pHit(1, 8).equals(F(7, 12))).toBe(true);
    expect(pHit(2, 8).equals(F(13, 18))).toBe(true);
    expect(pHit(0, 13).isZero()).toBe(true);
  });

  it('one round, one wound each, both fire at once: A 5/12, B 7/12·5/12, draw (7/12)²', () => {
    const c = duelChances({ ...DEFAULT_RULES, turnLimit: 1 }, A_FIRST, [0, 0], [1, 1]);
    expect(c.map(String)).toEqual([F(5, 12), F(35, 144), F(49, 144)].map(String));
  });

  it('30 rounds, one wound each, both fire at once: P(A) = p(1 − q^60)/(1 − q²)', () => {
    const p = F(5, 12);
    const q = F(7, 12);
    const c = duelChances(DEFAULT_RULES, A_FIRST, [0, 0], [1, 1]);
    expect(c[0].equals(p.mul(Fraction.ONE.sub(q.pow(60))).div(Fraction.ONE.sub(q.pow(2))))).toBe(true);
    expect(c[2].equals(q.pow(60))).toBe(true);
    expect(Fraction.sum(c).equals(Fraction.ONE)).toBe(true);
  });

  it('firstPlayer random is the even mixture of both orders', () => {
    const a = duelChances(DEFAULT_RULES, { firstPlayer: 'A' }, [2, 0], [2, 3]);
    const b = duelChances(DEFAULT_RULES, { firstPlayer: 'B' }, [2, 0], [2, 3]);
    const r = duelChances(DEFAULT_RULES, { firstPlayer: 'random' }, [2, 0], [2, 3]);
    for (let i = 0; i < 3; i++) expect(r[i].equals(a[i].add(b[i]).div(F(2)))).toBe(true);
  });

  it('exact vs sampled (the compiled engine plays each sample) at 20 000 samples', () => {
    for (const name of ['hit', 'duel']) {
      const mech = findMechanic(system.odds!, name)!;
      for (const given of [{}, ...(mech.checkParams ?? [])]) {
        const [params] = resolveOddsParams(mech, given);
        const exact = mech.exact!(DEFAULT_RULES, A_FIRST, params);
        assertSampled({ exact, sample: (rng) => mech.sample!(DEFAULT_RULES, A_FIRST, params, rng), n: 20_000, seed: 3 }, `${name} ${JSON.stringify(given)}`);
      }
    }
  });

  it('the runner with the real agents (patient vs trigger-happy, high noon) matches the exact P(win) within 4σ', async () => {
    const loaded = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
    const N = 6000;
    const run = await runPlan(planForScenario(loaded, { games: N, seed: 41 }), { workers: 0 });
    const p = duelChances(DEFAULT_RULES, A_FIRST, [2, 0], [3, 3])[0].toNumber();
    const phat = run.summaries[0].wins[0] / N;
    expect(Math.abs(phat - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / N));
  });

  it('the table follows house rules (target 7 raises every P(hit))', () => {
    const mech = findMechanic(system.odds!, 'hit')!;
    const [params] = resolveOddsParams(mech, {});
    const base = mech.table(DEFAULT_RULES, A_FIRST, params);
    const easier = mech.table({ ...DEFAULT_RULES, target: 7 }, A_FIRST, params);
    expect(base.rows.map((r) => r.key.aim)).toEqual([0, 1, 2]);
    expect(String(easier.rows[0].cells.hit)).toBe(String(F(7, 12)));
  });
});
