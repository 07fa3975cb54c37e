/**
 * Firing (seed §5.0-§5.5, spec §3.6-§3.11): eligibility (arcs, ranges, LOS / spotting,
 * jams, paralysis), modifiers, and the four weapon procedures. The roll functions at the top
 * are THE engine's roll code; tests compare them with the exact twins of odds.ts.
 */
import { hypot } from '../../../core/geometry/table/index.ts';
import type { Rng } from '../../../core/rng/rng.ts';
import type { PlayContext } from '../../../core/system.ts';
import { sortDescending } from '../../../core/dice/sample.ts';
import {
  CACHE, memoFor, bearingFromTarget, centreDistance, coverOf, hasLos, inArcOf, isSpotted, pointLos, rangeBetween, smokeCrossed, computeLos,
} from './geom.ts';
import { defenseOf, kineticPenetrate, locateSurface, mainAttack, payloadAttack, payloadPoints, placeInfestation, queueCrit, thermalDestroy } from './damage.ts';
import { L_CORE_DAMAGE, L_HULL_DAMAGE, P_ENGINEERING, P_WEAPON, W_KINETIC, W_MISSILE, W_PHOTON, W_THERMAL, type Model } from '../model.ts';
import type { MgvState, Unit } from '../state.ts';

/** Inches per photon estimate unit (actions.ts EST_STEP; repeated here to keep combat.ts free of actions.ts). */
const EST_STEP = 0.5;
import { K_CORE_DAMAGED, K_DAMAGED, K_DICE, K_EFFECTIVE, K_INF_CORE, K_INF_HULL, K_SHOTS, K_SMOKE, S_IDX, bandOf, defClassOf, shotRow } from '../metrics.ts';

// ---------------------------------------------------------------------------------------------
// roll code (allocation-free)

/** Ratio column index (0..6) for attack A vs defence D, or -1 when A <= 0 (spec §5.1 [P]). */
export function ratioColumn(thresholds: readonly number[], A: number, D: number): number {
  if (A <= 0) return -1;
  if (D <= 0) return thresholds.length - 1;
  const pct = Math.floor((100 * A) / D);
  let c = 0;
  for (let k = 0; k < thresholds.length; k++) if (pct >= thresholds[k]) c = k;
  return c;
}

/** Kinetic: best die of `dice` D6 cross-referenced with the column (seed §5.1). */
export function rollKinetic(rng: Rng, dice: number, table: ArrayLike<number>, col: number): number {
  let best = 0;
  for (let k = 0; k < dice; k++) {
    const v = 1 + rng.int(6);
    if (v > best) best = v;
  }
  return table[(best - 1) * 7 + col];
}

/** Thermal: one die; the miss faces always miss (seed §5.4). */
export function rollThermal(rng: Rng, missFace: ArrayLike<number>, table: ArrayLike<number>, col: number): number {
  const d = 1 + rng.int(6);
  if (missFace[d]) return 0;
  return table[(d - 1) * 7 + col];
}

/** Photon: `dice` D6; writes hull hits to out[0], core hits to out[1] (seed §5.3). */
export function rollPhoton(rng: Rng, dice: number, hullFace: number, coreFace: number, out: Int32Array): void {
  let h = 0;
  let c = 0;
  for (let k = 0; k < dice; k++) {
    const v = 1 + rng.int(6);
    if (v === coreFace) c++;
    else if (v === hullFace) h++;
  }
  out[0] = h;
  out[1] = c;
}

const AB = new Int32Array(64);
const DB = new Int32Array(64);

/**
 * Missile, one colour (seed §5.2): a attack dice vs d defence dice, both sorted high to low and
 * compared in order; an attack die beats the paired defence die if higher (or has none).
 * tie: 0 cancel (seed), 1 attacker wins, 2 defender wins. Returns the hits.
 */
export function missileColour(rng: Rng, a: number, d: number, tie: number): number {
  if (a <= 0) return 0;
  for (let k = 0; k < a; k++) AB[k] = 1 + rng.int(6);
  for (let k = 0; k < d; k++) DB[k] = 1 + rng.int(6);
  return compareSorted(AB, a, DB, d, tie);
}

