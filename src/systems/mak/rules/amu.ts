/**
 * The NeuSpotter's Analysis Memory Unit ([16.2]; spec §3.19.2, §8.2 #66), with option `amuRule`:
 * a destroyed NeuSpotter leaves an AMU in its hex ([16.2.2]). A unit of the NeuSpotter's side
 * (infantry or Type I) that ends its movement in that hex picks it up (action `amu`: the unit's
 * activation ends, [16.2.3]); the AMU counts as collected when its carrier leaves the map (action
 * `exit` from an edge hex, engine reading: the seed names no edge) and is worth `rules.amuVp` to that
 * side; AMUs still on the map, or carried, at the end give nothing. An enemy unit that entered the
 * hex this phase may declare it destroyed instead ([16.2.4]). A NeuSpotter carrying an AMU moves at
 * half its MP ([16.2.5]). A carrier that is destroyed drops its AMU in its hex (engine reading).
 * State per NeuSpotter k: `amuHex` (hex on the map, -1), `amuBy` (carrier, -1), `amuFate` (0 none,
 * 1 in play, 2 collected, 3 destroyed). Allocation-free.
 */
import type { Model } from '../model.ts';
import { BROKEN, DEAD, DONE, EXITED, IMMOBILE, MOVED, SCORED, removeUnit, type MakState } from '../state.ts';
import { neuSpotterMp } from './rolls.ts';

export const AMU_NONE = 0;
export const AMU_IN_PLAY = 1;
export const AMU_COLLECTED = 2;
export const AMU_DESTROYED = 3;

/** Unit t was just destroyed: a NeuSpotter leaves its AMU, a carrier drops what it carried. */
export function amuOnDeath(m: Model, s: MakState, t: number): void {
  const h = s.hex[t];
  if (m.uneu[t] && s.amuFate[t] === AMU_NONE) {
    s.amuFate[t] = AMU_IN_PLAY;
    s.amuHex[t] = h;
  }
  for (let k = 0; k < m.nu; k++) if (s.amuBy[k] === t) { s.amuBy[k] = -1; s.amuHex[k] = h; }
}

/** May unit u pick up (own side) or destroy (enemy) the AMU of NeuSpotter k now? */
export function canTouchAmu(m: Model, s: MakState, u: number, k: number): boolean {
  if (s.amuFate[k] !== AMU_IN_PLAY || s.amuHex[k] !== s.hex[u] || m.uside[u] !== s.phaseSide || s.carrier[u] >= 0) return false;
  const st = s.status[u];
  if (st & DEAD) return false;
  if (m.uside[u] !== m.uside[k]) return (st & MOVED) !== 0; // [16.2.4]: an enemy that entered the hex
  if (st & (DONE | BROKEN) || (!m.uinf[u] && m.ustack[u] !== 1) || carries(m, s, u)) return false;
  return s.occ[s.hex[u] * 2 + 1 - m.uside[u]] === 0;
}

export function touchAmu(m: Model, s: MakState, u: number, k: number): void {
  if (m.uside[u] !== m.uside[k]) {
    s.amuFate[k] = AMU_DESTROYED;
    s.amuHex[k] = -1;
    return;
  }
  s.amuBy[k] = u;
  s.amuHex[k] = -1;
  s.status[u] |= DONE; // it ended its movement there ([16.2.3])
  if (m.uneu[u]) s.mp[u] = Math.min(s.mp[u], 2 * neuSpotterMp(m.ump2[u] / 2, true));
}

export function carries(m: Model, s: MakState, u: number): boolean {
  for (let k = 0; k < m.nu; k++) if (s.amuBy[k] === u) return true;
  return false;
}

/** May u leave the map from its edge hex: a pilot ([18.2.3]), or a unit with the AMU it carries (free to move, nothing aboard)? */
export function canExit(m: Model, s: MakState, u: number): boolean {
  if (m.uside[u] !== s.phaseSide || !m.edge[s.hex[u]] || s.status[u] & (DEAD | DONE | IMMOBILE | BROKEN) || s.carrier[u] >= 0 || s.load[u] > 0 || s.haul[u] >= 0) return false;
  return m.upilot[u] === 1 || carries(m, s, u);
}

/**
 * A pilot leaves the map ([18.2.3]): by its side's home edge it has escaped (no VP); by any other
 * edge it is lost and captured, and the enemy scores its VP. Returns 1 when captured.
 */
export function pilotLeaves(m: Model, s: MakState, u: number): number {
  const captured = (m.homeEdge[s.hex[u]] & (1 << m.uside[u])) === 0;
  s.status[u] |= DEAD | DONE | EXITED;
  removeUnit(m, s, u);
  if (captured) {
    s.status[u] |= SCORED;
    s.ogp[1 - m.uside[u]] += s.pVp[u];
  }
  return captured ? 1 : 0;
}

/** u leaves the map: its AMUs are collected and scored ([16.2.2]); the unit is gone but not lost. */
export function exitMap(m: Model, s: MakState, u: number): number {
  let n = 0;
  for (let k = 0; k < m.nu; k++) {
    if (s.amuBy[k] !== u) continue;
    s.amuFate[k] = AMU_COLLECTED;
    s.amuBy[k] = -1;
    s.ogp[m.uside[k]] += m.data.rules.amuVp;
    n++;
  }
  s.status[u] |= DEAD | DONE | EXITED;
  removeUnit(m, s, u);
  return n;
}

/** Start of a phase: a NeuSpotter carrying an AMU has half its MP ([16.2.5]). */
export function amuMp(m: Model, s: MakState): void {
  for (let k = 0; k < m.nu; k++) {
    const v = s.amuBy[k];
    if (v >= 0 && m.uneu[v]) s.mp[v] = 2 * neuSpotterMp(m.ump2[v] / 2, true);
  }
}
