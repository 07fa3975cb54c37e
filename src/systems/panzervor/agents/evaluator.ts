/**
 * The agents' hot evaluations (spec §7.3), memoised and allocation-free:
 *
 *   position(t, hex, facing) = 0.3 x EK(best shot from there) - lambda x threat(t there)
 *                              - closeWeight x distance to the nearest enemy - rangeWeight x (distance beyond gun range)
 *   cardShot(k, t, hex, facing) = EK of the best attack with card k from there (Move-then-Attack cards)
 *   quickShot(t, hex, facing)   = the best kill chance of one enemy shot at t there (a Quick Shot's)
 *
 * Everything a value needs but the facing (distances, sight, hit chances, the enemies' shots) is the
 * same for the six facings of a hex, so values are computed a hex at a time for all six facings and
 * kept while the agent's stamp is unchanged (the stamp changes whenever the enemy's tanks, the crews,
 * smoke, wrecks or the lambda inputs change; see heuristic.ts). Below that, the six kill chances of an
 * own tank at a hex against one enemy, and the enemy's against it, are kept per (own tank, hex,
 * enemy) while neither tank's position, facing, turret or crew values changed nor sight did: when one
 * enemy tank moves, a hex's value is recombined from the other enemies' kept numbers. The
 * arithmetic is that of the plain functions in eval.ts, operation for operation (the threat product
 * in the same order), so the values are bit-identical to them.
 */
import { ARC_FRONT, ARC_FRONT_REAR, ARC_FRONT_SIDE, relativeCode } from '../../../core/geometry/hex/index.ts';
import { canSee } from '../rules/board.ts';
import type { PvObservation } from '../observe.ts';
import { anyWreck } from '../rules/board.ts';
import { p2d6ge, rangeModifier } from '../rules/rolls.ts';
import { MATCH_FLAG, codeOf, type PvStatic } from '../model.ts';
import { armourAgainst, armourForArc, canAim as canAimSlow, crew, nearestEnemy } from './eval.ts';

export interface PositionStyle {
  readonly closeWeight: number;
  readonly rangeWeight: number;
  readonly ownFlagWeight: number;
}

const frontMaskCache = new WeakMap<PvStatic, Uint8Array>();

/** Bit d of entry code + 1 is set when a hex at compass code `code` lies in the front arc of direction d (inFrontArc). */
export function frontMasks(G: PvStatic): Uint8Array {
  let m = frontMaskCache.get(G);
  if (m) return m;
  m = new Uint8Array(25);
  const inside = G.opt.arcBoundaryFiring === 'inside';
  for (let code = -1; code < 24; code++) {
    let bits = 0;
    for (let d = 0; d < 6; d++) {
      const arc = G.arcTab[relativeCode(code, d)];
      if (arc === ARC_FRONT || ((arc === ARC_FRONT_SIDE || arc === ARC_FRONT_REAR) && inside)) bits |= 1 << d;
    }
    m[code + 1] = bits;
  }
  frontMaskCache.set(G, m);
  return m;
}

/** Largest number of (own tank, hex, enemy) entries kept (about 50 MB for a side). */
const PAIR_MEMO_ENTRIES = 1 << 19;

export class Evaluator {
  readonly n: number;
  o!: PvObservation;
  // The decision's inputs (begin) and what is derived from them on first use (prepare).
  private cv: Int16Array = new Int16Array(0);
  private stamp = 0;
  private lambda = 0;
  private style: PositionStyle = { closeWeight: 0, rangeWeight: 0, ownFlagWeight: 1 };
  private weights: ArrayLike<number> = new Float64Array(0);
  private ready = false;
  private staticLos = true;
  /** Target and kill chance of the last shot()/cardShot() (target -1 when none). */
  lastTarget = -1;
  lastP = 0;

  // Static tables.
  private readonly frontMask: Uint8Array;
  /** Armour per (tank, ARC_*), index 8 * tank + arc (armourForArc). */
  private readonly armByArc: Float64Array;
  /** ARC_* of relative code relativeCode(code, f), index (code + 1) * 6 + f. */
  private readonly arcOf: Uint8Array;
  /** Longest gun range per tank. */
  private readonly maxRange: Int16Array;

  // Position values, index (t * hexes + hex) * 6 + facing, valid where posStamp[t * hexes + hex] is the stamp.
  readonly posValue: Float64Array;
  /** quickShot() per position, the same layout as posValue (and stamp). */
  readonly qsKill: Float64Array;
  private readonly posStamp: Float64Array;
  /** nearestEnemy() per hex under the stamp. */
  private readonly nearStamp: Float64Array;
  private readonly nearVal: Int16Array;

  // Card shots, per card slot (cards with the same modifiers share one): the same layout as posValue.
  private readonly cardSlot: Int32Array;
  readonly slots: number;
  private readonly cardEk: Array<Float64Array | null>;
  private readonly cardTgt: Array<Int16Array | null>;
  private readonly cardStamp: Array<Float64Array | null>;
  /** Per card slot: kill chances per (own tank, hex, enemy) x 6 facings, and their pair stamps. */
  private readonly cardPairP: Array<Float64Array | null>;
  private readonly cardPairStamp: Array<Float64Array | null>;
  // shotCard() memo per (card slot, tank).
  private readonly nowStamp: Float64Array;
  private readonly nowHex: Int32Array;
  private readonly nowFacing: Int32Array;
  private readonly nowEk: Float64Array;
  private readonly nowTarget: Int32Array;
  private readonly nowP: Float64Array;

