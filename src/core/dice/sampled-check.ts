/**
 * Exact versus sampled: the check every dice mechanic goes through (design convention 8).
 *
 * Given a mechanic's exact distribution and a sampler that runs the engine's own roll code on
 * a seeded stream, draw N samples and require, for every outcome,
 *
 *     |p̂ − p| ≤ k·sqrt(p(1−p)/N) + s/N          (default k = 4 sigmas, s = 1 count of slack)
 *
 * where the one-count slack keeps rare cells (expected count below 1) from failing on a single
 * observation, where the normal approximation does not hold. An outcome the exact distribution
 * gives probability 0 must never be sampled. A chi-square statistic (cells with expected counts
 * below 5 pooled) is reported as well, for information. The seed is fixed, so a check that
 * passes once passes always; a change in the roll code that shifts a probability fails it.
 */
import type { Rng } from '../rng/rng.ts';
import { streamFor, Purpose } from '../rng/streams.ts';
import { Dist } from './exact.ts';
import type { Fraction } from './fraction.ts';

export type Outcome = string | number;

export interface ExactOutcome {
  readonly outcome: Outcome;
  readonly p: Fraction;
}

export interface SampledCheckOptions {
  /** The exact distribution (a Dist, or outcome/probability rows whose probabilities sum to 1). */
  readonly exact: Dist | readonly ExactOutcome[];
  /** One sample per call, drawn from the given stream with the engine's own roll code. */
  readonly sample: (rng: Rng) => Outcome;
  /** Number of samples. */
  readonly n: number;
  /** Seed of the stream (default 1); the stream is derived in streams.ts. */
  readonly seed?: number | string;
  /** Sigmas of tolerance per cell (default 4). */
  readonly sigmas?: number;
  /** Extra tolerance in counts per cell (default 1). */
  readonly slackCounts?: number;
}

export interface SampledCell {
  readonly outcome: Outcome;
  readonly p: Fraction;
  readonly observed: number;
  readonly phat: number;
  readonly tolerance: number;
  readonly ok: boolean;
}

export interface SampledCheckResult {
  readonly ok: boolean;
  readonly n: number;
  readonly cells: readonly SampledCell[];
  /** Sampled outcomes that the exact distribution does not have. */
  readonly unexpected: ReadonlyArray<{ outcome: Outcome; observed: number }>;
  readonly chiSquare: number;
  readonly degreesOfFreedom: number;
  /** Largest |p̂ − p| / sqrt(p(1−p)/N) over cells with 0 < p < 1. */
  readonly maxZ: number;
  /** One line per failing cell. */
  readonly failures: readonly string[];
}

function rows(exact: Dist | readonly ExactOutcome[]): ExactOutcome[] {
  if (exact instanceof Dist) return exact.table().map((r) => ({ outcome: r.outcome, p: r.p }));
  return [...exact];
}

export function checkSampled(opts: SampledCheckOptions): SampledCheckResult {
  const n = opts.n;
  if (!Number.isInteger(n) || n < 1) throw new Error(`checkSampled: n must be a positive integer, got ${n}`);
  const k = opts.sigmas ?? 4;
  const slack = opts.slackCounts ?? 1;
  const exact = rows(opts.exact);
  const index = new Map<string, number>();
  exact.forEach((r, i) => {
    const key = String(r.outcome);
    if (index.has(key)) throw new Error(`checkSampled: outcome '${key}' listed twice in the exact distribution`);
    index.set(key, i);
  });
  const counts = new Float64Array(exact.length);
  const extra = new Map<string, { outcome: Outcome; observed: number }>();
  const rng = streamFor(opts.seed ?? 1, 0, Purpose.dice);
  for (let i = 0; i < n; i++) {
    const o = opts.sample(rng);
    const j = index.get(String(o));
    if (j === undefined) {
      const key = String(o);
      const e = extra.get(key);
      if (e) e.observed++;
      else extra.set(key, { outcome: o, observed: 1 });
    } else counts[j]++;
  }
  const failures: string[] = [];
  let maxZ = 0;
  const cells: SampledCell[] = exact.map((r, i) => {
    const p = r.p.toNumber();
    const phat = counts[i] / n;
    const sd = Math.sqrt((p * (1 - p)) / n);
    const tolerance = k * sd + slack / n;
    const ok = Math.abs(phat - p) <= tolerance && !(p === 0 && counts[i] > 0);
    if (sd > 0) maxZ = Math.max(maxZ, Math.abs(phat - p) / sd);
    if (!ok) failures.push(`outcome ${r.outcome}: sampled ${phat.toFixed(6)} (${counts[i]}/${n}), exact ${r.p} = ${p.toFixed(6)}, tolerance ±${tolerance.toFixed(6)}`);
    return { outcome: r.outcome, p: r.p, observed: counts[i], phat, tolerance, ok };
  });
  const unexpected = [...extra.values()];
  for (const u of unexpected) failures.push(`outcome ${u.outcome}: sampled ${u.observed} times but impossible in the exact distribution`);

  // Chi-square with cells of expected count < 5 pooled into one.
  let chi = 0;
  let df = -1;
  let poolE = 0;
  let poolO = 0;
  cells.forEach((c) => {
    const e = c.p.toNumber() * n;
    if (e >= 5) {
      chi += (c.observed - e) ** 2 / e;
      df++;
    } else {
      poolE += e;
      poolO += c.observed;
    }
  });
  if (poolE > 0) {
    chi += (poolO - poolE) ** 2 / poolE;
    df++;
  }
  return { ok: failures.length === 0, n, cells, unexpected, chiSquare: chi, degreesOfFreedom: Math.max(0, df), maxZ, failures };
}

/** checkSampled that throws a readable report when a cell is out of tolerance. */
export function assertSampled(opts: SampledCheckOptions, label = 'mechanic'): SampledCheckResult {
  const r = checkSampled(opts);
  if (!r.ok) throw new Error(`exact vs sampled disagree for ${label} (N = ${r.n}, ${opts.sigmas ?? 4} sigmas + ${opts.slackCounts ?? 1} count):\n  ${r.failures.join('\n  ')}`);
  return r;
}
