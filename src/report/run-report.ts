/**
 * The report of a run or an experiment: one self-contained offline HTML page with Vega-Lite
 * charts, plus CSV and JSON files beside it. All files are written to a temporary folder first
 * and moved into place at the end, so a failure never leaves a half-written report.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import type { Analysis, MeasureComparison, VariantAnalysis } from '../analysis/analyze.ts';
import type { RatioSpec } from '../core/tally.ts';
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import type { OptionSpecs, OptionValues } from '../core/options.ts';
import type { PlanResult } from '../run/pool.ts';
import { forestPlot, histogram, llrTrace, rateBars, rateHeatmap, ratioBars, winMatrix } from './charts.ts';
import { toCsv } from './csv.ts';
import { num, pct, pValueText, rateText, signedPct } from './format.ts';
import { chartDiv, escapeHtml, htmlPage } from './html.ts';
import { tocBlock, verdictBlock, VERDICT_CSS } from './answer-page.ts';
import { compareMeasure, experimentVerdict, placeholderCaveat, runVerdict, variantName, words, type InfluentialValue } from '../answers/verdict.ts';
import type { SprtResult } from '../answers/sprt.ts';
import type { RobustResult } from '../answers/robust.ts';
import type { SkillCheckResult } from '../answers/skill-check.ts';
import { amount, shapeSentences, type ShapeAnalysis } from '../analysis/shape.ts';

export interface ScenarioDescription {
  readonly id: string;
  readonly name: string;
  readonly file: string;
  readonly text: string;
  readonly system: { id: string; name: string; seedFile: string; kind: 'game' | 'generator' };
  readonly description?: string;
  readonly source?: { seed?: string; section?: string; note?: string };
  readonly options: OptionValues;
  readonly optionSpecs: OptionSpecs;
  readonly overrides: Readonly<Record<string, unknown>>;
  readonly provenance: readonly ProvenanceEntry[];
  readonly ratios: readonly RatioSpec[];
  readonly rowKeys: readonly string[];
}

export interface ReportInput {
  readonly title: string;
  readonly kind: 'run' | 'experiment';
  readonly description?: string;
  readonly analysis: Analysis;
  readonly result: PlanResult;
  /** The scenario played (for an experiment: its base scenario). */
  readonly scenario: ScenarioDescription;
  readonly command: string;
  readonly versions: Readonly<Record<string, string>>;
  readonly matrix?: { row: string; col: string; facet?: string };
  /** Experiment file text, if any. */
  readonly experimentText?: string;
  /** Measures the experiment compares, first = the verdict's (side names or 'draws'); default every side then draws. */
  readonly compare?: readonly string[];
  /** Sequential test of the variants against the baseline (`--sprt`). */
  readonly sprt?: SprtResult;
  /** The variants' changes replayed under other agent pairings (`--pairings`). */
  readonly robust?: RobustResult;
  /** The verdict replayed with a stronger player (`--skill-check`): its sentence joins the verdict. */
  readonly skillCheck?: SkillCheckResult;
  /** The placeholders the answer depends on most (from salvo sensitivity), for the caveat. */
  readonly influential?: readonly InfluentialValue[];
}

export interface WrittenReport {
  readonly dir: string;
  readonly files: string[];
}

/**
 * The most influential placeholders from a sensitivity screen of the same scenario, when one was
 * written beside this report (reports/sensitivity-<name>/sensitivity.json, by salvo sensitivity).
 */
export function findInfluential(outDir: string, scenarioFile: string): InfluentialValue[] | undefined {
  const file = join(dirname(resolve(outDir)), `sensitivity-${basename(scenarioFile, extname(scenarioFile))}`, 'sensitivity.json');
  if (!existsSync(file)) return undefined;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { command?: string; rows?: Array<{ path: string; label: string; effect: number; significant: boolean; provenance: string; pass: number }> };
    if (!json.command?.includes(basename(scenarioFile))) return undefined;
    return (json.rows ?? []).filter((r) => r.pass === 2 && r.significant && r.provenance === 'placeholder').slice(0, 5).map((r) => ({ path: r.path, label: r.label, effect: r.effect }));
  } catch {
    return undefined;
  }
}

