/**
 * Computes a mechanic's OddsTable and resolves it for output: every cell gets its decimal and
 * exact fraction text, and is marked when a rules value it depends on is a placeholder (†), or
 * when a house rule changed it (‡: the value differs from the one computed without the house
 * rules; the house rules that change the table are named). Rows the parameters point at are
 * selected. Also flattens tables to one record per cell (CSV/JSON).
 */
import { cellUses, cellValue, findMechanic, resolveOddsParams, type OddsChart, type OddsColumn, type OddsMechanic, type OddsParams, type OddsTable } from '../core/odds.ts';
import { suggest } from '../core/options.ts';
import { listLeaves, type ProvenanceEntry } from '../core/tables/provenance.ts';
import { InputError } from '../core/errors.ts';
import type { Fraction } from '../core/dice/fraction.ts';
import type { HouseRule, OddsContext } from './context.ts';

export const PLACEHOLDER_MARK = '†';
export const OVERRIDE_MARK = '‡';

export interface ResolvedCell {
  readonly value: Fraction;
  readonly decimal: number;
  readonly exact: string;
  readonly placeholder: boolean;
  /** Changed by the house rules (‡): the value without them differs, or there is none. */
  readonly override: boolean;
  /** With `override`: the exact value without the house rules ('' when the cell did not exist). */
  readonly was?: string;
  /** Placeholder rules values the cell depends on, and the house rules that change its table (paths). */
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
  /** The rules overrides (with provenance) among the house rules that change the table. */
  readonly overrides: readonly ProvenanceEntry[];
  /** The house rules (overrides and options) that change the table's values. */
  readonly houseRules: readonly HouseRule[];
  /** Cells changed by the house rules. */
  readonly changed: number;
  /** Parameters the user gave (the others are the mechanic's defaults or card settings). */
  readonly given: readonly string[];
  /** Rows the given parameters point at (indices into rows), highlighted. */
  readonly selected: readonly number[];
}

/** Provenance lookups by path prefix, memoised per data tree. */
class ProvenanceIndex {
  private readonly leaves: ProvenanceEntry[];
  private readonly memo = new Map<string, ProvenanceEntry[]>();
  constructor(tree: unknown) {
    this.leaves = listLeaves(tree).filter((e) => e.provenance.kind === 'placeholder' || e.provenance.kind === 'override');
  }
  /** Override leaves at or under a path (a house rule may set a whole record). */
  overridesAt(path: string): ProvenanceEntry[] {
    return this.flagged(path).filter((e) => e.provenance.kind === 'override');
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

/** A table's cells by row key and column, as exact text (to compare two computations). */
function cellIndex(t: OddsTable): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of t.rows) {
    const id = JSON.stringify(t.keys.map((k) => r.key[k.name]));
    for (const [col, c] of Object.entries(r.cells)) m.set(`${id}\u0000${col}`, cellValue(c).toString());
  }
  return m;
}

/** The table with only these house rules, or null when they leave no table (invalid data, unknown id...). */
function tableWith(ctx: OddsContext, mech: OddsMechanic, params: OddsParams, keep: readonly HouseRule[]): OddsTable | null {
  const r = ctx.withOnly(keep);
  if (!r) return null;
  try {
    return mech.table(r.data, r.options, params, ctx.scenario?.body);
  } catch {
    return null;
  }
}

