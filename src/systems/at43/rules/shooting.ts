/**
 * SHOOTING (seed p.60-68): one salvo = one weapon type of the unit, all its carriers together:
 * who can shoot (line of sight), the shooting test with batch re-rolls, direct fire through the
 * zone of fire (bystanders nearest the shooting leader first), cover (the half rule, the 10 cm
 * rule, Take cover), damage and nearest-first removal; indirect fire with the template,
 * deviation, the 10 cm cap with double impacts, and grounding.
 */
import { deviateTemplate, underTemplate } from '../../../core/geometry/table/groups.ts';
import type { PlayContext } from '../../../core/system.ts';
import { M, rowOf } from '../metrics.ts';
import type { Model } from '../model.ts';

const MAX_SLOTS = 4;
import { DR_KNEE, DR_TAKE_COVER, type At43State } from '../state.ts';
import { SP_STRIDE } from './afv.ts';
import { damageAfvUnit, damageFighter, damageInfantry, damageMelee, tallyKills, type Env } from './losses.ts';
import { rangeBand, rollCover, rollPool, templateImpacts, templateRadius, utrNeeded } from './rolls.ts';
import { gap } from './table.ts';
import { caughtInZone, meleeOf, sees, seesUnitPastClearView, underCover, unitEngaged, unitsInClearView } from './table-cache.ts';

const CAUGHT = new Int32Array(512);
/** Ready carriers in readyShooters / anyReadyShooter (not the CARRIERS of legal shots, which call them in between). */
const SHOOTERS = new Int32Array(64);
const MELEE = new Uint8Array(64);
const DEV = new Float64Array(2);

/** Cover test need (p.67): 5+, or the Take-cover need, which never applies against overwatch fire. */
export function coverNeed(m: Model, drills: number, overwatch: boolean): number {
  return drills & DR_TAKE_COVER && !overwatch ? m.opts['cover.takeCoverNeed'] : m.rules.cover.need;
}

/** Group filter for Split fire: 0 every carrier, 1 standard fighters only, 2 special weapon bearers only. */
export function carrierOk(m: Model, f: number, group: number): boolean {
  return group === 0 || (group === 1 ? !m.fSpecial[f] : m.fSpecial[f] === 1);
}

/** Can fighter f fire slot sl now (weapon present, not fired this activation, part intact)? */
export function slotReady(m: Model, s: At43State, f: number, sl: number): boolean {
  if (m.fSlots[f * MAX_SLOTS + sl] < 0 || s.fired[f] & (1 << sl)) return false;
  return m.fAfv[f] === 0 || s.sp[f * SP_STRIDE + 2 + sl] > 0;
}

/** Nearest alive fighter of unit v seen by a ready carrier of weapon w in unit u (indirect target), or -1. */
export function indirectTarget(m: Model, s: At43State, u: number, w: number, v: number, group: number): number {
  const U = m.units[u];
  const V = m.units[v];
  const L = s.leader[u];
  let best = -1;
  let bd = Infinity;
  for (let g = V.first; g < V.first + V.count; g++) {
    if (!s.alive[g]) continue;
    const d = (s.fx[g] - s.fx[L]) ** 2 + (s.fy[g] - s.fy[L]) ** 2;
    if (d >= bd) continue;
    let seen = false;
    for (let f = U.first; f < U.first + U.count && !seen; f++) {
      if (!s.alive[f] || !carrierOk(m, f, group)) continue;
      for (let sl = 0; sl < MAX_SLOTS && !seen; sl++) if (m.fSlots[f * MAX_SLOTS + sl] === w && slotReady(m, s, f, sl) && sees(m, s, f, g)) seen = true;
    }
    if (seen) {
      bd = d;
      best = g;
    }
  }
  return best;
}