export function writeReport(outDir: string, input: ReportInput): WrittenReport {
  const influential = input.influential ?? (input.kind === 'run' ? findInfluential(outDir, input.scenario.file) : undefined);
  const files = buildReportFiles(influential ? { ...input, influential } : input);
  const dir = resolve(outDir);
  const tmp = `${dir}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(tmp, name), content);
    mkdirSync(dir, { recursive: true });
    for (const name of Object.keys(files)) {
      const target = join(dir, name);
      if (existsSync(target)) rmSync(target);
      renameSync(join(tmp, name), target);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { dir, files: Object.keys(files).map((f) => join(dir, f)) };
}

/** File name → content. Pure (no I/O), so tests can inspect a report without writing it. */
export function buildReportFiles(input: ReportInput): Record<string, string> {
  const { analysis } = input;
  const files: Record<string, string> = {};
  files['report.html'] = renderHtml(input);
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
    robust: input.robust,
    skillCheck: input.skillCheck,
    pooledViews: input.analysis.pooledViews,
    variants: input.analysis.variants,
  };
}

/** The report's opening sentences (also printed by the terminal summary). */
export function verdictLines(input: ReportInput): string[] {
  const { analysis, result } = input;
  const lines: string[] = [];
  if (input.scenario.system.kind === 'generator') {
    const v = analysis.variants[0];
    lines.push(`${num(result.games)} set-ups generated${analysis.variants.length > 1 ? ' per variant' : ''}: ${v.scalars.slice(0, 4).map((x) => `${words(x.name)} ${num(x.mean, 2)} on average`).join(', ')}.`);
  } else if (analysis.variants.length > 1) {
    lines.push(...experimentVerdict(analysis.variants, analysis.baseline, analysis.ratings, input.compare));
  } else {
    const v = analysis.variants[0];
    lines.push(runVerdict(v.sides, v.outcomes, v.games));
  }
  if (input.sprt) lines.push(sprtSentence(input));
  if (input.skillCheck) lines.push(input.skillCheck.sentence);
  if (input.robust) {
    const rb = input.robust;
    const robust = rb.variants.filter((v) => v.verdict === 'robust').map((v) => variantName(analysis.variants[v.variant]));
    const fragile = rb.variants.filter((v) => v.verdict === 'not robust').map((v) => variantName(analysis.variants[v.variant]));
    lines.push(`Under ${rb.pairings.length} agent pairings (${rb.pairings.join('; ')}), ${robust.length ? `robust: ${robust.join(', ')}` : 'no change is robust'}${fragile.length ? `; not robust (sign or significance changes with the players): ${fragile.join(', ')}` : ''}.`);
  }
  if (result.stoppedEarly && !input.sprt) lines.push(`Stopped early at ${num(result.games)} of ${num(result.plan.games)} games${analysis.variants.length > 1 ? ' per variant' : ''}: every win-rate 95% interval had reached the requested precision (checked after fixed rounds of games).`);
  return lines;
}

/** A tested variant's name, with the side when more than one side was tested. */
function sprtName(input: ReportInput, v: { variant: number; side: number }): string {
  const t = input.sprt!;
  const name = variantName(input.analysis.variants[v.variant]);
  return (t.sides?.length ?? 1) > 1 ? `${name} (${input.analysis.variants[0].sides[v.side]})` : name;
}

function sprtSentence(input: ReportInput): string {
  const t = input.sprt!;
  const sideNames = input.analysis.variants[0].sides;
  const tested = (t.sides ?? [0]).map((s) => sideNames[s]);
  const h = (d: number) => `${d >= 0 ? '+' : '−'}${Math.abs(d * 100).toFixed(1)}`;
  const parts = t.variants.map((v) => `${sprtName(input, v)}: ${v.decision === 'H1' ? `H1 accepted (a change nearer ${h(t.d1)} than ${h(t.d0)} points)` : v.decision === 'H0' ? `H0 accepted (a change nearer ${h(t.d0)} than ${h(t.d1)} points)` : 'undecided'} after ${num(v.games)} games`);
  const stop = input.result.stoppedEarly ? `stopped at ${num(input.result.games)} of ${num(input.result.plan.games)} games per variant because every test was decided` : `played all ${num(input.result.games)} games per variant`;
  const whose = tested.length > 1 ? `${tested.slice(0, -1).join(', ')} and ${tested[tested.length - 1]}'s scores` : `${tested[0]}'s score`;
  return `Sequential test of ${whose} (wins + half the draws) against the baseline (H0 ${h(t.d0)} points, H1 ${h(t.d1)}, α = β = ${t.alpha}): ${parts.join('; ')}; ${stop}.`;
}

/** Gives every <h2> an id and returns the table of contents built from them. */
function withAnchors(parts: string[]): { parts: string[]; toc: Array<{ id: string; title: string }> } {
  const toc: Array<{ id: string; title: string }> = [];
  const seen = new Set<string>();
  const out = parts.map((p) =>
    p.replace(/<h2>(.*?)<\/h2>/g, (_m, inner: string) => {
      const title = inner.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
      let id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'section';
      while (seen.has(id)) id += '-';
      seen.add(id);
      toc.push({ id, title: title.length > 48 ? title.slice(0, 46) + '…' : title });
      return `<h2 id="${id}">${inner}</h2>`;
    }),
  );
  return { parts: out, toc };
}

function renderHtml(input: ReportInput): string {
  const specs: Record<string, TopLevelSpec> = {};
  const parts: string[] = [];
  const { analysis, result, scenario } = input;
  const multi = analysis.variants.length > 1;

  const head: string[] = [];
  head.push(`<h1>${escapeHtml(input.title)}</h1>`);
  head.push(`<p class="muted">${escapeHtml(scenario.system.name)} · ${num(result.games)} games${multi ? ' per variant' : ''} · seed ${escapeHtml(result.plan.seed)} · ${input.kind === 'experiment' ? `${analysis.variants.length} variants · ` : ''}salvo ${escapeHtml(input.versions.salvo ?? '')}</p>`);
  const warnings: string[] = [];
  const capped = analysis.variants.reduce((s, v) => s + (v.reasons.find((r) => r.reason === 'safety-cap')?.k ?? 0), 0);
  if (capped > 0) warnings.push(`Warning: ${num(capped)} games hit the engine's safety cap (listed apart below); they count as draws and may bias the balance figures.`);
  if (analysis.ratings?.fits.some((f) => f.cycle)) warnings.push(`Results are intransitive (${analysis.ratings.fits.filter((f) => f.cycle).map((f) => `${f.facetValue ? f.facetValue + ': ' : ''}${f.cycle!.join(' beats ')}`).join('; ')}): a single ranking hides that no choice beats every other.`);
  head.push(verdictBlock(verdictLines(input), placeholderCaveat(scenario.provenance, input.influential), warnings));

  if (multi) renderExperiment(input, parts, specs);
  for (const [i, v] of analysis.variants.entries()) renderVariant(input, v, i, parts, specs, multi);
  if (input.description) parts.push(`<h2>About this ${input.kind === 'experiment' ? 'experiment' : 'scenario'}</h2><p>${escapeHtml(input.description)}</p>`);
  renderScenario(input, parts);
  parts.push(`<h2>Reproduce</h2><pre>${escapeHtml(input.command)}</pre>
<div class="kv small">${Object.entries(input.versions).map(([k, v]) => `<div>${escapeHtml(k)}</div><div>${escapeHtml(v)}</div>`).join('')}
<div>workers × batch</div><div>${result.workers} × ${result.batchSize} (results do not depend on either)</div>
<div>elapsed</div><div>${(result.elapsedMs / 1000).toFixed(1)} s</div></div>`);
  // The key chart is the first one of the body; the table of contents follows it.
  const anchored = withAnchors(parts);
  const firstChart = anchored.parts.findIndex((p) => p.includes('class="chart-figure"'));
  const body = [...anchored.parts];
  body.splice(firstChart >= 0 ? firstChart + 1 : 0, 0, tocBlock(anchored.toc));
  return htmlPage({ title: input.title, body: [...head, ...body].join('\n'), specs, css: VERDICT_CSS });
}

