/**
 * Damage and losses (GENERAL RULES p.51-53, SHOOTING p.67, MORALE p.74-75, HEROES p.77):
 * damage tests, nearest-first removal, hero protection, leader replacement, AFV location damage,
 * morale tests and their consequences.
 */
import type { PlayContext } from '../../../core/system.ts';
import { M, rowOf, type Rows } from '../metrics.ts';
import type { Model, OfficerM } from '../model.ts';
import { ST_DISORGANIZED, ST_ROUTED, ST_VALIANT, type At43State } from '../state.ts';
import { applyAfvDamage, SP_STRIDE } from './afv.ts';
import { moraleNeed, rollLocation, rollPool, testDie, utrNeeded } from './rolls.ts';
import { noteFighterChanged } from './table-cache.ts';

export interface Env {
  readonly m: Model;
  readonly rows: Rows;
}

/** Removes a card from its side's sequence (A6: cards of eliminated units never take a turn). */
export function removeCard(s: At43State, side: number, u: number): void {
  const q = s.seq[side];
  const i = q.indexOf(u);
  if (i >= 0) q.splice(i, 1);
}

/** The officer leading unit u now: its own, a lone hero who joined it (p.76), or null. */
export function officerOf(m: Model, s: At43State, u: number): OfficerM | null {
  const k = s.officer[u];
  return k === 0 ? null : k === 1 ? m.units[u].officer : m.units[u].joinSlots[k - 2].officer;
}

/** The fighter who is unit u's officer (its first fighter, or the slot a joined hero took), or -1. */
export function officerFighter(m: Model, s: At43State, u: number): number {
  const k = s.officer[u];
  return k === 0 ? -1 : k === 1 ? m.units[u].first : m.units[u].joinSlots[k - 2].fighter;
}

/** The hero of unit u while he is on the table with it, or -1. */
export function heroFighter(m: Model, s: At43State, u: number): number {
  const k = s.officer[u];
  return k === 0 ? -1 : k === 1 ? (m.units[u].hero ? m.units[u].first : -1) : m.units[u].joinSlots[k - 2].fighter;
}

/**
 * Eliminates fighter f; replaces a dead leader by the closest standard fighter (seed p.47). A
 * hero pilot whose AFV is lost (`ejected`, or destroyed under `heroes.pilotOnFoot: lost`) is
 * placed on foot where it stood, as a unit of his own (p.53, p.76).
 */
export function killFighter(env: Env, s: At43State, f: number, ctx: PlayContext, ejected = false): void {
  const m = env.m;
  if (!s.alive[f]) return;
  s.alive[f] = 0;
  s.grounded[f] = 0;
  s.geom++;
  noteFighterChanged(s, f); // the caches compare only f (table-cache.ts syncGeom; a leader replaced below is seen there too)
  const u = m.fUnit[f];
  const U = m.units[u];
  if (U.pilotUnit >= 0 && f === U.first && s.officer[u] === 1 && (ejected || m.opts['heroes.pilotOnFoot'] === 'lost')) placePilot(env, s, U.pilotUnit, f, ctx);
  s.members[u]--;
  ctx.tally.addScalar(U.side === 0 ? M.scalar.lossesA : M.scalar.lossesB);
  if (s.members[u] === 0) {
    removeCard(s, U.side, u);
    s.drills[u] = 0;
    return;
  }
  if (s.leader[u] === f) {
    if (f === officerFighter(m, s, u)) s.officer[u] = 0; // the replacement leader is not an officer
    let best = -1;
    let bd = Infinity;
    for (let pass = 0; pass < 2 && best < 0; pass++)
      for (let g = U.first; g < U.first + U.count; g++) {
        if (!s.alive[g] || (pass === 0 && m.fSpecial[g])) continue;
        const d = (s.fx[g] - s.fx[f]) ** 2 + (s.fy[g] - s.fy[f]) ** 2;
        if (d < bd) {
          bd = d;
          best = g;
        }
      }
    s.leader[u] = best;
  }
}

/** The hero pilot of an AFV lost: on foot where it stood, a unit of his own, valiant, his card from the next round. */
function placePilot(env: Env, s: At43State, p: number, afv: number, ctx: PlayContext): void {
  const m = env.m;
  const P = m.units[p];
  const f = P.first;
  s.alive[f] = 1;
  s.grounded[f] = 0;
  s.fired[f] = 0;
  s.fx[f] = s.fx[afv];
  s.fy[f] = s.fy[afv];
  s.members[p] = 1;
  s.leader[p] = f;
  s.officer[p] = 1;
  s.status[p] = 0;
  s.drills[p] = 0;
  s.geom++;
  if (ctx.log) ctx.log(`  ${P.hero} is placed on foot where his AFV stood`);
}

export function moraleOf(m: Model, s: At43State, u: number): number {
  const off = officerOf(m, s, u);
  return off ? off.morale : m.units[u].profile.morale;
}

