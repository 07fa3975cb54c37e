/**
 * Shared pieces of the scripted AT-43 heuristics (spec §7.3): expected kills of a salvo, the
 * nearest enemy, the LP reserve, and the answers to the tactical decisions every policy takes.
 */
import type { DecisionContext } from '../../../core/agent.ts';
import { A } from '../actions.ts';
import { MAX_FIGHTERS, MAX_OBJECTIVES, MAX_SLOTS, N_DIRS, MAX_UNITS, type Model } from '../model.ts';
import type { At43Observation } from '../observe.ts';
import { hypot } from '../../../core/geometry/table/angles.ts';
import { pointBoundaryDistance } from '../../../core/geometry/table/shapes.ts';
import { facesFor, utrNeeded } from '../rules/rolls.ts';
import type { At43State } from '../state.ts';

/** P(success) of one die with re-rolls, in floating point (the agents' hot path; odds.ts has the exact twin). */
function pDie(need: number, rerolls: number): number {
  const faces = facesFor(need);
  if (!(faces >= 0 && faces <= 6 && rerolls >= 0 && rerolls < 8 && (rerolls | 0) === rerolls)) return pDieOf(faces, rerolls);
  const i = faces * 8 + rerolls;
  let p = P_DIE[i];
  if (p !== p) P_DIE[i] = p = pDieOf(faces, rerolls);
  return p;
}
function pDieOf(faces: number, rerolls: number): number {
  const q = 1 - faces / 6;
  return 1 - q ** (rerolls + 1);
}
/** pDie by faces (0..6) and re-rolls (0..7), computed once (NaN: not yet). */
const P_DIE = new Float64Array(7 * 8).fill(NaN);

export type Ctx = DecisionContext<At43Observation, At43State>;

export function leaderDist(o: At43Observation, u: number, v: number): number {
  const m = o.model;
  const a = o.leader[u];
  const b = o.leader[v];
  return Math.sqrt((o.fx[a] - o.fx[b]) ** 2 + (o.fy[a] - o.fy[b]) ** 2) - m.fRadius[a] - m.fRadius[b];
}

export function nearestEnemy(o: At43Observation, u: number, infantryOnly = false): number {
  const m = o.model;
  let best = -1;
  let bd = Infinity;
  const side = m.units[u].side;
  for (let i = 0; i < m.units.length; i++) {
    const V = m.units[i];
    if (V.side === side || o.members[V.index] === 0 || (infantryOnly && V.afv)) continue;
    const d = leaderDist(o, u, V.index);
    if (d < bd) {
      bd = d;
      best = V.index;
    }
  }
  return best;
}

/** Expected kills (infantry) or expected damage successes (AFVs, /2) of weapon w of u at v, ignoring LOS and cover. */
export function expectedKills(o: At43Observation, u: number, w: number, v: number): number {
  const m: Model = o.model;
  const W = m.weapons[w];
  // slots of weapon w on alive fighters of u (model.weaponSlots: fighter * MAX_SLOTS + slot)
  const pairs = m.weaponSlots[u][w];
  let n = 0;
  for (let i = 0; i < pairs.length; i++) if (o.alive[(pairs[i] / MAX_SLOTS) | 0]) n++;
  const band = Math.floor(Math.max(0, leaderDist(o, u, v)) / m.rules.rangeBand.cm);
  const T = oddsOf(m);
  let pHit = band < ODDS_BANDS ? T.hit[w * ODDS_BANDS + band] : NaN;
  if (pHit !== pHit) {
    pHit = pDie(utrNeeded(m.rules.utr, W.accuracy - band), W.rerolls);
    if (band < ODDS_BANDS) T.hit[w * ODDS_BANDS + band] = pHit;
  }
  const V = m.units[v];
  let pDmg = T.dmg[w * MAX_UNITS + v];
  if (pDmg !== pDmg) T.dmg[w * MAX_UNITS + v] = pDmg = pDie(utrNeeded(m.rules.utr, W.penetration - V.profile.protection), 0);
  const e = n * W.attackRate * pHit * pDmg;
  return V.afv ? (e * W.damage) / Math.max(1, V.profile.frameSP) * (V.cost / Math.max(1, V.fielded)) / 30 : Math.min(e, o.members[v]) * (V.cost / Math.max(1, V.fielded)) / 30;
}

