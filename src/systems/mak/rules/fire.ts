/**
 * Fire and depot explosions ([19.4]; spec §3.25): a D from a gun (G) or missile (M) attack, or from
 * an artillery strike, on a unit in a building hex sets the hex on fire on 2d6 <= 4 ([19.4.1]); the
 * fire burns to the end of the game ([19.4.4]) and nobody inside sees out ([19.4.3]). At the start
 * of each phase the fires attack the other player's infantry in them (spec §2.3 S3, A20) with a
 * strength of 2d6 rolled each time, no range modifier, the hex's terrain modifier with option
 * `fireAttackTerrainMod` (read on the gun column, as artillery is). A depot catching fire explodes:
 * 1d6 such attacks on every unit in the hex ([19.4.5]). Allocation-free.
 */
import type { PlayContext } from '../../../core/system.ts';
import { WT_G, type Model } from '../model.ts';
import { DEAD, type MakState } from '../state.ts';
import { HIT_AUTO_D, MISS, PRODUCT, R_D, R_NONE, RESULT_NAMES, SUM, combine, enduranceResult, hitOutcome } from './rolls.ts';
import { applyResult } from './damage.ts';
import { refreshSight } from './sight.ts';

/** After a D in hex h by a G/M weapon or artillery: the ignition roll ([19.4.1]), and a depot's explosion. */
export function maybeIgnite(m: Model, s: MakState, ctx: PlayContext, h: number): void {
  if (!m.building[h] || s.fire[h]) return;
  const r = ctx.dice.die(6) + ctx.dice.die(6);
  const on = r <= m.data.rules.fireIgnitionAtMost;
  if (ctx.log) ctx.log(`    fire in ${m.grid.id(h)}? 2d6 ${r}: ${on ? 'the building burns' : 'no'}`);
  if (on) ignite(m, s, ctx, h);
}

/** Hex h catches fire (a D by G/M/artillery, or arson): the marker, and a depot's explosion ([19.4.5]). */
export function ignite(m: Model, s: MakState, ctx: PlayContext, h: number): void {
  s.fire[h] = 1;
  refreshSight(s); // the fire now blocks LOS through the hex ([19.4.3])
  if (m.depot[h] < 0 || s.depotGone[h]) return;
  s.depotGone[h] = 1;
  const k = ctx.dice.die(6);
  if (ctx.log) ctx.log(`    the depot in ${m.grid.id(h)} explodes: ${k} attacks on every unit there ([19.4.5])`);
  for (let i = 0; i < k; i++) for (let u = 0; u < m.nu; u++) if (s.hex[u] === h && s.carrier[u] < 0 && !(s.status[u] & DEAD)) fireAttack(m, s, ctx, u, h);
}

/** One fire attack on u in hex h ([19.4.2]): strength 2d6, then the usual roll and endurance. */
export function fireAttack(m: Model, s: MakState, ctx: PlayContext, u: number, h: number): number {
  const o = m.opt;
  const str = ctx.dice.die(6) + ctx.dice.die(6);
  const T = str - m.udef[u] + (o.fireAttackTerrainMod ? m.hexAtk[(h * 6 + WT_G) * 2 + (m.ustack[u] === 2 ? 1 : 0)] : 0);
  const d1 = ctx.dice.die(6);
  const d2 = ctx.dice.die(6);
  const hit = hitOutcome(d1, d2, T, o.diceMode === 'product' ? PRODUCT : SUM, o.snakeEyesAutoHit);
  let res = R_NONE;
  if (hit === HIT_AUTO_D) res = R_D;
  else if (hit !== MISS) res = enduranceResult(m.udur[u], combine(ctx.dice.die(6), ctx.dice.die(6), o.enduranceDiceMode === 'product' ? PRODUCT : SUM));
  if (ctx.log) ctx.log(`    fire ${m.grid.id(h)} (strength ${str}) -> ${m.uid[u]}: T ${T}, dice (${d1},${d2}): ${hit === MISS ? 'miss' : `hit, ${RESULT_NAMES[res]}`}`);
  if (res !== R_NONE) applyResult(m, s, ctx, u, res, -1, 0);
  return res;
}

/** Spec §2.3 S3: the fires attack the other player's infantry in burning hexes. */
export function fireAttacks(m: Model, s: MakState, ctx: PlayContext): void {
  for (let u = 0; u < m.nu; u++) {
    if (m.uside[u] === s.phaseSide || !m.uinf[u] || s.status[u] & DEAD || s.carrier[u] >= 0 || !s.fire[s.hex[u]]) continue;
    fireAttack(m, s, ctx, u, s.hex[u]);
  }
}
