/**
 * NTBEA, the N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu & Perez-Liebana 2018, "The N-Tuple
 * Bandit Evolutionary Algorithm for Game Agent Optimisation"; TAG's ParameterSearch): optimisation
 * of a noisy, expensive function over a discrete space.
 *
 * The landscape model keeps, for every 1-tuple and 2-tuple of dimensions and for the whole point,
 * the count and sum of the values seen at each combination of their values. A point's estimate is
 * the mean, over those tuples, of the mean value of its combination; its UCB adds to each term
 * k·sqrt(ln(1 + N) / (n + ε)) (N evaluations in all, n at that combination). Each step evaluates the
 * current point, then moves to the best, by UCB, of `neighbours` mutations of it (one dimension
 * always changed, each other with probability 1/d). The recommendation is the evaluated point with
 * the best estimate (no exploration term). Everything random comes from the given stream, so a
 * search is a pure function of its seed and of the values it is given.
 */
import type { Rng } from '../core/rng/rng.ts';

export interface NtbeaOptions {
  /** Evaluations in all (the budget). */
  readonly evaluations: number;
  /** Mutated neighbours scored by the model at each step. */
  readonly neighbours?: number;
  /** Exploration constant on the value's scale (values in [0, 1]: 0.5 is a fair default). */
  readonly k?: number;
  /** Starting point (value index per dimension); random when absent. */
  readonly start?: readonly number[];
}

export interface NtbeaStep {
  readonly point: readonly number[];
  readonly value: number;
}

export interface NtbeaResult {
  readonly best: readonly number[];
  /** The model's estimate of the best point (mean over its tuples). */
  readonly estimate: number;
  readonly steps: readonly NtbeaStep[];
  readonly model: NTupleModel;
}

const EPS = 1e-6;

export class NTupleModel {
  /** Dimension indices of each tuple. */
  readonly tuples: number[][] = [];
  private readonly stats: Array<Map<string, { n: number; sum: number }>> = [];
  total = 0;

  constructor(readonly sizes: readonly number[]) {
    const d = sizes.length;
    for (let i = 0; i < d; i++) this.tuples.push([i]);
    for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) this.tuples.push([i, j]);
    if (d > 2) this.tuples.push(sizes.map((_, i) => i));
    for (let t = 0; t < this.tuples.length; t++) this.stats.push(new Map());
  }

  private key(t: number, point: readonly number[]): string {
    return this.tuples[t].map((i) => point[i]).join(',');
  }

  add(point: readonly number[], value: number): void {
    this.total++;
    for (let t = 0; t < this.tuples.length; t++) {
      const k = this.key(t, point);
      const s = this.stats[t].get(k);
      if (s) {
        s.n++;
        s.sum += value;
      } else this.stats[t].set(k, { n: 1, sum: value });
    }
  }

  /** Mean of the tuple means seen at this point's combinations (tuples never seen are left out); NaN when none is seen. */
  estimate(point: readonly number[]): number {
    let sum = 0;
    let m = 0;
    for (let t = 0; t < this.tuples.length; t++) {
      const s = this.stats[t].get(this.key(t, point));
      if (s) {
        sum += s.sum / s.n;
        m++;
      }
    }
    return m > 0 ? sum / m : NaN;
  }

  /** The UCB of a point: every tuple's mean (0 unseen) plus its exploration term, averaged. */
  ucb(point: readonly number[], k: number): number {
    let sum = 0;
    const logN = Math.log(1 + this.total);
    for (let t = 0; t < this.tuples.length; t++) {
      const s = this.stats[t].get(this.key(t, point));
      const n = s?.n ?? 0;
      sum += (s ? s.sum / n : 0) + k * Math.sqrt(logN / (n + EPS));
    }
    return sum / this.tuples.length;
  }

  /** Count and mean of one dimension at each of its values (the 1-tuples: the landscape a report draws). */
  marginal(dim: number): Array<{ n: number; mean: number }> {
    return Array.from({ length: this.sizes[dim] }, (_, v) => {
      const s = this.stats[dim].get(String(v));
      return { n: s?.n ?? 0, mean: s ? s.sum / s.n : NaN };
    });
  }
}

function mutate(point: readonly number[], sizes: readonly number[], rng: Rng): number[] {
  const d = sizes.length;
  const out = point.slice();
  const free = sizes.map((s, i) => (s > 1 ? i : -1)).filter((i) => i >= 0);
  if (free.length === 0) return out;
  const forced = free[rng.int(free.length)];
  for (const i of free) {
    if (i !== forced && rng.float() >= 1 / d) continue;
    // A different value of dimension i, uniformly.
    const v = rng.int(sizes[i] - 1);
    out[i] = v >= point[i] ? v + 1 : v;
  }
  return out;
}

/**
 * Runs NTBEA over a space of `sizes[i]` values per dimension. `evaluate` gets a point (value index
 * per dimension) and its step number and returns its (noisy) value; it is awaited one step at a
 * time, so a step may play its games on a worker pool.
 */
export async function ntbea(sizes: readonly number[], evaluate: (point: readonly number[], step: number) => Promise<number> | number, opts: NtbeaOptions, rng: Rng): Promise<NtbeaResult> {
  const model = new NTupleModel(sizes);
  const k = opts.k ?? 0.5;
  const neighbours = opts.neighbours ?? 50;
  const steps: NtbeaStep[] = [];
  let current = opts.start ? opts.start.slice() : sizes.map((s) => rng.int(s));
  for (let step = 0; step < opts.evaluations; step++) {
    const value = await evaluate(current, step);
    model.add(current, value);
    steps.push({ point: current.slice(), value });
    if (step === opts.evaluations - 1) break;
    let best: number[] | null = null;
    let bestU = -Infinity;
    for (let j = 0; j < neighbours; j++) {
      const cand = mutate(current, sizes, rng);
      const u = model.ucb(cand, k);
      if (u > bestU) {
        bestU = u;
        best = cand;
      }
    }
    current = best ?? current;
  }
  // The recommendation: the evaluated point the model rates best (first such in evaluation order).
  let best = steps[0]?.point ?? current;
  let bestE = -Infinity;
  const seen = new Set<string>();
  for (const s of steps) {
    const key = s.point.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const e = model.estimate(s.point);
    if (e > bestE) {
      bestE = e;
      best = s.point;
    }
  }
  return { best, estimate: bestE, steps, model };
}