/** Range bands kept in expectedKills' odds tables (farther bands are computed each time). */
const ODDS_BANDS = 32;
/** expectedKills' odds for the latest model (NaN: not yet): to hit by weapon and band, to damage by weapon and target unit. */
const odds = { model: null as Model | null, hit: new Float64Array(0), dmg: new Float64Array(0) };
function oddsOf(m: Model): typeof odds {
  if (odds.model !== m) {
    odds.model = m;
    odds.hit = new Float64Array(m.weapons.length * ODDS_BANDS).fill(NaN);
    odds.dmg = new Float64Array(m.weapons.length * MAX_UNITS).fill(NaN);
  }
  return odds;
}

// Action code ranges of the shots (a kind owns one contiguous range: core/decision/codec.ts),
// so that the scans below test a code with two compares instead of A.is.
const SHOOT_LO = A.encode.shoot(0, 0);
const SHOOT_HI = SHOOT_LO + MAX_SLOTS * MAX_UNITS;
const AFV_LO = A.encode.shootAfv(0, 0);
const AFV_HI = AFV_LO + MAX_SLOTS * MAX_FIGHTERS;

/**
 * Per-decision memo: an observation is built once per decision and the state does not change
 * while an agent decides, so what depends only on it is computed once per observation (a stamp
 * per entry, no clearing, no allocation): expected kills of the active unit's weapon types at
 * each target, each unit's distance to the nearest objective, the shot scan.
 */
const memo = {
  o: null as At43Observation | null,
  stamp: 0,
  /** expectedKills(o, o.unit, weaponTypes[k], v) at k * MAX_UNITS + v. */
  ek: new Float64Array(MAX_SLOTS * MAX_UNITS),
  ekAt: new Int32Array(MAX_SLOTS * MAX_UNITS),
  objD: new Float64Array(MAX_UNITS),
  objDAt: new Int32Array(MAX_UNITS),
  /** formationReach(o, u). */
  reach: new Float64Array(MAX_UNITS),
  reachAt: new Int32Array(MAX_UNITS),
  /** objectiveOf for every unit of side s, once per side (mineAt[s] === stamp). */
  mine: new Int32Array(MAX_UNITS),
  mineAt: new Int32Array(2),
  /** The last shot scan: its context, legal count and `near` (NaN: none), its two answers. */
  scanCtx: null as Ctx | null,
  scanN: -1,
  scanNear: NaN,
  best: -1,
  bv: -1,
  bestNear: -1,
  bvNear: -1,
};

/** Starts the memo over when o is a new observation (a new decision). */
function memoOf(o: At43Observation): typeof memo {
  if (memo.o !== o) {
    memo.o = o;
    memo.stamp = memo.stamp === 0x7fffffff ? 1 : memo.stamp + 1;
    memo.scanCtx = null;
  }
  return memo;
}

/** expectedKills of weapon type k (index in its weapon types) of the active unit at unit v, once per decision. */
function activeKills(o: At43Observation, k: number, v: number): number {
  const M = memoOf(o);
  const i = k * MAX_UNITS + v;
  if (M.ekAt[i] !== M.stamp) {
    M.ek[i] = expectedKills(o, o.unit, o.model.units[o.unit].weaponTypes[k], v);
    M.ekAt[i] = M.stamp;
  }
  return M.ek[i];
}

