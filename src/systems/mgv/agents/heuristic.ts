/**
 * Scripted MGV policies (spec §7.3) with named parameters. One engine, two personalities:
 * `closer` (aggressive: closes to its weapon's sweet spot and fires whenever it can hurt)
 * and `standoff` (keeps a preferred fraction of its weapon range, prefers cover, fires only
 * above an expected-damage threshold). Both use exact expectations from odds.ts.
 */
import type { Agent, DecisionContext, ParamValuesOf } from '../../../core/agent.ts';
import type { common } from './index.ts';
import type { Rng } from '../../../core/rng/rng.ts';
import { isBehind, pointInShape, pointShapeDistance, segmentTouchesShape, headingTo, normDeg, turnCost, hypot } from '../../../core/geometry/table/index.ts';
import { canTarget, modifiers, ratioColumn, slotAttack, slotReady, slotWeapon, SLOT_MAIN, SLOT_PAY, missileDefenseDice } from '../rules/combat.ts';
import { defenseOf, mainAttack, payloadAttack } from '../rules/damage.ts';
import { beginReadOnly, endReadOnly, hasLos, rangeBetween } from '../rules/geom.ts';
import {
  ATTACK_END, Action, BEACON_DONE, D_FIRE, D_MOVE, D_PASS_FIRE, D_PASS_MOVE, DISTS, END_UNIT, JAM_SKIP, K, N_REL_TURNS, EST_STEP, PHOTON_HOLD,
  REPAIR_SKIP, turnIndexFor, legCode, maxEstimateQ, photonCode,
} from '../actions.ts';
import { missileHits, kineticCells, thermalCells } from '../odds.ts';
import { BOX_EPS, LOS_HILL, P_ENGINEERING, P_JAMMER, W_KINETIC, W_MISSILE, W_PHOTON, W_THERMAL, segmentMissesBox, type Model } from '../model.ts';
import type { MgvObservation } from '../observe.ts';
import { deltaToFace, powerAvailable } from '../rules/movement.ts';
import { REPAIR_PRESETS } from '../rules/reset.ts';
import {
  ST_ATTACK, ST_BARRAGE, ST_BEACON, ST_COUNTER, ST_DECLARE, ST_JAM, ST_MOVE_POWER, ST_MOVE_UNIT, ST_PHOTON, ST_REPAIR_DESIGNATE, ST_RESET_REPAIR,
  ST_SPLIT_ATT, ST_SPLIT_DEF, type MgvState,
} from '../state.ts';

export interface HeuristicParams {
  style: 'closer' | 'standoff';
  missileSplit: string;
  missileDefense: string;
  photonSigma: number;
  photonSigmaInches: number;
  fireThreshold: number;
  rangeFraction: number;
  coverWeight: number;
  repairPriority: string;
  useBeacons: boolean;
  useJammer: boolean;
}

export const SPLIT_POLICIES = ['always-hull', 'always-core', 'mixed', 'adaptive'] as const;

/** Expected-value tables per model (exact expectations, built lazily). */
interface Tables {
  kinCore: Float64Array; // per column: E[cells past the 2 hull cells of an intact chain]
  kinHull: Float64Array;
  therm: Float64Array;
  missile: Map<number, number>;
}
const tablesByModel = new WeakMap<Model, Tables>();
let lastModel: Model | null = null;
let lastTables: Tables | null = null;
function tables(m: Model): Tables {
  if (m === lastModel) return lastTables as Tables;
  let t = tablesByModel.get(m);
  if (t) {
    lastModel = m;
    lastTables = t;
    return t;
  }
  const kc = new Float64Array(7);
  const kh = new Float64Array(7);
  const th = new Float64Array(7);
  for (let c = 0; c < 7; c++) {
    for (const r of kineticCells(m.data, c).table()) {
      const p = r.p.toNumber();
      kc[c] += p * Math.max(0, r.outcome - 2);
      kh[c] += p * Math.min(2, r.outcome);
    }
    th[c] = thermalCells(m.data, c).mean().toNumber();
  }
  t = { kinCore: kc, kinHull: kh, therm: th, missile: new Map() };
  tablesByModel.set(m, t);
  lastModel = m;
  lastTables = t;
  return t;
}

