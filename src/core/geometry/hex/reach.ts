/**
 * Cost-bounded reach search on a HexGrid (Dijkstra with small integer step costs), for every hex
 * system's movement and agents: all hexes reachable from a start within a budget, with the
 * cheapest cost and the predecessor of each, so a path can be walked back. Buffers are allocated
 * once per searcher and reused: a search allocates nothing.
 *
 * The step cost is given by the caller per (from, dir, to): a non-negative integer, or -1 when the
 * step is prohibited. Costs are typically movement points doubled (half-point roads).
 */
import type { HexGrid } from './grid.ts';

export type StepCost = (from: number, dir: number, to: number) => number;

export class ReachSearch {
  /** Cheapest cost per hex index, -1 when unreachable (valid after `run`). */
  readonly cost: Int32Array;
  /** Predecessor per hex index (-1 for the start and unreachable hexes). */
  readonly prev: Int32Array;
  /** Reached hex indices in order of settling; `count` of them are valid. */
  readonly order: Int32Array;
  count = 0;
  private readonly heap: Int32Array;
  /** Cost each heap entry was pushed with (entries are never re-keyed; stale ones are skipped). */
  private readonly key: Int32Array;
  private readonly done: Uint8Array;

  constructor(readonly grid: HexGrid) {
    this.cost = new Int32Array(grid.n);
    this.prev = new Int32Array(grid.n);
    this.order = new Int32Array(grid.n);
    this.heap = new Int32Array(grid.n * 6 + 1);
    this.key = new Int32Array(grid.n * 6 + 1);
    this.done = new Uint8Array(grid.n);
  }

  /** Settles every hex reachable from `start` within `budget`; returns the number reached (start included). */
  run(start: number, budget: number, step: StepCost): number {
    const { cost, prev, heap, key, done, grid } = this;
    cost.fill(-1);
    prev.fill(-1);
    done.fill(0);
    this.count = 0;
    let size = 0;
    cost[start] = 0;
    key[0] = 0;
    heap[size++] = start;
    while (size > 0) {
      // Pop the cheapest (binary heap keyed on cost[]; stale entries skipped).
      const top = heap[0];
      const last = heap[--size];
      const lastK = key[size];
      if (size > 0) {
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= size) break;
          const rr = l + 1;
          const c = rr < size && key[rr] < key[l] ? rr : l;
          if (key[c] >= lastK) break;
          heap[i] = heap[c];
          key[i] = key[c];
          i = c;
        }
        heap[i] = last;
        key[i] = lastK;
      }
      if (done[top]) continue;
      done[top] = 1;
      this.order[this.count++] = top;
      const base = cost[top];
      for (let d = 0; d < 6; d++) {
        const nb = grid.nbr[top * 6 + d];
        if (nb < 0 || done[nb]) continue;
        const c = step(top, d, nb);
        if (c < 0) continue;
        const nc = base + c;
        if (nc > budget) continue;
        if (cost[nb] >= 0 && cost[nb] <= nc) continue;
        cost[nb] = nc;
        prev[nb] = top;
        // Push.
        let i = size++;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (key[p] <= nc) break;
          heap[i] = heap[p];
          key[i] = key[p];
          i = p;
        }
        heap[i] = nb;
        key[i] = nc;
      }
    }
    return this.count;
  }

  /** The path start..target (indices) found by the last run, or [] when unreachable. Allocates. */
  path(target: number): number[] {
    if (this.cost[target] < 0) return [];
    const out: number[] = [];
    for (let h = target; h >= 0; h = this.prev[h]) out.push(h);
    return out.reverse();
  }
}
