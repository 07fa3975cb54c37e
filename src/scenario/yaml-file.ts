/**
 * Reads a YAML (or JSON) file into plain data and keeps the document so error paths can be
 * mapped back to line numbers. Hostile files are refused with a clear InputError: only regular
 * files (never a FIFO or /dev/zero), a size cap, an alias cap (no "billion laughs"), a depth and
 * node cap, duplicate keys, non-finite numbers, and keys that could reach an object prototype.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Document } from 'yaml';
import { InputError, excerpt, forbiddenSegment, type InputIssue } from '../core/errors.ts';

/** Stated limits of an input file. */
export const FILE_LIMITS = {
  /** Bytes of a scenario or experiment file. */
  maxBytes: 1 << 20,
  /** Alias expansions (YAML anchors/aliases) when building the data. */
  maxAliasCount: 100,
  /** Nesting depth of mappings and lists. */
  maxDepth: 32,
  /** Mapping entries plus list items in the whole file. */
  maxNodes: 100_000,
  /** Characters of one string value or key. */
  maxString: 20_000,
} as const;

export interface SourceFile {
  readonly file: string;
  readonly text: string;
  readonly data: unknown;
  /** 1-based line of a dotted path, or undefined when the path is not in the file. */
  lineOf(path: string): number | undefined;
}

/** Reads a regular file of at most FILE_LIMITS.maxBytes as UTF-8 text; anything else is an InputError. */
export function readInputText(file: string, maxBytes: number = FILE_LIMITS.maxBytes): string {
  let size: number;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new InputError(file, [{ path: '', message: 'is a directory, expected a YAML or JSON file' }]);
    if (!st.isFile()) throw new InputError(file, [{ path: '', message: 'is not a regular file (a pipe, device or socket); expected a YAML or JSON file' }]);
    size = st.size;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(file, [{ path: '', message: fsMessage(e) }]);
  }
  if (size > maxBytes) throw new InputError(file, [{ path: '', message: `file too large (${size} bytes; at most ${maxBytes} bytes)` }]);
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(file, [{ path: '', message: fsMessage(e) }]);
  }
}

function fsMessage(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EISDIR') return 'is a directory, expected a YAML or JSON file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a parent of this path is not a folder';
  if (code === 'ENAMETOOLONG') return 'file name too long';
  return `cannot read the file (${code ?? 'unknown error'})`;
}

/**
 * The YAML parser, loaded on first use: the worker threads compile inline scenario documents and
 * never parse YAML (issue 11: a process's fixed start-up cost). The package is CommonJS under Node,
 * so it is required synchronously here.
 */
let yamlLib: typeof Yaml | undefined;
function yaml(): typeof Yaml {
  if (!yamlLib) {
    const lib: typeof Yaml = createRequire(import.meta.url)('yaml');
    yamlLib = lib;
  }
  return yamlLib;
}

export function readSourceFile(file: string): SourceFile {
  return parseSource(file, readInputText(file));
}

