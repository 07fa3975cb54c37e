/**
 * What the scripted MGV policies share (spec §7.3): their parameters, exact expected damage from
 * odds.ts (`attackValue`, also read by evaluate.ts), the missile split policies, and the decisions
 * both styles take alike (MgvHeuristic). The styles: closer.ts and standoff.ts.
 */
import type { Agent, DecisionContext, ParamValuesOf } from '../../../core/agent.ts';
import type { Rng } from '../../../core/rng/rng.ts';
import { headingTo, hillBlocks, normDeg, pointSegmentDistance2, pointShapeDistance, segmentTouchesShape, turnCost, hypot, type Shape } from '../../../core/geometry/table/index.ts';
import { canTarget, modifiers, ratioColumn, slotAttack, slotReady, slotWeapon, SLOT_MAIN, SLOT_PAY, missileDefenseDice } from '../rules/combat.ts';
import { defenseOf, mainAttack, payloadAttack } from '../rules/damage.ts';
import { beginReadOnly, endReadOnly, levelAt, rangeBetween } from '../rules/geom.ts';
import { ATTACK_END, Action, BEACON_DONE, D_FIRE, D_MOVE, D_PASS_FIRE, DISTS, END_UNIT, JAM_SKIP, K, N_REL_TURNS, EST_STEP, PHOTON_HOLD, REPAIR_SKIP, turnIndexFor, legCode, relTurn, maxEstimateQ, photonCode, DK, MAIN, SPLIT_ATTACKER, decisionOf, FA } from '../actions.ts';
import { missileHits, kineticCells, thermalCells } from '../odds.ts';
import { LOS_FUNGUS, LOS_HILL, P_ENGINEERING, P_JAMMER, P_WEAPON, W_KINETIC, W_MISSILE, W_PHOTON, segmentMissesBox, type Model } from '../model.ts';
import type { MgvObservation } from '../observe.ts';
import { deltaToFace, powerAvailable } from '../rules/movement.ts';
import { REPAIR_PRESETS } from '../rules/reset.ts';
import type { MgvState } from '../state.ts';

export interface HeuristicParams {
  style: 'closer' | 'standoff';
  missileSplit: string;
  missileDefense: string;
  photonSigma: number;
  photonSigmaInches: number;
  fireThreshold: number;
  rangeFraction: number;
  coverWeight: number;
  repairPriority: string;
  useBeacons: boolean;
  useJammer: boolean;
}

export const SPLIT_POLICIES = ['always-hull', 'always-core', 'mixed', 'adaptive'] as const;

/** Expected-value tables per model (exact expectations, built lazily). */
interface Tables {
  kinCore: Float64Array; // per column: E[cells past the 2 hull cells of an intact chain]
  kinHull: Float64Array;
  therm: Float64Array;
  missile: Map<number, number>;
}
const tablesByModel = new WeakMap<Model, Tables>();
let lastModel: Model | null = null;
let lastTables: Tables | null = null;
function tables(m: Model): Tables {
  if (m === lastModel) return lastTables as Tables;
  let t = tablesByModel.get(m);
  if (t) {
    lastModel = m;
    lastTables = t;
    return t;
  }
  const kc = new Float64Array(7);
  const kh = new Float64Array(7);
  const th = new Float64Array(7);
  for (let c = 0; c < 7; c++) {
    for (const r of kineticCells(m.data, c).table()) {
      const p = r.p.toNumber();
      kc[c] += p * Math.max(0, r.outcome - 2);
      kh[c] += p * Math.min(2, r.outcome);
    }
    th[c] = thermalCells(m.data, c).mean().toNumber();
  }
  t = { kinCore: kc, kinHull: kh, therm: th, missile: new Map() };
  tablesByModel.set(m, t);
  lastModel = m;
  lastTables = t;
  return t;
}

function missileMean(m: Model, a: number, d: number): number {
  if (a <= 0) return 0;
  if (d <= 0) return a;
  const t = tables(m);
  const k = a * 256 + d;
  let v = t.missile.get(k);
  if (v === undefined) {
    v = missileHits(Math.min(a, 40), Math.min(d, 40)).mean().toNumber();
    t.missile.set(k, v);
  }
  return v;
}

/** Core dice for a split policy (spec §7.3); `defender` selects the defender's reading. */
export function splitFor(policy: string, n: number, defender: boolean, targetHasCoreInfestation: boolean, defenderCoreBias: boolean): number {
  switch (policy) {
    case 'always-core':
      return n;
    case 'always-hull':
      return 0;
    case 'mixed':
      return Math.ceil(n / 2);
    default:
      if (defender) return targetHasCoreInfestation ? n : Math.ceil((2 * n) / 3);
      // attacker: a defender with core infestations goes all-core (spec §7.3), so attack the hull;
      // a defender that showed a core bias meets two-thirds on core; else half / half
      if (targetHasCoreInfestation) return Math.floor(n / 3);
      return defenderCoreBias ? Math.ceil((2 * n) / 3) : Math.ceil(n / 2);
  }
}

