/**
 * The attack procedure ([5.1]; spec §3.1): eligibility, the attack target with every modifier,
 * the roll on natural dice with the usage checks, the endurance roll and its result. Pure over
 * (model, state) plus the dice stream; allocation-free.
 */
import type { PlayContext } from '../../../core/system.ts';
import { sees } from './sight.ts';
import { MAX_W, NO_RANGE, RANGES, UNARMED, WT_G, WT_L, WT_M, WT_MG, WT_PF, WT_R, type Model } from '../model.ts';
import { ARMLESS, ATTACKED, BOOSTING, BROKEN, CHARGING, DEAD, DRAIN_BASE, IMMOBILE, MOVED, PILOT_GONE, PINNED, REATTACKED, type MakState } from '../state.ts';
import { HIT_AUTO_D, MISS, PRODUCT, R_A, R_D, R_M, R_NONE, RESULT_NAMES, SUM, combine, enduranceResult, hitOutcome, laserDepletes, mgBreaks } from './rolls.ts';
import { M, rowOf } from '../metrics.ts';
import { applyResult } from './damage.ts';
import { smokeMod } from './smoke.ts';
import { maybeIgnite } from './fire.ts';
import { WEAPON_TYPES } from '../schema.ts';

/** Attack kinds (for metrics and per-phase limits). */
export const K_OFFENSIVE = 0;
export const K_DEFENSIVE = 1;
export const K_CQC = 2;
/** A defensive attack inside the CQC hex (same-hex window, return fire): range 0, defensive limits. */
export const K_CQC_DEF = 3;
/** A vehicle's overrun attack inside the enemy hex ([13.2.1]): range 0, offensive limits. */
export const K_OVERRUN = 4;

export function alive(s: MakState, u: number): boolean {
  return (s.status[u] & DEAD) === 0;
}

/** Does hex h hold a living unit of side `side`? */
export function hexHasSide(_m: Model, s: MakState, h: number, side: number): boolean {
  return s.occ[h * 2 + side] > 0;
}

/** Can unit u shoot weapon slot w at all now (A result, broken morale, depletion, ammo, per-phase limits)? */
export function weaponReady(m: Model, s: MakState, u: number, w: number, kind: number): boolean {
  const st = s.status[u];
  if (st & (DEAD | BROKEN)) return false;
  if (w === UNARMED) return (kind === K_CQC || kind === K_CQC_DEF) && m.ustack[u] === 1; // [9.5]: every Type I unit, A result included
  if (st & ARMLESS) return false;
  const k = u * MAX_W + w;
  const wt = m.wtype[k];
  if (wt < 0) return false;
  const dis = s.wdis[k];
  if (dis === 1 || (dis >= DRAIN_BASE && s.turn < dis - DRAIN_BASE + 2)) return false;
  if (m.wammo[k] > 0 && s.ammo[k] <= 0) return false;
  if (wt === WT_R && s.rkUsed[u] >= m.data.rules.rocketsPerPhase) return false; // [11.2.4]
  if (wt === WT_PF && s.pfUsed[u] >= (kind === K_DEFENSIVE || kind === K_CQC_DEF ? m.data.rules.pfPerPhaseDefensive : 1)) return false;
  return true;
}

/**
 * Has unit u a weapon it could still fire some day: not disarmed, and a slot that is neither
 * depleted nor broken ([11.2]) nor out of rounds. Per-phase limits and broken morale do not count.
 */
export function hasWorkingWeapon(m: Model, s: MakState, u: number): boolean {
  if (s.status[u] & ARMLESS) return false;
  for (let w = 0; w < MAX_W; w++) {
    const k = u * MAX_W + w;
    if (m.wtype[k] >= 0 && s.wdis[k] !== 1 && (m.wammo[k] === 0 || s.ammo[k] > 0)) return true;
  }
  return false;
}

