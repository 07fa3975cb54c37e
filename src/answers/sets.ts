/**
 * `--set path=value`: edits of a scenario document without editing its file. A path is
 * `overrides.<rules path>` (a rules value, as a house rule; `overrides.` may be left out),
 * `options.<name>`, or a path into the scenario document (`scenario.sides.0.weapon`).
 */
import { InputError, type InputIssue } from '../scenario/errors.ts';
import { compileScenarioDocument, type LoadedScenario } from '../scenario/load.ts';

export type SetValue = number | string | boolean;

/** One edit of a scenario document: `overrides.<rules path>`, `options.<name>` or a document path. */
export interface SetEdit {
  readonly path: string;
  readonly value: SetValue;
}

/** Parses `path=value` (value: a number, true/false, else a string). */
export function parseSet(text: string): SetEdit {
  const i = text.indexOf('=');
  if (i <= 0) throw new InputError('command line', [{ path: '--set', message: `expected <path>=<value>, got '${text}'` }]);
  const path = text.slice(0, i).trim();
  return { path, value: parseValue(text.slice(i + 1).trim()) };
}

export function parseValue(raw: string): SetValue {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  const n = Number(raw);
  return raw !== '' && Number.isFinite(n) ? n : raw;
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
    if (head === 'overrides' || head === 'options') {
      out[head] = { ...((out[head] as Record<string, unknown>) ?? {}), [rest]: s.value };
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
  if (Array.isArray(node)) node[Number(last)] = value;
  else (node as Record<string, unknown>)[last] = value;
  return null;
}

/** Compiles the document with the edits; bad edits become an InputError naming `--set`. */
export function compileWithSets(subject: { readonly doc: Record<string, unknown>; readonly file: string; readonly text: string }, sets: readonly SetEdit[]): { doc: Record<string, unknown>; loaded: LoadedScenario } {
  const { doc, issues } = applySets(subject.doc, sets);
  if (issues.length) throw new InputError('command line', issues);
  try {
    return { doc, loaded: compileScenarioDocument(doc, subject.file, subject.text) };
  } catch (e) {
    if (e instanceof InputError) throw new InputError('command line', e.issues.map((i) => ({ path: `--set ${sets.map((s) => `${s.path}=${s.value}`).join(' ')}`, message: `${i.path ? i.path + ': ' : ''}${i.message}` })));
    throw e;
  }
}

