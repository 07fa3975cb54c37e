/**
 * Action codecs: a system declares its action kinds and their fields ONCE, with the size of
 * each field; the codec gives encode, decode, field access and describe. Codes are dense,
 * non-negative int32: kind k owns the range [offset_k, offset_k + product of its field sizes),
 * fields are mixed-radix digits in declaration order. Definition fails if the codes would not
 * fit in 31 bits, so an over-large map or roster is caught at compile time of the scenario,
 * never as an `unknown action code` in the middle of a run.
 *
 *   const A = actionCodec({ pass: {}, fire: { target: 8, gun: 2 }, move: { hex: 4096 } });
 *   const c = A.encode.fire(3, 1);        // positional, allocation-free, typed arity
 *   A.is(c, 'fire') && A.get(c, 'fire', 'target') === 3;
 *   A.read.fire.target(c) === 3           // unchecked, precomputed: the hot-loop reader
 *   A.describe(c) === 'fire(target=3, gun=1)'
 */

/** kind -> field -> size (values 0..size-1). Field order is encoding order. */
export type CodecSpec = { readonly [kind: string]: { readonly [field: string]: number } };

type Tuple<N extends number, Acc extends number[] = []> = Acc['length'] extends N ? Acc : Tuple<N, [...Acc, number]>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type LastOf<U> = UnionToIntersection<U extends unknown ? () => U : never> extends () => infer R ? R : never;
type CountKeys<T, U = keyof T, Acc extends unknown[] = []> = [U] extends [never] ? Acc['length'] : CountKeys<T, Exclude<U, LastOf<U>>, [...Acc, 0]>;

/** encode.<kind>(...fieldValues): one number per field, in declaration order. */
export type Encoders<S extends CodecSpec> = { readonly [K in keyof S]: (...values: Tuple<CountKeys<S[K]> & number>) => number };

/** read.<kind>.<field>(code): precomputed field readers. */
export type Readers<S extends CodecSpec> = { readonly [K in keyof S]: { readonly [F in keyof S[K]]: (code: number) => number } };

export type Decoded<S extends CodecSpec> = { [K in keyof S]: { readonly kind: K } & { readonly [F in keyof S[K]]: number } }[keyof S];

export interface ActionCodec<S extends CodecSpec> {
  readonly spec: S;
  readonly kinds: readonly (keyof S & string)[];
  /** One past the largest code. */
  readonly size: number;
  readonly encode: Encoders<S>;
  /** Encodes from a record of field values (for tests and tools; allocates). */
  encodeFields<K extends keyof S & string>(kind: K, fields: { readonly [F in keyof S[K]]: number }): number;
  /** Index of the code's kind in `kinds` (hot loops: compare with `kindIndex`). */
  kindIndexOf(code: number): number;
  readonly kindIndex: { readonly [K in keyof S]: number };
  kindOf(code: number): keyof S & string;
  is<K extends keyof S & string>(code: number, kind: K): boolean;
  get<K extends keyof S & string>(code: number, kind: K, field: keyof S[K] & string): number;
  /**
   * Field readers for hot loops: `read.fire.target(code)`, precomputed at definition, no lookup
   * by name and no allocation. Unchecked: the code must be of that kind (test it with kindIndexOf).
   */
  readonly read: Readers<S>;
  decode(code: number): Decoded<S>;
  /** 'fire(target=3, gun=1)': the fallback when a system gives no richer text. */
  describe(code: number): string;
}

const MAX_CODE = 2 ** 31;

/** Gives the encoders built from the spec their per-kind types (Object.create's `any` carries them over). */
function typedEncoders<S extends CodecSpec>(built: Record<string, (...v: number[]) => number>): Encoders<S> {
  const out: Encoders<S> = Object.create(Object.prototype);
  return Object.assign(out, Object.fromEntries(Object.entries(built))); // fast mode: see fastObject
}

/**
 * A fast-mode copy of an object built key by key. An object that grows past a dozen or so keys
 * added by name at run time (or a null-prototype one) becomes a dictionary, whose properties are
 * hash lookups the optimiser cannot inline; `A.encode.fire`, `A.read.fire.target` and
 * `A.kindIndex.fire` sit in hot loops. Object.fromEntries builds the copy in fast mode.
 */