/** Scratch: the spot being scored (x, y), read by score / coverAt / sightLine (no boxed arguments). */
const SPOT = new Float64Array(2);

/** Scratch: the cover features near the moving base (filled by nearCover, read within one decision). */
let NEAR = new Int32Array(16);

/** Unit direction of the eight standoff headings k * 45° (the same expressions as before: identical values). */
const HEAD_SIN = Float64Array.from({ length: 8 }, (_, k) => Math.sin((k * 45 * Math.PI) / 180));
const HEAD_COS = Float64Array.from({ length: 8 }, (_, k) => Math.cos((k * 45 * Math.PI) / 180));

function missileMean(m: Model, a: number, d: number): number {
  if (a <= 0) return 0;
  if (d <= 0) return a;
  const t = tables(m);
  const k = a * 256 + d;
  let v = t.missile.get(k);
  if (v === undefined) {
    v = missileHits(Math.min(a, 40), Math.min(d, 40)).mean().toNumber();
    t.missile.set(k, v);
  }
  return v;
}

/** Core dice for a split policy (spec §7.3); `defender` selects the defender's reading. */
export function splitFor(policy: string, n: number, defender: boolean, targetHasCoreInfestation: boolean, defenderCoreBias: boolean): number {
  switch (policy) {
    case 'always-core':
      return n;
    case 'always-hull':
      return 0;
    case 'mixed':
      return Math.ceil(n / 2);
    default:
      if (defender) return targetHasCoreInfestation ? n : Math.ceil((2 * n) / 3);
      // attacker: a defender with core infestations goes all-core (spec §7.3), so attack the hull;
      // a defender that showed a core bias meets two-thirds on core; else half / half
      if (targetHasCoreInfestation) return Math.floor(n / 3);
      return defenderCoreBias ? Math.ceil((2 * n) / 3) : Math.ceil(n / 2);
  }
}

function hasCoreInfestation(m: Model, s: MgvState, j: number): boolean {
  const u = s.units[j];
  for (let c = 0; c < m.graph.n; c++) if (u.infest[c] > 0 && m.graph.core[c]) return true;
  return false;
}

function coreBias(s: MgvState, side: number): boolean {
  const all = s.defShown[side * 2 + 1];
  return all >= 3 && s.defShown[side * 2] / all > 0.6;
}

/** Expected "core-damage equivalents" of one attack (spec §7.3 targeting weights). */
export function attackValue(m: Model, s: MgvState, i: number, slot: number, j: number, p: HeuristicParams): number {
  const w = slotWeapon(m, i, slot);
  const base = slotAttack(m, i, s.units[i], slot);
  const mods = modifiers(m, s, i, w, j);
  const t = tables(m);
  const tgt = s.units[j];
  let v = 0;
  if (w === W_PHOTON) {
    const dice = Math.max(0, base + mods);
    v = (dice / 6) * 1.3;
  } else if (w === W_MISSILE) {
    const ad = Math.max(0, Math.floor(base / m.data.missile.attackDiceDivisor) + mods);
    const dd = missileDefenseDice(m, s, j);
    const core = splitFor(p.missileSplit, ad, false, hasCoreInfestation(m, s, j), coreBias(s, m.units[j].side));
    const dcore = Math.ceil((2 * dd) / 3);
    v = 0.8 * missileMean(m, core, dcore) + 0.2 * missileMean(m, ad - core, dd - dcore);
  } else {
    const col = ratioColumn(m.thresholds, base + mods, defenseOf(m, j, tgt));
    if (col >= 0) v = w === W_KINETIC ? t.kinCore[col] + 0.3 * t.kinHull[col] : 0.5 * t.therm[col] + 0.1 * tgt.hx * t.therm[col];
  }
  return v * (1 + 0.15 * tgt.B);
}

