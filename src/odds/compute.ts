/**
 * Computes a mechanic's OddsTable and resolves it for output: every cell gets its decimal and
 * exact fraction text, and is marked when a rules value it depends on is a placeholder (†) or a
 * house-rule override (‡). Also flattens tables to one record per cell (CSV/JSON).
 */
import { cellUses, cellValue, findMechanic, resolveOddsParams, type OddsChart, type OddsColumn, type OddsMechanic, type OddsParams } from '../core/odds.ts';
import { suggest } from '../core/options.ts';
import { listLeaves, type ProvenanceEntry } from '../core/tables/provenance.ts';
import { InputError } from '../core/errors.ts';
import type { Fraction } from '../core/dice/fraction.ts';
import type { OddsContext } from './context.ts';

export const PLACEHOLDER_MARK = '†';
export const OVERRIDE_MARK = '‡';

export interface ResolvedCell {
  readonly value: Fraction;
  readonly decimal: number;
  readonly exact: string;
  readonly placeholder: boolean;
  readonly override: boolean;
  /** Placeholder / override rules values the cell depends on (paths). */
  readonly dependsOn: readonly string[];
}

export interface ResolvedRow {
  readonly key: Readonly<Record<string, string | number>>;
  readonly cells: Readonly<Record<string, ResolvedCell>>;
}

export interface ResolvedTable {
  readonly system: string;
  readonly mechanic: string;
  readonly params: OddsParams;
  readonly title: string;
  readonly description?: string;
  readonly keys: readonly OddsColumn[];
  readonly values: readonly OddsColumn[];
  readonly rows: readonly ResolvedRow[];
  readonly charts: readonly OddsChart[];
  readonly notes: readonly string[];
  readonly pivot?: string;
  /** Placeholder values the table depends on (with their provenance notes). */
  readonly placeholders: readonly ProvenanceEntry[];
  /** House-rule overrides the table depends on. */
  readonly overrides: readonly ProvenanceEntry[];
}

/** Provenance lookups by path prefix, memoised per data tree. */
class ProvenanceIndex {
  private readonly leaves: ProvenanceEntry[];
  private readonly memo = new Map<string, ProvenanceEntry[]>();
  constructor(tree: unknown) {
    this.leaves = listLeaves(tree).filter((e) => e.provenance.kind === 'placeholder' || e.provenance.kind === 'override');
  }
  /** Placeholder and override leaves at or under a path. */
  flagged(path: string): ProvenanceEntry[] {
    let r = this.memo.get(path);
    if (!r) {
      r = this.leaves.filter((e) => e.path === path || e.path.startsWith(path + '.'));
      this.memo.set(path, r);
    }
    return r;
  }
}

const indexCache = new WeakMap<object, ProvenanceIndex>();
function provenanceIndex(tree: unknown): ProvenanceIndex {
  const key = tree as object;
  let ix = indexCache.get(key);
  if (!ix) {
    ix = new ProvenanceIndex(tree);
    indexCache.set(key, ix);
  }
  return ix;
}

export function getMechanic(ctx: OddsContext, name: string): OddsMechanic {
  const m = findMechanic(ctx.module, name);
  if (!m) {
    const names = ctx.module.mechanics.map((x) => x.name);
    throw new InputError('command line', [{ path: 'mechanic', message: `unknown mechanic '${name}' for ${ctx.system.info.id}${suggest(name, names)}; mechanics: ${names.join(', ')}` }]);
  }
  return m;
}

/** Resolves and checks parameters (text or values); throws an InputError naming the parameter. */
export function checkParams(ctx: OddsContext, mech: OddsMechanic, given: Readonly<Record<string, unknown>>): OddsParams {
  const [params, errors] = resolveOddsParams(mech, given);
  const issues = errors.map(([k, m]) => ({ path: `--param ${k}`, message: m }));
  if (!issues.length && mech.validate) for (const [k, m] of mech.validate(ctx.data, ctx.options, params, ctx.scenario?.body)) issues.push({ path: k ? `--param ${k}` : 'mechanic', message: m });
  if (issues.length) throw new InputError(ctx.scenario ? ctx.scenario.file : 'command line', issues);
  return params;
}

/** Computes and resolves one table. */
export function computeTable(ctx: OddsContext, mech: OddsMechanic, params: OddsParams): ResolvedTable {
  const t = mech.table(ctx.data, ctx.options, params, ctx.scenario?.body);
  const ix = provenanceIndex(ctx.dataTree);
  const placeholders = new Map<string, ProvenanceEntry>();
  const overrides = new Map<string, ProvenanceEntry>();
  const tableUses = t.uses ?? [];
  const rows: ResolvedRow[] = t.rows.map((r) => {
    const cells: Record<string, ResolvedCell> = {};
    for (const col of t.values) {
      const c = r.cells[col.name];
      if (c === undefined) continue;
      const value = cellValue(c);
      let placeholder = false;
      let override = false;
      const dependsOn = new Set<string>();
      for (const path of [...tableUses, ...cellUses(c)]) {
        for (const e of ix.flagged(path)) {
          dependsOn.add(e.path);
          if (e.provenance.kind === 'placeholder') {
            placeholder = true;
            placeholders.set(e.path, e);
          } else {
            override = true;
            overrides.set(e.path, e);
          }
        }
      }
      cells[col.name] = { value, decimal: value.toNumber(), exact: value.toString(), placeholder, override, dependsOn: [...dependsOn].sort() };
    }
    return { key: r.key, cells };
  });
  return {
    system: ctx.system.info.id,
    mechanic: mech.name,
    params,
    title: t.title,
    description: t.description,
    keys: t.keys,
    values: t.values,
    rows,
    charts: t.charts ?? [],
    notes: t.notes ?? [],
    pivot: t.pivot,
    placeholders: [...placeholders.values()].sort((a, b) => a.path.localeCompare(b.path)),
    overrides: [...overrides.values()].sort((a, b) => a.path.localeCompare(b.path)),
  };
}