  // Kill chances per (own tank, hex, enemy) entry: potC own tank -> enemy, thrC enemy -> own tank
  // (x 6 facings of the own tank), valid while entStamp[entry] is the pair's stamp.
  private readonly pairMemo: boolean;
  private readonly own: readonly number[];
  private readonly enm: readonly number[];
  /** Index of a tank within its side's list. */
  private readonly local: Int32Array;
  private readonly potC: Float64Array;
  private readonly thrC: Float64Array;
  private readonly entStamp: Float64Array;
  /** Per entry: bit 0 some potC is not 0, bit 1 some thrC is not 0. */
  private readonly entNz: Uint8Array;
  /** Per tank: what its kill chances depend on (hex and facing for enemies, turret, rotations used, crew values). */
  private readonly tankKey: Int32Array;
  private readonly tankStamp: Float64Array;
  /** What sight and turret arcs depend on (smoke, blocking wrecks, the active side). */
  private globalKey = new Int32Array(16);
  private globalLen = -1;
  private globalStamp = 0;
  /** Per (own tank, enemy): the tank and global stamps its stamp was made from, and the stamp. */
  private readonly pairSrc: Float64Array;
  private readonly pairStamp: Float64Array;
  private counter = 0;
  /** Enemies on the map (indices into enm) and whether each is inoperative. */
  private readonly live: Int32Array;
  private readonly liveInop: Uint8Array;
  private nLive = 0;
  /** positionBound() holds for this decision's style, lambda and weights. */
  private boundable = false;
  /** The largest points x weight of an enemy on the map (0 if none is positive). */
  private liveBest = 0;
  /** The card shot bound of the last positionBound(). */
  lastShotBound = Infinity;
  private readonly p6 = new Float64Array(6);
  private readonly ek6 = new Float64Array(6);
  private readonly sv6 = new Float64Array(6);
  /** Per facing, the largest single kill chance among the enemies' shots (a Quick Shot's, quickShotKill of eval.ts). */
  private readonly qs6 = new Float64Array(6);
  private readonly tg6 = new Int16Array(6);
  private readonly arm6 = new Float64Array(6);

  constructor(readonly G: PvStatic, readonly side: number, maxPairEntries = PAIR_MEMO_ENTRIES) {
    this.n = G.grid.n;
    this.frontMask = frontMasks(G);
    this.own = G.sideTanks[side];
    this.enm = G.sideTanks[1 - side];
    this.local = new Int32Array(G.nT);
    this.own.forEach((t, i) => (this.local[t] = i));
    this.enm.forEach((t, i) => (this.local[t] = i));
    const pairs = this.own.length * this.enm.length;
    // About 100 bytes an entry (x 2 or 3 with the card memos): huge scenarios do without.
    this.pairMemo = pairs * this.n <= maxPairEntries;
    const entries = this.pairMemo ? pairs * this.n : 0;
    this.potC = new Float64Array(entries * 6);
    this.thrC = new Float64Array(entries * 6);
    this.entStamp = new Float64Array(entries);
    this.entNz = new Uint8Array(entries);
    this.tankKey = new Int32Array(8 * G.nT).fill(-99);
    this.tankStamp = new Float64Array(G.nT);
    this.pairSrc = new Float64Array(3 * pairs).fill(-1);
    this.pairStamp = new Float64Array(pairs);
    this.maxRange = new Int16Array(G.nT);
    for (let t = 0; t < G.nT; t++) for (let g = 0; g < G.nG[t]; g++) this.maxRange[t] = Math.max(this.maxRange[t], G.gRange[2 * t + g]);
    this.live = new Int32Array(this.enm.length);
    this.liveInop = new Uint8Array(this.enm.length);
    this.nearStamp = new Float64Array(this.n);
    this.armByArc = new Float64Array(8 * G.nT);
    for (let t = 0; t < G.nT; t++) for (let a = 0; a < 8; a++) this.armByArc[8 * t + a] = armourForArc(G, t, a);
    this.arcOf = new Uint8Array(25 * 6);
    for (let code = -1; code < 24; code++) for (let f = 0; f < 6; f++) this.arcOf[(code + 1) * 6 + f] = G.arcTab[relativeCode(code, f)];
    this.nearVal = new Int16Array(this.n);
    this.posValue = new Float64Array(G.nT * this.n * 6);
    this.qsKill = new Float64Array(G.nT * this.n * 6);
    this.posStamp = new Float64Array(G.nT * this.n);
    // One memo per distinct (attack, damage, no roll) modifiers.
    this.cardSlot = new Int32Array(G.nK);
    const mods: string[] = [];
    for (let k = 0; k < G.nK; k++) {
      const key = `${G.kAtk[k]}/${G.kDmg[k]}/${G.kNoRoll[k]}`;
      let i = mods.indexOf(key);
      if (i < 0) i = mods.push(key) - 1;
      this.cardSlot[k] = i;
    }
    this.slots = mods.length;
    this.cardEk = new Array(mods.length).fill(null);
    this.cardTgt = new Array(mods.length).fill(null);
    this.cardStamp = new Array(mods.length).fill(null);
    this.cardPairP = new Array(mods.length).fill(null);
    this.nowStamp = new Float64Array(mods.length * G.nT);
    this.nowHex = new Int32Array(mods.length * G.nT);
    this.nowFacing = new Int32Array(mods.length * G.nT);
    this.nowEk = new Float64Array(mods.length * G.nT);
    this.nowTarget = new Int32Array(mods.length * G.nT);
    this.nowP = new Float64Array(mods.length * G.nT);
    this.cardPairStamp = new Array(mods.length).fill(null);
  }

  /** Starts a decision: the observation, the memo stamp and the valuation parameters. */
  begin(o: PvObservation, stamp: number, lambda: number, style: PositionStyle, weights: ArrayLike<number>): void {
    this.o = o;
    this.stamp = stamp;
    this.lambda = lambda;
    this.style = style;
    this.weights = weights;
    this.ready = false;
    // positionBound() needs risk >= 0 and points x weight >= 0 (true of every bundled style).
    let ok = lambda >= 0 && style.ownFlagWeight >= 0;
    for (let u = 0; u < this.G.nT && ok; u++) ok = this.G.tPts[u] >= 0 && weights[u] >= 0;
    this.boundable = ok;
  }

