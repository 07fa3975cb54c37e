/**
 * `closer` (spec §7.3 aggressive "closer"): each base heads straight for the nearest enemy,
 * facing it on the way, and stops at its weapon's sweet spot (rangeFraction of its reach, at
 * least 1.5"); it puts every power point into speed and fires whenever it has an attack.
 */
import { agentOf } from '../../../core/agent.ts';
import type { DecisionContext } from '../../../core/agent.ts';
import { turnCost } from '../../../core/geometry/table/index.ts';
import { DISTS, END_UNIT, legCode } from '../actions.ts';
import { W_MISSILE, W_PHOTON, type Model } from '../model.ts';
import { hasLos } from '../rules/geom.ts';
import type { MgvObservation } from '../observe.ts';
import type { MgvState } from '../state.ts';
import { AIM, MgvHeuristic, bestSafeLeg, distIndex, hasLeg, heuristicParamSpecs, legHazard, paramsFrom, threatReach, weaponReach } from './common.ts';

export class Closer extends MgvHeuristic {
  protected readonly fireWithoutValue = true;

  protected powerIntoSpeed(available: number): number {
    return available;
  }

  protected preferredRange(m: Model, s: MgvState, i: number): number {
    return Math.max(1.5, this.p.rangeFraction * weaponReach(m, s, i));
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
    let want = Math.max(1.5, this.p.rangeFraction * reach);
    // a photon weapon reaches any range: while it sees its target, no need to walk into the
    // target's own reach
    if (m.units[i].weapon === W_PHOTON && hasLos(m, s, i, AIM.j)) want = Math.max(want, Math.min(threatReach(m, s, AIM.j) + 1, 30));
    const left = u.allowance - turnCost(faceDelta, step, tcost);
    const di = distIndex(Math.min(left, range - want));
    if (range <= want + 0.25 || di <= 0) {
      if (m.units[i].weapon === W_MISSILE || hasLos(m, s, i, AIM.j)) return faceLeg;
      // at range but out of sight (a hill top away from the crest, a rock between): the nearest
      // safe spot with a sight line to the target, as near its sweet spot as can be
      const t = s.units[AIM.j];
      const seen = bestSafeLeg(ctx, m, s, i, t.x, t.y, want, Infinity, AIM.j, false, AIM.j);
      return seen >= 0 ? seen : faceLeg;
    }
    // head straight for the target (facing it on the way), stop at the sweet spot
    const c = legCode(faceIdx, di, true);
    if (!hasLeg(ctx, c)) return END;
    if (!legHazard(m, s, i, u.h + faceDelta, DISTS[di])) return c;
    // a residue, a neutralizer or a jamming surface in the way: the nearest safe approach (facing
    // the target in a further leg), else wait in place facing it
    const t = s.units[AIM.j];
    const safe = bestSafeLeg(ctx, m, s, i, t.x, t.y, want, range - want, AIM.j, false);
    return safe >= 0 ? safe : faceLeg;
  }
}

export const closerAgent = agentOf<MgvState, MgvObservation>()({
  name: 'closer',
  description: 'Aggressive: closes on the nearest enemy to its weapon sweet spot, fires whenever it can hurt (spec §7.3 "closer")',
  params: heuristicParamSpecs(0.01, 0.5, 0.3),
  create: (_game, side, params) => new Closer(side, paramsFrom('closer', params)),
});
