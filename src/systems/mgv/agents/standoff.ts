/**
 * `standoff` (spec §7.3 cautious "camouflage and snipe" / balanced): each base keeps a preferred
 * fraction of its weapon's reach (photon: about 12"), moving once a phase to the spot of eight
 * headings that best trades range error against cover and a sight line to the nearest enemy; it
 * keeps its power points and fires only above an expected-damage threshold.
 */
import { agentOf } from '../../../core/agent.ts';
import type { DecisionContext } from '../../../core/agent.ts';
import { isBehind, pointShapeDistance, hypot } from '../../../core/geometry/table/index.ts';
import { DISTS, END_UNIT, N_REL_TURNS, legCode, relTurn } from '../actions.ts';
import { BOX_EPS, W_MISSILE, W_PHOTON, type Model } from '../model.ts';
import type { MgvObservation } from '../observe.ts';
import { hasLos } from '../rules/geom.ts';
import type { MgvState } from '../state.ts';
import { AIM, MgvHeuristic, distIndex, hasLeg, hazardOnPath, heuristicParamSpecs, paramsFrom, sightFrom, weaponReach } from './common.ts';

/** Unit vector of each relative turn (actions.ts relTurn), to turn a heading's without trigonometry. */
const REL_SIN = Float64Array.from({ length: N_REL_TURNS }, (_, k) => Math.sin((relTurn(k) * Math.PI) / 180));
const REL_COS = Float64Array.from({ length: N_REL_TURNS }, (_, k) => Math.cos((relTurn(k) * Math.PI) / 180));

/** Scratch: the spot being scored (x, y), read by score / coverAt / sightLine (no boxed arguments). */
export const SPOT = new Float64Array(2);

/** Scratch: the cover features near the moving base (filled by nearCover, read within one decision). */
let NEAR = new Int32Array(16);

export class Standoff extends MgvHeuristic {
  protected readonly fireWithoutValue = false;

  protected powerIntoSpeed(_available: number): number {
    return 0;
  }

  protected preferredRange(m: Model, s: MgvState, i: number): number {
    return m.units[i].weapon === W_PHOTON ? 12 : Math.max(3, this.p.rangeFraction * weaponReach(m, s, i));
  }

  protected approach(ctx: DecisionContext, m: Model, s: MgvState, i: number): number {
    const u = s.units[i];
    const END = END_UNIT;
    const j = AIM.j;
    const t = s.units[j];
    const range = AIM.range;
    const reach = AIM.reach;
    const w = m.units[i].weapon;
    const wantFace = AIM.wantFace;
    const faceLeg = AIM.faceLeg;
    // standoff: keep rangeFraction of the reach (photon: about 12"), prefer cover, keep LOS
    if (u.legs > 0) return faceLeg;
    this.nearCover(m, s, i);
    this.cw = this.coverWeightFor(m, s, i);
    const want = w === W_PHOTON ? 12 : Math.max(3, this.p.rangeFraction * reach);
    SPOT[0] = u.x;
    SPOT[1] = u.y;
    if (Math.abs(range - want) <= 2 && this.coverAt(m, s, i, j) > 0 && (w === W_MISSILE || hasLos(m, s, i, j))) return faceLeg;
    let best = -1;
    let bestScore = this.score(m, s, i, j, want); // at SPOT = the base's position
    // the largest cover term any spot can get (coverAt only finds features of nearCover's list)
    const coverMax = this.cw >= 0 ? this.cw * this.maxNearCover : 0;
    const reachOut = Math.max(0, Math.abs(range - want) + 2);
    const xmax = m.width - 0.6;
    const ymax = m.height - 0.6;
    // the spots of the eight relative turns (the legal ones: 45° steps from the base's heading),
    // at the grid distance the leg would use; a path meeting a residue, a neutralizer or a jamming
    // surface is not taken (common.ts hazardOnPath)
    let bestDi = 0;
    const sh = Math.sin((u.h * Math.PI) / 180);
    const ch = Math.cos((u.h * Math.PI) / 180);
    for (let k = 0; k < N_REL_TURNS; k++) {
      const left = u.allowance - m.relTurnCost[k];
      const di = Math.max(1, distIndex(Math.min(left - (wantFace ? 1 : 0), reachOut)));
      const d = DISTS[di];
      if (Math.min(left - (wantFace ? 1 : 0), reachOut) < 0.5 || d > left + 1e-9) continue;
      // the direction of heading h + relTurn(k): h's unit vector turned by k's (two trig calls a decision)
      const dx = sh * REL_COS[k] + ch * REL_SIN[k];
      const dy = ch * REL_COS[k] - sh * REL_SIN[k];
      const nx = Math.min(xmax, Math.max(0.6, u.x + dx * d));
      const ny = Math.min(ymax, Math.max(0.6, u.y + dy * d));
      SPOT[0] = nx;
      SPOT[1] = ny;
      // score() term by term, skipping the costly terms when even their best value cannot beat
      // the best spot so far (float addition is monotonic: the bounds are exact)
      const head = -Math.abs(hypot(t.x - nx, t.y - ny) - want) / 2;
      const thr = bestScore + 0.25;
      if (head + coverMax + 3 <= thr) continue;
      const seen = w === W_MISSILE || sightLine(m, s, j) ? 3 : 0;
      if (head + coverMax + seen <= thr) continue;
      const sc = head + this.cw * this.coverAt(m, s, i, j) + seen - this.exposure(m, s, i);
      if (sc > bestScore + 0.25 && !hazardOnPath(m, s, i, u.x, u.y, dx, dy, d)) {
        bestScore = sc;
        best = k;
        bestDi = di;
      }
    }
    if (best < 0) return faceLeg;
    const c = legCode(best, bestDi, !wantFace);
    return hasLeg(ctx, c) ? c : END;
  }

