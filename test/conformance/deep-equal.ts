/**
 * Structural equality with the path of the first difference (null when equal). Handles arrays,
 * typed arrays, Maps, Sets, plain and class objects, NaN, shared and cyclic references (a pair of
 * objects already being compared counts as equal). Functions compare by identity.
 */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  return diff(a, b, path, new Map());
}

function diff(a: unknown, b: unknown, path: string, seen: Map<object, Set<object>>): string | null {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${show(a)} ≠ ${show(b)}`;
  let pairs = seen.get(a);
  if (pairs?.has(b)) return null;
  if (!pairs) seen.set(a, (pairs = new Set()));
  pairs.add(b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: ${kind(a)} ≠ ${kind(b)}`;
  if (ArrayBuffer.isView(a)) {
    const x = a as unknown as ArrayLike<number>;
    const y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length) return `${path}.length: ${x.length} ≠ ${y.length}`;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i] && !(Number.isNaN(x[i]) && Number.isNaN(y[i]))) return `${path}[${i}]: ${x[i]} ≠ ${y[i]}`;
    return null;
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return `${path}.size: ${a.size} ≠ ${b.size}`;
    for (const [k, v] of a) {
      if (!b.has(k)) return `${path}: key ${show(k)} missing`;
      const d = diff(v, b.get(k), `${path}.get(${show(k)})`, seen);
      if (d) return d;
    }
    return null;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return `${path}.size: ${a.size} ≠ ${b.size}`;
    for (const v of a) if (!b.has(v)) return `${path}: element ${show(v)} missing`;
    return null;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return `${path}.length: ${a.length} ≠ ${(b as unknown[]).length}`;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return `${path}.${k}: present ≠ missing`;
    const d = diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`, seen);
    if (d) return d;
  }
  for (const k of kb) if (!Object.prototype.hasOwnProperty.call(a, k)) return `${path}.${k}: missing ≠ present`;
  return null;
}

function kind(x: object): string {
  return x.constructor?.name ?? 'Object(null prototype)';
}

function show(x: unknown): string {
  if (typeof x === 'string') return JSON.stringify(x);
  if (typeof x === 'object' && x !== null) return kind(x);
  return String(x);
}
