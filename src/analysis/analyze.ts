/**
 * From merged summaries to the numbers a report shows: outcome rates with Wilson intervals,
 * end reasons (the safety-cap rate apart), game length, per-game scalars, efficiency tables
 * (arquero) and paired variant-vs-baseline comparisons. Output is plain JSON-able data.
 */
import * as aq from 'arquero';
import type { MetricLayout, RatioSpec } from '../core/tally.ts';
import { END_REASONS } from '../core/system.ts';
import type { PlanResult } from '../run/pool.ts';
import type { Summary } from '../run/summary.ts';
import { histEntries, histStats, type HistStats } from './histogram.ts';
import { rate, wilson, Z95, type Rate } from './intervals.ts';
import { sideName, words } from '../report/text.ts';
import { pairedComparison, type PairedComparison } from './paired.ts';
import { analyzeShape, type ShapeAnalysis } from './shape.ts';
import { fitBradleyTerry, type BradleyTerry, type Match } from './bradley-terry.ts';
import { pairedDiff, type PairedDiff } from './paired.ts';

export { rate, type Rate };

export interface VariantInfo {
  readonly sides: readonly string[];
  readonly layout: MetricLayout;
  readonly lengthUnit: string;
  /** The system's lead measure (CompiledGame.lead), for the shape of a game. */
  readonly lead?: { readonly unit: string; readonly turnUnit?: string };
}

export interface VariantAnalysis {
  name: string;
  label: string;
  tags: Record<string, string>;
  agents: string[];
  games: number;
  sides: string[];
  outcomes: Array<{ outcome: string } & Rate>;
  reasons: Array<{ reason: string } & Rate>;
  details: Array<{ reason: string; detail: string; outcome: string; count: number; share: number }>;
  length: { unit: string } & HistStats;
  lengthHistogram: Array<{ length: number; count: number; share: number }>;
  scalars: Array<{ name: string } & HistStats>;
  scalarHistograms: Array<{ name: string; value: number; count: number; share: number }>;
  efficiency: Array<Record<string, string | number>>;
  /** The layout's aggregated views of the efficiency rows. */
  views: EfficiencyViewResult[];
  decisionsPerGame: number;
  randomDrawsPerGame: number;
  /** Lead changes, comebacks, first-mover advantage (systems with a lead measure). */
  shape?: ShapeAnalysis;
  comparison?: PairedComparison;
  /**
   * Against the baseline on the same games: every side's win rate and the draw rate (two-sided
   * games; kind 'rate'), then the declared metrics the experiment compares (kind 'mean': per-game
   * means, the difference in the metric's own unit).
   */
  comparisons?: Array<MeasureComparison>;
}

export type MeasureComparison = { measure: string; kind: 'rate' | 'mean'; label: string } & PairedDiff;

export interface EfficiencyViewResult {
  name: string;
  keys: string[];
  rows: Array<Record<string, string | number>>;
}

/** One tag value's record against the others, pooled over both sides (mirror matches excluded). */
export interface RankingRow {
  value: string;
  games: number;
  wins: number;
  draws: number;
  p: number;
  lo: number;
  hi: number;
}

export interface Analysis {
  variants: VariantAnalysis[];
  baseline: string | null;
  /** Experiments: efficiency views pooled over every variant. */
  pooledViews: EfficiencyViewResult[];
  /** Experiments with a matrix whose row and column tags name the two sides' choices. */
  ranking?: { row: string; col: string; facet?: string; rows: Array<RankingRow & { facetValue: string }> };
  /** Round robins: Bradley–Terry ratings of the row/col tag values, one fit per facet value. */
  ratings?: { row: string; col: string; facet?: string; fits: Array<{ facetValue: string; games: number } & BradleyTerry> };
}

