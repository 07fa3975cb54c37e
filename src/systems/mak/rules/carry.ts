/**
 * Carrying immobilized Type I units ([7.3]; spec §3.10): a Type I unit that is not immobilized picks
 * up one immobilized Type I unit stacked with it (1 MP, [7.3.1]); the two move together and stay
 * separate targets, stacking still applies ([7.3.2]); dropping costs 1 MP; a carrier destroyed or
 * damaged (A or M) drops it at once where it is ([7.3.3]). Engine readings: no pick-up inside a CQC
 * hex; a carrier neither enters CQC, boosts, loads onto a transport nor leaves the map; a
 * minefield attacks the carrier only. `s.haul[u]` is the unit u carries (-1). Allocation-free.
 */
import type { Model } from '../model.ts';
import { ATTACKED, BOOSTING, BROKEN, DEAD, DONE, IMMOBILE, MOVED, type MakState } from '../state.ts';

/** Is v carried by some unit? */
export function hauled(m: Model, s: MakState, v: number): boolean {
  for (let u = 0; u < m.nu; u++) if (s.haul[u] === v) return true;
  return false;
}

/** May u pick up the immobilized unit v now? */
export function canCarry(m: Model, s: MakState, u: number, v: number): boolean {
  if (u === v || m.uside[u] !== s.phaseSide || m.uside[v] !== m.uside[u] || s.hex[u] !== s.hex[v] || m.ustack[u] !== 1 || m.ustack[v] !== 1) return false;
  if (s.status[u] & (DEAD | IMMOBILE | BROKEN | ATTACKED | DONE | BOOSTING) || m.uform[u] > 2 || s.carrier[u] >= 0 || s.load[u] > 0 || s.haul[u] >= 0 || s.mp[u] < 2) return false;
  if ((s.status[v] & (DEAD | IMMOBILE)) !== IMMOBILE || s.carrier[v] >= 0 || s.haul[v] >= 0 || hauled(m, s, v) || hauled(m, s, u)) return false;
  return s.occ[s.hex[u] * 2 + 1 - m.uside[u]] === 0;
}

export function carry(s: MakState, u: number, v: number): void {
  s.haul[u] = v;
  s.mp[u] -= 2;
  s.status[u] |= MOVED;
}

/** May u put down the unit it carries (1 MP)? */
export function canRelease(m: Model, s: MakState, u: number): boolean {
  return s.haul[u] >= 0 && m.uside[u] === s.phaseSide && !(s.status[u] & (DEAD | DONE)) && s.mp[u] >= 2;
}

export function release(s: MakState, u: number): void {
  s.haul[u] = -1;
  s.mp[u] -= 2;
  s.status[u] |= MOVED;
}

/** After a result on t ([7.3.3]): a damaged carrier drops its load; a dead carried unit is no longer carried. */
export function haulOnDamage(m: Model, s: MakState, t: number): void {
  s.haul[t] = -1;
  if (s.status[t] & DEAD) for (let u = 0; u < m.nu; u++) if (s.haul[u] === t) s.haul[u] = -1;
}
