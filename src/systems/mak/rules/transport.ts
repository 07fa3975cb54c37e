/**
 * Transport ([13.1]; spec §3.16.1): trucks and hover tanks carry Type I units and infantry (the
 * Sph69-p Type I only) up to their capacity in stack points. Cargo rides in the vehicle's hex (and
 * counts toward its stacking limit: engine reading), moves with it, is never a target of its own
 * ([13.1.3]: vehicle and cargo are one target, D destroys the cargo too, A and M only the vehicle).
 * Allocation-free.
 */
import type { Model } from '../model.ts';
import { ATTACKED, BROKEN, DEAD, IMMOBILE, LOADING, MOVED, SCORED, placeUnit, removeUnit, type MakState } from '../state.ts';
import { stackPoints } from './rolls.ts';

/** May unit u of the phase player board vehicle v now ([13.1.1], [13.1.2], [13.1.5])? */
export function canLoad(m: Model, s: MakState, u: number, v: number): boolean {
  if (u === v || m.ucap[v] === 0 || m.uside[u] !== m.uside[v] || s.hex[u] !== s.hex[v]) return false;
  if (s.carrier[u] >= 0 || s.carrier[v] >= 0 || s.load[u] > 0 || m.ucap[u] > 0 || s.haul[u] >= 0 || m.upilot[u]) return false; // pilots riding out are not played ([18.2.4])
  if (s.status[u] & (DEAD | IMMOBILE | BROKEN | ATTACKED | LOADING) || (m.uinf[u] && s.status[u] & MOVED)) return false; // infantry: no move in a loading phase ([14.1])
  if (s.status[v] & (DEAD | IMMOBILE | MOVED)) return false; // the vehicle does not move in the turn it loads ([13.1.2])
  if (m.ustack[u] !== 1 && !(m.uinf[u] && !m.ucapTypeI[v])) return false; // Type I, infantry; Sph69-p Type I only
  if (s.occ[s.hex[u] * 2 + 1 - m.uside[u]] > 0) return false; // not inside a CQC hex
  return s.load[v] + stackPoints(m.ustack[u]) <= m.ucap[v];
}

/** May cargo u unload now? Not in the phase it loaded, nor after it fired ([13.1.4]). */
export function canUnload(m: Model, s: MakState, u: number): boolean {
  return s.carrier[u] >= 0 && m.uside[u] === s.phaseSide && (s.status[u] & (DEAD | ATTACKED | LOADING)) === 0;
}

export function load(m: Model, s: MakState, u: number, v: number): void {
  s.carrier[u] = v;
  s.load[v] += stackPoints(m.ustack[u]);
  s.status[u] |= LOADING;
  s.mp[u] = 0;
  s.mp[v] = 0; // [13.1.2]: the vehicle may not move in the turn it loads
}

/** Unloading costs half the unit's MP; infantry may not move at all this phase, a charge excepted ([13.1.2], [14.1]). */
export function unload(m: Model, s: MakState, u: number): void {
  const v = s.carrier[u];
  s.carrier[u] = -1;
  s.load[v] -= stackPoints(m.ustack[u]);
  s.status[u] |= LOADING;
  if (m.uinf[u]) {
    s.status[u] |= MOVED;
    s.mp[u] = 0;
  } else s.mp[u] = Math.max(0, s.mp[u] - Math.ceil(m.ump2[u] / 2));
}

/** The cargo follows its vehicle into hex `to`. */
export function carryCargo(m: Model, s: MakState, v: number, to: number): void {
  if (s.load[v] === 0) return;
  for (let c = 0; c < m.nu; c++) if (s.carrier[c] === v && !(s.status[c] & DEAD)) placeUnit(m, s, c, to);
}

/** A destroyed vehicle destroys its cargo ([13.1.3]); each cargo unit scores its VP for the enemy. Returns the count. */
export function destroyCargo(m: Model, s: MakState, v: number): number {
  if (s.load[v] === 0) return 0;
  let n = 0;
  for (let c = 0; c < m.nu; c++) {
    if (s.carrier[c] !== v || s.status[c] & DEAD) continue;
    s.status[c] |= DEAD;
    removeUnit(m, s, c);
    s.lost[m.uside[c]]++;
    if (!(s.status[c] & SCORED)) {
      s.status[c] |= SCORED;
      s.ogp[1 - m.uside[c]] += m.uvp[c];
    }
    n++;
  }
  s.load[v] = 0;
  return n;
}
