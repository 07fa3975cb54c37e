/** Brute-force oracles: enumerate every outcome of a few dice (small cases only). */
import { Dist } from '../../../src/core/dice/exact.ts';

/** Every tuple of n faces 1..sides (sides^n tuples). */
export function* tuples(n: number, sides: number): Generator<number[]> {
  const t = new Array(n).fill(1);
  if (n === 0) {
    yield [];
    return;
  }
  for (;;) {
    yield [...t];
    let i = n - 1;
    while (i >= 0 && t[i] === sides) t[i--] = 1;
    if (i < 0) return;
    t[i]++;
  }
}

/** Distribution of f over all tuples of n dice. */
export function enumerate(n: number, sides: number, f: (faces: number[]) => number): Dist {
  const m = new Map<number, bigint>();
  for (const t of tuples(n, sides)) {
    const v = f(t);
    m.set(v, (m.get(v) ?? 0n) + 1n);
  }
  return Dist.fromPairs(m);
}
