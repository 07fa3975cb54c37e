/**
 * The keys a zod schema accepts at a path of a document, for "did you mean" hints on unknown
 * keys. Reads zod 4's public `_zod.def` description of a schema; unknown shapes give [].
 */
import type { z } from 'zod';

type Def = { type: string; [k: string]: any };

function defOf(s: unknown): Def | undefined {
  return (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;
}

/** Unwraps optional/default/nullable/pipe/lazy wrappers. */
function unwrap(s: unknown): unknown {
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (!d) return s;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success'].includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe') s = d.in;
    else if (d.type === 'lazy') s = d.getter();
    else return s;
  }
  return s;
}

/** Schemas that may describe the value at `path` (unions give several). */
function at(schema: unknown, path: readonly PropertyKey[]): unknown[] {
  let cur: unknown[] = [schema];
  for (const key of path) {
    const next: unknown[] = [];
    const visit = (s0: unknown): void => {
      const s = unwrap(s0);
      const d = defOf(s);
      if (!d) return;
      if (d.type === 'union') return void (d.options as unknown[]).forEach(visit);
      if (d.type === 'intersection') return void [d.left, d.right].forEach(visit);
      if (d.type === 'object' && typeof key === 'string' && key in d.shape) next.push(d.shape[key]);
      else if (d.type === 'object' && d.catchall) next.push(d.catchall);
      else if (d.type === 'record') next.push(d.valueType);
      else if (d.type === 'array') next.push(d.element);
      else if (d.type === 'tuple') next.push(d.items[Number(key)] ?? d.rest);
    };
    cur.forEach(visit);
    cur = next.filter(Boolean);
  }
  return cur;
}

/** The numeric bounds the schema puts on the value at `path` (unions: the widest), or undefined when it is not a number there. */
export function numberBoundsAt(schema: z.ZodType, path: readonly PropertyKey[]): { min: number; max: number; int: boolean } | undefined {
  let found: { min: number; max: number; int: boolean } | undefined;
  const visit = (s0: unknown): void => {
    const s = unwrap(s0);
    const d = defOf(s);
    if (!d) return;
    if (d.type === 'union') return void (d.options as unknown[]).forEach(visit);
    if (d.type !== 'number') return;
    const n = s as { minValue: number | null; maxValue: number | null; isInt: boolean };
    const b = { min: n.minValue ?? -Infinity, max: n.maxValue ?? Infinity, int: !!n.isInt };
    found = found ? { min: Math.min(found.min, b.min), max: Math.max(found.max, b.max), int: found.int && b.int } : b;
  };
  at(schema, path).forEach(visit);
  return found;
}

export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const keys = new Set<string>();
  const visit = (s0: unknown): void => {
    const s = unwrap(s0);
    const d = defOf(s);
    if (!d) return;
    if (d.type === 'union') return void (d.options as unknown[]).forEach(visit);
    if (d.type === 'intersection') return void [d.left, d.right].forEach(visit);
    if (d.type === 'object') for (const k of Object.keys(d.shape)) keys.add(k);
  };
  at(schema, path).forEach(visit);
  return [...keys];
}

/** What a number schema allows: its bounds (inclusive) and whether it must be whole. */
export interface NumberDomain {
  readonly min?: number;
  readonly max?: number;
  readonly int: boolean;
}

/**
 * The number domain of the value at `path` (a rules-data path), or undefined when the schema
 * there is not a number (or the path is unknown). A union gives its first number option.
 */
export function numberDomainAt(schema: z.ZodType, path: readonly PropertyKey[]): NumberDomain | undefined {
  for (const s0 of at(schema, path)) {
    const found: NumberDomain[] = [];
    const visit = (s1: unknown): void => {
      const s = unwrap(s1);
      const d = defOf(s);
      if (!d) return;
      if (d.type === 'union') return void (d.options as unknown[]).forEach(visit);
      if (d.type !== 'number') return;
      const n = s as { minValue?: number | null; maxValue?: number | null; isInt?: boolean };
      // z.number().int() reports the safe-integer range as its bounds: those are no bounds.
      const bound = (x: number | null | undefined): number | undefined => (typeof x === 'number' && Math.abs(x) < Number.MAX_SAFE_INTEGER ? x : undefined);
      const min = bound(n.minValue);
      const max = bound(n.maxValue);
      found.push({ ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), int: n.isInt === true });
    };
    visit(s0);
    if (found.length) return found[0];
  }
  return undefined;
}
