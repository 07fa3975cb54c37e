import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairedLlr, parseSprt, resolveSprt, sprtMonitor, sprtSides } from '../../src/answers/sprt.ts';
import { InputError } from '../../src/scenario/errors.ts';
import { verdictLines } from '../../src/report/verdict-lines.ts';
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

  it('computes the normal-approximation LLR on the tested side\'s score, draws half: (d1−d0)(S − n(d0+d1)/2)/σ²', () => {
    // rows: baseline outcome, columns: variant outcome (0 = side A won, 1 = draw, 2 = side A lost).
    const t = [
      [300, 10, 10],
      [40, 100, 0],
      [40, 0, 500],
    ];
    const n = 1000;
    // Side A's score differences: 10 × −½, 10 × −1, 40 × +½, 40 × +1.
    const S = -5 - 10 + 20 + 40;
    const S2 = 10 * 0.25 + 10 + 40 * 0.25 + 40;
    const variance = S2 / n - (S / n) ** 2;
    expect(pairedLlr(t, 0, 0.03)).toBeCloseTo((0.03 * (S - n * 0.015)) / variance, 10);
    expect(pairedLlr(t, 0, 0.03)).toBeGreaterThan(0);
    expect(pairedLlr(t, 0.1, 0.2)).toBeLessThan(0);
    // Side B's score moves the other way, game by game.
    expect(pairedLlr(t, 0, 0.03, 1)).toBeCloseTo((0.03 * (-S - n * 0.015)) / variance, 10);
    expect(pairedLlr(t, 0, -0.03, 1)).toBeGreaterThan(0); // side B lost 4.5 points: nearer −3 than 0
  });

  it('tests the side --side names, else the sides compare: names, else side A', () => {
    expect(sprtSides(['Patient', 'Hasty'], undefined, undefined)).toEqual([0]);
    expect(sprtSides(['Patient', 'Hasty'], ['Hasty', 'draws'], undefined)).toEqual([1]);
    expect(sprtSides(['Patient', 'Hasty'], ['kills', 'Patient', 'Hasty'], undefined)).toEqual([0, 1]);
    expect(sprtSides(['Patient', 'Hasty'], ['Hasty'], 0)).toEqual([0]);
    expect(resolveSprt({ d0: 0, d1: 0.03, alpha: 0.05, beta: 0.05, side: 'hasty' }, ['Patient', 'Hasty'], undefined).sides).toEqual([1]);
    expect(() => resolveSprt({ d0: 0, d1: 0.03, alpha: 0.05, beta: 0.05, side: 'Mako' }, ['Patient', 'Hasty'], undefined)).toThrow(InputError);
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
    expect(verdictLines(a.report).join(' ')).toMatch(/Sequential test of Patient's score \(wins \+ half the draws\)/);
  }, 120_000);

  it('--side tests the other side: the same house rule is a gain for Hasty (H1), and the verdict says whose score', async () => {
    const file = join(ROOT, 'experiments/duel-house-rules.yaml');
    const r = await runExperiment({ file, sprt: { d0: 0, d1: 0.03, alpha: 0.05, beta: 0.05, side: 'Hasty' }, workers: 0, roundGames: 500, batchSize: 250 });
    const t = r.report.sprt!;
    expect(t.sides).toEqual([1]);
    expect(t.variants.every((v) => v.side === 1)).toBe(true);
    expect(t.variants[0].decision).toBe('H1');
    expect(verdictLines(r.report).join(' ')).toMatch(/Sequential test of Hasty's score/);
    expect(r.files['report.html']).toContain('side tested');
  }, 120_000);
});
