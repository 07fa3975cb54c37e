/**
 * Heuristic value of a Panzer Vor! position for one side, an estimated win probability for the
 * generic search agents (src/agents/): a logistic of six features, each the side's minus the
 * opponent's (so the two sides' values sum to one), in Point Value over half the Point Value on
 * the map at the start (spec §7.3's kill chances, agents/eval.ts):
 *
 *   material  Σ Point Value of the tanks still in play, Immobile ones at 85%, a flag tank (flag
 *             matches) worth three times its value: losing it loses the match; an attack under
 *             way (declared, rolling, abilities pending) takes its chance to destroy the target
 *             (rules/rolls.ts attackHits and destroys over the 2d6 not rolled yet) off the
 *             target's value at once, so that search sees the worth of declaring a shot;
 *   threat    Σ over the operational tanks of the best expected Point Value destroyed by one
 *             plain attack from where they stand;
 *   points    Point Value destroyed (what a Forced End counts, seed p14), and the same times how
 *             near the Forced End is (Enforcement cards drawn / the threshold; 1 once armed);
 *   share     the material as a share of the side's own at the start (armies of unequal value);
 *   tempo     1 for the side to act, -1 for the other.
 *   value = 1 / (1 + e^(−Σ w·feature))
 * (cards in hand are left out: a term for them makes one-step search hoard cards instead of
 * playing them.) The weights were fitted (scripts/panzervor-evaluate.ts: logistic regression on
 * 41,432 positions of 3,200 games of the bundled scenarios between the scripted agents and greedy,
 * seed 5); on 25,141 positions of games not fitted on (seed 6) the Brier score is 0.180, against
 * 0.323 for the former material + 0.35 threat at slope 4 (that one read unequal armies as a
 * near-certain result: 0.41 on kuromorimine-line) and 0.246 for a coin.
 * A finished match is worth 1, 0, or 1/2 for a draw. The weights are interpretation, not rules.
 */
import { killChance } from './agents/eval.ts';
import { observe } from './observe.ts';
import { attackHits, destroys, extremeMode, rangeModifier } from './rules/rolls.ts';
import { END_ELIMINATION, END_FLAG, END_POINTS, INOP_NONE, isOver, type PvState } from './state.ts';
import { MATCH_FLAG, type PvStatic } from './model.ts';


/** Ways of rolling 2..12 on 2d6, out of 36. */
const WAYS = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/** Chance that the attack of layer L destroys its target, over the dice not rolled yet. */
export function pendingKill(G: PvStatic, s: PvState, L: number): number {
  const att = s.aAtt[L];
  const gun = s.aGun[L];
  const d = s.aDist[L];
  const attMods = s.aMod[L] + s.aAttAb[L] + s.aDefAb[L];
  const mode = extremeMode(G.opt.extremeRangeNeeds);
  const cardChar = s.aCardMod[L] + s.aAttAb[L];
  let pHit = 0;
  if (s.aNoRoll[L]) pHit = 1;
  else if (s.aNat[L] >= 0) pHit = attackHits(s.aNat[L], attMods, d, G.opt.extremeRangeFrom, mode, cardChar) ? 1 : 0;
  else for (let n = 2; n <= 12; n++) if (attackHits(n, attMods, d, G.opt.extremeRangeFrom, mode, cardChar)) pHit += WAYS[n] / 36;
  if (pHit === 0) return 0;
  const fp = G.gFp[2 * att + gun];
  const dmgMods = s.aDmgMod[L] + rangeModifier(G.rules.damageRangeMods, d) + s.aAttDAb[L] + s.aDefDAb[L];
  let pKill = 0;
  if (s.aDNat[L] >= 0) pKill = destroys(s.aDNat[L], fp, dmgMods, s.aArmour[L]) ? 1 : 0;
  else for (let n = 2; n <= 12; n++) if (destroys(n, fp, dmgMods, s.aArmour[L])) pKill += WAYS[n] / 36;
  return pHit * pKill;
}

/** Value for `side` of a finished match (winner -1: a draw). */
function finished(winner: number, side: number): number {
  return winner === side ? 1 : winner < 0 ? 0.5 : 0;
}

/** Number of features (features() below), and the weights fitted to them (scripts/panzervor-evaluate.ts). */
export const N_FEATURES = 6;
export const WEIGHTS: readonly number[] = [0.538, 1.027, 2.594, 2.795, 0.855, 0.158];

const material = [0, 0];
const threat = [0, 0];
const start = [0, 0];

/**
 * The features of an unfinished position for `side`, into out (each the side's minus the
 * opponent's, over half the Point Value on the map at the start, so they change sign with the side):
 *   0 material  1 threat  2 points destroyed (what a Forced End counts, seed p14)
 *   3 points destroyed x how near the Forced End is (Enforcement cards drawn / the threshold, 1 once armed)
 *   4 material as a share of the side's at the start (not over half the map's)  5 tempo (±1)
 */
export function features(G: PvStatic, s: PvState, side: number, out: Float64Array): void {
  material[0] = material[1] = threat[0] = threat[1] = start[0] = start[1] = 0;
  let total = 0;
  for (let t = 0; t < G.nT; t++) {
    total += G.tPts[t];
    start[G.tSide[t]] += G.tPts[t] * (G.matchType === MATCH_FLAG && G.tFlag[t] ? 3 : 1);
    if (!s.alive[t]) continue;
    let v = G.tPts[t] * (s.immobile[t] ? 0.85 : 1);
    if (G.matchType === MATCH_FLAG && G.tFlag[t]) v *= 3;
    material[G.tSide[t]] += v;
  }
  for (let L = 0; L <= s.layer && L < 2; L++) {
    const tgt = s.aTgt[L];
    if (s.aAtt[L] < 0 || tgt < 0 || !s.alive[tgt] || !s.alive[s.aAtt[L]]) continue;
    let v = G.tPts[tgt] * (s.immobile[tgt] ? 0.85 : 1);
    if (G.matchType === MATCH_FLAG && G.tFlag[tgt]) v *= 3;
    material[G.tSide[tgt]] -= pendingKill(G, s, L) * v;
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
  const points = (s.pointsKilled[side] - s.pointsKilled[opp]) / half;
  const near = !G.opt.stagnation ? 0 : s.stagArmed ? 1 : Math.min(1, s.enfDrawn / G.opt.stagnationThreshold);
  out[0] = (material[side] - material[opp]) / half;
  out[1] = (threat[side] - threat[opp]) / half;
  out[2] = points;
  out[3] = points * near;
  out[4] = material[side] / Math.max(1, start[side]) - material[opp] / Math.max(1, start[opp]);
  out[5] = s.active === side ? 1 : -1;
}

const f = new Float64Array(N_FEATURES);

export function evaluate(G: PvStatic, s: PvState, side: number): number {
  if (isOver(s)) {
    const decided = s.endReason === END_ELIMINATION || s.endReason === END_FLAG || s.endReason === END_POINTS;
    return finished(decided ? s.winner : -1, side);
  }
  features(G, s, side, f);
  let x = 0;
  for (let i = 0; i < N_FEATURES; i++) x += WEIGHTS[i] * f[i];
  return 1 / (1 + Math.exp(-x));
}