  /** The per-observation inputs, prepared on the first evaluation of a decision. */
  private prepare(): void {
    const G = this.G;
    const o = this.o;
    this.ready = true;
    this.cv = crew(o);
    // canSee's own fast path: no smoke and no blocking wreck -> the static LOS table.
    const wreckBlocks = G.opt.wreckage && G.opt.wreckLos === 'blocks';
    this.staticLos = o.smokeHex.length === 0 && !(wreckBlocks && anyWreck(G, o));
    this.updateKeys(o, wreckBlocks);
    let best = 0;
    for (let j = 0; j < this.nLive; j++) {
      const u = this.enm[this.live[j]];
      const v = G.tPts[u] * this.weights[u];
      if (v > best) best = v;
    }
    this.liveBest = best;
  }

  /** Renews the stamps of the tanks (and pairs) whose kill chances may have changed. */
  private updateKeys(o: PvObservation, wreckBlocks: boolean): void {
    const G = this.G;
    const cv = this.cv;
    const rot = G.opt.turretRotation;
    const key = this.tankKey;
    for (let x = 0; x < G.nT; x++) {
      const b = 8 * x;
      const turret = rot ? o.turret[x] : 0;
      const used = rot ? o.rotUsed[x] : 0;
      // An own tank's kill chances are computed for hypothetical hexes and facings: where it stands does not matter.
      const hex = G.tSide[x] === this.side ? -1 : o.hex[x];
      const facing = G.tSide[x] === this.side ? -1 : o.facing[x];
      if (key[b] !== hex || key[b + 1] !== facing || key[b + 2] !== turret || key[b + 3] !== used || key[b + 4] !== cv[4 * x] || key[b + 5] !== cv[4 * x + 1] || key[b + 6] !== cv[4 * x + 2] || key[b + 7] !== cv[4 * x + 3]) {
        key[b] = hex;
        key[b + 1] = facing;
        key[b + 2] = turret;
        key[b + 3] = used;
        key[b + 4] = cv[4 * x];
        key[b + 5] = cv[4 * x + 1];
        key[b + 6] = cv[4 * x + 2];
        key[b + 7] = cv[4 * x + 3];
        this.tankStamp[x] = ++this.counter;
      }
    }
    // Sight (smoke, blocking wrecks) and turret arcs (the active side's rotations left).
    const need = 1 + o.smokeHex.length + (wreckBlocks ? G.nT : 0);
    if (this.globalKey.length < need) this.globalKey = new Int32Array(2 * need);
    const gk = this.globalKey;
    let changed = need !== this.globalLen;
    let i = 0;
    let v = rot ? o.active : -1;
    if (gk[i] !== v) (gk[i] = v), (changed = true);
    i++;
    for (let j = 0; j < o.smokeHex.length; j++, i++) {
      v = o.smokeHex[j];
      if (gk[i] !== v) (gk[i] = v), (changed = true);
    }
    if (wreckBlocks) {
      for (let x = 0; x < G.nT; x++, i++) {
        v = o.wreck[x] && !o.alive[x] ? o.hex[x] : -1;
        if (gk[i] !== v) (gk[i] = v), (changed = true);
      }
    }
    this.globalLen = need;
    if (changed) this.globalStamp = ++this.counter;
    const nE = this.enm.length;
    // Enemies on the map (alive, placed), and whether each is inoperative.
    this.nLive = 0;
    for (let ei = 0; ei < nE; ei++) {
      const u = this.enm[ei];
      if (!o.alive[u] || o.hex[u] < 0) continue;
      this.live[this.nLive] = ei;
      this.liveInop[this.nLive++] = o.inop[u] ? 1 : 0;
    }
    for (let li = 0; li < this.own.length; li++) {
      const ts = this.tankStamp[this.own[li]];
      for (let ei = 0; ei < nE; ei++) {
        const p = li * nE + ei;
        const es = this.tankStamp[this.enm[ei]];
        if (this.pairSrc[3 * p] !== ts || this.pairSrc[3 * p + 1] !== es || this.pairSrc[3 * p + 2] !== this.globalStamp) {
          this.pairSrc[3 * p] = ts;
          this.pairSrc[3 * p + 1] = es;
          this.pairSrc[3 * p + 2] = this.globalStamp;
          this.pairStamp[p] = ++this.counter;
        }
      }
    }
  }

  /**
   * An upper bound of position(t, hex, f) over the six facings, for an own tank (+Infinity when
   * none is known); `lastShotBound` is then a bound of cardShot(k, t, hex, f) for every card and
   * facing. Cheap (the nearest enemy's distance, memoised per hex) and computed without the
   * block, so that the agents can pass over a hex that cannot beat what they have. Why it bounds:
   * position = ((0.3 x ek - risk) - close) - outOfRange, where ek (like a card shot) is the
   * largest kill chance (<= 1) x points x weight of an enemy within t's gun range (0 when none is),
   * and risk = lambda x own weight x ((1 - survival) x points) >= 0; the bound takes kill chance 1,
   * the best enemy on the map and no risk, with the same close and outOfRange, and floating-point
   * rounding is monotone.
   */
  positionBound(t: number, hex: number): number {
    if (!this.ready) this.prepare();
    const G = this.G;
    if (!this.boundable || G.tSide[t] !== this.side || !this.pairMemo) {
      this.lastShotBound = Infinity;
      return Infinity;
    }
    const nearest = this.nearest(hex);
    const ek = nearest > this.maxRange[t] ? 0 : this.liveBest;
    this.lastShotBound = ek;
    // finishBlock's terms, computed as there.
    const s = this.style;
    const near = Math.min(30, nearest);
    const close = s.closeWeight * Math.min(20, near);
    const longest = Math.max(G.gRange[2 * t], G.nG[t] > 1 ? G.gRange[2 * t + 1] : 0);
    const outOfRange = s.rangeWeight * Math.max(0, near - Math.min(longest, G.opt.extremeRangeFrom - 1));
    return 0.3 * ek - close - outOfRange;
  }