export function hasCoreInfestation(m: Model, s: MgvState, j: number): boolean {
  const u = s.units[j];
  for (let c = 0; c < m.graph.n; c++) if (u.infest[c] > 0 && m.graph.core[c]) return true;
  return false;
}

function coreBias(s: MgvState, side: number): boolean {
  const all = s.defShown[side * 2 + 1];
  return all >= 3 && s.defShown[side * 2] / all > 0.6;
}

/** Expected "core-damage equivalents" of one attack (spec §7.3 targeting weights). */
export function attackValue(m: Model, s: MgvState, i: number, slot: number, j: number, p: HeuristicParams): number {
  const w = slotWeapon(m, i, slot);
  const base = slotAttack(m, i, s.units[i], slot);
  const mods = modifiers(m, s, i, w, j);
  const t = tables(m);
  const tgt = s.units[j];
  let v = 0;
  if (w === W_PHOTON) {
    const dice = Math.max(0, base + mods);
    v = (dice / 6) * 1.3;
  } else if (w === W_MISSILE) {
    const ad = Math.max(0, Math.floor(base / m.data.missile.attackDiceDivisor) + mods);
    const dd = missileDefenseDice(m, s, j);
    const core = splitFor(p.missileSplit, ad, false, hasCoreInfestation(m, s, j), coreBias(s, m.units[j].side));
    const dcore = Math.ceil((2 * dd) / 3);
    v = 0.8 * missileMean(m, core, dcore) + 0.2 * missileMean(m, ad - core, dd - dcore);
  } else {
    const col = ratioColumn(m.thresholds, base + mods, defenseOf(m, j, tgt));
    if (col >= 0) v = w === W_KINETIC ? t.kinCore[col] + 0.3 * t.kinHull[col] : 0.5 * t.therm[col] + 0.1 * tgt.hx * t.therm[col];
  }
  return v * (1 + 0.15 * tgt.B);
}

