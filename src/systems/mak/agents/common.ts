/**
 * What the scripted Ma.K agents share (spec §7.3): P(hit) and expected kill per shot from the same
 * roll functions as the engine, and the scores of the support actions (aircraft,
 * artillery, transport, arrivals, AMUs, pilots); the scorer itself is planner.ts.
 */
import { carries } from '../rules/amu.ts';
import { Frames, type FrameKind } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { MAX_W, type Model } from '../model.ts';
import { K_OFFENSIVE, attackTargetAt, attackTargetOf, bestSlot } from '../rules/combat.ts';
import { HIT_AUTO_D, HIT, PRODUCT, SUM, R_A, R_D, R_M, enduranceResult, hitOutcome } from '../rules/rolls.ts';
import { ARM_LASER, ARM_OWN, aaTarget, aaWeapon, hasArm, strafeTarget, strafeable } from '../rules/support.ts';
import { A_ARMLESS, A_DEAD, ARMLESS, BROKEN, DEAD, IMMOBILE, type MakState } from '../state.ts';

/** The value (VP) of an aircraft kept in the game while a later turn remains: the agents' style (planner.ts Style.airKeep; air.ts airPlan). */
export const AIR_KEEP = 0.05;

const HIT_TABLE: number[][] = [[], []];
const AUTO_TABLE: number[][] = [[], []];
for (const mode of [SUM, PRODUCT]) {
  for (let T = 0; T <= 40; T++) {
    let h = 0, a = 0;
    for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) {
      const o = hitOutcome(x, y, T, mode);
      if (o === HIT) h++;
      else if (o === HIT_AUTO_D) a++;
    }
    HIT_TABLE[mode].push((h + a) / 36);
    AUTO_TABLE[mode].push(a / 36);
  }
}

/** P((1,1)): the automatic D ([5.1.2]) at attack target T >= 0. */
export function pAutoNum(T: number, mode: number): number {
  return T < 0 ? 0 : AUTO_TABLE[mode][Math.min(40, T)];
}

/** P(hit) at attack target T. */
export function pHitNum(T: number, mode: number): number {
  return T < 0 ? 0 : HIT_TABLE[mode][Math.min(40, T)];
}

const prCache = [R_D, R_M, R_A].map(() => new Map<readonly string[], number>());
/** P(result r | endurance roll) of a class row (r: R_D, R_M or R_A). */
export function pResultGivenRoll(row: readonly string[], r: number): number {
  const cache = prCache[r === R_D ? 0 : r === R_M ? 1 : 2];
  let v = cache.get(row);
  if (v === undefined) {
    let c = 0;
    for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) if (enduranceResult(row, x + y) === r) c++;
    v = c / 36;
    cache.set(row, v);
  }
  return v;
}

/** P(D | endurance roll) of a class row. */
export function pDestroyGivenRoll(row: readonly string[]): number {
  return pResultGivenRoll(row, R_D);
}

export function modeOf(m: Model): number {
  return m.opt.diceMode === 'product' ? PRODUCT : SUM;
}

/** Expected kill per shot (spec §7.3): P(1,1) + (pHit - P(1,1)) * P(D | class); A/M count a third. */
export function expectedKill(m: Model, s: MakState, u: number, w: number, t: number): number {
  return expectedKillAt(m, s, u, w, t, s.hex[u], s.hex[t]);
}

/** expectedKill with u in hex a and t in hex b (attackTargetAt). */
export function expectedKillAt(m: Model, s: MakState, u: number, w: number, t: number, a: number, b: number): number {
  return expectedKillT(m, attackTargetAt(m, s, u, w, t, a, b), m.udur[t]);
}

/** expectedKill at attack target T on a unit of class row `row`. */
export function expectedKillT(m: Model, T: number, row: readonly string[]): number {
  const mode = modeOf(m);
  const ph = pHitNum(T, mode);
  const pa = T < 0 ? 0 : AUTO_TABLE[mode][Math.min(40, T)];
  const pd = pDestroyGivenRoll(row);
  return pa + (ph - pa) * (pd + (1 - pd) * 0.3);
}

