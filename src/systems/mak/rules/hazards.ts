/**
 * Hazards of the map that attack units without an attacking unit: land mines ([19.1]; spec §3.22).
 * Pure over (model, state) plus the dice stream; allocation-free.
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Model } from '../model.ts';
import { BROKEN, DEAD, IMMOBILE, REATTACKED, type MakState } from '../state.ts';
import { HIT_AUTO_D, MISS, PRODUCT, R_D, R_NONE, RESULT_NAMES, SUM, combine, enduranceResult, hitOutcome } from './rolls.ts';
import { applyResult } from './damage.ts';

/**
 * The minefield of hex h attacks unit u once ([19.1.2]-[19.1.3]): target = strength - defense, no
 * pilot, terrain or range modifier (spec §3.22 RECOMMENDED), the usual endurance roll after a hit.
 * Friendly minefields attack their own side too ([19.1.8]). Returns the result (R_NONE on a miss or
 * when h holds no mines).
 */
export function mineAttack(m: Model, s: MakState, ctx: PlayContext, u: number, h: number): number {
  const str = s.mine[h];
  if (str === 0 || s.status[u] & DEAD) return R_NONE;
  const o = m.opt;
  const T = str - m.udef[u];
  const d1 = ctx.dice.die(6);
  const d2 = ctx.dice.die(6);
  const hit = hitOutcome(d1, d2, T, o.diceMode === 'product' ? PRODUCT : SUM, o.snakeEyesAutoHit);
  let res = R_NONE;
  if (hit === HIT_AUTO_D) res = R_D;
  else if (hit !== MISS) res = enduranceResult(m.udur[u], combine(ctx.dice.die(6), ctx.dice.die(6), o.enduranceDiceMode === 'product' ? PRODUCT : SUM));
  if (s.status[u] & BROKEN && (hit !== MISS || !o.moraleReattackNeedsHit)) s.status[u] |= REATTACKED;
  if (ctx.log) ctx.log(`  minefield ${m.grid.id(h)} (${str}) -> ${m.uid[u]}: T ${T}, dice (${d1},${d2}): ${hit === MISS ? 'miss' : `hit, ${RESULT_NAMES[res]}`}`);
  if (res !== R_NONE) applyResult(m, s, ctx, u, res, -1, 0);
  return res;
}

/** Can u keep moving after a mine attack (not destroyed, immobilized or broken)? */
export function stillMoving(s: MakState, u: number): boolean {
  return (s.status[u] & (DEAD | IMMOBILE | BROKEN)) === 0;
}
