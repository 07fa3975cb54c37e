/**
 * Hex-side features (ridges, walls, rivers along sides...) of a HexGrid, stored per (index, dir)
 * and kept symmetric: setting the side between a and its neighbour sets it from both hexes.
 * Values are small non-negative integers chosen by the system (0 = no feature).
 */
import type { HexGrid } from './grid.ts';
import { DIR_DQ, DIR_DR, directionOf } from './directions.ts';

export class HexsideFeatures {
  readonly v: Uint8Array;

  constructor(readonly grid: HexGrid) {
    this.v = new Uint8Array(grid.n * 6);
  }

  /** Sets the feature of the side between two ADJACENT hexes (indices); throws when they are not adjacent. */
  set(a: number, b: number, feature: number): void {
    const d = directionOf(this.grid.q[b] - this.grid.q[a], this.grid.r[b] - this.grid.r[a]);
    if (d < 0) throw new Error(`hexside: ${this.grid.id(a)} and ${this.grid.id(b)} are not adjacent`);
    this.v[a * 6 + d] = feature;
    this.v[b * 6 + ((d + 3) % 6)] = feature;
  }

  /** Feature of the side of hex index i in direction d (0 = none). */
  at(i: number, d: number): number {
    return this.v[i * 6 + d];
  }

  /** Feature of the side of axial (q, r) in direction d; 0 off the map (both hexes off the map). */
  atAxial(q: number, r: number, d: number): number {
    const i = this.grid.fromAxial(q, r);
    if (i >= 0) return this.v[i * 6 + d];
    const j = this.grid.fromAxial(q + DIR_DQ[d], r + DIR_DR[d]);
    return j >= 0 ? this.v[j * 6 + ((d + 3) % 6)] : 0;
  }

  /** Feature crossed moving from hex i to its neighbour j (0 when none or not adjacent). */
  between(i: number, j: number): number {
    const d = directionOf(this.grid.q[j] - this.grid.q[i], this.grid.r[j] - this.grid.r[i]);
    return d < 0 ? 0 : this.v[i * 6 + d];
  }
}
