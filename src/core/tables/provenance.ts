/**
 * Rules tables are data with provenance.
 *
 * A system's default rules data is a plain JSON-like tree. Any object node may carry a
 * `$prov` key saying where its values come from:
 *
 *   $prov: "seed: p11 Damage Roll"                 # the whole subtree
 *   $prov: { "*": "placeholder: spec §5.1", movement: "seed: p9" }   # per field, '*' = the rest
 *
 * A provenance string is "<kind>" or "<kind>: <reference or note>", kind one of PROVENANCE_KINDS.
 * Children inherit their parent's provenance. House rules (scenario `overrides`) replace leaves
 * and are marked kind 'override'. `stripProvenance` gives the plain data systems run on;
 * `listLeaves` gives every value with its provenance for reports.
 */
import { suggest } from '../options.ts';

export const PROVENANCE_KINDS = ['seed', 'derived', 'public', 'interpretation', 'placeholder', 'override'] as const;
export type ProvenanceKind = (typeof PROVENANCE_KINDS)[number];

export interface Provenance {
  readonly kind: ProvenanceKind;
  /** Seed section, spec section, or the file that overrode it. */
  readonly ref: string;
}

export type DataTree = unknown;

export interface ProvenanceEntry {
  readonly path: string;
  readonly value: unknown;
  readonly provenance: Provenance;
}

const PROV_KEY = '$prov';

export function parseProvenance(text: string, where = ''): Provenance {
  const i = text.indexOf(':');
  const kind = (i < 0 ? text : text.slice(0, i)).trim();
  const ref = i < 0 ? '' : text.slice(i + 1).trim();
  if (!(PROVENANCE_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`bad provenance '${text}'${where ? ` at ${where}` : ''}: kind must be one of ${PROVENANCE_KINDS.join(', ')}`);
  }
  return { kind: kind as ProvenanceKind, ref };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function joinPath(base: string, key: string | number): string {
  return base === '' ? String(key) : `${base}.${key}`;
}

/** The provenance that applies to child `key` of a node, given the node's own inherited one. */
function childProvenance(node: Record<string, unknown>, key: string, inherited: Provenance, path: string): Provenance {
  const p = node[PROV_KEY];
  if (p === undefined) return inherited;
  if (typeof p === 'string') return parseProvenance(p, path);
  if (isObject(p)) {
    const own = p[key] ?? p['*'];
    if (own === undefined) return inherited;
    if (typeof own !== 'string') throw new Error(`bad $prov entry at ${joinPath(path, key)}`);
    return parseProvenance(own, joinPath(path, key));
  }
  throw new Error(`bad $prov at ${path}`);
}

const UNKNOWN: Provenance = { kind: 'placeholder', ref: 'no provenance recorded' };

/** Every leaf value (numbers, strings, booleans, null) with its path and provenance. */
export function listLeaves(tree: DataTree, roots?: readonly string[]): ProvenanceEntry[] {
  const out: ProvenanceEntry[] = [];
  const walk = (node: unknown, path: string, prov: Provenance): void => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => walk(v, joinPath(path, i), prov));
      return;
    }
    if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k === PROV_KEY) continue;
        walk(v, joinPath(path, k), childProvenance(node, k, prov, path));
      }
      return;
    }
    out.push({ path, value: node, provenance: prov });
  };
  walk(tree, '', UNKNOWN);
  if (!roots) return out;
  return out.filter((e) => roots.some((r) => e.path === r || e.path.startsWith(r + '.')));
}

/** The plain data without `$prov` keys (a deep copy). */
export function stripProvenance<T = unknown>(tree: DataTree): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (isObject(node)) {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) if (k !== PROV_KEY) o[k] = walk(v);
      return o;
    }
    return node;
  };
  return walk(tree) as T;
}

/** Provenance of one path (the leaf or subtree). */
export function provenanceAt(tree: DataTree, path: string): Provenance {
  let node: unknown = tree;
  let prov = UNKNOWN;
  let cur = '';
  for (const key of path.split('.')) {
    if (Array.isArray(node)) {
      node = node[Number(key)];
    } else if (isObject(node)) {
      prov = childProvenance(node, key, prov, cur);
      node = node[key];
    } else {
      break;
    }
    cur = joinPath(cur, key);
  }
  return prov;
}