/** Hits of sorted comparison of given dice (buffers are sorted in place). */
export function compareSorted(att: Int32Array | number[], a: number, def: Int32Array | number[], d: number, tie: number): number {
  sortDescending(att, a);
  sortDescending(def, d);
  let hits = 0;
  for (let k = 0; k < a; k++) {
    if (k >= d || att[k] > def[k] || (tie === 1 && att[k] === def[k])) hits++;
  }
  return hits;
}

/** Photon ranging penalty in dice for a given error in inches (spec §6 A-1). */
export function rangingPenalty(error: number, fit: boolean): number {
  const e = Math.abs(error);
  if (!fit) return Math.floor(e + 1e-9);
  return e < 1 ? 0 : Math.max(1, Math.floor(e / 3 + 1e-9));
}

// ---------------------------------------------------------------------------------------------
// weapon slots: 0 main, 1 payload weapon, 2 joint main + payload (payload matching), 3 engineering point-blank

export const SLOT_MAIN = 0, SLOT_PAY = 1, SLOT_JOINT = 2, SLOT_PB = 3;

export function slotWeapon(m: Model, i: number, slot: number): number {
  const spec = m.units[i];
  if (slot === SLOT_PAY) return spec.payloadWeapon;
  if (slot === SLOT_PB) return W_KINETIC;
  return spec.weapon;
}

/** Basic attack value of the slot (before situational modifiers). */
export function slotAttack(m: Model, i: number, u: Unit, slot: number): number {
  if (slot === SLOT_MAIN) return mainAttack(m, i, u);
  if (slot === SLOT_PAY) return payloadAttack(m, i, u);
  if (slot === SLOT_JOINT) return mainAttack(m, i, u) + payloadAttack(m, i, u);
  return payloadPoints(m, i, u);
}

function slotRange(m: Model, i: number, u: Unit, slot: number): number {
  if (slot === SLOT_PB) return m.data.engineering.pointBlankRange;
  const w = slotWeapon(m, i, slot);
  const per = m.data.weapons[WN[w]].rangePerPoint;
  if (per <= 0) return Infinity;
  const spec = m.units[i];
  let v = slotAttack(m, i, u, slot);
  if (m.o.rangeFromPrinted) v = slot === SLOT_MAIN ? spec.attack : slot === SLOT_PAY ? spec.payloadPoints : spec.attack + spec.payloadPoints;
  return per * v;
}
const WN = ['kinetic', 'missile', 'photon', 'thermal'] as const;

/** Can the slot fire at all this phase (ignoring targets)? */
export function slotReady(m: Model, s: MgvState, i: number, slot: number): boolean {
  const u = s.units[i];
  const spec = m.units[i];
  if (!u.alive || u.infected) return false;
  switch (slot) {
    case SLOT_MAIN:
      return !u.firedMain && u.Mj === 0 && mainAttack(m, i, u) > 0;
    case SLOT_PAY:
      return spec.payload === P_WEAPON && spec.payloadWeapon >= 0 && !u.firedPay && u.MjP === 0 && payloadAttack(m, i, u) > 0;
    case SLOT_JOINT:
      return (
        m.o.payloadMatching && spec.payload === P_WEAPON && spec.payloadWeapon === spec.weapon && (spec.weapon === W_MISSILE || spec.weapon === W_THERMAL) &&
        !u.firedMain && !u.firedPay && u.Mj === 0 && u.MjP === 0 && mainAttack(m, i, u) > 0 && payloadAttack(m, i, u) > 0
      );
    case SLOT_PB:
      return spec.payload === P_ENGINEERING && !m.o.noEngineering && !u.engPointBlank && u.engUsed === 0 && payloadPoints(m, i, u) > 0;
  }
  return false;
}

/**
 * canTarget with a per-state cache ([(i*4 + slot)*n + j] = -1 unknown, 0/1). The cache is
 * cleared whenever an input can change: a base moves or turns, a phase starts or ends
 * (critical hits), a jam or a beacon is resolved, terrain is engineered, a base dies.
 */
export function canTarget(m: Model, s: MgvState, i: number, slot: number, j: number): boolean {
  const k = (i * 4 + slot) * s.units.length + j;
  const c = s.tgt[k];
  if (c >= 0) return c === 1;
  // an agent's decision stores into the observers' memo, never into the game (geom.ts CACHE);
  // the game takes the memo's answer when it has one
  const memo = memoFor(s);
  const v = memo && CACHE.tgtAt[k] === CACHE.stamp ? CACHE.tgt[k] === 1 : canTargetFresh(m, s, i, slot, j);
  if (CACHE.write) {
    const t = s.tgt;
    t[k] = v ? 1 : 0;
    t[t.length - 1] = 1;
  } else if (memo) {
    CACHE.tgt[k] = v ? 1 : 0;
    CACHE.tgtAt[k] = CACHE.stamp;
  }
  return v;
}

