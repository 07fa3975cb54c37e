/**
 * Plans already made (planner.ts destination()), by everything a plan depends on, shared by every
 * game of one compiled scenario and planner style. The scripted agents play so alike from game to
 * game that most positions recur: on forest-ridge, 2,000 games of assault vs firebase make about
 * 62,000 plans over fewer than 2,000 distinct keys. A plan read back is the plan computed afresh
 * (the key holds every input, compared in full, not a hash of it), so results are bit-identical.
 * Bounded: the table is emptied when it reaches MAX_ENTRIES. Allocation: one array per new plan.
 */

/** Entries kept before the table is emptied (a key is a few hundred bytes: a few MB at most). */
const MAX_ENTRIES = 16_384;

export class PlanMemo {
  /** Tests: a plan found is computed afresh all the same, and verify() throws when they differ. */
  static check = false;

  private readonly table = new Map<number, Int32Array>();
  /** The key being asked: written by the caller into key[0..len), then find(len), then store() on a miss. */
  readonly key: Int32Array;
  private len = 0;
  private hash = 0;

  /** A memo whose keys are at most maxLen numbers long. */
  constructor(maxLen: number) {
    this.key = new Int32Array(maxLen);
  }

  /**
   * The stored entry of key[0..len) ([dest, path length, path (dest first, back to the start)...,
   * key...]), or undefined.
   */
  find(len: number): Int32Array | undefined {
    const key = this.key;
    let h = 0x811c9dc5;
    for (let i = 0; i < len; i++) h = Math.imul(h ^ key[i], 0x01000193);
    h = (h ^ (h >>> 15)) & 0x3fffffff; // a small integer: the map's fastest key
    this.len = len;
    this.hash = h;
    const e = this.table.get(h);
    if (e === undefined) return undefined;
    const off = 2 + e[1];
    if (e.length - off !== len) return undefined;
    for (let i = 0; i < len; i++) if (e[off + i] !== key[i]) return undefined;
    return e;
  }

  /** Throws unless `entry` (found) holds dest and its path as store() would write them. */
  verify(entry: Int32Array, dest: number, prev: Int32Array, base: number, n: number): void {
    let steps = 0;
    if (dest >= 0) for (let x = dest; x >= 0 && steps < n; x = prev[base + x]) if (entry[2 + steps++] !== x) steps = n + 1;
    if (entry[0] !== dest || entry[1] !== steps) throw new Error(`PlanMemo: the plan read back (hex ${entry[0]}, ${entry[1]} steps) is not the plan computed (hex ${dest})`);
  }

  /** Stores dest and its path (prev[base + x], from dest back to a hex whose prev is negative) under the key last found missing. */
  store(dest: number, prev: Int32Array, base: number, n: number): void {
    let steps = 0;
    if (dest >= 0) for (let x = dest; x >= 0 && steps < n; x = prev[base + x]) steps++;
    const e = new Int32Array(2 + steps + this.len);
    e[0] = dest;
    e[1] = steps;
    for (let x = dest, i = 0; i < steps; x = prev[base + x], i++) e[2 + i] = x;
    e.set(this.key.subarray(0, this.len), 2 + steps);
    if (this.table.size >= MAX_ENTRIES) this.table.clear();
    this.table.set(this.hash, e);
  }
}
