/**
 * `reach` of spec §7.3 without allocation: every (hex, facing) a tank can stop on with its MP, found
 * by a bucketed Dijkstra over (hex, facing, free 60-degree turn available) with the engine's own
 * step costs (rules/board.ts), so the agents never plan a move the engine would price differently.
 * The results (end states, their costs and first steps, ties included) are exactly those of the
 * original straightforward search, which test/systems/panzervor/agent-search.test.ts keeps as the
 * oracle. What makes it cheap:
 *
 *  - One search with budget B answers every budget m <= B: the buckets are processed in order of
 *    MP spent, so the states costing at most m are settled by exactly the relaxations a search with
 *    budget m would make, in the same order. The agents run one search per tank and board (with
 *    the largest MP a card in hand gives) and read the end states of every card from it.
 *  - A result depends on the contents of a few hexes only (ReachSet.deps); when tanks move or die
 *    elsewhere it is carried over to the new board.
 *  - A move in progress needs only the first step toward its planned end: firstStep() stops as soon
 *    as that end is settled and skips collecting the end states.
 *  - Relaxations that cannot change anything are skipped wholesale (turns from a hex whose turns
 *    were already relaxed, steps too dear even on an empty board), step costs come from a static
 *    table except into hexes holding a tank or a wreck.
 *
 * Buffers are typed arrays owned by the searcher (one per compiled game and side); results go into
 * ReachSet objects that are reused too.
 */
import { opposite, rotate } from '../../../core/geometry/hex/index.ts';
import { STEP_FORWARD, STEP_REVERSE, TURN_KS, turnCode } from '../actions.ts';
import { stepCost, turnCost, type Board } from '../rules/board.ts';
import type { PvObservation } from '../observe.ts';
import type { PvStatic } from '../model.ts';

/** Per compiled game: step destinations and the step costs of an empty board. */
interface SearchStatic {
  /** Destination hex of a step, index (hf * 2 + reverse), -1 off the map. */
  readonly stepDest: Int32Array;
  /** Cost of that step when the destination holds no tank and no wreck (-1 = illegal). */
  readonly stepBase: Int16Array;
  /** Turn cost, index free * 5 + i (TURN_KS[i]). */
  readonly turnCost: Int16Array;
  /** Facing after turn i from facing f, index f * 5 + i. */
  readonly turnTo: Uint8Array;
  /** STEP_* payload of turn i. */
  readonly turnStep: Int16Array;
  /** Hex of a state index hf = hex * 6 + facing. */
  readonly hexOf: Int32Array;
  /**
   * Skipping provably useless turns (see dijkstra): every turn in place costs the same (skipNf), and
   * the free state's other turns cost no less than that (skipFreeOthers, turn indices 0, 3, 4).
   */
  readonly skipNf: boolean;
  readonly skipFreeOthers: boolean;
}

const statics = new WeakMap<PvStatic, SearchStatic>();

function searchStatic(G: PvStatic): SearchStatic {
  let s = statics.get(G);
  if (s) return s;
  const n = G.grid.n;
  const zerosT = new Array<number>(G.nT).fill(0);
  const empty: Board = { hex: new Array<number>(G.nT).fill(-1), alive: zerosT, wreck: zerosT, occ: new Int16Array(n), wrecks: new Uint8Array(n) };
  const stepDest = new Int32Array(n * 12);
  const stepBase = new Int16Array(n * 12);
  for (let h = 0; h < n; h++) {
    for (let f = 0; f < 6; f++) {
      for (let r = 0; r < 2; r++) {
        const i = (h * 6 + f) * 2 + r;
        stepDest[i] = G.grid.nbr[h * 6 + (r === 1 ? opposite(f) : f)];
        stepBase[i] = stepCost(G, empty, 0, h, f, r === 1);
      }
    }
  }
  const tc = new Int16Array(10);
  const turnTo = new Uint8Array(30);
  const turnStep = new Int16Array(5);
  for (let i = 0; i < 5; i++) {
    tc[i] = turnCost(G, false, TURN_KS[i]);
    tc[5 + i] = turnCost(G, true, TURN_KS[i]);
    turnStep[i] = turnCode(TURN_KS[i]);
    for (let f = 0; f < 6; f++) turnTo[f * 5 + i] = rotate(f, TURN_KS[i]);
  }
  const hexOf = new Int32Array(n * 6);
  for (let i = 0; i < n * 6; i++) hexOf[i] = (i / 6) | 0;
  const skipNf = tc[0] === tc[1] && tc[0] === tc[2] && tc[0] === tc[3] && tc[0] === tc[4];
  const skipFreeOthers = skipNf && TURN_KS[1] === -1 && TURN_KS[2] === 1 && tc[5] >= tc[0] && tc[8] >= tc[0] && tc[9] >= tc[0];
  s = { stepDest, stepBase, turnCost: tc, turnTo, turnStep, hexOf, skipNf, skipFreeOthers };
  statics.set(G, s);
  return s;
}

