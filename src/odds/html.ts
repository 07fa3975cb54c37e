/**
 * HTML renderings: one odds table as an offline page (`salvo odds ... --format html`), and the
 * shared pieces the reference cards use (table markup, legend, provenance list). Scripts are
 * inlined by the report module's htmlPage (no CDN).
 */
import { chartDiv, escapeHtml, htmlPage } from '../report/html.ts';
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import { chartSpec, patternDefs } from './charts.ts';
import { formatCell, groupProvenance, OVERRIDE_MARK, PLACEHOLDER_MARK, type ProvenanceGroup, type ResolvedCell, type ResolvedTable } from './compute.ts';
import type { OddsColumn } from '../core/odds.ts';
import type { OddsContext } from './context.ts';

/** Table markup: formatted values with marks; the exact fraction in the tooltip, and printed small when short. */
export function tableHtml(t: ResolvedTable, o: { showExact?: 'short' | 'always' | 'never' } = {}): string {
  const show = o.showExact ?? 'short';
  const td = (c: ResolvedCell | undefined, kind: OddsColumn['kind']): string => {
    if (!c) return '<td></td>';
    const cls = [c.placeholder ? 'ph' : '', c.override ? 'ov' : ''].filter(Boolean).join(' ');
    const shown = formatCell(c, kind);
    const plain = shown.replace(/[†‡%]/g, '');
    const exact = show === 'always' || (show === 'short' && c.exact.length <= 9 && c.exact !== '0' && c.exact !== '1' && c.exact !== plain) ? `<span class="exact">${escapeHtml(c.exact)}</span>` : '';
    const dep = c.dependsOn.length ? ` (depends on ${c.dependsOn.join(', ')})` : '';
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
    for (const r of t.rows) {
      const pv = r.key[pivot];
      if (!colVals.includes(pv)) colVals.push(pv);
      const id = JSON.stringify(rowKeys.map((k) => r.key[k.name]));
      if (!rowKeyOf.has(id)) {
        rowKeyOf.set(id, { ...r.key });
        rowIds.push(id);
      }
      const c = r.cells[usedCols[0].name];
      if (c) cellAt.set(`${id}\u0000${pv}`, c);
    }
    // Two header rows: "<value> by <pivot key>" over the pivot values.
    const pivotLabel = t.keys.find((k) => k.name === pivot)!.label;
    const head =
      `<tr>${rowKeys.map((k) => `<th class="l" rowspan="2">${escapeHtml(k.label)}</th>`).join('')}<th class="group" colspan="${colVals.length}">${escapeHtml(`${usedCols[0].label} by ${pivotLabel}`)}</th></tr>` +
      `<tr>${colVals.map((v) => `<th>${escapeHtml(v)}</th>`).join('')}</tr>`;
    const body = rowIds.map((id) => `<tr>${rowKeys.map((k) => `<td class="l">${escapeHtml(rowKeyOf.get(id)![k.name] ?? '')}</td>`).join('')}${colVals.map((v) => td(cellAt.get(`${id}\u0000${v}`), usedCols[0].kind)).join('')}</tr>`).join('\n');
    return `<table class="odds${colVals.length > 7 ? ' wide' : ''}"><thead>${head}</thead><tbody>${body}</tbody></table>`;
  }
  const head = `<tr>${t.keys.map((k) => `<th class="l">${escapeHtml(k.label)}</th>`).join('')}${usedCols.map((v) => `<th>${escapeHtml(v.label)}</th>`).join('')}</tr>`;
  const body = t.rows.map((r) => `<tr>${t.keys.map((k) => `<td class="l">${escapeHtml(r.key[k.name] ?? '')}</td>`).join('')}${usedCols.map((v) => td(r.cells[v.name], v.kind)).join('')}</tr>`).join('\n');
  return `<table class="odds${usedCols.length > 7 ? ' wide' : ''}"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

export function legendHtml(): string {
  return `<p class="legend"><b>${PLACEHOLDER_MARK}</b> depends on a placeholder rules value (not from the rulebook; listed under Provenance). <b>${OVERRIDE_MARK}</b> depends on a house-rule override of the scenario. Probabilities are exact; percentages are rounded, the exact fraction is shown small or on hover.</p>`;
}

export function provenanceHtml(placeholders: readonly ProvenanceEntry[], overrides: readonly ProvenanceEntry[]): string {
  const item = (g: ProvenanceGroup) => `<li><code>${escapeHtml(g.path)}</code>${g.count === 1 ? ` = <code>${escapeHtml(JSON.stringify(g.value))}</code>` : ` (${g.count} values)`} <span class="muted">${escapeHtml(g.ref || g.kind)}</span></li>`;
  const parts: string[] = [];
  parts.push(`<h3>${PLACEHOLDER_MARK} Placeholder values in use (${placeholders.length})</h3>`);
  parts.push(placeholders.length ? `<ul class="prov">${groupProvenance(placeholders).map(item).join('')}</ul>` : '<p class="muted">None: every value shown comes from the rulebook data (seed, public rules or a stated interpretation).</p>');
  if (overrides.length) parts.push(`<h3>${OVERRIDE_MARK} House-rule overrides in use (${overrides.length})</h3><ul class="prov">${groupProvenance(overrides).map(item).join('')}</ul>`);
  return parts.join('\n');
}

export const ODDS_CSS = `
table.odds td .exact { display: block; font-size: 10px; color: var(--muted); }
table.odds.wide { font-size: 9px; } table.odds.wide th { font-size: 9px; white-space: normal; max-width: 70px; }
table.odds td.ph { background: #fff8e6; } table.odds td.ov { background: #eaf2ff; }
.legend { font-size: 12px; color: var(--muted); }
ul.prov { font-size: 12px; padding-left: 18px; } ul.prov li { margin: 2px 0; }
`;

export function contextHtml(ctx: OddsContext, params?: Readonly<Record<string, unknown>>): string {
  const rows: string[] = [];
  rows.push(`<div>system</div><div>${escapeHtml(ctx.system.info.name)} (<code>${escapeHtml(ctx.system.info.id)}</code>), seed ${escapeHtml(ctx.system.info.seedFile)}, spec ${escapeHtml(ctx.system.info.spec)}</div>`);
  if (ctx.scenario) rows.push(`<div>scenario</div><div>${escapeHtml(ctx.scenario.name)} (<code>${escapeHtml(ctx.scenario.file)}</code>)</div>`);
  const nonDefault = Object.entries(ctx.options).filter(([k, v]) => ctx.system.options[k] && ctx.system.options[k].default !== v);
  rows.push(`<div>options</div><div>${nonDefault.length ? nonDefault.map(([k, v]) => `<code>${escapeHtml(k)}: ${escapeHtml(String(v))}</code>`).join(', ') : 'all at their recommended defaults'}</div>`);
  if (ctx.scenario && Object.keys(ctx.scenario.overrides).length) rows.push(`<div>house rules</div><div>${Object.entries(ctx.scenario.overrides).map(([k, v]) => `<code>${escapeHtml(k)}: ${escapeHtml(JSON.stringify(v))}</code>`).join(', ')}</div>`);
  if (params && Object.keys(params).length) rows.push(`<div>parameters</div><div>${Object.entries(params).map(([k, v]) => `<code>${escapeHtml(k)}=${escapeHtml(String(v))}</code>`).join(' ')}</div>`);
  return `<div class="kv">${rows.join('')}</div>`;
}

/** One odds table as a self-contained offline page. */
export function renderHtml(t: ResolvedTable, ctx: OddsContext): string {
  const specs: Record<string, unknown> = {};
  const charts = t.charts.map((c, i) => {
    const id = `chart-${i}`;
    specs[id] = chartSpec(t, c, { width: 640, height: 260 });
    return chartDiv(id);
  });
  const body = `${patternDefs()}
<h1>${escapeHtml(t.title)}</h1>
${t.description ? `<p>${escapeHtml(t.description)}</p>` : ''}
${contextHtml(ctx, t.params)}
${charts.join('\n')}
${tableHtml(t, { showExact: 'always' })}
${t.notes.map((n) => `<p class="small">${escapeHtml(n)}</p>`).join('')}
${legendHtml()}
<h2>Provenance</h2>
${provenanceHtml(t.placeholders, t.overrides)}
<p class="small muted">salvo odds ${escapeHtml(t.system)} ${escapeHtml(t.mechanic)} ${Object.entries(t.params).map(([k, v]) => `--param ${escapeHtml(k)}=${escapeHtml(String(v))}`).join(' ')}${ctx.scenario ? ` --scenario ${escapeHtml(ctx.scenario.file)}` : ''}</p>`;
  return htmlPage({ title: t.title, body, specs, css: ODDS_CSS });
}
