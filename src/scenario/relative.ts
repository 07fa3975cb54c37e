/**
 * Relative house rules: "+2", "-1" or "*1.1" in place of a value ("two more armour" without
 * looking up that it was 10). In a file they are strings (`front: "+2"`: YAML reads an unquoted
 * +2 as the number 2); on the command line `--set path=+2`, `path=-1`, `path=*1.1`, and `path==-1`
 * sets the value to −1. A relative value applies to the value it replaces: the base scenario's
 * override when it has one, else the bundled rules data; the result must suit the value's schema
 * (a whole number stays whole: 7 × 1.1 is refused, not rounded).
 */
import type { NumberDomain } from './zod-walk.ts';

export interface Relative {
  readonly op: '+' | '*';
  readonly amount: number;
  /** As written ("+2", "-1", "*1.1"). */
  readonly text: string;
}

const RELATIVE = /^\s*([+\-*×x])\s*(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*$/i;

/** The relative change a value writes, or null for an ordinary value. */
export function relativeOf(v: unknown): Relative | null {
  if (typeof v !== 'string') return null;
  const m = RELATIVE.exec(v);
  if (!m) return null;
  const n = Number(m[2]);
  if (!Number.isFinite(n)) return null;
  const sign = m[1];
  if (sign === '+' || sign === '-') return { op: '+', amount: sign === '-' ? -n : n, text: `${sign}${m[2]}` };
  return { op: '*', amount: n, text: `*${m[2]}` };
}

/** Numbers without floating-point noise (10 × 1.1 = 11, not 11.000000000000002). */
function clean(x: number): number {
  return Number(x.toPrecision(12));
}

/**
 * The value a relative change gives from `current`, or an error message (not a number, not whole
 * where the schema wants a whole number).
 */
export function applyRelative(current: unknown, rel: Relative, domain?: NumberDomain): { value: number } | { error: string } {
  if (typeof current !== 'number' || !Number.isFinite(current)) return { error: `'${rel.text}' changes a number, but the value it replaces is ${JSON.stringify(current)}` };
  const value = clean(rel.op === '+' ? current + rel.amount : current * rel.amount);
  const whole = domain?.int ?? Number.isInteger(current);
  if (whole && !Number.isInteger(value)) return { error: `'${rel.text}' of ${current} gives ${value}, expected a whole number (write a whole change, e.g. +1, or a value)` };
  return { value };
}

/**
 * An override written over an earlier one of the same path (a variant over its base scenario,
 * `--set` over a file): a relative value applies to the earlier one when that is a number, adds to
 * an earlier relative value of the same kind, and otherwise replaces it.
 */
export function combineOverride(earlier: unknown, later: unknown): { value: unknown } | { error: string } {
  const rel = relativeOf(later);
  if (!rel || earlier === undefined) return { value: later };
  if (typeof earlier === 'number') {
    // Whole or not is the schema's to say (checked when the scenario is compiled).
    const r = applyRelative(earlier, rel, { int: false });
    return 'error' in r ? r : { value: r.value };
  }
  const before = relativeOf(earlier);
  if (!before) return { value: later };
  if (before.op !== rel.op) return { error: `'${rel.text}' cannot be combined with the earlier '${before.text}' of the same value; give a value instead` };
  const amount = clean(rel.op === '+' ? before.amount + rel.amount : before.amount * rel.amount);
  return { value: rel.op === '+' ? `${amount >= 0 ? '+' : ''}${amount}` : `*${amount}` };
}
