import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLadder, luckShare, runLadder } from '../../src/answers/ladder.ts';
import { loadSubject } from '../../src/answers/subject.ts';
import { ROOT } from '../helpers/bundled.ts';
import { duelExact } from './duel-exact.ts';

describe('luck share (one-way ANOVA of side A score over seated pairings)', () => {
  it('is 0 when the pairing decides every game, 1 when no pairing differs', () => {
    expect(luckShare([{ a: 'x', b: 'y', games: 100, winsA: 100, winsB: 0, draws: 0 }, { a: 'y', b: 'x', games: 100, winsA: 0, winsB: 100, draws: 0 }])).toBe(0);
    expect(luckShare([{ a: 'x', b: 'y', games: 100, winsA: 50, winsB: 50, draws: 0 }, { a: 'y', b: 'x', games: 100, winsA: 50, winsB: 50, draws: 0 }])).toBeCloseTo(1, 12);
  });

  it('matches the closed form: two pairings at p and q, equal sizes', () => {
    const [p, q, n] = [0.8, 0.3, 1000];
    const within = p * (1 - p) + q * (1 - q);
    const m = (p + q) / 2;
    const expected = (n * within) / (2 * n * m * (1 - m));
    expect(luckShare([{ a: 'x', b: 'y', games: n, winsA: p * n, winsB: n - p * n, draws: 0 }, { a: 'y', b: 'x', games: n, winsA: q * n, winsB: n - q * n, draws: 0 }])).toBeCloseTo(expected, 12);
  });
});

describe('salvo ladder on the duel', () => {
  it('lists random, the scripted agents and mcts at 1x, 2x, 4x its budget, and its pairings agree with the exact twin', async () => {
    const subject = loadSubject(join(ROOT, 'scenarios/duel/high-noon.yaml'));
    const agents = defaultLadder(subject);
    expect(agents.map((a) => a.name).slice(0, 3)).toEqual(['random', 'trigger-happy', 'patient']);
    expect(defaultLadder(subject, 30).slice(3)).toEqual([30, 60, 120].map((iterations) => ({ name: 'mcts', params: { iterations } })));
    const r = await runLadder(subject, agents.slice(0, 3), { games: 3000, workers: 0 });
    expect(r.pairings).toHaveLength(6);
    const pt = r.pairings.find((p) => p.a === 'patient' && p.b === 'trigger-happy')!;
    const exact = duelExact({ target: 8, maxAim: 2, wounds: [3, 3], turnLimit: 30, aimTo: [2, 0] })[0];
    expect(Math.abs(pt.winsA / pt.games - exact)).toBeLessThanOrEqual(4 * Math.sqrt((exact * (1 - exact)) / pt.games));
    expect(r.ratings.ratings[0].item).toBe('trigger-happy');
    expect(r.luckShare).toBeGreaterThan(0);
    expect(r.luckShare).toBeLessThan(1);
    expect(r.strongerWins).toBeGreaterThan(0.5);
  }, 60_000);
});