/** End states of one search, sorted by hex * 6 + facing (the order the agents scan them in). */
export class ReachSet {
  /** hex * 6 + facing of each end state. */
  readonly hf: Int32Array;
  /** MP spent to get there (the cheaper of the two free-turn states; ties: no free turn). */
  readonly cost: Int16Array;
  /** First step's step code (Action step field), or -1 when the tank is already there. */
  readonly first: Int16Array;
  count = 0;
  // What the set was searched from; `board` is the board stamp it is valid for.
  tank = -1;
  hex = -1;
  facing = -1;
  free = false;
  budget = -1;
  board = -1;
  /**
   * 1 on every hex whose contents the result depends on: the start and every hex some step of the
   * search could afford to enter on an empty board (occupied or not, wrecked or not, now). A change
   * anywhere else leaves the result as it is.
   */
  readonly deps: Uint8Array;
  /** Those hexes, deps.fill(0) being too slow on large maps. */
  readonly depList: Int32Array;
  depCount = 0;
  constructor(n: number) {
    this.hf = new Int32Array(n * 6);
    this.cost = new Int16Array(n * 6);
    this.first = new Int16Array(n * 6);
    this.deps = new Uint8Array(n);
    this.depList = new Int32Array(n);
  }

  matches(t: number, hex: number, facing: number, free: boolean, mp: number, board: number): boolean {
    return this.board === board && this.tank === t && this.hex === hex && this.facing === facing && this.free === free && this.budget >= mp;
  }

  /** Index of the end state (hex, facing) within budget mp, or -1. */
  find(hex: number, facing: number, mp: number): number {
    const key = hex * 6 + facing;
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.hf[mid];
      if (v < key) lo = mid + 1;
      else if (v > key) hi = mid - 1;
      else return this.cost[mid] <= mp ? mid : -1;
    }
    return -1;
  }
}

export class Searcher {
  readonly n: number;
  private readonly st: SearchStatic;
  // The board of the current observation.
  private readonly occ: Int16Array;
  private readonly wrecks: Uint8Array;
  /** 1 where a step's cost depends on the board (a tank or a wreck there). */
  private readonly dirty: Uint8Array;
  private board: Board;
  /** Board stamp: unique across searchers, changes whenever positions, losses or wrecks change. */
  boardStamp = 0;
  private readonly boardSig: Int32Array;
  /** Hexes whose contents changed at the last setBoard. */
  private readonly changed: Int32Array;
  // Dijkstra buffers.
  private readonly best: Int16Array;
  private readonly firstBuf: Int16Array;
  private readonly touched: Int32Array;
  /** Bucket b (MP spent) holds state indices at flat[b * n * 12 ...]; a state enters a bucket at most once. */
  private flat = new Int32Array(0);
  private bucketLen = new Int32Array(16);
  /** Search number, and per hex the number of the search that expanded a non-free state there. */
  private gen = 0;
  private readonly nfGen: Int32Array;
  /** Step costs into hexes holding a tank or a wreck, index dest * 2 + reverse, for search number dynGen. */
  private readonly dynGen: Int32Array;
  private readonly dynVal: Int16Array;
  /** Hexes the last search depended on (see ReachSet.deps), for search number depGen. */
  private readonly depGen: Int32Array;
  private readonly depTmp: Int32Array;
  private nDeps = 0;
  /** Per tank: the search from where it stands (no free turn, budget = the largest card MP). */
  private readonly home: ReachSet[] = [];
  /** Per tank: the last other search (mid-move). */
  private readonly other: ReachSet[] = [];