  /** Index i such that posValue[i + facing] = position(t, hex, facing) (memoised block). */
  posIndex(t: number, hex: number): number {
    if (!this.ready) this.prepare();
    const b = t * this.n + hex;
    if (this.posStamp[b] !== this.stamp) this.positionBlock(t, hex, b);
    return b * 6;
  }

  /** Index i such that cardEkOf(k)[i + facing] = cardShot(k, t, hex, facing) and cardTgtOf(k)[i + facing] its target. */
  cardIndex(k: number, t: number, hex: number): number {
    this.cardShot(k, t, hex, 0);
    return (t * this.n + hex) * 6;
  }

  /** Card slot of card k (cards with the same attack and damage modifiers share a slot), 0..slots-1. */
  slotOf(k: number): number {
    return this.cardSlot[k];
  }

  cardEkOf(k: number): Float64Array {
    return this.cardEk[this.cardSlot[k]]!;
  }

  cardTgtOf(k: number): Int16Array {
    return this.cardTgt[this.cardSlot[k]]!;
  }

  /** Value of tank t standing at (hex, facing) (memoised). */
  position(t: number, hex: number, facing: number): number {
    if (!this.ready) this.prepare();
    const b = t * this.n + hex;
    if (this.posStamp[b] !== this.stamp) this.positionBlock(t, hex, b);
    return this.posValue[b * 6 + facing];
  }

  /** The best kill chance of a single enemy shot at t standing at (hex, facing): a Quick Shot's (memoised with position()). */
  quickShot(t: number, hex: number, facing: number): number {
    if (!this.ready) this.prepare();
    const b = t * this.n + hex;
    if (this.posStamp[b] !== this.stamp) this.positionBlock(t, hex, b);
    return this.qsKill[b * 6 + facing];
  }

  /**
   * EK of the best attack of t with card k from (hex, facing); lastTarget = its target (memoised;
   * cards with the same attack and damage modifiers share the memo).
   */
  cardShot(k: number, t: number, hex: number, facing: number): number {
    if (!this.ready) this.prepare();
    const slot = this.cardSlot[k];
    let stamp = this.cardStamp[slot];
    if (!stamp) {
      stamp = this.cardStamp[slot] = new Float64Array(this.G.nT * this.n);
      this.cardEk[slot] = new Float64Array(this.G.nT * this.n * 6);
      this.cardTgt[slot] = new Int16Array(this.G.nT * this.n * 6);
    }
    const b = t * this.n + hex;
    if (stamp[b] !== this.stamp) {
      this.cardBlock(k, slot, t, hex, b);
      stamp[b] = this.stamp;
    }
    this.lastTarget = this.cardTgt[slot]![b * 6 + facing];
    return this.cardEk[slot]![b * 6 + facing];
  }

  /** bestShot() of eval.ts: EK of the best attack of t from (hex, facing); sets lastTarget and lastP. */
  shot(t: number, hex: number, facing: number, atk: number, dmg: number, noRoll: boolean): number {
    if (!this.ready) this.prepare();
    const G = this.G;
    const o = this.o;
    let ek = 0;
    let target = -1;
    let pBest = 0;
    for (let u = 0; u < G.nT; u++) {
      if (!o.alive[u] || G.tSide[u] === G.tSide[t] || o.hex[u] < 0) continue;
      const p = this.killP(t, hex, facing, u, o.hex[u], o.facing[u], atk, dmg, noRoll);
      const v = p * G.tPts[u] * this.weights[u];
      if (v > ek) {
        ek = v;
        target = u;
        pBest = p;
      }
    }
    this.lastTarget = target;
    this.lastP = pBest;
    return ek;
  }

  /** shot() with card k's modifiers, memoised per (card modifiers, tank) while the stamp, hex and facing hold. */
  shotCard(k: number, t: number, hex: number, facing: number): number {
    if (!this.ready) this.prepare();
    const i = this.cardSlot[k] * this.G.nT + t;
    if (this.nowStamp[i] === this.stamp && this.nowHex[i] === hex && this.nowFacing[i] === facing) {
      this.lastTarget = this.nowTarget[i];
      this.lastP = this.nowP[i];
      return this.nowEk[i];
    }
    const G = this.G;
    const ek = this.shot(t, hex, facing, G.kAtk[k], G.kDmg[k], G.kNoRoll[k] === 1);
    this.nowStamp[i] = this.stamp;
    this.nowHex[i] = hex;
    this.nowFacing[i] = facing;
    this.nowEk[i] = ek;
    this.nowTarget[i] = this.lastTarget;
    this.nowP[i] = this.lastP;
    return ek;
  }

  /** killChance(...).p of eval.ts: best gun of t at (hex, facing) against tgt at (tgtHex, tgtFacing). */
  killP(t: number, hex: number, facing: number, tgt: number, tgtHex: number, tgtFacing: number, atk: number, dmg: number, noRoll: boolean): number {
    if (!this.ready) this.prepare();
    const G = this.G;
    let best = 0;
    const d = G.grid.distance(hex, tgtHex);
    for (let g = G.nG[t] - 1; g >= 0; g--) {
      if (d > G.gRange[2 * t + g] || !this.aims(t, g, hex, facing, tgtHex)) continue;
      const h = this.pHit(t, g, hex, tgt, tgtHex, d, atk, noRoll);
      if (h === 0) continue;
      const p = h * this.pKill(t, g, hex, tgt, tgtHex, tgtFacing, d, dmg);
      if (p > best) best = p;
    }
    return best;
  }

