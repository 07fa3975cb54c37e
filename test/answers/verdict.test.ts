/** The sentence a report and the terminal open with (src/answers/verdict.ts). */
import { describe, expect, it } from 'vitest';
import { runVerdict } from '../../src/answers/verdict.ts';

const rate = (p: number, lo: number, hi: number) => ({ p, lo, hi });

describe('runVerdict', () => {
  it('names the clear winner in the past tense, whatever the number of its name, then the others and the draws', () => {
    expect(runVerdict(['UNA', 'Therians'], [rate(0.075, 0.046, 0.12), rate(0.915, 0.868, 0.946), rate(0.01, 0.003, 0.036)], 200)).toBe(
      'Therians won 91.5% (86.8–94.6) of 200 games (UNA 7.5% (4.6–12.0)), 1.0% (0.3–3.6) end drawn.',
    );
    expect(runVerdict(['Team A', 'Team B'], [rate(0.307, 0.298, 0.316), rate(0.693, 0.684, 0.702), rate(0, 0, 0.0004)], 10000)).toBe(
      'Team B won 69.3% (68.4–70.2) of 10,000 games (Team A 30.7% (29.8–31.6)).',
    );
  });

  it('says no side is clearly ahead when the leader\'s interval overlaps another\'s', () => {
    expect(runVerdict(['A', 'B'], [rate(0.48, 0.41, 0.55), rate(0.52, 0.45, 0.59), rate(0, 0, 0.02)], 200)).toBe(
      'No side is clearly ahead over 200 games: side A won 48.0% (41.0–55.0), side B won 52.0% (45.0–59.0) (95% intervals overlap).',
    );
  });
});
