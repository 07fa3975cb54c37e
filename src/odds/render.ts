/**
 * Text, CSV and JSON renderings of resolved odds tables. CSV and JSON are long: one record per
 * cell, with the value as a decimal AND as an exact fraction string, and its provenance marks.
 */
import { toCsv } from '../report/csv.ts';
import type { OddsMechanic } from '../core/odds.ts';
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import { flatten, formatCell, keyField, groupProvenance, OVERRIDE_MARK, PLACEHOLDER_MARK, type ProvenanceGroup, type ResolvedTable } from './compute.ts';
import type { HouseRule, OddsContext } from './context.ts';

/** Aligned text table. `exact` prints fractions instead of decimals/percentages. */
export function renderText(t: ResolvedTable, exact = false): string {
  const header = [...t.keys.map((k) => k.label), ...t.values.map((v) => v.label)];
  const body = t.rows.map((r) => [...t.keys.map((k) => String(r.key[k.name] ?? '')), ...t.values.map((v) => (r.cells[v.name] ? formatCell(r.cells[v.name], v.kind, exact) : ''))]);
  // Drop value columns that are empty in every row.
  const keep = header.map((_, i) => i < t.keys.length || body.some((row) => row[i] !== ''));
  const cols = header.map((h, i) => [h, ...body.map((row) => row[i])]).filter((_, i) => keep[i]);
  const width = cols.map((c) => Math.max(...c.map((x) => [...x].length)));
  const nKeys = t.keys.length;
  const line = (cells: string[]) => cells.map((c, i) => (i < nKeys ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
  const out: string[] = [t.title];
  if (t.description) out.push(t.description);
  out.push('');
  out.push(line(cols.map((c) => c[0])));
  out.push(width.map((w) => '-'.repeat(w)).join('  '));
  for (let r = 0; r < t.rows.length; r++) out.push(line(cols.map((c) => c[r + 1])) + (t.selected.includes(r) ? `  ${SELECTED_MARK} ${selectedBy(t)}` : ''));
  out.push(...legendLines(t));
  for (const n of t.notes) out.push(n);
  return out.join('\n') + '\n';
}

/** Marks the rows the given parameters point at. */
export const SELECTED_MARK = '◀';

/** `attack=9 defense=5`: the given parameters that select rows. */
export function selectedBy(t: ResolvedTable): string {
  return t.given.map((k) => `${k}=${t.params[k]}`).join(' ');
}

function legendLines(t: ResolvedTable): string[] {
  const out: string[] = [];
  if (t.placeholders.length) {
    out.push('', `${PLACEHOLDER_MARK} depends on a placeholder rules value (not from the rulebook):`);
    for (const g of groupProvenance(t.placeholders)) out.push(`    ${groupText(g)}`);
  }
  if (t.houseRules.length) {
    out.push('', `${OVERRIDE_MARK} changed by a house rule (${t.changed} value${t.changed === 1 ? '' : 's'}):`);
    for (const h of t.houseRules) out.push(`    ${houseRuleText(h)}`);
  }
  return out;
}

/** `kinetic.dice = 3 (rulebook: 2)`; options as `options.name = value (default: ...)`. */
export function houseRuleText(h: HouseRule): string {
  const path = h.path.replace(/^overrides\./, '');
  const was = h.was === undefined ? 'new' : `${h.path.startsWith('options.') ? 'default' : 'rulebook'}: ${JSON.stringify(h.was)}`;
  return `${path} = ${JSON.stringify(h.value)} (${was})`;
}

export function groupText(g: ProvenanceGroup): string {
  return `${g.path}${g.count === 1 ? ` = ${JSON.stringify(g.value)}` : ` (${g.count} values)`}  (${g.ref || g.kind})`;
}

export function renderCsv(t: ResolvedTable): string {
  const records = flatten(t).map((r) => ({ ...r, placeholder: String(r.placeholder), override: String(r.override), was: r.was ?? '', dependsOn: (r.dependsOn as string[]).join(' ') }));
  const columns = ['system', 'mechanic', ...t.keys.map((k) => keyField(k.name)), 'column', 'label', 'kind', 'decimal', 'exact', 'placeholder', 'override', 'was', 'dependsOn'];
  return toCsv(records, columns);
}

function provenanceJson(list: readonly ProvenanceEntry[]) {
  return list.map((e) => ({ path: e.path, value: e.value, kind: e.provenance.kind, ref: e.provenance.ref }));
}

export function tableJson(t: ResolvedTable, ctx?: OddsContext): Record<string, unknown> {
  return {
    system: t.system,
    mechanic: t.mechanic,
    title: t.title,
    description: t.description,
    params: t.params,
    ...(ctx ? { options: ctx.options, scenario: ctx.scenario ? { file: ctx.scenario.file, id: ctx.scenario.id, overrides: ctx.scenario.overrides } : null, sets: ctx.sets.map((s) => `${s.path}=${s.value}`) } : {}),
    keys: t.keys.map((k) => ({ ...k, field: keyField(k.name) })),
    columns: t.values,
    rows: flatten(t),
    notes: t.notes,
    placeholders: provenanceJson(t.placeholders),
    overrides: provenanceJson(t.overrides),
    houseRules: t.houseRules.map((h) => ({ path: h.path, value: h.value, was: h.was ?? null })),
    changed: t.changed,
    ...(t.selected.length ? { selected: t.selected.map((i) => t.rows[i].key) } : {}),
  };
}

export function renderJson(t: ResolvedTable, ctx?: OddsContext): string {
  return JSON.stringify(tableJson(t, ctx), null, 2) + '\n';
}

/** The list of a system's mechanics and their parameters, as data. */
export function mechanicListJson(ctx: OddsContext): Record<string, unknown> {
  return {
    system: ctx.system.info.id,
    name: ctx.system.info.name,
    mechanics: ctx.module.mechanics.map((m) => ({
      name: m.name,
      description: m.description,
      needsScenario: !!m.needsScenario,
      params: Object.fromEntries(Object.entries(m.params).map(([k, s]) => [k, { default: s.default, description: s.description, ...(s.values ? { values: s.values } : {}), ...(s.min !== undefined ? { min: s.min } : {}), ...(s.max !== undefined ? { max: s.max } : {}) }])),
    })),
  };
}

/** The list of a system's mechanics and their parameters. */
export function renderMechanicList(ctx: OddsContext): string {
  const out = [`${ctx.system.info.name} (${ctx.system.info.id}): exact mechanics`, ''];
  for (const m of ctx.module.mechanics) {
    out.push(`${m.name}${m.needsScenario ? ' (needs --scenario)' : ''}`);
    out.push(`    ${m.description}`);
    for (const [k, s] of Object.entries(m.params)) out.push(`    --param ${k}=${s.default === '' ? "''" : s.default}   ${s.description}${paramRange(s)}`);
    out.push('');
  }
  out.push(`usage: salvo odds ${ctx.system.info.id} <mechanic> [--param k=v ...] [--format table|csv|json|html] [--scenario FILE] [--set path=value ...] [--out FILE]`);
  return out.join('\n') + '\n';
}

function paramRange(s: OddsMechanic['params'][string]): string {
  if (s.values) return ` (${s.values.join(' | ')})`;
  if (s.min !== undefined || s.max !== undefined) return ` (${s.min ?? ''}..${s.max ?? ''})`;
  return '';
}
