/**
 * Hornisse landing ([10.6]; spec §3.13.6): a Hornisse on a Ground Combat Mission may, as its duty
 * of the phase, land in any hex its suit could enter (stacking counted at once, [10.6.5]). It
 * separates into its PK41 and its suit (PKA, Gustav or Konrad), stacked; the suit may not move or
 * attack that phase ([10.6.1]); the aircraft leaves the air war. Landing in an enemy-occupied hex
 * ([10.6.3]): every enemy unit there makes one AA attack at the Hornisse (its best ready weapon, no
 * terrain or range modifier, as [10.4.3]); the Hornisse counts as durability C and an A, M or D
 * destroys it, PK41 and suit together (spec §8.2 #60); a survivor lands, and the next phase starts
 * as a continuing CQC. Allocation-free.
 */
import type { PlayContext } from '../../../core/system.ts';
import { MAX_W, type Model } from '../model.ts';
import { A_DEAD, A_GROUND, A_LANDED, A_MLAND, A_USED, ARMLESS, ATTACKED, BROKEN, DEAD, DONE, IMMOBILE, MOVED, OFFMAP, removeUnit, type MakState } from '../state.ts';
import { HIT_AUTO_D, MISS, PRODUCT, R_D, R_M, R_NONE, RESULT_NAMES, SUM, combine, enduranceResult, hitOutcome, stackPoints } from './rolls.ts';
import { K_DEFENSIVE, hexHasSide, spendUsage, weaponReady } from './combat.ts';
import { applyResult } from './damage.ts';
import { M, rowOf } from '../metrics.ts';

/** May Hornisse a (on a ground mission, not yet used) land in hex h now? */
export function canLand(m: Model, s: MakState, a: number, h: number): boolean {
  const pk = m.apk41[a];
  if (pk < 0 || m.aside[a] !== s.phaseSide || (s.air[a] & (A_DEAD | A_GROUND | A_USED)) !== A_GROUND) return false;
  const suit = m.asuit[a];
  if (m.cost2[m.uform[suit]][h] < 0) return false;
  return s.pts[h * 2 + m.aside[a]] + stackPoints(m.ustack[pk]) + stackPoints(m.ustack[suit]) <= m.data.rules.stackLimit;
}

/** May the Hornisse a, immobilized in flight over hex c, make its emergency landing in hex h (spec §6 A28; engine reading: not into an enemy hex)? */
export function canMLand(m: Model, s: MakState, a: number, c: number, h: number): boolean {
  const pk = m.apk41[a], suit = m.asuit[a];
  if (m.grid.distance(c, h) > m.data.rules.hornisseLandingRadius || m.cost2[m.uform[suit]][h] < 0 || s.occ[h * 2 + 1 - m.aside[a]] > 0) return false;
  return s.pts[h * 2 + m.aside[a]] + stackPoints(m.ustack[pk]) + stackPoints(m.ustack[suit]) <= m.data.rules.stackLimit;
}

/** The emergency landing: PK41 and suit placed in h, the PK41 immobilized (scored as such), the suit unharmed. */
export function mLand(m: Model, s: MakState, ctx: PlayContext, a: number, h: number): void {
  const pk = m.apk41[a], suit = m.asuit[a];
  s.air[a] &= ~A_MLAND;
  place(m, s, pk, h);
  place(m, s, suit, h);
  if (ctx.log) ctx.log(`${m.aid[a]} makes an emergency landing in ${m.grid.id(h)}: ${m.uid[pk]} immobilized, ${m.uid[suit]} unharmed (A28)`);
  applyResult(m, s, ctx, pk, R_M, -1, 0);
}

function place(m: Model, s: MakState, u: number, h: number): void {
  s.status[u] = (s.status[u] & ~(DEAD | OFFMAP)) | MOVED | DONE | ATTACKED;
  s.hex[u] = h;
  s.mp[u] = 0;
  s.occ[h * 2 + m.uside[u]]++;
  s.pts[h * 2 + m.uside[u]] += stackPoints(m.ustack[u]);
}

/** Lands Hornisse a in hex h: AA fire first when the hex holds enemies, then the separation (or the loss of both units). */
export function land(m: Model, s: MakState, ctx: PlayContext, a: number, h: number): void {
  const pk = m.apk41[a], suit = m.asuit[a];
  s.air[a] = (s.air[a] & ~A_GROUND) | A_DEAD | A_LANDED | A_USED;
  place(m, s, pk, h);
  place(m, s, suit, h);
  const hot = hexHasSide(m, s, h, 1 - m.aside[a]);
  if (ctx.log) ctx.log(`${m.aid[a]} lands in ${m.grid.id(h)}${hot ? ' (enemy hex: AA fire, class C)' : ''} and separates into ${m.uid[pk]} and ${m.uid[suit]} ([10.6])`);
  if (hot) hornisseAA(m, s, ctx, a, h);
}

