/**
 * Exact distributions over integer outcomes with BigInt weights (icepool's model): immutable,
 * built from dice by convolution and mapping. These are the exact twins of sample.ts, the
 * oracles of the Monte Carlo tests and the source of `salvo odds` / reference cards.
 *
 * A Dist is a multiset of outcomes: weights are positive integers and P(x) = weight(x) / total.
 * Operations on independent dice multiply totals (6^n for n d6), so weights stay exact.
 * Opposed sorted-dice contests (RISK-style) live in contest.ts.
 */
import { Fraction, gcd } from './fraction.ts';

/** A roll -> table row mapping as data: the first row whose [min, max] contains the roll wins. */
export interface RollTableRow {
  /** Smallest roll of the row (inclusive); omitted = no lower bound. */
  readonly min?: number;
  /** Largest roll of the row (inclusive); omitted = no upper bound. */
  readonly max?: number;
  /** The row's result (a number: a count, a code, an index into a result list). */
  readonly value: number;
}
export type RollTable = readonly RollTableRow[];

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
      if (!Number.isFinite(o)) throw new Error(`Dist: outcome must be a finite number, got ${o}`);
      const bw = BigInt(w);
      if (bw < 0n) throw new Error('Dist: negative weight');
      if (bw === 0n) continue;
      m.set(o, (m.get(o) ?? 0n) + bw);
    }
    if (m.size === 0) throw new Error('Dist: empty distribution');
    const outcomes = [...m.keys()].sort((a, b) => a - b);
    return new Dist(outcomes, outcomes.map((o) => m.get(o)!));
  }

  /** From dense integer weights: weights[i] is the weight of outcome lo + i (zeros dropped). */
  static fromDense(lo: number, weights: ArrayLike<bigint>): Dist {
    const o: number[] = [];
    const w: bigint[] = [];
    for (let i = 0; i < weights.length; i++) {
      if (weights[i] < 0n) throw new Error('Dist: negative weight');
      if (weights[i] !== 0n) {
        o.push(lo + i);
        w.push(weights[i]);
      }
    }
    if (o.length === 0) throw new Error('Dist: empty distribution');
    return new Dist(o, reduceWeights(w));
  }

  /** From exact probabilities (they must sum to 1). */
  static fromFractions(pairs: Iterable<readonly [number, Fraction]>): Dist {
    const list = [...pairs];
    let lcm = 1n;
    for (const [, p] of list) lcm = (lcm * p.den) / gcd(lcm, p.den);
    const d = Dist.fromPairs(list.map(([o, p]) => [o, (p.num * lcm) / p.den] as const));
    if (d.total !== lcm) throw new Error(`Dist.fromFractions: probabilities sum to ${new Fraction(d.total, lcm)}, expected 1`);
    return d.reduced();
  }

  static constant(v: number): Dist {
    return new Dist([v], [1n]);
  }

  /** One fair die 1..sides. */
  static die(sides = 6): Dist {
    if (!Number.isInteger(sides) || sides < 1) throw new Error(`Dist.die: sides must be a positive integer, got ${sides}`);
    const o: number[] = [];
    const w: bigint[] = [];
    for (let i = 1; i <= sides; i++) {
      o.push(i);
      w.push(1n);
    }
    return new Dist(o, w);
  }

  /** Uniform over the integers lo..hi. */
  static uniform(lo: number, hi: number): Dist {
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo) throw new Error(`Dist.uniform: need integers lo <= hi, got ${lo}..${hi}`);
    const o: number[] = [];
    const w: bigint[] = [];
    for (let i = lo; i <= hi; i++) {
      o.push(i);
      w.push(1n);
    }
    return new Dist(o, w);
  }

  /** Uniform over the listed faces (duplicates weigh more). */
  static faces(faces: readonly number[]): Dist {
    return Dist.fromPairs(faces.map((f) => [f, 1n] as const));
  }

  /** 1 with probability p, else 0. */
  static bernoulli(p: Fraction): Dist {
    if (p.num < 0n || p.num > p.den) throw new Error(`Dist.bernoulli: p must be in [0, 1], got ${p}`);
    return Dist.fromPairs([
      [0, p.den - p.num],
      [1, p.num],
    ]);
  }

  /** Number of successes in n independent trials of probability p. */
  static binomial(n: number, p: Fraction): Dist {
    return Dist.bernoulli(p).repeatSum(n);
  }

  get min(): number {
    return this.outcomes[0];
  }

  get max(): number {
    return this.outcomes[this.outcomes.length - 1];
  }

  /** The same distribution with the smallest integer weights (divided by their gcd). */
  reduced(): Dist {
    const w = reduceWeights([...this.weights]);
    return w[0] === this.weights[0] ? this : new Dist([...this.outcomes], w);
  }

  /** Weight of one outcome (0n when absent). */
  weightOf(v: number): bigint {
    const i = indexOf(this.outcomes, v);
    return i < 0 ? 0n : this.weights[i];
  }

  /** Sum of two independent distributions (convolution). Dense when the outcome range is small. */
  add(o: Dist | number): Dist {
    if (typeof o === 'number') return this.map((x) => x + o);
    if (allIntegers(this) && allIntegers(o)) {
      const span = this.max - this.min + o.max - o.min + 1;
      if (span <= 4096 || span <= 4 * this.outcomes.length * o.outcomes.length) {
        const acc = new Array<bigint>(span).fill(0n);
        const base = this.min + o.min;
        for (let i = 0; i < this.outcomes.length; i++) {
          const wi = this.weights[i];
          const oi = this.outcomes[i] - base;
          for (let j = 0; j < o.outcomes.length; j++) acc[oi + o.outcomes[j]] += wi * o.weights[j];
        }
        return Dist.fromDenseRaw(base, acc);
      }
    }
    const pairs: Array<[number, bigint]> = [];
    for (let i = 0; i < this.outcomes.length; i++)
      for (let j = 0; j < o.outcomes.length; j++) pairs.push([this.outcomes[i] + o.outcomes[j], this.weights[i] * o.weights[j]]);
    return Dist.fromPairs(pairs);
  }

  /** Difference of two independent distributions (this - o). */
  sub(o: Dist | number): Dist {
    if (typeof o === 'number') return this.map((x) => x - o);
    return this.add(o.map((x) => -x));
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

  /**
   * Dependent composition ("then roll this"): outcome x leads to the distribution f(x).
   * The result is the mixture of the f(x) weighted by P(x), exactly.
   */
  bind(f: (x: number) => Dist): Dist {
    return Dist.mixture(this.outcomes.map((x, i) => [f(x), this.weights[i]] as const));
  }

  /** Highest of n independent copies: P(max <= x) = F(x)^n. */
  highestOf(n: number): Dist {
    checkCount('highestOf', n, 1);
    const t = this.total ** BigInt(n);
    const w: bigint[] = [];
    let cum = 0n;
    let prev = 0n;
    for (let i = 0; i < this.outcomes.length; i++) {
      cum += this.weights[i];
      const c = cum ** BigInt(n);
      w.push(c - prev);
      prev = c;
    }
    if (prev !== t) throw new Error('highestOf: internal total mismatch');
    return new Dist([...this.outcomes], w).dropZeros();
  }

  /** Lowest of n independent copies: P(min >= x) = S(x)^n. */
  lowestOf(n: number): Dist {
    checkCount('lowestOf', n, 1);
    const w = new Array<bigint>(this.outcomes.length);
    let above = 0n; // weight strictly above outcome i
    let prev = 0n; // (weight >= outcome i+1)^n
    for (let i = this.outcomes.length - 1; i >= 0; i--) {
      const atLeast = above + this.weights[i];
      const c = atLeast ** BigInt(n);
      w[i] = c - prev;
      prev = c;
      above = atLeast;
    }
    return new Dist([...this.outcomes], w).dropZeros();
  }

  /** Sum of the k highest of n independent copies (e.g. 4d6 keep 3). */
  keepHighest(n: number, k: number): Dist {
    return keepSum(this, n, k, true);
  }

  /** Sum of the k lowest of n independent copies. */
  keepLowest(n: number, k: number): Dist {
    return keepSum(this, n, k, false);
  }

  /**
   * Re-rolls outcomes matching `pred` (a miss) up to `times` times; the last roll stands.
   * r0 = this; r_{j+1}(x) = [!pred(x)] w(x) T_j + W_pred r_j(x), with T_j the total of r_j.
   */
  rerollWhere(pred: (x: number) => boolean, times = 1): Dist {
    checkCount('rerollWhere', times, 0);
    let wPred = 0n;
    for (let i = 0; i < this.outcomes.length; i++) if (pred(this.outcomes[i])) wPred += this.weights[i];
    let cur = [...this.weights];
    let curTotal = this.total;
    for (let j = 0; j < times; j++) {
      const next = cur.map((wc, i) => (pred(this.outcomes[i]) ? 0n : this.weights[i] * curTotal) + wPred * wc);
      cur = next;
      curTotal = this.total * curTotal;
    }
    return new Dist([...this.outcomes], reduceWeights(cur)).dropZeros();
  }

  /** Number of successes among n dice, a die succeeding when pred(face). */
  countWhere(n: number, pred: (x: number) => boolean): Dist {
    checkCount('countWhere', n, 0);
    return this.map((x) => (pred(x) ? 1 : 0)).repeatSum(n);
  }

  /** Successes among n dice at `target` or better (face >= target). */
  successes(n: number, target: number): Dist {
    return this.countWhere(n, (x) => x >= target);
  }

  /**
   * Success count over a pool where each die yields a count given by `perDie` (this is the die,
   * perDie maps a face to its number of successes, e.g. 6 -> 2 for "sixes count double").
   */
  pool(n: number, perDie: (x: number) => number): Dist {
    checkCount('pool', n, 0);
    return this.map(perDie).repeatSum(n);
  }

  /** Row value of a roll -> table mapping (first matching row). Throws if a roll has no row. */
  lookup(table: RollTable): Dist {
    return this.map((x) => {
      for (const r of table) if ((r.min === undefined || x >= r.min) && (r.max === undefined || x <= r.max)) return r.value;
      throw new Error(`Dist.lookup: no table row covers the roll ${x}`);
    });
  }

  /** Outcomes clamped into [lo, hi]. */
  clamp(lo: number, hi: number): Dist {
    return this.map((x) => (x < lo ? lo : x > hi ? hi : x));
  }

  /** P(outcome satisfies pred). */
  probWhere(pred: (x: number) => boolean): Fraction {
    let w = 0n;
    for (let i = 0; i < this.outcomes.length; i++) if (pred(this.outcomes[i])) w += this.weights[i];
    return new Fraction(w, this.total);
  }

  prob(v: number): Fraction {
    return new Fraction(this.weightOf(v), this.total);
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

  variance(): Fraction {
    let s = 0n;
    let s2 = 0n;
    for (let i = 0; i < this.outcomes.length; i++) {
      const x = BigInt(this.outcomes[i]);
      s += x * this.weights[i];
      s2 += x * x * this.weights[i];
    }
    // Var = E[X^2] - E[X]^2 = (s2 T - s^2) / T^2
    return new Fraction(s2 * this.total - s * s, this.total * this.total);
  }

  /** True when both give every outcome the same probability. */
  equals(o: Dist): boolean {
    if (this.outcomes.length !== o.outcomes.length) return false;
    for (let i = 0; i < this.outcomes.length; i++) {
      if (this.outcomes[i] !== o.outcomes[i]) return false;
      if (this.weights[i] * o.total !== o.weights[i] * this.total) return false;
    }
    return true;
  }

  /** [outcome, probability] rows for tables and charts. */
  table(): Array<{ outcome: number; p: Fraction }> {
    return this.outcomes.map((o, i) => ({ outcome: o, p: new Fraction(this.weights[i], this.total) }));
  }

  toString(): string {
    return this.table()
      .map((r) => `${r.outcome}: ${r.p}`)
      .join(', ');
  }

  /** Mixture: pick one of several distributions with given (integer) weights. */
  static mixture(parts: ReadonlyArray<readonly [Dist, bigint | number]>): Dist {
    // Bring every part to a common denominator so the mixture weights are exact.
    let lcm = 1n;
    for (const [d] of parts) lcm = (lcm * d.total) / gcd(lcm, d.total);
    const pairs: Array<[number, bigint]> = [];
    for (const [d, w] of parts) {
      const scale = (lcm / d.total) * BigInt(w);
      d.outcomes.forEach((o, i) => pairs.push([o, d.weights[i] * scale]));
    }
    return Dist.fromPairs(pairs);
  }

  /** Mixture with exact probabilities (they must sum to 1). */
  static mixtureOf(parts: ReadonlyArray<readonly [Dist, Fraction]>): Dist {
    let lcm = 1n;
    for (const [, p] of parts) lcm = (lcm * p.den) / gcd(lcm, p.den);
    let sum = 0n;
    const weighted = parts.map(([d, p]) => {
      const w = (p.num * lcm) / p.den;
      sum += w;
      return [d, w] as const;
    });
    if (sum !== lcm) throw new Error('Dist.mixtureOf: probabilities must sum to 1');
    return Dist.mixture(weighted.filter(([, w]) => w > 0n));
  }

  private static fromDenseRaw(lo: number, weights: bigint[]): Dist {
    const o: number[] = [];
    const w: bigint[] = [];
    for (let i = 0; i < weights.length; i++) {
      if (weights[i] !== 0n) {
        o.push(lo + i);
        w.push(weights[i]);
      }
    }
    return new Dist(o, w);
  }

  private dropZeros(): Dist {
    if (this.weights.every((w) => w > 0n)) return this;
    const pairs = this.outcomes.map((o, i) => [o, this.weights[i]] as const);
    return Dist.fromPairs(pairs);
  }
}

function checkCount(what: string, n: number, min: number): void {
  if (!Number.isInteger(n) || n < min) throw new Error(`${what}: count must be an integer >= ${min}, got ${n}`);
}

function allIntegers(d: Dist): boolean {
  return Number.isInteger(d.min) && Number.isInteger(d.max) && d.outcomes.every(Number.isInteger);
}

function indexOf(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = sorted[mid];
    if (x === v) return mid;
    if (x < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function reduceWeights(w: bigint[]): bigint[] {
  let g = 0n;
  for (const x of w) {
    g = gcd(x, g);
    if (g === 1n) return w;
  }
  return g > 1n ? w.map((x) => x / g) : w;
}

/**
 * Sum of the k highest (or lowest) of n iid dice, by dynamic programming over the faces in
 * keep order: choosing c dice showing face v has multinomial weight C(rest, c) w(v)^c; the
 * first k dice in keep order are kept. State: (dice placed, sum kept) -> weight.
 */
function keepSum(die: Dist, n: number, k: number, highest: boolean): Dist {
  checkCount('keep', n, 0);
  if (!Number.isInteger(k) || k < 0 || k > n) throw new Error(`keep: need 0 <= k <= n, got k=${k}, n=${n}`);
  const faces = die.outcomes.map((o, i) => [o, die.weights[i]] as const);
  if (highest) faces.reverse();
  const binom = binomials(n);
  // state: placed -> Map(sum -> weight)
  let states: Array<Map<number, bigint>> = Array.from({ length: n + 1 }, () => new Map());
  states[0].set(0, 1n);
  for (let f = 0; f < faces.length; f++) {
    const [v, w] = faces[f];
    const last = f === faces.length - 1;
    const next: Array<Map<number, bigint>> = Array.from({ length: n + 1 }, () => new Map());
    for (let placed = 0; placed <= n; placed++) {
      const m = states[placed];
      if (m.size === 0) continue;
      const rest = n - placed;
      for (let c = last ? rest : 0; c <= rest; c++) {
        const coef = binom[rest][c] * w ** BigInt(c);
        const kept = Math.max(0, Math.min(c, k - placed));
        const add = kept * v;
        const target = next[placed + c];
        for (const [s, ws] of m) target.set(s + add, (target.get(s + add) ?? 0n) + ws * coef);
      }
    }
    states = next;
  }
  return Dist.fromPairs(states[n]);
}

const binomCache: bigint[][] = [[1n]];
/** Pascal's triangle rows 0..n as BigInt. */
export function binomials(n: number): bigint[][] {
  while (binomCache.length <= n) {
    const prev = binomCache[binomCache.length - 1];
    const row = [1n];
    for (let i = 1; i < prev.length; i++) row.push(prev[i - 1] + prev[i]);
    row.push(1n);
    binomCache.push(row);
  }
  return binomCache;
}

/** 2d6 summed, the hex games' workhorse. */
export const TWO_D6 = Dist.die(6).repeatSum(2);