  /** Cover features within reach of the moving unit this decision (filled by nearCover). */
  private nNear = 0;
  private maxNearCover = 0;

  private nearCover(m: Model, s: MgvState, i: number): void {
    const u = s.units[i];
    const nf = m.features.length;
    if (NEAR.length < nf) NEAR = new Int32Array(nf);
    let n = 0;
    let max = 0;
    const reach = u.allowance + 1.5;
    const lim = (reach + BOX_EPS) * (reach + BOX_EPS);
    const box = m.featBox;
    for (let f = 0; f < nf; f++) {
      const F = m.features[f];
      if (F.cover <= 0 || s.removed[f] || F.coverRule === 4) continue;
      // a feature whose box is out of reach is out of reach
      const bx = Math.max(box[4 * f] - u.x, 0, u.x - box[4 * f + 2]);
      const by = Math.max(box[4 * f + 1] - u.y, 0, u.y - box[4 * f + 3]);
      if (bx * bx + by * by > lim) continue;
      if (pointShapeDistance(F.shape, u.x, u.y) <= reach) {
        NEAR[n++] = f;
        if (F.cover > max) max = F.cover;
      }
    }
    this.nNear = n;
    this.maxNearCover = max;
  }

  /** Cover at SPOT (x, y) against unit j. */
  private coverAt(m: Model, s: MgvState, i: number, j: number): number {
    const x = SPOT[0];
    const y = SPOT[1];
    const t = s.units[j];
    const h = s.units[i].h;
    let best = 0;
    const near = NEAR;
    const box = m.featBox;
    const lim = (1.2 + BOX_EPS) * (1.2 + BOX_EPS);
    for (let k = 0; k < this.nNear; k++) {
      const f = near[k];
      const F = m.features[f];
      if (F.cover <= best) continue;
      // cover needs contact: a point further than 1.2 from the feature's box is further from the feature
      const bx = Math.max(box[4 * f] - x, 0, x - box[4 * f + 2]);
      const by = Math.max(box[4 * f + 1] - y, 0, y - box[4 * f + 3]);
      if (bx * bx + by * by > lim) continue;
      if (pointShapeDistance(F.shape, x, y) > 1.2) continue;
      if (isBehind(x, y, h, m.fp, t.x, t.y, F.shape, 0.6)) best = F.cover;
    }
    return best;
  }

  /** Score of SPOT against unit j. */
  private score(m: Model, s: MgvState, i: number, j: number, want: number): number {
    const t = s.units[j];
    const r = hypot(t.x - SPOT[0], t.y - SPOT[1]);
    // a spot with a clear sight line to the target is worth a range error of 6"
    const seen = m.units[i].weapon === W_MISSILE || sightLine(m, s, j) ? 3 : 0;
    return -Math.abs(r - want) / 2 + this.cw * this.coverAt(m, s, i, j) + seen - this.exposure(m, s, i);
  }

  /** The weight of a cover point at this move of base i (coverWeight here: a style may vary it). */
  protected coverWeightFor(_m: Model, _s: MgvState, _i: number): number {
    return this.p.coverWeight;
  }
  private cw = 0;

  /** A penalty (>= 0) for standing at SPOT (read by score; none here: a style may add one). */
  protected exposure(_m: Model, _s: MgvState, _i: number): number {
    return 0;
  }
}

/** Sight line for planning from SPOT to unit j (common.ts sightFrom). */
function sightLine(m: Model, s: MgvState, j: number): boolean {
  return sightFrom(m, s, SPOT[0], SPOT[1], j);
}

export const standoffAgent = agentOf<MgvState, MgvObservation>()({
  name: 'standoff',
  description: 'Stand-off shooter: keeps a preferred fraction of its weapon range, moves into cover, fires above a damage threshold (spec §7.3 cautious/balanced)',
  params: heuristicParamSpecs(0.3, 0.75, 1.0),
  create: (_game, side, params) => new Standoff(side, paramsFrom('standoff', params)),
});
