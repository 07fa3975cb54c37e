/**
 * Payload modules (seed §1.5 Payloads table, spec §3.12): beacons, jammer, repair-module
 * designation, engineering actions. (Weapon payloads fire through combat.ts; the power
 * module's defence bonus is in damage.ts, its speed and counter-jamming in engine.ts.)
 */
import type { PlayContext } from '../../../core/system.ts';
import { footprintShapeDistance, headingTo, pointInShape, hypot } from '../../../core/geometry/table/index.ts';
import { applyCode, payloadPoints } from './damage.ts';
import { centreDistance, clearLosCache, hasLos, inArcOf, rangeBetween } from './geom.ts';
import { displace, jamEffect, jamScore, placeBehind } from './movement.ts';
import { C_B, P_BEACONS, P_ENGINEERING, P_JAMMER, P_REPAIR, type Model } from '../model.ts';
import type { MgvState } from '../state.ts';
import { clearTargets } from '../state.ts';
import { S_IDX, W_JAMMER_ROW, allRow } from '../metrics.ts';

// ---------------------------------------------------------------------------------------------
// beacons

/** Where a beacon lands: on the line to the target, this many inches short of its centre ([P], spec §3.12.2 "next to"). */
export const BEACON_SHORT = 0.5;

export function canLaunchBeacon(m: Model, s: MgvState, i: number, j: number): boolean {
  const u = s.units[i];
  const t = s.units[j];
  if (m.units[i].payload !== P_BEACONS || !u.alive || u.infected || u.jam === 3) return false;
  if (u.beaconsLeft <= 0 || u.beaconsTurn >= m.data.payloads.beaconsPerTurn) return false;
  if (!t.alive || m.units[j].side === m.units[i].side) return false;
  // beacons are placed next to the target (BEACON_SHORT short of its centre): the placement
  // point must be within range (spec §8.2 T27: at 30.5" illegal, at 29.9" legal) and in LOS
  if (Math.max(0, centreDistance(u, t) - BEACON_SHORT) > m.data.payloads.beaconRange + 1e-9) return false;
  return hasLos(m, s, i, j);
}

/** Launches a marker (kind 0) or spotter (kind 1) beacon next to enemy j. Counts as firing. */
export function launchBeacon(m: Model, s: MgvState, i: number, kind: number, j: number, ctx: PlayContext): void {
  const u = s.units[i];
  const t = s.units[j];
  u.beaconsLeft--;
  u.beaconsTurn++;
  u.beacon = true;
  u.activeTurn = true;
  u.camo = false;
  // the point: on the line of sight, half an inch short of the target's centre
  const d = hypot(t.x - u.x, t.y - u.y) || 1;
  const k = Math.max(0, d - BEACON_SHORT) / d;
  clearTargets(s);
  s.beacons.push({ side: m.units[i].side, kind, x: u.x + (t.x - u.x) * k, y: u.y + (t.y - u.y) * k, target: j, expires: s.phaseNo + m.o.beaconLifetime - 1 });
  ctx.tally.addScalar(S_IDX.beaconsLaunched);
}

// ---------------------------------------------------------------------------------------------
// jammer

export function jammerReady(m: Model, s: MgvState, i: number): boolean {
  const u = s.units[i];
  return m.units[i].payload === P_JAMMER && u.alive && !u.infected && !u.jamUsedTurn && payloadPoints(m, i, u) > 0;
}

export function canJam(m: Model, s: MgvState, i: number, j: number): boolean {
  if (!jammerReady(m, s, i)) return false;
  const t = s.units[j];
  if (!t.alive || m.units[j].side === m.units[i].side) return false;
  if (!inArcOf(s.units[i], t, m.data.payloads.jammerArc / 2, m.units[i].payloadFacing)) return false;
  return hasLos(m, s, i, j);
}

/** Resolves a jamming attempt after the target committed `counter` power points (spec §5.8 [P]). */
export function resolveJam(m: Model, s: MgvState, i: number, j: number, counter: number, ctx: PlayContext): void {
  const u = s.units[i];
  const t = s.units[j];
  u.jamUsedTurn = true;
  u.jammed = true;
  clearTargets(s);
  u.activeTurn = true;
  u.camo = false;
  ctx.tally.addScalar(S_IDX.jamAttempts);
  const J = payloadPoints(m, i, u) - m.data.jamming.counterPerPowerPoint * counter;
  if (J <= 0) return;
  const eff = jamEffect(m, jamScore(ctx.dice, J));
  if (ctx.log) ctx.log(`  jamming ${m.units[i].id} -> ${m.units[j].id}: J = ${J}: ${['no effect', 'half speed', 'immobilized', 'paralyzed', 'paralyzed + B hit'][eff]}`);
  if (eff === 0) return;
  ctx.tally.addScalar(S_IDX.jamEffects);
  u.jamTarget = j;
  const level = eff >= 3 ? 3 : eff;
  if (level > t.jam) {
    t.jam = level;
    t.jamBy = i;
  }
  if (eff === 4) applyCode(m, s, j, C_B, allRow(m.units[i].side, W_JAMMER_ROW), ctx.dice, ctx, -1);
}

