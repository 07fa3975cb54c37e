/** The experiment's own sections: ratings, the overview, the sequential test, robustness, the paired comparisons, shape and pooled efficiency. */
import type { TopLevelSpec } from 'vega-lite';
import type { Analysis, MeasureComparison } from '../analysis/analyze.ts';
import { compareMeasure, variantName } from '../answers/verdict.ts';
import { forestPlot, llrTrace, rateBars, rateHeatmap, winMatrix } from './charts.ts';
import { num, pValueText, rateText, signedPct } from './format.ts';
import { chartDiv, escapeHtml, table } from './html.ts';
import type { ReportInput } from './report-input.ts';
import { sideName, words } from './text.ts';
import { efficiencyBlock } from './variant-section.ts';
import { evenMeasure, roundUp, sprtName } from './verdict-lines.ts';
import { changeWords, ownChangesText, sharedChanges } from './changes-text.ts';

export function renderExperiment(input: ReportInput, parts: string[], specs: Record<string, TopLevelSpec>): void {
  const { analysis } = input;
  const sides = analysis.variants[0].sides;
  const side0 = sideName(sides[0]);
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
  const even = input.even;
  if (!rt && even) {
    // The question asked: the tested side's score with its (1 − 2α) interval, the even band drawn.
    const what = evenMeasure(input);
    const barRows = analysis.variants.map((v, i) => ({ variant: variantName(v), p: even.tests[i].score, lo: Math.max(0, even.tests[i].lo), hi: Math.min(1, even.tests[i].hi) }));
    specs.variantBars = rateBars(barRows, { category: 'variant', value: 'p', lo: 'lo', hi: 'hi', title: `Is it even? ${what} by variant`, xTitle: `${what} (${Math.round((1 - 2 * even.alpha) * 100)}% interval)`, percent: true, domain: [0, 1], even: { margin: even.margin } });
    parts.push(chartDiv('variantBars', `The green band is even (50% ± ${num(even.margin * 100, 1)} points): a variant is even when its ${Math.round((1 - 2 * even.alpha) * 100)}% interval lies inside it (two one-sided tests at ${even.alpha}), not even when the interval lies wholly outside it.`));
  } else if (!rt) {
    const barRows = analysis.variants.map((v) => ({ variant: variantName(v), p: v.outcomes[0].p, lo: v.outcomes[0].lo, hi: v.outcomes[0].hi }));
    specs.variantBars = rateBars(barRows, { category: 'variant', value: 'p', lo: 'lo', hi: 'hi', title: `${side0} win rate by variant`, xTitle: `${side0} win rate`, percent: true, domain: [0, 1], even: {} });
    parts.push(chartDiv('variantBars', 'The dashed line is 50%.'));
  }
  // What each variant changes from the base scenario (the changes every variant shares said once, above).
  const changes = input.changes;
  const shared = changes ? sharedChanges(changes) : [];
  const changesOf = (i: number) => (changes ? escapeHtml(ownChangesText(changes[i] ?? [], shared, input.scenario.data) || (shared.length ? 'no other change' : 'none (the base scenario as it is)')) : '');
  const indexOf = (v: (typeof analysis.variants)[number]) => analysis.variants.indexOf(v);
  if (shared.length) parts.push(`<p><b>Every variant:</b> ${escapeHtml(shared.map((c) => changeWords(c, input.scenario.data)).join('; '))}.</p>`);
  const outcomeTable = table(
    ['variant', ...(changes ? ['changes from the base scenario'] : []), ...sides.map((s) => `${sideName(s)} wins`), 'draws', 'games', `mean length (${analysis.variants[0].length.unit})`],
    analysis.variants.map((v, i) => [escapeHtml(variantName(v)), ...(changes ? [changesOf(i)] : []), ...v.outcomes.map((o) => rateText(o)), num(v.games), num(v.length.mean, 1)]),
    ['l', ...(changes ? ['l'] : [])],
  );
  parts.push(rt ? `<details><summary>Outcomes of all ${analysis.variants.length} variants</summary>${outcomeTable}</details>` : outcomeTable);
  if (even) {
    parts.push(`<h2>Is it even?</h2>`);
    parts.push(`<p class="muted small">${escapeHtml(evenMeasure(input))} against 50% ± ${num(even.margin * 100, 1)} points, by two one-sided tests at ${even.alpha} (Schuirmann 1987): even when both reject (the ${Math.round((1 - 2 * even.alpha) * 100)}% interval lies inside the band), not even when the interval lies wholly outside it, otherwise not yet decided, with about the games the observed mean and spread would need. The run stops once every variant is decided (checked after rounds of games).</p>`);
    parts.push(table(
      ['variant', 'answer', `score (${Math.round((1 - 2 * even.alpha) * 100)}% interval)`, 'p (even)', 'games', 'games to decide'],
      analysis.variants.map((v, i) => {
        const t = even.tests[i];
        return [escapeHtml(variantName(v)), `<b>${escapeHtml(t.decision === 'undecided' ? 'not yet decided' : t.decision)}</b>`, `${(t.score * 100).toFixed(1)}% <span class="muted">(${(t.lo * 100).toFixed(1)}–${(t.hi * 100).toFixed(1)})</span>`, pValueText(t.pEven), num(t.games), t.gamesNeeded === undefined ? '–' : Number.isFinite(t.gamesNeeded) ? `about ${num(roundUp(t.gamesNeeded))}` : 'on the margin'];
      }),
      ['l', 'l'],
    ));
  }
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
    parts.push(table(['variant', 'side tested', 'decision', 'games', 'LLR'], t.variants.map((v) => [escapeHtml(variantName(analysis.variants[v.variant])), escapeHtml(sideName(sides[v.side] ?? '')), v.decision, num(v.games), num(v.llr, 2)]), ['l', 'l', 'l']));
  }
  if (input.robust) {
    const rb = input.robust;
    parts.push(`<h2>Does the verdict survive other players?</h2>`);
    parts.push(table(
      ['variant', ...rb.pairings.map((p) => `${side0} wins change, ${p}`), 'verdict'],
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
      specs.forest = forestPlot(rows, { title: `Change in ${side0} win rate against ${baseLabel}`, xTitle: `change in ${side0} win rate (variant − baseline)` });
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
      ['variant', ...(changes ? ['changes'] : []), ...measures.map((m) => `${m.label}: change (95%)${m.kind === 'rate' ? ', points' : ''}`), 'p-value', 'SE paired / unpaired'],
      comps.map((v) => {
        const c = v.comparison!;
        return [escapeHtml(variantName(v)), ...(changes ? [changesOf(indexOf(v))] : []), ...measures.map((m) => cell(v.comparisons?.find((x) => x.measure === m.measure))), pValueText(c.pValue), `${(c.se * 100).toFixed(2)} / ${(c.seUnpaired * 100).toFixed(2)}`];
      }),
      ['l', ...(changes ? ['l'] : [])],
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