function fastObject<T extends object>(o: T): T {
  const copy: T = Object.create(Object.prototype);
  return Object.assign(copy, Object.fromEntries(Object.entries(o)));
}

/** Is v a whole number in [0, n)? (v >>> 0) === v: a uint32, so no NaN, fraction or negative. */
function inRange(v: number, n: number): boolean {
  return v >>> 0 === v && v < n;
}

/** Field reader (code - offset) / stride mod size: a shift and a mask when both are powers of two. */
function fieldReader(off: number, stride: number, n: number): (code: number) => number {
  const sh = Math.log2(stride);
  if (Number.isInteger(sh) && Number.isInteger(Math.log2(n))) {
    const mask = n - 1;
    return (code: number) => ((code - off) >>> sh) & mask;
  }
  // codes are below 2^31, so | 0 truncates the non-negative quotient like Math.floor
  return (code: number) => (((code - off) / stride) | 0) % n;
}

export function actionCodec<const S extends CodecSpec>(spec: S): ActionCodec<S> {
  const kinds = Object.keys(spec) as (keyof S & string)[];
  const offsets: number[] = [];
  const fieldNames: string[][] = [];
  const sizes: number[][] = [];
  const strides: number[][] = [];
  const fieldIndex: Record<string, Record<string, number>> = {};
  let next = 0;
  for (const k of kinds) {
    const fields = spec[k];
    const names = Object.keys(fields);
    const sz: number[] = [];
    const st: number[] = [];
    let stride = 1;
    fieldIndex[k] = {};
    names.forEach((f, i) => {
      const n = fields[f];
      if (!Number.isInteger(n) || n < 1) throw new Error(`action codec: field '${k}.${f}' must have a whole size >= 1, got ${n}`);
      sz.push(n);
      st.push(stride);
      fieldIndex[k][f] = i;
      stride *= n;
    });
    offsets.push(next);
    fieldNames.push(names);
    sizes.push(sz);
    strides.push(st);
    next += stride;
    if (next > MAX_CODE) throw new Error(`action codec: codes up to kind '${k}' need ${next} values, more than fit in an int32 (2^31); shrink the field sizes`);
  }
  const size = next;

  // When every kind spans the same power of two (a system keeping `kind << bits | payload`
  // codes), the kind is a shift; otherwise a binary search for the last kind starting at or below
  // the code (the offsets ascend; no allocation).
  const span = kinds.length ? size / kinds.length : 0;
  const shift = kinds.length && offsets.every((o, i) => o === i * span) && Number.isInteger(Math.log2(span)) ? Math.log2(span) : -1;
  // Two closures, each as small as its case (the hot loops inline it).
  const offs = Int32Array.from(offsets);
  // (code | 0) === code: a whole number within int32 (codes are below 2^31).
  const kindIndexOf =
    shift >= 0
      ? (code: number): number => (code >= 0 && code < size && (code | 0) === code ? code >>> shift : -1)
      : (code: number): number => {
          if (!(code >= 0 && code < size && (code | 0) === code) || offs.length === 0 || code < offs[0]) return -1;
          let lo = 0, hi = offs.length - 1;
          while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (offs[mid] <= code) lo = mid;
            else hi = mid - 1;
          }
          return lo;
        };
  const mustKind = (code: number): number => {
    const i = kindIndexOf(code);
    if (i < 0) throw new Error(`unknown action code ${code}`);
    return i;
  };
  const fieldOf = (code: number, ki: number, fi: number): number => Math.floor((code - offsets[ki]) / strides[ki][fi]) % sizes[ki][fi];

  const encode: Record<string, (...v: number[]) => number> = {};
  kinds.forEach((k, ki) => {
    const sz = sizes[ki];
    const st = strides[ki];
    const off = offsets[ki];
    const bad = (v: number, fi: number): never => {
      throw new Error(`action codec: ${k}.${fieldNames[ki][fi]} = ${v} is outside [0, ${sz[fi]})`);
    };
    // Specialised for the common arities so the hot loop never builds an arguments array; the
    // sizes and strides are closure constants and each check is a compare or two.
    const [n0, n1, n2, n3, n4] = [sz[0], sz[1], sz[2], sz[3], sz[4]];
    const [s1, s2, s3, s4] = [st[1], st[2], st[3], st[4]];
    switch (sz.length) {
      case 0: encode[k] = () => off; break;
      case 1: encode[k] = (a: number) => (inRange(a, n0) ? off + a : bad(a, 0)); break;
      case 2: encode[k] = (a: number, b: number) => (inRange(a, n0) ? (inRange(b, n1) ? off + a + b * s1 : bad(b, 1)) : bad(a, 0)); break;
      case 3:
        encode[k] = (a: number, b: number, c: number) => {
          if (!inRange(a, n0)) bad(a, 0);
          if (!inRange(b, n1)) bad(b, 1);
          if (!inRange(c, n2)) bad(c, 2);
          return off + a + b * s1 + c * s2;
        };
        break;
      case 4:
        encode[k] = (a: number, b: number, c: number, d: number) => {
          if (!inRange(a, n0)) bad(a, 0);
          if (!inRange(b, n1)) bad(b, 1);
          if (!inRange(c, n2)) bad(c, 2);
          if (!inRange(d, n3)) bad(d, 3);
          return off + a + b * s1 + c * s2 + d * s3;
        };
        break;
      case 5:
        encode[k] = (a: number, b: number, c: number, d: number, e: number) => {
          if (!inRange(a, n0)) bad(a, 0);
          if (!inRange(b, n1)) bad(b, 1);
          if (!inRange(c, n2)) bad(c, 2);
          if (!inRange(d, n3)) bad(d, 3);
          if (!inRange(e, n4)) bad(e, 4);
          return off + a + b * s1 + c * s2 + d * s3 + e * s4;
        };
        break;
      default:
        encode[k] = (...v: number[]) => {
          let code = off;
          for (let i = 0; i < sz.length; i++) code += (inRange(v[i], sz[i]) ? v[i] : bad(v[i], i)) * st[i];
          return code;
        };
    }
  });
  // Plain objects (not null-prototype dictionaries) so that `kindIndex.fire` and `read.fire.target`
  // are fast property loads in hot loops.
  const kindIndex: Record<string, number> = {};
  kinds.forEach((k, i) => (kindIndex[k] = i));
  const read: Record<string, Record<string, (code: number) => number>> = {};
  kinds.forEach((k, ki) => {
    const off = offsets[ki];
    const r: Record<string, (code: number) => number> = {};
    fieldNames[ki].forEach((f, fi) => (r[f] = fieldReader(off, strides[ki][fi], sizes[ki][fi])));
    read[k] = r;
  });

  return {
    spec,
    kinds,
    size,
    // The per-kind encoders built above, one per declared kind, with the arity of its fields.
    encode: typedEncoders<S>(encode),
    kindIndex: fastObject(kindIndex) as { readonly [K in keyof S]: number },
    read: fastObject(read) as Readers<S>,
    encodeFields(kind, fields) {
      const ki = kindIndex[kind];
      const values = fieldNames[ki].map((f) => (fields as Record<string, number>)[f]);
      return (encode[kind] as (...v: number[]) => number)(...values);
    },
    kindIndexOf,
    kindOf: (code) => kinds[mustKind(code)],
    is: (code, kind) => kindIndexOf(code) === kindIndex[kind],
    get(code, kind, field) {
      const ki = kindIndex[kind];
      if (kindIndexOf(code) !== ki) throw new Error(`action code ${code} is not a '${kind}'`);
      return fieldOf(code, ki, fieldIndex[kind][field]);
    },
    decode(code) {
      const ki = mustKind(code);
      const out: Record<string, string | number> = { kind: kinds[ki] };
      fieldNames[ki].forEach((f, fi) => (out[f] = fieldOf(code, ki, fi)));
      return out as Decoded<S>;
    },
    describe(code) {
      const ki = kindIndexOf(code);
      if (ki < 0) return `unknown action ${code}`;
      const names = fieldNames[ki];
      return names.length ? `${kinds[ki]}(${names.map((f, fi) => `${f}=${fieldOf(code, ki, fi)}`).join(', ')})` : kinds[ki];
    },
  };
}
