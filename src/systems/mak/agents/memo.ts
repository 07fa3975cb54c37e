/**
 * Plans already made (planner.ts destination() and shelter()), by everything a plan depends on, shared by every
 * game of one compiled scenario and planner style. The scripted agents play so alike from game to
 * game that most positions recur: on forest-ridge, 2,000 games of assault vs firebase make about
 * 62,000 plans over fewer than 2,000 distinct keys. A key is the position's id (intern(): every
 * unit, weapon and marker, the part every unit planned in a decision shares) and the unit's own
 * few numbers. A plan read back is the plan computed afresh (positions and keys are compared in
 * full, not by a hash, and an id is never given to two positions), so results are bit-identical.
 * Bounded: each table is emptied when it reaches MAX_ENTRIES. Allocation: one array per new plan
 * and per new position.
 */

/** Entries kept before a table is emptied (a position is a few hundred bytes: a few MB at most). */
const MAX_ENTRIES = 16_384;

/** FNV-1a of key[0..len), folded to a small integer (the map's fastest key). */
function hashOf(key: Int32Array, len: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < len; i++) h = Math.imul(h ^ key[i], 0x01000193);
  return (h ^ (h >>> 15)) & 0x3fffffff;
}

export class PlanMemo {
  /** Tests: a plan found is computed afresh all the same, and verify() throws when they differ. */
  static check = false;

  private readonly table = new Map<number, Int32Array>();
  /** The key last asked by find(), and its length and hash (for store() on a miss). */
  private key: Int32Array = new Int32Array(0);
  private len = 0;
  private hash = 0;
  /** Positions by hash: [id, position...]; ids count up and are never given again (no reset before 2^31). */
  private readonly positions = new Map<number, Int32Array>();
  private nextId = 0;

  /**
   * The id of the position key[0..len): the id it was given before if it is still kept, else a new
   * one (an id forgotten with its position is never reused, so keys made with it cannot match
   * another position).
   */
  intern(key: Int32Array, len: number): number {
    const h = hashOf(key, len);
    const e = this.positions.get(h);
    if (e !== undefined && e.length === len + 1) {
      let i = 0;
      while (i < len && e[1 + i] === key[i]) i++;
      if (i === len) return e[0];
    }
    if (this.nextId === 0x7fffffff) {
      // Never in practice (2^31 positions); the keys of all the old ids go with them.
      this.table.clear();
      this.positions.clear();
      this.nextId = 0;
    }
    const id = this.nextId++;
    const p = new Int32Array(len + 1);
    p[0] = id;
    for (let i = 0; i < len; i++) p[1 + i] = key[i];
    if (this.positions.size >= MAX_ENTRIES) this.positions.clear();
    this.positions.set(h, p);
    return id;
  }

  /**
   * The stored entry of key[0..len) ([dest, path length, path (dest first, back to the start)...,
   * key...]), or undefined.
   */
  find(key: Int32Array, len: number): Int32Array | undefined {
    const h = hashOf(key, len);
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
