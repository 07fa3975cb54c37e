/** InputError now lives in the core (src/core/errors.ts); re-exported for existing imports. */
export { InputError, formatIssues, excerpt, forbiddenSegment, FORBIDDEN_KEYS, type InputIssue } from '../core/errors.ts';
import type { InputIssue } from '../core/errors.ts';
import { suggest } from '../core/options.ts';

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
