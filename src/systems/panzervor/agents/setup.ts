/**
 * The heuristics' set-up (spec §7.2 "placement hexes and facings inside the zone; character
 * placement where free"): each tank faces the enemy's centre, marksmen stand back and brawlers
 * forward (`setupDepth`), a flag tank stays back, and hexes next to cover are preferred; a free
 * character goes on the most valuable tank.
 */
import type { DecisionContext } from '../../../core/agent.ts';
import { Action } from '../actions.ts';
import { MATCH_FLAG, codeOf, type PvStatic } from '../model.ts';
import type { PvObservation } from '../observe.ts';
import { inFrontArc } from '../rules/board.ts';
import { frontMasks } from './evaluator.ts';
import type { Style } from './style.ts';

/** The last set-up reference hex and the coordinate sums it was found for (kept by the caller). */
export interface ReferenceCache {
  refQ: number;
  refR: number;
  refN: number;
  ref: number;
}

/**
 * When the enemy moves first, a tank placed within easy reach of the enemy gives it a free shot
 * before the tank can act (a brawler placed forward in fake-battle's Team A lost 22 of 100 games
 * to random, most to a first-turn shot at 2 to 5 hexes): whatever the style, each hex closer to the
 * enemy than FIRST_MOVE_REACH costs SECOND_MOVER_PENALTY. Zones farther apart (saunders-flag's 13
 * hexes) leave the style's depth alone: there a forward brawler gets its shots in first.
 */
const FIRST_MOVE_REACH = 8;
const SECOND_MOVER_PENALTY = 0.3;

/** The placement of the side's next tank: facing the enemy, at the style's depth (out of the first mover's reach), near cover. */
export function decidePlacement(G: PvStatic, style: Style, side: number, ws: ReferenceCache, o: PvObservation, ctx: DecisionContext<PvObservation>): number {
  if (style.screen !== undefined && G.movesFirst !== side) return decideScreenPlacement(G, style.screen, side, ws, o, ctx);
  const ref = enemyReference(o, side, ws);
  const exposed = G.movesFirst === side ? 0 : SECOND_MOVER_PENALTY;
  const t = firstUnplaced(o, side);
  const flagTank = t >= 0 && G.matchType === MATCH_FLAG && G.tFlag[t] === 1;
  const flank = style.flank ?? 0;
  return bestPlacement(G, ctx, ref, () => ref, (v, h, d) => {
    v += style.setupDepth * d;
    if (d < FIRST_MOVE_REACH) v -= exposed * (FIRST_MOVE_REACH - d);
    // Own flag tank: stay back.
    if (flagTank) v += 0.3 * d;
    if (flank > 0) v -= flank * frontArcsOn(G, o, side, h);
    return v;
  });
}

/**
 * How many placed enemy tanks hold hex h in their front arc (spec §3.2): a fixed gun fires only
 * there (seed p11), and a tank standing outside it is shot at on its side or rear armour.
 */
export function frontArcsOn(G: PvStatic, o: PvObservation, side: number, h: number): number {
  let n = 0;
  for (let t = 0; t < G.nT; t++) {
    if (G.tSide[t] === side || o.hex[t] < 0 || !o.alive[t] || o.hex[t] === h) continue;
    if (inFrontArc(G, o.hex[t], h, o.facing[t])) n++;
  }
  return n;
}

/**
 * The best placement option: facing the hex `toward(h)` (1 inside the front arc, 0.05 less per turn
 * short of it), then `score(v, h, d)` adds the style's terms to that value (d: hexes from h to `ref`),
 * then a little cover (0.05 per blocking hex around). The hex's numbers are computed once for its six
 * facings (the options come six to a hex).
 */