/** Jamming lasts only while the jammer keeps LOS (spec §3.12.4): checked after every phase. */
export function checkJamLos(m: Model, s: MgvState): void {
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    if (u.jamTarget < 0) continue;
    const t = s.units[u.jamTarget];
    if (!u.alive || !t.alive || !hasLos(m, s, i, u.jamTarget)) {
      if (t.jamBy === i) {
        t.jam = 0;
        t.jamBy = -1;
      }
      u.jamTarget = -1;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// repair module

export function canDesignateRepair(m: Model, s: MgvState, i: number, k: number): boolean {
  const u = s.units[i];
  if (m.units[i].payload !== P_REPAIR || !u.alive || u.infected || u.moduleLeft <= 0 || u.repairTarget >= 0) return false;
  if (k === i || m.units[k].side !== m.units[i].side || !s.units[k].alive) return false;
  return centreDistance(u, s.units[k]) <= m.data.repair.moduleRange + 1e-9;
}

// ---------------------------------------------------------------------------------------------
// engineering (spec §3.12.6, §5.9 [P]); features are worked on whole, points carry over

export const ENG_CLEAR = 0, ENG_BULLDOZE = 1, ENG_CLEAR_JAM = 2, ENG_TOW = 3, ENG_PUSH_FRIEND = 4, ENG_PUSH_ENEMY = 5, ENG_BRIDGE = 6;
export const ENG_NAMES = ['clear', 'bulldoze', 'clear jamming surface', 'tow free', 'push friendly 1"', 'push enemy 1"', 'lay bridging strand'];

export function engPointsLeft(m: Model, s: MgvState, i: number): number {
  const u = s.units[i];
  if (m.units[i].payload !== P_ENGINEERING || m.o.noEngineering || u.engPointBlank || !u.alive) return 0;
  return Math.max(0, payloadPoints(m, i, u) - u.engUsed);
}

/** Points needed to finish an action on feature f. */
export function featureCost(m: Model, s: MgvState, action: number, f: number): number {
  const e = m.data.engineering;
  const F = m.features[f];
  const span = 2 * Math.sqrt(F.area / Math.PI);
  const need = action === ENG_CLEAR ? F.area * e.clearSqIn : action === ENG_BULLDOZE ? span * e.pathWidth * e.bulldozeSqIn : action === ENG_CLEAR_JAM ? F.area * e.clearJamSurfaceSqIn : span * e.bridgePerInch;
  return Math.max(0, need - s.progress[f]);
}

function reachFeature(m: Model, s: MgvState, i: number, f: number): boolean {
  const u = s.units[i];
  return footprintShapeDistance(u.x, u.y, u.h, { kind: 'circle', radius: 0 }, m.features[f].shape) <= m.data.engineering.reach + 1e-9 || pointInShape(m.features[f].shape, u.x, u.y);
}

export function canEngineer(m: Model, s: MgvState, i: number, action: number, target: number): boolean {
  const pts = engPointsLeft(m, s, i);
  if (pts <= 0) return false;
  const e = m.data.engineering;
  const u = s.units[i];
  if (action <= ENG_CLEAR_JAM || action === ENG_BRIDGE) {
    if (target >= m.features.length || s.removed[target]) return false;
    const F = m.features[target];
    const ok = action === ENG_CLEAR ? F.clearable : action === ENG_BULLDOZE ? F.bulldozable && !s.opened[target] : action === ENG_CLEAR_JAM ? F.jamming && !s.opened[target] : F.type === 'gap' && !s.opened[target];
    return ok && reachFeature(m, s, i, target);
  }
  if (target >= s.units.length || target === i || !s.units[target].alive) return false;
  const friend = m.units[target].side === m.units[i].side;
  if (centreDistance(u, s.units[target]) > e.reach + 1e-9) return false;
  if (action === ENG_TOW) return friend && s.units[target].trapped && pts >= e.towFromTrap;
  if (action === ENG_PUSH_FRIEND) return friend && pts >= e.pushFriendlyPerInch && u.allowance >= 1;
  if (action === ENG_PUSH_ENEMY) return !friend && pts >= e.pushEnemyPerInch && u.allowance >= 1;
  return false;
}

export function doEngineer(m: Model, s: MgvState, i: number, action: number, target: number, ctx: PlayContext): void {
  const e = m.data.engineering;
  const u = s.units[i];
  const pts = engPointsLeft(m, s, i);
  u.activeTurn = true;
  u.camo = false;
  ctx.tally.addScalar(S_IDX.engineeringActions);
  if (action <= ENG_CLEAR_JAM || action === ENG_BRIDGE) {
    const need = featureCost(m, s, action, target);
    const spend = Math.min(pts, need);
    u.engUsed += spend;
    s.progress[target] += spend;
    if (spend >= need - 1e-9) {
      if (action === ENG_CLEAR) s.removed[target] = true;
      else s.opened[target] = true;
      s.progress[target] = 0;
      clearLosCache(s);
    }
    return;
  }
  if (action === ENG_TOW) {
    u.engUsed += e.towFromTrap;
    const t = s.units[target];
    t.trapped = false;
    t.frozen = true;
    placeBehind(m, s, i, target);
    return;
  }
  // push / tow 1": the acting base moves parallel with the pushed one, within its movement
  const cost = action === ENG_PUSH_FRIEND ? e.pushFriendlyPerInch : e.pushEnemyPerInch;
  u.engUsed += cost;
  const dir = headingTo(u.x, u.y, s.units[target].x, s.units[target].y);
  const moved = displace(m, s, target, dir, 1);
  if (moved > 0) {
    const me = displace(m, s, i, dir, moved);
    u.allowance = Math.max(0, u.allowance - me);
  }
}

export function rangeOk(m: Model, s: MgvState, i: number, j: number, max: number): boolean {
  return rangeBetween(m, s.units[i], s.units[j]) <= max + 1e-9;
}
