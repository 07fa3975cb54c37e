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
 *   x = (effective points of side − of the other side) / (half the points on the table)
 *   value = 1 / (1 + e^(−3x))
 * A finished game is worth 1, 0, or 1/2 for a draw. The weights are interpretation, not rules.
 */
import { defenseOf, mainAttack, payloadAttack, speedOf } from './damage.ts';
import { missionKilled } from './flow.ts';
import { P_WEAPON, type Model } from './model.ts';
import type { MgvState } from './state.ts';

const SLOPE = 3;

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
    const v = cost * condition(m, s, i);
    if (m.units[i].side === side) mine += v;
    else theirs += v;
  }
  const x = (mine - theirs) / Math.max(1e-9, total / 2);
  return 1 / (1 + Math.exp(-SLOPE * x));
}
