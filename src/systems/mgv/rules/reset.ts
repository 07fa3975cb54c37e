/**
 * The Reset phase (seed §1.7, §6.0; spec §3.15): recurring damage (infestation and Po checks),
 * repairs (dice allocated by a named priority preset), sudden death, marker removal.
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Rng } from '../../../core/rng/rng.ts';
import type { MgvRules } from '../schema.ts';
import { applyCode, payloadPoints, spreadFrom } from './damage.ts';
import { againstProminent, clearLosCache } from './geom.ts';
import { basesOverlap, hypot } from '../../../core/geometry/table/index.ts';
import { C_B, C_SPREAD, L_INF_CORE, L_INF_HULL, L_PO_RECURRING, P_POWER, P_REPAIR, type Model } from '../model.ts';
import type { MgvState } from '../state.ts';
import { clearTargets } from '../state.ts';
import { K_KILLS, K_POINTS, S_IDX } from '../metrics.ts';

const SNAP = new Int32Array(64);

/** 5a: one roll per infestation present at the start (snapshot), then per unsuppressed Po hit. */
export function recurringDamage(m: Model, s: MgvState, ctx: PlayContext): void {
  clearTargets(s);
  const rng = ctx.dice;
  const g = m.graph;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    if (!u.alive) continue;
    // the snapshot only for a base with an infestation (most have none: a read-only scan)
    const inf = u.infest;
    let any = 0;
    for (let c = 0; c < g.n && any === 0; c++) any = inf[c];
    if (any !== 0) for (let c = 0; c < g.n; c++) SNAP[c] = inf[c];
    for (let c = 0; any !== 0 && c < g.n; c++) {
      for (let k = 0; k < SNAP[c]; k++) {
        if (!u.alive) break;
        const code = m.crit[(g.core[c] ? L_INF_CORE : L_INF_HULL) * 6 + rng.int(6)];
        if (ctx.log && code !== 0) ctx.log(`  ${m.units[i].id} infestation check (${g.core[c] ? 'core' : 'hull'}): ${code === C_SPREAD ? 'spreads' : 'B hit'}`);
        if (code === C_SPREAD) spreadFrom(m, u, c, rng);
        else if (code !== 0) {
          applyCode(m, s, i, code, u.infSrc, rng, ctx, c);
          if (code === C_B) u.bInf = true;
        }
      }
    }
    // Po: the power module suppresses one recurring check per point (unless used this turn)
    let suppressed = 0;
    if (m.units[i].payload === P_POWER && (m.o.powerFree || !u.powerUsed)) suppressed = payloadPoints(m, i, u);
    const checks = Math.max(0, u.Po - suppressed);
    for (let k = 0; k < checks; k++) {
      const code = m.crit[L_PO_RECURRING * 6 + rng.int(6)];
      if (code !== 0) {
        applyCode(m, s, i, code, u.poSrc, rng, ctx, -1);
        if (code === C_B) u.bInf = false;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 5b repairs

/** Repair categories and the named presets (orders) an agent chooses from. */
export const R_NC = 0, R_MJ = 1, R_S = 2, R_NH = 3, R_SE = 4, R_PO = 5;
export const REPAIR_PRESETS = [
  { name: 'coreFirst', order: [R_NC, R_MJ, R_S, R_NH, R_SE, R_PO] },
  { name: 'mobility', order: [R_S, R_MJ, R_NC, R_PO, R_SE, R_NH] },
  { name: 'weapons', order: [R_MJ, R_SE, R_NC, R_S, R_PO, R_NH] },
  { name: 'power', order: [R_PO, R_NC, R_MJ, R_S, R_SE, R_NH] },
] as const;

/** Dice a unit can roll this Reset: own points (+0) and repair-module dice aimed at it (+bonus). */
export function repairDice(m: Model, s: MgvState, i: number): { own: number; module: number } {
  const u = s.units[i];
  let mod = 0;
  for (let k = 0; k < s.units.length; k++) {
    const v = s.units[k];
    if (m.units[k].payload !== P_REPAIR || !v.alive || v.moduleLeft <= 0) continue;
    const target = v.repairTarget >= 0 && s.units[v.repairTarget].alive ? v.repairTarget : k;
    if (target === i) mod += v.moduleLeft;
  }
  return { own: u.alive ? u.repairLeft : 0, module: mod };
}

/** Kinds of repairable damage the unit has (bit set) — used to decide whether a choice exists. */
export function repairNeeds(m: Model, s: MgvState, i: number): number {
  const u = s.units[i];
  const g = m.graph;
  let nc = 0;
  let nh = 0;
  for (let c = 0; c < g.n; c++) if (u.infest[c]) (g.core[c] ? (nc += u.infest[c]) : (nh += u.infest[c]));
  let bits = 0;
  if (nc) bits |= 1 << R_NC;
  if (u.Mj + u.MjP) bits |= 1 << R_MJ;
  if (u.S) bits |= 1 << R_S;
  if (nh) bits |= 1 << R_NH;
  if (m.o.repairPlaceholder && u.Se) bits |= 1 << R_SE;
  if (m.o.repairPlaceholder && u.Po) bits |= 1 << R_PO;
  return bits;
}

function removeInfestation(m: Model, s: MgvState, i: number, core: boolean): void {
  const u = s.units[i];
  const g = m.graph;
  for (let c = 0; c < g.n; c++) {
    if (u.infest[c] > 0 && (g.core[c] === 1) === core) {
      u.infest[c]--;
      return;
    }
  }
}

/**
 * Repairs unit i by a preset order: dice assigned before rolling (module dice, +bonus, first),
 * then rolled; S/Se/Po successes consume a point of the die's pool (seed §6.0 Repair).
 */
export function repairUnit(m: Model, s: MgvState, i: number, preset: number, ctx: PlayContext): void {
  const u = s.units[i];
  if (!u.alive || m.o.noRepair) return;
  const R = m.data.repair;
  const pool = repairDice(m, s, i);
  const modDice = pool.module;
  const ownDice = pool.own;
  if (modDice + ownDice <= 0) return;
  const g = m.graph;
  let nc = 0;
  let nh = 0;
  for (let c = 0; c < g.n; c++) if (u.infest[c]) (g.core[c] ? (nc += u.infest[c]) : (nh += u.infest[c]));
  const order = REPAIR_PRESETS[preset].order;
  const rd = repairDiceInUse === undefined ? (repairDiceInUse = new RepairDice(m, s, i, modDice, ownDice, ctx)) : repairDiceInUse.aim(m, s, i, modDice, ownDice, ctx);
  for (let oi = 0; oi < order.length; oi++) {
    const cat = order[oi];
    switch (cat) {
      case R_NC:
      case R_NH: {
        let n = cat === R_NC ? nc : nh;
        while (n > 0) {
          const b = rd.take();
          if (b < 0) return;
          if (rd.roll(b, R.infestation.successMin)) removeInfestation(m, s, i, cat === R_NC);
          n--;
        }
        break;
      }
      case R_MJ: {
        const hits = u.Mj + u.MjP;
        for (let h = 0; h < hits * R.Mj.maxDicePerHit; h++) {
          const b = rd.take();
          if (b < 0) return;
          if (rd.roll(b, R.Mj.successMin)) {
            if (u.Mj > 0) u.Mj--;
            else if (u.MjP > 0) u.MjP--;
            if (R.Mj.consumesPoint) rd.consume(b);
          }
        }
        break;
      }
      case R_S:
      case R_SE:
      case R_PO: {
        if (cat !== R_S && !m.o.repairPlaceholder) break;
        const row = cat === R_S ? R.S : cat === R_SE ? R.Se : R.Po;
        const hits = cat === R_S ? u.S : cat === R_SE ? u.Se : u.Po;
        for (let h = 0; h < hits; h++) {
          let ok = false;
          let bonusUsed = 1;
          for (let d = 0; d < row.maxDicePerHit; d++) {
            const b = rd.take();
            if (b < 0) break;
            if (rd.roll(b, row.successMin)) {
              ok = true;
              bonusUsed = b;
            }
          }
          if (ok) {
            if (cat === R_S) u.S--;
            else if (cat === R_SE) u.Se--;
            else u.Po--;
            if (row.consumesPoint) rd.consume(bonusUsed);
          }
          if (rd.mod + rd.own <= 0) return;
        }
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 5c sudden death

export function suddenDeath(m: Model, s: MgvState, ctx: PlayContext): void {
  const d = m.data.death;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    if (!u.alive || u.B <= 0) continue;
    if (diesAtReset(d, u.B, ctx.dice)) killUnit(m, s, i, ctx);
  }
}

/** Sudden death of a base with b >= 1 B hits at a Reset: automatic from automaticAt, else one die (spec §5.7 [P]). */
export function diesAtReset(d: MgvRules['death'], b: number, rng: Rng): boolean {
  if (b >= d.automaticAt) return true;
  return 1 + rng.int(6) >= d.minRollByBHits[Math.min(b, d.minRollByBHits.length) - 1];
}

export function killUnit(m: Model, s: MgvState, i: number, ctx: PlayContext): void {
  const u = s.units[i];
  if (ctx.log) ctx.log(`  ${m.units[i].id} is ${u.selfDestructed ? 'self-destructed' : `brain dead (${u.B} B hits)`}`);
  u.alive = false;
  u.jamTarget = -1;
  u.killedBy = u.bSrc;
  const side = m.units[i].side;
  ctx.tally.addScalar(side === 0 ? S_IDX.lostA : S_IDX.lostB);
  ctx.tally.addScalar(side === 0 ? S_IDX.pointsLostA : S_IDX.pointsLostB, m.units[i].cost);
  if (u.bInf) ctx.tally.addScalar(S_IDX.infestationBDeaths);
  if (u.bSrc >= 0 && !u.selfDestructed) {
    ctx.tally.add(u.bSrc, K_KILLS);
    ctx.tally.add(u.bSrc, K_POINTS, m.units[i].cost);
  }
  for (let k = 0; k < s.units.length; k++) {
    const t = s.units[k];
    if (t.jamBy === i) {
      t.jam = 0;
      t.jamBy = -1;
    }
  }
  clearLosCache(s);
}

// ---------------------------------------------------------------------------------------------
// 5d marker removal and camouflage for the next turn

export function removeMarkers(m: Model, s: MgvState, ctx: PlayContext): void {
  clearTargets(s);
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    u.jam = 0;
    u.jamBy = -1;
    u.jamTarget = -1;
    u.jamUsedTurn = false;
    u.powerSpeed = 0;
    u.powerCounter = 0;
    u.powerUsed = false;
    u.engUsed = 0;
    u.engPointBlank = false;
    u.beaconsTurn = 0;
    u.repairTarget = -1;
    if (!m.o.activityAcrossTurns) {
      u.pMoved = 0;
      u.pFired = false;
      u.pBeacon = false;
      u.pJammed = false;
    }
    if (u.trapped && m.o.selfRescueOn > 0 && u.alive && 1 + ctx.dice.int(6) >= m.o.selfRescueOn) u.trapped = false;
  }
  // full camouflage for the next turn (spec §3.7 [O]): no activity this turn, against a prominent feature
  const camoMode = m.o.camo;
  const eligible = ELIGIBLE;
  const next = NEXT;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    eligible[i] = u.alive && !u.activeTurn && camoMode !== 2 && (camoMode === 0 || u.camo);
    next[i] = eligible[i] && (camoMode === 0 ? againstProminent(m, s, i) : u.camo);
  }
  // a second base in base-to-base contact with a camouflaged one shares it
  if (camoMode === 0) {
    for (let i = 0; i < s.units.length; i++) {
      if (!eligible[i] || next[i]) continue;
      const u = s.units[i];
      for (let k = 0; k < s.units.length; k++) {
        if (k === i || !next[k] || m.units[k].side !== m.units[i].side) continue;
        const o = s.units[k];
        if (hypot(o.x - u.x, o.y - u.y) <= 1.5 && !basesOverlap(u.x, u.y, u.h, m.fp, o.x, o.y, o.h, m.fp) && touching(m, u, o)) {
          next[i] = true;
          break;
        }
      }
    }
  }
  for (let i = 0; i < s.units.length; i++) {
    s.units[i].camo = next[i];
    s.units[i].activeTurn = false;
  }
}

const ELIGIBLE: boolean[] = [];
const NEXT: boolean[] = [];

function touching(m: Model, a: { x: number; y: number; h: number }, b: { x: number; y: number; h: number }): boolean {
  const c = m.data.terrainRules.contact;
  // base-to-base contact: the footprints grown by the contact tolerance overlap
  const fp = m.fp.kind === 'circle' ? { kind: 'circle' as const, radius: m.fp.radius + c / 2 } : { kind: 'rect' as const, length: m.fp.length + c, width: m.fp.width + c };
  return basesOverlap(a.x, a.y, a.h, fp, b.x, b.y, b.h, fp, 0);
}

/**
 * The dice of the repair under way: one per process, re-aimed by repairUnit at each repair (no
 * closure or object per call).
 */
class RepairDice {
  constructor(
    public m: Model,
    public s: MgvState,
    public i: number,
    /** Module dice left (they get the bonus) and the unit's own dice left. */
    public mod: number,
    public own: number,
    public ctx: PlayContext,
  ) {}

  aim(m: Model, s: MgvState, i: number, mod: number, own: number, ctx: PlayContext): this {
    this.m = m;
    this.s = s;
    this.i = i;
    this.mod = mod;
    this.own = own;
    this.ctx = ctx;
    return this;
  }

  /** Takes a die: module dice first (they get the bonus); 2 module die, 1 own die, -1 none. */
  take(): number {
    if (this.mod > 0) {
      this.mod--;
      return 2;
    }
    if (this.own > 0) {
      this.own--;
      return 1;
    }
    return -1;
  }

  roll(kind: number, min: number): boolean {
    const ctx = this.ctx;
    ctx.tally.addScalar(S_IDX.repairsTried);
    const ok = 1 + ctx.dice.int(6) + (kind === 2 ? this.m.data.repair.moduleBonus : 0) >= min;
    if (ok) ctx.tally.addScalar(S_IDX.repairsDone);
    return ok;
  }

  /** A successful S/Se/Po repair consumes a point of the die's pool. */
  consume(kind: number): void {
    const { m, s, i } = this;
    const u = s.units[i];
    if (kind === 2) {
      for (let k = 0; k < s.units.length; k++) {
        const v = s.units[k];
        const target = v.repairTarget >= 0 && s.units[v.repairTarget].alive ? v.repairTarget : k;
        if (m.units[k].payload === P_REPAIR && v.alive && v.moduleLeft > 0 && target === i) {
          v.moduleLeft--;
          break;
        }
      }
    } else if (u.repairLeft > 0) u.repairLeft--;
    this.ctx.tally.addScalar(S_IDX.repairPointsUsed);
  }
}
let repairDiceInUse: RepairDice | undefined;