/** Matches of a round robin from variants tagged with each side's choice (mirrors excluded). */
export function roundRobinMatches(variants: readonly VariantAnalysis[], row: string, col: string, facet?: string): Map<string, Match[]> {
  const out = new Map<string, Match[]>();
  for (const v of variants) {
    const a = v.tags[row];
    const b = v.tags[col];
    if (a === undefined || b === undefined || a === b || v.outcomes.length !== 3) continue;
    const f = facet ? (v.tags[facet] ?? '') : '';
    const list = out.get(f) ?? [];
    list.push({ a, b, games: v.games, winsA: v.outcomes[0].k, winsB: v.outcomes[1].k, draws: v.outcomes[2].k });
    out.set(f, list);
  }
  return out;
}

export function analyzeVariant(s: Summary, info: VariantInfo, meta: { name: string; label: string; tags: Record<string, string>; agents: string[] }): VariantAnalysis {
  const n = s.games;
  const outcomes = info.sides.map((side, i) => ({ outcome: side, ...rate(s.wins[i], n) }));
  outcomes.push({ outcome: 'draw', ...rate(s.draws, n) });
  const reasons = END_REASONS.map((r) => ({ reason: r, ...rate(s.reasons[r] ?? 0, n) })).filter((r) => r.k > 0 || r.reason === 'safety-cap');
  const labels = [...info.sides, 'draw'];
  const details: VariantAnalysis['details'] = [];
  for (const [key, row] of Object.entries(s.details).sort()) {
    const [reason, detail] = key.split('/');
    row.forEach((count, i) => {
      if (count > 0) details.push({ reason, detail, outcome: labels[i], count, share: count / n });
    });
  }
  const layout = info.layout;
  return {
    ...meta,
    games: n,
    sides: [...info.sides],
    outcomes,
    reasons,
    details,
    length: { unit: info.lengthUnit, ...histStats(s.length) },
    lengthHistogram: histEntries(s.length).map(([length, count]) => ({ length, count, share: count / n })),
    scalars: layout.scalars.map((name, i) => ({ name, ...histStats(s.scalars[i]) })),
    scalarHistograms: layout.scalars.flatMap((name, i) => histEntries(s.scalars[i]).map(([value, count]) => ({ name, value, count, share: count / n }))),
    efficiency: efficiencyTable(layout, s.cells),
    views: [],
    decisionsPerGame: n > 0 ? s.decisions / n : 0,
    randomDrawsPerGame: n > 0 ? s.randomDraws / n : 0,
    ...(s.shape && info.lead ? { shape: analyzeShape(s.shape, info.sides, info.lead.unit, info.lead.turnUnit ?? info.lengthUnit) } : {}),
  };
}

/** Efficiency rows: keys + counters + every declared ratio with its interval. */
export function efficiencyTable(layout: MetricLayout, cells: readonly number[]): Array<Record<string, string | number>> {
  if (layout.rows.length === 0) return [];
  const ncols = layout.columns.length;
  const objects = layout.rows
    .map((row, r) => {
      const o: Record<string, string | number> = { ...row };
      layout.columns.forEach((c, j) => (o[c] = cells[r * ncols + j]));
      return o;
    })
    // Rows where nothing was ever counted (a weapon nobody carried, an empty range band) are noise.
    .filter((o) => layout.columns.some((c) => o[c] !== 0));
  if (objects.length === 0) return [];
  return withRatios(aq.from(objects), layout.ratios ?? []);
}

/**
 * Sums the counters of efficiency rows over every key but `keys` (arquero group-by/rollup), then
 * recomputes the ratios. Row constants used as denominators (e.g. points) are multiplied into a
 * summed column first, so "per 100 points" stays right after pooling.
 */
