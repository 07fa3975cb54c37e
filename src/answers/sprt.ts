/**
 * Sequential tests of variants against the baseline, as fishtest tests engine patches: a
 * generalised sequential probability ratio test (GSPRT; Wald 1945, with the normal
 * approximation of the log-likelihood ratio used by fishtest, M. Van den Bergh, "A practical
 * introduction to the GSPRT", 2016) on paired outcomes. Game g of the variant and of the
 * baseline share their dice, so each game gives one difference D ∈ {−1, −½, 0, +½, +1} of the
 * tested side's score (a win 1, a draw ½, a loss 0); the tested side is the one `compare:` names
 * (or `--side`), side A by default. H0: E[D] = d0 against H1: E[D] = d1, and with S = ΣD over n games and σ̂² the
 * per-game variance of D, LLR = (d1 − d0)(S − n(d0 + d1)/2) / σ̂². H1 is accepted when the LLR
 * reaches ln((1−β)/α), H0 when it falls to ln(β/(1−α)). The LLR is checked only after fixed
 * rounds of games, so the stopping point never depends on the worker count.
 */
import type { PairTable, Summary } from '../run/summary.ts';
import { sideIndex } from './sides.ts';

/** Called after each fixed round with the merged summaries and pair tables; true stops the run. */
export type StopRule = (summaries: readonly Summary[], pairs: readonly PairTable[], games: number) => boolean;

export interface SprtSpec {
  readonly d0: number;
  readonly d1: number;
  readonly alpha: number;
  readonly beta: number;
  /** Sides whose score is tested (indices; default side A only). */
  readonly sides?: readonly number[];
  /** The side named on the command line (`--side`: its name, a letter or an index), resolved by resolveSprt. */
  readonly side?: string;
}

export type SprtDecision = 'H1' | 'H0' | 'undecided';

export interface SprtVariant {
  readonly variant: number;
  /** The side whose score was tested. */
  readonly side: number;
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

/** Score of side `side` (0 or 1) for an outcome code (0 = side A won, 1 = draw, 2 = side A lost). */
function score(code: number, side: number): number {
  const a = code === 0 ? 1 : code === 1 ? 0.5 : 0;
  return side === 0 ? a : 1 - a;
}

/** LLR of H1 against H0 from a paired outcome table, on side `side`'s score (draws half). */
export function pairedLlr(t: PairTable, d0: number, d1: number, side = 0): number {
  let n = 0;
  let sum = 0;
  let sum2 = 0;
  for (let b = 0; b < 3; b++)
    for (let v = 0; v < 3; v++) {
      const c = t[b][v];
      const d = score(v, side) - score(b, side);
      n += c;
      sum += c * d;
      sum2 += c * d * d;
    }
  if (n === 0) return 0;
  const mean = sum / n;
  const variance = sum2 / n - mean * mean;
  if (variance <= 0) return 0;
  return ((d1 - d0) * (sum - (n * (d0 + d1)) / 2)) / variance;
}

/** A stopping rule that records every variant's LLR (for each tested side) after each round and stops when all are decided. */
export function sprtMonitor(spec: SprtSpec, baseline: number, variants: number): { stop: StopRule; result: () => SprtResult } {
  const lower = Math.log(spec.beta / (1 - spec.alpha));
  const upper = Math.log((1 - spec.beta) / spec.alpha);
  const sides = spec.sides?.length ? spec.sides : [0];
  const state = Array.from({ length: variants }, (_, v) => v)
    .filter((v) => v !== baseline)
    .flatMap((v) => sides.map((side) => ({ variant: v, side, decision: 'undecided' as SprtDecision, games: 0, llr: 0, trace: [] as Array<{ games: number; llr: number }> })));
  const stop: StopRule = (_s, pairs, games) => {
    for (const st of state) {
      if (st.decision !== 'undecided') continue;
      const llr = pairedLlr(pairs[st.variant], spec.d0, spec.d1, st.side);
      st.trace.push({ games, llr });
      st.llr = llr;
      st.games = games;
      if (llr >= upper) st.decision = 'H1';
      else if (llr <= lower) st.decision = 'H0';
    }
    return state.every((st) => st.decision !== 'undecided');
  };
  return { stop, result: () => ({ ...spec, sides, lower, upper, variants: state }) };
}

/**
 * The sides a sequential test is about: `--side` when given, else the sides `compare:` names (in
 * its order), else side A.
 */
export function sprtSides(sides: readonly string[], compare: readonly string[] | undefined, side: number | undefined): number[] {
  if (side !== undefined) return [side];
  const named = (compare ?? []).map((c) => sides.indexOf(c)).filter((i) => i === 0 || i === 1);
  return named.length ? [...new Set(named)] : [0];
}

/** The test with its sides resolved against the experiment's side names and `compare:` list. */
export function resolveSprt(spec: SprtSpec, sides: readonly string[], compare: readonly string[] | undefined): SprtSpec {
  const side = spec.side === undefined ? undefined : sideIndex(sides, spec.side);
  if (side !== undefined && side > 1) return { ...spec, sides: [0] };
  return { ...spec, sides: sprtSides(sides, compare, side) };
}
