/**
 * `hulldown`: how a player plays the weaker side of a gunnery duel (spec §7.3 "camouflage and
 * snipe", with the payload modules put to work). It is `standoff` (its preferred range, its
 * spot of eight headings, its declaration and targeting) with the habits a player has:
 *
 * - **Out of the long guns' sight.** A spot in sight of an enemy whose weapon reaches it counts
 *   against the spot (`hide` per photon, half that per other weapon in reach; a paralyzed enemy
 *   neither spots nor fires): a base stays behind rocks and small rocks, where a photon weapon
 *   (unlimited range, seed §5.3) cannot pick it off, and a missile base fires indirectly at what
 *   its friends spot (seed §5.0). Cover counts more than standoff's (`coverWeight` 6): cover and
 *   the full camouflage a still base gets against a prominent feature (seed §5.5) take 1 and 2
 *   from every attack.
 * - **Jam before the enemy fires.** A base with a jammer (payload bay facing, 90° arc, seed §1.5)
 *   turns its bay on the enemy most worth jamming — its jamming points left after the target's
 *   power-module counter (2 a point, spec §5.8) times the target's firepower, a kinetic weapon
 *   (which keeps its point-blank shots when paralyzed) at half — and jams it in the move phase
 *   when the enemy has not fired yet this turn (the effects last to the end of the turn, spec
 *   §3.12.4): a paralyzed photon, missile or thermal base cannot fire. With `hold` the jammer
 *   base only turns (a missile fires all round); by default, having jammed or unable to, it
 *   moves as standoff.
 * - **Not waiting for ever.** After `patience` turns, a base with no enemy within its weapon's
 *   reach moves as standoff (its cover weight, no hiding): an enemy that does not come is not
 *   beaten by waiting (against random it drew 13% of sample-duel games 0-0 as Red; with it 7%).
 *
 * On sample-duel as Red (300 games, common seeds): 31.8% against closer (standoff 16.8%), 24.5%
 * against standoff (standoff 19.8%); mcts switches to it (agents/index.ts searchPortfolio).
 */
import { agentOf } from '../../../core/agent.ts';
import type { DecisionContext } from '../../../core/agent.ts';
import { headingTo, hypot, normDeg } from '../../../core/geometry/table/index.ts';
import { Action, DK, END_UNIT, FA, JAM_SKIP, K, N_REL_TURNS, decisionOf, legCode, relTurn } from '../actions.ts';
import { P_JAMMER, W_KINETIC, type Model } from '../model.ts';
import type { MgvObservation } from '../observe.ts';
import { available } from '../decisions/main.ts';
import { mainAttack, payloadAttack, payloadPoints } from '../rules/damage.ts';
import { beginReadOnly, endReadOnly, hasLos, rangeBetween } from '../rules/geom.ts';
import { powerAvailable } from '../rules/movement.ts';
import { canJam, jammerReady } from '../rules/payloads.ts';
import type { MgvState } from '../state.ts';
import { hasLeg, heuristicParamSpecs, nearestEnemy, paramsFrom, sightFrom, threatReach, weaponReach, type HeuristicParams } from './common.ts';
import { SPOT, Standoff } from './standoff.ts';

/** standoff's default cover weight (standoff.ts), for a base that has stopped waiting. */
const STANDOFF_COVER = 1;

export interface HulldownParams {
  /** The jammer base only turns its bay on its target (else it moves as standoff once it has jammed or cannot). */
  readonly hold: boolean;
  /** Penalty of a spot per enemy photon weapon that sees it (half per other weapon in reach), against a range error of 2". */
  readonly hide: number;
  /** Turns a base waits in cover for an enemy to come within its reach before it moves as standoff. */
  readonly patience: number;
}

/**
 * How much jammer i jamming enemy j is worth: the jamming points left after the counter j's power
 * module can commit (spec §5.8), times j's firepower (a kinetic weapon at half: paralysis leaves
 * it its point-blank shots). 0: not worth it (already paralyzed, or fully countered).
 */
export function jamWorth(m: Model, s: MgvState, i: number, j: number): number {
  const t = s.units[j];
  if (!t.alive || m.units[j].side === m.units[i].side || t.jam >= 3) return 0;
  const J = payloadPoints(m, i, s.units[i]) - m.data.jamming.counterPerPowerPoint * powerAvailable(m, s, j);
  if (J <= 0) return 0;
  const fire = mainAttack(m, j, t) + payloadAttack(m, j, t);
  return J * fire * (m.units[j].weapon === W_KINETIC ? 0.5 : 1);
}

export class Hulldown extends Standoff {
  constructor(
    side: number,
    p: HeuristicParams,
    private readonly q: HulldownParams,
  ) {
    super(side, p);
  }

  override decide(ctx: DecisionContext<MgvObservation>): number {
    const obs = ctx.observe();
    const s = obs.state;
    const d = decisionOf(s);
    if (d === DK.move || d === DK.jam) {
      const m = obs.model;
      let c = -1;
      beginReadOnly(s);
      try {
        c = d === DK.move ? this.jamMove(ctx, m, s, FA.move.unit(s.pending)) : this.jamFire(ctx, m, s, FA.jam.unit(s.pending));
      } finally {
        endReadOnly();
      }
      if (c >= 0) return c;
    }
    return super.decide(ctx);
  }

  /**
   * Base i has waited long enough: after turn `patience`, no enemy within its weapon's reach. It
   * then moves as standoff (its cover weight, no hiding): an enemy that does not come is not
   * beaten by waiting (at the turn limit, no kills is a draw).
   */
  private restless(m: Model, s: MgvState, i: number): boolean {
    if (s.turn <= this.q.patience) return false;
    const j = nearestEnemy(m, s, i);
    return j >= 0 && rangeBetween(m, s.units[i], s.units[j]) > weaponReach(m, s, i);
  }

