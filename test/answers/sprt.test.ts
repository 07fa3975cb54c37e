import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairedLlr, parseSprt, sprtMonitor } from '../../src/answers/sprt.ts';
import { runExperiment } from '../../src/app/execute.ts';
import { ROOT } from '../helpers/bundled.ts';

describe('GSPRT on paired outcomes', () => {
  it('parses d0,d1 and rejects equal or out-of-range bounds', () => {
    expect(parseSprt('0,0.03')).toEqual({ d0: 0, d1: 0.03 });
    expect(parseSprt('-0.02, 0')).toEqual({ d0: -0.02, d1: 0 });
    expect(parseSprt('0,0')).toBeNull();
    expect(parseSprt('0,3')).toBeNull();
    expect(parseSprt('x')).toBeNull();
  });

  it('computes the normal-approximation LLR: (d1−d0)(S − n(d0+d1)/2)/σ²', () => {
    // 1000 games: variant-only wins 80, baseline-only wins 20 (S = 60, n = 1000).
    const t = [
      [300, 10, 10],
      [40, 100, 0],
      [40, 0, 500],
    ];
    const n = 1000;
    const mean = 60 / n;
    const variance = 100 / n - mean * mean;
    expect(pairedLlr(t, 0, 0.03)).toBeCloseTo((0.03 * (60 - n * 0.015)) / variance, 10);
    expect(pairedLlr(t, 0, 0.03)).toBeGreaterThan(0);
    expect(pairedLlr(t, 0.1, 0.2)).toBeLessThan(0);
  });

  it('freezes each decision at its first crossing and stops when every variant is decided', () => {
    const m = sprtMonitor({ d0: 0, d1: 0.05, alpha: 0.05, beta: 0.05 }, 0, 3);
    const strong = [
      [0, 0, 0],
      [0, 0, 0],
      [300, 0, 700],
    ];
    const flat = [
      [100, 0, 0],
      [0, 0, 0],
      [0, 0, 900],
    ];
    expect(m.stop([], [flat, strong, flat], 1000)).toBe(false);
    const r = m.result();
    expect(r.variants.map((v) => v.decision)).toEqual(['H1', 'undecided']);
    expect(r.upper).toBeCloseTo(Math.log(19), 12);
    expect(r.lower).toBeCloseTo(-Math.log(19), 12);
  });

  it('an experiment under --sprt stops at the same round whatever the worker count', async () => {
    const file = join(ROOT, 'experiments/duel-house-rules.yaml');
    const sprt = { d0: 0, d1: 0.03, alpha: 0.05, beta: 0.05 };
    const a = await runExperiment({ file, sprt, workers: 0, roundGames: 500, batchSize: 250 });
    const b = await runExperiment({ file, sprt, workers: 2, roundGames: 500, batchSize: 100 });
    expect(a.result.games).toBe(b.result.games);
    expect(a.result.stoppedEarly).toBe(true);
    expect(a.report.sprt!.variants.map((v) => [v.decision, v.games])).toEqual(b.report.sprt!.variants.map((v) => [v.decision, v.games]));
    // target 7 lowers the patient's win rate by about 10 points: H0 (no gain of 3 points).
    expect(a.report.sprt!.variants[0].decision).toBe('H0');
  }, 120_000);
});