/**
 * One pass over the legal shots by expected kills: the best of all (memo.best, memo.bv) and the
 * best at units whose leader is within `near` cm of an objective (memo.bestNear, memo.bvNear;
 * near NaN: not asked). Each best is the first legal shot of the highest value, as one scan per
 * filter found it. The shots lead the legal actions (decisions/activation.ts lists them before
 * its moves, close combat, drills and end, and no other decision has any): the pass stops at the
 * first action after them.
 */
function scanShots(ctx: Ctx, o: At43Observation, near: number): typeof memo {
  const M = memoOf(o);
  if (M.scanCtx === ctx && M.scanN === ctx.n && (Object.is(M.scanNear, near) || Number.isNaN(near))) return M;
  let best = -1;
  let bv = -1;
  let bestNear = -1;
  let bvNear = -1;
  const filter = !Number.isNaN(near);
  const m = o.model;
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    let v: number;
    let t: number;
    if (a >= SHOOT_LO && a < SHOOT_HI) {
      t = A.read.shoot.target(a);
      v = activeKills(o, A.read.shoot.weapon(a), t);
    } else if (a >= AFV_LO && a < AFV_HI) {
      // focus fire: a single AFV is worth more the more damaged its frame already is
      const f = A.read.shootAfv.fighter(a);
      t = m.fUnit[f];
      const frame = m.units[t].profile.frameSP;
      v = activeKills(o, A.read.shootAfv.weapon(a), t) * (1 + (frame - o.sp[f * 6]) / Math.max(1, frame)) * 0.99;
    } else break;
    if (v > bv) {
      bv = v;
      best = a;
    }
    if (filter && v > bvNear && nearObjective(o, t, near)) {
      bvNear = v;
      bestNear = a;
    }
  }
  M.scanCtx = ctx;
  M.scanN = ctx.n;
  M.scanNear = near;
  M.best = best;
  M.bv = bv;
  M.bestNear = bestNear;
  M.bvNear = bvNear;
  return M;
}

/** Best legal shot by expected kills; returns [action, value] (action -1 when none). */
export function bestShot(ctx: Ctx, o: At43Observation): [number, number] {
  const M = scanShots(ctx, o, NaN);
  return [M.best, M.bv];
}

export function has(ctx: Ctx, a: number): boolean {
  for (let i = 0; i < ctx.n; i++) if (ctx.legal[i] === a) return true;
  return false;
}

export function moveTo(ctx: Ctx, rush: boolean, goal: number): number {
  const a = A.encode.move(rush ? 1 : 0, goal);
  return has(ctx, a) ? a : -1;
}

export const goalUnit = (v: number) => N_DIRS + v;
export const goalObjective = (k: number) => N_DIRS + MAX_UNITS + k;

/** LP to keep for the officer-less units still to activate (spec §7.3 LP budgeting). */
export function lpReserve(o: At43Observation): number {
  let r = 0;
  const q = o.mySequence;
  for (let i = 0; i < q.length; i++) if (!o.officer[q[i]]) r++;
  return r;
}

/**
 * Answers to the decisions outside an activation: card order by `priority` (highest first),
 * wager, first player (self), sequence options (play), rally and pay when affordable, keep an
 * immobilised AFV, always fire on overwatch. Returns -1 inside an activation.
 */
/** Card priority of unit u: the nearer its nearest enemy, the earlier (gunline, assault). */
export function nearestEnemyFirst(o: At43Observation, u: number): number {
  const e = nearestEnemy(o, u);
  return e < 0 ? 0 : -leaderDist(o, u, e);
}

const K_TURN = A.kindIndex.turn;
const K_PAY = A.kindIndex.pay;
const K_FIRST = A.kindIndex.first;
const K_EJECT = A.kindIndex.eject;
const K_PICK_EXTRA = A.kindIndex.pickExtra;
const K_JOIN = A.kindIndex.join;
const PLAY = A.encode.turn(0);
const PAY = A.encode.pay(1);
const KEEP = A.encode.eject(0);
const FIRST_CARD = A.encode.pickExtra(0);

