import { describe, expect, it } from 'vitest';
import { findCycle, fitBradleyTerry, type Match } from '../../src/analysis/bradley-terry.ts';
import { Rng } from '../../src/core/rng/rng.ts';
import { streamState } from '../../src/core/rng/streams.ts';

const sigma = (x: number) => 1 / (1 + Math.exp(-x));

describe('Bradley–Terry ratings', () => {
  it('recovers known strengths from a sampled round robin, intervals covering the truth', () => {
    const truth: Record<string, number> = { kinetic: -0.6, missile: -0.1, photon: 0.8, thermal: -0.1 };
    const rng = new Rng(streamState(3, 0, 0));
    const names = Object.keys(truth);
    const matches: Match[] = [];
    for (const a of names)
      for (const b of names) {
        if (a === b) continue;
        let wa = 0;
        let wb = 0;
        for (let g = 0; g < 2000; g++) (rng.float() < sigma(truth[a] - truth[b]) ? wa++ : wb++);
        matches.push({ a, b, games: 2000, winsA: wa, winsB: wb, draws: 0 });
      }
    const bt = fitBradleyTerry(matches);
    expect(bt.ratings[0].item).toBe('photon');
    expect(bt.ratings[bt.ratings.length - 1].item).toBe('kinetic');
    const mean = names.reduce((s, n) => s + truth[n], 0) / names.length;
    for (const r of bt.ratings) {
      expect(Math.abs(r.theta - (truth[r.item] - mean))).toBeLessThanOrEqual(4 * r.se);
      expect(r.lo).toBeLessThan(r.score);
      expect(r.hi).toBeGreaterThan(r.score);
    }
    expect(bt.cycle).toBeNull();
  });

  it('counts a draw as half a win: all draws give equal ratings', () => {
    const bt = fitBradleyTerry([{ a: 'x', b: 'y', games: 100, winsA: 0, winsB: 0, draws: 100 }]);
    expect(bt.ratings[0].theta).toBeCloseTo(0, 9);
    expect(bt.ratings[0].score).toBeCloseTo(0.5, 9);
  });

  it('two items: the fitted win probability is the observed score (shrunk by the one-game prior)', () => {
    const bt = fitBradleyTerry([{ a: 'x', b: 'y', games: 1000, winsA: 700, winsB: 300, draws: 0 }]);
    const x = bt.matrix.find((c) => c.row === 'x')!;
    expect(x.predicted).toBeCloseTo(700.5 / 1001, 6);
    expect(x.observed).toBeCloseTo(0.7, 12);
  });

  it('names the cycle of an intransitive round robin (rock, paper, scissors)', () => {
    const m = (a: string, b: string): Match => ({ a, b, games: 500, winsA: 400, winsB: 100, draws: 0 });
    const bt = fitBradleyTerry([m('rock', 'scissors'), m('scissors', 'paper'), m('paper', 'rock')]);
    expect(bt.cycle).not.toBeNull();
    expect(new Set(bt.cycle)).toEqual(new Set(['rock', 'paper', 'scissors']));
    expect(bt.cycle![0]).toBe(bt.cycle![bt.cycle!.length - 1]);
    expect(findCycle(['a', 'b'], [{ row: 'a', col: 'b', predicted: 0.9, observed: 0.9, games: 100 }])).toBeNull();
  });
});