/** Is target j a legal target of slot of unit i (spec §3.6 eligibility)? */
export function canTargetFresh(m: Model, s: MgvState, i: number, slot: number, j: number): boolean {
  const a = s.units[i];
  const t = s.units[j];
  if (!t.alive || m.units[j].side === m.units[i].side) return false;
  const w = slotWeapon(m, i, slot);
  const range = rangeBetween(m, a, t);
  // paralyzed: kinetic only, point blank (seed §1.5 Jammer)
  if (a.jam === 3 && (w !== W_KINETIC || range > m.data.engineering.pointBlankRange + 1e-9)) return false;
  if (range > slotRange(m, i, a, slot) + 1e-9) return false;
  const arcHalf = slot === SLOT_PB ? 180 : m.data.weapons[WN[w]].arcHalf;
  const facing = slot === SLOT_PAY ? m.units[i].payloadFacing : 0;
  if (!inArcOf(a, t, arcHalf, facing)) return false;
  if (slot === SLOT_JOINT && !inArcOf(a, t, m.data.weapons[WN[w]].arcHalf, m.units[i].payloadFacing)) return false;
  switch (w) {
    case W_KINETIC:
    case W_PHOTON:
      return hasLos(m, s, i, j);
    case W_MISSILE:
      return isSpotted(m, s, m.units[i].side, j);
    default:
      // thermal: direct LOS, or semi-indirect over bases and low terrain at a spotted target
      return hasLos(m, s, i, j) || (computeLos(m, s, i, j, true) && isSpotted(m, s, m.units[i].side, j));
  }
}

/** Situational modifiers (spec §3.7) for weapon type w from unit i at target j, photon ranging excluded. */
export function modifiers(m: Model, s: MgvState, i: number, w: number, j: number): number {
  const md = m.data.modifiers;
  const a = s.units[i];
  const t = s.units[j];
  let tot = 0;
  // enemy activity in the preceding action phase (+1, not cumulative)
  let act = t.pFired || t.pBeacon || (w === W_PHOTON && t.pJammed);
  if (!act && t.pMoved >= md.enemyActivityMoveThreshold - 1e-9) {
    if (m.o.activityLos === 2) act = true;
    else if (m.o.activityLos === 0) act = hasLos(m, s, i, j);
    else {
      act = hasLos(m, s, i, j);
      for (let k = 0; !act && k < t.pPathX.length; k++) act = pointLos(m, s, t.pPathX[k], t.pPathY[k], i);
    }
  }
  if (act) tot += md.enemyActivity;
  if (w === W_MISSILE || w === W_KINETIC) {
    const side = m.units[i].side;
    const adj = m.data.payloads.markerAdjacency;
    for (let b = 0; b < s.beacons.length; b++) {
      const bc = s.beacons[b];
      if (bc.kind === 0 && bc.side === side && bc.target === j && bc.expires >= s.phaseNo && hypot(bc.x - t.x, bc.y - t.y) <= adj + 1e-9) {
        tot += md.beaconMarked;
        break;
      }
    }
  }
  if (w === W_MISSILE || (w === W_THERMAL && m.o.thermalHx)) tot += md.perHx * t.hx;
  if (w === W_MISSILE || w === W_THERMAL) {
    const ts = m.units[j].side;
    for (let k = 0; k < s.units.length; k++) {
      if (k === j || m.units[k].side !== ts || !s.units[k].alive) continue;
      if (centreDistance(s.units[k], t) <= md.enemySupportRange + 1e-9) {
        tot += w === W_THERMAL ? md.enemySupport.thermal : md.enemySupport.missile;
        break;
      }
    }
  }
  if (w === W_KINETIC && bearingFromTarget(t, a) >= 180 - md.rearArcHalf - 1e-9) tot += md.rearShot;
  if (w === W_PHOTON && t.jamTarget >= 0) tot += md.targetJammerActive;
  if (!(m.o.coverDirectOnly && w === W_MISSILE)) tot += md.perCoverClass * coverOf(m, s, i, j);
  tot += md.perSensorHit * a.Se;
  if (t.camo) tot += md.fullCamouflage;
  return tot;
}