/**
 * tactical()'s answers that read nothing of the observation, told by the kind of the first legal
 * action (each decision has action kinds of its own): play the first card, pay for a unit without
 * officer, name side `first` as the first player, keep an immobilised AFV, the first revealed card
 * of an extra activation first, a lone hero joins the first unit offered. -1 for every other
 * decision. An agent asks it before observing: about 20 of the 76 decisions a game on sector55
 * (gunline vs assault) would otherwise build an observation for nothing.
 */
export function quickAnswer(ctx: Ctx, first: number): number {
  const k = A.kindIndexOf(ctx.legal[0]);
  if (k === K_TURN) return PLAY;
  if (k === K_PAY) return PAY;
  if (k === K_FIRST) return A.encode.first(first);
  if (k === K_EJECT) return KEEP;
  if (k === K_PICK_EXTRA) return FIRST_CARD;
  if (k === K_JOIN) return ctx.n > 1 ? ctx.legal[1] : ctx.legal[0];
  return -1;
}

export function tactical(ctx: Ctx, o: At43Observation, priority: (o: At43Observation, u: number) => number, wager: (o: At43Observation, max: number) => number): number {
  switch (o.pending) {
    case 'order': {
      let best = ctx.legal[0];
      let bv = -Infinity;
      for (let i = 0; i < ctx.n; i++) {
        const v = priority(o, A.read.order.unit(ctx.legal[i]));
        if (v > bv) {
          bv = v;
          best = ctx.legal[i];
        }
      }
      return best;
    }
    case 'wager': {
      const w = Math.min(ctx.n - 1, Math.max(0, wager(o, ctx.n - 1)));
      return A.encode.wager(w);
    }
    case 'first':
      return A.encode.first(o.me);
    case 'overwatch':
      // with Split fire, the standard weapons fire now and the special weapons keep the marker
      return has(ctx, A.encode.overwatch(2)) ? A.encode.overwatch(2) : A.encode.overwatch(1);
    case 'rally':
      return o.lp[o.me] - 2 >= lpReserve(o) ? A.encode.rally(1) : A.encode.rally(0);
    case 'pay':
      return A.encode.pay(1);
    case 'eject':
      return A.encode.eject(0);
    case 'pickExtra':
      return A.encode.pickExtra(0);
    case 'join':
      // a lone hero always takes the lead of the first unit he may join ("encouraged by his presence", p.70)
      return ctx.n > 1 ? ctx.legal[1] : ctx.legal[0];
  }
  if (o.unit < 0) return A.encode.turn(0);
  return -1;
}

/** The reach of unit u's formation: the farthest edge of an alive member from its leader's centre (once per decision). */
export function formationReach(o: At43Observation, u: number): number {
  const M = memoOf(o);
  if (M.reachAt[u] === M.stamp) return M.reach[u];
  const m = o.model;
  const U = m.units[u];
  const L = o.leader[u];
  let reach = 0;
  for (let f = U.first; f < U.first + U.count; f++) if (o.alive[f]) reach = Math.max(reach, hypot(o.fx[f] - o.fx[L], o.fy[f] - o.fy[L]) + m.fRadius[f]);
  M.reach[u] = reach;
  M.reachAt[u] = M.stamp;
  return reach;
}

/**
 * Could unit u be under cover (p.66-67)? A cover obstacle low enough for its fighters (Size one
 * below theirs, two below under Take cover: A21) within `cover.depthCm` of its formation. In the
 * open, "Take cover!" buys nothing.
 */
export function coverNearby(o: At43Observation, u: number): boolean {
  const m = o.model;
  const U = m.units[u];
  const L = o.leader[u];
  const depth = m.opts['cover.depthCm'];
  const reach = formationReach(o, u);
  for (let t = 0; t < m.terrain.length; t++) {
    const T = m.terrain[t];
    const low = U.profile.size - T.size;
    if (!T.cover || (low !== 1 && low !== 2)) continue;
    if (depth <= 0 || pointBoundaryDistance(T.shape, o.fx[L], o.fy[L]) <= depth + reach) return true;
  }
  return false;
}