/** One morale test (seed p.75): failure moves valiant -> disorganized -> routing (eliminated). */
export function moraleTest(env: Env, s: At43State, u: number, ctx: PlayContext): boolean {
  const m = env.m;
  const need = moraleNeed(m.rules.utr, moraleOf(m, s, u), m.rules.morale.difficulty);
  const ok = testDie(ctx.dice, need);
  if (ctx.log) ctx.log(`  morale test of ${m.units[u].id} (need ${need === 1 ? 'auto' : need + '+'}): ${ok ? 'passed' : 'failed'}`);
  if (ok) return true;
  ctx.tally.addScalar(M.scalar.moraleFailures);
  if (s.status[u] === ST_VALIANT) s.status[u] = ST_DISORGANIZED;
  else {
    s.status[u] = ST_ROUTED;
    ctx.tally.addScalar(M.scalar.routs);
    const U = m.units[u];
    for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f]) killFighter(env, s, f, ctx);
    if (ctx.log) ctx.log(`  ${U.id} routs`);
  }
  return false;
}

/**
 * Morale triggers at activation (seed p.74): an AFV unit entirely immobilised; a Type 1 or 2
 * infantry unit that "has fallen to 3 members or fewer", a Type 3 one "fallen to 1 member": a
 * unit fielded at that size or below (a lone hero on foot, a unit of three) never fell to it
 * and is not tested.
 */
export function moraleTriggered(m: Model, s: At43State, u: number): boolean {
  const U = m.units[u];
  const off = officerOf(m, s, u);
  if (U.profile.morale <= 0 && !(off && off.morale > 0)) return false;
  if (U.afv) {
    for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f] && s.sp[f * SP_STRIDE + 1] > 0) return false;
    return true;
  }
  let n = s.members[u];
  let fielded = U.fielded;
  if (!m.opts['morale.countHero'] && heroFighter(m, s, u) >= 0) {
    n--;
    if (U.hero) fielded--;
  }
  const trigger = U.profile.type <= 2 ? m.rules.morale.triggerType12 : m.rules.morale.triggerType3;
  return fielded > trigger && n <= trigger;
}

/**
 * A unit of AFVs tests its morale when one of its members is destroyed or abandoned (seed p.75;
 * an AFV abandoned by its pilot "is considered destroyed", p.53), if it has members left and
 * does not have nerves of steel.
 */
export function afvLossTest(env: Env, s: At43State, v: number, ctx: PlayContext): void {
  if (s.members[v] > 0 && env.m.units[v].profile.morale > 0) moraleTest(env, s, v, ctx);
}

const ORDER = new Int32Array(64);

function sortByDistance(env: Env, s: At43State, u: number, fx: number, fy: number): number {
  const U = env.m.units[u];
  let n = 0;
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!s.alive[f]) continue;
    const d = (s.fx[f] - fx) ** 2 + (s.fy[f] - fy) ** 2;
    let i = n++;
    while (i > 0 && (s.fx[ORDER[i - 1]] - fx) ** 2 + (s.fy[ORDER[i - 1]] - fy) ** 2 > d) {
      ORDER[i] = ORDER[i - 1];
      i--;
    }
    ORDER[i] = f;
  }
  return n;
}

/**
 * Damage tests for `impacts` impacts of weapon w on infantry unit v, removing the fighters
 * nearest (fx, fy) first (seed p.67); the hero takes none while others remain (p.77).
 * `only` restricts the eligible fighters to a contact list (close combat). Returns kills.
 */
export function damageInfantry(env: Env, s: At43State, v: number, impacts: number, w: number, fx: number, fy: number, ctx: PlayContext, only: Int32Array | null = null, nOnly = 0): number {
  const m = env.m;
  const W = m.weapons[w];
  let kills = 0;
  const hero = heroFighter(m, s, v);
  const rr = m.opts['rerolls.applyToDamage'] ? W.rerolls : 0;
  // the order by distance is taken once: a fighter removed leaves the others' order unchanged
  const n = impacts > 0 ? sortByDistance(env, s, v, fx, fy) : 0;
  for (let k = 0; k < impacts && s.members[v] > 0; k++) {
    let f = -1;
    for (let i = 0; i < n && f < 0; i++) {
      const g = ORDER[i];
      if (!s.alive[g] || (g === hero && s.members[v] > 1)) continue;
      if (only) {
        let inList = false;
        for (let j = 0; j < nOnly; j++) if (only[j] === g) inList = true;
        if (!inList) continue;
      }
      f = g;
    }
    if (f < 0) break;
    const need = utrNeeded(m.rules.utr, W.penetration - m.units[v].profile.protection);
    if (rollPool(ctx.dice, 1, need, rr) > 0) {
      killFighter(env, s, f, ctx);
      kills++;
    }
  }
  return kills;
}

/** ORDER[0..n) without unit v's hero (kept in order); returns the new count. */
function withoutHero(m: Model, s: At43State, v: number, n: number): number {
  const hero = heroFighter(m, s, v);
  if (hero < 0) return n;
  let k = 0;
  for (let i = 0; i < n; i++) if (ORDER[i] !== hero) ORDER[k++] = ORDER[i];
  return k;
}

/** Impacts of the AFV ranked `rank` by distance (0 = nearest) when `impacts` are split among n (p.67, W26). */
export function splitShare(impacts: number, n: number, rank: number): number {
  const each = Math.floor(impacts / n);
  return each + (rank < impacts - each * n ? 1 : 0);
}