  protected override coverWeightFor(m: Model, s: MgvState, i: number): number {
    this.out = this.restless(m, s, i);
    if (this.q.hide > 0 && !this.out) this.threats(m, s);
    return this.out ? STANDOFF_COVER : this.p.coverWeight;
  }
  /** restless() at this move (set by coverWeightFor, read by exposure). */
  private out = false;
  /** Per base: its threatReach when it is an enemy that spots and fires (alive, not paralyzed), else 0 (filled by threats, read by exposure). */
  private reachOf = new Float64Array(0);

  /** The enemies' reaches at this move: once a decision, not once a spot scored (nothing they read changes in between). */
  private threats(m: Model, s: MgvState): void {
    const n = s.units.length;
    if (this.reachOf.length < n) this.reachOf = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const t = s.units[k];
      this.reachOf[k] = !t.alive || m.units[k].side === this.side || t.jam >= 3 ? 0 : threatReach(m, s, k);
    }
  }

  /** Standoff's spot score minus this (SPOT: the spot; i: the moving base). */
  protected override exposure(m: Model, s: MgvState, _i: number): number {
    const x = SPOT[0];
    const y = SPOT[1];
    let seen = 0;
    if (this.q.hide > 0 && !this.out) {
      const reach = this.reachOf;
      for (let k = 0; k < s.units.length; k++) {
        const r = reach[k];
        const t = s.units[k];
        if (r <= 0 || hypot(t.x - x, t.y - y) > r + 2) continue;
        if (sightFrom(m, s, x, y, k)) seen += r === Infinity ? 1 : 0.5;
      }
    }
    return this.q.hide * seen;
  }

  /** The enemy most worth jamming (jamWorth) that jammer i sees; -1: none. */
  private jamTarget(m: Model, s: MgvState, i: number): number {
    let best = -1;
    let bv = 0;
    for (let j = 0; j < s.units.length; j++) {
      const v = jamWorth(m, s, i, j);
      if (v > bv && hasLos(m, s, i, j)) {
        bv = v;
        best = j;
      }
    }
    return best;
  }

  /**
   * Base i's move, for a ready jammer with a target in sight: jam it (when the enemy has not fired
   * this turn), or turn the bay on it (a leg of 0"), or, with `hold`, stay. -1: standoff's move.
   */
  private jamMove(ctx: DecisionContext, m: Model, s: MgvState, i: number): number {
    if (m.units[i].payload !== P_JAMMER) return -1;
    const hold = this.q.hold ? END_UNIT : -1;
    if (!jammerReady(m, s, i)) return s.units[i].jamUsedTurn ? hold : -1;
    const j = this.jamTarget(m, s, i);
    if (j < 0) return -1;
    if (canJam(m, s, i, j)) {
      const c = Action.encode.jam(j);
      // the enemy's fire phase is still to come this turn (decisions/main.ts: type 1 is fire)
      return available(s, 1 - m.units[i].side, 1) && has(ctx, c) ? c : hold;
    }
    const u = s.units[i];
    if (u.legs > 0) return hold;
    // the relative turn (45° steps) that puts the target nearest the bay's centreline
    const t = s.units[j];
    const want = normDeg(headingTo(u.x, u.y, t.x, t.y) - u.h - m.units[i].payloadFacing);
    let bk = -1;
    let be = Infinity;
    for (let k = 0; k < N_REL_TURNS; k++) {
      const e = Math.abs(normDeg(want - relTurn(k)));
      if (e < be && m.relTurnCost[k] <= u.allowance + 1e-9) {
        be = e;
        bk = k;
      }
    }
    if (bk < 0 || be > m.data.payloads.jammerArc / 2 - 1) return -1;
    // a leg that does not end the move (the jamming follows), else the last leg
    let leg = legCode(bk, 0, false);
    if (!hasLeg(ctx, leg)) leg = legCode(bk, 0, true);
    return hasLeg(ctx, leg) ? leg : -1;
  }

  /** The fire phase's jamming: the enemy in arc most worth it (jamWorth); -1: standoff's choice. */
  private jamFire(ctx: DecisionContext, m: Model, s: MgvState, i: number): number {
    let best = JAM_SKIP;
    let bv = 0;
    for (let k = 0; k < ctx.n; k++) {
      const c = ctx.legal[k];
      if (Action.kindIndexOf(c) !== K.jam) continue;
      const v = jamWorth(m, s, i, Action.read.jam.target(c));
      if (v > bv) {
        bv = v;
        best = c;
      }
    }
    return bv > 0 ? best : -1;
  }
}

function has(ctx: DecisionContext, c: number): boolean {
  for (let k = 0; k < ctx.n; k++) if (ctx.legal[k] === c) return true;
  return false;
}

export const hulldownAgent = agentOf<MgvState, MgvObservation>()({
  name: 'hulldown',
  description: 'The weaker side\'s play: standoff out of the long guns\' sight and in cover, jamming the most dangerous enemy before it fires (spec §7.3 "camouflage and snipe")',
  params: {
    ...heuristicParamSpecs(0.3, 0.75, 6),
    hold: { default: false, description: 'The jammer base only turns its payload bay on its target (a missile fires all round); false: it moves as standoff once it has jammed or cannot' },
    hide: { default: 3, min: 0, description: 'Penalty of a spot per enemy photon weapon that sees it (half per other weapon in reach), against a range error of 2"' },
    patience: { default: 2, min: 0, description: 'Turns a base waits in cover for an enemy to come within its reach; then, while none is, it moves as standoff' },
  },
  create: (_game, side, params) => new Hulldown(side, paramsFrom('standoff', params), { hold: params.hold, hide: params.hide, patience: params.patience }),
});