function gauss(rng: Rng): number {
  const u = Math.max(1e-12, rng.float());
  const v = rng.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Preferred-range basis of base i's main weapon: its range (photon: 16", its range being unlimited). */
export function weaponReach(m: Model, s: MgvState, i: number): number {
  const w = m.units[i].weapon;
  const a = mainAttack(m, i, s.units[i]);
  if (w === W_PHOTON) return 16;
  return m.data.weapons[w === W_KINETIC ? 'kinetic' : w === W_MISSILE ? 'missile' : 'thermal'].rangePerPoint * a;
}

/** How far base j's weapons reach (main and weapon payload; photon: Infinity): where its fire begins. */
export function threatReach(m: Model, s: MgvState, j: number): number {
  const spec = m.units[j];
  const u = s.units[j];
  let r = 0;
  for (let slot = SLOT_MAIN; slot <= SLOT_PAY; slot++) {
    const w = slotWeapon(m, j, slot);
    if (w < 0) continue;
    const a = slot === SLOT_MAIN ? (u.mainGone ? 0 : mainAttack(m, j, u)) : spec.payload === P_WEAPON ? payloadAttack(m, j, u) : 0;
    if (a <= 0) continue;
    if (w === W_PHOTON) return Infinity;
    r = Math.max(r, m.data.weapons[w === W_KINETIC ? 'kinetic' : w === W_MISSILE ? 'missile' : 'thermal'].rangePerPoint * a);
  }
  return r;
}

export function nearestEnemy(m: Model, s: MgvState, i: number): number {
  const u = s.units[i];
  let best = -1;
  let bd = Infinity;
  for (let k = 0; k < s.units.length; k++) {
    if (!s.units[k].alive || m.units[k].side === m.units[i].side) continue;
    const d = hypot(s.units[k].x - u.x, s.units[k].y - u.y);
    if (d < bd) {
      bd = d;
      best = k;
    }
  }
  return best;
}

/**
 * Sight line for planning from (ax, ay) to unit j: no blocking terrain feature on the segment,
 * hills by the crest rule (seed §1.4, spec §3.4); bases ignored. A cheap stand-in for the LOS the
 * base would have there (rules/geom.ts computeLos).
 */
export function sightFrom(m: Model, s: MgvState, ax: number, ay: number, j: number): boolean {
  const bx = s.units[j].x;
  const by = s.units[j].y;
  // the features of every blocking LOS class (block, Y&N, fungus, hill)
  const los = m.losFeatures;
  for (let q = 0; q < los.length; q++) {
    const f = los[q];
    // a segment whose box misses the feature's box has neither end inside and no contact
    if (s.removed[f] || segmentMissesBox(m, f, ax, ay, bx, by)) continue;
    const F = m.features[f];
    if (F.los === LOS_HILL) {
      // the crest rule (seed §1.4, spec §3.4): an upper base sees down only near the edge
      if (hillBlocks(F.shape, F.level, m.o.hillCrest, ax, ay, levelAt(m, s, ax, ay), bx, by, levelAt(m, s, bx, by))) return false;
      continue;
    }
    if (segmentTouchesShape(F.shape, ax, ay, bx, by)) return false;
  }
  return true;
}

/** Features a moving base may roll against (residues, neutralizers, jamming surfaces, fungus towers under rule 103), per model. */
const HAZARDS = new WeakMap<Model, Int32Array>();
function hazardFeatures(m: Model): Int32Array {
  let h = HAZARDS.get(m);
  if (h === undefined) {
    h = Int32Array.from(m.features.filter((F) => F.trapMin > 0 || F.jamming || (m.o.fungusInfection && F.los === LOS_FUNGUS)).map((F) => F.index));
    HAZARDS.set(m, h);
  }
  return h;
}

/** Does segment a-b come within `d` of the shape? (Closed form: the nearest points of a segment and a circle, rectangle or polygon that do not meet lie at a vertex of one of them.) */
function segmentNear(shape: Shape, ax: number, ay: number, bx: number, by: number, d: number): boolean {
  const d2 = d * d;
  if (shape.kind === 'circle') {
    const r = shape.r + d;
    return pointSegmentDistance2(shape.cx, shape.cy, ax, ay, bx, by) <= r * r;
  }
  if (segmentTouchesShape(shape, ax, ay, bx, by)) return true;
  if (pointShapeDistance(shape, bx, by) <= d) return true; // (a: the caller's start, already known to be clear)
  if (shape.kind === 'rect') {
    return (
      pointSegmentDistance2(shape.x0, shape.y0, ax, ay, bx, by) <= d2 ||
      pointSegmentDistance2(shape.x1, shape.y0, ax, ay, bx, by) <= d2 ||
      pointSegmentDistance2(shape.x0, shape.y1, ax, ay, bx, by) <= d2 ||
      pointSegmentDistance2(shape.x1, shape.y1, ax, ay, bx, by) <= d2
    );
  }
  for (let k = 0; k < shape.xs.length; k++) if (pointSegmentDistance2(shape.xs[k], shape.ys[k], ax, ay, bx, by) <= d2) return true;
  return false;
}

/**
 * Would base i, moving straight from (x, y) along the unit vector (dx, dy) for `len` inches, roll
 * against something it can see on the table (rules/movement.ts pathEvents): a residue crossed (a
 * trap roll: oil 1/3, chemical 1/2), a neutralizer passed within its distance (2/3; a smart one of
 * its own side is harmless), a jamming surface entered, a fungus tower within 1" under rule 103?
 * Conservative: any contact of the centre's path (with 0.1" of margin) counts, wherever the roll
 * would fall; a hazard the base is already in does not (it rolls whichever way it leaves). A player
 * walks round what he can see (issue 19: no walking into a minefield one can see).
 */
export function hazardOnPath(m: Model, s: MgvState, i: number, x: number, y: number, dx: number, dy: number, len: number): boolean {
  if (len <= 1e-9) return false;
  const hz = hazardFeatures(m);
  if (hz.length === 0) return false;
  const side = m.units[i].side;
  const bx = x + dx * len;
  const by = y + dy * len;
  const box = m.featBox;
  for (let q = 0; q < hz.length; q++) {
    const f = hz[q];
    if (s.removed[f] || s.opened[f]) continue;
    const F = m.features[f];
    if (F.type === 'neutralizer' && F.smart && F.owner === side) continue;
    const reach = (F.trapMin > 0 ? F.trapWithin : F.jamming ? 0 : 1) + HAZARD_MARGIN;
    // a path whose box stays clear of the feature's box grown by its reach stays clear of it
    if (Math.max(x, bx) < box[4 * f] - reach || Math.min(x, bx) > box[4 * f + 2] + reach || Math.max(y, by) < box[4 * f + 1] - reach || Math.min(y, by) > box[4 * f + 3] + reach) continue;
    // a base already in its reach rolls whichever way it leaves (and stays put otherwise): only
    // what it has not reached yet counts; 0.1" of margin keeps it from stopping on the edge
    if (pointShapeDistance(F.shape, x, y) <= reach) continue;
    if (segmentNear(F.shape, x, y, bx, by, reach)) return true;
  }
  return false;
}

const HAZARD_MARGIN = 0.1;

/** Whether the leg of base i with relative turn option `t` (actions.ts) or facing `heading`, advancing `len`, meets a hazard (hazardOnPath). */
export function legHazard(m: Model, s: MgvState, i: number, heading: number, len: number): boolean {
  const u = s.units[i];
  const r = (heading * Math.PI) / 180;
  return hazardOnPath(m, s, i, u.x, u.y, Math.sin(r), Math.cos(r), len);
}

/**
 * The legal leg of base i (one of the eight relative turns, or facing unit `face` when >= 0,
 * then a distance of the grid) that meets no hazard and ends nearest to `want` inches from
 * (tx, ty); -1 when no leg does better than `stay` (the same measure where the base stands).
 * `end`: the leg ends the base's move (else a leg that does not end it, where legal). `sight` >= 0:
 * only spots with a sight line to that unit (sightFrom) count.
 */
export function bestSafeLeg(ctx: DecisionContext, m: Model, s: MgvState, i: number, tx: number, ty: number, want: number, stay: number, face: number, end: boolean, sight = -1): number {
  const u = s.units[i];
  const step = m.data.turnCost.step;
  const tcost = m.data.turnCost.cost;
  let best = -1;
  let bestScore = stay - 0.25;
  for (let t = 0; t < N_REL_TURNS + (face >= 0 ? 1 : 0); t++) {
    const isFace = t === N_REL_TURNS;
    const delta = isFace ? deltaToFace(u, s.units[face].x, s.units[face].y) : relTurn(t);
    const tc = isFace ? turnCost(delta, step, tcost) : m.relTurnCost[t];
    const left = u.allowance - tc;
    if (left < 0.5 - 1e-9) continue;
    const r = ((u.h + delta) * Math.PI) / 180;
    const dx = Math.sin(r);
    const dy = Math.cos(r);
    for (let di = 1; di < DISTS.length && DISTS[di] <= left + 1e-9; di++) {
      const d = DISTS[di];
      const score = Math.abs(hypot(tx - (u.x + dx * d), ty - (u.y + dy * d)) - want);
      if (score >= bestScore) continue;
      if (hazardOnPath(m, s, i, u.x, u.y, dx, dy, d)) break; // further along the same heading meets it too
      if (sight >= 0 && !sightFrom(m, s, u.x + dx * d, u.y + dy * d, sight)) continue;
      const turnIdx = isFace ? N_REL_TURNS + face : t;
      let c = legCode(turnIdx, di, end);
      if (!hasLeg(ctx, c)) c = legCode(turnIdx, di, !end);
      if (!hasLeg(ctx, c)) continue;
      best = c;
      bestScore = score;
    }
  }
  return best;
}

function has(ctx: DecisionContext, c: number): boolean {
  const legal = ctx.legal;
  const n = ctx.n;
  for (let k = 0; k < n; k++) if (legal[k] === c) return true;
  return false;
}

/**
 * Sort key of a move-phase action: the move list is END_UNIT, then legs in increasing (turn,
 * distance, reverse, end) order, then engineering, jamming and self-destruct codes in
 * increasing code order (see engine.ts legalActions).
 */
export function moveKey(c: number): number {
  if (Action.kindIndexOf(c) !== K.leg) return c;
  return (K.leg << 24) | (Action.read.leg.turn(c) << 12) | (Action.read.leg.dist(c) << 2) | (Action.read.leg.reverse(c) << 1) | Action.read.leg.end(c);
}

/** has() for a leg code at a move decision: a binary search on the list's order, a full scan if that misses. */
export function hasLeg(ctx: DecisionContext, c: number): boolean {
  const legal = ctx.legal;
  let lo = 1;
  let hi = ctx.n - 1;
  const key = moveKey(c);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = legal[mid];
    if (v === c) return true;
    if (moveKey(v) < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return has(ctx, c); // not found: the answer never depends on the order assumption
}

function enemyJammerAlive(m: Model, s: MgvState, side: number): boolean {
  for (let k = 0; k < m.units.length; k++) if (m.units[k].side !== side && m.units[k].payload === P_JAMMER && s.units[k].alive) return true;
  return false;
}

/** Damage a remote repair would address: S + Mj + infestations. */
function repairWorth(s: MgvState, k: number): number {
  const u = s.units[k];
  let inf = 0;
  for (let c = 0; c < u.infest.length; c++) inf += u.infest[c];
  return u.S + u.Mj + inf;
}

/**
 * Summed best expected damage of side's weapons: per base alive, its best attackValue over its
 * ready slots and legal targets. It stops as soon as the sum reaches `enough` (then the value is
 * some partial sum >= enough, not the full sum): a caller only compares it with `enough`, and
 * with 0. Within a base too: once the sum so far plus the base's best so far reaches `enough`,
 * the full sum does as well (float addition is monotonic, every term >= 0), so the base's other
 * targets are neither checked (canTarget's LOS) nor valued.
 */
export function sideFireValue(m: Model, s: MgvState, side: number, p: HeuristicParams, enough = Infinity): number {
  let tot = 0;
  const n = s.units.length;
  for (let i = 0; i < n; i++) {
    if (m.units[i].side !== side || !s.units[i].alive) continue;
    let best = 0;
    for (let slot = SLOT_MAIN; slot <= SLOT_PAY; slot++) {
      if (!slotReady(m, s, i, slot)) continue;
      for (let j = 0; j < n; j++) {
        if (!canTarget(m, s, i, slot, j)) continue;
        const v = attackValue(m, s, i, slot, j, p);
        if (v > best) {
          best = v;
          if (tot + best >= enough) return tot + best;
        }
      }
    }
    tot += best;
    if (tot >= enough) return tot;
  }
  return tot;
}

/** The nearest enemy of the moving base and how it faces it: filled by MgvHeuristic.move, read by `approach` (no allocation). */
export const AIM = { j: -1, range: 0, reach: 0, wantFace: false, faceIdx: 0, faceDelta: 0, faceLeg: 0 };

/**
 * What both scripted policies share (spec §7.3): the declaration by expected damage, targeting,
 * photon estimates by the skill model, missile splits, beacons, jamming, repairs, barrages. A
 * style gives its approach (`approach`), its use of power points and whether it fires when it
 * expects nothing.
 */
export abstract class MgvHeuristic implements Agent<MgvObservation, MgvState> {
  /** Index of the repair preset (resolved once). */
  private readonly preset: number;
  constructor(
    readonly side: number,
    readonly p: HeuristicParams,
  ) {
    let k = -1;
    for (let r = 0; r < REPAIR_PRESETS.length; r++) if (REPAIR_PRESETS[r].name === p.repairPriority) {
      k = r;
      break;
    }
    this.preset = Math.max(0, k);
  }


  decide(ctx: DecisionContext<MgvObservation>): number {
    const obs = ctx.observe();
    const m = obs.model;
    // read-only on the observation: the rules' caches of this decision go to the agent's memo
    beginReadOnly(obs.state);
    try {
      return this.decideOn(ctx, m, obs.state);
    } finally {
      endReadOnly();
    }
  }

  /**
   * How much the policy likes each legal action (the search's priors, GameSystem.searchPolicy):
   * an attack by its exact expected damage (attackValue), a leg by how near it ends to the style's
   * preferred range of the nearest enemy (a leg into a hazard last), a photon estimate by its
   * error, a missile split by its distance to the policy's split; the policy's own choice +1.
   */
  rank(ctx: DecisionContext<MgvObservation>, out: Float64Array): void {
    const obs = ctx.observe();
    const m = obs.model;
    const s = obs.state;
    beginReadOnly(s);
    try {
      const n = ctx.n;
      const legal = ctx.legal;
      const p = s.pending;
      for (let k = 0; k < n; k++) out[k] = 0;
      switch (decisionOf(s)) {
        case DK.move: {
          const i = FA.move.unit(p);
          const u = s.units[i];
          const j = nearestEnemy(m, s, i);
          if (j < 0) break;
          const t = s.units[j];
          const want = this.preferredRange(m, s, i);
          for (let k = 0; k < n; k++) {
            const c = legal[k];
            if (Action.kindIndexOf(c) !== K.leg) continue;
            const tt = Action.read.leg.turn(c);
            const delta = tt < N_REL_TURNS ? relTurn(tt) : deltaToFace(u, s.units[tt - N_REL_TURNS].x, s.units[tt - N_REL_TURNS].y);
            const r = ((u.h + delta) * Math.PI) / 180;
            const dx = Math.sin(r);
            const dy = Math.cos(r);
            const d = DISTS[Action.read.leg.dist(c)];
            out[k] = -Math.abs(hypot(t.x - (u.x + dx * d), t.y - (u.y + dy * d)) - want) / 4 - (hazardOnPath(m, s, i, u.x, u.y, dx, dy, d) ? 4 : 0);
          }
          break;
        }
        case DK.attack:
          for (let k = 0; k < n; k++) {
            const c = legal[k];
            if (Action.kindIndexOf(c) === K.attack) out[k] = attackValue(m, s, Action.read.attack.unit(c), Action.read.attack.slot(c), Action.read.attack.target(c), this.p);
          }
          break;
        case DK.photon: {
          const i = FA.photon.unit(p);
          for (let k = 0; k < n; k++) {
            const c = legal[k];
            if (Action.kindIndexOf(c) === K.photon) out[k] = -Math.abs(Action.read.photon.estimate(c) * EST_STEP - rangeBetween(m, s.units[i], s.units[Action.read.photon.target(c)])) / 2;
          }
          break;
        }
        case DK.missileSplit: {
          const target = FA.missileSplit.target(p);
          const attacker = FA.missileSplit.role(p) === SPLIT_ATTACKER;
          const want = attacker
            ? splitFor(this.p.missileSplit, FA.missileSplit.attDice(p), false, hasCoreInfestation(m, s, target), coreBias(s, m.units[target].side))
            : splitFor(this.p.missileDefense, FA.missileSplit.defDice(p), true, hasCoreInfestation(m, s, target), false);
          for (let k = 0; k < n; k++) out[k] = -Math.abs(Action.read.split.core(legal[k]) - want) / 2;
          break;
        }
      }
      const pick = this.decideOn(ctx, m, s);
      for (let k = 0; k < n; k++) if (legal[k] === pick) out[k] += 1;
    } finally {
      endReadOnly();
    }
  }

  /** The range the style keeps from the nearest enemy with base i's main weapon. */
  protected abstract preferredRange(m: Model, s: MgvState, i: number): number;

  private decideOn(ctx: DecisionContext<MgvObservation>, m: Model, s: MgvState): number {
    const p = s.pending;
    switch (decisionOf(s)) {
      case MAIN:
        return this.declare(ctx, m, s);
      case DK.power: {
        const i = FA.power.unit(p);
        const u = s.units[i];
        const av = powerAvailable(m, s, i);
        const enemyJammer = enemyJammerAlive(m, s, this.side);
        let k = this.powerIntoSpeed(av);
        if (u.Po > 0 || enemyJammer) k = 0;
        return Action.encode.power(Math.min(k, av));
      }
      case DK.move:
        return this.move(ctx, m, s, FA.move.unit(p));
      case DK.counterJam: {
        const jammer = FA.counterJam.jammer(p);
        const jp = s.units[jammer] ? Math.max(0, m.units[jammer].payloadPoints - s.units[jammer].Py) : 0;
        const need = Math.ceil(jp / m.data.jamming.counterPerPowerPoint);
        return Action.encode.counter(Math.min(need, powerAvailable(m, s, FA.counterJam.target(p))));
      }
      case DK.beacon:
        return this.beacon(ctx, m, s, FA.beacon.unit(p));
      case DK.jam: {
        if (!this.p.useJammer) return JAM_SKIP;
        let best = JAM_SKIP;
        let bv = -1;
        for (let k = 0; k < ctx.n; k++) {
          const c = ctx.legal[k];
          if (Action.kindIndexOf(c) !== K.jam) continue;
          const j = Action.read.jam.target(c);
          const v = mainAttack(m, j, s.units[j]) + payloadAttack(m, j, s.units[j]);
          if (v > bv) {
            bv = v;
            best = c;
          }
        }
        return best;
      }
      case DK.repairDesignate: {
        let best = REPAIR_SKIP;
        let bv = repairWorth(s, FA.repairDesignate.unit(p));
        for (let k = 0; k < ctx.n; k++) {
          const c = ctx.legal[k];
          if (Action.kindIndexOf(c) !== K.repairDesignate) continue;
          const v = repairWorth(s, Action.read.repairDesignate.target(c));
          if (v > bv) {
            bv = v;
            best = c;
          }
        }
        return best;
      }
      case DK.photon:
        return this.photon(ctx, m, s, FA.photon.unit(p), FA.photon.slot(p));
      case DK.attack:
        return this.attack(ctx, m, s);
      case DK.missileSplit: {
        const target = FA.missileSplit.target(p);
        if (FA.missileSplit.role(p) === SPLIT_ATTACKER) {
          return Action.encode.split(splitFor(this.p.missileSplit, FA.missileSplit.attDice(p), false, hasCoreInfestation(m, s, target), coreBias(s, m.units[target].side)));
        }
        return Action.encode.split(splitFor(this.p.missileDefense, FA.missileSplit.defDice(p), true, hasCoreInfestation(m, s, target), false));
      }
      case DK.resetRepair:
        return Action.encode.preset(this.preset);
      case DK.barrage: {
        let best = ctx.legal[0];
        let bv = -Infinity;
        for (let k = 0; k < ctx.n; k++) {
          const t = s.units[Action.read.barrage.unit(ctx.legal[k])];
          let v = 0;
          for (let q = 0; q < s.units.length; q++) {
            const o = s.units[q];
            if (!o.alive || hypot(o.x - t.x, o.y - t.y) > 4) continue;
            v += m.units[q].side === this.side ? -1 : 1;
          }
          if (v > bv) {
            bv = v;
            best = ctx.legal[k];
          }
        }
        return best;
      }
    }
    return ctx.legal[0];
  }

  /** Summed best expected damage of the side's weapons (sideFireValue). */
  private fireValue(m: Model, s: MgvState, enough = Infinity): number {
    return sideFireValue(m, s, this.side, this.p, enough);
  }

  /** Power points the style puts into speed when nothing argues against it. */
  protected abstract powerIntoSpeed(available: number): number;
  /** Whether the style fires even when it expects no damage (the activity bonus is the enemy's anyway). */
  protected abstract readonly fireWithoutValue: boolean;

  private declare(ctx: DecisionContext, m: Model, s: MgvState): number {
    const canMove = has(ctx, Action.encode.declare(D_MOVE));
    const canFire = has(ctx, Action.encode.declare(D_FIRE));
    const fv = canFire ? this.fireValue(m, s, this.p.fireThreshold) : 0;
    if (canFire && fv >= this.p.fireThreshold) return Action.encode.declare(D_FIRE);
    if (canMove) return Action.encode.declare(D_MOVE);
    return Action.encode.declare(fv > 0 ? D_FIRE : D_PASS_FIRE);
  }

  /**
   * A base's move: an engineering MGV heads for the strike zone of a mission-strike scenario;
   * otherwise the style's approach to the nearest enemy (`approach`, with AIM filled in).
   */
  private move(ctx: DecisionContext, m: Model, s: MgvState, i: number): number {
    const u = s.units[i];
    const END = END_UNIT;
    if (u.allowance < 0.5) return END;
    // mission strike: an engineering MGV heads for the strike zone (spec §3.16)
    if (m.victoryMode === 2 && m.strikeZone && m.units[i].payload === P_ENGINEERING) {
      const z = m.strikeZone;
      const zx = z.kind === 'circle' ? z.cx : z.kind === 'rect' ? (z.x0 + z.x1) / 2 : z.xs.reduce((a, b) => a + b, 0) / z.xs.length;
      const zy = z.kind === 'circle' ? z.cy : z.kind === 'rect' ? (z.y0 + z.y1) / 2 : z.ys.reduce((a, b) => a + b, 0) / z.ys.length;
      const delta = normDeg(headingTo(u.x, u.y, zx, zy) - u.h);
      const tidx = turnIndexFor(delta);
      const d = distIndex(Math.min(u.allowance - turnCost(delta, m.data.turnCost.step, m.data.turnCost.cost), hypot(zx - u.x, zy - u.y)));
      const c = legCode(tidx, Math.max(1, d), u.legs + 1 >= 2);
      if (d > 0 && hasLeg(ctx, c)) {
        if (!legHazard(m, s, i, u.h + relTurn(tidx), DISTS[Math.max(1, d)])) return c;
        // round the residue, neutralizer or jamming surface in the way
        const safe = bestSafeLeg(ctx, m, s, i, zx, zy, 0, hypot(zx - u.x, zy - u.y), -1, u.legs + 1 >= 2);
        if (safe >= 0) return safe;
      }
    }
    const j = nearestEnemy(m, s, i);
    if (j < 0) return END;
    const t = s.units[j];
    const range = rangeBetween(m, u, t);
    const reach = weaponReach(m, s, i);
    const w = m.units[i].weapon;
    const wantFace = w === W_KINETIC || w === W_PHOTON;
    const arc = w === W_KINETIC ? 25 : 80;
    const faceIdx = N_REL_TURNS + j;
    const faceDelta = deltaToFace(u, t.x, t.y);
    const step = m.data.turnCost.step;
    const tcost = m.data.turnCost.cost;
    // facing leg (or END): turn in place to face the target when out of arc
    const faceLeg = wantFace && Math.abs(faceDelta) > arc && turnCost(faceDelta, step, tcost) <= u.allowance ? legCode(faceIdx, 0, true) : END;
    AIM.j = j;
    AIM.range = range;
    AIM.reach = reach;
    AIM.wantFace = wantFace;
    AIM.faceIdx = faceIdx;
    AIM.faceDelta = faceDelta;
    AIM.faceLeg = faceLeg;
    return this.approach(ctx, m, s, i);
  }

  /** The style's move toward the nearest enemy AIM.j (AIM filled in by move). */
  protected abstract approach(ctx: DecisionContext, m: Model, s: MgvState, i: number): number;
  private beacon(ctx: DecisionContext, m: Model, s: MgvState, i: number): number {
    const done = BEACON_DONE;
    if (!this.p.useBeacons || s.units[i].beaconsTurn >= 1) return done;
    let friendsUse = false;
    for (let k = 0; k < m.units.length && !friendsUse; k++) {
      const x = m.units[k];
      friendsUse = x.side === this.side && s.units[k].alive && (x.weapon === W_KINETIC || x.weapon === W_MISSILE);
    }
    if (!friendsUse) return done;
    const j = nearestEnemy(m, s, i);
    if (j < 0) return done;
    const c = Action.encode.beacon(j, 0);
    return has(ctx, c) ? c : done;
  }

  private photon(ctx: DecisionContext, m: Model, s: MgvState, i: number, slot: number): number {
    let bj = -1;
    let bv = 0;
    for (let j = 0; j < s.units.length; j++) {
      if (!canTarget(m, s, i, slot, j)) continue;
      const r = rangeBetween(m, s.units[i], s.units[j]);
      const v = attackValue(m, s, i, slot, j, this.p) - r * this.p.photonSigma * 0.4;
      if (bj < 0 || v > bv) {
        bv = v;
        bj = j;
      }
    }
    if (bj < 0) return PHOTON_HOLD;
    const r = rangeBetween(m, s.units[i], s.units[bj]);
    const est = r * (1 + this.p.photonSigma * gauss(ctx.rng)) + this.p.photonSigmaInches * (this.p.photonSigmaInches > 0 ? gauss(ctx.rng) : 0);
    const q = Math.max(1, Math.min(maxEstimateQ(m), Math.round(est / EST_STEP)));
    return photonCode(slot, bj, q);
  }

  private attack(ctx: DecisionContext, m: Model, s: MgvState): number {
    let best = ATTACK_END;
    let bv = 1e-9;
    for (let k = 0; k < ctx.n; k++) {
      const c = ctx.legal[k];
      if (Action.kindIndexOf(c) !== K.attack) continue;
      const v = attackValue(m, s, Action.read.attack.unit(c), Action.read.attack.slot(c), Action.read.attack.target(c), this.p);
      if (v > bv) {
        bv = v;
        best = c;
      }
    }
    // an attack with nothing expected still fires when the policy is aggressive (activity bonus is the enemy's anyway)
    if (bv <= 1e-9 && this.fireWithoutValue) for (let k = 0; k < ctx.n; k++) if (Action.kindIndexOf(ctx.legal[k]) === K.attack) return ctx.legal[k];
    return best;
  }
}

export function distIndex(d: number): number {
  let best = 0;
  for (let k = 0; k < DISTS.length; k++) if (DISTS[k] <= d + 1e-9) best = k;
  return best;
}

/** The parameters both agents take (their defaults differ). */
export function heuristicParamSpecs(fireThreshold: number, rangeFraction: number, coverWeight: number) {
  return {
    missileSplit: { default: 'adaptive', values: SPLIT_POLICIES, description: 'Attacker missile split: always-hull, always-core, mixed (half, core rounded up) or adaptive (spec §7.3; hull-heavy against a target with core infestations)' },
    missileDefense: { default: 'adaptive', values: SPLIT_POLICIES, description: 'Defender missile split: adaptive = all on core with a core infestation, else two-thirds (spec §7.3)' },
    photonSigma: { default: 0.1, min: 0, max: 1, description: 'Photon range estimation skill: relative error sigma (0 perfect, 0.05 expert, 0.10 default, 0.20 novice; spec §7.2)' },
    photonSigmaInches: { default: 0, min: 0, max: 12, description: 'Additional absolute estimation error sigma in inches (spec §8.6 uses 1.8" and 3")' },
    fireThreshold: { default: fireThreshold, min: 0, description: 'Declare FIRE when the summed best expected damage reaches this value' },
    rangeFraction: { default: rangeFraction, min: 0.05, max: 1, description: 'Preferred range as a fraction of the main weapon range' },
    coverWeight: { default: coverWeight, min: 0, description: 'Weight of a cover class point against a range mismatch of 2" when choosing where to move' },
    repairPriority: { default: 'coreFirst', values: REPAIR_PRESETS.map((p) => p.name), description: 'Repair priority preset (coreFirst = core infestations, Mj, S, hull infestations; spec §7.3)' },
    useBeacons: { default: true, description: 'Launch a marker beacon at the nearest enemy when friends fire kinetic or missile weapons' },
    useJammer: { default: true, description: 'Jam the strongest enemy in arc and LOS' },
  };
}

export function paramsFrom(style: 'closer' | 'standoff', v: ParamValuesOf<ReturnType<typeof heuristicParamSpecs>>): HeuristicParams {
  return {
    style,
    missileSplit: v.missileSplit,
    missileDefense: v.missileDefense,
    photonSigma: v.photonSigma,
    photonSigmaInches: v.photonSigmaInches,
    fireThreshold: v.fireThreshold,
    rangeFraction: v.rangeFraction,
    coverWeight: v.coverWeight,
    repairPriority: v.repairPriority,
    useBeacons: v.useBeacons,
    useJammer: v.useJammer,
  };
}
