/**
 * From merged summaries to the numbers a report shows: outcome rates with Wilson intervals,
 * end reasons (the safety-cap rate apart), game length, per-game scalars, efficiency tables
 * (arquero) and paired variant-vs-baseline comparisons. Output is plain JSON-able data.
 */
import * as aq from 'arquero';
import type { MetricLayout } from '../core/tally.ts';
import { END_REASONS } from '../core/system.ts';
import type { PlanResult } from '../run/pool.ts';
import type { Summary } from '../run/summary.ts';
import { histEntries, histStats, type HistStats } from './histogram.ts';
import { wilson } from './intervals.ts';
import { pairedComparison, type PairedComparison } from './paired.ts';

export interface Rate {
  k: number;
  n: number;
  p: number;
  lo: number;
  hi: number;
}

export function rate(k: number, n: number): Rate {
  const [lo, hi] = wilson(k, n);
  return { k, n, p: n > 0 ? k / n : NaN, lo, hi };
}

export interface VariantInfo {
  readonly sides: readonly string[];
  readonly layout: MetricLayout;
  readonly lengthUnit: string;
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
  decisionsPerGame: number;
  randomDrawsPerGame: number;
  comparison?: PairedComparison;
}

export interface Analysis {
  variants: VariantAnalysis[];
  baseline: string | null;
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
    decisionsPerGame: n > 0 ? s.decisions / n : 0,
    randomDrawsPerGame: n > 0 ? s.randomDraws / n : 0,
  };
}

/** Efficiency rows: keys + counters + every declared ratio with its interval. */
export function efficiencyTable(layout: MetricLayout, cells: readonly number[]): Array<Record<string, string | number>> {
  if (layout.rows.length === 0) return [];
  const ncols = layout.columns.length;
  const objects = layout.rows.map((row, r) => {
    const o: Record<string, string | number> = { ...row };
    layout.columns.forEach((c, j) => (o[c] = cells[r * ncols + j]));
    return o;
  });
  let t = aq.from(objects);
  for (const ratio of layout.ratios ?? []) {
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

export function analyzePlan(result: PlanResult, infos: readonly VariantInfo[]): Analysis {
  const plan = result.plan;
  const variants = plan.variants.map((v, i) =>
    analyzeVariant(result.summaries[i], infos[i], {
      name: v.name,
      label: v.label,
      tags: { ...v.tags },
      agents: v.agents.map((a) => a.name + Object.entries(a.params).map(([k, x]) => `:${k}=${x}`).join('')),
    }),
  );
  if (plan.baseline >= 0) {
    variants.forEach((va, i) => {
      if (i !== plan.baseline) va.comparison = pairedComparison(result.pairs[i]);
    });
  }
  return { variants, baseline: plan.baseline >= 0 ? plan.variants[plan.baseline].name : null };
}