/**
 * May the landed Hornisse a re-join and take off ([10.6.2], [10.6.4]; optional, spec §2.3 S5)? Its
 * PK41 (not immobilized) and its suit (which has not moved or attacked this phase) stacked, in the
 * owner's phase. Engine reading: at any time of the phase, not only at its start.
 */
export function canTakeOff(m: Model, s: MakState, a: number): boolean {
  const pk = m.apk41[a], suit = m.asuit[a];
  if (pk < 0 || m.aside[a] !== s.phaseSide || (s.air[a] & (A_LANDED | A_MLAND)) !== A_LANDED) return false;
  if (s.status[pk] & (DEAD | IMMOBILE) || s.status[suit] & (DEAD | MOVED | ATTACKED) || s.hex[pk] !== s.hex[suit]) return false;
  return s.carrier[suit] < 0 && s.load[suit] === 0 && s.haul[suit] < 0;
}

/** The two units leave the map and fly again as the Hornisse, Used this turn ([10.6.2]); from an enemy hex under AA fire ([10.6.4]). */
export function takeOff(m: Model, s: MakState, ctx: PlayContext, a: number): void {
  const pk = m.apk41[a], suit = m.asuit[a];
  const h = s.hex[pk];
  const hot = hexHasSide(m, s, h, 1 - m.aside[a]);
  if (ctx.log) ctx.log(`${m.uid[pk]} and ${m.uid[suit]} re-join in ${m.grid.id(h)} and take off as ${m.aid[a]} ([10.6.2])${hot ? ': AA fire, class C' : ''}`);
  if (hot) {
    hornisseAA(m, s, ctx, a, h);
    if (s.status[pk] & DEAD) return;
  }
  for (const u of [pk, suit]) {
    s.status[u] |= DEAD | OFFMAP;
    removeUnit(m, s, u);
  }
  s.air[a] = (s.air[a] & ~(A_DEAD | A_LANDED)) | A_USED;
}

/** The AA fire of every enemy unit in hex h at the Hornisse a landing or taking off ([10.6.3], [10.6.4]). */
function hornisseAA(m: Model, s: MakState, ctx: PlayContext, a: number, h: number): void {
  const pk = m.apk41[a], suit = m.asuit[a];
  const o = m.opt;
  const mode = o.diceMode === 'product' ? PRODUCT : SUM;
  for (let f = 0; f < m.nu && !(s.status[pk] & DEAD); f++) {
    if (s.hex[f] !== h || m.uside[f] === m.aside[a] || s.status[f] & (DEAD | ARMLESS | BROKEN) || s.carrier[f] >= 0) continue;
    let w = -1, T = -1e9;
    for (let k = 0; k < MAX_W; k++) {
      if (!weaponReady(m, s, f, k, K_DEFENSIVE)) continue;
      const t = m.watk[f * MAX_W + k] + s.pAtk[f] - (m.adef[a] + s.aPDef[a]) + m.unight[f]; // AA: no terrain or range modifier
      if (t > T) { T = t; w = k; }
    }
    if (w < 0) continue;
    const d1 = ctx.dice.die(6), d2 = ctx.dice.die(6);
    const row = rowOf(m, f, w);
    ctx.tally.add(row, M.col.shots);
    ctx.tally.add(row, M.col.defensiveShots);
    spendUsage(m, s, ctx, f, w, d1, d2);
    const hit = hitOutcome(d1, d2, T, mode, o.snakeEyesAutoHit);
    let res = R_NONE;
    if (hit === HIT_AUTO_D) res = R_D;
    else if (hit !== MISS) res = enduranceResult(m.data.endurance.C, combine(ctx.dice.die(6), ctx.dice.die(6), o.enduranceDiceMode === 'product' ? PRODUCT : SUM));
    if (ctx.log) ctx.log(`  AA ${m.uid[f]} -> landing ${m.aid[a]}: T ${T}, dice (${d1},${d2}): ${hit === MISS ? 'miss' : `hit, ${RESULT_NAMES[res]} (class C)`}`);
    if (hit !== MISS) ctx.tally.add(row, M.col.hits);
    if (res === R_NONE) continue;
    // [10.6.3]: A, M or D destroys the landing Hornisse: its PK41 and its suit together.
    ctx.tally.add(row, M.col.kills);
    if (ctx.log) ctx.log(`  ${m.aid[a]} is destroyed: ${m.uid[pk]} and ${m.uid[suit]} lost`);
    applyResult(m, s, ctx, pk, R_D, -1, 0);
    applyResult(m, s, ctx, suit, R_D, -1, 0);
  }
}
