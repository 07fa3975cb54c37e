/**
 * "Is it even?": an equivalence test of a side's score against one half. The score of a game is
 * 1 for a win, ½ for a draw, 0 for a loss (the win rate when no game is drawn). With a margin m,
 * the side is *even* when both one-sided tests reject — the score is above ½ − m and below ½ + m
 * (two one-sided tests, Schuirmann 1987; at level α each, the same as the (1 − 2α) interval lying
 * inside [½ − m, ½ + m]); *not even* when the score is shown to lie outside the margin (the
 * (1 − 2α) interval lies wholly above ½ + m or below ½ − m); otherwise *undecided*, with the games
 * the observed mean and spread would need for a decision. Normal approximation on the per-game
 * scores, which the counts of wins, draws and losses give exactly.
 */
import { probit } from 'simple-statistics';
import { normalUpperTail } from './paired.ts';

export type EvenDecision = 'even' | 'not even' | 'undecided';

export interface EvenTest {
  readonly decision: EvenDecision;
  /** The side's mean score per game. */
  readonly score: number;
  /** The (1 − 2α) interval of the score (90% at α = 0.05). */
  readonly lo: number;
  readonly hi: number;
  readonly games: number;
  readonly margin: number;
  readonly alpha: number;
  /** p-value of the equivalence (the larger of the two one-sided tests' p-values). */
  readonly pEven: number;
  /** Undecided: about how many games (in all) the observed mean and spread would need to decide; Infinity when on the margin. */
  readonly gamesNeeded?: number;
}

/** Scores of one side from its wins, draws and games. */
export function evenTest(wins: number, draws: number, games: number, margin = 0.02, alpha = 0.05): EvenTest {
  const n = games;
  if (n <= 1) return { decision: 'undecided', score: NaN, lo: 0, hi: 1, games: n, margin, alpha, pEven: 1, gamesNeeded: Infinity };
  const mean = (wins + draws / 2) / n;
  // Per-game variance of scores in {1, ½, 0}: E[s²] − mean², with the n − 1 correction.
  const meanSq = (wins + draws / 4) / n;
  const variance = Math.max(0, (meanSq - mean * mean) * (n / (n - 1)));
  // A sample of one outcome only (every game won) still has a spread of at least one game in n.
  const se = Math.sqrt(Math.max(variance, 0.25 / n) / n);
  const z = probit(1 - alpha);
  const lo = mean - z * se;
  const hi = mean + z * se;
  const pLower = normalUpperTail((mean - (0.5 - margin)) / se); // H0: mean ≤ ½ − m
  const pUpper = normalUpperTail((0.5 + margin - mean) / se); // H0: mean ≥ ½ + m
  const pEven = Math.max(pLower, pUpper);
  const decision: EvenDecision = lo > 0.5 - margin && hi < 0.5 + margin ? 'even' : lo > 0.5 + margin || hi < 0.5 - margin ? 'not even' : 'undecided';
  if (decision !== 'undecided') return { decision, score: mean, lo, hi, games: n, margin, alpha, pEven };
  // The games at which the interval, at the same mean and spread, would clear the nearer margin.
  const gap = Math.abs(Math.abs(mean - 0.5) - margin);
  const sd = Math.sqrt(Math.max(variance, 0.25 / n));
  const needed = gap > 1e-9 ? Math.ceil(((z * sd) / gap) ** 2) : Infinity;
  return { decision, score: mean, lo, hi, games: n, margin, alpha, pEven, gamesNeeded: Math.max(needed, n + 1) };
}
