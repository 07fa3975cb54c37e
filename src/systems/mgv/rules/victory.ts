/**
 * Elimination, mission kills and victory (spec §3.16 [P], §1.5): a side is defeated when all its
 * MGVs are dead at the end of a Reset (both: a draw); at the turn limit, victory points decide.
 */
import type { Model } from '../model.ts';
import type { MgvState } from '../state.ts';
import { SLOT_MAIN, SLOT_PAY, slotReady } from './combat.ts';
import { allowanceOf } from './movement.ts';

/** The end of the game after a Reset, if it has come: elimination, or victory points at the turn limit. */
export function checkVictory(m: Model, s: MgvState): void {
  let alive0 = 0;
  let alive1 = 0;
  for (let i = 0; i < s.units.length; i++) {
    if (!s.units[i].alive) continue;
    if (m.units[i].side === 0) alive0++;
    else alive1++;
  }
  if (alive0 === 0 || alive1 === 0) {
    const winner = alive0 === 0 && alive1 === 0 ? -1 : alive0 === 0 ? 1 : 0;
    s.result = { winner, reason: 'victory', detail: winner < 0 ? 'mutual-elimination' : 'elimination', length: s.turn };
  } else if (s.turn >= m.turnLimit) {
    const vp = victoryPoints(m, s);
    s.result = { winner: vp[0] === vp[1] ? -1 : vp[0] > vp[1] ? 0 : 1, reason: 'turn-limit', detail: `vp ${vp[0]}-${vp[1]}`, length: s.turn };
  }
}

/** Victory points (spec §3.16 [P]): cost of enemy MGVs eliminated + share x cost of those mission-killed. */
export function victoryPoints(m: Model, s: MgvState): [number, number] {
  const vp: [number, number] = [0, 0];
  const share = m.data.victory.missionKillShare;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    const other = 1 - m.units[i].side;
    if (!u.alive) vp[other] += u.selfDestructed ? 0 : m.units[i].cost;
    else if (missionKilled(m, s, i)) vp[other] += share * m.units[i].cost;
  }
  return vp;
}

/** Alive but cannot move (speed 0 or trapped) and cannot fire any weapon. */
export function missionKilled(m: Model, s: MgvState, i: number): boolean {
  const u = s.units[i];
  if (!u.alive) return false;
  const cantMove = u.trapped || allowanceOf(m, s, i) <= 0 && !(u.jam >= 2);
  if (!cantMove) return false;
  const saveFM = u.firedMain;
  const saveFP = u.firedPay;
  u.firedMain = u.firedPay = false;
  const canFire = u.Mj === 0 && slotReady(m, s, i, SLOT_MAIN) || (u.MjP === 0 && slotReady(m, s, i, SLOT_PAY));
  u.firedMain = saveFM;
  u.firedPay = saveFP;
  return !canFire;
}