  // ------------------------------------------------------------------ internals

  private see(a: number, b: number): boolean {
    return this.staticLos ? this.G.los.clear(a, b) : canSee(this.G, this.o, a, b);
  }

  /** canAim() of eval.ts. */
  private aims(t: number, g: number, hex: number, facing: number, to: number): boolean {
    const G = this.G;
    if (G.gFixed[2 * t + g]) return ((this.frontMask[codeOf(G, hex, to) + 1] >> facing) & 1) === 1;
    if (!G.opt.turretRotation) return true;
    return canAimSlow(this.o, t, g, hex, facing, to);
  }

  /** Facings (bit mask) from which gun g of t at hex can be aimed at `to`. */
  private aimMask(t: number, g: number, hex: number, to: number): number {
    const G = this.G;
    if (G.gFixed[2 * t + g]) return this.frontMask[codeOf(G, hex, to) + 1];
    if (!G.opt.turretRotation) return 63;
    let m = 0;
    for (let f = 0; f < 6; f++) if (canAimSlow(this.o, t, g, hex, f, to)) m |= 1 << f;
    return m;
  }

  /** pHitFrom() of eval.ts (crew counted), with the distance d = distance(hex, tgtHex) given. */
  private pHit(t: number, g: number, hex: number, tgt: number, tgtHex: number, d: number, cardMod: number, noRoll: boolean): number {
    const G = this.G;
    if (d > G.gRange[2 * t + g] || d === 0) return 0;
    const cv = this.cv;
    const ab = cv[4 * t];
    if (d >= G.opt.extremeRangeFrom && (noRoll || cardMod + ab <= 0)) return 0;
    if (!this.see(hex, tgtHex)) return 0;
    if (noRoll) return 1;
    const def = cv[4 * tgt + 2];
    const need = d - G.tSize[tgt] - cardMod - def;
    return Math.max(p2d6ge(need), ab > 0 ? p2d6ge(need - ab) : 0);
  }

  /** pKillFrom() of eval.ts (crew counted), with d = distance(hex, tgtHex). */
  private pKill(t: number, g: number, hex: number, tgt: number, tgtHex: number, tgtFacing: number, d: number, dmgMod: number): number {
    const G = this.G;
    const armour = armourAgainst(G, hex, tgt, tgtHex, tgtFacing);
    const cv = this.cv;
    const ab = cv[4 * t + 1];
    const def = cv[4 * tgt + 3];
    const need = armour - G.gFp[2 * t + g] - rangeModifier(G.rules.damageRangeMods, d) - dmgMod - def;
    return p2d6ge(need - ab);
  }

  /** Kill chance of t at hex against u for each of t's six facings, into p6. */
  private shot6(t: number, hex: number, u: number, hu: number, fu: number, atk: number, dmg: number, noRoll: boolean): void {
    const G = this.G;
    const p6 = this.p6;
    p6.fill(0);
    const d = G.grid.distance(hex, hu);
    for (let g = G.nG[t] - 1; g >= 0; g--) {
      if (d > G.gRange[2 * t + g]) continue;
      const mask = this.aimMask(t, g, hex, hu);
      if (mask === 0) continue;
      const h = this.pHit(t, g, hex, u, hu, d, atk, noRoll);
      if (h === 0) continue;
      const p = h * this.pKill(t, g, hex, u, hu, fu, d, dmg);
      for (let f = 0; f < 6; f++) if (((mask >> f) & 1) === 1 && p > p6[f]) p6[f] = p;
    }
  }

