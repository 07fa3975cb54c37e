/**
 * Infantry morale ([14.3]; spec §3.17.3): an A or M result breaks an infantry unit's morale
 * (rules/damage.ts). A broken unit only moves away from the enemy, and not into defensive fire
 * ([14.3.1] 2). From the next turn on ([14.3.2] "at the beginning of the troop phase on the next
 * turn"), at the start of its owner's troop phase (spec §2.3 S4), it rolls 1d6 + modifiers and
 * recovers on 1-4. Allocation-free.
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Model } from '../model.ts';
import { ARMLESS, BROKEN, BROKEN_NEW, DEAD, REATTACKED, type MakState } from '../state.ts';
import { shelter } from './combat.ts';
import { moraleRecovers } from './rolls.ts';

/** [14.3.2] S4: each infantry unit of the phase player broken before this turn rolls 1d6 + modifiers; 1-4 recovers. */
export function moraleRecovery(m: Model, s: MakState, ctx: PlayContext): void {
  for (let u = 0; u < m.nu; u++) {
    if (m.uside[u] !== s.phaseSide || (s.status[u] & (DEAD | BROKEN | BROKEN_NEW)) !== BROKEN) continue;
    const mod = moraleMod(m, s, u);
    const d = ctx.dice.die(6);
    const ok = moraleRecovers(d, mod, m.data.rules.moraleRecoverAtMost);
    if (ctx.log) ctx.log(`${m.uid[u]} morale recovery: 1d6 ${d} ${mod >= 0 ? '+' : '-'} ${Math.abs(mod)} -> ${ok ? 'recovers' : 'stays broken'}`);
    if (ok) s.status[u] &= ~(BROKEN | REATTACKED);
  }
}

/** Net recovery modifier ([14.3.2]): friendly able stack-mate -1, forest/building -2, defensive position -1, enemy able within 3 +1, re-attacked +1. */
export function moraleMod(m: Model, s: MakState, u: number): number {
  const h = s.hex[u];
  let mod = 0;
  let friend = false, enemy = false;
  for (let v = 0; v < m.nu; v++) {
    if (v === u || s.status[v] & DEAD) continue;
    if (m.uside[v] === m.uside[u]) {
      if (s.hex[v] === h && !(s.status[v] & BROKEN)) friend = true;
    } else if (m.grid.distance(s.hex[v], h) <= 3 && !(s.status[v] & (ARMLESS | BROKEN))) enemy = true;
  }
  if (friend) mod -= 1;
  if (m.cover[h]) mod -= 2;
  if (m.defPos[h] !== 0 && shelter(m, s, u) !== 0) mod -= 1; // inside a defensive position (adds to cover)
  if (enemy) mod += 1;
  if (s.status[u] & REATTACKED) mod += 1;
  return mod;
}

/** Start of a turn: units broken last turn may now try to recover ([14.3.2]). */
export function newTurnMorale(m: Model, s: MakState): void {
  for (let u = 0; u < m.nu; u++) s.status[u] &= ~BROKEN_NEW;
}

/**
 * Does a step of broken unit u from hex `from` to `to` move it away from the enemy ([14.3.1] 2)?
 * Engine reading: no living enemy unit ends nearer, and the nearest one ends farther.
 */
export function movesAway(m: Model, s: MakState, u: number, from: number, to: number): boolean {
  const enemies = m.sideUnits[1 - m.uside[u]];
  let near0 = 1e9, near1 = 1e9;
  for (let i = 0; i < enemies.length; i++) {
    const e = enemies[i];
    if (s.status[e] & DEAD) continue;
    const d0 = m.grid.distance(from, s.hex[e]), d1 = m.grid.distance(to, s.hex[e]);
    if (d1 < d0) return false;
    if (d0 < near0) near0 = d0;
    if (d1 < near1) near1 = d1;
  }
  return near1 > near0;
}
