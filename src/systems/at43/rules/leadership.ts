/**
 * TACTICAL PHASE (seed p.54-55): the Commander (the highest-ranking officer in play; none:
 * Authority 0 and LP 0), the LP pool (the Commander's LP + the units on the battlefield,
 * disorganized ones excepted), the authority wager cap (rank + 1; A7 without a Commander) and the
 * authority test's value; every LP spent is tallied.
 */
import type { PlayContext } from '../../../core/system.ts';
import { M } from '../metrics.ts';
import type { Model } from '../model.ts';
import { ST_DISORGANIZED, type At43State } from '../state.ts';
import { officerOf } from './losses.ts';

const LP_SCALAR = [M.scalar.lpSpentA, M.scalar.lpSpentB];

/** The Commander of `side` (seed p.55): the unit of its highest-ranking officer in play, or -1. */
export function commander(m: Model, s: At43State, side: number): number {
  let best = -1;
  for (let u = 0; u < m.units.length; u++) {
    const U = m.units[u];
    const off = officerOf(m, s, u);
    if (U.side !== side || !off || s.members[u] === 0) continue;
    if (best < 0 || off.rank > officerOf(m, s, best)!.rank) best = u;
  }
  return best;
}

/** LP pool (seed p.54): the Commander's LP + the units on the battlefield, disorganized ones excepted. */
export function lpPool(m: Model, s: At43State, side: number): number {
  const c = commander(m, s, side);
  let pool = c < 0 ? 0 : officerOf(m, s, c)!.lp;
  for (let u = 0; u < m.units.length; u++) if (m.units[u].side === side && s.members[u] > 0 && s.status[u] !== ST_DISORGANIZED) pool++;
  return pool;
}

/** Largest authority wager of `side` (seed p.55: the Commander's rank + 1; A7 without one), within its LP. */
export function maxWager(m: Model, s: At43State, side: number): number {
  const c = commander(m, s, side);
  const cap = c < 0 ? m.opts['authority.maxWagerNoCommander'] : officerOf(m, s, c)!.rank + 1;
  return Math.max(0, Math.min(7, cap, s.lp[side]));
}

/** Authority test value of a side (p.55): its Commander's Authority (0 without one) + its wager. */
export function authorityOf(m: Model, s: At43State, side: number): number {
  const c = commander(m, s, side);
  return (c < 0 ? 0 : officerOf(m, s, c)!.authority) + s.wager[side];
}

/** Spends n LP of `side` (tallied per side). */
export function spend(s: At43State, side: number, n: number, ctx: PlayContext): void {
  s.lp[side] -= n;
  ctx.tally.addScalar(LP_SCALAR[side], n);
}
