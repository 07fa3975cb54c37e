/**
 * A rectangular hex map (columns 1..cols, rows 1..rows, flat-topped, with a column parity) with
 * packed integer indices for hot loops: index = (col - 1) * rows + (row - 1).
 *
 * Everything the game loop needs is precomputed once per compiled scenario: axial coordinates,
 * the neighbour table (-1 off the map), and, lazily, line-of-sight and crossed-hex tables.
 */
import { axialDistance, axialToRow, formatHexId, offsetToR, parseHexId, type Parity } from './coords.ts';
import { DIR_DQ, DIR_DR } from './directions.ts';
import { compassCode } from './angle.ts';
import { lineOfSight, hexesCrossed, type LosResult } from './los.ts';

export class HexGrid {
  readonly n: number;
  /** Axial coordinates per index. */
  readonly q: Int32Array;
  readonly r: Int32Array;
  /** Neighbour index per (index * 6 + direction), -1 off the map. */
  readonly nbr: Int32Array;

  constructor(
    readonly cols: number,
    readonly rows: number,
    readonly parity: Parity,
  ) {
    if (!(Number.isInteger(cols) && Number.isInteger(rows) && cols >= 1 && rows >= 1)) {
      throw new Error(`HexGrid: cols and rows must be positive integers (got ${cols} x ${rows})`);
    }
    this.n = cols * rows;
    this.q = new Int32Array(this.n);
    this.r = new Int32Array(this.n);
    this.nbr = new Int32Array(this.n * 6);
    for (let c = 1; c <= cols; c++) {
      for (let w = 1; w <= rows; w++) {
        const i = (c - 1) * rows + (w - 1);
        this.q[i] = c;
        this.r[i] = offsetToR(c, w, parity);
      }
    }
    for (let i = 0; i < this.n; i++) {
      for (let d = 0; d < 6; d++) this.nbr[i * 6 + d] = this.fromAxial(this.q[i] + DIR_DQ[d], this.r[i] + DIR_DR[d]);
    }
  }

  /** Index of (col, row), or -1 off the map. */
  index(col: number, row: number): number {
    if (col < 1 || col > this.cols || row < 1 || row > this.rows) return -1;
    return (col - 1) * this.rows + (row - 1);
  }

  /** Index of axial (q, r), or -1 off the map. */
  fromAxial(q: number, r: number): number {
    return this.index(q, axialToRow(q, r, this.parity));
  }

  col(i: number): number {
    return Math.floor(i / this.rows) + 1;
  }

  row(i: number): number {
    return (i % this.rows) + 1;
  }

  /** 'CCRR' id of an index. */
  id(i: number): string {
    return formatHexId(this.col(i), this.row(i));
  }

  /** Index of a hex id, or -1 when the id is well-formed but off the map (throws on a malformed id). */
  indexOfId(id: string): number {
    const { col, row } = parseHexId(id);
    return this.index(col, row);
  }

  neighbour(i: number, dir: number): number {
    return this.nbr[i * 6 + dir];
  }

  distance(i: number, j: number): number {
    return axialDistance(this.q[i], this.r[i], this.q[j], this.r[j]);
  }

  /** Compass code (see angle.ts) of hex j seen from hex i; -1 when i === j. */
  compassCode(i: number, j: number): number {
    return compassCode(this.q[j] - this.q[i], this.r[j] - this.r[i]);
  }

  /** Every index within `radius` of `centre` (the centre included), ascending. */
  within(centre: number, radius: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) if (this.distance(centre, i) <= radius) out.push(i);
    return out;
  }

  /** LOS between two indices with an obstruction predicate over indices (off-map never obstructs). */
  lineOfSight(i: number, j: number, blocks: (index: number) => boolean): LosResult {
    return lineOfSight(this.q[i], this.r[i], this.q[j], this.r[j], (q, r) => {
      const k = this.fromAxial(q, r);
      return k >= 0 && blocks(k);
    });
  }

  /** Indices (on the map) whose open interior the line i -> j crosses, in order. */
  crossed(i: number, j: number): number[] {
    const out: number[] = [];
    for (const [q, r] of hexesCrossed(this.q[i], this.r[i], this.q[j], this.r[j])) {
      const k = this.fromAxial(q, r);
      if (k >= 0) out.push(k);
    }
    return out;
  }
}

/**
 * Static line-of-sight table of a map: obstruction is a per-hex mask fixed for the scenario
 * (terrain). Pairs are computed on first use into a Uint8Array (0 unknown, 1 clear, 2 blocked)
 * and kept, so a game loop never recomputes geometry. LOS is symmetric, so both orders are filled.
 */
export class LosTable {
  private readonly cache: Uint8Array;
  private readonly crossedCache = new Map<number, Int32Array>();

  constructor(
    readonly grid: HexGrid,
    /** 1 where the hex obstructs. */
    readonly obstructs: Uint8Array,
  ) {
    this.cache = new Uint8Array(grid.n * grid.n);
  }

  clear(i: number, j: number): boolean {
    const v = this.cache[i * this.grid.n + j];
    return v === 0 ? this.compute(i, j) : v === 1;
  }

  // The closure lives here, not in clear(): a cache hit then allocates nothing.
  private compute(i: number, j: number): boolean {
    const clear = this.grid.lineOfSight(i, j, (h) => this.obstructs[h] === 1).clear;
    const v = clear ? 1 : 2;
    this.cache[i * this.grid.n + j] = v;
    this.cache[j * this.grid.n + i] = v;
    return clear;
  }

  /** Same as `clear`, with extra obstructing hexes (e.g. smoke); not cached. */
  clearWith(i: number, j: number, extra: (index: number) => boolean): boolean {
    return this.grid.lineOfSight(i, j, (h) => this.obstructs[h] === 1 || extra(h)).clear;
  }

  /** Hexes whose open interior the line i -> j crosses (cached; do not mutate the result). */
  crossed(i: number, j: number): Int32Array {
    const k = i * this.grid.n + j;
    let v = this.crossedCache.get(k);
    if (!v) {
      v = Int32Array.from(this.grid.crossed(i, j));
      this.crossedCache.set(k, v);
    }
    return v;
  }
}
