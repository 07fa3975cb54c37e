/**
 * Airdrop ([12.2]; spec §3.15.2): in its owner's phase the unit is placed in any hex it could occupy
 * by normal movement. Enemy units in that hex fire at it once each (their best ready weapon, a
 * normal ground attack at range 0); it cannot fire back, counts as durability C, and an M result
 * destroys it. A survivor stays, may not move or attack this phase, and the next phase starts as a
 * continuing CQC. Allocation-free.
 */
import type { PlayContext } from '../../../core/system.ts';
import { MAX_W, type Model } from '../model.ts';
import { ARMLESS, BROKEN, DEAD, type MakState } from '../state.ts';
import { HIT_AUTO_D, MISS, PRODUCT, R_D, R_M, R_NONE, RESULT_NAMES, SUM, combine, enduranceResult, hitOutcome, stackPoints } from './rolls.ts';
import { K_DEFENSIVE, attackTargetOf, hexHasSide, spendUsage, weaponReady } from './combat.ts';
import { applyResult } from './damage.ts';

/** May airdropped unit u be placed in hex h now? */
export function canDrop(m: Model, s: MakState, u: number, h: number): boolean {
  if (m.uside[u] !== s.phaseSide || s.turn < m.uarrive[u]) return false;
  if (!m.uinf[u] && (m.uform[u] > 2 || m.cost2[m.uform[u]][h] < 0)) return false;
  return s.pts[h * 2 + m.uside[u]] + stackPoints(m.ustack[u]) <= m.data.rules.stackLimit;
}

/** The AA fire of every enemy unit in u's hex at the dropped unit (class C, M destroys). */
export function dropFire(m: Model, s: MakState, ctx: PlayContext, u: number): void {
  const h = s.hex[u];
  if (!hexHasSide(m, s, h, 1 - m.uside[u])) return;
  const o = m.opt;
  const mode = o.diceMode === 'product' ? PRODUCT : SUM;
  for (let f = 0; f < m.nu && !(s.status[u] & DEAD); f++) {
    if (s.hex[f] !== h || m.uside[f] === m.uside[u] || s.status[f] & (DEAD | ARMLESS | BROKEN) || s.carrier[f] >= 0) continue;
    let w = -1, T = -1e9;
    for (let k = 0; k < MAX_W; k++) {
      if (!weaponReady(m, s, f, k, K_DEFENSIVE)) continue;
      const t = attackTargetOf(m, s, f, k, u);
      if (t > T) { T = t; w = k; }
    }
    if (w < 0) continue;
    const d1 = ctx.dice.die(6), d2 = ctx.dice.die(6);
    spendUsage(m, s, ctx, f, w, d1, d2);
    const hit = hitOutcome(d1, d2, T, mode, o.snakeEyesAutoHit);
    let res = R_NONE;
    if (hit === HIT_AUTO_D) res = R_D;
    else if (hit !== MISS) res = enduranceResult(m.data.endurance.C, combine(ctx.dice.die(6), ctx.dice.die(6), o.enduranceDiceMode === 'product' ? PRODUCT : SUM));
    if (res === R_M && !m.uinf[u]) res = R_D; // [12.2]: an M destroys the dropped unit
    if (ctx.log) ctx.log(`  ${m.uid[f]} fires at the dropped ${m.uid[u]}: T ${T}, dice (${d1},${d2}): ${hit === MISS ? 'miss' : `hit, ${RESULT_NAMES[res]} (class C)`}`);
    if (res !== R_NONE) applyResult(m, s, ctx, u, res, f, w);
  }
}