/** Can unit u attack unit t with slot w (range, LOS, friendly-hex rule, pinning)? */
export function canAttack(m: Model, s: MakState, u: number, w: number, t: number, kind: number): boolean {
  if (!alive(s, t) || s.carrier[t] >= 0 || !weaponReady(m, s, u, w, kind)) return false;
  const a = s.hex[u];
  const b = s.hex[t];
  if (kind === K_CQC || kind === K_CQC_DEF) return a === b && m.uveh[u] === 0; // vehicles never make CQC attacks ([13.2])
  if (kind === K_OVERRUN) return a === b && m.uveh[u] === 1;
  if (a === b) return false; // same hex attacks are close quarters combat only
  // [5.1.4], [9.2.3]: never into a hex holding own units; [9.4.4]: pinned units do not fire out.
  if (s.status[u] & PINNED && hexHasSide(m, s, a, 1 - m.uside[u])) return false;
  if (hexHasSide(m, s, b, m.uside[u])) return false;
  if (s.fire[a]) return false; // nobody inside a burning hex sees out ([19.4.3])
  const k = u * MAX_W + w;
  const d = m.grid.distance(a, b);
  if (d > m.wrange[k] || d >= RANGES || m.rangeMod[m.wtype[k] * RANGES + d] === NO_RANGE) return false;
  return sees(m, s, a, b, m.ustack[t] === 2 ? 1 : 0);
}

/** Attack target of u's slot w against t ([5.1.1], [5.1.3], [18.1.2]). Unarmed: fixed 4 ([9.5]). */
export function attackTargetOf(m: Model, s: MakState, u: number, w: number, t: number): number {
  return attackTargetAt(m, s, u, w, t, s.hex[u], s.hex[t]);
}

/**
 * Attack target of u's slot w against t as if u stood in hex a and t in hex b (the agents weigh
 * positions with it; the engine always passes the units' own hexes). A defensive position shelters
 * t only in its own hex.
 */
export function attackTargetAt(m: Model, s: MakState, u: number, w: number, t: number, a: number, b: number): number {
  if (w === UNARMED) return m.data.rules.unarmedTarget;
  const k = u * MAX_W + w;
  const wt = m.wtype[k];
  const d = m.grid.distance(a, b);
  const pAtk = s.status[u] & PILOT_GONE ? 0 : s.pAtk[u];
  const pDef = s.status[t] & PILOT_GONE ? 0 : s.pDef[t];
  // A boosting SAFS Mk II is shot at as AA fire: no terrain, hexside or range modifier (spec §3.9 RECOMMENDED).
  if (s.status[t] & BOOSTING) return m.watk[k] + pAtk - (m.udef[t] + pDef) + smokeMod(m, s, a, b, wt) + m.unight[u];
  let mods = m.hexAtk[(b * 6 + wt) * 2 + (m.ustack[t] === 2 ? 1 : 0)] + m.rangeMod[wt * RANGES + d];
  if (a !== b) mods += m.sideAtk(a, b, wt);
  if (s.status[t] & IMMOBILE) mods += m.data.rules.immobilizedBonus;
  mods += smokeMod(m, s, a, b, wt); // smoke in the firer's or the target's hex ([19.2.6])
  if (s.status[t] & CHARGING) mods += m.opt.chargeDefMod; // "at a 1 to hit" (spec §6 A17)
  if (m.defPos[b] !== 0 && a !== b && b === s.hex[t]) mods += shelter(m, s, t);
  return m.watk[k] + pAtk - (m.udef[t] + pDef) + mods + m.unight[u]; // manned units at night ([19.3])
}

/**
 * Defensive position modifier of unit t ([12.3]): the marker's value for every unit of its side in
 * the hex (option defPosCapacity 'hex', spec §6 A32) or only for the first of them ('oneUnit').
 */
export function shelter(m: Model, s: MakState, t: number): number {
  const h = s.hex[t];
  const v = m.defPos[h];
  if (v === 0) return 0;
  if (m.opt.defPosCapacity === 'hex') return v;
  for (let u = 0; u < t; u++) if (s.hex[u] === h && m.uside[u] === m.uside[t] && !(s.status[u] & DEAD)) return 0;
  return v;
}