  /**
   * Kill chances of own tank t at hex against enemy u (killChance(o, t, hex, f, u, PLAIN).p) and of
   * u against t (killChance(o, u, o.hex[u], o.facing[u], t, PLAIN, hex, f).p), for the six facings f
   * of t, into the pair memo.
   */
  private pair(t: number, hex: number, u: number, ent: number, stamp: number): void {
    const G = this.G;
    const o = this.o;
    const cv = this.cv;
    const base = ent * 6;
    const hu = o.hex[u];
    const fu = o.facing[u];
    const d = G.grid.distance(hex, hu);
    let q0 = 0;
    let q1 = 0;
    let q2 = 0;
    let q3 = 0;
    let q4 = 0;
    let q5 = 0;
    let nz = 0;
    // pHitFrom() does not depend on the gun once it is in range: one hit chance per direction.
    // Sight: -1 unknown, 0 blocked, 1 clear (the static table is symmetric).
    let sight = -1;
    const xr = G.opt.extremeRangeFrom;
    const rm = rangeModifier(G.rules.damageRangeMods, d);
    if (d > 0 && d <= this.maxRange[t]) {
      // t -> u: the target's armour does not depend on t's facing, the gun's arc may.
      let h = -1;
      let armour = -1;
      for (let g = G.nG[t] - 1; g >= 0; g--) {
        if (d > G.gRange[2 * t + g]) continue;
        const mask = G.gFixed[2 * t + g] ? this.frontMask[codeOf(G, hex, hu) + 1] : G.opt.turretRotation ? this.aimMask(t, g, hex, hu) : 63;
        if (mask === 0) continue;
        if (h < 0) {
          const ab = cv[4 * t];
          if (d >= xr && ab <= 0) h = 0;
          else {
            if (sight < 0) sight = this.see(hex, hu) ? 1 : 0;
            if (sight === 0) h = 0;
            else {
              const need = d - G.tSize[u] - 0 - cv[4 * u + 2];
              h = Math.max(p2d6ge(need), ab > 0 ? p2d6ge(need - ab) : 0);
            }
          }
        }
        if (h === 0) break;
        if (armour < 0) armour = armourAgainst(G, hex, u, hu, fu);
        const need = armour - G.gFp[2 * t + g] - rm - 0 - cv[4 * u + 3];
        const p = h * p2d6ge(need - cv[4 * t + 1]);
        if ((mask & 1) !== 0 && p > q0) q0 = p;
        if ((mask & 2) !== 0 && p > q1) q1 = p;
        if ((mask & 4) !== 0 && p > q2) q2 = p;
        if ((mask & 8) !== 0 && p > q3) q3 = p;
        if ((mask & 16) !== 0 && p > q4) q4 = p;
        if ((mask & 32) !== 0 && p > q5) q5 = p;
      }
      if (q0 + q1 + q2 + q3 + q4 + q5 !== 0) nz = 1; // (NaN counts as a shot)
    }
    const potC = this.potC;
    potC[base] = q0;
    potC[base + 1] = q1;
    potC[base + 2] = q2;
    potC[base + 3] = q3;
    potC[base + 4] = q4;
    potC[base + 5] = q5;
    // u -> t: the gun's arc does not depend on t's facing, t's armour does.
    q0 = q1 = q2 = q3 = q4 = q5 = 0;
    if (d > 0 && d <= this.maxRange[u]) {
      let h = -1;
      let arcs = -1;
      for (let g = G.nG[u] - 1; g >= 0; g--) {
        if (d > G.gRange[2 * u + g] || !this.aims(u, g, hu, fu, hex)) continue;
        if (h < 0) {
          const ab = cv[4 * u];
          if (d >= xr && ab <= 0) h = 0;
          else {
            if (sight < 0 || !this.staticLos) sight = this.see(hu, hex) ? 1 : 0;
            if (sight === 0) h = 0;
            else {
              const need = d - G.tSize[t] - 0 - cv[4 * t + 2];
              h = Math.max(p2d6ge(need), ab > 0 ? p2d6ge(need - ab) : 0);
            }
          }
        }
        if (h === 0) break;
        if (arcs < 0) {
          // armourAgainst(G, hu, t, hex, f) for the six facings.
          arcs = (codeOf(G, hex, hu) + 1) * 6;
          const arm6 = this.arm6;
          for (let f = 0; f < 6; f++) arm6[f] = this.armByArc[8 * t + this.arcOf[arcs + f]];
        }
        const arm6 = this.arm6;
        const fp = G.gFp[2 * u + g];
        const def = cv[4 * t + 3];
        const ab = cv[4 * u + 1];
        let p = h * p2d6ge(arm6[0] - fp - rm - 0 - def - ab);
        if (p > q0) q0 = p;
        p = h * p2d6ge(arm6[1] - fp - rm - 0 - def - ab);
        if (p > q1) q1 = p;
        p = h * p2d6ge(arm6[2] - fp - rm - 0 - def - ab);
        if (p > q2) q2 = p;
        p = h * p2d6ge(arm6[3] - fp - rm - 0 - def - ab);
        if (p > q3) q3 = p;
        p = h * p2d6ge(arm6[4] - fp - rm - 0 - def - ab);
        if (p > q4) q4 = p;
        p = h * p2d6ge(arm6[5] - fp - rm - 0 - def - ab);
        if (p > q5) q5 = p;
      }
      if (q0 + q1 + q2 + q3 + q4 + q5 !== 0) nz |= 2;
    }
    const thrC = this.thrC;
    thrC[base] = q0;
    thrC[base + 1] = q1;
    thrC[base + 2] = q2;
    thrC[base + 3] = q3;
    thrC[base + 4] = q4;
    thrC[base + 5] = q5;
    this.entNz[ent] = nz;
    this.entStamp[ent] = stamp;
  }

  private positionBlock(t: number, hex: number, b: number): void {
    const G = this.G;
    if (G.tSide[t] !== this.side || !this.pairMemo) {
      this.positionBlockPlain(t, hex, b);
      return;
    }
    const w = this.weights;
    const enm = this.enm;
    const nE = enm.length;
    const potC = this.potC;
    const thrC = this.thrC;
    const entStamp = this.entStamp;
    const entNz = this.entNz;
    const pairStamp = this.pairStamp;
    const li = this.local[t];
    const entBase = (li * this.n + hex) * nE;
    const pairBase = li * nE;
    const pts = G.tPts;
    const live = this.live;
    const nLive = this.nLive;
    // One pass over the enemies on the map, in index order:
    //  potential = bestShot(o, t, hex, f, PLAIN, weights).ek (a maximum),
    //  survival  = the product of threatAt(o, t, hex, f)'s factors (in the same order).
    let e0 = 0;
    let e1 = 0;
    let e2 = 0;
    let e3 = 0;
    let e4 = 0;
    let e5 = 0;
    let s0 = 1;
    let s1 = 1;
    let s2 = 1;
    let s3 = 1;
    let s4 = 1;
    let s5 = 1;
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    let m3 = 0;
    let m4 = 0;
    let m5 = 0;
    for (let j = 0; j < nLive; j++) {
      const ei = live[j];
      const u = enm[ei];
      const ent = entBase + ei;
      const stamp = pairStamp[pairBase + ei];
      if (entStamp[ent] !== stamp) this.pair(t, hex, u, ent, stamp);
      const nz = entNz[ent];
      if (nz === 0) continue; // no shot either way: v = 0 never beats the best, x (1 - 0) changes nothing
      const k = ent * 6;
      if ((nz & 1) !== 0) {
        const p = pts[u];
        const wu = w[u];
        let v = potC[k] * p * wu;
        if (v > e0) e0 = v;
        v = potC[k + 1] * p * wu;
        if (v > e1) e1 = v;
        v = potC[k + 2] * p * wu;
        if (v > e2) e2 = v;
        v = potC[k + 3] * p * wu;
        if (v > e3) e3 = v;
        v = potC[k + 4] * p * wu;
        if (v > e4) e4 = v;
        v = potC[k + 5] * p * wu;
        if (v > e5) e5 = v;
      }
      if ((nz & 2) !== 0 && this.liveInop[j] === 0) {
        s0 *= 1 - thrC[k];
        s1 *= 1 - thrC[k + 1];
        s2 *= 1 - thrC[k + 2];
        s3 *= 1 - thrC[k + 3];
        s4 *= 1 - thrC[k + 4];
        s5 *= 1 - thrC[k + 5];
        if (thrC[k] > m0) m0 = thrC[k];
        if (thrC[k + 1] > m1) m1 = thrC[k + 1];
        if (thrC[k + 2] > m2) m2 = thrC[k + 2];
        if (thrC[k + 3] > m3) m3 = thrC[k + 3];
        if (thrC[k + 4] > m4) m4 = thrC[k + 4];
        if (thrC[k + 5] > m5) m5 = thrC[k + 5];
      }
    }
    const ek6 = this.ek6;
    const sv6 = this.sv6;
    ek6[0] = e0;
    ek6[1] = e1;
    ek6[2] = e2;
    ek6[3] = e3;
    ek6[4] = e4;
    ek6[5] = e5;
    sv6[0] = s0;
    sv6[1] = s1;
    sv6[2] = s2;
    sv6[3] = s3;
    sv6[4] = s4;
    sv6[5] = s5;
    const qs6 = this.qs6;
    qs6[0] = m0;
    qs6[1] = m1;
    qs6[2] = m2;
    qs6[3] = m3;
    qs6[4] = m4;
    qs6[5] = m5;
    this.finishBlock(t, hex, b, this.nearest(hex));
  }