/** Number of (fighter, slot) pairs of weapon w in u able to fire at v now (direct: with LOS). */
export function readyShooters(m: Model, s: At43State, u: number, w: number, v: number, group: number, single = -1): number {
  let n = 0;
  const direct = m.weapons[w].aoe <= 0;
  // one weapon of the type per fighter and salvo: a fighter carrying it twice fires two salvos (p.61, W17)
  const k = readyCarriers(m, s, u, w, SHOOTERS);
  // the two units in clear view: every carrier sees every member of v (no line to test)
  const open = direct && single < 0 && k > 0 && unitsInClearView(m, s, u, v);
  for (let i = 0; i < k; i++) {
    const f = SHOOTERS[i];
    // seesUnit past the clear-view test: in that branch open is false only where it was asked
    if (carrierOk(m, f, group) && (!direct || open || (single >= 0 ? sees(m, s, f, single) : seesUnitPastClearView(m, s, f, v)))) n++;
  }
  if (!direct && n > 0 && indirectTarget(m, s, u, w, v, group) < 0) return 0;
  return n;
}

/** readyShooters(...) > 0, stopping at the first shooter found (direct fire). */
export function anyReadyShooter(m: Model, s: At43State, u: number, w: number, v: number, group: number, single = -1): boolean {
  if (m.weapons[w].aoe > 0) return readyShooters(m, s, u, w, v, group, single) > 0;
  const k = readyCarriers(m, s, u, w, SHOOTERS);
  const open = single < 0 && k > 0 && unitsInClearView(m, s, u, v);
  for (let i = 0; i < k; i++) {
    const f = SHOOTERS[i];
    if (carrierOk(m, f, group) && (open || (single >= 0 ? sees(m, s, f, single) : seesUnitPastClearView(m, s, f, v)))) return true;
  }
  return false;
}

/** Alive fighters of u with a ready slot of weapon w, into out; returns their number. */
export function readyCarriers(m: Model, s: At43State, u: number, w: number, out: Int32Array): number {
  const pairs = m.weaponSlots[u][w];
  let n = 0;
  let last = -1;
  for (let i = 0; i < pairs.length; i++) {
    const f = pairs[i] >> 2; // MAX_SLOTS = 4
    if (f === last || !s.alive[f]) continue;
    if (slotReady(m, s, f, pairs[i] & 3)) {
      out[n++] = f;
      last = f;
    }
  }
  return n;
}

/** Does one of the n carriers see an alive member of unit v? */
export function carriersSee(m: Model, s: At43State, carriers: Int32Array, n: number, v: number): boolean {
  if (n > 0 && unitsInClearView(m, s, m.fUnit[carriers[0]], v)) return true;
  for (let i = 0; i < n; i++) if (seesUnitPastClearView(m, s, carriers[i], v)) return true;
  return false;
}

const CARRIERS = new Int32Array(64);

/** Is at least one carrier of weapon w in u ready and (direct fire) in sight of unit v? Early exit. */
export function canShoot(m: Model, s: At43State, u: number, w: number, v: number): boolean {
  if (m.weapons[w].aoe > 0) return readyShooters(m, s, u, w, v, 0) > 0;
  return carriersSee(m, s, CARRIERS, readyCarriers(m, s, u, w, CARRIERS), v);
}

/** Range band of direct fire from unit u at unit v, leader to leader: salvoBand of any direct weapon at the whole unit. */
export function directBand(m: Model, s: At43State, u: number, v: number): number {
  return rangeBand(Math.max(0, gap(m, s, s.leader[u], s.leader[v])), m.rules.rangeBand.cm);
}

/** Range band of weapon w from unit u at unit v. */
export function salvoBand(m: Model, s: At43State, u: number, w: number, v: number, group: number, single = -1): number {
  const W = m.weapons[w];
  let d = gap(m, s, s.leader[u], single >= 0 ? single : s.leader[v]);
  if (W.aoe > 0 && m.opts['indirect.rangeTo'] === 'targetFighter') {
    const t = indirectTarget(m, s, u, w, v, group);
    if (t >= 0) d = gap(m, s, s.leader[u], t);
  }
  return rangeBand(Math.max(0, d), m.rules.rangeBand.cm);
}