function gauss(rng: Rng): number {
  const u = Math.max(1e-12, rng.float());
  const v = rng.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function weaponReach(m: Model, s: MgvState, i: number): number {
  const w = m.units[i].weapon;
  const a = mainAttack(m, i, s.units[i]);
  if (w === W_PHOTON) return 16;
  return m.data.weapons[w === W_KINETIC ? 'kinetic' : w === W_MISSILE ? 'missile' : 'thermal'].rangePerPoint * a;
}

function nearestEnemy(m: Model, s: MgvState, i: number): number {
  const u = s.units[i];
  let best = -1;
  let bd = Infinity;
  for (let k = 0; k < s.units.length; k++) {
    if (!s.units[k].alive || m.units[k].side === m.units[i].side) continue;
    const d = hypot(s.units[k].x - u.x, s.units[k].y - u.y);
    if (d < bd) {
      bd = d;
      best = k;
    }
  }
  return best;
}

function has(ctx: DecisionContext, c: number): boolean {
  const legal = ctx.legal;
  const n = ctx.n;
  for (let k = 0; k < n; k++) if (legal[k] === c) return true;
  return false;
}

/**
 * Sort key of a move-phase action: the move list is END_UNIT, then legs in increasing (turn,
 * distance, reverse, end) order, then engineering, jamming and self-destruct codes in
 * increasing code order (see engine.ts legalActions).
 */
export function moveKey(c: number): number {
  if (Action.kindIndexOf(c) !== K.leg) return c;
  return (K.leg << 24) | (Action.read.leg.turn(c) << 12) | (Action.read.leg.dist(c) << 2) | (Action.read.leg.reverse(c) << 1) | Action.read.leg.end(c);
}

/** has() for a leg code at a move decision: a binary search on the list's order, a full scan if that misses. */
function hasLeg(ctx: DecisionContext, c: number): boolean {
  const legal = ctx.legal;
  let lo = 1;
  let hi = ctx.n - 1;
  const key = moveKey(c);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = legal[mid];
    if (v === c) return true;
    if (moveKey(v) < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return has(ctx, c); // not found: the answer never depends on the order assumption
}

function enemyJammerAlive(m: Model, s: MgvState, side: number): boolean {
  for (let k = 0; k < m.units.length; k++) if (m.units[k].side !== side && m.units[k].payload === P_JAMMER && s.units[k].alive) return true;
  return false;
}

/** Damage a remote repair would address: S + Mj + infestations. */
function repairWorth(s: MgvState, k: number): number {
  const u = s.units[k];
  let inf = 0;
  for (let c = 0; c < u.infest.length; c++) inf += u.infest[c];
  return u.S + u.Mj + inf;
}

export class MgvHeuristic implements Agent<MgvObservation, MgvState> {
  /** Index of the repair preset (resolved once). */
  private readonly preset: number;
  constructor(
    readonly side: number,
    readonly p: HeuristicParams,
  ) {
    let k = -1;
    for (let r = 0; r < REPAIR_PRESETS.length; r++) if (REPAIR_PRESETS[r].name === p.repairPriority) {
      k = r;
      break;
    }
    this.preset = Math.max(0, k);
  }


  decide(ctx: DecisionContext<MgvObservation>): number {
    const obs = ctx.observe();
    const m = obs.model;
    // read-only on the observation: the rules' caches of this decision go to the agent's memo
    beginReadOnly(obs.state);
    try {
      return this.decideOn(ctx, m, obs.state);
    } finally {
      endReadOnly();
    }
  }

  private decideOn(ctx: DecisionContext<MgvObservation>, m: Model, s: MgvState): number {
    switch (s.step) {
      case ST_DECLARE:
        return this.declare(ctx, m, s);
      case ST_MOVE_POWER: {
        const u = s.units[s.cursor];
        const av = powerAvailable(m, s, s.cursor);
        const enemyJammer = enemyJammerAlive(m, s, this.side);
        let k = this.p.style === 'closer' ? av : 0;
        if (u.Po > 0 || enemyJammer) k = 0;
        return Action.encode.power(Math.min(k, av));
      }
      case ST_MOVE_UNIT:
        return this.move(ctx, m, s);
      case ST_COUNTER: {
        const jp = s.units[s.pAtt] ? Math.max(0, m.units[s.pAtt].payloadPoints - s.units[s.pAtt].Py) : 0;
        const need = Math.ceil(jp / m.data.jamming.counterPerPowerPoint);
        return Action.encode.counter(Math.min(need, powerAvailable(m, s, s.pTarget)));
      }
      case ST_BEACON:
        return this.beacon(ctx, m, s);
      case ST_JAM: {
        if (!this.p.useJammer) return JAM_SKIP;
        let best = JAM_SKIP;
        let bv = -1;
        for (let k = 0; k < ctx.n; k++) {
          const c = ctx.legal[k];
          if (Action.kindIndexOf(c) !== K.jam) continue;
          const j = Action.read.jam.target(c);
          const v = mainAttack(m, j, s.units[j]) + payloadAttack(m, j, s.units[j]);
          if (v > bv) {
            bv = v;
            best = c;
          }
        }
        return best;
      }
      case ST_REPAIR_DESIGNATE: {
        let best = REPAIR_SKIP;
        let bv = repairWorth(s, s.cursor);
        for (let k = 0; k < ctx.n; k++) {
          const c = ctx.legal[k];
          if (Action.kindIndexOf(c) !== K.repairDesignate) continue;
          const v = repairWorth(s, Action.read.repairDesignate.target(c));
          if (v > bv) {
            bv = v;
            best = c;
          }
        }
        return best;
      }
      case ST_PHOTON:
        return this.photon(ctx, m, s);
      case ST_ATTACK:
        return this.attack(ctx, m, s);
      case ST_SPLIT_ATT:
        return Action.encode.split(splitFor(this.p.missileSplit, s.pAttDice, false, hasCoreInfestation(m, s, s.pTarget), coreBias(s, m.units[s.pTarget].side)));
      case ST_SPLIT_DEF:
        return Action.encode.split(splitFor(this.p.missileDefense, s.pDefDice, true, hasCoreInfestation(m, s, s.pTarget), false));
      case ST_RESET_REPAIR:
        return Action.encode.preset(this.preset);
      case ST_BARRAGE: {
        let best = ctx.legal[0];
        let bv = -Infinity;
        for (let k = 0; k < ctx.n; k++) {
          const t = s.units[Action.read.barrage.unit(ctx.legal[k])];
          let v = 0;
          for (let q = 0; q < s.units.length; q++) {
            const o = s.units[q];
            if (!o.alive || hypot(o.x - t.x, o.y - t.y) > 4) continue;
            v += m.units[q].side === this.side ? -1 : 1;
          }
          if (v > bv) {
            bv = v;
            best = ctx.legal[k];
          }
        }
        return best;
      }
    }
    return ctx.legal[0];
  }

  /** Summed best expected damage of the side's weapons (stops early once `enough` is reached). */
  private fireValue(m: Model, s: MgvState, enough = Infinity): number {
    let tot = 0;
    for (let i = 0; i < s.units.length; i++) {
      if (m.units[i].side !== this.side || !s.units[i].alive) continue;
      let best = 0;
      for (let slot = SLOT_MAIN; slot <= SLOT_PAY; slot++) {
        if (!slotReady(m, s, i, slot)) continue;
        for (let j = 0; j < s.units.length; j++) {
          if (!canTarget(m, s, i, slot, j)) continue;
          const v = attackValue(m, s, i, slot, j, this.p);
          if (v > best) best = v;
        }
      }
      tot += best;
      if (tot >= enough) return tot;
    }
    return tot;
  }

  private declare(ctx: DecisionContext, m: Model, s: MgvState): number {
    const canMove = has(ctx, Action.encode.declare(D_MOVE));
    const canFire = has(ctx, Action.encode.declare(D_FIRE));
    const fv = canFire ? this.fireValue(m, s, this.p.fireThreshold) : 0;
    if (canFire && fv >= this.p.fireThreshold) return Action.encode.declare(D_FIRE);
    if (canMove) return Action.encode.declare(D_MOVE);
    return Action.encode.declare(fv > 0 ? D_FIRE : D_PASS_FIRE);
  }

  private move(ctx: DecisionContext, m: Model, s: MgvState): number {
    const i = s.cursor;
    const u = s.units[i];
    const END = END_UNIT;
    if (u.allowance < 0.5) return END;
    // mission strike: an engineering MGV heads for the strike zone (spec §3.16)
    if (m.victoryMode === 2 && m.strikeZone && m.units[i].payload === P_ENGINEERING) {
      const z = m.strikeZone;
      const zx = z.kind === 'circle' ? z.cx : z.kind === 'rect' ? (z.x0 + z.x1) / 2 : z.xs.reduce((a, b) => a + b, 0) / z.xs.length;
      const zy = z.kind === 'circle' ? z.cy : z.kind === 'rect' ? (z.y0 + z.y1) / 2 : z.ys.reduce((a, b) => a + b, 0) / z.ys.length;
      const delta = normDeg(headingTo(u.x, u.y, zx, zy) - u.h);
      const tidx = turnIndexFor(delta);
      const d = distIndex(Math.min(u.allowance - turnCost(delta, m.data.turnCost.step, m.data.turnCost.cost), hypot(zx - u.x, zy - u.y)));
      const c = legCode(tidx, Math.max(1, d), u.legs + 1 >= 2);
      if (d > 0 && hasLeg(ctx, c)) return c;
    }
    const j = nearestEnemy(m, s, i);
    if (j < 0) return END;
    const t = s.units[j];
    const range = rangeBetween(m, u, t);
    const reach = weaponReach(m, s, i);
    const w = m.units[i].weapon;
    const wantFace = w === W_KINETIC || w === W_PHOTON;
    const arc = w === W_KINETIC ? 25 : 80;
    const faceIdx = N_REL_TURNS + j;
    const faceDelta = deltaToFace(u, t.x, t.y);
    const step = m.data.turnCost.step;
    const tcost = m.data.turnCost.cost;
    // facing leg (or END): turn in place to face the target when out of arc
    const faceLeg = wantFace && Math.abs(faceDelta) > arc && turnCost(faceDelta, step, tcost) <= u.allowance ? legCode(faceIdx, 0, true) : END;
    if (this.p.style === 'closer') {
      const want = Math.max(1.5, this.p.rangeFraction * reach);
      if (range <= want + 0.25) return faceLeg;
      // head straight for the target (facing it on the way), stop at the sweet spot
      const left = u.allowance - turnCost(faceDelta, step, tcost);
      const d = Math.min(left, range - want);
      const di = distIndex(d);
      if (di <= 0) return faceLeg;
      const c = legCode(faceIdx, di, true);
      return hasLeg(ctx, c) ? c : END;
    }
    // standoff: keep rangeFraction of the reach (photon: about 12"), prefer cover, keep LOS
    if (u.legs > 0) return faceLeg;
    this.nearCover(m, s, i);
    const want = w === W_PHOTON ? 12 : Math.max(3, this.p.rangeFraction * reach);
    SPOT[0] = u.x;
    SPOT[1] = u.y;
    if (Math.abs(range - want) <= 2 && this.coverAt(m, s, i, j) > 0 && (w === W_MISSILE || hasLos(m, s, i, j))) return faceLeg;
    let best = -1;
    let bestScore = this.score(m, s, i, j, want); // at SPOT = the base's position
    // the largest cover term any spot can get (coverAt only finds features of nearCover's list)
    const coverMax = this.p.coverWeight >= 0 ? this.p.coverWeight * this.maxNearCover : 0;
    const reachOut = Math.max(0, Math.abs(range - want) + 2);
    const xmax = m.width - 0.6;
    const ymax = m.height - 0.6;
    for (let k = 0; k < 8; k++) {
      const delta = normDeg(k * 45 - u.h);
      const tc = turnCost(delta, step, tcost);
      const d = Math.min(u.allowance - tc - (wantFace ? 1 : 0), reachOut);
      if (d < 0.5) continue;
      const nx = Math.min(xmax, Math.max(0.6, u.x + HEAD_SIN[k] * d));
      const ny = Math.min(ymax, Math.max(0.6, u.y + HEAD_COS[k] * d));
      SPOT[0] = nx;
      SPOT[1] = ny;
      // score() term by term, skipping the costly terms when even their best value cannot beat
      // the best spot so far (float addition is monotonic: the bounds are exact)
      const head = -Math.abs(hypot(t.x - nx, t.y - ny) - want) / 2;
      const thr = bestScore + 0.25;
      if (head + coverMax + 3 <= thr) continue;
      const seen = w === W_MISSILE || sightLine(m, s, j) ? 3 : 0;
      if (head + coverMax + seen <= thr) continue;
      const sc = head + this.p.coverWeight * this.coverAt(m, s, i, j) + seen;
      if (sc > bestScore + 0.25) {
        bestScore = sc;
        best = k;
      }
    }
    if (best < 0) return faceLeg;
    const head = best * 45;
    const delta = normDeg(head - u.h);
    const tc = turnCost(delta, step, tcost);
    const d = Math.min(u.allowance - tc - (wantFace ? 1 : 0), Math.abs(range - want) + 2);
    const c = legCode(turnIndexFor(delta), Math.max(1, distIndex(d)), !wantFace);
    return hasLeg(ctx, c) ? c : END;
  }

  /** Cover features within reach of the moving unit this decision (filled by nearCover). */
  private nNear = 0;
  private maxNearCover = 0;

  private nearCover(m: Model, s: MgvState, i: number): void {
    const u = s.units[i];
    const nf = m.features.length;
    if (NEAR.length < nf) NEAR = new Int32Array(nf);
    let n = 0;
    let max = 0;
    const reach = u.allowance + 1.5;
    const lim = (reach + BOX_EPS) * (reach + BOX_EPS);
    const box = m.featBox;
    for (let f = 0; f < nf; f++) {
      const F = m.features[f];
      if (F.cover <= 0 || s.removed[f] || F.coverRule === 4) continue;
      // a feature whose box is out of reach is out of reach
      const bx = Math.max(box[4 * f] - u.x, 0, u.x - box[4 * f + 2]);
      const by = Math.max(box[4 * f + 1] - u.y, 0, u.y - box[4 * f + 3]);
      if (bx * bx + by * by > lim) continue;
      if (pointShapeDistance(F.shape, u.x, u.y) <= reach) {
        NEAR[n++] = f;
        if (F.cover > max) max = F.cover;
      }
    }
    this.nNear = n;
    this.maxNearCover = max;
  }

  /** Cover at SPOT (x, y) against unit j. */
  private coverAt(m: Model, s: MgvState, i: number, j: number): number {
    const x = SPOT[0];
    const y = SPOT[1];
    const t = s.units[j];
    const h = s.units[i].h;
    let best = 0;
    const near = NEAR;
    const box = m.featBox;
    const lim = (1.2 + BOX_EPS) * (1.2 + BOX_EPS);
    for (let k = 0; k < this.nNear; k++) {
      const f = near[k];
      const F = m.features[f];
      if (F.cover <= best) continue;
      // cover needs contact: a point further than 1.2 from the feature's box is further from the feature
      const bx = Math.max(box[4 * f] - x, 0, x - box[4 * f + 2]);
      const by = Math.max(box[4 * f + 1] - y, 0, y - box[4 * f + 3]);
      if (bx * bx + by * by > lim) continue;
      if (pointShapeDistance(F.shape, x, y) > 1.2) continue;
      if (isBehind(x, y, h, m.fp, t.x, t.y, F.shape, 0.6)) best = F.cover;
    }
    return best;
  }

  /** Score of SPOT against unit j. */
  private score(m: Model, s: MgvState, i: number, j: number, want: number): number {
    const t = s.units[j];
    const r = hypot(t.x - SPOT[0], t.y - SPOT[1]);
    // a spot with a clear sight line to the target is worth a range error of 6"
    const seen = m.units[i].weapon === W_MISSILE || sightLine(m, s, j) ? 3 : 0;
    return -Math.abs(r - want) / 2 + this.p.coverWeight * this.coverAt(m, s, i, j) + seen;
  }

  private beacon(ctx: DecisionContext, m: Model, s: MgvState): number {
    const done = BEACON_DONE;
    if (!this.p.useBeacons || s.units[s.cursor].beaconsTurn >= 1) return done;
    let friendsUse = false;
    for (let k = 0; k < m.units.length && !friendsUse; k++) {
      const x = m.units[k];
      friendsUse = x.side === this.side && s.units[k].alive && (x.weapon === W_KINETIC || x.weapon === W_MISSILE);
    }
    if (!friendsUse) return done;
    const j = nearestEnemy(m, s, s.cursor);
    if (j < 0) return done;
    const c = Action.encode.beacon(j, 0);
    return has(ctx, c) ? c : done;
  }

  private photon(ctx: DecisionContext, m: Model, s: MgvState): number {
    const i = s.cursor;
    const slot = s.cursor2 === 0 ? SLOT_MAIN : SLOT_PAY;
    let bj = -1;
    let bv = 0;
    for (let j = 0; j < s.units.length; j++) {
      if (!canTarget(m, s, i, slot, j)) continue;
      const r = rangeBetween(m, s.units[i], s.units[j]);
      const v = attackValue(m, s, i, slot, j, this.p) - r * this.p.photonSigma * 0.4;
      if (bj < 0 || v > bv) {
        bv = v;
        bj = j;
      }
    }
    if (bj < 0) return PHOTON_HOLD;
    const r = rangeBetween(m, s.units[i], s.units[bj]);
    const est = r * (1 + this.p.photonSigma * gauss(ctx.rng)) + this.p.photonSigmaInches * (this.p.photonSigmaInches > 0 ? gauss(ctx.rng) : 0);
    const q = Math.max(1, Math.min(maxEstimateQ(m), Math.round(est / EST_STEP)));
    return photonCode(slot, bj, q);
  }

  private attack(ctx: DecisionContext, m: Model, s: MgvState): number {
    let best = ATTACK_END;
    let bv = 1e-9;
    for (let k = 0; k < ctx.n; k++) {
      const c = ctx.legal[k];
      if (Action.kindIndexOf(c) !== K.attack) continue;
      const v = attackValue(m, s, Action.read.attack.unit(c), Action.read.attack.slot(c), Action.read.attack.target(c), this.p);
      if (v > bv) {
        bv = v;
        best = c;
      }
    }
    // an attack with nothing expected still fires when the policy is aggressive (activity bonus is the enemy's anyway)
    if (bv <= 1e-9 && this.p.style === 'closer') for (let k = 0; k < ctx.n; k++) if (Action.kindIndexOf(ctx.legal[k]) === K.attack) return ctx.legal[k];
    return best;
  }
}

/** Rough sight line for planning from SPOT to unit j: no blocking terrain feature on the segment (bases ignored). */
function sightLine(m: Model, s: MgvState, j: number): boolean {
  const ax = SPOT[0];
  const ay = SPOT[1];
  const bx = s.units[j].x;
  const by = s.units[j].y;
  // the features of every blocking LOS class (block, Y&N, fungus, hill)
  const los = m.losFeatures;
  for (let q = 0; q < los.length; q++) {
    const f = los[q];
    // a segment whose box misses the feature's box has neither end inside and no contact
    if (s.removed[f] || segmentMissesBox(m, f, ax, ay, bx, by)) continue;
    const F = m.features[f];
    if (F.los === LOS_HILL && (pointInShape(F.shape, ax, ay) || pointInShape(F.shape, bx, by))) continue;
    if (segmentTouchesShape(F.shape, ax, ay, bx, by)) return false;
  }
  return true;
}

function distIndex(d: number): number {
  let best = 0;
  for (let k = 0; k < DISTS.length; k++) if (DISTS[k] <= d + 1e-9) best = k;
  return best;
}

export function paramsFrom(style: 'closer' | 'standoff', v: ParamValuesOf<ReturnType<typeof common>>): HeuristicParams {
  return {
    style,
    missileSplit: v.missileSplit,
    missileDefense: v.missileDefense,
    photonSigma: v.photonSigma,
    photonSigmaInches: v.photonSigmaInches,
    fireThreshold: v.fireThreshold,
    rangeFraction: v.rangeFraction,
    coverWeight: v.coverWeight,
    repairPriority: v.repairPriority,
    useBeacons: v.useBeacons,
    useJammer: v.useJammer,
  };
}
void W_THERMAL;
void D_PASS_MOVE;