/**
 * The net worth in VP of aircraft a strafing unit t with `arm` ([10.4]): every anti-phase unit in
 * t's hex fires once at it first, its best ready weapon with no terrain or range modifier
 * ([10.4.3]); D or M (and the (1,1)) destroys it and gives its VP to the enemy ([5.1.2]), A
 * disarms it; a survivor attacks with terrain and no range modifier ([10.4.2], [11.4.2]). So:
 * P(it attacks) x expected kill x t's VP - P(destroyed) x (its VP + `keep`, what it is still worth).
 * A Hornisse with option `hornisseMLanding` (A28, [10.6]) is not destroyed by an M: it lands, which
 * ends the fire and its strafe and scores its immobilized PK41 for the enemy (rules/landing.ts
 * mLand) instead of the aircraft (exact but when no hex within the radius lets it land).
 * The engine's own target numbers (rules/support.ts aaWeapon, aaTarget, strafeTarget) and roll tables.
 */
export function strafeValue(m: Model, s: MakState, a: number, t: number, arm: number, keep: number): number {
  const h = s.hex[t], mode = modeOf(m);
  const pk = m.opt.hornisseMLanding ? m.apk41[a] : -1;
  const pD = pResultGivenRoll(m.adur[a], R_D), pM = pResultGivenRoll(m.adur[a], R_M), pArmless = pResultGivenRoll(m.adur[a], R_A);
  let alive = 1, armed = 1, landed = 0;
  for (let f = 0; f < m.nu; f++) {
    if (s.hex[f] !== h || m.uside[f] === m.aside[a] || s.status[f] & (DEAD | ARMLESS | BROKEN)) continue;
    const w = aaWeapon(m, s, f, a);
    if (w < 0) continue;
    const bestT = aaTarget(m, s, f, w, a);
    const ph = pHitNum(bestT, mode), pa = pAutoNum(bestT, mode);
    const dies = pa + (ph - pa) * (pD + pM);
    if (pk >= 0) landed += alive * (ph - pa) * pM; // the fire stops at the first D or M, in the engine's order
    alive *= 1 - dies;
    armed *= 1 - dies - (ph - pa) * pArmless;
  }
  const lost = (1 - alive - landed) * (m.avp[a] + keep);
  return armed * expectedKillT(m, strafeTarget(m, s, a, t, arm), m.udur[t]) * m.uvp[t] - (landed > 0 ? lost + landed * (m.uvp[pk] + keep) : lost);
}

/**
 * The best strafe aircraft a could make on this position ([10.4]): the largest strafeValue over the
 * units it may strafe (rules/support.ts strafeable) and the arms it carries, 0 when none pays (the
 * agents decline a strafe that loses VP: supportScore) or it is disarmed.
 */
export function bestStrafe(m: Model, s: MakState, a: number, keep: number): number {
  if (s.air[a] & (A_DEAD | A_ARMLESS)) return 0;
  let best = 0;
  for (let t = 0; t < m.nu; t++) {
    if (!strafeable(m, s, a, t)) continue;
    for (let arm = ARM_OWN; arm <= ARM_LASER; arm++) {
      if (!hasArm(s, a, arm)) continue;
      const v = strafeValue(m, s, a, t, arm, keep);
      if (v > best) best = v;
    }
  }
  return best;
}

export function pHitOf(m: Model, s: MakState, u: number, w: number, t: number): number {
  return pHitNum(attackTargetOf(m, s, u, w, t), modeOf(m));
}

/** Nearest living enemy distance from hex h for side `side`. */
export function nearestEnemy(m: Model, s: MakState, side: number, h: number): number {
  let best = 999;
  for (let v = 0; v < m.nu; v++) {
    if (m.uside[v] === side || s.status[v] & DEAD) continue;
    const d = m.grid.distance(h, s.hex[v]);
    if (d < best) best = d;
  }
  return best;
}