/** Need of weapon w at range band `band` on the universal table (0: cannot succeed). */
export function needAtBand(m: Model, w: number, band: number): number {
  return utrNeeded(m.rules.utr, m.weapons[w].accuracy - band);
}

/** Need of weapon w from unit u at unit v (0: cannot succeed). Allocation-free. */
export function salvoNeedOf(m: Model, s: At43State, u: number, w: number, v: number, group: number, single = -1): number {
  return needAtBand(m, w, salvoBand(m, s, u, w, v, group, single));
}

/**
 * Fires weapon w of unit u at unit v. `overwatch` disables the improved Take-cover test (p.67).
 * Marks the carriers' slots fired. Returns the number of dice rolled (0 = nothing fired).
 */
export function fireSalvo(env: Env, s: At43State, u: number, w: number, v: number, group: number, overwatch: boolean, ctx: PlayContext, single = -1): number {
  const m = env.m;
  const W = m.weapons[w];
  const U = m.units[u];
  if (W.aoe > 0) single = -1;
  const n = readyShooters(m, s, u, w, v, group, single);
  if (n === 0) return 0;
  const band = salvoBand(m, s, u, w, v, group, single);
  const need = utrNeeded(m.rules.utr, W.accuracy - band);
  const tgtFighter = W.aoe > 0 ? indirectTarget(m, s, u, w, v, group) : -1;
  // mark the slot fired on every ready carrier of the group: the weapon type fires as one salvo
  // (p.60-61); a carrier without line of sight does not shoot, and keeps no shot for later
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!s.alive[f] || !carrierOk(m, f, group)) continue;
    for (let sl = 0; sl < MAX_SLOTS; sl++)
      if (m.fSlots[f * MAX_SLOTS + sl] === w && slotReady(m, s, f, sl)) {
        s.fired[f] |= 1 << sl;
        break;
      }
  }
  const dice = W.attackRate * n;
  const row = rowOf(env.rows, u, w, band);
  ctx.tally.add(row, M.col.salvos);
  ctx.tally.add(row, M.col.dice, dice);
  const hits = rollPool(ctx.dice, dice, need, W.rerolls);
  ctx.tally.add(row, M.col.hits, hits);
  if (ctx.log) ctx.log(`  ${U.id} fires ${n} × ${W.id} at ${m.units[v].id}${overwatch ? ' (overwatch)' : ''}: range ${band}, need ${need === 0 ? 'auto-fail' : need === 1 ? 'auto' : need + '+'}, ${dice} dice -> ${hits} hits`);
  if (need === 0) return dice; // "into the blue"
  const lx = s.fx[s.leader[u]];
  const ly = s.fy[s.leader[u]];
  if (W.aoe > 0) {
    indirect(env, s, u, w, tgtFighter, hits, dice - hits, band, ctx);
    return dice;
  }
  let impacts = hits;
  // zone of fire: bystanders first, nearest the shooting leader first (p.64-65)
  // a target engaged in close combat: the whole mêlée is the target (p.61, A20)
  const inMelee = single < 0 && !m.units[v].afv && unitEngaged(m, s, v) && meleeOf(m, s, v, MELEE) > 1;
  const nc = caughtInZone(m, s, u, v, CAUGHT, DR_KNEE, single, inMelee ? MELEE : null);
  for (let i = 0; i < nc && impacts > 0; i++) {
    const f = CAUGHT[i];
    if (!s.alive[f]) continue;
    impacts--;
    ctx.tally.add(row, M.col.bystanderImpacts);
    const b = m.fUnit[f];
    if (m.opts['cover.bystanders'] && !m.units[b].afv && underCover(m, s, u, b, (s.drills[b] & DR_TAKE_COVER) !== 0)) {
      if (rollCover(ctx.dice, 1, coverNeed(m, s.drills[b], overwatch)) > 0) {
        ctx.tally.add(row, M.col.coverSaves);
        continue;
      }
    }
    if (damageFighter(env, s, f, 1, w, ctx)) tallyKills(env, ctx, u, w, band, 1, b);
  }
  if (impacts <= 0 || s.members[v] === 0 || (single >= 0 && !s.alive[single])) return dice;
  ctx.tally.add(row, M.col.impacts, impacts);
  const V = m.units[v];
  if (!V.afv) {
    if (underCover(m, s, u, v, (s.drills[v] & DR_TAKE_COVER) !== 0)) {
      const saved = rollCover(ctx.dice, impacts, coverNeed(m, s.drills[v], overwatch));
      ctx.tally.add(row, M.col.coverSaves, saved);
      if (ctx.log) ctx.log(`  ${V.id} under cover: ${saved} of ${impacts} impacts cancelled`);
      impacts -= saved;
    }
    const k = inMelee ? damageMelee(env, s, MELEE, impacts, w, lx, ly, ctx) : damageInfantry(env, s, v, impacts, w, lx, ly, ctx);
    tallyKills(env, ctx, u, w, band, k, v);
    if (ctx.log) ctx.log(`  ${V.id}: ${impacts} damage tests -> ${k} eliminated`);
  } else {
    const k = damageAfvUnit(env, s, v, impacts, w, lx, ly, ctx, single);
    tallyKills(env, ctx, u, w, band, k, v);
  }
  return dice;
}

