import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { actionCodec } from '../../../src/core/decision/codec.ts';

const A = actionCodec({ pass: {}, fire: { target: 8, gun: 2 }, move: { hex: 4096 }, react: { card: 5, firer: 9, gun: 2, slot: 3 } });

describe('action codec', () => {
  it('gives dense codes: kinds in declaration order, fields as mixed-radix digits', () => {
    expect(A.encode.pass()).toBe(0);
    expect(A.encode.fire(0, 0)).toBe(1);
    expect(A.encode.fire(3, 1)).toBe(1 + 3 + 1 * 8);
    expect(A.encode.move(0)).toBe(1 + 16);
    expect(A.size).toBe(1 + 16 + 4096 + 5 * 9 * 2 * 3);
  });

  it('decodes what it encodes, for every kind and field value (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 4095 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 2 }), (t, g, h, c, f, sl) => {
        const fire = A.encode.fire(t, g);
        const move = A.encode.move(h);
        const react = A.encode.react(c, f, g, sl);
        return (
          A.kindOf(fire) === 'fire' && A.get(fire, 'fire', 'target') === t && A.get(fire, 'fire', 'gun') === g &&
          A.kindOf(move) === 'move' && A.get(move, 'move', 'hex') === h &&
          JSON.stringify(A.decode(react)) === JSON.stringify({ kind: 'react', card: c, firer: f, gun: g, slot: sl }) &&
          A.encodeFields('react', { card: c, firer: f, gun: g, slot: sl }) === react
        );
      }),
    );
  });

  it('describes codes and rejects values outside a field or a code outside the codec', () => {
    expect(A.describe(A.encode.fire(3, 1))).toBe('fire(target=3, gun=1)');
    expect(A.describe(A.encode.pass())).toBe('pass');
    expect(() => A.encode.fire(8, 0)).toThrow(/fire\.target = 8 is outside \[0, 8\)/);
    expect(() => A.kindOf(A.size)).toThrow(/unknown action code/);
    expect(A.kindIndexOf(-1)).toBe(-1);
    expect(() => A.get(A.encode.pass(), 'fire', 'gun')).toThrow(/not a 'fire'/);
  });

  it('refuses a declaration whose codes would not fit in an int32', () => {
    expect(() => actionCodec({ big: { a: 65536, b: 65536 } })).toThrow(/int32/);
    expect(() => actionCodec({ bad: { a: 0 } })).toThrow(/size >= 1/);
  });

  it('read.<kind>.<field> agrees with get; four- and five-field kinds encode positionally', () => {
    const B = actionCodec({ none: {}, leg: { dist: 16, turn: 12, end: 2, reverse: 2 }, five: { a: 2, b: 3, c: 4, d: 5, e: 6 } });
    for (let code = 0; code < B.size; code += 7) {
      const k = B.kindOf(code);
      if (k === 'leg') for (const f of ['dist', 'turn', 'end', 'reverse'] as const) expect(B.read.leg[f](code)).toBe(B.get(code, 'leg', f));
      if (k === 'five') for (const f of ['a', 'b', 'c', 'd', 'e'] as const) expect(B.read.five[f](code)).toBe(B.get(code, 'five', f));
    }
    expect(B.decode(B.encode.leg(15, 11, 1, 1))).toEqual({ kind: 'leg', dist: 15, turn: 11, end: 1, reverse: 1 });
    expect(B.decode(B.encode.five(1, 2, 3, 4, 5))).toEqual({ kind: 'five', a: 1, b: 2, c: 3, d: 4, e: 5 });
    expect(() => B.encode.leg(0, 12, 0, 0)).toThrow(/leg\.turn = 12/);
  });

  it('kindIndexOf finds the kind of the first and last code of every kind, whatever their sizes', () => {
    // sizes 1, 3, 10, 1, 7, 2, 1: no shift applies (binary search over the kind offsets)
    const D = actionCodec({ a: {}, b: { x: 3 }, c: { x: 5, y: 2 }, d: {}, e: { x: 7 }, f: { x: 2 }, g: {} });
    const sizes = [1, 3, 10, 1, 7, 2, 1];
    let first = 0;
    sizes.forEach((n, k) => {
      expect(D.kindIndexOf(first)).toBe(k);
      expect(D.kindIndexOf(first + n - 1)).toBe(k);
      first += n;
    });
    expect(D.size).toBe(first);
    expect(D.kindIndexOf(first)).toBe(-1);
    expect(D.kindIndexOf(-1)).toBe(-1);
  });

  it('kinds spanning the same power of two keep `kind << bits | payload` codes (a shift gives the kind)', () => {
    const C = actionCodec({ pass: { none: 1 << 20 }, card: { type: 1 << 20 }, target: { gun: 2, target: 1 << 19 } });
    expect(C.encode.target(1, 5)).toBe((2 << 20) | (5 * 2 + 1));
    expect(C.kindIndexOf((1 << 20) + 3)).toBe(C.kindIndex.card);
    expect(C.kindIndexOf(3 << 20)).toBe(-1);
    expect(C.kindIndexOf(1.5)).toBe(-1);
  });
});
