/**
 * Plans already made (planner.ts destination() and shelter()), by everything a plan depends on, shared by every
 * game of one compiled scenario and planner style. The scripted agents play so alike from game to
 * game that most positions recur: on forest-ridge, 2,000 games of assault vs firebase make about
 * 62,000 plans over fewer than 2,000 distinct keys. A plan read back is the plan computed afresh
 * (the key holds every input, compared in full, not a hash of it), so results are bit-identical.
 * Bounded: the table is emptied when it reaches MAX_ENTRIES. Allocation: one array per new plan.
 */

/** Entries kept before the table is emptied (a key is a few hundred bytes: a few MB at most). */
const MAX_ENTRIES = 16_384;

/** FNV-1a's starting state. */
const FNV0 = 0x811c9dc5;

export class PlanMemo {
  /** Tests: a plan found is computed afresh all the same, and verify() throws when they differ. */
  static check = false;

  private readonly table = new Map<number, Int32Array>();
  /** The key last asked by find(), and its length and hash (for store() on a miss). */
  private key: Int32Array = new Int32Array(0);
  private len = 0;
  private hash = 0;

  /**
   * The hash state after key[0..len): a prefix shared by several keys (the position, asked for
   * every unit of a decision) is hashed once, and find() goes on from there.
   */
  static prefix(key: Int32Array, len: number): number {
    let h = FNV0;
    for (let i = 0; i < len; i++) h = Math.imul(h ^ key[i], 0x01000193);
    return h;
  }

  /**
   * The stored entry of key[0..len) ([dest, path length, path (dest first, back to the start)...,
   * key...]), or undefined. `from` and `h`: key[0..from) is hashed already into h (prefix()).
   */
  find(key: Int32Array, len: number, from = 0, h = FNV0): Int32Array | undefined {
    for (let i = from; i < len; i++) h = Math.imul(h ^ key[i], 0x01000193);
    h = (h ^ (h >>> 15)) & 0x3fffffff; // a small integer: the map's fastest key
    this.key = key;
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
    for (let i = 0, key = this.key; i < this.len; i++) e[2 + steps + i] = key[i];
    if (this.table.size >= MAX_ENTRIES) this.table.clear();
    this.table.set(this.hash, e);
  }
}
