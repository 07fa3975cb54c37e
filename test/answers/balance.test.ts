/**
 * The balance solver against balance points known exactly: the duel system's exact twin (a
 * dynamic programme over every state of the duel), and a synthetic win-rate curve for the
 * continuous search.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpolateCrossing, solveBalance } from '../../src/answers/balance.ts';
import { loadSubject } from '../../src/answers/subject.ts';
import { Rng } from '../../src/core/rng/rng.ts';
import { streamState } from '../../src/core/rng/streams.ts';
import { ROOT } from '../helpers/bundled.ts';
import { duelExact } from './duel-exact.ts';

const HIGH_NOON = join(ROOT, 'scenarios/duel/high-noon.yaml');

describe('balance solver on the duel (exact twin)', () => {
  it('finds the Patient handicap that makes the duel even: 5 wounds (exact 50.50%)', async () => {
    const exact = [4, 5, 6].map((w) => duelExact({ target: 8, maxAim: 2, wounds: [w, 3], turnLimit: 30, aimTo: [2, 0] })[0]);
    expect(exact[1]).toBeCloseTo(0.505, 3);
    // The scenario has no wounds handicap: start from [3, 3] and solve for side 0's wounds.
    const withWounds = loadSubject(HIGH_NOON);
    (withWounds.doc.scenario as Record<string, unknown>).wounds = [3, 3];
    const r = await solveBalance(withWounds, { path: 'scenario.wounds.0', lo: 1, hi: 12, integer: true, target: 0.5, side: 0, workers: 0, firstGames: 1000, maxGames: 16000 });
    expect(withWounds.sides).toEqual(['Patient', 'Hasty']);
    expect(r.found).toBe(true);
    expect(r.value).toBe(5);
    // Every probe's interval agrees with the exact twin (4 sigma).
    for (const p of r.probes) {
      const q = duelExact({ target: 8, maxAim: 2, wounds: [p.value, 3], turnLimit: 30, aimTo: [2, 0] })[0];
      expect(Math.abs(p.p - q)).toBeLessThanOrEqual(4 * Math.sqrt((q * (1 - q)) / p.games) + 1e-9);
    }
    expect(r.consistent?.values).toContain(5);
    expect(r.consistent?.values).not.toContain(4);
    expect(r.consistent?.values).not.toContain(6);
    expect(r.message).toMatch(/^scenario\.wounds\.0 = 5 brings Patient to 50\.0% of games won \(\d+\.\d%, \d+\.\d%–\d+\.\d%, [\d,]+ games\); values consistent with 50\.0% at 95%: 5\.$/);
  }, 120_000);

  it('brackets a target no whole value reaches: Hasty at 50% lies between target 10 (59.6%) and 11 (34.1%)', async () => {
    const subject = loadSubject(HIGH_NOON);
    const r = await solveBalance(subject, { path: 'overrides.target', lo: 5, hi: 13, integer: true, target: 0.5, side: 1, workers: 0, firstGames: 1000, maxGames: 8000 });
    expect(r.found).toBe(true);
    expect(r.consistent).toBeNull();
    expect(r.value).toBe(10);
    const ex10 = duelExact({ target: 10, maxAim: 2, wounds: [3, 3], turnLimit: 30, aimTo: [2, 0] })[1];
    const ex11 = duelExact({ target: 11, maxAim: 2, wounds: [3, 3], turnLimit: 30, aimTo: [2, 0] })[1];
    const exactCrossing = 10 + (0.5 - ex10) / (ex11 - ex10);
    expect(r.crossing).not.toBeNull();
    expect(Math.abs(r.crossing! - exactCrossing)).toBeLessThan(0.1);
    expect(r.message).toContain('Hasty');
  }, 120_000);

  it('says so when no value in the range gets there, naming the closest', async () => {
    const subject = loadSubject(HIGH_NOON);
    const r = await solveBalance(subject, { path: 'overrides.target', lo: 5, hi: 8, integer: true, target: 0.5, side: 0, workers: 0, firstGames: 500, maxGames: 2000 });
    expect(r.found).toBe(false);
    expect(r.value).toBe(8);
    expect(r.message).toMatch(/^No value of overrides.target in 5..8/);
  }, 60_000);
});

describe('balance solver, continuous value (synthetic curve, common random numbers)', () => {
  it('finds the crossing of a logistic win rate within the consistent interval', async () => {
    const f = (x: number) => 1 / (1 + Math.exp(-(x - 3.3) * 0.8));
    // Common random numbers: game g draws the same uniform at every value.
    const play = async (values: readonly number[], n: number) => {
      const rng = new Rng(streamState(7, 0, 0));
      const u = Array.from({ length: n }, () => rng.float());
      return values.map((x) => u.filter((v) => v < f(x)).length);
    };
    const r = await solveBalance({ sides: ['A', 'B'] }, { path: 'x', lo: 0, hi: 10, integer: false, target: 0.5, side: 0, play, firstGames: 1000, maxGames: 64000 });
    expect(r.found).toBe(true);
    expect(r.consistent).not.toBeNull();
    expect(r.consistent!.lo).toBeLessThanOrEqual(3.3);
    expect(r.consistent!.hi).toBeGreaterThanOrEqual(3.3);
    expect(Math.abs(r.value - 3.3)).toBeLessThan(0.25);
  });

  it('interpolates the crossing between bracketing probes', () => {
    expect(interpolateCrossing([{ value: 10, p: 0.6 }, { value: 11, p: 0.4 }], 0.5)).toBeCloseTo(10.5, 10);
    expect(interpolateCrossing([{ value: 1, p: 0.1 }, { value: 2, p: 0.2 }], 0.5)).toBeNull();
  });
});