/**
 * Resolves one attack of u (slot w) on t: roll, usage checks on the natural dice ([11.2]), hit,
 * endurance, result. With `defer` the result is stored in pendRes instead of applied (continuing
 * CQC, spec §6 A11). Returns the result code (R_NONE on a miss).
 */
export function resolveAttack(m: Model, s: MakState, ctx: PlayContext, u: number, w: number, t: number, kind: number, defer = false): number {
  const o = m.opt;
  const T = attackTargetOf(m, s, u, w, t);
  const d1 = ctx.dice.die(6);
  const d2 = ctx.dice.die(6);
  const mode = o.diceMode === 'product' ? PRODUCT : SUM;
  const row = rowOf(m, u, w);
  const tally = ctx.tally;
  tally.add(row, M.col.shots);
  if (kind === K_DEFENSIVE || kind === K_CQC_DEF) tally.add(row, M.col.defensiveShots);
  if (kind === K_CQC || kind === K_CQC_DEF) tally.add(row, M.col.cqcShots);
  if (T < 0) tally.add(row, M.col.wasted);
  const used = w === UNARMED ? 0 : spendUsage(m, s, ctx, u, w, d1, d2);
  const note = used === 1 ? ', laser depleted' : used === 2 ? ', MG broken' : '';
  const h = hitOutcome(d1, d2, T, mode, o.snakeEyesAutoHit);
  let res = R_NONE;
  if (h !== MISS) {
    tally.add(row, M.col.hits);
    if (h === HIT_AUTO_D) res = R_D;
    else {
      const e1 = ctx.dice.die(6);
      const e2 = ctx.dice.die(6);
      res = enduranceResult(m.udur[t], combine(e1, e2, o.enduranceDiceMode === 'product' ? PRODUCT : SUM));
    }
  }
  // [14.3.2]: broken infantry attacked again (any attack, or a hit with the option) gets +1 to recover.
  if (s.status[t] & BROKEN && (h !== MISS || !o.moraleReattackNeedsHit)) s.status[t] |= REATTACKED;
  if (res === R_D) tally.add(row, M.col.D);
  else if (res === R_A) tally.add(row, M.col.A);
  else if (res === R_M) tally.add(row, M.col.M);
  if (ctx.log) {
    const wname = w === UNARMED ? 'unarmed' : WEAPON_TYPES[m.wtype[u * MAX_W + w]];
    const R = combine(d1, d2, mode);
    ctx.log(`  ${m.uid[u]} ${wname} -> ${m.uid[t]}: T ${T}, dice (${d1},${d2}) R ${R}: ${h === MISS ? 'miss' : h === HIT_AUTO_D ? 'hit (1,1) automatic D' : `hit, endurance ${RESULT_NAMES[res]}`}${note}`);
  }
  // Announced attacks are carried out even when the target is already gone ([5.3.4]): usage only.
  if (res !== R_NONE && (s.status[t] & DEAD) === 0) {
    if (defer) {
      if (res > s.pendRes[t]) s.pendRes[t] = res;
    } else applyResult(m, s, ctx, t, res, u, w);
    const wt = w === UNARMED ? -1 : m.wtype[u * MAX_W + w];
    if (res === R_D && (wt === WT_G || wt === WT_M)) maybeIgnite(m, s, ctx, s.hex[t]); // [19.4.1]
  }
  return res;
}

/** The other stacked infantry squad that may pool its attack with u ([14.2.1]), or -1. */
export function infantryPartner(m: Model, s: MakState, u: number): number {
  for (let v = 0; v < m.nu; v++) {
    if (v === u || !m.uinf[v] || s.hex[v] !== s.hex[u] || m.uside[v] !== m.uside[u] || s.carrier[v] >= 0) continue;
    if (!(s.status[v] & (DEAD | BROKEN | ARMLESS)) && (s.status[v] & (MOVED | ATTACKED)) === 0) return v;
  }
  return -1;
}

/**
 * Combined infantry fire ([14.2.1]; spec §3.17.2): two stacked squads add their attack abilities
 * into one attack with one roll: u's weapon (wu) carries the modifiers, v's slot wv adds its attack
 * ability; both must have the target in range (the caller checks), both weapons go through their
 * usage checks on the same dice. Returns the result code.
 */
