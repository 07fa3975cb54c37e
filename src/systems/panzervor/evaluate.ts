/**
 * Heuristic value of a Panzer Vor! position for one side, an estimated win probability for the
 * generic search agents (src/agents/): a logistic of the material balance plus a fraction of the
 * firing balance, both in Point Value (spec §7.3's kill chances, agents/eval.ts):
 *
 *   material(side) = Σ Point Value of its tanks still in play, Immobile ones at 85%, a flag
 *                    tank (flag matches) worth three times its value: losing it loses the match;
 *   threat(side)   = Σ over its operational tanks of the best expected Point Value destroyed by
 *                    one plain attack from where they stand;
 *   x = [Δmaterial + 0.35·Δthreat] / (half the Point Value on the map at the start)
 * (cards in hand are left out: a term for them makes one-step search hoard cards instead of
 * playing them.)
 *   value = 1 / (1 + e^(−4x))
 * A finished match is worth 1, 0, or 1/2 for a draw. The weights are interpretation, not rules.
 */
import { killChance } from './agents/eval.ts';
import { observe } from './observe.ts';
import { END_ELIMINATION, END_FLAG, END_POINTS, INOP_NONE, S_OVER, type PvState } from './state.ts';
import { MATCH_FLAG, type PvStatic } from './static.ts';

const THREAT_WEIGHT = 0.35;
const SLOPE = 4;

/** Value for `side` of a finished match (winner -1: a draw). */
function finished(winner: number, side: number): number {
  return winner === side ? 1 : winner < 0 ? 0.5 : 0;
}

export function evaluate(G: PvStatic, s: PvState, side: number): number {
  if (s.step === S_OVER) {
    const decided = s.endReason === END_ELIMINATION || s.endReason === END_FLAG || s.endReason === END_POINTS;
    return finished(decided ? s.winner : -1, side);
  }
  const material = [0, 0];
  const threat = [0, 0];
  let total = 0;
  for (let t = 0; t < G.nT; t++) {
    total += G.tPts[t];
    if (!s.alive[t]) continue;
    let v = G.tPts[t] * (s.immobile[t] ? 0.85 : 1);
    if (G.matchType === MATCH_FLAG && G.tFlag[t]) v *= 3;
    material[G.tSide[t]] += v;
  }
  const o = observe(G, s, side);
  for (let t = 0; t < G.nT; t++) {
    if (!s.alive[t] || s.hex[t] < 0 || s.inop[t] !== INOP_NONE) continue;
    let best = 0;
    for (let u = 0; u < G.nT; u++) {
      if (!s.alive[u] || s.hex[u] < 0 || G.tSide[u] === G.tSide[t]) continue;
      const ek = killChance(o, t, s.hex[t], s.facing[t], u).p * G.tPts[u];
      if (ek > best) best = ek;
    }
    threat[G.tSide[t]] += best;
  }
  const half = Math.max(1, total / 2);
  const opp = 1 - side;
  const x = (material[side] - material[opp] + THREAT_WEIGHT * (threat[side] - threat[opp])) / half;
  return 1 / (1 + Math.exp(-SLOPE * x));
}
