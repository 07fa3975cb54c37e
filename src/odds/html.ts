/**
 * One odds table as an offline page (`salvo odds ... --format html`): its charts as static SVG
 * (the cards' Vega-Lite charts, src/odds/chart-spec.ts, rendered to static SVG; no script), the table with every exact fraction, the rows
 * the given parameters select highlighted, the values a house rule changed marked ‡ (with the
 * value without it), and the provenance list.
 */
import { escapeHtml } from '../report/html.ts';
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import { formatCell, groupProvenance, OVERRIDE_MARK, PLACEHOLDER_MARK, type ProvenanceGroup, type ResolvedCell, type ResolvedTable } from './compute.ts';
import type { OddsColumn } from '../core/odds.ts';
import type { OddsContext } from './context.ts';
import { houseRuleText, SELECTED_MARK, selectedBy } from './render.ts';
import { oddsChartSpec } from './chart-spec.ts';
import { specToSvg } from './vega-svg.ts';
import { SANS } from './text.ts';

/** Table markup: formatted values with marks; the exact fraction in the tooltip, and printed small when short. */
export function tableHtml(t: ResolvedTable, o: { showExact?: 'short' | 'always' | 'never' } = {}): string {
  const show = o.showExact ?? 'short';
  const td = (c: ResolvedCell | undefined, kind: OddsColumn['kind'], selected = false): string => {
    if (!c) return '<td></td>';
    const cls = [c.placeholder ? 'ph' : '', c.override ? 'ov' : '', selected ? 'sel' : ''].filter(Boolean).join(' ');
    const shown = formatCell(c, kind);
    const plain = shown.replace(/[†‡%]/g, '');
    const exact = show === 'always' || (show === 'short' && c.exact.length <= 9 && c.exact !== '0' && c.exact !== '1' && c.exact !== plain) ? `<span class="exact">${escapeHtml(c.exact)}</span>` : '';
    const dep = (c.override ? ` (without the house rules: ${c.was || 'none'})` : '') + (c.dependsOn.length ? ` (depends on ${c.dependsOn.join(', ')})` : '');
    return `<td${cls ? ` class="${cls}"` : ''} title="${escapeHtml(c.exact + dep)}">${escapeHtml(shown)}${exact}</td>`;
  };
  const usedCols = t.values.filter((v) => t.rows.some((r) => r.cells[v.name]));
  const pivot = t.pivot && t.keys.some((k) => k.name === t.pivot) && usedCols.length === 1 ? t.pivot : undefined;
  if (pivot) {
    // One value column: the pivot key's values become the columns.
    const rowKeys = t.keys.filter((k) => k.name !== pivot);
    const colVals: Array<string | number> = [];
    const rowIds: string[] = [];
    const rowKeyOf = new Map<string, Record<string, string | number>>();
    const cellAt = new Map<string, ResolvedCell>();
    const selAt = new Set<string>();
    for (const [i, r] of t.rows.entries()) {
      const pv = r.key[pivot];
      if (!colVals.includes(pv)) colVals.push(pv);
      const id = JSON.stringify(rowKeys.map((k) => r.key[k.name]));
      if (!rowKeyOf.has(id)) {
        rowKeyOf.set(id, { ...r.key });
        rowIds.push(id);
      }
      const c = r.cells[usedCols[0].name];
      if (c) cellAt.set(`${id}\u0000${pv}`, c);
      if (t.selected.includes(i)) selAt.add(`${id}\u0000${pv}`);
    }
    // Two header rows: "<value> by <pivot key>" over the pivot values.
    const pivotLabel = t.keys.find((k) => k.name === pivot)!.label;
    const head =
      `<tr>${rowKeys.map((k) => `<th class="l" rowspan="2">${escapeHtml(k.label)}</th>`).join('')}<th class="group" colspan="${colVals.length}">${escapeHtml(`${usedCols[0].label} by ${pivotLabel}`)}</th></tr>` +
      `<tr>${colVals.map((v) => `<th>${escapeHtml(v)}</th>`).join('')}</tr>`;
    const body = rowIds.map((id) => `<tr>${rowKeys.map((k) => `<td class="l">${escapeHtml(rowKeyOf.get(id)![k.name] ?? '')}</td>`).join('')}${colVals.map((v) => td(cellAt.get(`${id}\u0000${v}`), usedCols[0].kind, selAt.has(`${id}\u0000${v}`))).join('')}</tr>`).join('\n');
    return `<table class="odds${colVals.length > 7 ? ' wide' : ''}"><thead>${head}</thead><tbody>${body}</tbody></table>`;
  }
  const head = `<tr>${t.keys.map((k) => `<th class="l">${escapeHtml(k.label)}</th>`).join('')}${usedCols.map((v) => `<th>${escapeHtml(v.label)}</th>`).join('')}</tr>`;
  const body = t.rows.map((r, i) => `<tr${t.selected.includes(i) ? ' class="sel"' : ''}>${t.keys.map((k) => `<td class="l">${escapeHtml(r.key[k.name] ?? '')}</td>`).join('')}${usedCols.map((v) => td(r.cells[v.name], v.kind)).join('')}</tr>`).join('\n');
  return `<table class="odds${usedCols.length > 7 ? ' wide' : ''}"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

export function legendHtml(): string {
  return `<p class="legend"><b>${PLACEHOLDER_MARK}</b> depends on a placeholder rules value (not from the rulebook; listed under Provenance). <b>${OVERRIDE_MARK}</b> changed by a house rule or option (the value without it on hover). <b>${SELECTED_MARK}</b> highlighted: the rows the given parameters select. Probabilities are exact; percentages are rounded, the exact fraction is shown small or on hover.</p>`;
}

export function provenanceHtml(placeholders: readonly ProvenanceEntry[], overrides: readonly ProvenanceEntry[]): string {
  const item = (g: ProvenanceGroup) => `<li><code>${escapeHtml(g.path)}</code>${g.count === 1 ? ` = <code>${escapeHtml(JSON.stringify(g.value))}</code>` : ` (${g.count} values)`} <span class="muted">${escapeHtml(g.ref || g.kind)}</span></li>`;
  const parts: string[] = [];
  parts.push(`<h3>${PLACEHOLDER_MARK} Placeholder values in use (${placeholders.length})</h3>`);
  parts.push(placeholders.length ? `<ul class="prov">${groupProvenance(placeholders).map(item).join('')}</ul>` : '<p class="muted">None: every value shown comes from the rulebook data (seed, public rules or a stated interpretation).</p>');
  if (overrides.length) parts.push(`<h3>${OVERRIDE_MARK} House-rule overrides that change these values (${overrides.length})</h3><ul class="prov">${groupProvenance(overrides).map(item).join('')}</ul>`);
  return parts.join('\n');
}

export const ODDS_CSS = `
table.odds td .exact { display: block; font-size: 10px; color: var(--muted); }
table.odds.wide { font-size: 9px; } table.odds.wide th { font-size: 9px; white-space: normal; max-width: 70px; }
table.odds td.ph { background: #fff8e6; } table.odds td.ov { background: #eaf2ff; }
table.odds tr.sel td, table.odds td.sel { background: #d9d9d9; box-shadow: inset 0 1px 0 #000, inset 0 -1px 0 #000; }
.legend { font-size: 12px; color: var(--muted); }
ul.prov { font-size: 12px; padding-left: 18px; } ul.prov li { margin: 2px 0; }
`;

export function contextHtml(ctx: OddsContext, params?: Readonly<Record<string, unknown>>): string {
  const rows: string[] = [];
  rows.push(`<div>system</div><div>${escapeHtml(ctx.system.info.name)} (<code>${escapeHtml(ctx.system.info.id)}</code>), seed ${escapeHtml(ctx.system.info.seedFile)}, spec ${escapeHtml(ctx.system.info.spec)}</div>`);
  if (ctx.scenario) rows.push(`<div>scenario</div><div>${escapeHtml(ctx.scenario.name)} (<code>${escapeHtml(ctx.scenario.file)}</code>)</div>`);
  const opts = ctx.houseRules.filter((h) => h.path.startsWith('options.'));
  const rules = ctx.houseRules.filter((h) => h.path.startsWith('overrides.'));
  rows.push(`<div>options</div><div>${opts.length ? opts.map((h) => `<code>${escapeHtml(houseRuleText(h))}</code>`).join(', ') : 'all at their recommended defaults'}</div>`);
  if (rules.length) rows.push(`<div>house rules</div><div>${rules.map((h) => `<code>${escapeHtml(houseRuleText(h))}</code>`).join(', ')}</div>`);
  if (params && Object.keys(params).length) rows.push(`<div>parameters</div><div>${Object.entries(params).map(([k, v]) => `<code>${escapeHtml(k)}=${escapeHtml(String(v))}</code>`).join(' ')}</div>`);
  return `<div class="kv">${rows.join('')}</div>`;
}

const PAGE_CSS = `
body { font: 14px/1.45 ${SANS}; color: #1d1d1f; margin: 0 auto; max-width: 1000px; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #d0d4d9; }
h3 { font-size: 14px; margin: 16px 0 6px; }
.muted { color: #5f6368; } .small { font-size: 12px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid #d0d4d9; padding: 3px 8px; text-align: right; vertical-align: top; }
th { background: #f5f6f8; font-weight: 600; } td.l, th.l { text-align: left; }
code { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
.kv { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; } .kv div:nth-child(odd) { color: #5f6368; }
figure.chart { margin: 12px 0; }
`;

/** The box of a chart on an odds page (and in the lab), points. */
export const PAGE_CHART_BOX = { width: 600, height: 280, font: 9, minFont: 7 } as const;

/** One odds table as a self-contained offline page (static SVG charts, no script). */
export function renderHtml(t: ResolvedTable, ctx: OddsContext): string {
  const charts = t.charts.map((c) => {
    const chart = oddsChartSpec(t, c, PAGE_CHART_BOX);
    return `<figure class="chart" data-kind="${chart.kind}">${specToSvg(chart.spec, { title: chart.title, className: 'odds-chart' })}</figure>`;
  });
  const selection = t.given.length ? `<p>${SELECTED_MARK} ${escapeHtml(selectedBy(t))}${t.selected.length ? ': highlighted' : ''}</p>` : '';
  const changed = t.changed ? `<p>${OVERRIDE_MARK} ${t.changed} value${t.changed === 1 ? '' : 's'} changed by ${t.houseRules.map((h) => `<code>${escapeHtml(houseRuleText(h))}</code>`).join('; ')}</p>` : '';
  const command = ['salvo odds', t.system, t.mechanic, ...Object.entries(t.params).filter(([k]) => t.given.includes(k)).map(([k, v]) => `--param ${k}=${v}`), ...(ctx.scenario ? [`--scenario ${ctx.scenario.file}`] : []), ...ctx.sets.map((s) => `--set ${s.path}=${s.value}`), '--format html'].join(' ');
  const body = `<h1>${escapeHtml(t.title)}</h1>
${t.description ? `<p>${escapeHtml(t.description)}</p>` : ''}
${contextHtml(ctx, t.params)}
${selection}${changed}
${charts.join('\n')}
${tableHtml(t, { showExact: 'always' })}
${t.notes.map((n) => `<p class="small">${escapeHtml(n)}</p>`).join('')}
${legendHtml()}
<h2>Provenance</h2>
${provenanceHtml(t.placeholders, t.overrides)}
<p class="small muted">${escapeHtml(command)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>${PAGE_CSS}${ODDS_CSS}</style>
</head>
<body data-all-rendered="true">
${body}
</body>
</html>
`;
}
