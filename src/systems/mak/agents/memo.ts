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
  /** The key being built (plan(): write it with push(), then find() or store()). */
  private key: Int32Array = new Int32Array(256);
  private len = 0;
  private hash = 0;

  /** Starts a key. */
  begin(): void {
    this.len = 0;
    this.hash = 0x811c9dc5;
  }

  push(x: number): void {
    if (this.len === this.key.length) {
      const k = new Int32Array(this.key.length * 2);
      k.set(this.key);
      this.key = k;
    }
    this.key[this.len++] = x;
    let h = Math.imul(this.hash ^ x, 0x01000193);
    h ^= h >>> 15;
    this.hash = h;
  }

  /**
   * The stored entry of the key built ([dest, path length, path (dest first, back to the start)...,
   * key...]), or undefined.
   */
  find(): Int32Array | undefined {
    const e = this.table.get(this.hash);
    if (e === undefined) return undefined;
    const off = 2 + e[1];
    if (e.length - off !== this.len) return undefined;
    const key = this.key;
    for (let i = 0; i < this.len; i++) if (e[off + i] !== key[i]) return undefined;
    return e;
  }

  /** Throws unless `entry` (found) holds dest and its path as store() would write them. */
  verify(entry: Int32Array, dest: number, prev: Int32Array, base: number, n: number): void {
    let steps = 0;
    if (dest >= 0) for (let x = dest; x >= 0 && steps < n; x = prev[base + x]) if (entry[2 + steps++] !== x) steps = n + 1;
    if (entry[0] !== dest || entry[1] !== steps) throw new Error(`PlanMemo: the plan read back (hex ${entry[0]}, ${entry[1]} steps) is not the plan computed (hex ${dest})`);
  }

  /** Stores dest and its path (prev[base + x], from dest back to a hex whose prev is negative) under the key built. */
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