export function parseSource(file: string, text: string): SourceFile {
  if (text.length > FILE_LIMITS.maxBytes) throw new InputError(file, [{ path: '', message: `text too large (${text.length} characters; at most ${FILE_LIMITS.maxBytes})` }]);
  const { LineCounter, parseDocument, isNode, isCollection, isSeq } = yaml();
  const lineCounter = new LineCounter();
  let doc: Document;
  let data: unknown;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: false });
  } catch (e) {
    throw new InputError(file, [{ path: '', message: `malformed YAML: ${excerpt((e as Error)?.message ?? String(e), 120)}` }]);
  }
  if (doc.errors.length > 0) {
    const issues: InputIssue[] = doc.errors.slice(0, 20).map((e) => ({
      path: '',
      line: lineCounter.linePos(e.pos[0]).line,
      message: `malformed YAML: ${e.code === 'DUPLICATE_KEY' ? 'duplicate key (each key may appear once in a mapping)' : excerpt(e.message.split('\n')[0], 160)}`,
    }));
    throw new InputError(file, issues);
  }
  try {
    data = doc.toJS({ maxAliasCount: FILE_LIMITS.maxAliasCount });
  } catch (e) {
    const msg = (e as Error)?.message ?? String(e);
    throw new InputError(file, [{ path: '', message: /alias/i.test(msg) ? `too many YAML alias expansions (at most ${FILE_LIMITS.maxAliasCount}): anchors and aliases may not multiply the document` : `malformed YAML: ${excerpt(msg, 120)}` }]);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new InputError(file, [{ path: '', message: 'expected a mapping (key: value pairs) at the top level' }]);
  }
  const lineOf = (path: string): number | undefined => {
    const segs = path === '' ? [] : path.split('.');
    // Walk down as far as the path exists, so an unknown leaf still points at its parent. A key
    // may itself hold dots (an override key 'terrain.smallRocks.cover'): the longest key that
    // exists at a level is taken.
    let node: unknown = doc.contents;
    let line = isNode(node) && node.range ? lineCounter.linePos(node.range[0]).line : undefined;
    for (let i = 0; i < segs.length; ) {
      if (!isCollection(node)) break;
      let next: unknown;
      let end = segs.length;
      for (; end > i; end--) {
        const key = segs.slice(i, end).join('.');
        next = node.get(/^\d+$/.test(key) && isSeq(node) ? Number(key) : key, true);
        if (next !== undefined) break;
      }
      if (next === undefined) break;
      i = end;
      node = next;
      if (isNode(node) && node.range) line = lineCounter.linePos(node.range[0]).line;
    }
    return line;
  };
  const src: SourceFile = { file, text, data, lineOf };
  const problems = checkPlainData(data);
  if (problems.length) throw new InputError(file, withLines(src, problems));
  return src;
}

/**
 * Structural checks on parsed data: depth, node count, string length, finite numbers, and no key
 * (or dotted-path segment of a key) named __proto__, constructor or prototype.
 */
export function checkPlainData(data: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  let nodes = 0;
  const walk = (v: unknown, path: string, depth: number): void => {
    if (issues.length >= 20) return;
    if (typeof v === 'string') {
      if (v.length > FILE_LIMITS.maxString) issues.push({ path, message: `text too long (${v.length} characters; at most ${FILE_LIMITS.maxString})` });
      return;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) issues.push({ path, message: `expected a finite number, got ${String(v)}` });
      return;
    }
    if (typeof v === 'bigint') {
      issues.push({ path, message: 'number out of range' });
      return;
    }
    if (v === null || typeof v !== 'object') return;
    if (v instanceof Date || v instanceof Uint8Array) {
      issues.push({ path, message: 'expected plain text, a number, a mapping or a list (dates and binary values are not used here; quote the value)' });
      return;
    }
    if (depth > FILE_LIMITS.maxDepth) {
      issues.push({ path, message: `nested too deeply (at most ${FILE_LIMITS.maxDepth} levels)` });
      return;
    }
    if (v instanceof Map || v instanceof Set) {
      issues.push({ path, message: 'expected a mapping with plain keys' });
      return;
    }
    if (Array.isArray(v)) {
      nodes += v.length;
      if (nodes > FILE_LIMITS.maxNodes) {
        issues.push({ path, message: `too many entries (at most ${FILE_LIMITS.maxNodes} in a file)` });
        return;
      }
      v.forEach((x, i) => walk(x, path ? `${path}.${i}` : String(i), depth + 1));
      return;
    }
    const keys = Object.keys(v);
    nodes += keys.length;
    if (nodes > FILE_LIMITS.maxNodes) {
      issues.push({ path, message: `too many entries (at most ${FILE_LIMITS.maxNodes} in a file)` });
      return;
    }
    for (const k of keys) {
      const at = path ? `${path}.${k}` : k;
      const bad = forbiddenSegment(k);
      if (bad !== undefined) {
        issues.push({ path: path, message: `key '${excerpt(k, 60)}' is not allowed ('${bad}' could reach an object prototype)` });
        continue;
      }
      if (k.length > 500) {
        issues.push({ path, message: `key too long (${k.length} characters; at most 500)` });
        continue;
      }
      walk((v as Record<string, unknown>)[k], at, depth + 1);
    }
  };
  walk(data, '', 0);
  return issues;
}

/** Adds line numbers to issues whose path is in the file. */
export function withLines(src: SourceFile, issues: readonly InputIssue[]): InputIssue[] {
  return issues.map((i) => (i.line !== undefined ? i : { ...i, line: src.lineOf(i.path) }));
}