function renderExperiment(input: ReportInput, parts: string[], specs: Record<string, TopLevelSpec>): void {
  const { analysis } = input;
  const sides = analysis.variants[0].sides;
  const side0 = sides[0];
  const rt = analysis.ratings;
  if (rt) renderRatings(rt, parts, specs);
  parts.push(`<h2>${rt ? 'Every match' : `Overview: ${escapeHtml(side0)} win rate by variant`}</h2>`);
  if (input.matrix) {
    const m = input.matrix;
    const rows = analysis.variants.map((v) => {
      const w = v.outcomes[0];
      return { [m.row]: v.tags[m.row] ?? '?', [m.col]: v.tags[m.col] ?? '?', ...(m.facet ? { [m.facet]: v.tags[m.facet] ?? '?' } : {}), winA: w.p, lo: w.lo, hi: w.hi, games: w.n };
    });
    specs.matrix = winMatrix(rows, { row: m.row, col: m.col, facet: m.facet, side: side0, title: `${side0} win rate, 95% interval half-width in points` });
    parts.push(chartDiv('matrix', `Each cell: ${side0}'s win rate over the games of that variant (rows: ${m.row}, columns: ${m.col}); the small number is the 95% Wilson half-width in percentage points.`));
  }
  if (!rt) {
    const barRows = analysis.variants.map((v) => ({ variant: variantName(v), p: v.outcomes[0].p, lo: v.outcomes[0].lo, hi: v.outcomes[0].hi }));
    specs.variantBars = rateBars(barRows, { category: 'variant', value: 'p', lo: 'lo', hi: 'hi', title: `${side0} win rate by variant`, xTitle: `${side0} win rate`, percent: true });
    parts.push(chartDiv('variantBars'));
  }
  const outcomeTable = table(
    ['variant', ...sides.map((s) => `${s} wins`), 'draws', 'games', `mean length (${analysis.variants[0].length.unit})`],
    analysis.variants.map((v) => [escapeHtml(variantName(v)), ...v.outcomes.map((o) => rateText(o)), num(v.games), num(v.length.mean, 1)]),
  );
  parts.push(rt ? `<details><summary>Outcomes of all ${analysis.variants.length} variants</summary>${outcomeTable}</details>` : outcomeTable);
  const lengths = analysis.variants.map((v) => v.length.mean);
  if (!rt && Math.max(...lengths) > Math.min(...lengths)) {
    const lengthRows = analysis.variants.map((v) => ({ variant: variantName(v), mean: v.length.mean, lo: v.length.meanLo, hi: v.length.meanHi }));
    specs.variantLength = rateBars(lengthRows, { category: 'variant', value: 'mean', lo: 'lo', hi: 'hi', title: `Mean game length by variant (${analysis.variants[0].length.unit}), 95% interval`, xTitle: analysis.variants[0].length.unit });
    parts.push(chartDiv('variantLength'));
  }
  if (input.sprt) {
    const t = input.sprt;
    parts.push(`<h2>Sequential test against the baseline</h2>`);
    specs.sprt = llrTrace(t.variants.flatMap((v) => v.trace.map((x) => ({ variant: sprtName(input, v), ...x }))), { title: 'Log-likelihood ratio after each round of games', lower: t.lower, upper: t.upper });
    parts.push(chartDiv('sprt', `GSPRT on paired outcomes (fishtest's normal approximation) of the tested side's score (a win 1, a draw ½), checked after fixed rounds of games: above ${t.upper.toFixed(2)} H1 is accepted, below ${t.lower.toFixed(2)} H0.`));
    parts.push(table(['variant', 'side tested', 'decision', 'games', 'LLR'], t.variants.map((v) => [escapeHtml(variantName(analysis.variants[v.variant])), escapeHtml(sides[v.side] ?? ''), v.decision, num(v.games), num(v.llr, 2)]), ['l', 'l', 'l']));
  }
  if (input.robust) {
    const rb = input.robust;
    parts.push(`<h2>Does the verdict survive other players?</h2>`);
    parts.push(table(
      ['variant', ...rb.pairings.map((p) => `${sides[0]} wins change, ${p}`), 'verdict'],
      rb.variants.map((v) => [escapeHtml(variantName(analysis.variants[v.variant])), ...v.changes.map((c) => `${signedPct(c.diff)} <span class="muted">(${signedPct(c.lo)} to ${signedPct(c.hi)})</span>`), v.verdict]),
      ['l'],
    ));
  }
  const comps = analysis.variants.filter((v) => v.comparison);
  if (comps.length) {
    const baseLabel = analysis.variants.find((v) => v.name === analysis.baseline)?.label ?? analysis.baseline ?? '';
    parts.push(`<h2>Against the baseline (${escapeHtml(baseLabel)}), paired on the same games</h2>`);
    parts.push(`<p class="muted small">Game g of every variant used the same dice streams, so each difference is measured game by game: paired 95% intervals, in percentage points; McNemar's p-value for ${escapeHtml(side0)}'s win rate. "SE paired / unpaired" compares with two independent samples of the same size.</p>`);
    if (!rt) {
      const rows = comps.map((v) => ({ variant: variantName(v), diff: v.comparison!.diff, lo: v.comparison!.lo, hi: v.comparison!.hi, pValue: v.comparison!.pValue, significant: v.comparison!.pValue < 0.05 ? 'yes' : 'no' }));
      specs.forest = forestPlot(rows, { title: `Change in ${side0} win rate against ${baseLabel}` });
      parts.push(chartDiv('forest'));
    }
    const wanted = (input.compare ?? [...sides, 'draws']).map((c) => compareMeasure(c, sides));
    const all = comps[0].comparisons ?? [];
    const measures = all.filter((m) => wanted.includes(m.measure)).sort((a, b) => wanted.indexOf(a.measure) - wanted.indexOf(b.measure));
    const metricRows = measures.filter((m) => m.kind === 'mean');
    if (metricRows.length) {
      parts.push(`<p class="muted small">Metrics (${metricRows.map((m) => escapeHtml(m.label)).join(', ')}): the change of the per-game mean in the metric's own unit, with the 95% interval of the mean of the per-game differences; the baseline's mean is given after the arrow.</p>`);
    }
    const cell = (m: MeasureComparison | undefined): string => {
      if (!m) return '–';
      if (m.kind === 'rate') return `${signedPct(m.diff)} <span class="muted">(${signedPct(m.lo)} to ${signedPct(m.hi)})</span>`;
      const f = (x: number) => `${x >= 0 ? '+' : ''}${num(x, 2)}`;
      return `${f(m.diff)} <span class="muted">(${f(m.lo)} to ${f(m.hi)}) → ${num(m.version, 2)}</span>`;
    };
    const compTable = table(
      ['variant', ...measures.map((m) => `${m.label}: change (95%)${m.kind === 'rate' ? ', points' : ''}`), 'p-value', 'SE paired / unpaired'],
      comps.map((v) => {
        const c = v.comparison!;
        return [escapeHtml(variantName(v)), ...measures.map((m) => cell(v.comparisons?.find((x) => x.measure === m.measure))), pValueText(c.pValue), `${(c.se * 100).toFixed(2)} / ${(c.seUnpaired * 100).toFixed(2)}`];
      }),
    );
    if (metricRows.length && !rt) {
      const m0 = metricRows[0];
      const rows = comps.flatMap((v) => {
        const x = v.comparisons?.find((c) => c.measure === m0.measure);
        return x ? [{ variant: variantName(v), diff: x.diff, lo: x.lo, hi: x.hi, significant: x.lo > 0 || x.hi < 0 ? 'yes' : 'no' }] : [];
      });
      specs.forestMetric = forestPlot(rows, { title: `Change in ${m0.label} against ${baseLabel}, 95% paired intervals`, percent: false, xTitle: `change in ${m0.label} (variant − baseline)` });
      parts.push(chartDiv('forestMetric'));
    }
    parts.push(rt ? `<details><summary>Paired changes of all ${comps.length} variants</summary>${compTable}</details>` : compTable);
  }
  const shaped = analysis.variants.filter((v) => v.shape);
  if (shaped.length) {
    const u = shaped[0].shape!;
    const turn = u.turnUnit.replace(/s$/, '');
    parts.push(`<h2>Shape of a game</h2>`);
    parts.push(`<p class="muted small">The lead is ${escapeHtml(u.unit)}, sampled at the end of every ${escapeHtml(turn)}; a comeback is a win after trailing by ${num(u.margin)} or more. Intervals are Wilson 95%.</p>`);
    parts.push(table(
      ['variant', 'lead changes per game', 'comebacks (of decided games)', `winner led for good from ${turn} (median, 10–90%)`, 'side acting first won'],
      shaped.map((v) => {
        const a = v.shape!;
        return [escapeHtml(variantName(v)), `${num(a.leadChanges.mean, 2)} <span class="muted">(${num(a.leadChanges.meanLo, 2)}–${num(a.leadChanges.meanHi, 2)})</span>`, rateText(a.comebacks), a.ledFrom.n ? `${num(a.ledFrom.median)} <span class="muted">(${num(a.ledFrom.p10)}–${num(a.ledFrom.p90)})</span>` : '–', a.firstMover.games ? rateText(a.firstMover.won) : '–'];
      }),
      ['l'],
    ));
  }
  if (analysis.pooledViews.length) {
    parts.push(`<h2>Efficiency, all variants pooled</h2>`);
    for (const [j, view] of analysis.pooledViews.entries()) {
      parts.push(`<details><summary>Efficiency ${escapeHtml(view.name)}</summary>${efficiencyBlock(view.rows, view.keys, input.scenario.ratios, `pooled${j}`, specs, true)}</details>`);
    }
  }
  if (analysis.variants.length > 1) parts.push(`<h2>Each variant</h2>`);
}

