/**
 * Sequential tests of variants against the baseline, as fishtest tests engine patches: a
 * generalised sequential probability ratio test (GSPRT; Wald 1945, with the normal
 * approximation of the log-likelihood ratio used by fishtest, M. Van den Bergh, "A practical
 * introduction to the GSPRT", 2016) on paired outcomes. Game g of the variant and of the
 * baseline share their dice, so each game gives one difference D ∈ {−1, 0, +1} of side A's win
 * indicator; H0: E[D] = d0 against H1: E[D] = d1, and with S = ΣD over n games and σ̂² the
 * per-game variance of D, LLR = (d1 − d0)(S − n(d0 + d1)/2) / σ̂². H1 is accepted when the LLR
 * reaches ln((1−β)/α), H0 when it falls to ln(β/(1−α)). The LLR is checked only after fixed
 * rounds of games, so the stopping point never depends on the worker count.
 */
import type { PairTable, Summary } from '../run/summary.ts';

/** Called after each fixed round with the merged summaries and pair tables; true stops the run. */
export type StopRule = (summaries: readonly Summary[], pairs: readonly PairTable[], games: number) => boolean;

export interface SprtSpec {
  readonly d0: number;
  readonly d1: number;
  readonly alpha: number;
  readonly beta: number;
}

export type SprtDecision = 'H1' | 'H0' | 'undecided';

export interface SprtVariant {
  readonly variant: number;
  readonly decision: SprtDecision;
  /** Games at which the decision was reached (or the last check). */
  readonly games: number;
  readonly llr: number;
  readonly trace: ReadonlyArray<{ games: number; llr: number }>;
}

export interface SprtResult extends SprtSpec {
  readonly lower: number;
  readonly upper: number;
  readonly variants: readonly SprtVariant[];
}

export function parseSprt(text: string): Pick<SprtSpec, 'd0' | 'd1'> | null {
  const m = /^\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*$/.exec(text);
  if (!m) return null;
  const d0 = Number(m[1]);
  const d1 = Number(m[2]);
  if (!Number.isFinite(d0) || !Number.isFinite(d1) || d0 === d1 || Math.abs(d0) >= 1 || Math.abs(d1) >= 1) return null;
  return { d0, d1 };
}

/** LLR of H1 against H0 from a paired outcome table (codes: 0 = side A won). */
export function pairedLlr(t: PairTable, d0: number, d1: number): number {
  let n = 0;
  for (const row of t) for (const c of row) n += c;
  const up = t[1][0] + t[2][0];
  const down = t[0][1] + t[0][2];
  if (n === 0) return 0;
  const mean = (up - down) / n;
  const variance = (up + down) / n - mean * mean;
  if (variance <= 0) return 0;
  return ((d1 - d0) * (up - down - (n * (d0 + d1)) / 2)) / variance;
}

/** A stopping rule that records every variant's LLR after each round and stops when all are decided. */
export function sprtMonitor(spec: SprtSpec, baseline: number, variants: number): { stop: StopRule; result: () => SprtResult } {
  const lower = Math.log(spec.beta / (1 - spec.alpha));
  const upper = Math.log((1 - spec.beta) / spec.alpha);
  const state = Array.from({ length: variants }, (_, v) => ({ variant: v, decision: 'undecided' as SprtDecision, games: 0, llr: 0, trace: [] as Array<{ games: number; llr: number }> }));
  const stop: StopRule = (_s, pairs, games) => {
    for (const st of state) {
      if (st.variant === baseline || st.decision !== 'undecided') continue;
      const llr = pairedLlr(pairs[st.variant], spec.d0, spec.d1);
      st.trace.push({ games, llr });
      st.llr = llr;
      st.games = games;
      if (llr >= upper) st.decision = 'H1';
      else if (llr <= lower) st.decision = 'H0';
    }
    return state.every((st) => st.variant === baseline || st.decision !== 'undecided');
  };
  return { stop, result: () => ({ ...spec, lower, upper, variants: state.filter((s) => s.variant !== baseline) }) };
}
