/**
 * Movement ([7.1]-[7.2]; spec §3.9): who may move, the cost of a step (half points), the cost of
 * entering an enemy hex for close quarters combat ([9.1]) or an overrun ([13.2]), the entry of a
 * reinforcement ([12.1]), and the one-activation-at-a-time rule ([7.2.5]). Pure over (model,
 * state); allocation-free.
 */
import { MAX_W, type Model } from '../model.ts';
import { ATTACKED, BOOSTING, BROKEN, DEAD, DONE, IMMOBILE, MOVED, type MakState } from '../state.ts';
import { K_OVERRUN, hexHasSide, weaponReady } from './combat.ts';
import { stackPoints } from './rolls.ts';

/** Movement cost (half points) for u from hex `from` in direction d; -1 when the step is not allowed. */
export function stepCost(m: Model, s: MakState, u: number, from: number, d: number): number {
  const to = m.grid.nbr[from * 6 + d];
  if (to < 0) return -1;
  const side = m.uside[u];
  if (hexHasSide(m, s, to, 1 - side)) return -1; // enemy hexes only through CQC ([7.2.3])
  let c: number;
  if (s.status[u] & BOOSTING) c = 2; // booster: 1 MP per hex, terrain costs and restrictions ignored ([19.5.3])
  else if (m.uinf[u]) c = 2; // infantry: 1 hex per phase, terrain ignored ([14.1])
  else if (m.roadLink[from * 6 + d]) c = m.data.movement.road2 + (m.opt.roadIgnoresHexsides ? 0 : m.sideCost2[m.uform[u]][from * 6 + d]);
  else {
    const f = m.uform[u];
    if (f > 2) return -1;
    const tc = m.cost2[f][to];
    if (tc < 0) return -1;
    c = tc + m.sideCost2[f][from * 6 + d];
  }
  // Stacking (spec §6 A31, engine reading): a move may never leave more than the limit in a hex.
  if (s.pts[to * 2 + side] + stackPoints(m.ustack[u]) + s.load[u] + (s.haul[u] >= 0 ? 1 : 0) > m.data.rules.stackLimit) return -1; // cargo ([13.1]) and a carried unit ([7.3.2]) move along
  return c;
}

/** May u start or go on moving now: the phase player's, alive, mobile, not done, a ground unit not carried ([7.2.5])? */
export function canMove(m: Model, s: MakState, u: number): boolean {
  return m.uside[u] === s.phaseSide && (s.status[u] & (DEAD | IMMOBILE | ATTACKED | DONE | BROKEN)) === 0 && m.uform[u] <= 2 && s.carrier[u] < 0;
}

/** Cost to enter the adjacent enemy hex for CQC, or -1 ([9.1]). */
export function assaultCost(m: Model, s: MakState, u: number, d: number): number {
  const from = s.hex[u];
  const to = m.grid.nbr[from * 6 + d];
  if (to < 0 || m.uveh[u] || m.upilot[u] || s.status[u] & BOOSTING || s.carrier[u] >= 0 || s.load[u] > 0 || s.haul[u] >= 0 || !hexHasSide(m, s, to, 1 - m.uside[u])) return -1;
  if (hexHasSide(m, s, from, 1 - m.uside[u])) return -1; // leaving a CQC hex straight into another: not offered
  // Infantry charge ([14.2.2]): up to 2 hexes counted in hexes, so one more hex after its move.
  let c = s.status[u] & MOVED ? 0 : 2;
  if (!m.uinf[u]) {
    const f = m.uform[u];
    const tc = m.cost2[f][to];
    if (tc < 0) return -1;
    c = tc + m.sideCost2[f][from * 6 + d];
  }
  if (c > s.mp[u]) return -1;
  return s.pts[to * 2 + m.uside[u]] + stackPoints(m.ustack[u]) > m.data.rules.stackLimit ? -1 : c;
}

/** The cost (half points) of entering the adjacent hex h from u's hex: terrain and hexside, nothing for infantry ([14.2.2] charge). */
export function entryStepCost(m: Model, s: MakState, u: number, h: number): number {
  if (m.uinf[u]) return 0;
  const from = s.hex[u];
  let d = 0;
  for (; d < 6; d++) if (m.grid.nbr[from * 6 + d] === h) break;
  return m.cost2[m.uform[u]][h] + m.sideCost2[m.uform[u]][from * 6 + d];
}

/**
 * Reinforcement u's cost to enter at its scenario hex ([12.1]): in its owner's phase from its turn on
 * (it may be delayed), the first hex paid from its normal allowance, never into an enemy-occupied
 * hex, terrain it could enter, stacking kept. -1 when it may not enter now.
 */
export function entryCost(m: Model, s: MakState, u: number): number {
  if (m.uairdrop[u] || m.uaboard[u] >= 0 || m.uside[u] !== s.phaseSide || s.turn < m.uarrive[u]) return -1;
  const h = m.ustart[u];
  if (hexHasSide(m, s, h, 1 - m.uside[u]) || s.pts[h * 2 + m.uside[u]] + stackPoints(m.ustack[u]) > m.data.rules.stackLimit) return -1;
  const c = m.uinf[u] ? 2 : m.uform[u] <= 2 ? m.cost2[m.uform[u]][h] : -1;
  return c >= 0 && c <= m.ump2[u] ? c : -1;
}

/**
 * Cost of an overrun ([13.2]) by vehicle u through the adjacent enemy hex in direction d and out
 * across the opposite hexside, or -1. Overrun costs no extra MP, but both hexes' entry costs are
 * paid and the exit hex must be enterable ([13.2.2]); the vehicle needs a working weapon.
 */
export function overrunCost(m: Model, s: MakState, u: number, d: number): number {
  const side = m.uside[u];
  const from = s.hex[u];
  const x = m.grid.nbr[from * 6 + d];
  if (x < 0 || !hexHasSide(m, s, x, 1 - side) || hexHasSide(m, s, x, side) || hexHasSide(m, s, from, 1 - side)) return -1;
  const y = m.grid.nbr[x * 6 + d];
  if (y < 0 || hexHasSide(m, s, y, 1 - side)) return -1;
  const f = m.uform[u];
  const cx = m.cost2[f][x], cy = m.cost2[f][y];
  if (cx < 0 || cy < 0) return -1;
  const c = cx + m.sideCost2[f][from * 6 + d] + cy + m.sideCost2[f][x * 6 + d];
  if (c > s.mp[u]) return -1;
  const sp = stackPoints(m.ustack[u]) + s.load[u];
  if (sp > m.data.rules.stackLimit || s.pts[y * 2 + side] + sp > m.data.rules.stackLimit) return -1;
  let armed = false;
  for (let w = 0; w < MAX_W && !armed; w++) if (weaponReady(m, s, u, w, K_OVERRUN)) armed = true;
  return armed ? c : -1;
}

/**
 * One activation at a time ([7.2.5]): when unit u (or, with -1, an action of no unit's movement)
 * follows another unit's movement, that unit has finished moving for the phase.
 */
export function finishMover(s: MakState, u: number): void {
  if (s.mover >= 0 && s.mover !== u) s.status[s.mover] |= DONE;
  s.mover = u;
}
