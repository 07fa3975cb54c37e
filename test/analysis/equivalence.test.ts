/** "Is it even?": two one-sided tests of a side's score against ½ ± margin. */
import { describe, expect, it } from 'vitest';
import { evenTest } from '../../src/analysis/equivalence.ts';
import { Rng } from '../../src/core/rng/rng.ts';
import { streamState } from '../../src/core/rng/streams.ts';

describe('evenTest', () => {
  it('decides even, not even or undecided from the (1 − 2α) interval, consistent with the TOST p-value', () => {
    // 5,050 wins of 10,000: score 0.505, se 0.005, 90% interval 0.4968–0.5132 inside 0.48–0.52
    const even = evenTest(5050, 0, 10_000);
    expect(even.decision).toBe('even');
    expect(even.lo).toBeCloseTo(0.505 - 1.6449 * 0.005, 4);
    expect(even.pEven).toBeCloseTo(0.00135, 4); // P(Z > (0.52 − 0.505) / 0.005 = 3)
    // 32.9% of 10,000: wholly below 48%
    expect(evenTest(3290, 0, 10_000).decision).toBe('not even');
    // 51% of 1,000: the interval (48.4–53.6) straddles 52%: undecided, with the games a decision needs
    const open = evenTest(510, 0, 1000);
    expect(open.decision).toBe('undecided');
    // (z σ / (m − |d|))² = (1.645 × 0.5 / 0.01)² ≈ 6,764 games
    expect(open.gamesNeeded).toBeGreaterThan(6500);
    expect(open.gamesNeeded).toBeLessThan(7000);
    // draws count half: 4,000 wins, 2,000 draws, 4,000 losses is a score of exactly ½
    const drawn = evenTest(4000, 2000, 10_000);
    expect(drawn.score).toBe(0.5);
    expect(drawn.decision).toBe('even');
    // the wider margin decides sooner
    expect(evenTest(510, 0, 1000, 0.05).decision).toBe('even');
    for (const t of [even, open, drawn, evenTest(3290, 0, 10_000)]) expect(t.decision === 'even').toBe(t.pEven < t.alpha);
  });

  it('declares a side on the margin even at most about α of the time (seeded Monte Carlo)', () => {
    const rng = new Rng(streamState(7, 0, 0, 0));
    let evens = 0;
    // 10,000 games a run, so the interval is narrow beside the band and only the upper test binds.
    const runs = 1500;
    for (let r = 0; r < runs; r++) {
      let wins = 0;
      for (let g = 0; g < 10_000; g++) if (rng.int(10_000) < 5200) wins++;
      if (evenTest(wins, 0, 10_000).decision === 'even') evens++;
    }
    // α = 0.05: 75 of 1,500 expected; the binomial sd is ~8.4
    expect(evens / runs).toBeLessThan(0.065);
    expect(evens / runs).toBeGreaterThan(0.035);
  });
});
