/**
 * Reads a YAML (or JSON) file into plain data and keeps the document so error paths can be
 * mapped back to line numbers.
 */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { InputError, type InputIssue } from './errors.ts';

export interface SourceFile {
  readonly file: string;
  readonly text: string;
  readonly data: unknown;
  /** 1-based line of a dotted path, or undefined when the path is not in the file. */
  lineOf(path: string): number | undefined;
}

export function readSourceFile(file: string): SourceFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(file, [{ path: '', message: code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory, expected a YAML or JSON file' : `cannot read the file (${code ?? String(e)})` }]);
  }
  return parseSource(file, text);
}

export function parseSource(file: string, text: string): SourceFile {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const issues: InputIssue[] = doc.errors.map((e) => ({
      path: '',
      line: lineCounter.linePos(e.pos[0]).line,
      message: `malformed YAML: ${e.message.split('\n')[0]}`,
    }));
    throw new InputError(file, issues);
  }
  const data = doc.toJS({ maxAliasCount: 1000 });
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new InputError(file, [{ path: '', message: 'expected a mapping (key: value pairs) at the top level' }]);
  }
  const lineOf = (path: string): number | undefined => {
    const keys = path === '' ? [] : path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    // Walk down as far as the path exists, so an unknown leaf still points at its parent.
    for (let n = keys.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(keys.slice(0, n), true);
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
      // Keys of a map: the pair's key node carries the position of 'key:'.
    }
    return undefined;
  };
  return { file, text, data, lineOf };
}

/** Adds line numbers to issues whose path is in the file. */
export function withLines(src: SourceFile, issues: readonly InputIssue[]): InputIssue[] {
  return issues.map((i) => (i.line !== undefined ? i : { ...i, line: src.lineOf(i.path) }));
}