export function efficiencyView(rows: ReadonlyArray<Record<string, string | number>>, layout: MetricLayout, keys: readonly string[]): Array<Record<string, string | number>> {
  if (rows.length === 0) return [];
  const ratios = layout.ratios ?? [];
  const pooled: Record<string, string | number>[] = rows.map((r) => {
    const o: Record<string, string | number> = {};
    for (const k of keys) o[k] = r[k] ?? '';
    for (const c of layout.columns) o[c] = Number(r[c] ?? 0);
    for (const ratio of ratios) if (ratio.denConstant) o[`${ratio.den}*${ratio.denConstant}`] = Number(r[ratio.den] ?? 0) * Number(r[ratio.denConstant] ?? 0);
    return o;
  });
  const sums: Record<string, unknown> = {};
  for (const c of Object.keys(pooled[0])) if (!keys.includes(c)) sums[c] = aq.op.sum(c);
  const grouped = aq.from(pooled).groupby(...keys).rollup(sums as never).orderby(...keys);
  const pooledRatios = ratios.map((r) => (r.denConstant ? { ...r, den: `${r.den}*${r.denConstant}`, denConstant: undefined } : r));
  return withRatios(grouped, pooledRatios);
}

function withRatios(table: ReturnType<typeof aq.from>, ratios: readonly RatioSpec[]): Array<Record<string, string | number>> {
  let t = table;
  for (const ratio of ratios) {
    const scale = ratio.scale ?? 1;
    const denOf = (d: Record<string, number>): number => (ratio.denConstant ? d[ratio.den] * d[ratio.denConstant] : d[ratio.den]);
    t = t.derive({ [ratio.name]: aq.escape((d: Record<string, number>) => (denOf(d) > 0 ? (scale * d[ratio.num]) / denOf(d) : NaN)) });
    if (ratio.kind === 'proportion') {
      t = t.derive({
        [`${ratio.name}_lo`]: aq.escape((d: Record<string, number>) => (denOf(d) > 0 ? scale * wilson(d[ratio.num], denOf(d))[0] : NaN)),
        [`${ratio.name}_hi`]: aq.escape((d: Record<string, number>) => (denOf(d) > 0 ? scale * wilson(d[ratio.num], denOf(d))[1] : NaN)),
      });
    }
  }
  return t.objects() as Array<Record<string, string | number>>;
}

function viewsOf(layout: MetricLayout, rows: ReadonlyArray<Record<string, string | number>>): EfficiencyViewResult[] {
  return (layout.views ?? []).map((v) => ({ name: v.name, keys: [...v.keys], rows: efficiencyView(rows, layout, v.keys) }));
}

/**
 * Ranks the values of a matrix's row/col tags (e.g. weapon types): for each value, the games it
 * played as side A (row tag) or side B (col tag) against a different value, and how many it won.
 */
export function tagRanking(variants: readonly VariantAnalysis[], row: string, col: string, facet?: string): Array<RankingRow & { facetValue: string }> {
  const acc = new Map<string, { value: string; facetValue: string; games: number; wins: number; draws: number }>();
  const add = (value: string, facetValue: string, games: number, wins: number, draws: number) => {
    const key = `${facetValue}\u0000${value}`;
    const a = acc.get(key) ?? { value, facetValue, games: 0, wins: 0, draws: 0 };
    a.games += games;
    a.wins += wins;
    a.draws += draws;
    acc.set(key, a);
  };
  for (const v of variants) {
    const a = v.tags[row];
    const b = v.tags[col];
    if (a === undefined || b === undefined || a === b) continue;
    const f = facet ? (v.tags[facet] ?? '') : '';
    const draws = v.outcomes[v.outcomes.length - 1].k;
    add(a, f, v.games, v.outcomes[0].k, draws);
    add(b, f, v.games, v.outcomes[1]?.k ?? 0, draws);
  }
  return [...acc.values()]
    .map((x) => {
      const [lo, hi] = wilson(x.wins, x.games);
      return { ...x, p: x.games ? x.wins / x.games : NaN, lo, hi };
    })
    .sort((x, y) => (x.facetValue < y.facetValue ? -1 : x.facetValue > y.facetValue ? 1 : y.p - x.p));
}

/**
 * A declared metric of a variant against the baseline, paired on the same games: the mean of the
 * per-game differences d with the normal 95% interval from Σd and Σd² (the summary carries both).
 */