/** Best P(hit) of an offensive shot u could take now (0 when it has no target). */
export function bestHit(m: Model, s: MakState, u: number): number {
  let best = 0;
  for (let t = 0; t < m.nu; t++) {
    if (m.uside[t] === m.uside[u] || s.status[t] & DEAD) continue;
    const w = bestSlot(m, s, u, t, K_OFFENSIVE);
    if (w >= 0) best = Math.max(best, pHitOf(m, s, u, w, t));
  }
  return best;
}

/** Living units of `side` in hex h. */
export function countIn(m: Model, s: MakState, h: number, side: number): number {
  let c = 0;
  for (let v = 0; v < m.nu; v++) if (s.hex[v] === h && m.uside[v] === side && !(s.status[v] & DEAD)) c++;
  return c;
}

/** Strongest attack value of a unit (for pinning choices). */
export function firepower(m: Model, u: number): number {
  let b = 0;
  for (let w = 0; w < MAX_W; w++) if (m.wtype[u * MAX_W + w] >= 0) b = Math.max(b, m.watk[u * MAX_W + w]);
  return b;
}

/**
 * Scores of the support actions shared by both heuristics: strafing (every ground-mission aircraft
 * attacks where strafeValue is best, if it pays), indirect fire, artillery on targets worth at least `artilleryVp`.
 */
export function supportScore(E: Engine, s: MakState, code: number, artilleryVp: number, k = E.A.kindIndexOf(code)): number | null {
  const { m, A } = E;
  const K = A.kindIndex;
  // The common kinds first: they are the agents' own business (a carrier's or a pilot's moves aside).
  if (k === K.attack || k === K.fire || k === K.simul || k === K.assault) return null;
  if (k === K.move) return m.hasAmu || m.hasPilots ? supportMove(m, s, A.read.move.unit(code), A.read.move.dir(code)) : null;
  if (k === K.strafe) {
    // Missiles and bombs on the biggest targets first ([11.4.2]).
    // The strafe priced by strafeValue ([10.4]): none that loses VP on the balance (the aircraft stays on its mission).
    const a = A.read.strafe.aircraft(code), t = A.read.strafe.target(code), arm = A.read.strafe.arm(code);
    const v = strafeValue(m, s, a, t, arm, s.turn < m.body.turns ? AIR_KEEP : 0);
    return v <= 0 ? -1 : 9 + v * 0.1;
  }
  if (k === K.indirect) {
    const u = A.read.indirect.unit(code), w = A.read.indirect.weapon(code), t = A.read.indirect.target(code);
    const T = m.watk[u * MAX_W + w] + m.data.rules.indirectMod - m.udef[t] + m.hexAtk[(s.hex[t] * 6 + m.wtype[u * MAX_W + w]) * 2 + (m.ustack[t] === 2 ? 1 : 0)];
    return pHitNum(T, modeOf(m)) < 0.15 ? -1 : 9.5 + pHitNum(T, modeOf(m)) * m.uvp[t] * 0.1;
  }
  if (k === K.request) {
    const t = A.read.request.target(code);
    return m.uvp[t] >= artilleryVp ? 9.2 + m.uvp[t] * 0.1 : -1;
  }
  // Transport ([13.1]): infantry and units slower than the vehicle ride while the enemy is more than 3 hexes off; cargo gets off
  // within 3 hexes of the enemy or when its vehicle is stuck.
  if (k === K.load) {
    const u = A.read.load.unit(code), v = A.read.load.carrier(code);
    return (m.uinf[u] || m.ump2[u] < m.ump2[v]) && nearestEnemy(m, s, m.uside[u], s.hex[u]) > 3 ? 9 : -1;
  }
  // AMU ([16.2]): pick it up or destroy it at once; a carrier leaves the map as soon as it can and otherwise heads for the nearest edge.
  if (k === K.amu) return 9.65;
  // Arson ([14.4.2]): burn a building that shelters enemy infantry (the fire attacks them every phase).
  if (k === K.arson) {
    const u = A.read.arson.unit(code);
    const x = m.grid.nbr[s.hex[u] * 6 + A.read.arson.dir(code)];
    let inf = 0;
    for (let v = 0; v < m.nu; v++) if (m.uside[v] !== m.uside[u] && m.uinf[v] && s.hex[v] === x && !(s.status[v] & DEAD)) inf++;
    return inf > 0 ? 11 + inf * 0.01 : -1; // before any attack: the fire attacks them every phase
  }
  if (k === K.exit) {
    // A pilot leaves only by its home edge ([18.2.3]: elsewhere it is captured).
    const u = A.read.exit.unit(code);
    return !m.upilot[u] || m.homeEdge[s.hex[u]] & (1 << m.uside[u]) ? 9.9 : -1;
  }
  if (k === K.land) {
    // A Hornisse lands ([10.6]) early enough to fight on the ground, in an empty hex 2-3 hexes from the enemy (cover first).
    const h = A.read.land.hex(code), a = A.read.land.aircraft(code);
    if (s.turn > m.body.turns - 2 || s.occ[h * 2 + 1 - m.aside[a]] > 0) return -1;
    const d = nearestEnemy(m, s, m.aside[a], h);
    return d >= 2 && d <= 3 ? 9.7 + (m.cover[h] ? 0.05 : 0) - d * 0.01 : -1;
  }
  if (k === K.enter) return 9.8; // reinforcements come on at once ([12.1])
  if (k === K.drop) {
    // Airdrops land in an empty hex next to the enemy, closest first.
    const u = A.read.drop.unit(code), h = A.read.drop.hex(code);
    if (s.occ[h * 2 + 1 - m.uside[u]] > 0) return -1;
    return 9.7 - nearestEnemy(m, s, m.uside[u], h) * 0.01;
  }
  if (k === K.unload) {
    const u = A.read.unload.unit(code);
    return nearestEnemy(m, s, m.uside[u], s.hex[u]) <= 3 || s.status[s.carrier[u]] & IMMOBILE ? 9.1 : -1;
  }
  return null;
}