  constructor(readonly G: PvStatic) {
    const n = G.grid.n;
    this.n = n;
    this.st = searchStatic(G);
    this.occ = new Int16Array(n);
    this.wrecks = new Uint8Array(n);
    this.dirty = new Uint8Array(n);
    this.board = { hex: [], alive: [], wreck: [], occ: this.occ, wrecks: this.wrecks };
    this.boardSig = new Int32Array(3 * G.nT).fill(-2);
    this.changed = new Int32Array(2 * G.nT);
    this.best = new Int16Array(n * 12).fill(-1);
    this.firstBuf = new Int16Array(n * 12);
    this.touched = new Int32Array(n * 12);
    this.nfGen = new Int32Array(n);
    this.dynGen = new Int32Array(n * 2);
    this.dynVal = new Int16Array(n * 2);
    this.depGen = new Int32Array(n);
    this.depTmp = new Int32Array(n);
    for (let t = 0; t < G.nT; t++) {
      this.home.push(new ReachSet(n));
      this.other.push(new ReachSet(n));
    }
  }

  /**
   * Takes the board of observation o; `force` renews the stamp (another agent used the searcher).
   * A search's result depends on the contents of a few hexes only (ReachSet.deps), so when the
   * board changes elsewhere it still holds and is carried over to the new stamp.
   */
  setBoard(o: PvObservation, force: boolean, stamp: () => number): void {
    const G = this.G;
    const sig = this.boardSig;
    const changed = this.changed;
    let nc = 0;
    for (let t = 0; t < G.nT; t++) {
      if (sig[3 * t] !== o.hex[t] || sig[3 * t + 1] !== o.alive[t] || sig[3 * t + 2] !== o.wreck[t]) {
        if (sig[3 * t] >= 0) changed[nc++] = sig[3 * t];
        if (o.hex[t] >= 0) changed[nc++] = o.hex[t];
        sig[3 * t] = o.hex[t];
        sig[3 * t + 1] = o.alive[t];
        sig[3 * t + 2] = o.wreck[t];
      }
    }
    this.board = { hex: o.hex, alive: o.alive, wreck: o.wreck, occ: this.occ, wrecks: this.wrecks };
    if (nc === 0 && !force) return;
    // Same index as boardIndex() in rules/board.ts.
    this.occ.fill(0);
    this.wrecks.fill(0);
    this.dirty.fill(0);
    for (let t = 0; t < G.nT; t++) {
      const h = o.hex[t];
      if (h < 0) continue;
      if (o.alive[t]) this.occ[h]++;
      else if (o.wreck[t]) this.wrecks[h] = 1;
      else continue;
      this.dirty[h] = 1;
    }
    const prev = this.boardStamp;
    this.boardStamp = stamp();
    if (force) return;
    for (let t = 0; t < G.nT; t++) {
      this.carry(this.home[t], prev, nc);
      this.carry(this.other[t], prev, nc);
    }
  }

  private carry(r: ReachSet, prev: number, nc: number): void {
    if (r.board !== prev) return;
    for (let i = 0; i < nc; i++) if (r.deps[this.changed[i]] === 1) return;
    r.board = this.boardStamp;
  }

  /** End states of tank t from (hex, facing) with mp MP (cached per board). */
  reach(t: number, hex: number, facing: number, mp: number, free: boolean): ReachSet {
    const home = this.home[t];
    if (home.matches(t, hex, facing, free, mp, this.boardStamp)) return home;
    const other = this.other[t];
    if (other.matches(t, hex, facing, free, mp, this.boardStamp)) return other;
    return this.run(other, t, hex, facing, mp, free);
  }

  /**
   * End states of tank t from where it stands, without a free turn (cached per board). The search
   * covers `bonus` MP more than the tank's Movement (the largest card bonus in hand), so that one
   * search serves every card.
   */
  reachHome(t: number, hex: number, facing: number, mp: number, bonus: number): ReachSet {
    const home = this.home[t];
    if (home.matches(t, hex, facing, false, mp, this.boardStamp)) return home;
    return this.run(home, t, hex, facing, Math.max(mp, this.G.tMove[t] + bonus), false);
  }