/** End-of-activation drills by priority (Take cover when cover is at hand > Overwatch > Knee), keeping the reserve. */
export function drillOrEnd(ctx: Ctx, o: At43Observation, wantCover: boolean, wantOverwatch: boolean): number {
  const spare = o.lp[o.me] - lpReserve(o);
  if (spare >= 1 && wantCover && has(ctx, A.encode.drill(2)) && coverNearby(o, o.unit)) return A.encode.drill(2);
  if (spare >= 1 && wantOverwatch && has(ctx, A.encode.drill(1))) return A.encode.drill(1);
  return A.encode.end();
}

// ---- objectives (seed p.72-73): take, contest and hold them ----

/** Fighters of `side` counted for objective k (infantry within the control radius, p.73). */
export function countAt(o: At43Observation, k: number, side: number): number {
  const m = o.model;
  const O = m.objectives[k];
  const R = m.rules.control.radiusCm;
  let n = 0;
  for (let f = 0; f < m.nF; f++) {
    if (!o.alive[f] || m.fSide[f] !== side || m.fAfv[f]) continue;
    if (Math.sqrt((o.fx[f] - O.x) ** 2 + (o.fy[f] - O.y) ** 2) - m.fRadius[f] <= R) n++;
  }
  return n;
}

/** Distance from unit u's leader to objective k's point. */
export function objectiveDist(o: At43Observation, u: number, k: number): number {
  const m = o.model;
  const L = o.leader[u];
  const x = o.fx[L];
  const y = o.fy[L];
  const D = objectiveDists;
  // a leader stands still for many decisions: his distances are kept with his place (exact reuse)
  if (D.model !== m) {
    D.model = m;
    D.leader.fill(-1);
  }
  if (D.leader[u] !== L || D.x[u] !== x || D.y[u] !== y) {
    for (let j = 0; j < m.objectives.length; j++) D.d[u * MAX_OBJECTIVES + j] = hypot(x - m.objectives[j].x, y - m.objectives[j].y);
    D.leader[u] = L;
    D.x[u] = x;
    D.y[u] = y;
  }
  return D.d[u * MAX_OBJECTIVES + k];
}

/** objectiveDist's cache: per unit, the leader and his place the distances at u * MAX_OBJECTIVES + k were computed for. */
const objectiveDists = {
  model: null as Model | null,
  leader: new Int32Array(MAX_UNITS).fill(-1),
  x: new Float64Array(MAX_UNITS),
  y: new Float64Array(MAX_UNITS),
  d: new Float64Array(MAX_UNITS * MAX_OBJECTIVES),
};

/** Distance from unit v's leader to the nearest objective (Infinity without objectives). */
export function nearestObjectiveDist(o: At43Observation, v: number): number {
  const M = memoOf(o);
  if (M.objDAt[v] === M.stamp) return M.objD[v];
  let d = Infinity;
  for (let k = 0; k < o.model.objectives.length; k++) d = Math.min(d, objectiveDist(o, v, k));
  M.objD[v] = d;
  M.objDAt[v] = M.stamp;
  return d;
}

const richest = { model: null as Model | null, order: [] as readonly number[] };
/** The objective indices, the richest (VP per round) first (computed once for the latest model). */
function richestFirst(m: Model): readonly number[] {
  if (richest.model !== m) {
    richest.model = m;
    richest.order = [...m.objectives.keys()].sort((a, b) => m.objectives[b].vp - m.objectives[a].vp || a - b);
  }
  return richest.order;
}

/**
 * The objective unit u takes and holds, or -1 (a free unit): each objective, the richest first,
 * gets the nearest infantry unit of u's side not yet given one (AFVs do not count for control).
 */
