/** NTBEA on toy landscapes: it finds the optimum of a noisy separable function, and is a pure function of its seed. */
import { describe, expect, it } from 'vitest';
import { NTupleModel, ntbea } from '../../src/answers/ntbea.ts';
import { Rng } from '../../src/core/rng/rng.ts';

/** Win probability peaking at (3, 1, 4) on a 6 x 4 x 6 grid, with an interaction between dims 0 and 2. */
function landscape(p: readonly number[]): number {
  const d = Math.abs(p[0] - 3) + Math.abs(p[1] - 1) + Math.abs(p[2] - 4) + (p[0] === 3 && p[2] === 4 ? 0 : 0.5);
  return 0.8 - 0.08 * d;
}

describe('NTBEA', () => {
  it('finds the optimum of a noisy landscape (Bernoulli evaluations) from a poor start', async () => {
    let hits = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const noise = new Rng([seed, 9, 9, 9]);
      const r = await ntbea([6, 4, 6], (p) => (noise.float() < landscape(p) ? 1 : 0), { evaluations: 400, start: [0, 3, 0] }, new Rng([seed, 1, 2, 3]));
      expect(r.steps).toHaveLength(400);
      if (r.best.join() === '3,1,4') hits++;
      // Whatever it recommends is near the top of the landscape.
      expect(landscape(r.best)).toBeGreaterThan(0.6);
    }
    expect(hits).toBeGreaterThanOrEqual(3);
  });

  it('with no budget for exploration beyond the start, recommends the start', async () => {
    const r = await ntbea([3, 3], () => 0.5, { evaluations: 1, start: [2, 1] }, new Rng([1, 1, 1, 1]));
    expect(r.best).toEqual([2, 1]);
  });

  it('is deterministic: the same seed and values give the same steps and recommendation', async () => {
    const run = () => ntbea([5, 5, 3], (p) => landscape([p[0], p[2] % 4, p[1]]), { evaluations: 60 }, new Rng([7, 7, 7, 7]));
    const a = await run();
    const b = await run();
    expect(a.steps).toEqual(b.steps);
    expect(a.best).toEqual(b.best);
  });

  it('the model averages 1-tuples, 2-tuples and the whole point; unseen combinations get the exploration bonus', () => {
    const m = new NTupleModel([2, 2, 2]);
    expect(m.tuples).toHaveLength(3 + 3 + 1);
    m.add([0, 0, 0], 1);
    m.add([1, 0, 0], 0);
    expect(m.estimate([0, 0, 0])).toBeCloseTo((1 + 0.5 + 0.5 + 1 + 1 + 0.5 + 1) / 7, 12);
    expect(m.marginal(0)).toEqual([{ n: 1, mean: 1 }, { n: 1, mean: 0 }]);
    expect(m.ucb([1, 1, 1], 0.5)).toBeGreaterThan(m.ucb([0, 0, 0], 0.5));
  });
});
