/** The battery's tools: read-only observation views and structural differences. */
import { describe, expect, it } from 'vitest';
import { firstDifference } from './deep-equal.ts';
import { ObservationMutated, readOnlyView } from './read-only.ts';

describe('readOnlyView', () => {
  const real = () => ({ me: 1, hand: [3, 4], cells: new Int32Array([7, 8, 9]), seen: new Map([['a', { n: 1 }]]), nested: Object.freeze({ deep: [{ x: 1 }] }) });

  it('reads like the original: values, identity, iteration, JSON, typed-array and Map methods', () => {
    const o = real();
    const v = readOnlyView(o, 'test');
    expect(v.me).toBe(1);
    expect(v.hand).toBe(v.hand);
    expect([...v.hand]).toEqual([3, 4]);
    expect(v.hand.map((x) => x * 2)).toEqual([6, 8]);
    expect(Array.isArray(v.hand)).toBe(true);
    expect(v.cells[2]).toBe(9);
    expect(v.cells.length).toBe(3);
    expect(Array.from(v.cells.subarray(1))).toEqual([8, 9]);
    expect(v.seen.get('a')?.n).toBe(1);
    expect(v.nested.deep[0].x).toBe(1);
    expect(JSON.parse(JSON.stringify(v))).toEqual(JSON.parse(JSON.stringify(o)));
    expect(Object.keys(v)).toEqual(Object.keys(o));
    expect({ ...v.hand }).toEqual({ 0: 3, 1: 4 });
  });

  it('throws on every kind of write, naming the path; the original is untouched', () => {
    const o = real();
    const v = readOnlyView(o, 'game 3 side 1');
    const writes: Array<[() => unknown, RegExp]> = [
      [() => ((v as { me: number }).me = 2), /game 3 side 1: an agent mutated its observation \(assignment to me of observation/],
      [() => (v.hand as number[]).push(5), /assignment to 2 of observation\.hand/],
      [() => (v.hand as number[]).sort(), /observation\.hand/],
      [() => delete (v.hand as number[])[0], /deletion of 0 from observation\.hand/],
      [() => (v.cells[0] = 1), /assignment to 0 of observation\.cells/],
      [() => v.cells.fill(0), /fill\(\) on observation\.cells/],
      [() => v.seen.set('b', { n: 2 }), /set\(\) on observation\.seen/],
      [() => Object.defineProperty(v, 'extra', { value: 1 }), /definition of extra on observation/],
      [() => (v.nested.deep[0].x = 2), /assignment to x of observation\.nested\.deep\.0/],
    ];
    for (const [write, message] of writes) {
      expect(write).toThrow(ObservationMutated);
      expect(write).toThrow(message);
    }
    expect(o).toEqual(real());
  });
});

describe('firstDifference', () => {
  it('is null for equal structures, shared and cyclic references included', () => {
    const a: { self?: unknown; v: number[] } = { v: [1, NaN] };
    a.self = a;
    const b: { self?: unknown; v: number[] } = { v: [1, NaN] };
    b.self = b;
    expect(firstDifference(a, b)).toBeNull();
    expect(firstDifference(new Int8Array([1, 2]), new Int8Array([1, 2]))).toBeNull();
    expect(firstDifference(new Map([[1, { x: 1 }]]), new Map([[1, { x: 1 }]]))).toBeNull();
  });

  it('names the first difference', () => {
    expect(firstDifference({ a: { b: [1, 2] } }, { a: { b: [1, 3] } })).toBe('$.a.b[1]: 2 ≠ 3');
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toBe('$.b: missing ≠ present');
    expect(firstDifference([1], [1, 2], 'x')).toBe('x.length: 1 ≠ 2');
    expect(firstDifference(new Int32Array([1]), [1])).toBe('$: Int32Array ≠ Array');
    expect(firstDifference(new Set([1]), new Set([2]))).toBe('$: element 1 missing');
    expect(firstDifference({ s: 'a' }, { s: 'b' })).toBe('$.s: "a" ≠ "b"');
  });
});
