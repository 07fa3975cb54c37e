/**
 * `--set path=value`: edits of a scenario document without editing its file. A path is
 * `overrides.<rules path>` (a rules value, as a house rule; `overrides.` may be left out),
 * `options.<name>`, or a path into the scenario document (`scenario.sides.0.weapon`). A value
 * may be relative (`+2`, `-1`, `*1.1`; src/scenario/relative.ts); `path==-1` sets −1.
 */
import { InputError, type InputIssue } from './errors.ts';
import { applyRelative, combineOverride, relativeOf } from './relative.ts';

export type SetValue = number | string | boolean;

/** One edit of a scenario document: `overrides.<rules path>`, `options.<name>` or a document path. */
export interface SetEdit {
  readonly path: string;
  readonly value: SetValue;
}

/** Parses `path=value` (value: a number, true/false, a relative change '+2' / '-1' / '*1.1', else a string; '==' sets a value as written). */
export function parseSet(text: string): SetEdit {
  const i = text.indexOf('=');
  if (i <= 0) throw new InputError('command line', [{ path: '--set', message: `expected <path>=<value>, got '${text}'` }]);
  const path = text.slice(0, i).trim();
  const raw = text.slice(i + 1).trim();
  if (raw.startsWith('=')) return { path, value: parseValue(raw.slice(1).trim()) };
  return { path, value: relativeOf(raw) ? raw : parseValue(raw) };
}

export function parseValue(raw: string): SetValue {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  const n = Number(raw);
  return raw !== '' && Number.isFinite(n) ? n : raw;
}

/** `path=value` as it is written back on a command line (relative values keep their sign; an absolute negative number gets '=='). */
export function setText(s: SetEdit): string {
  return typeof s.value === 'number' && s.value < 0 ? `${s.path}==${s.value}` : `${s.path}=${s.value}`;
}

/** `tanks.x.armour` and `overrides.tanks.x.armour` both name the rules value. */
export function normalisePath(path: string): string {
  return /^(overrides|options|scenario|run)\./.test(path) ? path : `overrides.${path}`;
}

/** A copy of the document with the edits applied (rules-data overrides keyed by their dotted path). */
export function applySets(doc: Record<string, unknown>, sets: readonly SetEdit[]): { doc: Record<string, unknown>; issues: InputIssue[] } {
  const out = structuredClone(doc);
  const issues: InputIssue[] = [];
  for (const s of sets) {
    const path = normalisePath(s.path);
    const dot = path.indexOf('.');
    const head = path.slice(0, dot);
    const rest = path.slice(dot + 1);
    if (head === 'overrides') {
      const overrides = { ...((out.overrides as Record<string, unknown>) ?? {}) };
      const c = combineOverride(overrides[rest], s.value);
      if ('error' in c) issues.push({ path: `--set ${s.path}`, message: c.error });
      else overrides[rest] = c.value;
      out.overrides = overrides;
      continue;
    }
    if (head === 'options') {
      if (relativeOf(s.value)) issues.push({ path: `--set ${s.path}`, message: `a relative value ('${s.value}') changes a rules value or a number of the scenario; give the option's value` });
      else out.options = { ...((out.options as Record<string, unknown>) ?? {}), [rest]: s.value };
      continue;
    }
    const msg = setDocPath(out, path, s.value);
    if (msg) issues.push({ path: `--set ${s.path}`, message: msg });
  }
  return { doc: out, issues };
}

function setDocPath(root: Record<string, unknown>, path: string, value: unknown): string | null {
  const keys = path.split('.');
  let node: unknown = root;
  for (let i = 0; i < keys.length - 1; i++) {
    const next: unknown = Array.isArray(node) ? node[Number(keys[i])] : node && typeof node === 'object' ? (node as Record<string, unknown>)[keys[i]] : undefined;
    if (next === undefined || next === null || typeof next !== 'object') return `'${keys.slice(0, i + 1).join('.')}' does not exist in the scenario`;
    node = next;
  }
  const last = keys[keys.length - 1];
  const holder = node as Record<string, unknown>;
  const key = Array.isArray(node) ? Number(last) : last;
  const rel = relativeOf(value);
  if (rel) {
    const r = applyRelative((holder as Record<string | number, unknown>)[key], rel);
    if ('error' in r) return r.error;
    value = r.value;
  }
  (holder as Record<string | number, unknown>)[key] = value;
  return null;
}