/** supportScore of unit u's step in direction d: pilots head for their home edge, AMUs are fetched or destroyed, carriers leave ([18.2.3], [16.2]). */
function supportMove(m: Model, s: MakState, u: number, d: number): number | null {
  const home = m.upilot[u] ? 1 << m.uside[u] : 0;
  if (!home && m.hasAmu && !carries(m, s, u)) {
    // An AMU in play within 4 hexes: its side goes to pick it up (Type I or infantry), the enemy to destroy it ([16.2]).
    if (m.ustack[u] !== 1 && !m.uinf[u]) return null;
    const from = s.hex[u], to = m.grid.nbr[from * 6 + d];
    const d0 = amuDistance(m, s, from), d1 = amuDistance(m, s, to);
    return d0 <= 4 && d1 < d0 ? 9.25 : null;
  }
  if (!home && !(m.hasAmu && carries(m, s, u))) return null; // other moves are the agents' own business
  const from = s.hex[u], to = m.grid.nbr[from * 6 + d];
  return edgeDistance(m, to, home) < edgeDistance(m, from, home) ? 9.3 : -1;
}

/** Hexes from h to the nearest AMU lying on the map ([16.2]). */
function amuDistance(m: Model, s: MakState, h: number): number {
  let best = 999;
  for (let k = 0; k < m.nu; k++) if (s.amuFate[k] === 1 && s.amuHex[k] >= 0) { const d = m.grid.distance(h, s.amuHex[k]); if (d < best) best = d; }
  return best;
}

/** Hexes from h to the nearest edge hex of the map. */
function edgeDistance(m: Model, h: number, home = 0): number {
  let best = 999;
  for (let x = 0; x < m.n; x++) if (home ? m.homeEdge[x] & home : m.edge[x]) { const d = m.grid.distance(h, x); if (d < best) best = d; }
  return best;
}

/** Is the decision on top a `kind`? */
export function topIs(s: MakState, kind: FrameKind): boolean {
  return Frames.isTop(s.pending, kind);
}