export interface OverrideError {
  readonly key: string;
  readonly message: string;
}

/**
 * Applies house-rule overrides (dotted path -> value) to a copy of the tree.
 * A path must name an existing value, or a new key in an existing object when the value is
 * itself an object (a new record, e.g. a tank type). Leaf types must match the original.
 * Overridden nodes get provenance 'override: <source>'.
 */
export function applyOverrides(tree: DataTree, overrides: Readonly<Record<string, unknown>>, source: string): { tree: DataTree; errors: OverrideError[] } {
  const copy = structuredClone(tree) as Record<string, unknown>;
  const errors: OverrideError[] = [];
  for (const [key, value] of Object.entries(overrides)) {
    const parts = key.split('.');
    let node: unknown = copy;
    let path = '';
    let failed = false;
    for (let i = 0; i < parts.length - 1; i++) {
      const k = parts[i];
      const next: unknown = Array.isArray(node) ? node[Number(k)] : isObject(node) ? node[k] : undefined;
      if (next === undefined || next === null || typeof next !== 'object') {
        errors.push({ key, message: unknownKeyMessage(node, k, path) });
        failed = true;
        break;
      }
      node = next;
      path = joinPath(path, k);
    }
    if (failed) continue;
    const last = parts[parts.length - 1];
    if (Array.isArray(node)) {
      const idx = Number(last);
      if (!Number.isInteger(idx) || idx < 0 || idx > node.length) {
        errors.push({ key, message: `index ${last} out of range at ${path} (the list has ${node.length} entries)` });
        continue;
      }
      if (idx < node.length && !sameKind(node[idx], value)) {
        errors.push({ key, message: `expected ${kindOf(node[idx])}, got ${JSON.stringify(value)}` });
        continue;
      }
      node[idx] = markOverride(value, source);
      continue;
    }
    if (!isObject(node)) {
      errors.push({ key, message: `cannot set '${last}' inside ${path || 'the data'} (not an object)` });
      continue;
    }
    if (!(last in node)) {
      if (!isObject(value)) {
        errors.push({ key, message: unknownKeyMessage(node, last, path) });
        continue;
      }
      node[last] = markOverride(value, source);
      continue;
    }
    if (!sameKind(node[last], value)) {
      errors.push({ key, message: `expected ${kindOf(node[last])}, got ${JSON.stringify(value)}` });
      continue;
    }
    // Per-field provenance map: record the override for this field.
    const prov = node[PROV_KEY];
    const overrideText = `override: ${source}`;
    if (isObject(value) || Array.isArray(value)) {
      node[last] = markOverride(value, source);
    } else {
      node[last] = value;
      if (isObject(prov)) node[PROV_KEY] = { ...prov, [last]: overrideText };
      else node[PROV_KEY] = { '*': typeof prov === 'string' ? prov : undefined, [last]: overrideText };
      // Remove an undefined '*' (no inherited string) so inheritance still applies.
      const p = node[PROV_KEY] as Record<string, unknown>;
      if (p['*'] === undefined) delete p['*'];
    }
  }
  return { tree: copy, errors };
}

function markOverride(value: unknown, source: string): unknown {
  if (isObject(value)) return { ...structuredClone(value), [PROV_KEY]: `override: ${source}` };
  if (Array.isArray(value)) return value.map((v) => markOverride(v, source));
  return value;
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  return `a ${typeof v}`;
}

function sameKind(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return true;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  return typeof a === typeof b;
}

function unknownKeyMessage(node: unknown, key: string, path: string): string {
  const where = path || 'the top level';
  if (isObject(node)) {
    const keys = Object.keys(node).filter((k) => k !== PROV_KEY);
    const shown = keys.length > 12 ? keys.slice(0, 12).join(', ') + ', ...' : keys.join(', ');
    return `unknown key '${key}' at ${where}${suggest(key, keys)}; known keys: ${shown}`;
  }
  return `'${key}' does not exist at ${where}`;
}
