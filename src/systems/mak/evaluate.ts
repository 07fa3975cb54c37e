/**
 * evaluate(state, side) in [0, 1] for the generic search agents: an estimate of the side's
 * probability of winning. The game is won on O.G.P. at the end ([O.G.P.]; the side named
 * `mustExceed` needs strictly more). The final lead is read as the current lead plus what the
 * units still able to fight may yet score: a drift towards the side with more VP fit to fight,
 * growing with the share of the game left, and a spread that also grows with it. So the same
 * lead is nearly decisive on the last turn and worth little on the first. Constants fitted on
 * scripted and random games of the bundled scenarios (scripts/mak-evaluate.ts measures the
 * calibration: Brier score and log loss by turn). Allocation-free.
 */
import type { Model } from './model.ts';
import { ARMLESS, BROKEN, DEAD, IMMOBILE, OFFMAP, type MakState } from './state.ts';

/** Expected share of the fit-VP difference still to be turned into O.G.P. over a whole game. */
export const DRIFT = 0.1;
/** Spread of the final lead per unit of fit VP, over a whole game (its square root share remains). */
export const SPREAD = 0.4;
/** A damaged unit (disarmed, immobilized, broken) counts for this share of its VP. */
const DAMAGED = 0.3;

export function evaluate(m: Model, s: MakState, side: number): number {
  if (s.over) return s.winner === side ? 1 : 0;
  const v = m.body.victory;
  const o0 = s.ogp[0] + v.extra.mercenary - s.artVp[0];
  const o1 = s.ogp[1] + v.extra.strahl - s.artVp[1];
  let fit0 = 0, fit1 = 0;
  for (let u = 0; u < m.nu; u++) {
    const st = s.status[u];
    if (st & DEAD && !(st & OFFMAP)) continue; // reinforcements still to come count
    const vp = st & (ARMLESS | IMMOBILE | BROKEN) ? m.uvp[u] * DAMAGED : m.uvp[u];
    if (m.uside[u] === 0) fit0 += vp;
    else fit1 += vp;
  }
  // Share of the game still to play: whole turns left, and half a turn while the first phase is on.
  const left = (m.body.turns - s.turn + (s.phase === 0 ? 1 : 0.5)) / m.body.turns;
  const x = v.mustExceed === 'mercenary' ? 0 : 1;
  // Mercenary's final lead: mean and spread; the side that must exceed needs more than half a point.
  const mean = o0 - o1 + DRIFT * left * (fit0 - fit1) + (x === 0 ? -0.5 : 0.5);
  const sd = SPREAD * Math.sqrt(left) * (fit0 + fit1) * 0.5 + 0.25;
  const p0 = 1 / (1 + Math.exp((-1.702 * mean) / sd)); // the normal distribution's CDF, logistic form
  return side === 0 ? p0 : 1 - p0;
}