export function objectiveOf(o: At43Observation, u: number): number {
  const m = o.model;
  const side = m.units[u].side;
  if (m.objectives.length === 0 || m.units[u].afv) return -1;
  const M = memoOf(o);
  if (M.mineAt[side] !== M.stamp) {
    // the assignment of the whole side, once per decision (it does not depend on u)
    const units = m.units;
    for (let i = 0; i < units.length; i++) if (units[i].side === side) M.mine[i] = -1;
    let taken = 0; // bit per unit given an objective
    const order = richestFirst(m);
    for (let j = 0; j < order.length; j++) {
      const k = order[j];
      let best = -1;
      let bd = Infinity;
      for (let i = 0; i < units.length; i++) {
        const U = units[i];
        if (U.side !== side || U.afv || o.members[U.index] === 0 || taken & (1 << U.index)) continue;
        const d = objectiveDist(o, U.index, k);
        if (d < bd) {
          bd = d;
          best = U.index;
        }
      }
      if (best < 0) break;
      M.mine[best] = k;
      taken |= 1 << best;
    }
    M.mineAt[side] = M.stamp;
  }
  return M.mine[u];
}

/** An objective the enemy of `side` holds or disputes (his count at least ours and above 0), the nearest to unit u; -1 if none. */
export function contestedObjective(o: At43Observation, u: number): number {
  const side = o.model.units[u].side;
  let best = -1;
  let bd = Infinity;
  for (let k = 0; k < o.model.objectives.length; k++) {
    const theirs = countAt(o, k, 1 - side);
    if (theirs === 0 || theirs < countAt(o, k, side)) continue;
    const d = objectiveDist(o, u, k);
    if (d < bd) {
      bd = d;
      best = k;
    }
  }
  return best;
}

/** Does enemy unit v stand on an objective or close to one (its leader within `near` cm)? */
export function nearObjective(o: At43Observation, v: number, near: number): boolean {
  return nearestObjectiveDist(o, v) <= near;
}

/**
 * The move of a unit going to objective k, or -1 when it is in place (leader within `hold` cm)
 * or cannot move: a rush while the objective is farther than a combat move, no enemy unit stands
 * within `near` cm of it and no shot worth `rushFloor` (expected kills) is to be had (a rush
 * forbids shooting), else a combat move (the unit may shoot after it, at what disputes the
 * objective, unless it ends in contact). With `keepOff` >= 0 (a shooting unit) and a shot worth
 * firing from where it stands (`shotValue` above 0.05), no move that would bring the unit within
 * `keepOff` cm of an enemy fighter: it stays and shoots.
 */
export function takeObjective(ctx: Ctx, o: At43Observation, k: number, hold: number, near: number, keepOff = -1, shotValue = 0, rushFloor = Infinity): number {
  if (o.moved) return -1;
  const u = o.unit;
  const d = objectiveDist(o, u, k);
  if (d <= hold) return -1;
  if (keepOff >= 0 && shotValue > 0.05 && !safeMove(o, u, o.model.objectives[k].x, o.model.objectives[k].y, Math.min(d - hold, o.model.units[u].profile.movement + o.model.rules.movement.rushInfantry), keepOff)) return -1;
  if (!o.shot && shotValue <= rushFloor && d - hold > o.model.units[u].profile.movement && !enemyNear(o, k, 1 - o.model.units[u].side, near)) {
    const a = moveTo(ctx, true, goalObjective(k));
    if (a >= 0) return a;
  }
  return moveTo(ctx, false, goalObjective(k));
}

/** Has `side` a unit whose leader stands within `near` cm of objective k? */
export function enemyNear(o: At43Observation, k: number, side: number, near: number): boolean {
  const units = o.model.units;
  for (let i = 0; i < units.length; i++) if (units[i].side === side && o.members[i] > 0 && objectiveDist(o, i, k) <= near) return true;
  return false;
}