function bestPlacement(G: PvStatic, ctx: DecisionContext<PvObservation>, ref: number, toward: (h: number) => number, score: (v: number, h: number, d: number) => number): number {
  const cover = coverTable(G);
  const front = frontMasks(G);
  let best = ctx.legal[0];
  let bestV = -Infinity;
  let lastHex = -1;
  let d = 0;
  let mask = 0;
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    const h = Action.read.place.hex(a);
    const f = Action.read.place.facing(a);
    if (h !== lastHex) {
      lastHex = h;
      d = G.grid.distance(h, ref);
      // inFrontArc(G, h, toward(h), dir) for every dir, as a bit mask.
      mask = front[codeOf(G, h, toward(h)) + 1];
    }
    let v = (mask >> f) & 1 ? 1 : 0;
    v -= 0.05 * Math.abs(turnToward(mask, f));
    v = score(v, h, d);
    for (let c = cover[h]; c > 0; c--) v += 0.05;
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

/**
 * The anvil's set-up (anvil.ts): the `forward` own tanks least worth keeping back stand as close to
 * the enemy as the zone allows (`forwardDepth` per hex, negative), the others as far back
 * (`backDepth` per hex); every tank faces the enemy, a little cover is preferred. A tank is worth
 * keeping back by its points, `csWeight` more when its crew gives Combat Sense (a second Action card
 * a turn, seed p13), and its size modifier (an easier target, seed p10).
 */
export interface ScreenPlan {
  readonly forward: number;
  readonly forwardDepth: number;
  readonly backDepth: number;
  readonly csWeight: number;
  /**
   * A forward tank stands at least this many hexes from every hex the enemy stands on or may be
   * placed on (0 = no limit): out of the short-range band (+2/+1 damage at 1-2 hexes, seed p11).
   */
  readonly standoff: number;
  /** Distance from the forward tank's hex that the others prefer (0 = no preference), and the value lost per hex off it. */
  readonly support: number;
  readonly supportWeight: number;
}

/** Whether tank t is among the `forward` tanks of its side least worth keeping back (ties: the later tank). */
export function isForward(G: PvStatic, o: PvObservation, side: number, t: number, plan: ScreenPlan): boolean {
  const tanks = G.sideTanks[side];
  const n = Math.min(plan.forward, tanks.length - 1);
  if (n <= 0) return false;
  const keep = (u: number): number => {
    let cs = 0;
    for (let c = 0; c < G.nC; c++) if (o.chTank[c] === u && o.chFace[c] <= 1 && G.cCS[2 * c + o.chFace[c]]) cs = 1;
    // The flag tank is never the bait (a Flag Battle is lost with it, p14).
    return G.tPts[u] + plan.csWeight * cs + G.tSize[u] + (G.matchType === MATCH_FLAG && G.tFlag[u] ? 1000 : 0);
  };
  const kt = keep(t);
  let before = 0;
  for (const u of tanks) {
    if (u === t) continue;
    const ku = keep(u);
    if (ku < kt || (ku === kt && u > t)) before++;
  }
  return before < n;
}

/** The placement of the side's next tank under a screen plan (above). */
export function decideScreenPlacement(G: PvStatic, plan: ScreenPlan, side: number, ws: ReferenceCache, o: PvObservation, ctx: DecisionContext<PvObservation>): number {
  const ref = enemyReference(o, side, ws);
  const t = firstUnplaced(o, side);
  const forward = t >= 0 && isForward(G, o, side, t, plan);
  // Where the forward tank stands, or will stand (forwardSpot).
  const anchor = forward || plan.support <= 0 ? -1 : forwardHex(G, o, side, plan, ref);
  const centre = forward ? zoneCentre(G, t) : -1;
  // Face the nearest hex an enemy stands on or may be placed on (the first of equals), not the
  // zone's centre: its first shots come from there.
  return bestPlacement(G, ctx, ref, (h) => nearestEnemyHex(G, o, side, h, ref), (v, h, d) => {
    v += forward ? forwardSpot(G, o, side, plan, ref, h, centre) : plan.backDepth * d;
    if (anchor >= 0) v -= plan.supportWeight * Math.abs(G.grid.distance(h, anchor) - plan.support);
    return v;
  });
}

/** The enemy's hex nearest h: of its placed tanks, else of its placement zones (the first of equals); ref when none. */
function nearestEnemyHex(G: PvStatic, o: PvObservation, side: number, h: number, ref: number): number {
  let best = -1;
  let bd = Infinity;
  let placed = false;
  for (let t = 0; t < G.nT; t++) if (G.tSide[t] !== side && o.hex[t] >= 0) placed = true;
  for (let t = 0; t < G.nT; t++) {
    if (G.tSide[t] === side) continue;
    const hexes = placed ? (o.hex[t] >= 0 ? [o.hex[t]] : []) : G.tZone[t] ?? (G.tStartHex[t] >= 0 ? [G.tStartHex[t]] : []);
    for (const x of hexes) {
      const d = G.grid.distance(h, x);
      if (d < bd || (d === bd && x < best)) {
        bd = d;
        best = x;
      }
    }
  }
  return best >= 0 && best !== h ? best : ref;
}

/**
 * The set-up value of hex h for a forward tank: close to the enemy (forwardDepth per hex), but not
 * within `standoff` of a hex the enemy stands on or may be placed on, then near the centre of its
 * own zone (ties).
 */
function forwardSpot(G: PvStatic, o: PvObservation, side: number, plan: ScreenPlan, ref: number, h: number, centre: number): number {
  let v = plan.forwardDepth * G.grid.distance(h, ref);
  if (plan.standoff > 0 && G.grid.distance(h, nearestEnemyHex(G, o, side, h, ref)) < plan.standoff) v -= 10;
  if (centre >= 0) v -= 0.1 * G.grid.distance(h, centre);
  return v;
}

/** The hex of a zone nearest all of its hexes (its centre); -1 without a zone. */
function zoneCentre(G: PvStatic, t: number): number {
  const z = G.tZone[t];
  if (!z) return -1;
  let best = -1;
  let bs = Infinity;
  for (const h of z) {
    let sum = 0;
    for (const x of z) sum += G.grid.distance(h, x);
    if (sum < bs) {
      bs = sum;
      best = h;
    }
  }
  return best;
}

/** The hex of the first forward tank: where it stands, else its best hex by forwardSpot (the first of equals); -1 when none. */
function forwardHex(G: PvStatic, o: PvObservation, side: number, plan: ScreenPlan, ref: number): number {
  for (const u of G.sideTanks[side]) {
    if (!isForward(G, o, side, u, plan)) continue;
    if (o.hex[u] >= 0) return o.hex[u];
    const hexes = G.tZone[u] ?? (G.tStartHex[u] >= 0 ? [G.tStartHex[u]] : []);
    const centre = zoneCentre(G, u);
    let best = -1;
    let bv = -Infinity;
    for (const h of hexes) {
      const v = forwardSpot(G, o, side, plan, ref, h, centre);
      if (v > bv) {
        bv = v;
        best = h;
      }
    }
    return best;
  }
  return -1;
}

/** A free character goes on the tank worth most points. */
export function decidePlaceCharacter(G: PvStatic, ctx: DecisionContext<PvObservation>): number {
  let best = ctx.legal[0];
  let bestV = -Infinity;
  for (let i = 0; i < ctx.n; i++) {
    const t = Action.read.placeCharacter.tank(ctx.legal[i]);
    if (G.tPts[t] > bestV) {
      bestV = G.tPts[t];
      best = ctx.legal[i];
    }
  }
  return best;
}

/** The hex the enemy is around: its placed tanks, else its placement zones (the last answer is kept per workspace). */
function enemyReference(o: PvObservation, side: number, ws: ReferenceCache): number {
  const G = o.G;
  let q = 0;
  let r = 0;
  let n = 0;
  for (let t = 0; t < G.nT; t++) {
    if (G.tSide[t] === side) continue;
    if (o.hex[t] >= 0) {
      q += G.grid.q[o.hex[t]];
      r += G.grid.r[o.hex[t]];
      n++;
    }
  }
  if (n === 0) {
    for (let t = 0; t < G.nT; t++) {
      if (G.tSide[t] === side) continue;
      const z = G.tZone[t];
      const hexes = z ?? (G.tStartHex[t] >= 0 ? [G.tStartHex[t]] : []);
      for (const h of hexes) {
        q += G.grid.q[h];
        r += G.grid.r[h];
        n++;
      }
    }
  }
  if (n === 0) return (G.grid.n / 2) | 0;
  if (ws.refN === n && ws.refQ === q && ws.refR === r) return ws.ref;
  const cq = q / n;
  const cr = r / n;
  let best = 0;
  let bd = Infinity;
  for (let i = 0; i < G.grid.n; i++) {
    const dq = G.grid.q[i] - cq;
    const dr = G.grid.r[i] - cr;
    const d = Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr);
    if (d < bd) {
      bd = d;
      best = i;
    }
  }
  ws.refQ = q;
  ws.refR = r;
  ws.refN = n;
  ws.ref = best;
  return best;
}

/** Hex-sides to turn from f until ref is in the front arc (mask: inFrontArc per direction), at most 3. */
function turnToward(mask: number, f: number): number {
  for (let k = 0; k <= 3; k++) {
    if ((mask >> ((f + k) % 6)) & 1 || (mask >> ((f - k + 6) % 6)) & 1) return k;
  }
  return 3;
}

const covers = new WeakMap<PvStatic, Uint8Array>();

/** Per hex: how many of its neighbours block sight (set-up cover). */
function coverTable(G: PvStatic): Uint8Array {
  let c = covers.get(G);
  if (c) return c;
  c = new Uint8Array(G.grid.n);
  for (let h = 0; h < G.grid.n; h++) {
    for (let dir = 0; dir < 6; dir++) {
      const nb = G.grid.nbr[h * 6 + dir];
      if (nb >= 0 && G.blocksLos[nb]) c[h]++;
    }
  }
  covers.set(G, c);
  return c;
}

function firstUnplaced(o: PvObservation, side: number): number {
  const G = o.G;
  for (const t of G.sideTanks[side]) if (o.hex[t] < 0 && o.alive[t]) return t;
  return -1;
}