/**
 * Impacts on a unit of AFVs (seed p.67): split as equally as possible, the extra impacts to the
 * AFVs nearest (fx, fy); each success rolls a location (p.52); a hero's AFV takes none while
 * others remain unless targeted alone (`single`; p.77, option `heroes.aboardAfv`). Returns AFVs
 * destroyed.
 */
export function damageAfvUnit(env: Env, s: At43State, v: number, impacts: number, w: number, fx: number, fy: number, ctx: PlayContext, single = -1): number {
  const m = env.m;
  let n = single >= 0 ? ((ORDER[0] = single), 1) : sortByDistance(env, s, v, fx, fy);
  if (n === 0) return 0;
  // a hero's AFV is shielded by the unit's other AFVs unless it is targeted alone (p.77)
  if (single < 0 && n > 1 && m.opts['heroes.aboardAfv'] === 'shielded') n = withoutHero(m, s, v, n);
  const W = m.weapons[w];
  const need = utrNeeded(m.rules.utr, W.penetration - m.units[v].profile.protection);
  const rr = m.opts['rerolls.applyToDamage'] ? W.rerolls : 0;
  const policy = m.opts['location.weaponPick'];
  let destroyed = 0;
  for (let i = 0; i < n; i++) {
    const f = ORDER[i];
    const k = splitShare(impacts, n, i);
    const succ = rollPool(ctx.dice, k, need, rr);
    const wasMobile = s.sp[f * SP_STRIDE + 1] > 0;
    let dead = false;
    for (let j = 0; j < succ && !dead; j++) dead = applyAfvDamage(s.sp, f * SP_STRIDE, 4, rollLocation(ctx.dice, m.rules.location.faces), W.damage, policy);
    if (wasMobile && s.sp[f * SP_STRIDE + 1] <= 0) ctx.tally.addScalar(M.scalar.afvImmobilised);
    if (ctx.log && succ > 0) ctx.log(`  ${m.units[v].id} AFV #${f - m.units[v].first}: ${k} impacts, ${succ} damage -> SP ${s.sp.slice(f * SP_STRIDE, f * SP_STRIDE + 4).join('/')}`);
    if (dead) {
      destroyed++;
      ctx.tally.addScalar(M.scalar.afvDestroyed);
      killFighter(env, s, f, ctx);
    }
  }
  // an AFV unit tests morale when one of its members is destroyed (seed p.75)
  if (destroyed > 0) afvLossTest(env, s, v, ctx);
  return destroyed;
}

/** Damage to one given fighter (a bystander, a fighter under a template). Returns true if killed. */
export function damageFighter(env: Env, s: At43State, f: number, impacts: number, w: number, ctx: PlayContext): boolean {
  const m = env.m;
  const v = m.fUnit[f];
  if (m.units[v].afv) return damageAfvUnit(env, s, v, impacts, w, s.fx[f], s.fy[f], ctx, f) > 0;
  const W = m.weapons[w];
  const need = utrNeeded(m.rules.utr, W.penetration - m.units[v].profile.protection);
  const rr = m.opts['rerolls.applyToDamage'] ? W.rerolls : 0;
  if (rollPool(ctx.dice, impacts, need, rr) > 0) {
    killFighter(env, s, f, ctx);
    return true;
  }
  return false;
}

export function tallyKills(env: Env, ctx: PlayContext, shooter: number, w: number, band: number, kills: number, targetUnit: number): void {
  if (kills <= 0) return;
  const row = rowOf(env.rows, shooter, w, band);
  ctx.tally.add(row, M.col.kills, kills);
  // integral per-fighter cost, so summaries stay exact integer sums in any batch order
  ctx.tally.add(row, M.col.costKilled, kills * env.m.units[targetUnit].profile.cost);
}

/**
 * Impacts on a mêlée treated as one unit (p.61, A20): each impact tests the nearest alive fighter
 * of any engaged unit (friend or foe) to (fx, fy); heroes keep their protection. Returns kills.
 */
export function damageMelee(env: Env, s: At43State, mask: Uint8Array, impacts: number, w: number, fx: number, fy: number, ctx: PlayContext): number {
  const m = env.m;
  const W = m.weapons[w];
  let kills = 0;
  for (let k = 0; k < impacts; k++) {
    let f = -1;
    let bd = Infinity;
    for (let g = 0; g < m.nF; g++) {
      const v = m.fUnit[g];
      if (!s.alive[g] || !mask[v] || (g === heroFighter(m, s, v) && s.members[v] > 1)) continue;
      const d = (s.fx[g] - fx) ** 2 + (s.fy[g] - fy) ** 2;
      if (d < bd) {
        bd = d;
        f = g;
      }
    }
    if (f < 0) break;
    const need = utrNeeded(m.rules.utr, W.penetration - m.units[m.fUnit[f]].profile.protection);
    if (rollPool(ctx.dice, 1, need, m.opts['rerolls.applyToDamage'] ? W.rerolls : 0) > 0) {
      killFighter(env, s, f, ctx);
      kills++;
    }
  }
  return kills;
}