export function resolveCombined(m: Model, s: MakState, ctx: PlayContext, u: number, wu: number, v: number, wv: number, t: number): number {
  const o = m.opt;
  const T = attackTargetOf(m, s, u, wu, t) + m.watk[v * MAX_W + wv];
  const d1 = ctx.dice.die(6);
  const d2 = ctx.dice.die(6);
  const row = rowOf(m, u, wu);
  ctx.tally.add(row, M.col.shots);
  spendUsage(m, s, ctx, u, wu, d1, d2);
  spendUsage(m, s, ctx, v, wv, d1, d2);
  const h = hitOutcome(d1, d2, T, o.diceMode === 'product' ? PRODUCT : SUM, o.snakeEyesAutoHit);
  let res = R_NONE;
  if (h !== MISS) {
    ctx.tally.add(row, M.col.hits);
    res = h === HIT_AUTO_D ? R_D : enduranceResult(m.udur[t], combine(ctx.dice.die(6), ctx.dice.die(6), o.enduranceDiceMode === 'product' ? PRODUCT : SUM));
  }
  if (s.status[t] & BROKEN && (h !== MISS || !o.moraleReattackNeedsHit)) s.status[t] |= REATTACKED;
  if (ctx.log) ctx.log(`  ${m.uid[u]} + ${m.uid[v]} combined -> ${m.uid[t]}: T ${T}, dice (${d1},${d2}): ${h === MISS ? 'miss' : `hit, endurance ${RESULT_NAMES[res]}`}`);
  if (res !== R_NONE) applyResult(m, s, ctx, t, res, u, wu);
  return res;
}

/**
 * The usage checks of one shot of u's slot w on the natural dice ([11.2]): one round spent, PF and
 * rocket per-phase counts, laser depletion (the Anti-AFS rifle's one-turn drain) and MG breakdown.
 * Returns 0, 1 (laser depleted) or 2 (MG broken).
 */
export function spendUsage(m: Model, s: MakState, ctx: PlayContext, u: number, w: number, d1: number, d2: number): number {
  const k = u * MAX_W + w;
  const wt = m.wtype[k];
  const row = rowOf(m, u, w);
  if (m.wammo[k] > 0) s.ammo[k]--; // one round spent even when T < 0 ([5.1.1] 3)
  if (wt === WT_PF) s.pfUsed[u]++;
  if (wt === WT_R) s.rkUsed[u]++;
  if (wt === WT_L && laserDepletes(d1, d2)) {
    // Depleted after this shot ([11.2.1]); the infantry Anti-AFS rifle only loses the next turn ([14.4.4]).
    s.wdis[k] = m.uinf[u] ? DRAIN_BASE + s.turn : 1;
    ctx.tally.add(row, M.col.depleted);
    return 1;
  }
  if (wt === WT_MG && mgBreaks(d1, d2, m.uinf[u] === 1)) {
    s.wdis[k] = 1;
    ctx.tally.add(row, M.col.broken);
    return 2;
  }
  return 0;
}

/** The best ready slot of u against t (highest attack target), or -1. */
export function bestSlot(m: Model, s: MakState, u: number, t: number, kind: number): number {
  let best = -1;
  let bestT = -1e9;
  for (let w = 0; w < MAX_W; w++) {
    if (!canAttack(m, s, u, w, t, kind)) continue;
    const T = attackTargetOf(m, s, u, w, t);
    if (T > bestT) { bestT = T; best = w; }
  }
  return best;
}

/** Units stacked with u (u included) that may join a simultaneous attack on t ([5.3.3]). */
export function groupSize(m: Model, s: MakState, u: number, t: number): number {
  let c = 0;
  for (let v = 0; v < m.nu; v++) {
    if (s.hex[v] !== s.hex[u] || m.uside[v] !== m.uside[u] || s.status[v] & (DEAD | MOVED | ATTACKED)) continue;
    if (bestSlot(m, s, v, t, K_OFFENSIVE) >= 0) c++;
  }
  return c;
}