/** Photon error in inches for an estimate in EST_STEP units (0 with a registration point, rule #102). */
export function photonError(m: Model, s: MgvState, i: number, j: number, estUnits: number): number {
  const t = s.units[j];
  if (m.o.fireRegistration) {
    for (const [x, y] of m.registrations[m.units[i].side]) if (hypot(x - t.x, y - t.y) <= 1) return 0;
  }
  return Math.abs(estUnits * EST_STEP - rangeBetween(m, s.units[i], t));
}

// ---------------------------------------------------------------------------------------------
// resolution

const PH = new Int32Array(2);

/** Marks unit i as having fired a weapon this phase (activity, camouflage). */
export function markFired(s: MgvState, i: number): void {
  const u = s.units[i];
  u.fired = true;
  u.activeTurn = true;
  u.camo = false;
}

export function attackRow(m: Model, s: MgvState, i: number, w: number, j: number): number {
  return shotRow(m.units[i].side, w, bandOf(rangeBetween(m, s.units[i], s.units[j])), defClassOf(defenseOf(m, j, s.units[j])));
}

/**
 * Resolves a kinetic, photon or thermal attack (missiles go through the split decisions).
 * Returns true if the shot had any effect.
 */
export function resolveDirect(m: Model, s: MgvState, i: number, slot: number, j: number, ctx: PlayContext): boolean {
  const rng = ctx.dice;
  const w = slotWeapon(m, i, slot);
  const a = s.units[i];
  const t = s.units[j];
  const row = attackRow(m, s, i, w, j);
  ctx.tally.add(row, K_SHOTS);
  ctx.tally.addScalar(m.units[i].side === 0 ? S_IDX.shotsA : S_IDX.shotsB);
  // smoke: LOS blocked on 1-2 per smoke feature crossed (rolled per attack)
  const smoke = smokeCrossed(m, s, i, j);
  for (let k = 0; k < smoke; k++) {
    if (1 + rng.int(6) <= m.data.terrainRules.smokeBlockMax) {
      ctx.tally.add(row, K_SMOKE);
      if (ctx.log) ctx.log(`  ${m.units[i].id} -> ${m.units[j].id}: the line through smoke is blocked`);
      return false;
    }
  }
  const base = slotAttack(m, i, a, slot);
  const mods = modifiers(m, s, i, w, j);
  const bearing = bearingFromTarget(t, a);
  if (w === W_PHOTON) {
    const pslot = slot === SLOT_PAY ? 1 : 0;
    const err = photonError(m, s, i, j, a.photonEst[pslot]);
    const pen = rangingPenalty(err, m.o.rangingFit);
    const dice = Math.max(0, base + mods + m.data.modifiers.perRangingInch * pen);
    ctx.tally.addScalar(S_IDX.photonShots);
    ctx.tally.addScalar(S_IDX.photonErrorQuarterIn, Math.round(err * 4));
    ctx.tally.addScalar(S_IDX.photonDiceLost, Math.min(base + mods, pen));
    ctx.tally.add(row, K_DICE, dice);
    rollPhoton(rng, dice, m.data.photon.hullFace, m.data.photon.coreFace, PH);
    if (ctx.log) ctx.log(`  photon ${m.units[i].id} -> ${m.units[j].id}: ${base} ${mods >= 0 ? '+' : ''}${mods} - ${pen} ranging (error ${err.toFixed(2)}") = ${dice} dice: ${PH[0]} hull, ${PH[1]} core hits`);
    let hull = PH[0];
    let core = PH[1];
    if (hull > 0 && t.hx >= m.graph.nHull) {
      if (m.o.photonNoHullCore) core += hull;
      hull = 0;
    }
    for (let k = 0; k < hull; k++) queueCrit(s, j, L_HULL_DAMAGE, row, -1);
    for (let k = 0; k < core; k++) queueCrit(s, j, L_CORE_DAMAGE, row, -1);
    ctx.tally.add(row, K_DAMAGED, hull + core);
    ctx.tally.add(row, K_CORE_DAMAGED, core);
    if (hull + core > 0) ctx.tally.add(row, K_EFFECTIVE);
    return hull + core > 0;
  }
  const A = base + mods;
  ctx.tally.add(row, K_DICE, Math.max(0, A));
  const col = ratioColumn(m.thresholds, A, defenseOf(m, j, t));
  if (col < 0) {
    if (ctx.log) ctx.log(`  ${WN[w]} ${m.units[i].id} -> ${m.units[j].id}: attack ${A} does nothing`);
    return false;
  }
  if (w === W_KINETIC) {
    const n = rollKinetic(rng, m.data.kinetic.dice, m.kinetic, col);
    if (ctx.log) ctx.log(`  kinetic ${m.units[i].id} -> ${m.units[j].id}: ${base} ${mods >= 0 ? '+' : ''}${mods} = ${A} vs ${defenseOf(m, j, t)} (column ${m.data.ratioColumns.labels[col]}): ${n} cell(s) in line`);
    if (n <= 0) return false;
    const marked = kineticPenetrate(m, s, j, locateSurface(m, rng, bearing), n, row, ctx);
    if (marked > 0) ctx.tally.add(row, K_EFFECTIVE);
    return marked > 0;
  }
  // thermal
  const n = rollThermal(rng, m.thermalMiss, m.thermal, col);
  if (ctx.log) ctx.log(`  thermal ${m.units[i].id} -> ${m.units[j].id}: ${base} ${mods >= 0 ? '+' : ''}${mods} = ${A} vs ${defenseOf(m, j, t)} (column ${m.data.ratioColumns.labels[col]}): ${n} hull cell(s) to destroy`);
  let any = false;
  for (let k = 0; k < n; k++) if (thermalDestroy(m, s, j, locateSurface(m, rng, bearing), row, rng, ctx)) any = true;
  if (any) ctx.tally.add(row, K_EFFECTIVE);
  return any;
}

