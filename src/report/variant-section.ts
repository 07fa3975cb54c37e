/** One variant's sections (who won, how games ended, efficiency, game length, shape, per-game quantities), or a generator's quantities. */
import type { TopLevelSpec } from 'vega-lite';
import type { VariantAnalysis } from '../analysis/analyze.ts';
import { amount, shapeSentences, type ShapeAnalysis } from '../analysis/shape.ts';
import { variantName } from '../answers/verdict.ts';
import type { RatioSpec } from '../core/tally.ts';
import { histogram, rateBars, ratioBars } from './charts.ts';
import { num, pct, rateText } from './format.ts';
import { chartDiv, escapeHtml, table } from './html.ts';
import type { ReportInput } from './report-input.ts';
import { sideName, words } from './text.ts';
import { changeWords } from './changes-text.ts';

/** Charts (one per ratio, with intervals for proportions) and a table of efficiency rows. */
export function efficiencyBlock(rows: ReadonlyArray<Record<string, string | number>>, keys: readonly string[], ratios: readonly RatioSpec[], idPrefix: string, specs: Record<string, TopLevelSpec>, charts: boolean): string {
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

export function renderVariant(input: ReportInput, v: VariantAnalysis, i: number, parts: string[], specs: Record<string, TopLevelSpec>, multi: boolean): void {
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
  const changes = input.changes?.[i];
  if (multi && changes) {
    parts.push(changes.length
      ? `<p><b>Changes from the base scenario:</b></p><ul>${changes.map((c) => `<li>${escapeHtml(changeWords(c, input.scenario.data))} <code class="muted">${escapeHtml(c.kind === 'rules' ? `overrides.${c.path}` : c.kind === 'option' ? `options.${c.path}` : c.path)}</code></li>`).join('')}</ul>`
      : `<p><b>Changes from the base scenario:</b> none (the base scenario as it is).</p>`);
  }
  parts.push(`<p class="muted small">Agents: ${v.agents.map((a, s) => `${escapeHtml(v.sides[s] !== undefined ? sideName(v.sides[s]) : `side ${s}`)} = <code>${escapeHtml(a)}</code>`).join(', ')}. Intervals are Wilson 95%.</p>`);
  specs[id('outcomes')] = rateBars(v.outcomes.map((o) => ({ ...o, outcome: sideName(o.outcome) })), { category: 'outcome', value: 'p', lo: 'lo', hi: 'hi', title: 'Who won', xTitle: 'share of games', percent: true, domain: [0, 1], even: { margin: multi ? undefined : input.even?.margin } });
  parts.push(chartDiv(id('outcomes')));
  parts.push(table(['outcome', 'games', 'rate (95% interval)'], v.outcomes.map((o) => [escapeHtml(sideName(o.outcome)), num(o.k), rateText(o)])));

  parts.push(`<h3>How games ended</h3>`);
  parts.push(table(['end', 'games', 'rate (95% interval)'], v.reasons.map((r) => [escapeHtml(r.reason), num(r.k), rateText(r)])));
  if (v.details.length) {
    parts.push(table(['end', 'detail', 'outcome', 'games', 'share'], v.details.map((d) => [escapeHtml(d.reason), escapeHtml(d.detail), escapeHtml(sideName(d.outcome)), num(d.count), pct(d.share)]), ['l', 'l', 'l']));
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