/** Indirect fire (p.65-66): template on the targeted fighter, deviation by the misses, grounding. */
function indirect(env: Env, s: At43State, u: number, w: number, target: number, hits: number, misses: number, band: number, ctx: PlayContext): void {
  const L = s.leader[u];
  explode(env, s, w, s.fx[target], s.fy[target], s.fx[L], s.fy[L], hits, misses, ctx, u, band);
}

/**
 * An explosion (p.65-66): the template on (cx, cy), moved `misses` cm in the direction of a d6
 * (seen from the firer at (sx, sy)); radius AoE × successes capped at 10 cm with double impacts;
 * every fighter under it takes the impacts (no cover, no zone of fire); infantry survivors are
 * grounded. Tallies go to unit u's row (u < 0: none, e.g. an artillery strike).
 */
export function explode(env: Env, s: At43State, w: number, cx: number, cy: number, sx: number, sy: number, hits: number, misses: number, ctx: PlayContext, u = -1, band = 0): void {
  const m = env.m;
  const W = m.weapons[w];
  const T = m.rules.template;
  if (misses > 0) {
    const d = ctx.dice.d6();
    deviateTemplate(cx, cy, sx, sy, T.directionDeg[d - 1], misses * T.deviationPerMissCm, DEV);
    cx = DEV[0];
    cy = DEV[1];
  }
  const R = templateRadius(W.aoe, hits, T.capCm);
  const each = templateImpacts(W.aoe, hits, T.capCm, T.impactsOverCap);
  const row = u >= 0 ? rowOf(env.rows, u, w, band) : -1;
  if (ctx.log) ctx.log(`  template radius ${R} cm at (${cx.toFixed(1)}, ${cy.toFixed(1)}), ${each} impact(s) per fighter`);
  for (let f = 0; f < m.nF; f++) {
    if (!s.alive[f] || !underTemplate(cx, cy, R, s.fx[f], s.fy[f], m.fRadius[f])) continue;
    if (row >= 0) ctx.tally.add(row, M.col.impacts, each);
    const v = m.fUnit[f];
    if (damageFighter(env, s, f, each, w, ctx)) {
      if (u >= 0) tallyKills(env, ctx, u, w, band, 1, v);
    } else if (!m.units[v].afv) s.grounded[f] = 1;
  }
}