  /**
   * First step (step code (Action step field), -1 = already there) of the move of tank t from (hex, facing, free)
   * with mp MP to the end state (goalHex, goalFacing): the `first` of that end state in
   * reach(t, hex, facing, mp, free), or -2 when it is not among the end states. The search stops as
   * soon as the goal is settled (every state costing at most the MP spent so far is final once that
   * bucket is processed), and skips the collapse.
   */
  firstStep(t: number, hex: number, facing: number, mp: number, free: boolean, goalHex: number, goalFacing: number): number {
    const home = this.home[t];
    if (home.matches(t, hex, facing, free, mp, this.boardStamp)) return firstOf(home, goalHex, goalFacing, mp);
    const other = this.other[t];
    if (other.matches(t, hex, facing, free, mp, this.boardStamp)) return firstOf(other, goalHex, goalFacing, mp);
    const board = this.board;
    // otherTankAt(G, board, goalHex, t) >= 0: not an end state.
    if (this.occ[goalHex] - (board.alive[t] && board.hex[t] === goalHex ? 1 : 0) > 0) return -2;
    const g0 = (goalHex * 6 + goalFacing) * 2;
    const nt = this.dijkstra(t, hex, facing, mp, free, g0);
    const best = this.best;
    const b0 = best[g0];
    const b1 = best[g0 + 1];
    let res = -2;
    if (b0 >= 0 || b1 >= 0) res = this.firstBuf[b0 >= 0 && b1 <= b0 ? g0 : g0 + 1];
    for (let i = 0; i < nt; i++) best[this.touched[i]] = -1;
    return res;
  }

  /**
   * The search proper: best[] (MP left, -1 unseen) and first[] of every state reached, in touched[];
   * returns how many. With goal >= 0 (a state index with free = 0), stops once that end state is settled.
   */
  private dijkstra(t: number, hex: number, facing: number, mp: number, free: boolean, goal: number): number {
    const G = this.G;
    const st = this.st;
    const best = this.best;
    const first = this.firstBuf;
    const touched = this.touched;
    const dirty = this.dirty;
    const board = this.board;
    const stepDest = st.stepDest;
    const stepBase = st.stepBase;
    const turnCostTab = st.turnCost;
    const turnTo = st.turnTo;
    const turnStep = st.turnStep;
    const hexOf = st.hexOf;
    const skipNf = st.skipNf;
    const skipFreeOthers = st.skipFreeOthers;
    const nfGen = this.nfGen;
    const dynGen = this.dynGen;
    const dynVal = this.dynVal;
    if (this.gen >= 0x3fffffff) {
      this.gen = 0;
      nfGen.fill(0);
      dynGen.fill(0);
      this.depGen.fill(0);
    }
    const gen = ++this.gen;
    const depGen = this.depGen;
    const depTmp = this.depTmp;
    let nd = 0;
    depGen[hex] = gen;
    depTmp[nd++] = hex;
    if (this.bucketLen.length <= mp) this.bucketLen = new Int32Array(mp + 1);
    const cap = this.n * 12;
    if (this.flat.length < (mp + 1) * cap) this.flat = new Int32Array((mp + 1) * cap);
    const flat = this.flat;
    const blen = this.bucketLen;
    for (let b = 0; b <= mp; b++) blen[b] = 0;
    let nt = 0;
    const k0 = (hex * 6 + facing) * 2 + (free ? 1 : 0);
    touched[nt++] = k0;
    best[k0] = mp;
    first[k0] = -1;
    flat[blen[0]++] = k0;
    for (let spent = 0; spent <= mp; spent++) {
      const left = mp - spent;
      const off = spent * cap;
      for (let qi = 0; qi < blen[spent]; qi++) {
        const k = flat[off + qi];
        if (best[k] !== left) continue;
        const hf = k >> 1;
        const h = hexOf[hf];
        const f = hf - h * 6;
        const fr = k & 1;
        const f0 = first[k];
        for (let r = 0; r < 2; r++) {
          const si = hf * 2 + r;
          const dest = stepDest[si];
          if (dest < 0) continue;
          // The empty board's price is the least the step can cost (extras are >= 0, the schema
          // says so): when even that is too much, what stands at dest does not matter.
          const sb = stepBase[si];
          if (sb < 0 || sb > left) continue;
          if (depGen[dest] !== gen) {
            depGen[dest] = gen;
            depTmp[nd++] = dest;
          }
          let c: number;
          if (dirty[dest] === 1) {
            // A tank or a wreck there: the engine's price, which depends on the destination, the
            // direction and the mover only (memoised for this search).
            const di = dest * 2 + r;
            if (dynGen[di] !== gen) {
              dynGen[di] = gen;
              dynVal[di] = stepCost(G, board, t, h, f, r === 1);
            }
            c = dynVal[di];
          } else c = sb;
          if (c < 0 || c > left) continue;
          const k2 = (dest * 6 + f) * 2 + 1;
          const rem = left - c;
          if (best[k2] >= rem) continue;
          if (best[k2] < 0) touched[nt++] = k2;
          best[k2] = rem;
          first[k2] = f0 === -1 ? (r === 1 ? STEP_REVERSE : STEP_FORWARD) : f0;
          const b = mp - rem;
          flat[b * cap + blen[b]++] = k2;
        }
        // Turns in place. Once a non-free state of this hex has been expanded (at a cost no higher,
        // buckets go in order), every other non-free state of the hex holds at least as much MP as
        // a later turn could give it (when turns cost the same), so those relaxations would all be
        // skipped by the `best >= rem` test below: skip them wholesale. The same holds for a free
        // state's turns that cost no less than a turn in place (all but the free +-1 turns).
        let i0 = 0;
        let i1 = 5;
        if (nfGen[h] === gen) {
          if (fr === 0 && skipNf) continue;
          if (fr === 1 && skipFreeOthers) {
            i0 = 1;
            i1 = 3;
          }
        } else if (fr === 0) nfGen[h] = gen;
        const tb = fr * 5;
        const hb = h * 12;
        const fb = f * 5;
        for (let i = i0; i < i1; i++) {
          const c = turnCostTab[tb + i];
          if (c > left) continue;
          const k2 = hb + turnTo[fb + i] * 2;
          const rem = left - c;
          if (best[k2] >= rem) continue;
          if (best[k2] < 0) touched[nt++] = k2;
          best[k2] = rem;
          first[k2] = f0 === -1 ? turnStep[i] : f0;
          const b = mp - rem;
          flat[b * cap + blen[b]++] = k2;
        }
      }
      if (goal >= 0 && (best[goal] >= left || best[goal + 1] >= left)) break;
    }
    this.nDeps = nd;
    return nt;
  }

