import { suggest } from './options.ts';

/**
 * InputError: bad input from a user (scenario, experiment, command-line flag). The CLI prints it
 * as "file[:line]: path: message" lines and exits with code 2, never with a stack trace.
 */
export interface InputIssue {
  /** Dotted path inside the file ('' for the whole file), or a flag name like '--games'. */
  readonly path: string;
  readonly message: string;
  /** 1-based line in the file, when known. */
  readonly line?: number;
}

/** Longest message quoted per issue: a 5 MB bad value must not become 5 MB of stderr. */
const MAX_MESSAGE = 400;
/** Most issues printed per file (the count of the rest is given). */
const MAX_ISSUES = 50;

export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly issues: readonly InputIssue[],
  ) {
    super(formatIssues(file, issues));
    this.name = 'InputError';
  }
}

/** A short, printable excerpt of a user value (control characters escaped, long text cut). */
export function excerpt(value: unknown, max = 60): string {
  let s: string;
  if (typeof value === 'string') s = value;
  else {
    try {
      s = JSON.stringify(value) ?? String(value);
    } catch {
      s = String(value);
    }
  }
  if (s.length > max) s = `${s.slice(0, max)}… (${s.length} characters)`;
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function clip(text: string, max: number): string {
  const t = excerpt(text, max);
  return t;
}

export function formatIssues(file: string, issues: readonly InputIssue[]): string {
  const f = clip(file, 200);
  const shown = issues.slice(0, MAX_ISSUES);
  const head = issues.length === 1 ? '' : `${f}: ${issues.length} problems\n`;
  const lines = shown.map((i) => {
    const where = i.line ? `${f}:${i.line}` : f;
    const path = i.path ? clip(i.path, 120) + ': ' : '';
    return `${issues.length === 1 ? '' : '  '}${where}: ${path}${clip(i.message, MAX_MESSAGE)}`;
  });
  if (issues.length > shown.length) lines.push(`  ... and ${issues.length - shown.length} more`);
  return head + lines.join('\n');
}

/** Keys that could reach an object's prototype if a parsed key or dotted path used them. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The forbidden segment of a key or dotted path, or undefined when it is safe. */
export function forbiddenSegment(key: string): string | undefined {
  return key.split('.').find((k) => FORBIDDEN_KEYS.has(k));
}

/** Converts zod issues to InputIssues with a path prefix ('scenario', 'overrides'...). */
export function zodIssues(
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string; keys?: readonly string[] }> },
  prefix: string,
  known?: (path: readonly PropertyKey[]) => readonly string[] | undefined,
  input?: unknown,
): InputIssue[] {
  return error.issues.flatMap((iss) => {
    const path = [prefix, ...iss.path.map(String)].filter((p) => p !== '').join('.');
    if (iss.code === 'unrecognized_keys' && iss.keys) {
      // One issue per unknown key, at the key itself (so its line is found), with a suggestion.
      const names = known?.(iss.path) ?? [];
      return iss.keys.map((k) => ({
        path: path ? `${path}.${k}` : k,
        message: `unknown key '${k}'${suggest(k.slice(0, 64), names)}${names.length ? `; expected one of: ${names.join(', ')}` : ''}`,
      }));
    }
    if (input !== undefined && iss.path.length > 0 && valueAt(input, iss.path) === undefined) {
      // A missing key: say so, and what it holds.
      const names = known?.(iss.path) ?? [];
      const what = names.length ? `a mapping with keys ${names.join(', ')}` : iss.message.replace(/^Invalid (input|option): /, '').replace(/^expected /, '').replace(/, received undefined$/, '');
      return [{ path, message: `missing; expected ${what}` }];
    }
    return [{ path, message: iss.message }];
  });
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let node = root;
  for (const k of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, k as string)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[k];
  }
  return node;
}
