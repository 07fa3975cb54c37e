/**
 * evaluate(state, side) in [0, 1]: an estimate of the probability that `side` wins (a draw
 * counting half), for the generic search agents. A logistic model of three features, each
 * antisymmetric in the sides (so evaluate(s, 0) + evaluate(s, 1) = 1):
 *  - material: (mine - theirs) / (mine + theirs) of the army points still standing (a unit's
 *    cost shared over the fighters it fielded; AFVs by their frame SP left);
 *  - the victory-point lead, in units of one round's VP of every objective;
 *  - the objectives it would control now (seed p.73), times the control phases left.
 * A finished game gives its result. The weights (`W_*`) were fitted by logistic regression
 * (no intercept) on 29,351 positions sampled every 15 decisions from 4,200 games of the three
 * bundled scenarios (seven pairings of the scripted agents and random): Brier score 0.154 against
 * 0.168 for the former blend and 0.241 for a constant 1/2 (per scenario: sector55 0.119 / 0.141,
 * access-route 0.156 / 0.165, bad-dog-vs-wraith 0.195 / 0.207). On an annihilation scenario only
 * material counts.
 */
import type { Model } from './model.ts';
import { SP_STRIDE } from './rules/afv.ts';
import { controllerOf } from './rules/control.ts';
import { PH_OVER, type At43State } from './state.ts';

/** Weight of the material difference (in [-1, 1]). */
export const W_MATERIAL = 5.3;
/** Weight of the VP lead, per round's worth of every objective's VP. */
export const W_VP = 0.86;
/** Weight of the objectives controlled now, per round's worth, times the control phases left. */
export const W_CONTROL = 0.2;

/** Army points of `side` still standing: each unit's cost shared over its fielded fighters (AFVs by frame SP left). */
export function standing(m: Model, s: At43State, side: number): number {
  let v = 0;
  for (const U of m.units) {
    if (U.side !== side || U.fielded === 0 || s.members[U.index] === 0) continue;
    if (!U.afv) {
      v += (U.cost * Math.min(s.members[U.index], U.fielded)) / U.fielded;
      continue;
    }
    const frame = Math.max(1, U.profile.frameSP);
    for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f]) v += (U.cost / U.fielded) * Math.max(0, s.sp[f * SP_STRIDE]) / frame;
  }
  return v;
}

/** The logit of side 0 winning (before the sigmoid): positive when side 0 is ahead. */
export function advantage(m: Model, s: At43State): number {
  const a = standing(m, s, 0);
  const b = standing(m, s, 1);
  const material = a + b > 0 ? (a - b) / (a + b) : 0;
  let x = W_MATERIAL * material;
  if (m.victory === 'annihilation' || m.objectives.length === 0) return x;
  let perRound = 0;
  for (const O of m.objectives) perRound += O.vp;
  if (perRound <= 0) return x;
  let held = 0;
  for (let o = 0; o < m.objectives.length; o++) {
    const c = controllerOf(m, s, o);
    if (c >= 0) held += c === 0 ? m.objectives[o].vp : -m.objectives[o].vp;
  }
  // control phases still to come: this round's (unless the game is over), then one per round left
  const left = s.phase === PH_OVER ? 0 : m.rounds - s.round + 1;
  x += (W_VP * (s.vp[0] - s.vp[1])) / perRound + (W_CONTROL * left * held) / perRound;
  return x;
}

export function evaluate(m: Model, s: At43State, side: number): number {
  if (s.result) return s.result.winner === side ? 1 : s.result.winner < 0 ? 0.5 : 0;
  const x = advantage(m, s);
  const p0 = 1 / (1 + Math.exp(-x));
  return side === 0 ? p0 : 1 - p0;
}