function renderRatings(rt: NonNullable<Analysis['ratings']>, parts: string[], specs: Record<string, TopLevelSpec>): void {
  const what = words(rt.row);
  parts.push(`<h2>Ratings: which ${escapeHtml(what)} is best</h2>`);
  const rows = rt.fits.flatMap((f) => f.ratings.map((r) => ({ label: rt.facet ? `${r.item} (${f.facetValue})` : r.item, [words(rt.facet ?? 'group')]: f.facetValue, p: r.score, lo: r.lo, hi: r.hi })));
  specs.ratings = rateBars(rows, { category: 'label', value: 'p', lo: 'lo', hi: 'hi', title: `Expected score of each ${what} against an average opponent (Bradley–Terry, 95% intervals)`, xTitle: 'expected score (wins + half the draws)', percent: true, colour: rt.facet ? words(rt.facet) : undefined });
  parts.push(chartDiv('ratings', `Fitted to every match of the round robin, mirrors excluded, both sides pooled (${rt.row} = side A's choice, ${rt.col} = side B's); draws count as half a win. Method: Hunter (2004), MM algorithm; intervals from the Fisher information.`));
  parts.push(table(
    [...(rt.facet ? [words(rt.facet)] : []), what, 'expected score (95%)', 'games'],
    rt.fits.flatMap((f) => f.ratings.map((r) => [...(rt.facet ? [escapeHtml(f.facetValue)] : []), escapeHtml(r.item), rateText({ p: r.score, lo: r.lo, hi: r.hi }), num(r.games)])),
    ['l', 'l'],
  ));
  const grid: string[] = [];
  rt.fits.forEach((f, i) => {
    const cells = f.matrix.map((c) => ({ row: c.row, col: c.col, predicted: c.predicted, observed: c.observed }));
    const order = f.ratings.map((x) => x.item);
    const where = rt.facet ? ` (${f.facetValue})` : '';
    specs[`predicted${i}`] = rateHeatmap(cells, { row: 'row', col: 'col', value: 'predicted', title: `Predicted score${where}`, rowTitle: what, colTitle: `against`, legend: 'score', order });
    specs[`observed${i}`] = rateHeatmap(cells.filter((c) => Number.isFinite(c.observed)), { row: 'row', col: 'col', value: 'observed', title: `Observed score${where}`, rowTitle: what, colTitle: `against`, legend: 'score', order });
    grid.push(chartDiv(`predicted${i}`), chartDiv(`observed${i}`));
  });
  parts.push(`<details><summary>Predicted beside observed matchups</summary><p class="muted small">Row's score against column (both sides pooled). Large gaps between the two mean the single rating misses something (rock-paper-scissors).</p><div class="grid2">${grid.join('')}</div></details>`);
}

