/**
 * Exact distributions over integer outcomes with BigInt weights (icepool's model): immutable,
 * built from dice by convolution and mapping. These are the exact twins of sample.ts, the
 * oracles of the Monte Carlo tests and the source of `salvo odds` / reference cards.
 */
import { Fraction } from './fraction.ts';

export class Dist {
  /** Outcomes in ascending order, no duplicates, every weight > 0. */
  readonly outcomes: readonly number[];
  readonly weights: readonly bigint[];
  readonly total: bigint;

  private constructor(outcomes: number[], weights: bigint[]) {
    this.outcomes = outcomes;
    this.weights = weights;
    let t = 0n;
    for (const w of weights) t += w;
    this.total = t;
  }

  /** From (outcome, weight) pairs; merges duplicates, drops zero weights. */
  static fromPairs(pairs: Iterable<readonly [number, bigint | number]>): Dist {
    const m = new Map<number, bigint>();
    for (const [o, w] of pairs) {
      const bw = BigInt(w);
      if (bw < 0n) throw new Error('Dist: negative weight');
      if (bw === 0n) continue;
      m.set(o, (m.get(o) ?? 0n) + bw);
    }
    if (m.size === 0) throw new Error('Dist: empty distribution');
    const outcomes = [...m.keys()].sort((a, b) => a - b);
    return new Dist(outcomes, outcomes.map((o) => m.get(o)!));
  }

  static constant(v: number): Dist {
    return new Dist([v], [1n]);
  }

  /** One fair die 1..sides. */
  static die(sides = 6): Dist {
    const o: number[] = [];
    const w: bigint[] = [];
    for (let i = 1; i <= sides; i++) {
      o.push(i);
      w.push(1n);
    }
    return new Dist(o, w);
  }

  /** Uniform over the listed faces (duplicates weigh more). */
  static faces(faces: readonly number[]): Dist {
    return Dist.fromPairs(faces.map((f) => [f, 1n] as const));
  }

  /** Sum of two independent distributions (convolution). */
  add(o: Dist | number): Dist {
    if (typeof o === 'number') return this.map((x) => x + o);
    const pairs: Array<[number, bigint]> = [];
    for (let i = 0; i < this.outcomes.length; i++)
      for (let j = 0; j < o.outcomes.length; j++) pairs.push([this.outcomes[i] + o.outcomes[j], this.weights[i] * o.weights[j]]);
    return Dist.fromPairs(pairs);
  }

  /** Sum of n independent copies. */
  repeatSum(n: number): Dist {
    if (n < 0 || !Number.isInteger(n)) throw new Error('repeatSum: n must be a non-negative integer');
    let acc = Dist.constant(0);
    let base: Dist = this;
    let k = n;
    while (k > 0) {
      if (k & 1) acc = acc.add(base);
      k >>= 1;
      if (k > 0) base = base.add(base);
    }
    return acc;
  }

  /** Applies f to every outcome (weights of equal images merge). */
  map(f: (x: number) => number): Dist {
    return Dist.fromPairs(this.outcomes.map((x, i) => [f(x), this.weights[i]] as const));
  }

  /** Joint combination of two independent distributions. */
  combine(o: Dist, f: (a: number, b: number) => number): Dist {
    const pairs: Array<[number, bigint]> = [];
    for (let i = 0; i < this.outcomes.length; i++)
      for (let j = 0; j < o.outcomes.length; j++) pairs.push([f(this.outcomes[i], o.outcomes[j]), this.weights[i] * o.weights[j]]);
    return Dist.fromPairs(pairs);
  }

  /** Highest of n independent copies. */
  highestOf(n: number): Dist {
    let acc: Dist = this;
    for (let i = 1; i < n; i++) acc = acc.combine(this, Math.max);
    return acc;
  }

  /** Lowest of n independent copies. */
  lowestOf(n: number): Dist {
    let acc: Dist = this;
    for (let i = 1; i < n; i++) acc = acc.combine(this, Math.min);
    return acc;
  }

  /** P(outcome satisfies pred). */
  probWhere(pred: (x: number) => boolean): Fraction {
    let w = 0n;
    for (let i = 0; i < this.outcomes.length; i++) if (pred(this.outcomes[i])) w += this.weights[i];
    return new Fraction(w, this.total);
  }

  prob(v: number): Fraction {
    return this.probWhere((x) => x === v);
  }

  probAtLeast(k: number): Fraction {
    return this.probWhere((x) => x >= k);
  }

  probAtMost(k: number): Fraction {
    return this.probWhere((x) => x <= k);
  }

  /** Bernoulli distribution (1 = success) of outcome >= k. */
  threshold(k: number): Dist {
    return this.map((x) => (x >= k ? 1 : 0));
  }

  mean(): Fraction {
    let s = 0n;
    for (let i = 0; i < this.outcomes.length; i++) s += BigInt(this.outcomes[i]) * this.weights[i];
    return new Fraction(s, this.total);
  }

  /** [outcome, probability] rows for tables and charts. */
  table(): Array<{ outcome: number; p: Fraction }> {
    return this.outcomes.map((o, i) => ({ outcome: o, p: new Fraction(this.weights[i], this.total) }));
  }

  /** Mixture: pick one of several distributions with given (integer) weights. */
  static mixture(parts: ReadonlyArray<readonly [Dist, bigint | number]>): Dist {
    // Bring every part to a common denominator so the mixture weights are exact.
    let lcm = 1n;
    for (const [d] of parts) lcm = (lcm * d.total) / gcdBig(lcm, d.total);
    const pairs: Array<[number, bigint]> = [];
    for (const [d, w] of parts) {
      const scale = (lcm / d.total) * BigInt(w);
      d.outcomes.forEach((o, i) => pairs.push([o, d.weights[i] * scale]));
    }
    return Dist.fromPairs(pairs);
  }
}

function gcdBig(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** 2d6 summed, the hex games' workhorse. */
export const TWO_D6 = Dist.die(6).repeatSum(2);
