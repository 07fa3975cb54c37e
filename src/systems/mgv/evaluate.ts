/**
 * Heuristic value of an MGV position for one side, an estimated win probability for the generic
 * search agents (src/agents/): a logistic of the balance of "effective points", each MGV's cost
 * (the victory-point value, spec §3.16) times its condition in [0, 1]:
 *
 *   condition = survival × (0.4 + 0.2·attack kept + 0.15·defence kept + 0.15·speed kept
 *                               + 0.1·hull cells intact) − 0.03 per infestation
 *   survival  = chance of passing the next Death roll with its B hits (spec §5.7 table),
 *   a mission-killed MGV (cannot move nor fire) keeps only (1 − missionKillShare) of its value,
 *   a destroyed one nothing;
 *   threat(side) = Σ over its MGVs and weapon slots of the best expected damage of one attack at
 *                  an enemy it may target from where it stands (agents/common.ts attackValue,
 *                  in core-damage equivalents), × 0.1 × the target's cost: where the guns point;
 *   x = (effective points + 0.5·threat of side − the same of the other side) / (half the points on the table)
 *   value = 1 / (1 + e^(−7x))
 * A finished game is worth 1, 0, or 1/2 for a draw. The weights are interpretation, not rules; the
 * slope is fitted: on 18,001 states along standoff/closer games of the four bundled scenarios, the
 * Brier score against the games' outcomes is 0.119 with a slope of 7 (0.134 with the former 3, which
 * was underconfident: states valued 0.8 were won 93% of the time; a constant 1/2 scores 0.218; a
 * slope growing with the turn did not help). test/systems/mgv/evaluate.test.ts checks it.
 * Like the engine, the threat term fills the state's line-of-sight and target caches.
 */
import { SLOT_MAIN, SLOT_PAY, canTarget } from './rules/combat.ts';
import { defenseOf, mainAttack, payloadAttack, speedOf } from './rules/damage.ts';
import { attackValue, paramsFrom, type HeuristicParams } from './agents/common.ts';
import { missionKilled } from './rules/victory.ts';
import { P_WEAPON, type Model } from './model.ts';
import type { MgvState } from './state.ts';

const SLOPE = 7;
const THREAT_WEIGHT = 0.5;
const THREAT_SCALE = 0.1;
/** The standoff agent's defaults, for attackValue's missile split reading. */
const PARAMS: HeuristicParams = paramsFrom('standoff', { missileSplit: 'adaptive', missileDefense: 'adaptive', photonSigma: 0.1, photonSigmaInches: 0, fireThreshold: 0.3, rangeFraction: 0.75, coverWeight: 1, repairPriority: 'coreFirst', useBeacons: true, useJammer: true });

/** Best expected damage, in points of the target, of MGV i's weapons from where it stands. */
function threat(m: Model, s: MgvState, i: number): number {
  const u = s.units[i];
  const spec = m.units[i];
  let sum = 0;
  for (let slot = SLOT_MAIN; slot <= SLOT_PAY; slot++) {
    if (slot === SLOT_MAIN ? u.mainGone || mainAttack(m, i, u) <= 0 : spec.payload !== P_WEAPON || payloadAttack(m, i, u) <= 0) continue;
    let best = 0;
    for (let j = 0; j < s.units.length; j++) {
      if (!s.units[j].alive || m.units[j].side === spec.side || !canTarget(m, s, i, slot, j)) continue;
      const v = attackValue(m, s, i, slot, j, PARAMS) * THREAT_SCALE * m.units[j].cost;
      if (v > best) best = v;
    }
    sum += best;
  }
  return sum;
}

/** Chance that an MGV with `b` brain hits survives the next Death roll (spec §5.7). */
function survival(m: Model, b: number): number {
  if (b <= 0) return 1;
  const d = m.data.death;
  if (b >= d.automaticAt) return 0;
  const min = d.minRollByBHits[Math.min(b, d.minRollByBHits.length) - 1];
  return Math.min(1, Math.max(0, (min - 1) / 6));
}

/** Condition of MGV i in [0, 1] (0 when destroyed). */
export function condition(m: Model, s: MgvState, i: number): number {
  const u = s.units[i];
  if (!u.alive) return 0;
  const spec = m.units[i];
  const atkMax = spec.attack + (spec.payload === P_WEAPON ? spec.payloadPoints : 0);
  const atk = atkMax > 0 ? (mainAttack(m, i, u) + payloadAttack(m, i, u)) / atkMax : 1;
  const def = spec.defense > 0 ? Math.min(1, defenseOf(m, i, u) / spec.defense) : 1;
  const spd = spec.speed > 0 ? speedOf(m, i, u) / spec.speed : 1;
  const hull = m.graph.nHull > 0 ? 1 - u.hx / m.graph.nHull : 1;
  let infest = 0;
  for (let c = 0; c < u.infest.length; c++) infest += u.infest[c];
  let v = survival(m, u.B) * (0.4 + 0.2 * atk + 0.15 * def + 0.15 * spd + 0.1 * hull) - 0.03 * infest;
  if (missionKilled(m, s, i)) v *= 1 - m.data.victory.missionKillShare;
  return Math.min(1, Math.max(0, v));
}

export function evaluate(m: Model, s: MgvState, side: number): number {
  if (s.result) return s.result.winner === side ? 1 : s.result.winner < 0 ? 0.5 : 0;
  let mine = 0;
  let theirs = 0;
  let total = 0;
  for (let i = 0; i < s.units.length; i++) {
    const cost = m.units[i].cost;
    total += cost;
    const c = condition(m, s, i);
    const v = cost * c + (c > 0 ? THREAT_WEIGHT * c * threat(m, s, i) : 0);
    if (m.units[i].side === side) mine += v;
    else theirs += v;
  }
  const x = (mine - theirs) / Math.max(1e-9, total / 2);
  return 1 / (1 + Math.exp(-SLOPE * x));
}