function sameCells(a: Map<string, string>, b: Map<string, string> | null): boolean {
  if (!b || a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/**
 * Computes and resolves one table. `given` names the parameters the user gave: rows they point
 * at (the table's `select`, and key columns named like a given parameter) are selected.
 */
export function computeTable(ctx: OddsContext, mech: OddsMechanic, params: OddsParams, given: readonly string[] = []): ResolvedTable {
  const t = mech.table(ctx.data, ctx.options, params, ctx.scenario?.body);
  const ix = provenanceIndex(ctx.dataTree);
  const placeholders = new Map<string, ProvenanceEntry>();
  const tableUses = t.uses ?? [];
  // House rules: compare with the table computed without them; name the rules that matter.
  const now = cellIndex(t);
  let before: Map<string, string> | null = null;
  let responsible: HouseRule[] = [];
  if (ctx.houseRules.length) {
    const base = tableWith(ctx, mech, params, []);
    before = base ? cellIndex(base) : null;
    if (!sameCells(now, before)) {
      responsible = ctx.houseRules.length === 1 ? [...ctx.houseRules] : ctx.houseRules.filter((h) => {
        const other = tableWith(ctx, mech, params, ctx.houseRules.filter((x) => x !== h));
        return !sameCells(now, other ? cellIndex(other) : null);
      });
      if (!responsible.length) responsible = [...ctx.houseRules]; // only together do they change it
    }
  }
  const rulePaths = responsible.map((h) => h.path.replace(/^overrides\./, ''));
  let changed = 0;
  const rows: ResolvedRow[] = t.rows.map((r) => {
    const cells: Record<string, ResolvedCell> = {};
    const id = JSON.stringify(t.keys.map((k) => r.key[k.name]));
    for (const col of t.values) {
      const c = r.cells[col.name];
      if (c === undefined) continue;
      const value = cellValue(c);
      let placeholder = false;
      const dependsOn = new Set<string>();
      for (const path of [...tableUses, ...cellUses(c)]) {
        for (const e of ix.flagged(path)) {
          if (e.provenance.kind !== 'placeholder') continue;
          dependsOn.add(e.path);
          placeholder = true;
          placeholders.set(e.path, e);
        }
      }
      const exact = value.toString();
      const old = responsible.length ? (before?.get(`${id}\u0000${col.name}`) ?? '') : exact;
      const override = old !== exact;
      if (override) {
        changed++;
        for (const p of rulePaths) dependsOn.add(p);
      }
      cells[col.name] = { value, decimal: value.toNumber(), exact, placeholder, override, ...(override ? { was: old } : {}), dependsOn: [...dependsOn].sort() };
    }
    return { key: r.key, cells };
  });
  const overrides = responsible.filter((h) => h.path.startsWith('overrides.')).flatMap((h) => ix.overridesAt(h.path.slice(10)));
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
    overrides: [...new Map(overrides.map((e) => [e.path, e])).values()].sort((a, b) => a.path.localeCompare(b.path)),
    houseRules: responsible,
    changed,
    given: [...given],
    selected: selectedRows(t, params, given),
  };
}

/** Rows the given parameters point at: the table's own `select`, and key columns named like a given parameter. */
function selectedRows(t: OddsTable, params: OddsParams, given: readonly string[]): number[] {
  if (!given.length) return [];
  const want: Record<string, string> = {};
  for (const [k, v] of Object.entries(t.select ?? {})) want[k] = String(v);
  for (const k of t.keys) if (given.includes(k.name) && params[k.name] !== undefined) want[k.name] = String(params[k.name]);
  const keys = Object.keys(want);
  if (!keys.length) return [];
  const out: number[] = [];
  t.rows.forEach((r, i) => {
    if (keys.every((k) => String(r.key[k]) === want[k])) out.push(i);
  });
  return out;
}

export interface CellRecord {
  readonly system: string;
  readonly mechanic: string;
  readonly [key: string]: unknown;
}

/** One record per cell: keys, column, kind, decimal, exact fraction, marks. */
/** Fields every flattened record has; a table key of the same name is written as 'key_<name>'. */
export const RECORD_FIELDS: ReadonlySet<string> = new Set(['system', 'mechanic', 'column', 'label', 'kind', 'decimal', 'exact', 'placeholder', 'override', 'was', 'dependsOn']);

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
        ...(c.override ? { was: c.was } : {}),
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
  if (pct < 0.0001) return '<0.0001%'; // never in exponent notation (1.9e-7%); the exact fraction is beside it
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