export function metricComparison(variant: Summary, baseline: Summary, layout: MetricLayout, metric: string): MeasureComparison | undefined {
  const si = layout.scalars.indexOf(metric);
  const ci = layout.columns.indexOf(metric);
  const at = si >= 0 ? si : ci >= 0 ? layout.scalars.length + ci : -1;
  const p = variant.paired;
  if (at < 0 || !p || at >= p.d.length) return undefined;
  const n = variant.games;
  const meanOf = (s: Summary): number => {
    if (si >= 0) return histStats(s.scalars[si]).mean;
    let total = 0;
    for (let i = ci; i < s.cells.length; i += layout.columns.length) total += s.cells[i];
    return s.games > 0 ? total / s.games : NaN;
  };
  const diff = n > 0 ? p.d[at] / n : NaN;
  const varD = n > 1 ? Math.max(0, (p.d2[at] - n * diff * diff) / (n - 1)) : NaN;
  const se = Math.sqrt(varD / n);
  return { measure: metric, kind: 'mean', label: `${words(metric)} per game`, n, reference: meanOf(baseline), version: meanOf(variant), diff, lo: diff - Z95 * se, hi: diff + Z95 * se, se };
}

export function analyzePlan(result: PlanResult, infos: readonly VariantInfo[], matrix?: { row: string; col: string; facet?: string }, compare?: readonly string[]): Analysis {
  const plan = result.plan;
  const variants = plan.variants.map((v, i) =>
    analyzeVariant(result.summaries[i], infos[i], {
      name: v.name,
      label: v.label,
      tags: { ...v.tags },
      agents: v.agents.map((a) => a.name + Object.entries(a.params).map(([k, x]) => `:${k}=${x}`).join('')),
    }),
  );
  variants.forEach((va, i) => {
    va.views = viewsOf(infos[i].layout, va.efficiency);
    if (plan.baseline >= 0 && i !== plan.baseline) {
      va.comparison = pairedComparison(result.pairs[i]);
      // Outcome codes: 0 = side 0 won, 1 = draw, 2 = side 0 lost (= side 1 won when there are two sides).
      const comparisons: MeasureComparison[] = [];
      if (va.sides.length === 2) comparisons.push(...va.sides.map((side, s) => ({ measure: `${side} wins`, kind: 'rate' as const, label: `${sideName(side)} wins`, ...pairedDiff(result.pairs[i], s === 0 ? 0 : 2) })), { measure: 'draws', kind: 'rate', label: 'draws', ...pairedDiff(result.pairs[i], 1) });
      for (const c of compare ?? []) {
        if (c === 'draws' || va.sides.includes(c)) continue;
        const m = metricComparison(result.summaries[i], result.summaries[plan.baseline], infos[i].layout, c);
        if (m) comparisons.push(m);
      }
      if (comparisons.length) va.comparisons = comparisons;
    }
  });
  const pooledViews = variants.length > 1 ? viewsOf(infos[0].layout, variants.flatMap((v) => v.efficiency)) : [];
  // A ranking only makes sense when the row and column tags name the same kind of choice
  // (e.g. side A's weapon and side B's weapon).
  const shared = matrix && variants.some((a) => variants.some((b) => a.tags[matrix.row] !== undefined && a.tags[matrix.row] === b.tags[matrix.col]));
  const ranking = matrix && shared ? { ...matrix, rows: tagRanking(variants, matrix.row, matrix.col, matrix.facet) } : undefined;
  let ratings: Analysis['ratings'];
  if (ranking && matrix) {
    const fits = [...roundRobinMatches(variants, matrix.row, matrix.col, matrix.facet).entries()]
      .filter(([, ms]) => new Set(ms.flatMap((m) => [m.a, m.b])).size >= 2)
      .map(([facetValue, ms]) => ({ facetValue, games: ms.reduce((t, m) => t + m.games, 0), ...fitBradleyTerry(ms) }));
    if (fits.length) ratings = { ...matrix, fits };
  }
  return { variants, baseline: plan.baseline >= 0 ? plan.variants[plan.baseline].name : null, pooledViews, ranking, ratings };
}