  private run(out: ReachSet, t: number, hex: number, facing: number, mp: number, free: boolean): ReachSet {
    const nt = this.dijkstra(t, hex, facing, mp, free, -1);
    const best = this.best;
    const first = this.firstBuf;
    const touched = this.touched;
    const board = this.board;
    // Collapse to (hex, facing) where the tank may stop, in ascending order; of the two free flags
    // keep the one with more MP left (ties: no free turn). Hexes are scanned in index order
    // between the smallest and the largest dependency (no sort): every state reached lies on one
    // (the start, a step's destination, or a turn on a hex reached), and the others have none.
    const depGen = this.depGen;
    const gen = this.gen;
    let lo = this.n;
    let hi = -1;
    const nd = this.nDeps;
    const depTmp = this.depTmp;
    for (let i = 0; i < nd; i++) {
      const h = depTmp[i];
      if (h < lo) lo = h;
      if (h > hi) hi = h;
    }
    const occ = this.occ;
    const selfHex = board.alive[t] ? board.hex[t] : -1;
    const ohf = out.hf;
    const ocost = out.cost;
    const ofirst = out.first;
    let cnt = 0;
    // Dependencies: the start and every hex a step could afford to enter (the hexes reached among them).
    const deps = out.deps;
    const depList = out.depList;
    for (let i = 0; i < out.depCount; i++) deps[depList[i]] = 0;
    for (let i = 0; i < nd; i++) {
      deps[depTmp[i]] = 1;
      depList[i] = depTmp[i];
    }
    for (let h = lo; h <= hi; h++) {
      if (depGen[h] !== gen) continue;
      // otherTankAt(G, board, h, t) >= 0, with the occupancy index.
      if (occ[h] - (selfHex === h ? 1 : 0) > 0) continue;
      for (let f = 0; f < 6; f++) {
        const hf = h * 6 + f;
        const b0 = best[hf * 2];
        const b1 = best[hf * 2 + 1];
        if (b0 < 0 && b1 < 0) continue;
        const use = b0 >= 0 && b1 <= b0 ? hf * 2 : hf * 2 + 1;
        ohf[cnt] = hf;
        ocost[cnt] = mp - best[use];
        ofirst[cnt] = first[use];
        cnt++;
      }
    }
    for (let i = 0; i < nt; i++) best[touched[i]] = -1;
    out.depCount = nd;
    out.count = cnt;
    out.tank = t;
    out.hex = hex;
    out.facing = facing;
    out.free = free;
    out.budget = mp;
    out.board = this.boardStamp;
    return out;
  }
}

function firstOf(r: ReachSet, hex: number, facing: number, mp: number): number {
  const i = r.find(hex, facing, mp);
  return i < 0 ? -2 : r.first[i];
}