  /** nearestEnemy(o, t, hex) for a tank t of this side (memoised per hex under the stamp). */
  private nearest(hex: number): number {
    if (this.nearStamp[hex] === this.stamp) return this.nearVal[hex];
    const o = this.o;
    const grid = this.G.grid;
    let best = 99;
    for (let i = 0; i < this.enm.length; i++) {
      const u = this.enm[i];
      if (o.alive[u] && o.hex[u] >= 0) best = Math.min(best, grid.distance(hex, o.hex[u]));
    }
    this.nearStamp[hex] = this.stamp;
    this.nearVal[hex] = best;
    return best;
  }

  /** positionBlock without the pair memo (a tank of the other side). */
  private positionBlockPlain(t: number, hex: number, b: number): void {
    const G = this.G;
    const o = this.o;
    const side = G.tSide[t];
    const p6 = this.p6;
    const ek6 = this.ek6;
    const sv6 = this.sv6;
    const w = this.weights;
    ek6.fill(0);
    for (let u = 0; u < G.nT; u++) {
      if (!o.alive[u] || G.tSide[u] === side || o.hex[u] < 0) continue;
      this.shot6(t, hex, u, o.hex[u], o.facing[u], 0, 0, false);
      for (let f = 0; f < 6; f++) {
        const v = p6[f] * G.tPts[u] * w[u];
        if (v > ek6[f]) ek6[f] = v;
      }
    }
    sv6.fill(1);
    const qs6 = this.qs6;
    qs6.fill(0);
    for (let e = 0; e < G.nT; e++) {
      if (!o.alive[e] || G.tSide[e] === side || o.hex[e] < 0 || o.inop[e]) continue;
      const he = o.hex[e];
      const fe = o.facing[e];
      const d = G.grid.distance(he, hex);
      p6.fill(0);
      for (let g = G.nG[e] - 1; g >= 0; g--) {
        if (d > G.gRange[2 * e + g] || !this.aims(e, g, he, fe, hex)) continue;
        const h = this.pHit(e, g, he, t, hex, d, 0, false);
        if (h === 0) continue;
        for (let f = 0; f < 6; f++) {
          const p = h * this.pKill(e, g, he, t, hex, f, d, 0);
          if (p > p6[f]) p6[f] = p;
        }
      }
      for (let f = 0; f < 6; f++) {
        sv6[f] *= 1 - p6[f];
        if (p6[f] > qs6[f]) qs6[f] = p6[f];
      }
    }
    this.finishBlock(t, hex, b, nearestEnemy(o, t, hex));
  }

  /** position() from ek6 (potential), sv6 (survival) and the distance to the nearest enemy, for the six facings. */
  private finishBlock(t: number, hex: number, b: number, nearest: number): void {
    const G = this.G;
    const ek6 = this.ek6;
    const sv6 = this.sv6;
    const s = this.style;
    const own = G.matchType === MATCH_FLAG && G.tFlag[t] ? s.ownFlagWeight : 1;
    const lo = this.lambda * own;
    const near = Math.min(30, nearest);
    const close = s.closeWeight * Math.min(20, near);
    const longest = Math.max(G.gRange[2 * t], G.nG[t] > 1 ? G.gRange[2 * t + 1] : 0);
    const outOfRange = s.rangeWeight * Math.max(0, near - Math.min(longest, G.opt.extremeRangeFrom - 1));
    const pts = G.tPts[t];
    const base = b * 6;
    for (let f = 0; f < 6; f++) {
      const potential = 0.3 * ek6[f];
      const risk = lo * ((1 - sv6[f]) * pts);
      this.posValue[base + f] = potential - risk - close - outOfRange;
      this.qsKill[base + f] = this.qs6[f];
    }
    this.posStamp[b] = this.stamp;
  }