export interface CellRecord {
  readonly system: string;
  readonly mechanic: string;
  readonly [key: string]: unknown;
}

/** One record per cell: keys, column, kind, decimal, exact fraction, marks. */
/** Fields every flattened record has; a table key of the same name is written as 'key_<name>'. */
export const RECORD_FIELDS: ReadonlySet<string> = new Set(['system', 'mechanic', 'column', 'label', 'kind', 'decimal', 'exact', 'placeholder', 'override', 'dependsOn']);

/** The record field of a table key (no collision with the value fields: 'column' becomes 'key_column'). */
export function keyField(name: string): string {
  return RECORD_FIELDS.has(name) || name.startsWith('key_') ? `key_${name}` : name;
}

export function flatten(t: ResolvedTable): CellRecord[] {
  const out: CellRecord[] = [];
  for (const r of t.rows)
    for (const col of t.values) {
      const c = r.cells[col.name];
      if (!c) continue;
      out.push({
        system: t.system,
        mechanic: t.mechanic,
        ...Object.fromEntries(Object.entries(r.key).map(([k, v]) => [keyField(k), v])),
        column: col.name,
        label: col.label,
        kind: col.kind ?? 'probability',
        decimal: c.decimal,
        exact: c.exact,
        placeholder: c.placeholder,
        override: c.override,
        dependsOn: c.dependsOn,
      });
    }
  return out;
}

/** The cell text with its marks, e.g. '41.67%†' or '0.9583‡'. */
export function formatCell(c: ResolvedCell, kind: OddsColumn['kind'], exact = false): string {
  const text = exact ? c.exact : kind === 'expectation' ? formatNumber(c.decimal) : formatPercent(c.decimal);
  return text + (c.placeholder ? PLACEHOLDER_MARK : '') + (c.override ? OVERRIDE_MARK : '');
}

export function formatPercent(p: number): string {
  if (p === 0) return '0%';
  if (p === 1) return '100%';
  const pct = p * 100;
  return `${pct < 0.1 ? pct.toPrecision(2) : pct.toFixed(pct < 10 ? 2 : 1)}%`;
}

export function formatNumber(x: number): string {
  if (Number.isInteger(x)) return String(x);
  return Math.abs(x) >= 100 ? x.toFixed(1) : Math.abs(x) >= 10 ? x.toFixed(2) : x.toFixed(3);
}

export interface ProvenanceGroup {
  readonly path: string;
  /** Number of values under the path. */
  readonly count: number;
  /** The value when count is 1. */
  readonly value?: unknown;
  readonly kind: string;
  readonly ref: string;
}

/** Leaves with the same note merged under their common node (e.g. a whole placeholder row). */
export function groupProvenance(entries: readonly ProvenanceEntry[]): ProvenanceGroup[] {
  let items: Array<ProvenanceGroup & { values: unknown[] }> = entries.map((e) => ({ path: e.path, count: 1, value: e.value, kind: e.provenance.kind, ref: e.provenance.ref, values: [e.value] }));
  const parent = (p: string) => (p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '');
  const depth = (p: string) => p.split('.').length;
  // Merge deepest first, so a row's nested lists fold before the row itself.
  for (let pass = 0; pass < 8; pass++) {
    const groups = new Map<string, typeof items>();
    for (const it of items) {
      const k = `${it.kind}\u0000${it.ref}\u0000${parent(it.path)}`;
      const g = groups.get(k);
      if (g) g.push(it);
      else groups.set(k, [it]);
    }
    const mergeable = [...groups.values()].filter((g) => g.length >= 2 && parent(g[0].path) !== '');
    if (!mergeable.length) break;
    const D = Math.max(...mergeable.map((g) => depth(g[0].path)));
    items = [...groups.values()].flatMap((g) =>
      g.length < 2 || parent(g[0].path) === '' || depth(g[0].path) !== D ? g : [{ path: parent(g[0].path), count: g.reduce((s, x) => s + x.count, 0), kind: g[0].kind, ref: g[0].ref, values: g.flatMap((x) => x.values) }],
    );
  }
  return items.map(({ values, ...g }) => (g.count === 1 ? { ...g, value: values[0] } : { path: g.path, count: g.count, kind: g.kind, ref: g.ref })).sort((a, b) => a.path.localeCompare(b.path));
}
