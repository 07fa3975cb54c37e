/**
 * `closer` (spec §7.3 aggressive "closer"): each base heads straight for the nearest enemy,
 * facing it on the way, and stops at its weapon's sweet spot (rangeFraction of its reach, at
 * least 1.5"); it puts every power point into speed and fires whenever it has an attack.
 */
import { agentOf } from '../../../core/agent.ts';
import type { DecisionContext } from '../../../core/agent.ts';
import { turnCost } from '../../../core/geometry/table/index.ts';
import { END_UNIT, legCode } from '../actions.ts';
import type { Model } from '../model.ts';
import type { MgvObservation } from '../observe.ts';
import type { MgvState } from '../state.ts';
import { AIM, MgvHeuristic, distIndex, hasLeg, heuristicParamSpecs, paramsFrom } from './common.ts';

export class Closer extends MgvHeuristic {
  protected readonly fireWithoutValue = true;

  protected powerIntoSpeed(available: number): number {
    return available;
  }

  protected approach(ctx: DecisionContext, m: Model, s: MgvState, i: number): number {
    const u = s.units[i];
    const END = END_UNIT;
    const range = AIM.range;
    const faceLeg = AIM.faceLeg;
    const faceIdx = AIM.faceIdx;
    const faceDelta = AIM.faceDelta;
    const step = m.data.turnCost.step;
    const tcost = m.data.turnCost.cost;
    const reach = AIM.reach;
    const want = Math.max(1.5, this.p.rangeFraction * reach);
    if (range <= want + 0.25) return faceLeg;
    // head straight for the target (facing it on the way), stop at the sweet spot
    const left = u.allowance - turnCost(faceDelta, step, tcost);
    const d = Math.min(left, range - want);
    const di = distIndex(d);
    if (di <= 0) return faceLeg;
    const c = legCode(faceIdx, di, true);
    return hasLeg(ctx, c) ? c : END;
  }
}

export const closerAgent = agentOf<MgvState, MgvObservation>()({
  name: 'closer',
  description: 'Aggressive: closes on the nearest enemy to its weapon sweet spot, fires whenever it can hurt (spec §7.3 "closer")',
  params: heuristicParamSpecs(0.01, 0.5, 0.3),
  create: (_game, side, params) => new Closer(side, paramsFrom('closer', params)),
});