/** Does `side` hold objective k with a margin (at least two fighters more than the enemy within the control radius)? */
export function securelyHeld(o: At43Observation, k: number, side: number): boolean {
  return countAt(o, k, side) >= countAt(o, k, 1 - side) + 2;
}

/** The objective a free unit u goes to support: the nearest one its side does not hold securely, or -1. */
export function objectiveToSupport(o: At43Observation, u: number): number {
  const side = o.model.units[u].side;
  let best = -1;
  let bd = Infinity;
  for (let k = 0; k < o.model.objectives.length; k++) {
    if (securelyHeld(o, k, side)) continue;
    const d = objectiveDist(o, u, k);
    if (d < bd) {
      bd = d;
      best = k;
    }
  }
  return best;
}

/** Best shot, preferring (×`bonus`) units on or near an objective (within `near` cm). */
export function bestShotForObjectives(ctx: Ctx, o: At43Observation, near: number, bonus: number): [number, number] {
  if (o.model.objectives.length === 0) return bestShot(ctx, o);
  const M = scanShots(ctx, o, near);
  return M.bestNear >= 0 && M.bvNear * bonus >= M.bv ? [M.bestNear, M.bvNear * bonus] : [M.best, M.bv];
}

/**
 * Would unit u, moved t cm straight toward (gx, gy), keep every alive enemy fighter farther
 * than `keepOff` cm from its formation (the leader's place plus the formation's reach)? The
 * estimate of a shooting unit that must not walk into close combat.
 */
export function safeMove(o: At43Observation, u: number, gx: number, gy: number, t: number, keepOff: number): boolean {
  const m = o.model;
  const U = m.units[u];
  const L = o.leader[u];
  const len = hypot(gx - o.fx[L], gy - o.fy[L]);
  if (len < 1e-9) return true;
  const x = o.fx[L] + ((gx - o.fx[L]) * Math.min(t, len)) / len;
  const y = o.fy[L] + ((gy - o.fy[L]) * Math.min(t, len)) / len;
  const reach = formationReach(o, u);
  for (let g = 0; g < m.nF; g++) {
    if (!o.alive[g] || m.fSide[g] === U.side) continue;
    // far beyond keepOff (by 1 cm, well above rounding): safe without the exact distance
    const dx = o.fx[g] - x;
    const dy = o.fy[g] - y;
    const lim = keepOff + m.fRadius[g] + reach + 1;
    if (lim > 0 && dx * dx + dy * dy > lim * lim) continue;
    if (hypot(dx, dy) - m.fRadius[g] - reach < keepOff) return false;
  }
  return true;
}

/** Expected eliminations per round of close combat by unit a's fighters on unit b's (one die per attack, p.71). */
export function meleeRate(o: At43Observation, a: number, b: number): number {
  // a constant of the model: kept per unit pair for the latest model (NaN: not yet)
  const m = o.model;
  if (melee.model !== m) {
    melee.model = m;
    melee.rate.fill(NaN);
  }
  const i = a * MAX_UNITS + b;
  let r = melee.rate[i];
  if (r !== r) melee.rate[i] = r = meleeRateOf(m, a, b);
  return r;
}
const melee = { model: null as Model | null, rate: new Float64Array(MAX_UNITS * MAX_UNITS) };
function meleeRateOf(m: Model, a: number, b: number): number {
  const A_ = m.units[a];
  const B = m.units[b];
  if (A_.ccWeapon < 0 || B.afv) return 0;
  const W = m.weapons[A_.ccWeapon];
  const pHit = pDie(utrNeeded(m.rules.utr, W.accuracy - B.profile.combat), W.rerolls);
  const pDmg = pDie(utrNeeded(m.rules.utr, W.penetration - B.profile.protection), 0);
  return W.attackRate * pHit * pDmg;
}

/** Does unit u's fighter kill at least as many in close combat as enemy unit e's kills of u's (per fighter and round)? */
export function meleeFavours(o: At43Observation, u: number, e: number): boolean {
  return meleeRate(o, u, e) >= meleeRate(o, e, u);
}

