/**
 * Depots ([11.3]): resupply of PF rounds in a friendly depot hex ([11.3.1]), and destroying an enemy
 * depot ([11.3.3]; spec §3.14.5): a unit alone with no enemy in an enemy depot
 * hex may destroy it as its action, for 1 MP and an attack made inside the hex, so it must be able
 * to attack (a ready weapon, not yet attacked this phase). The depot is removed (no more resupply,
 * nothing left to explode). Allocation-free.
 */
import { MAX_W, WT_PF, type Model } from '../model.ts';
import { ATTACKED, BROKEN, DEAD, DONE, type MakState } from '../state.ts';
import { K_OFFENSIVE, hexHasSide, weaponReady } from './combat.ts';

/** PF units entering a friendly depot hex with no enemy reload ([11.3.1]; not the Krachen Vogel). */
export function resupply(m: Model, s: MakState, u: number): void {
  const h = s.hex[u];
  if (m.depot[h] !== m.uside[u] || s.depotGone[h] || hexHasSide(m, s, h, 1 - m.uside[u]) || m.utype[u] === 'KrachenVogel') return;
  for (let w = 0; w < MAX_W; w++) if (m.wtype[u * MAX_W + w] === WT_PF) s.ammo[u * MAX_W + w] = m.wammo[u * MAX_W + w];
}

export function canRazeDepot(m: Model, s: MakState, u: number): boolean {
  const h = s.hex[u];
  const side = m.uside[u];
  if (side !== s.phaseSide || m.depot[h] !== 1 - side || s.depotGone[h] || s.occ[h * 2 + 1 - side] > 0) return false;
  if (s.status[u] & (DEAD | ATTACKED | BROKEN) || s.carrier[u] >= 0 || s.mp[u] < 2) return false;
  for (let w = 0; w < MAX_W; w++) if (weaponReady(m, s, u, w, K_OFFENSIVE)) return true;
  return false;
}

export function razeDepot(s: MakState, u: number): void {
  s.depotGone[s.hex[u]] = 1;
  s.mp[u] -= 2;
  s.status[u] |= ATTACKED | DONE;
}