/** Charts (one per ratio, with intervals for proportions) and a table of efficiency rows. */
function efficiencyBlock(rows: ReadonlyArray<Record<string, string | number>>, keys: readonly string[], ratios: readonly RatioSpec[], idPrefix: string, specs: Record<string, TopLevelSpec>, charts: boolean): string {
  if (!rows.length) return '';
  const out: string[] = [];
  const ratioCols = new Set(ratios.flatMap((r) => [r.name, `${r.name}_lo`, `${r.name}_hi`]));
  const first = rows[0];
  const counters = Object.keys(first).filter((k) => !keys.includes(k) && !ratioCols.has(k) && typeof first[k] === 'number' && !k.includes('*'));
  const constants = Object.keys(first).filter((k) => !keys.includes(k) && typeof first[k] !== 'number');
  const labelled = rows.map((e) => ({ ...e, label: keys.map((k) => e[k]).join(' · ') }));
  if (charts && rows.length <= 60) {
    for (const ratio of ratios) {
      const values = rows.map((r) => r[ratio.name]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
      if (values.length === 0 || values.every((x) => x === values[0])) continue;
      const rid = `${idPrefix}-${ratio.name}`;
      specs[rid] = ratioBars(labelled, {
        label: 'label',
        value: ratio.name,
        lo: ratio.kind === 'proportion' ? `${ratio.name}_lo` : undefined,
        hi: ratio.kind === 'proportion' ? `${ratio.name}_hi` : undefined,
        colour: keys.length > 1 ? keys[0] : undefined,
        title: ratio.label ?? words(ratio.name),
        xTitle: ratio.label ?? words(ratio.name),
      });
      out.push(chartDiv(rid));
    }
  }
  out.push(table(
    [...keys, ...constants, ...counters].map(words).concat(ratios.map((r) => r.label ?? words(r.name))),
    rows.map((e) => [
      ...keys.map((k) => escapeHtml(e[k])),
      ...constants.map((k) => escapeHtml(e[k])),
      ...counters.map((k) => num(e[k] as number)),
      ...ratios.map((r) => (r.kind === 'proportion' && Number.isFinite(e[r.name] as number) ? `${num(e[r.name] as number, 3)} <span class="muted">(${num(e[`${r.name}_lo`] as number, 3)}–${num(e[`${r.name}_hi`] as number, 3)})</span>` : num(e[r.name] as number, 3))),
    ]),
    [...keys.map(() => 'l'), ...constants.map(() => 'l')],
  ));
  return out.join('\n');
}

function renderVariant(input: ReportInput, v: VariantAnalysis, i: number, parts: string[], specs: Record<string, TopLevelSpec>, multi: boolean): void {
  const id = (s: string) => `v${i}-${s}`;
  if (multi) {
    parts.push(`<details${i === 0 ? '' : ''}><summary><b>Variant ${escapeHtml(variantName(v))}</b> <span class="muted">${escapeHtml(Object.entries(v.tags).map(([k, x]) => `${k}=${x}`).join(', '))}</span></summary>`);
  }
  const generator = input.scenario.system.kind === 'generator';
  if (generator) {
    renderGenerated(v, id, parts, specs);
    if (multi) parts.push(`</details>`);
    return;
  }
  parts.push(multi ? `<h3>Outcomes: ${escapeHtml(variantName(v))}</h3>` : `<h2>Who won</h2>`);
  parts.push(`<p class="muted small">Agents: ${v.agents.map((a, s) => `${escapeHtml(v.sides[s] ?? `side ${s}`)} = <code>${escapeHtml(a)}</code>`).join(', ')}. Intervals are Wilson 95%.</p>`);
  specs[id('outcomes')] = rateBars(v.outcomes.map((o) => ({ ...o })), { category: 'outcome', value: 'p', lo: 'lo', hi: 'hi', title: 'Who won', xTitle: 'share of games', percent: true });
  parts.push(chartDiv(id('outcomes')));
  parts.push(table(['outcome', 'games', 'rate (95% interval)'], v.outcomes.map((o) => [escapeHtml(o.outcome), num(o.k), rateText(o)])));

  parts.push(`<h3>How games ended</h3>`);
  parts.push(table(['end', 'games', 'rate (95% interval)'], v.reasons.map((r) => [escapeHtml(r.reason), num(r.k), rateText(r)])));
  if (v.details.length) {
    parts.push(table(['end', 'detail', 'outcome', 'games', 'share'], v.details.map((d) => [escapeHtml(d.reason), escapeHtml(d.detail), escapeHtml(d.outcome), num(d.count), pct(d.share)]), ['l', 'l', 'l']));
  }

  if (v.efficiency.length && multi) {
    // Experiments: the pooled views above carry the charts; each variant's views as tables.
    for (const view of v.views) {
      parts.push(`<h3>Efficiency ${escapeHtml(view.name)}</h3>`);
      parts.push(efficiencyBlock(view.rows, view.keys, input.scenario.ratios, '', specs, false));
    }
    parts.push(`<p class="muted small">Every efficiency row of every variant: <code>efficiency.csv</code>.</p>`);
  } else if (v.efficiency.length) {
    parts.push(`<h3>Efficiency</h3>`);
    parts.push(efficiencyBlock(v.efficiency, input.scenario.rowKeys, input.scenario.ratios, id('eff'), specs, v.views.length === 0));
    for (const [j, view] of v.views.entries()) {
      parts.push(`<h3>Efficiency ${escapeHtml(view.name)}</h3>`);
      parts.push(efficiencyBlock(view.rows, view.keys, input.scenario.ratios, id(`view${j}`), specs, true));
    }
  }

  parts.push(`<h3>Game length (${escapeHtml(v.length.unit)})</h3>`);
  if (v.lengthHistogram.length > 1) {
    specs[id('length')] = histogram(v.lengthHistogram, { value: 'length', count: 'share', title: 'Game length', xTitle: v.length.unit });
    parts.push(chartDiv(id('length')));
  }
  parts.push(table(['mean (95%)', 'sd', 'median', '10%', '90%', 'min', 'max'], [[`${num(v.length.mean, 2)} <span class="muted">(${num(v.length.meanLo, 2)}–${num(v.length.meanHi, 2)})</span>`, num(v.length.sd, 2), num(v.length.median), num(v.length.p10), num(v.length.p90), num(v.length.min), num(v.length.max)]]));

  if (v.shape) renderShape(v.shape, multi, id, parts, specs);

  if (v.scalars.length) {
    parts.push(`<h3>Per-game quantities</h3>`);
    parts.push(table(['quantity', 'mean (95%)', 'sd', 'median', '10%', '90%', 'min', 'max'], v.scalars.map((s) => [escapeHtml(words(s.name)), `${num(s.mean, 2)} <span class="muted">(${num(s.meanLo, 2)}–${num(s.meanHi, 2)})</span>`, num(s.sd, 2), num(s.median), num(s.p10), num(s.p90), num(s.min), num(s.max)]), ['l']));
  }
  parts.push(`<p class="muted small">${num(v.decisionsPerGame, 1)} decisions and ${num(v.randomDrawsPerGame, 1)} random draws per game.</p>`);
  if (multi) parts.push(`</details>`);
}

/** "Shape of a game": the sentences, then the two distributions (a run), or a table row (each variant of an experiment). */
function renderShape(a: ShapeAnalysis, multi: boolean, id: (s: string) => string, parts: string[], specs: Record<string, TopLevelSpec>): void {
  parts.push(multi ? `<h3>Shape of a game</h3>` : `<h2>Shape of a game</h2>`);
  parts.push(`<p>${shapeSentences(a).map(escapeHtml).join(' ')}</p>`);
  const charts: string[] = [];
  if (!multi && a.leadChangesHistogram.length > 1) {
    specs[id('leadChanges')] = histogram(a.leadChangesHistogram, { value: 'changes', count: 'share', title: 'Lead changes per game', xTitle: 'times the side ahead changed', width: 420, height: 140, integer: true });
    charts.push(chartDiv(id('leadChanges')));
  }
  if (!multi && a.ledFromHistogram.length > 1) {
    specs[id('ledFrom')] = histogram(a.ledFromHistogram, { value: 'turn', count: 'share', title: 'The winner led for good from', xTitle: a.turnUnit.replace(/s$/, ''), width: 420, height: 140, integer: true });
    charts.push(chartDiv(id('ledFrom')));
  }
  if (!multi && a.comebackCurve.length > 1 && a.comebackCurve.length <= 80) {
    specs[id('comebacks')] = histogram(a.comebackCurve, { value: 'deficit', count: 'share', title: 'Comebacks: the winner had trailed by at least…', xTitle: a.unit, width: 420, height: 140, yTitle: 'of decided games' });
    charts.push(chartDiv(id('comebacks')));
  }
  if (charts.length) parts.push(`<div class="grid2">${charts.join('')}</div>`);
  parts.push(`<p class="muted small">A comeback: the winner trailed by at least ${escapeHtml(amount(a.margin, a.unit))} at the end of some ${escapeHtml(a.turnUnit.replace(/s$/, ''))}. The comeback chart gives the share of decided games at every margin. Intervals are Wilson 95%. Per variant in <code>shape.csv</code>, distributions in <code>shape-histograms.csv</code>.</p>`);
}

/** Generator systems (ww2setup): no winner; every generated quantity's distribution. */
function renderGenerated(v: VariantAnalysis, id: (s: string) => string, parts: string[], specs: Record<string, TopLevelSpec>): void {
  parts.push(`<h2>Generated quantities (${num(v.games)} sampled set-ups)</h2>`);
  parts.push(`<p class="muted small">Each game is one seeded set-up; the exact distributions are given by <code>salvo odds</code>. Means with 95% intervals.</p>`);
  parts.push(table(['quantity', 'mean (95%)', 'sd', 'median', '10%', '90%', 'min', 'max'], v.scalars.map((s) => [escapeHtml(words(s.name)), `${num(s.mean, 3)} <span class="muted">(${num(s.meanLo, 3)}–${num(s.meanHi, 3)})</span>`, num(s.sd, 2), num(s.median), num(s.p10), num(s.p90), num(s.min), num(s.max)]), ['l']));
  const charts: string[] = [];
  v.scalars.forEach((s, i) => {
    const rows = v.scalarHistograms.filter((h) => h.name === s.name);
    if (rows.length < 2) return;
    const cid = id(`scalar${i}`);
    specs[cid] = histogram(rows, { value: 'value', count: 'share', title: words(s.name), xTitle: words(s.name), width: 420, height: 120 });
    charts.push(chartDiv(cid));
  });
  parts.push(`<div class="grid2">${charts.join('')}</div>`);
}

function renderScenario(input: ReportInput, parts: string[]): void {
  const s = input.scenario;
  parts.push(`<h2>Scenario and rules data</h2>`);
  parts.push(`<div class="kv"><div>scenario</div><div>${escapeHtml(s.name)} (<code>${escapeHtml(s.id)}</code>)</div>
<div>file</div><div><code>${escapeHtml(s.file)}</code></div>
<div>system</div><div>${escapeHtml(s.system.name)} (<code>${escapeHtml(s.system.id)}</code>), seed document ${escapeHtml(s.system.seedFile)}</div>
${s.source ? `<div>source</div><div>${escapeHtml([s.source.seed, s.source.section].filter(Boolean).join(', '))}${s.source.note ? ` — ${escapeHtml(s.source.note)}` : ''}</div>` : ''}</div>`);
  if (s.description) parts.push(`<p>${escapeHtml(s.description)}</p>`);

  const overrides = Object.entries(s.overrides);
  parts.push(`<h3>House rules (overrides): ${overrides.length || 'none'}</h3>`);
  if (overrides.length) parts.push(table(['rules data path', 'value'], overrides.map(([k, v]) => [`<code>${escapeHtml(k)}</code>`, `<code>${escapeHtml(JSON.stringify(v))}</code>`]), ['l', 'l']));

  const changed = Object.entries(s.options).filter(([k, v]) => s.optionSpecs[k] && s.optionSpecs[k].default !== v);
  parts.push(`<h3>Options: ${changed.length ? `${changed.length} changed from the default` : 'all at their defaults'}</h3>`);
  parts.push(`<details><summary>All ${Object.keys(s.options).length} options</summary>${table(
    ['option', 'value', 'default', 'kind', 'why the default'],
    Object.entries(s.options).map(([k, v]) => {
      const spec = s.optionSpecs[k];
      const mark = spec && spec.default !== v ? ' <span class="tag override">changed</span>' : '';
      return [`<code>${escapeHtml(k)}</code>${mark}`, `<code>${escapeHtml(JSON.stringify(v))}</code>`, `<code>${escapeHtml(JSON.stringify(spec?.default))}</code>`, escapeHtml(spec?.kind ?? ''), escapeHtml(spec?.cite ?? '')];
    }),
    ['l', 'l', 'l', 'l', 'l'],
  )}</details>`);

  const byKind = new Map<string, number>();
  for (const e of s.provenance) byKind.set(e.provenance.kind, (byKind.get(e.provenance.kind) ?? 0) + 1);
  const placeholders = s.provenance.filter((e) => e.provenance.kind === 'placeholder');
  parts.push(`<h3>Provenance of the rules values in play</h3><p>${[...byKind.entries()].map(([k, n]) => `<span class="tag ${escapeHtml(k)}">${escapeHtml(k)}</span> ${n}`).join(' &nbsp; ')}</p>`);
  if (placeholders.length) {
    parts.push(`<p><b>${placeholders.length} values in play are placeholders</b>, not from the rulebook: every result above depends on them. They are listed here and in <code>provenance.csv</code>.</p>`);
    parts.push(`<details><summary>Placeholder values in use</summary>${table(['rules data path', 'value', 'note'], placeholders.map((e) => [`<code>${escapeHtml(e.path)}</code>`, `<code>${escapeHtml(JSON.stringify(e.value))}</code>`, escapeHtml(e.provenance.ref)]), ['l', 'l', 'l'])}</details>`);
  }
  const others = s.provenance.filter((e) => e.provenance.kind !== 'placeholder');
  if (others.length) parts.push(`<details><summary>Values from the rulebook, derived, public or overridden</summary>${table(['rules data path', 'value', 'kind', 'source'], others.map((e) => [`<code>${escapeHtml(e.path)}</code>`, `<code>${escapeHtml(JSON.stringify(e.value))}</code>`, escapeHtml(e.provenance.kind), escapeHtml(e.provenance.ref)]), ['l', 'l', 'l', 'l'])}</details>`);
  parts.push(`<details><summary>Scenario file</summary><pre>${escapeHtml(s.text)}</pre></details>`);
  if (input.experimentText) parts.push(`<details><summary>Experiment file</summary><pre>${escapeHtml(input.experimentText)}</pre></details>`);
}

function table(head: string[], rows: string[][], align: string[] = []): string {
  const cls = (i: number) => (align[i] === 'l' ? ' class="l"' : '');
  return `<div class="table-wrap"><table><thead><tr>${head.map((h, i) => `<th${cls(i)}>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => `<td${cls(i)}>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}