/**
 * A shooting unit caught in a close combat it loses (the enemy in contact kills more per fighter
 * than it does): the combat move (halved, p.58) straight away from the nearest enemy, so that it
 * is free to shoot at its next activation; -1 when it should stay (a fair fight, an objective it
 * holds, or no move).
 */
export function disengage(ctx: Ctx, o: At43Observation, holding: boolean): number {
  if (o.moved || o.shot || o.fought || holding) return -1;
  const u = o.unit;
  const e = nearestEnemy(o, u, true);
  if (e < 0 || leaderDist(o, u, e) > 12 || meleeRate(o, e, u) <= meleeRate(o, u, e)) return -1;
  return moveAwayFrom(ctx, o, u, e);
}

/** The compass move (combat movement) of unit u straight away from enemy unit e, or -1. */
export function moveAwayFrom(ctx: Ctx, o: At43Observation, u: number, e: number): number {
  const L = o.leader[u];
  const E = o.leader[e];
  const ax = o.fx[L] - o.fx[E];
  const ay = o.fy[L] - o.fy[E];
  let best = -1;
  let bv = -Infinity;
  for (let g = 0; g < N_DIRS; g++) {
    // heading g: (sin, cos) of g × 45° (rules/movement.ts goalVector)
    const v = Math.sin((g * Math.PI) / 4) * ax + Math.cos((g * Math.PI) / 4) * ay;
    if (v > bv && has(ctx, A.encode.move(0, g))) {
      bv = v;
      best = g;
    }
  }
  return best < 0 ? -1 : A.encode.move(0, best);
}

/**
 * Keeping an officer alive: a unit led by its officer and down to `few` members (losses go
 * nearest the shooter first, so he is among the next) steps out of the charge reach of an enemy
 * infantry unit that wins close combats against it (its Movement + rush + contact), unless it
 * holds an objective; it may still shoot after the move. -1 when nothing threatens him.
 */
export function protectOfficer(ctx: Ctx, o: At43Observation, few: number, holding: boolean): number {
  const u = o.unit;
  if (o.moved || o.shot || holding || !o.officer[u] || o.members[u] > few) return -1;
  const m = o.model;
  for (let i = 0; i < m.units.length; i++) {
    const V = m.units[i];
    if (V.side === o.me || V.afv || o.members[V.index] === 0 || meleeFavours(o, u, V.index)) continue;
    if (leaderDist(o, u, V.index) <= V.profile.movement + m.rules.movement.rushInfantry + m.rules.contact.cm) return moveAwayFrom(ctx, o, u, V.index);
  }
  return -1;
}

/**
 * The priors a scripted agent gives the generic search (`Agent.rank`, the system's search
 * policy): its own choice 1 above the rest; among the others, inside an activation, the shots
 * by expected kills (up to 0.3), a close combat 0.2, moves toward an objective 0.15, toward an
 * enemy 0.05, the end of the activation 0.05; outside an activation, nothing more.
 */
export function rankAround(ctx: Ctx, o: At43Observation, choice: number, out: Float64Array): void {
  const inActivation = o.pending === null && o.unit >= 0;
  const U = inActivation ? o.model.units[o.unit] : null;
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    let v = a === choice ? 1 : 0;
    if (U !== null) {
      if (a >= SHOOT_LO && a < SHOOT_HI) v += 0.3 * Math.min(1, activeKills(o, A.read.shoot.weapon(a), A.read.shoot.target(a)));
      else if (A.is(a, 'fight')) v += 0.2;
      else if (A.is(a, 'move')) {
        const g = A.read.move.goal(a);
        v += g >= N_DIRS + MAX_UNITS ? 0.15 : g >= N_DIRS ? 0.05 : 0;
      } else if (A.is(a, 'end')) v += 0.05;
    }
    out[i] = v;
  }
}