  private cardBlock(k: number, slot: number, t: number, hex: number, b: number): void {
    const G = this.G;
    const o = this.o;
    const ek6 = this.ek6;
    const tg6 = this.tg6;
    const w = this.weights;
    const atk = G.kAtk[k];
    const dmg = G.kDmg[k];
    const noRoll = G.kNoRoll[k] === 1;
    if (G.tSide[t] === this.side && this.pairMemo) {
      // Kill chances against each enemy kept per (own tank, hex, enemy) like the position pairs.
      let pc = this.cardPairP[slot];
      let ps = this.cardPairStamp[slot];
      if (!pc || !ps) {
        pc = this.cardPairP[slot] = new Float64Array(this.potC.length);
        ps = this.cardPairStamp[slot] = new Float64Array(this.entStamp.length);
      }
      const enm = this.enm;
      const nE = enm.length;
      const li = this.local[t];
      const entBase = (li * this.n + hex) * nE;
      const pairBase = li * nE;
      const pairStamp = this.pairStamp;
      const pts = G.tPts;
      const live = this.live;
      let e0 = 0;
      let e1 = 0;
      let e2 = 0;
      let e3 = 0;
      let e4 = 0;
      let e5 = 0;
      let g0 = -1;
      let g1 = -1;
      let g2 = -1;
      let g3 = -1;
      let g4 = -1;
      let g5 = -1;
      // The enemies on the map in index order (bestShot's loop), the best target first on ties.
      for (let j = 0; j < this.nLive; j++) {
        const ei = live[j];
        const u = enm[ei];
        const ent = entBase + ei;
        const stamp = pairStamp[pairBase + ei];
        if (ps[ent] !== stamp) {
          this.shotPair(t, hex, u, atk, dmg, noRoll, pc, ent * 6);
          ps[ent] = stamp;
        }
        const k6 = ent * 6;
        const p = pts[u];
        const wu = w[u];
        let v = pc[k6] * p * wu;
        if (v > e0) (e0 = v), (g0 = u);
        v = pc[k6 + 1] * p * wu;
        if (v > e1) (e1 = v), (g1 = u);
        v = pc[k6 + 2] * p * wu;
        if (v > e2) (e2 = v), (g2 = u);
        v = pc[k6 + 3] * p * wu;
        if (v > e3) (e3 = v), (g3 = u);
        v = pc[k6 + 4] * p * wu;
        if (v > e4) (e4 = v), (g4 = u);
        v = pc[k6 + 5] * p * wu;
        if (v > e5) (e5 = v), (g5 = u);
      }
      const ekOut = this.cardEk[slot]!;
      const tgOut = this.cardTgt[slot]!;
      const o6 = b * 6;
      ekOut[o6] = e0;
      ekOut[o6 + 1] = e1;
      ekOut[o6 + 2] = e2;
      ekOut[o6 + 3] = e3;
      ekOut[o6 + 4] = e4;
      ekOut[o6 + 5] = e5;
      tgOut[o6] = g0;
      tgOut[o6 + 1] = g1;
      tgOut[o6 + 2] = g2;
      tgOut[o6 + 3] = g3;
      tgOut[o6 + 4] = g4;
      tgOut[o6 + 5] = g5;
      return;
    } else {
      const p6 = this.p6;
      const side = G.tSide[t];
      ek6.fill(0);
      tg6.fill(-1);
      for (let u = 0; u < G.nT; u++) {
        if (!o.alive[u] || G.tSide[u] === side || o.hex[u] < 0) continue;
        this.shot6(t, hex, u, o.hex[u], o.facing[u], atk, dmg, noRoll);
        for (let f = 0; f < 6; f++) {
          const v = p6[f] * G.tPts[u] * w[u];
          if (v > ek6[f]) {
            ek6[f] = v;
            tg6[f] = u;
          }
        }
      }
    }
    const ekOut = this.cardEk[slot]!;
    const tgOut = this.cardTgt[slot]!;
    for (let f = 0; f < 6; f++) {
      ekOut[b * 6 + f] = ek6[f];
      tgOut[b * 6 + f] = tg6[f];
    }
  }

  /** shot6() into out[base..base + 6), with the target's armour looked up once. */
  private shotPair(t: number, hex: number, u: number, atk: number, dmg: number, noRoll: boolean, out: Float64Array, base: number): void {
    const G = this.G;
    const o = this.o;
    const cv = this.cv;
    const hu = o.hex[u];
    const d = G.grid.distance(hex, hu);
    let q0 = 0;
    let q1 = 0;
    let q2 = 0;
    let q3 = 0;
    let q4 = 0;
    let q5 = 0;
    let armour = -1;
    for (let g = G.nG[t] - 1; g >= 0; g--) {
      if (d > G.gRange[2 * t + g]) continue;
      const mask = this.aimMask(t, g, hex, hu);
      if (mask === 0) continue;
      const h = this.pHit(t, g, hex, u, hu, d, atk, noRoll);
      if (h === 0) continue;
      if (armour < 0) armour = armourAgainst(G, hex, u, hu, o.facing[u]);
      const need = armour - G.gFp[2 * t + g] - rangeModifier(G.rules.damageRangeMods, d) - dmg - cv[4 * u + 3];
      const p = h * p2d6ge(need - cv[4 * t + 1]);
      if ((mask & 1) !== 0 && p > q0) q0 = p;
      if ((mask & 2) !== 0 && p > q1) q1 = p;
      if ((mask & 4) !== 0 && p > q2) q2 = p;
      if ((mask & 8) !== 0 && p > q3) q3 = p;
      if ((mask & 16) !== 0 && p > q4) q4 = p;
      if ((mask & 32) !== 0 && p > q5) q5 = p;
    }
    out[base] = q0;
    out[base + 1] = q1;
    out[base + 2] = q2;
    out[base + 3] = q3;
    out[base + 4] = q4;
    out[base + 5] = q5;
  }
}