/** Dice of a missile attack: floor(attack / divisor) + modifiers (seed §5.2, spec §5.4). */
export function missileAttackDice(m: Model, s: MgvState, i: number, slot: number, j: number): number {
  const base = Math.floor(slotAttack(m, i, s.units[i], slot) / m.data.missile.attackDiceDivisor);
  return Math.max(0, base + modifiers(m, s, i, W_MISSILE, j));
}

export function missileDefenseDice(m: Model, s: MgvState, j: number): number {
  const d = defenseOf(m, j, s.units[j]);
  return m.o.missileHalfDefense ? Math.floor(d / 2) : d;
}

/** Resolves a missile attack once both secret splits are known. */
export function resolveMissile(m: Model, s: MgvState, i: number, j: number, attDice: number, attCore: number, defDice: number, defCore: number, row: number, ctx: PlayContext): void {
  const rng = ctx.dice;
  const tie = m.o.missileTie;
  const coreHits = missileColour(rng, attCore, defCore, tie);
  const hullHits = missileColour(rng, attDice - attCore, defDice - defCore, tie);
  const t = s.units[j];
  const bearing = bearingFromTarget(t, s.units[i]);
  if (ctx.log) ctx.log(`  missile ${m.units[i].id} -> ${m.units[j].id}: ${attCore} core + ${attDice - attCore} hull vs ${defCore} core + ${defDice - defCore} hull: ${coreHits} core, ${hullHits} hull infestation(s)`);
  let placedCore = 0;
  let placedHull = 0;
  for (let k = 0; k < coreHits; k++) if (placeInfestation(m, s, j, true, bearing, rng)) placedCore++;
  for (let k = 0; k < hullHits; k++) if (placeInfestation(m, s, j, false, bearing, rng)) placedHull++;
  if (placedCore + placedHull > 0) {
    ctx.tally.add(row, K_EFFECTIVE);
    t.infSrc = row;
  }
  ctx.tally.add(row, K_INF_CORE, placedCore);
  ctx.tally.add(row, K_INF_HULL, placedHull);
  ctx.tally.addScalar(S_IDX.missileCoreDiceAtt, attCore);
  ctx.tally.addScalar(S_IDX.missileDiceAtt, attDice);
  ctx.tally.addScalar(S_IDX.missileCoreBlocked, Math.min(attCore, defCore) > 0 ? attCore - coreHits : 0);
  ctx.tally.addScalar(S_IDX.missileHullBlocked, attDice - attCore - hullHits);
  const ds = m.units[j].side;
  s.defShown[ds * 2] += defCore;
  s.defShown[ds * 2 + 1] += defDice;
}
