/**
 * The files of a run's or an experiment's report: one self-contained offline HTML page
 * (run-page.ts) with CSV and JSON files beside it. Pure: src/app/output.ts writes them to a
 * temporary folder and swaps the report folder in whole.
 */
import type { VariantAnalysis } from '../analysis/analyze.ts';
import type { ShapeAnalysis } from '../analysis/shape.ts';
import { placeholderCaveat } from '../answers/verdict.ts';
import { toCsv } from './csv.ts';
import type { ReportInput } from './report-input.ts';
import { runPageHtml } from './run-page.ts';
import { verdictLines } from './verdict-lines.ts';

export type { ReportInput, ScenarioDescription, WrittenReport } from './report-input.ts';

/** File name → content. Pure (no I/O), so tests can inspect a report without writing it. */
export function buildReportFiles(input: ReportInput): Record<string, string> {
  const { analysis } = input;
  const files: Record<string, string> = {};
  files['report.html'] = runPageHtml(input);
  files['summary.json'] = JSON.stringify(summaryJson(input), null, 2) + '\n';
  const tagKeys = [...new Set(analysis.variants.flatMap((v) => Object.keys(v.tags)))];
  const withVariant = <T extends object>(v: VariantAnalysis, rows: readonly T[]): Array<Record<string, unknown>> =>
    rows.map((r) => ({ variant: v.name, ...Object.fromEntries(tagKeys.map((k) => [k, v.tags[k] ?? ''])), ...r }));
  files['outcomes.csv'] = toCsv(analysis.variants.flatMap((v) => withVariant(v, v.outcomes)));
  files['end-reasons.csv'] = toCsv(analysis.variants.flatMap((v) => withVariant(v, v.reasons)));
  files['game-length.csv'] = toCsv(analysis.variants.flatMap((v) => withVariant(v, v.lengthHistogram)));
  files['scalars.csv'] = toCsv(analysis.variants.flatMap((v) => withVariant(v, v.scalars)));
  const eff = analysis.variants.flatMap((v) => withVariant(v, v.efficiency));
  if (eff.length) files['efficiency.csv'] = toCsv(eff);
  const views = [
    ...analysis.pooledViews.flatMap((view) => view.rows.map((r) => ({ variant: '(all pooled)', view: view.name, ...r }))),
    ...analysis.variants.flatMap((v) => v.views.flatMap((view) => view.rows.map((r) => ({ variant: v.name, view: view.name, ...r })))),
  ];
  if (views.length) files['efficiency-views.csv'] = toCsv(views);
  const comps = analysis.variants.filter((v) => v.comparison).map((v) => ({ variant: v.name, baseline: analysis.baseline, ...v.comparison! }));
  if (comps.length) files['comparisons.csv'] = toCsv(comps);
  const measured = analysis.variants.flatMap((v) => (v.comparisons ?? []).map((c) => ({ variant: v.name, baseline: analysis.baseline, measure: c.measure, label: c.label, kind: c.kind, games: c.n, baselineValue: c.reference, variantValue: c.version, change: c.diff, lo: c.lo, hi: c.hi, se: c.se })));
  if (measured.length) files['paired-measures.csv'] = toCsv(measured);
  const shaped = analysis.variants.filter((v) => v.shape);
  if (shaped.length) {
    files['shape.csv'] = toCsv(shaped.map((v) => ({ variant: v.name, ...Object.fromEntries(tagKeys.map((k) => [k, v.tags[k] ?? ''])), ...shapeRow(v.shape!) })));
    files['shape-histograms.csv'] = toCsv(
      shaped.flatMap((v) => [
        ...v.shape!.leadChangesHistogram.map((h) => ({ variant: v.name, measure: 'lead changes per game', value: h.changes, count: h.count, share: h.share })),
        ...v.shape!.ledFromHistogram.map((h) => ({ variant: v.name, measure: `winner led for good from (${v.shape!.turnUnit})`, value: h.turn, count: h.count, share: h.share })),
        ...v.shape!.comebackCurve.map((h) => ({ variant: v.name, measure: `winner came back from at least (${v.shape!.unit})`, value: h.deficit, count: h.games, share: h.share })),
      ]),
    );
  }
  if (analysis.ranking) files['ranking.csv'] = toCsv(analysis.ranking.rows.map((r) => ({ ...r })));
  if (analysis.ratings) files['ratings.csv'] = toCsv(analysis.ratings.fits.flatMap((f) => f.ratings.map((r) => ({ [analysis.ratings!.facet ?? 'group']: f.facetValue, [analysis.ratings!.row]: r.item, theta: r.theta, se: r.se, score: r.score, lo: r.lo, hi: r.hi, games: r.games }))));
  files['provenance.csv'] = toCsv(
    input.scenario.provenance.map((e) => ({ path: e.path, value: e.value, kind: e.provenance.kind, ref: e.provenance.ref })),
  );
  return files;
}

/** One flat CSV row of a variant's shape of a game. */
function shapeRow(a: ShapeAnalysis): Record<string, string | number> {
  return {
    leadUnit: a.unit,
    comebackMargin: a.margin,
    games: a.games,
    decided: a.decided,
    leadChangesMean: a.leadChanges.mean,
    leadChangesMeanLo: a.leadChanges.meanLo,
    leadChangesMeanHi: a.leadChanges.meanHi,
    neverChanged: a.neverChanged.p,
    comebackRate: a.comebacks.p,
    comebackLo: a.comebacks.lo,
    comebackHi: a.comebacks.hi,
    ledForGoodFromMedian: a.ledFrom.median,
    ledForGoodFromP10: a.ledFrom.p10,
    ledForGoodFromP90: a.ledFrom.p90,
    winnerNotAheadAtEnd: a.notAhead.p,
    firstMoverGames: a.firstMover.games,
    firstMoverWon: a.firstMover.won.p,
    firstMoverWonLo: a.firstMover.won.lo,
    firstMoverWonHi: a.firstMover.won.hi,
    firstMoverDrew: a.firstMover.drawn.p,
  };
}

function summaryJson(input: ReportInput): unknown {
  const r = input.result;
  return {
    title: input.title,
    kind: input.kind,
    verdict: verdictLines(input),
    caveat: placeholderCaveat(input.scenario.provenance, input.influential),
    command: input.command,
    versions: input.versions,
    seed: r.plan.seed,
    gamesPerVariant: r.games,
    gamesRequested: r.plan.games,
    stoppedEarly: r.stoppedEarly,
    workers: r.workers,
    batchSize: r.batchSize,
    elapsedSeconds: Math.round(r.elapsedMs) / 1000,
    scenario: {
      id: input.scenario.id,
      name: input.scenario.name,
      file: input.scenario.file,
      system: input.scenario.system.id,
      options: input.scenario.options,
      overrides: input.scenario.overrides,
      placeholdersInUse: input.scenario.provenance.filter((e) => e.provenance.kind === 'placeholder').length,
    },
    baseline: input.analysis.baseline,
    ranking: input.analysis.ranking,
    ratings: input.analysis.ratings,
    sprt: input.sprt,
    even: input.even,
    robust: input.robust,
    skillCheck: input.skillCheck,
    pooledViews: input.analysis.pooledViews,
    variants: input.analysis.variants.map((v, i) => (input.changes ? { ...v, changes: input.changes[i] ?? [] } : v)),
  };
}
