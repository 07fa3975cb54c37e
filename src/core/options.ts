/**
 * Named options: every ambiguity of a rules spec and every optional rule is an option with a
 * cited default, never an accident of a library. Scenarios and experiments set them by name.
 */
export type OptionValue = boolean | number | string;

export interface OptionSpec {
  readonly default: OptionValue;
  /** Allowed values for enumerations. */
  readonly values?: readonly OptionValue[];
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  readonly description: string;
  /** Where the default comes from, e.g. 'spec §6 A-01; seed p11'. */
  readonly cite: string;
  readonly kind: 'ambiguity' | 'optional-rule' | 'house-rule';
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;
export type OptionValues = Readonly<Record<string, OptionValue>>;

/** The value type of one option: its listed values, else the type of its default. */
export type OptionValueOf<S extends OptionSpec> = OptionValue extends S['default']
  ? OptionValue
  : S['values'] extends readonly (infer V)[]
  ? V
  : S['default'] extends boolean
    ? boolean
    : S['default'] extends number
      ? number
      : string;

/** Resolved option values of a system, keyed and typed by its specs: a typo in a key fails to compile. */
export type OptionValuesOf<OS extends OptionSpecs> = { readonly [K in keyof OS]: OptionValueOf<OS[K]> };

/** Declares a system's options, keeping their keys and literal values for OptionValuesOf. */
export function defineOptions<const OS extends OptionSpecs>(specs: OS): OS {
  return specs;
}

export function optionDefaults(specs: OptionSpecs): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const [k, s] of Object.entries(specs)) out[k] = s.default;
  return out;
}

/** Merges given values onto the defaults; errors are [key, message]. */
export function resolveOptions(specs: OptionSpecs, given: Readonly<Record<string, unknown>>): [Record<string, OptionValue>, Array<[string, string]>] {
  const out = optionDefaults(specs);
  const errors: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(given)) {
    const s = specs[k];
    if (!s) {
      errors.push([k, `unknown option '${k}'${suggest(k, Object.keys(specs))}`]);
      continue;
    }
    const msg = checkOptionValue(s, v);
    if (msg) errors.push([k, msg]);
    else out[k] = v as OptionValue;
  }
  return [out, errors];
}

function checkOptionValue(s: OptionSpec, v: unknown): string | null {
  if (typeof v !== typeof s.default) return `expected a ${typeof s.default}${s.values ? ` (one of ${s.values.map((x) => JSON.stringify(x)).join(', ')})` : ''}, got ${JSON.stringify(v)}`;
  if (s.values && !s.values.includes(v as OptionValue)) return `expected one of ${s.values.map((x) => JSON.stringify(x)).join(', ')}, got ${JSON.stringify(v)}`;
  if (typeof v === 'number') {
    if (s.integer && !Number.isInteger(v)) return `expected an integer, got ${v}`;
    if (s.min !== undefined && v < s.min) return `expected a number >= ${s.min}, got ${v}`;
    if (s.max !== undefined && v > s.max) return `expected a number <= ${s.max}, got ${v}`;
  }
  return null;
}

/** ' (did you mean 'x'?)' for the nearest candidate by edit distance, or ''. */
export function suggest(word: string, candidates: readonly string[]): string {
  let best = '';
  let bestD = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best && bestD <= Math.max(2, Math.floor(word.length / 3)) ? ` (did you mean '${best}'?)` : '';
}

export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = new Array<number>(n + 1);
  let cur = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [prev, cur] = [cur, prev];
  }
  return prev[n];
}
