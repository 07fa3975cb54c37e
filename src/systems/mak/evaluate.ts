/**
 * evaluate(state, side) in [0, 1] for the generic search agents: a logistic of the O.G.P. lead
 * (the victory measure) plus half the VP still fit to fight on each side, scaled by the VP at stake.
 */
import type { Model } from './model.ts';
import { ARMLESS, BROKEN, DEAD, IMMOBILE, type MakState } from './state.ts';

export function evaluate(m: Model, s: MakState, side: number): number {
  if (s.over) return s.winner === side ? 1 : 0;
  const v = m.body.victory;
  const ogp = [s.ogp[0] + v.extra.mercenary - s.artVp[0], s.ogp[1] + v.extra.strahl - s.artVp[1]];
  const fit = [0, 0];
  let total = 0;
  for (let u = 0; u < m.nu; u++) {
    total += m.uvp[u];
    const st = s.status[u];
    if (st & DEAD) continue;
    fit[m.uside[u]] += st & (ARMLESS | IMMOBILE | BROKEN) ? m.uvp[u] * 0.3 : m.uvp[u];
  }
  const x = v.mustExceed === 'mercenary' ? 0 : 1;
  // The side that must exceed needs a strict lead: shift by half a point against it.
  const lead = (ogp[side] - ogp[1 - side]) + 0.5 * (fit[side] - fit[1 - side]) + (side === x ? -0.5 : 0.5);
  return 1 / (1 + Math.exp((-4 * lead) / Math.max(4, total)));
}
