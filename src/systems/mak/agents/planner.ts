/**
 * The scorer both scripted agents share (spec §7.3), parameterised by a style: every legal action
 * gets a score (higher is better, ties to the first), computed from what the side sees.
 *  - Shots: by expected kill x worth (VP, and half the pilot's with pilot escape), at P(hit) >=
 *    minHit, less the replies a shot from within the trigger range would draw ([5.4] T1/T2).
 *  - Moves: a unit with no shot plans a firing position among the hexes it can reach this phase
 *    (its best next shot less the enemy's fire at it there, [5.1.3] modifiers with sight lines),
 *    paths never crossing a minefield, and walks there; with none in reach it walks the approach
 *    field (the cost to the nearest enemy, a minefield hex MINE_DETOUR hexes dearer, [19.1]), so it
 *    crosses a minefield only when nothing else leads on. A unit with no working weapon (a
 *    NeuSpotter, a disarmed suit) goes where the enemy's fire reaches it least, towards its own
 *    armed units.
 *  - Moods: losing with a turn or two left, it takes longer chances; ahead, it protects the lead
 *    (it leaves the enemy's fire rather than trade shots).
 *  - Close quarters combat only by a unit with a weapon able to hit and a favourable exchange,
 *    unarmed only to save a game lost on the last turn ([9.5]); no shot that cannot hit (T < 0).
 *  - A booster lit only for the unit that moves next, which then moves first ([19.5.3]); no smoke
 *    in a hex the side's units would fire out of ([19.2]).
 * What a decision needs about the whole position is computed once per decision, a plan once per
 * unit, phase and position of the enemy; a plan made before on the same inputs, in this game or
 * another of the same scenario, is read back from the memo (memo.ts). Allocation-free per decision
 * once created, but for each new plan kept in the memo.
 */
import type { HexGrid } from '../../../core/geometry/hex/grid.ts';
import { Arg } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { MAX_W, NO_RANGE, RANGES, UNARMED, WT_L } from '../model.ts';
import { K_CQC, K_DEFENSIVE, K_OFFENSIVE, attackTargetAt, bestSlot, canAttack, hasWorkingWeapon, shelter, weaponReady } from '../rules/combat.ts';
import { smokeMod } from '../rules/smoke.ts';
import { ARMLESS, ATTACKED, BOOSTING, CHARGING, DEAD, IMMOBILE, MOVED, PILOT_GONE, type MakState } from '../state.ts';
import { sees } from '../rules/sight.ts';
import { PlanMemo } from './memo.ts';
import { airChoice } from './air.ts';
import { bestHit, countIn, expectedKill, expectedKillAt, firepower, nearestEnemy, pAutoNum, pDestroyGivenRoll, pHitNum, modeOf, supportScore, topIs } from './common.ts';

/** What staying put is worth over a firing position elsewhere (expected VP): no shuffling for marginal gains. */
const STAY = 0.1;

/** Extra hexes a unit would rather walk than cross a minefield hex. */
export const MINE_DETOUR = 3;

/** An expected-kill table before any unit is prepared (never read). */
const NO_EK = new Float64Array(42);

export interface Style {
  /** Lowest P(hit) worth an offensive shot. */
  readonly minHit: number;
  /** Defensive laser shots below this P(hit) are declined (depletion risk, [11.2.1]). */
  readonly saveLaser: number;
  /** Value (VP) of an aircraft kept in the game, in the Air Commitment's plan (air.ts airPlan, [10.1]). */
  readonly airKeep: number;
  /** Enters close quarters combat when not outnumbered ([9.1]). */
  readonly cqc: boolean;
  /** Closest distance to the enemy it walks to (0: any). */
  readonly keepOff: number;
  /** Fights a continuing CQC even when outnumbered. */
  readonly fightAlways: boolean;
  /** Weight of an expected reply (T1/T2, [5.4]) against the value of an attack. */
  readonly replyWeight: number;
  /** Weight of the enemy's expected fire at a firing position against the shot it gives. */
  readonly riskWeight: number;
  /**
   * Plans firing positions and shelters over the hexes each unit can reach (false: the cheap
   * approach field only, and unarmed units step out of the enemy's reach, for search rollouts).
   */
  readonly plan: boolean;
}

export class Planner {
  private readonly field: Int32Array;
  private readonly queue: Int32Array;
  private readonly inQueue: Uint8Array;
  /** The state the field was computed for in this decision (null: not yet). */
  private fieldState: MakState | null = null;
  private scores: Float64Array;
  /** Movement: cost (half MP) to reach each hex this phase from the planned unit's hex, and the hex it comes from. */
  private readonly cost: Int32Array;
  private readonly from: Int32Array;
  /** Per unit: its planned firing position (-1 none: approach), the plan's key, and per hex the previous hex of its path. */
  private readonly dest: Int32Array;
  private readonly destKey: Float64Array;
  private readonly prev: Int32Array;
  /** destination(): candidate hexes and their values before exposure. */
  private readonly cand: Int32Array;
  private readonly bound: Float64Array;
  /** Per unit, its best P(hit) now and the enemy's fire at it where it stands (-1: not yet computed in this decision). */
  private readonly hitOf: Float64Array;
  private readonly fireAt: Float64Array;
  /** Each action code's kind index (A.kindIndexOf, read off a table made once per engine). */
  private readonly kindOf: Int8Array;
  /** The kind of each legal action of this decision, and an attack's target number (attacks()). */
  private kinds: Int32Array;
  private atkT: Int32Array;
  /** prepare(): the position-free parts of the attack targets between one unit and the enemy. */
  private readonly opp: Float64Array;
  private readonly exp: Float64Array;
  private preparedState: MakState | null = null;
  private preparedUnit = -1;
  private readonly foe: Int32Array;
  private readonly foeHex: Int32Array;
  private readonly foeWorth: Float64Array;
  private readonly foeTables: Float64Array[];
  private nFoes = 0;
  /** prepare(): the expected-kill table of the prepared unit (as a target, for exposure()). */
  private uTable: Float64Array = NO_EK;
  /** opportunity(): distance from its hex to the nearest foe. */
  private nearest = 99;
  /** positionKey() of this decision. */
  private keyState: MakState | null = null;
  private key = 0;
  /** Hex distances by pair (distances()). */
  private readonly dist: Uint16Array;
  /** destination()'s plans by their inputs, shared with every planner of this engine, side and style. */
  private readonly memo: PlanMemo;
  /** planKey(): the key of a plan (PLAN_KEY numbers), and the position (positionBuf) it starts with as the memo's id, for the state positionState (null: not yet in this decision). */
  private readonly planKeyBuf: Int32Array;
  private readonly positionBuf: Int32Array;
  private positionState: MakState | null = null;
  private positionId = 0;
  /** Per unit, how its steps score in this decision (moveMode; MV_UNKNOWN: not yet), the step worth taking and its score. */
  private readonly mvMode: Uint8Array;
  private readonly mvTo: Int32Array;
  private readonly mvScore: Float64Array;
  /** Tests: every step plan kept for a unit is worked out afresh all the same, and verifyMoveMode() throws when they differ. */
  static check = false;

  constructor(readonly E: Engine, readonly side: number, readonly style: Style) {
    const { n, nu } = E.m;
    // A planner is made per game and side: it owns only what a plan keeps from one decision to the
    // next (one buffer); the arrays used within one rank() are its engine's (Scratch).
    const buf = new ArrayBuffer(nu * 8 + (nu + nu * n) * 4);
    this.destKey = new Float64Array(buf, 0, nu).fill(-1);
    this.dest = new Int32Array(buf, nu * 8, nu).fill(-1);
    this.prev = new Int32Array(buf, nu * 12, nu * n);
    const sc = scratchOf(E);
    this.scores = sc.scores;
    this.bound = sc.bound;
    this.hitOf = sc.hitOf;
    this.fireAt = sc.fireAt;
    this.opp = sc.opp;
    this.foeWorth = sc.foeWorth;
    this.exp = sc.exp;
    this.mvScore = sc.mvScore;
    this.field = sc.field;
    this.queue = sc.queue;
    this.cost = sc.cost;
    this.from = sc.from;
    this.cand = sc.cand;
    this.kinds = sc.kinds;
    this.atkT = sc.atkT;
    this.foe = sc.foe;
    this.foeHex = sc.foeHex;
    this.mvTo = sc.mvTo;
    this.planKeyBuf = sc.planKeyBuf;
    this.positionBuf = sc.positionBuf;
    this.inQueue = sc.inQueue;
    this.mvMode = sc.mvMode;
    this.foeTables = sc.foeTables;
    this.dist = sc.dist;
    this.kindOf = sc.kindOf;
    this.memo = memoOf(E, side, style);
  }

  /** This decision's thresholds: the style's, bolder when the side is losing with little time left, warier when it leads at the end. */
  private minHit = 0;
  private riskWeight = 0;
  private replyWeight = 0;
  private mood = 0;

  /** Scores of legal[0..n) into out[0..n). */
  rank(s: MakState, legal: Int32Array, n: number, out: Float64Array): void {
    this.fieldState = null;
    this.preparedState = null;
    this.keyState = null;
    this.positionState = null;
    const hitOf = this.hitOf, fireAt = this.fireAt, mvMode = this.mvMode;
    for (let u = 0; u < hitOf.length; u++) { hitOf[u] = -1; fireAt[u] = -1; mvMode[u] = MV_UNKNOWN; }
    const st = this.style;
    const left = this.E.m.body.turns - s.turn;
    const behind = wouldLose(this.E, s, this.side);
    // 0 behind, 1 behind with one turn left, 2 behind on the last turn, 3 ahead (protect the lead).
    this.mood = behind ? (left === 0 ? 2 : left === 1 ? 1 : 0) : 3;
    this.minHit = this.mood === 2 ? Math.min(st.minHit, 0.03) : this.mood === 1 ? Math.min(st.minHit, 0.25) : st.minHit;
    const risk = this.mood === 2 ? 0.3 : this.mood === 1 ? 0.6 : this.mood === 3 ? 2.5 : 1;
    this.riskWeight = st.riskWeight * risk;
    this.replyWeight = st.replyWeight * risk;
    if (this.kinds.length < n) {
      this.kinds = new Int32Array(Math.max(n, this.kinds.length * 2));
      this.atkT = new Int32Array(this.kinds.length);
    }
    const A = this.E.A, kt = this.kindOf, kinds = this.kinds, boost = A.kindIndex.boost;
    let boosts = false;
    for (let i = 0; i < n; i++) {
      const c = legal[i];
      const k = c >= 0 && c < kt.length ? kt[c] : A.kindIndexOf(c);
      kinds[i] = k;
      if (k === boost) boosts = true;
    }
    if (s.pending.depth === 0) this.attacks(s, legal, n);
    for (let i = 0; i < n; i++) out[i] = this.score(s, legal[i], this.kinds[i], i);
    if (boosts) this.boosts(s, legal, n, out);
  }

  /**
   * The phase player's free choice: each legal attack's target number (atkT, read by score()), and
   * for each unit that may still attack, its best P(hit) among them (hitOf: bestHit(), since the
   * engine offers exactly the attacks canAttack allows, and P(hit) grows with the target number),
   * instead of looking for every unit's targets again.
   */
  private attacks(s: MakState, legal: Int32Array, n: number): void {
    const { m, A } = this.E;
    const K = A.kindIndex, kinds = this.kinds, mode = modeOf(m);
    const mine = m.sideUnits[s.phaseSide];
    for (let i = 0; i < mine.length; i++) if (!(s.status[mine[i]] & (DEAD | MOVED | ATTACKED))) this.hitOf[mine[i]] = 0;
    for (let i = 0; i < n; i++) {
      if (kinds[i] !== K.attack) continue;
      const code = legal[i];
      const u = A.read.attack.unit(code), t = A.read.attack.target(code);
      const T = attackTargetAt(m, s, u, A.read.attack.weapon(code), t, s.hex[u], s.hex[t]);
      this.atkT[i] = T;
      const ph = pHitNum(T, mode);
      if (ph > this.hitOf[u]) this.hitOf[u] = ph;
    }
  }

  /** The best-scoring legal action (the first of equals). */
  pick(s: MakState, legal: Int32Array, n: number): number {
    if (this.scores.length < n) this.scores = new Float64Array(Math.max(n, this.scores.length * 2));
    const sc = this.scores;
    this.rank(s, legal, n, sc);
    let best = 0;
    for (let i = 1; i < n; i++) if (sc[i] > sc[best]) best = i;
    return legal[best];
  }

  /**
   * [19.5.3] A booster is lit only for the unit that moves next: when that unit's best step is the
   * best action on offer, far from the enemy; a lit booster's unit moves before anything else.
   */
  private boosts(s: MakState, legal: Int32Array, n: number, out: Float64Array): void {
    const { A } = this.E;
    const K = A.kindIndex;
    const kinds = this.kinds;
    let best = -Infinity, bestI = -1;
    for (let i = 0; i < n; i++) if (kinds[i] !== K.boost && out[i] > best) { best = out[i]; bestI = i; }
    const next = bestI >= 0 && kinds[bestI] === K.move ? A.read.move.unit(legal[bestI]) : -1;
    for (let i = 0; i < n; i++) {
      if (kinds[i] !== K.boost) continue;
      const u = A.read.boost.unit(legal[i]);
      out[i] = u === next && best > 0 && nearestEnemy(this.E.m, s, this.side, s.hex[u]) > 6 ? best + 0.01 : -1;
    }
  }

  private score(s: MakState, code: number, k: number, i: number): number {
    const { m, A } = this.E;
    const K = A.kindIndex;
    const side = this.side;
    const st = this.style;
    if (s.pending.depth > 0) {
      if (k === K.mission) return A.read.mission.choice(code) === airChoice(this.E, s, side, A.read.mission.aircraft(code), st.airKeep) ? 1 : 0;
      if (topIs(s, 'cqcStart')) return A.read.fight.choice(code) === 0 ? (this.fightPays(s, Arg.cqcStart.hex(s.pending)) ? 1 : 0) : 0.5;
      return this.reactive(s, code);
    }
    if (k === K.move) {
      // The most common kind first: a step is the agents' own business but for a pilot's or, with
      // AMUs in the scenario, any unit's (common.ts supportScore).
      const sup = m.hasAmu || (m.hasPilots && m.upilot[A.read.move.unit(code)]) ? supportScore(this.E, s, code, 3, k) : null;
      return sup !== null ? sup : this.move(s, code);
    }
    if (k === K.endPhase) return 0;
    if (k === K.smoke) return this.smoke(s, code);
    if (k === K.boost) return 0; // decided in boosts()
    const sup = supportScore(this.E, s, code, 3, k);
    if (sup !== null) return sup;
    if (k === K.attack) {
      // The target number from attacks(); the expected kill from its table (common.ts expectedKill, exactly).
      const u = A.read.attack.unit(code), t = A.read.attack.target(code), T = this.atkT[i];
      const ph = pHitNum(T, modeOf(m));
      if (ph < this.minHit && !(s.status[t] & IMMOBILE && ph > 0)) return -1;
      const value = ekTable(m, m.udur[t])[T < -1 ? 0 : T > 40 ? 41 : T + 1] * worth(m, s, t);
      // Ahead, a unit where the enemy can hit it hard leaves rather than trade shots (planner's move).
      if (this.mood === 3 && this.style.plan && !(s.status[u] & MOVED) && this.riskWeight * this.fireHere(s, u) > value && this.destination(s, u) >= 0 && this.destination(s, u) !== s.hex[u]) return -1;
      return 10 + value - this.replyWeight * this.replyRisk(s, u, t);
    }
    if (k === K.simul) {
      // [5.3.3]: the stack's members fire their best weapons at one target; one reply per unit ([5.4.2]).
      const u = A.read.simul.unit(code), t = A.read.simul.target(code);
      let value = 0, members = 0;
      for (let v = 0; v < m.nu; v++) {
        if (s.hex[v] !== s.hex[u] || m.uside[v] !== side || s.status[v] & (DEAD | MOVED | ATTACKED)) continue;
        const w = bestSlot(m, s, v, t, K_OFFENSIVE);
        if (w < 0) continue;
        if (pHitNum(attackTargetAt(m, s, v, w, t, s.hex[v], s.hex[t]), modeOf(m)) < this.minHit) return -1;
        value += expectedKill(m, s, v, w, t) * worth(m, s, t);
        members++;
      }
      return members >= 2 ? 10 + value - this.replyWeight * this.replyRisk(s, u, t) * 0.5 : -1;
    }
    if (k === K.assault) {
      if (!st.cqc) return -1;
      const u = A.read.assault.unit(code), d = A.read.assault.dir(code);
      const x = m.grid.nbr[s.hex[u] * 6 + d];
      const ours = countIn(m, s, x, side) + 1;
      const theirs = countIn(m, s, x, 1 - side);
      if (ours < theirs) return -1;
      // [9.5]: a unit whose weapons cannot hit would fight unarmed: only to save a lost game.
      if (cqcHit(this.E, s, u, x) <= 0) return losingLastTurn(this.E, s, side) ? 9.5 : -1;
      // The exchange: its attack on the best target against the defenders' shots (one each, [9.2]) and their return fire.
      const gain = this.cqcGain(s, u, x);
      return gain > 0 ? 8 + gain + ours - theirs - (s.mine[x] > 0 ? 1 : 0) : -1;
    }
    if (k === K.overrun) {
      if (!st.cqc) return -1;
      // [13.2]: overrun an enemy hex of at most two units (one attack, then out the far side).
      const u = A.read.overrun.unit(code), d = A.read.overrun.dir(code);
      const x = m.grid.nbr[s.hex[u] * 6 + d];
      return countIn(m, s, x, 1 - side) <= 2 ? 8.5 : -1;
    }
    return -1;
  }

  /** Defensive and CQC shots by expected kill; none that cannot hit; lasers kept for better odds; pins on the strongest. */
  private reactive(s: MakState, code: number): number {
    const { m, A } = this.E;
    const K = A.kindIndex;
    const k = A.kindIndexOf(code);
    if (k === K.pass) return 0;
    if (k === K.fire) {
      const u = A.read.fire.unit(code), w = A.read.fire.weapon(code), t = A.read.fire.target(code);
      const ph = pHitNum(attackTargetAt(m, s, u, w, t, s.hex[u], s.hex[t]), modeOf(m));
      if (ph <= 0) return -0.01; // T < 0: only the usage checks would be rolled ([5.1.1] 3)
      if (w !== UNARMED && m.wtype[u * MAX_W + w] === WT_L && ph < this.style.saveLaser) return -0.01;
      const ammoCost = w !== UNARMED && m.wammo[u * MAX_W + w] > 0 ? 0.02 : 0;
      return expectedKill(m, s, u, w, t) * worth(m, s, t) + 0.001 - ammoCost;
    }
    if (k === K.pin) return firepower(m, A.read.pin.unit(code));
    if (k === K.counter) return -1;
    return 0;
  }

  /** [9.3.1]: fight the continuing CQC of hex h when the side's strikes are worth at least the enemy's. */
  private fightPays(s: MakState, h: number): boolean {
    const { m } = this.E;
    if (this.style.fightAlways) return cqcValue(this.E, s, h, this.side) > 0;
    return cqcValue(this.E, s, h, this.side) >= cqcValue(this.E, s, h, 1 - this.side) && cqcValue(this.E, s, h, this.side) > 0 && countIn(m, s, h, this.side) >= countIn(m, s, h, 1 - this.side);
  }

  /**
   * [19.2]: smoke in the unit's own hex only when the side's units there will not fire out of it
   * (the marker stays until the start of the owner's next phase but one, [19.2.3]): none of them
   * has a shot worth taking from there, and the enemy is within 4 hexes.
   */
  private smoke(s: MakState, code: number): number {
    const { m, A } = this.E;
    const u = A.read.smoke.unit(code);
    if (A.read.smoke.dir(code) !== 6 || nearestEnemy(m, s, this.side, s.hex[u]) > 4) return -1;
    const h = s.hex[u];
    for (let v = 0; v < m.nu; v++) {
      if (s.hex[v] !== h || m.uside[v] !== this.side || s.status[v] & DEAD) continue;
      if (shotFrom(this.E, s, v, h) >= this.minHit) return -1;
    }
    return 0.5;
  }

  /** exposure of unit u where it stands, once per decision. */
  private fireHere(s: MakState, u: number): number {
    if (this.fireAt[u] < 0) this.fireAt[u] = this.exposure(s, u, s.hex[u]);
    return this.fireAt[u];
  }

  /** bestHit of unit u, once per decision. */
  private bestHit(s: MakState, u: number): number {
    if (this.hitOf[u] < 0) this.hitOf[u] = bestHit(this.E.m, s, u);
    else if (Planner.check && this.hitOf[u] !== bestHit(this.E.m, s, u)) {
      throw new Error(`Planner: unit ${u}'s best P(hit) from the legal attacks (${this.hitOf[u]}) is not bestHit's (${bestHit(this.E.m, s, u)})`);
    }
    return this.hitOf[u];
  }

  /** Expected VP won minus lost by u entering hex x for CQC: its best attack there, against each defender's best shot at it (twice for the one it attacks). */
  private cqcGain(s: MakState, u: number, x: number): number {
    const { m } = this.E;
    let mine = 0, theirs = 0;
    for (let t = 0; t < m.nu; t++) {
      if (m.uside[t] === this.side || s.hex[t] !== x || s.status[t] & DEAD) continue;
      for (let w = 0; w <= MAX_W; w++) if (weaponReady(m, s, u, w, K_CQC)) mine = Math.max(mine, expectedKillAt(m, s, u, w, t, x, x) * worth(m, s, t));
      let best = 0;
      for (let w = 0; w <= MAX_W; w++) if (!m.uveh[t] && weaponReady(m, s, t, w, K_DEFENSIVE)) best = Math.max(best, expectedKillAt(m, s, t, w, u, x, x));
      theirs += best;
    }
    return mine - theirs * worth(m, s, u);
  }

  /** Expected loss (VP) of u from the replies its attack on t would draw ([5.4] T1/T2, within the trigger range). */
  private replyRisk(s: MakState, u: number, t: number): number {
    const { m } = this.E;
    const b = s.hex[t];
    if (m.grid.distance(s.hex[u], b) > m.opt.defensiveTriggerRange) return 0;
    let risk = 0;
    for (let f = 0; f < m.nu; f++) {
      if (m.uside[f] === this.side || s.hex[f] !== b || s.status[f] & DEAD) continue;
      let best = 0;
      for (let w = 0; w < MAX_W; w++) if (canAttack(m, s, f, w, u, K_DEFENSIVE)) best = Math.max(best, expectedKill(m, s, f, w, u));
      risk += best;
    }
    return risk * worth(m, s, u);
  }

  /**
   * A step of unit u: unarmed units fall back, a lit booster's unit goes first, the others approach
   * round minefields. What does not depend on the step's hex (moveMode) is worked out once per unit
   * and decision: a step is then one comparison with the planned next hex.
   */
  private move(s: MakState, code: number): number {
    const { m, A } = this.E;
    const u = A.read.move.unit(code), d = A.read.move.dir(code);
    const from = s.hex[u];
    const to = m.grid.nbr[from * 6 + d];
    let mode = this.mvMode[u];
    if (mode === MV_UNKNOWN) mode = this.moveMode(s, u, from);
    else if (Planner.check) this.verifyMoveMode(s, u, from);
    if (mode === MV_HOP) return to === this.mvTo[u] ? this.mvScore[u] : -1;
    if (mode === MV_NONE) return -1;
    if (mode === MV_AWAY) {
      const r0 = this.reach(s, from), r1 = this.reach(s, to);
      return r1 > r0 ? 9.4 + Math.min(3, r1 - r0) * 0.1 - u * 0.001 : -1;
    }
    // MV_APPROACH: no firing position within reach: walk the approach field.
    const field = this.approach(s);
    const enter = 1 + (s.mine[to] > 0 ? MINE_DETOUR : 0);
    const progress = 1 + field[from] - enter - field[to];
    if (progress <= 0) return -1;
    const dTo = nearestEnemy(m, s, this.side, to);
    if (this.style.keepOff > 0 && dTo < this.style.keepOff) return -1;
    const base = (s.status[u] & BOOSTING) !== 0 ? 20 : 1;
    return base + progress + (m.cover[to] ? (this.style.keepOff > 0 ? 1 : 0.5) : 0) - u * 0.001;
  }

  /**
   * How unit u's steps are scored in this decision (kept in mvMode, and with MV_HOP the one step
   * worth taking in mvTo and its score in mvScore): an unarmed unit falls back (planned: towards
   * its shelter), a unit with a shot takes it instead (unless, ahead, it is better off out of the
   * enemy's fire), one with a firing position within reach steps towards it (staying put when it is
   * here), any other walks the approach field.
   */
  private moveMode(s: MakState, u: number, from: number): number {
    let mode: number, next = -1, score = 0;
    if (!hasWorkingWeapon(this.E.m, s, u)) {
      if (!this.style.plan) mode = MV_AWAY;
      else {
        const dest = this.shelter(s, u);
        mode = dest === from ? MV_NONE : MV_HOP;
        if (mode === MV_HOP) { next = this.nextHop(u, from, dest); score = 9.4 + (s.mover === u ? 0.5 : 0) - u * 0.001; }
      }
    } else {
      const boosting = (s.status[u] & BOOSTING) !== 0;
      if (!boosting && !(s.status[u] & MOVED) && this.bestHit(s, u) >= this.minHit && !(this.mood === 3 && this.style.plan && this.fireHere(s, u) > 0)) mode = MV_NONE;
      else {
        const dest = this.style.plan ? this.destination(s, u) : -1;
        if (dest < 0) mode = MV_APPROACH;
        else if (dest === from) mode = MV_NONE;
        else {
          mode = MV_HOP;
          next = this.nextHop(u, from, dest);
          score = (boosting ? 20 : 2) + (s.mover === u ? 0.5 : 0) - u * 0.001;
        }
      }
    }
    this.mvMode[u] = mode;
    this.mvTo[u] = next;
    this.mvScore[u] = score;
    return mode;
  }

  /** Planner.check: the mode kept for unit u is the one worked out afresh (throws if not). */
  private verifyMoveMode(s: MakState, u: number, from: number): void {
    const mode = this.mvMode[u], next = this.mvTo[u], score = this.mvScore[u];
    this.moveMode(s, u, from);
    if (this.mvMode[u] !== mode || this.mvTo[u] !== next || this.mvScore[u] !== score) {
      throw new Error(`Planner: unit ${u}'s step plan kept (mode ${mode}, hex ${next}, score ${score}) is not the one worked out afresh (mode ${this.mvMode[u]}, hex ${this.mvTo[u]}, score ${this.mvScore[u]})`);
    }
  }

  /**
   * Unit u's firing position for its next shot: the hex it can reach this phase (its own included)
   * with the best expected kill x VP on an enemy it will see and reach from there, less the enemy's
   * expected fire at it there (riskWeight), the minefields on the way and, for a cautious style,
   * never within keepOff of the enemy; -1 when no reachable hex gives a shot (ahead, a safe hex
   * with no shot counts: the side protects its lead). Planned once per
   * phase and position of the enemy, then followed step by step.
   */
  private destination(s: MakState, u: number): number {
    const { m } = this.E;
    const key = this.positionKey(s);
    if (this.destKey[u] === key && (this.dest[u] < 0 || this.onPath(u, s.hex[u]))) return this.dest[u];
    const memo = this.memo;
    const known = memo.find(this.planKeyBuf, this.planKey(s, u, PLAN_FIRE));
    if (known !== undefined && !PlanMemo.check) return this.readBack(u, known, key);
    this.reachable(s, u);
    const start = s.hex[u];
    const cost = this.cost;
    // Each reachable hex's value before the enemy's fire (an upper bound: exposure only lowers it);
    // the exposure, the dearer part, is then computed best bound first until no bound can win.
    // The candidates are kept in descending order of bound, the earlier hex first among equals
    // (insertion): the order in which the best remaining bound is taken below.
    const cand = this.cand, bound = this.bound;
    let c = 0;
    for (let h = 0; h < m.n; h++) {
      if (cost[h] < 0) continue;
      const opp = this.opportunity(s, u, h);
      if (h !== start && this.nearest < this.style.keepOff) continue;
      if (opp <= 0 && this.mood !== 3) continue; // ahead, a hex out of the enemy's fire is worth going to
      let v = opp - 0.002 * cost[h] + (m.cover[h] ? 0.02 : 0);
      if (h !== start && s.mine[h] > 0) v -= worth(m, s, u) * 0.3; // entering and leaving a minefield ([19.1])
      if (h === start) v += STAY; // a move for a marginal gain is not worth a phase
      let j = c++;
      for (; j > 0 && bound[j - 1] < v; j--) {
        cand[j] = cand[j - 1];
        bound[j] = bound[j - 1];
      }
      cand[j] = h;
      bound[j] = v;
    }
    let best = -1, bestV = -Infinity;
    for (let i = 0; i < c && bound[i] > bestV; i++) {
      const h = cand[i];
      const v = bound[i] - this.riskWeight * this.exposure(s, u, h);
      if (v > bestV) { bestV = v; best = h; }
    }
    this.dest[u] = best;
    this.destKey[u] = key;
    if (best >= 0) {
      const base = u * m.n;
      for (let h = 0; h < m.n; h++) this.prev[base + h] = cost[h] >= 0 ? this.from[h] : -2;
    }
    if (known !== undefined) memo.verify(known, best, this.prev, u * m.n, m.n);
    else memo.store(best, this.prev, u * m.n, m.n);
    return best;
  }

  /**
   * The memo key of destination(s, u) (kind PLAN_FIRE) or shelter(s, u) (PLAN_SHELTER), written
   * into planKeyBuf (returns its length): everything the plan reads that is not fixed by the
   * engine, the side and the style. The position, the same for every unit planned in a decision
   * (its memo id, once per decision: position()); the plan's kind; the unit, the mood (its
   * thresholds), its movement points and load.
   */
  private planKey(s: MakState, u: number, kind: number): number {
    const k = this.planKeyBuf;
    if (this.positionState !== s) {
      this.positionId = this.memo.intern(this.positionBuf, this.position(s));
      this.positionState = s;
    }
    k[0] = this.positionId;
    k[1] = kind;
    k[2] = u;
    k[3] = this.mood;
    k[4] = s.mp[u];
    k[5] = s.load[u];
    k[6] = s.haul[u];
    return PLAN_KEY;
  }

  /**
   * The position a plan reads, written into positionBuf (returns its length): every unit's hex,
   * the status bits the plan reads, carrier and pilot values; every weapon's ammunition and state;
   * the hexes with a minefield, a smoke or a fire marker. Occupancy and stack points follow from
   * the hexes and deaths (invariants.ts).
   */
  private position(s: MakState): number {
    const { m } = this.E;
    const k = this.positionBuf;
    const nu = m.nu, hex = s.hex, status = s.status, carrier = s.carrier, pAtk = s.pAtk, pDef = s.pDef, pVp = s.pVp;
    let i = 0;
    for (let v = 0; v < nu; v++) {
      k[i++] = hex[v];
      k[i++] = status[v] & PLAN_STATUS;
      k[i++] = carrier[v];
      k[i++] = pAtk[v];
      k[i++] = pDef[v];
      k[i++] = pVp[v];
    }
    const ammo = s.ammo, wdis = s.wdis;
    for (let w = 0; w < nu * MAX_W; w++) {
      k[i++] = ammo[w];
      k[i++] = wdis[w];
    }
    const mine = s.mine, smoke = s.smoke, fire = s.fire;
    for (let h = 0; h < m.n; h++) {
      if (mine[h] === 0 && smoke[h] === 0 && fire[h] === 0) continue;
      k[i++] = h;
      k[i++] = mine[h];
      k[i++] = (smoke[h] !== 0 ? 1 : 0) + (fire[h] !== 0 ? 2 : 0);
    }
    return i;
  }

  /** Is hex h on unit u's planned path (from its start to its destination)? */
  private onPath(u: number, h: number): boolean {
    const n = this.E.m.n;
    for (let x = this.dest[u], guard = 0; x >= 0 && guard < n; x = this.prev[u * n + x], guard++) if (x === h) return true;
    return false;
  }

  /** The hex after h on unit u's path to dest (-1 if h is not on it). */
  private nextHop(u: number, h: number, dest: number): number {
    const n = this.E.m.n;
    let after = -1;
    for (let x = dest, guard = 0; x >= 0 && guard < n; x = this.prev[u * n + x], guard++) {
      if (x === h) return after;
      after = x;
    }
    return -1;
  }

  /** A key of what a plan depends on: the phase, the mood and where the enemy stands (once per decision). */
  private positionKey(s: MakState): number {
    if (this.keyState === s) return this.key;
    const { m } = this.E;
    let k = (s.turn * 2 + s.phase) * 4 + this.mood;
    for (let e = 0; e < m.nu; e++) if (m.uside[e] !== this.side) k = (k * 31 + (s.status[e] & DEAD ? 0 : s.hex[e] + 1)) % 2147483647;
    this.keyState = s;
    this.key = k;
    return k;
  }

  /** Movement costs (half MP) from u's hex to every hex it can reach this phase (cost[h] -1: not), with the hex each comes from; no path crosses a minefield. */
  private reachable(s: MakState, u: number): void {
    const { m } = this.E;
    const cost = this.cost, from = this.from, q = this.queue, inQ = this.inQueue;
    const size = q.length;
    cost.fill(-1);
    const start = s.hex[u], side = m.uside[u];
    const mp = s.mp[u];
    cost[start] = 0;
    from[start] = -1;
    if (m.uinf[u] && !(s.status[u] & BOOSTING)) {
      // Infantry: one hex a phase, terrain ignored ([14.1]).
      for (let d = 0; d < 6; d++) {
        const y = m.grid.nbr[start * 6 + d];
        if (y >= 0 && mp >= 2 && s.occ[y * 2 + 1 - side] === 0 && s.pts[y * 2 + side] + m.usp[u] <= m.stackLimit) { cost[y] = 2; from[y] = start; }
      }
      return;
    }
    const flat = (s.status[u] & BOOSTING) !== 0;
    const f = m.uform[u];
    if (f > 2) return;
    const room = m.stackLimit - m.usp[u] - s.load[u] - (s.haul[u] >= 0 ? 1 : 0);
    const nbr = m.grid.nbr, occ = s.occ, pts = s.pts, mine = s.mine, roadLink = m.roadLink;
    const cost2 = m.cost2[f], sideCost2 = m.sideCost2[f];
    const road2 = m.data.movement.road2, roadIgnoresHexsides = m.opt.roadIgnoresHexsides;
    // A FIFO ring of `size` slots (a hex is in it at most once).
    let head = 0, tail = 0, len = 0;
    q[tail] = start;
    if (++tail === size) tail = 0;
    len++;
    inQ[start] = 1;
    while (len > 0) {
      const x = q[head];
      if (++head === size) head = 0;
      len--;
      inQ[x] = 0;
      if (x !== start && mine[x] > 0) continue; // no path through a minefield ([19.1]): one may end there
      const cx = cost[x];
      for (let d = 0; d < 6; d++) {
        const y = nbr[x * 6 + d];
        if (y < 0 || occ[y * 2 + 1 - side] > 0 || (y !== start && pts[y * 2 + side] > room)) continue;
        let c: number;
        if (flat) c = 2;
        else if (roadLink[x * 6 + d]) c = road2 + (roadIgnoresHexsides ? 0 : sideCost2[x * 6 + d]);
        else {
          const tc = cost2[y];
          if (tc < 0) continue;
          c = tc + sideCost2[x * 6 + d];
        }
        const cy = cx + c;
        if (cy > mp || (cost[y] >= 0 && cost[y] <= cy)) continue;
        cost[y] = cy;
        from[y] = x;
        if (!inQ[y]) {
          inQ[y] = 1;
          q[tail] = y;
          if (++tail === size) tail = 0;
          len++;
        }
      }
    }
  }

  /**
   * The parts of the attack targets ([5.1.3]) between unit u and each enemy that do not depend on
   * where u stands, once per decision and unit: opp[w * nu + e] for u's slot w at e (where e
   * stands), exp[w * nu + e] for e's slot w at u (less the terrain of u's hex); NaN: the slot
   * cannot fire. With them, the enemy units in play (foes) and their hexes, worth and expected-kill
   * tables. opportunity() and exposure() then add range, hexsides, smoke and terrain per hex.
   */
  private prepare(s: MakState, u: number): void {
    if (this.preparedState === s && this.preparedUnit === u) return;
    const { m } = this.E;
    const nu = m.nu;
    const imm = m.data.rules.immobilizedBonus;
    const uAtk = s.status[u] & PILOT_GONE ? 0 : s.pAtk[u];
    const uDef = m.udef[u] + (s.status[u] & PILOT_GONE ? 0 : s.pDef[u]);
    const enemies = m.sideUnits[1 - this.side];
    let nf = 0;
    for (let i = 0; i < enemies.length; i++) {
      const e = enemies[i];
      if (s.status[e] & DEAD || s.carrier[e] >= 0) continue;
      const b = s.hex[e];
      this.foe[nf] = e;
      this.foeHex[nf] = b;
      this.foeWorth[nf] = worth(m, s, e);
      this.foeTables[nf] = ekTable(m, m.udur[e]);
      nf++;
      const eDef = m.udef[e] + (s.status[e] & PILOT_GONE ? 0 : s.pDef[e]);
      const eAtk = s.status[e] & PILOT_GONE ? 0 : s.pAtk[e];
      for (let w = 0; w < MAX_W; w++) {
        const ku = u * MAX_W + w, ke = e * MAX_W + w;
        const okU = m.wtype[ku] >= 0 && s.wdis[ku] !== 1 && !(m.wammo[ku] > 0 && s.ammo[ku] <= 0) && !(s.status[u] & ARMLESS) && s.occ[b * 2 + this.side] === 0;
        this.opp[w * nu + e] = okU
          ? m.watk[ku] + uAtk - eDef + m.hexAtk[(b * 6 + m.wtype[ku]) * 2 + (m.ustack[e] === 2 ? 1 : 0)] + (s.status[e] & IMMOBILE ? imm : 0) + (s.status[e] & CHARGING ? m.opt.chargeDefMod : 0) + (m.defPos[b] !== 0 ? shelter(m, s, e) : 0) + m.unight[u]
          : NaN;
        const okE = m.wtype[ke] >= 0 && s.wdis[ke] !== 1 && !(m.wammo[ke] > 0 && s.ammo[ke] <= 0) && !(s.status[e] & ARMLESS);
        this.exp[w * nu + e] = okE ? m.watk[ke] + eAtk - uDef + (s.status[u] & IMMOBILE ? imm : 0) + m.unight[e] : NaN;
      }
    }
    this.nFoes = nf;
    this.uTable = ekTable(m, m.udur[u]);
    this.preparedState = s;
    this.preparedUnit = u;
  }

  /**
   * Best expected kill x VP unit u could score next phase from hex h (its working weapons, the
   * enemy where it stands); also leaves the distance from h to the nearest foe in `nearest`.
   */
  private opportunity(s: MakState, u: number, h: number): number {
    const { m } = this.E;
    this.prepare(s, u);
    const nu = m.nu, grid = m.grid, n = m.n, D = this.dist, table0 = D.length > 0;
    let best = 0, nearest = 99;
    for (let i = 0; i < this.nFoes; i++) {
      const e = this.foe[i], b = this.foeHex[i];
      const dist = table0 && b >= 0 ? D[h * n + b] : grid.distance(h, b);
      if (dist < nearest) nearest = dist;
      if (dist === 0 || dist >= RANGES) continue;
      const table = this.foeTables[i];
      const value = this.foeWorth[i];
      let sight = -1;
      for (let w = 0; w < MAX_W; w++) {
        const base = this.opp[w * nu + e];
        const k = u * MAX_W + w;
        if (base !== base || dist > m.wrange[k]) continue; // NaN: the slot cannot fire
        const wt = m.wtype[k];
        const rm = m.rangeMod[wt * RANGES + dist];
        if (rm === NO_RANGE) continue;
        if (sight < 0) sight = sees(m, s, h, b, m.ustack[e] === 2 ? 1 : 0) ? 1 : 0;
        if (sight === 0) break;
        const T = base + rm + m.sideAtk(h, b, wt) + smokeMod(m, s, h, b, wt);
        const ek = table[T < -1 ? 0 : T > 40 ? 41 : T + 1] * value;
        if (ek > best) best = ek;
      }
    }
    this.nearest = nearest;
    return best;
  }

  /** Expected VP unit u would lose at hex h to the enemy's fire (each armed enemy's best shot that reaches h). */
  private exposure(s: MakState, u: number, h: number): number {
    const { m } = this.E;
    this.prepare(s, u);
    const nu = m.nu, grid = m.grid, n = m.n, D = this.dist, table0 = D.length > 0;
    const table = this.uTable;
    const typeII = m.ustack[u] === 2 ? 1 : 0;
    const shelterH = m.defPos[h] !== 0 && m.opt.defPosCapacity === 'hex' ? m.defPos[h] : 0;
    let sum = 0;
    for (let i = 0; i < this.nFoes; i++) {
      const e = this.foe[i], a = this.foeHex[i];
      const dist = table0 && a >= 0 ? D[a * n + h] : grid.distance(a, h);
      if (dist === 0 || dist >= RANGES) continue;
      let best = 0, sight = -1;
      for (let w = 0; w < MAX_W; w++) {
        const base = this.exp[w * nu + e];
        const k = e * MAX_W + w;
        if (base !== base || dist > m.wrange[k]) continue;
        const wt = m.wtype[k];
        const rm = m.rangeMod[wt * RANGES + dist];
        if (rm === NO_RANGE) continue;
        if (sight < 0) sight = sees(m, s, a, h, typeII) ? 1 : 0;
        if (sight === 0) break;
        const T = base + m.hexAtk[(h * 6 + wt) * 2 + typeII] + rm + m.sideAtk(a, h, wt) + smokeMod(m, s, a, h, wt) + shelterH;
        const ek = table[T < -1 ? 0 : T > 40 ? 41 : T + 1];
        if (ek > best) best = ek;
      }
      // Next to the enemy it is also fired at on entering (T3, [5.4] 3).
      sum += dist === 1 && h !== s.hex[u] ? 2 * best : best;
    }
    return sum * worth(m, s, u);
  }

  /**
   * Where unit u, unarmed, goes this phase: the reachable hex where the enemy's fire reaches it least
   * (with its sight lines), then farthest out of the armed enemy's reach, then nearest its own armed
   * units; its own hex unless another is better. Planned once per phase and position of the enemy, or read back from the memo like a firing position.
   */
  private shelter(s: MakState, u: number): number {
    const { m } = this.E;
    const key = this.positionKey(s);
    if (this.destKey[u] === key && this.onPath(u, s.hex[u])) return this.dest[u];
    const memo = this.memo;
    const known = memo.find(this.planKeyBuf, this.planKey(s, u, PLAN_SHELTER));
    if (known !== undefined && !PlanMemo.check) return this.readBack(u, known, key);
    this.reachable(s, u);
    const cost = this.cost, start = s.hex[u];
    let best = start, bestV = -Infinity;
    for (let h = 0; h < m.n; h++) {
      if (cost[h] < 0) continue;
      let v = -10 * this.exposure(s, u, h) + Math.min(this.reach(s, h), 3) - 0.1 * Math.min(this.escort(s, u, h), 10) - 0.01 * cost[h];
      if (h !== start && s.mine[h] > 0) v -= 5;
      if (h === start) v += 0.05; // no move for nothing
      if (v > bestV) { bestV = v; best = h; }
    }
    this.dest[u] = best;
    this.destKey[u] = key;
    const base = u * m.n;
    for (let h = 0; h < m.n; h++) this.prev[base + h] = cost[h] >= 0 ? this.from[h] : -2;
    if (known !== undefined) memo.verify(known, best, this.prev, base, m.n);
    else memo.store(best, this.prev, base, m.n);
    return best;
  }

  /** A plan of unit u read back from the memo (its destination and path) as the plan of this position (positionKey). */
  private readBack(u: number, known: Int32Array, key: number): number {
    const base = u * this.E.m.n, steps = known[1];
    for (let i = 0; i < steps; i++) this.prev[base + known[2 + i]] = i + 1 < steps ? known[3 + i] : -1;
    this.dest[u] = known[0];
    this.destKey[u] = key;
    return known[0];
  }

  /** Hexes between h and the reach of the nearest armed enemy (> 0: out of its reach). */
  private reach(s: MakState, h: number): number {
    const { m } = this.E;
    let best = 99;
    for (let e = 0; e < m.nu; e++) {
      if (m.uside[e] === this.side || s.status[e] & DEAD || s.carrier[e] >= 0 || !hasWorkingWeapon(m, s, e)) continue;
      let range = 1;
      for (let w = 0; w < MAX_W; w++) if (m.wtype[e * MAX_W + w] >= 0 && s.wdis[e * MAX_W + w] !== 1 && m.wrange[e * MAX_W + w] > range) range = m.wrange[e * MAX_W + w];
      const v = m.grid.distance(h, s.hex[e]) - range - 1;
      if (v < best) best = v;
    }
    return best;
  }

  /** Hexes from h to the nearest armed unit of u's side. */
  private escort(s: MakState, u: number, h: number): number {
    const { m } = this.E;
    let best = 99;
    for (let v = 0; v < m.nu; v++) {
      if (v === u || m.uside[v] !== this.side || s.status[v] & DEAD || !hasWorkingWeapon(m, s, v)) continue;
      const d = m.grid.distance(h, s.hex[v]);
      if (d < best) best = d;
    }
    return best;
  }

  /**
   * The approach field of this decision: for each hex, the cost of walking from it to the nearest
   * living enemy (1 a hex, MINE_DETOUR more into a minefield hex). A bucket queue over the small
   * integer costs; computed once per decision.
   */
  private approach(s: MakState): Int32Array {
    if (this.fieldState === s) return this.field;
    const { m } = this.E;
    const f = this.field, q = this.queue, inQ = this.inQueue;
    const size = q.length;
    f.fill(1 << 20);
    let head = 0, tail = 0;
    for (let e = 0; e < m.nu; e++) {
      if (m.uside[e] === this.side || s.status[e] & DEAD) continue;
      const h = s.hex[e];
      if (f[h] === 0) continue;
      f[h] = 0;
      q[tail++ % size] = h;
      inQ[h] = 1;
    }
    // Shortest paths with costs 1 and 1 + MINE_DETOUR (SPFA: a node is at most once in the queue).
    while (head < tail) {
      const x = q[head++ % size];
      inQ[x] = 0;
      const cx = f[x] + 1 + (s.mine[x] > 0 ? MINE_DETOUR : 0); // stepping into x from a neighbour
      for (let dd = 0; dd < 6; dd++) {
        const y = m.grid.nbr[x * 6 + dd];
        if (y < 0 || f[y] <= cx) continue;
        f[y] = cx;
        if (!inQ[y]) {
          inQ[y] = 1;
          q[tail++ % size] = y;
        }
      }
    }
    this.fieldState = s;
    return f;
  }
}

/** moveMode(): how a unit's steps score in a decision. */
const MV_UNKNOWN = 0;
/** No step (it stays, or takes a shot instead). */
const MV_NONE = 1;
/** Only the step to the next hex of its planned path (to a firing position or a shelter). */
const MV_HOP = 2;
/** Each step by its progress on the approach field. */
const MV_APPROACH = 3;
/** Unarmed, unplanned: each step by how far it leaves the enemy's reach. */
const MV_AWAY = 4;

/** planKey()'s length. */
const PLAN_KEY = 7;

/** planKey(): the plan asked, a firing position (destination()) or an unarmed unit's shelter (shelter()). */
const PLAN_FIRE = 0;
const PLAN_SHELTER = 1;

/** The status bits a plan reads (the unit's and the enemy's: dead, disarmed, immobile, charging, boosting, pilot gone). */
const PLAN_STATUS = DEAD | ARMLESS | IMMOBILE | CHARGING | BOOSTING | PILOT_GONE;

/** Every field of Style (the compiler checks that none is missing): what makes two styles the same for the memo. */
const STYLE_FIELDS = ['plan', 'minHit', 'saveLaser', 'airKeep', 'cqc', 'keepOff', 'fightAlways', 'replyWeight', 'riskWeight'] as const satisfies readonly (keyof Style)[];
const STYLE_COMPLETE: Exclude<keyof Style, (typeof STYLE_FIELDS)[number]> extends never ? true : never = true;
void STYLE_COMPLETE;

/**
 * The arrays a planner uses only within one rank() call (every per-decision cache is reset when
 * rank() starts), shared by all the planners of an engine: rank() never runs inside another, and
 * a planner made per game then costs a few views instead of thirty. One buffer (8-byte arrays
 * first, then 4-byte, then bytes: all aligned).
 */
class Scratch {
  readonly scores: Float64Array;
  readonly bound: Float64Array;
  readonly hitOf: Float64Array;
  readonly fireAt: Float64Array;
  readonly opp: Float64Array;
  readonly foeWorth: Float64Array;
  readonly exp: Float64Array;
  readonly mvScore: Float64Array;
  readonly field: Int32Array;
  readonly queue: Int32Array;
  readonly cost: Int32Array;
  readonly from: Int32Array;
  readonly cand: Int32Array;
  readonly kinds: Int32Array;
  readonly atkT: Int32Array;
  readonly foe: Int32Array;
  readonly foeHex: Int32Array;
  readonly mvTo: Int32Array;
  readonly planKeyBuf: Int32Array;
  readonly positionBuf: Int32Array;
  readonly inQueue: Uint8Array;
  readonly mvMode: Uint8Array;
  readonly foeTables: Float64Array[] = [];
  readonly dist: Uint16Array;
  readonly kindOf: Int8Array;

  constructor(E: Engine) {
    const { n, nu } = E.m;
    const buf = new ArrayBuffer((64 + n + nu * 4 + MAX_W * nu * 2) * 8 + (n * 8 + 1 + PLAN_KEY + nu * (9 + 2 * MAX_W) + 128) * 4 + n + nu);
    let off = 0;
    const f64 = (len: number): Float64Array => { const a = new Float64Array(buf, off, len); off += len * 8; return a; };
    const i32 = (len: number): Int32Array => { const a = new Int32Array(buf, off, len); off += len * 4; return a; };
    this.scores = f64(64);
    this.bound = f64(n);
    this.hitOf = f64(nu);
    this.fireAt = f64(nu);
    this.opp = f64(MAX_W * nu);
    this.foeWorth = f64(nu);
    this.exp = f64(MAX_W * nu);
    this.mvScore = f64(nu);
    this.field = i32(n);
    this.queue = i32(n + 1);
    this.cost = i32(n);
    this.from = i32(n);
    this.cand = i32(n);
    this.kinds = i32(64);
    this.atkT = i32(64);
    this.foe = i32(nu);
    this.foeHex = i32(nu);
    this.mvTo = i32(nu);
    this.planKeyBuf = i32(PLAN_KEY);
    this.positionBuf = i32(nu * (6 + 2 * MAX_W) + 3 * n);
    this.inQueue = new Uint8Array(buf, off, n);
    this.mvMode = new Uint8Array(buf, off + n, nu);
    this.dist = distances(E.m.grid);
    this.kindOf = kindTable(E);
  }
}

const scratches = new WeakMap<Engine, Scratch>();
function scratchOf(E: Engine): Scratch {
  let sc = scratches.get(E);
  if (sc === undefined) scratches.set(E, (sc = new Scratch(E)));
  return sc;
}

/** One memo per engine, side and style (a planner is made per game and side: looked up without building a name). */
const memos = new WeakMap<Engine, { readonly side: number; readonly style: Style; readonly memo: PlanMemo }[]>();
function memoOf(E: Engine, side: number, style: Style): PlanMemo {
  let list = memos.get(E);
  if (list === undefined) memos.set(E, (list = []));
  for (let i = 0; i < list.length; i++) if (list[i].side === side && sameStyle(list[i].style, style)) return list[i].memo;
  const memo = new PlanMemo();
  list.push({ side, style: { ...style }, memo });
  return memo;
}

/** Are two styles the same in every field? */
function sameStyle(a: Style, b: Style): boolean {
  for (let i = 0; i < STYLE_FIELDS.length; i++) if (a[STYLE_FIELDS[i]] !== b[STYLE_FIELDS[i]]) return false;
  return true;
}

/** kindIndexOf(code) at [code] for every action code, once per engine (none beyond 2^20 codes: then kindIndexOf is asked). */
const kindTables = new WeakMap<Engine, Int8Array>();
export function kindTable(E: Engine): Int8Array {
  let t = kindTables.get(E);
  if (t === undefined) {
    const size = E.A.size;
    t = new Int8Array(size <= 1 << 20 && E.A.kinds.length <= 127 ? size : 0);
    for (let c = 0; c < t.length; c++) t[c] = E.A.kindIndexOf(c);
    kindTables.set(E, t);
  }
  return t;
}

/**
 * grid.distance(i, j) at [i * n + j] for every pair of hexes, once per grid (the planner asks it
 * for every reachable hex and foe); at most 1024 hexes (2 MB), beyond which distance() is asked.
 */
const distTables = new WeakMap<HexGrid, Uint16Array>();
const NO_TABLE = new Uint16Array(0);
function distances(grid: HexGrid): Uint16Array {
  let t = distTables.get(grid);
  if (t === undefined) {
    const n = grid.n;
    if (n > 1024) t = NO_TABLE;
    else {
      t = new Uint16Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[i * n + j] = grid.distance(i, j);
    }
    distTables.set(grid, t);
  }
  return t;
}

/**
 * Expected kill by attack target (index T + 1, T clamped to -1..40) against a unit of durability
 * `row`: as common.ts expectedKill, once per row and model.
 */
const ekTables = new WeakMap<readonly string[], Float64Array>();
function ekTable(m: Engine['m'], row: readonly string[]): Float64Array {
  let t = ekTables.get(row);
  if (t === undefined) {
    t = new Float64Array(42);
    const mode = modeOf(m);
    const pd = pDestroyGivenRoll(row);
    for (let T = -1; T <= 40; T++) {
      const ph = pHitNum(T, mode);
      const pa = T < 0 ? 0 : pAutoNum(T, mode);
      t[T + 1] = pa + (ph - pa) * (pd + (1 - pd) * 0.3);
    }
    ekTables.set(row, t);
  }
  return t;
}

/** Best P(hit) of u's weapons (not unarmed) on an enemy unit in hex x, as if u stood there ([9.1] 3). */
export function cqcHit(E: Engine, s: MakState, u: number, x: number): number {
  const { m } = E;
  let best = 0;
  for (let w = 0; w < MAX_W; w++) {
    if (!weaponReady(m, s, u, w, K_CQC)) continue;
    for (let t = 0; t < m.nu; t++) {
      if (m.uside[t] === m.uside[u] || s.status[t] & DEAD || s.hex[t] !== x) continue;
      best = Math.max(best, pHitNum(attackTargetAt(m, s, u, w, t, x, x), modeOf(m)));
    }
  }
  return best;
}

/** Expected VP the units of `side` in hex h score in one round of a CQC there (best weapon each, unarmed included). */
function cqcValue(E: Engine, s: MakState, h: number, side: number): number {
  const { m } = E;
  let sum = 0;
  for (let u = 0; u < m.nu; u++) {
    if (m.uside[u] !== side || s.hex[u] !== h || s.status[u] & DEAD || m.uveh[u]) continue;
    let best = 0;
    for (let w = 0; w <= MAX_W; w++) for (let t = 0; t < m.nu; t++) {
      if (m.uside[t] === side || s.hex[t] !== h || s.status[t] & DEAD || !weaponReady(m, s, u, w, K_CQC)) continue;
      if (pHitNum(attackTargetAt(m, s, u, w, t, h, h), modeOf(m)) <= 0) continue;
      best = Math.max(best, expectedKillAt(m, s, u, w, t, h, h) * worth(m, s, t));
    }
    sum += best;
  }
  return sum;
}

/** Best P(hit) of an offensive shot unit u could take from hex h with a working weapon it sees a target from (whatever it did this phase). */
function shotFrom(E: Engine, s: MakState, u: number, h: number): number {
  const { m } = E;
  let best = 0;
  for (let t = 0; t < m.nu; t++) {
    if (m.uside[t] === m.uside[u] || s.status[t] & DEAD || s.carrier[t] >= 0) continue;
    for (let w = 0; w < MAX_W; w++) {
      const k = u * MAX_W + w;
      if (m.wtype[k] < 0 || s.wdis[k] === 1 || (m.wammo[k] > 0 && s.ammo[k] <= 0)) continue;
      const dist = m.grid.distance(h, s.hex[t]);
      if (dist === 0 || dist > m.wrange[k] || !sees(m, s, h, s.hex[t], m.ustack[t] === 2 ? 1 : 0)) continue;
      best = Math.max(best, pHitNum(attackTargetAt(m, s, u, w, t, h, s.hex[t]), modeOf(m)));
    }
  }
  return best;
}

/**
 * What losing unit u costs its side in O.G.P.: its VP and, with pilot escape ([18.2]), half its
 * pilot's (a pilot is killed on 2d6 >= 4 or 7 after a D or an A/M and the enemy scores them).
 */
export function worth(m: Engine['m'], s: MakState, u: number): number {
  return m.uvp[u] + (m.opt.pilotEscape && !(s.status[u] & PILOT_GONE) ? 0.5 * s.pVp[u] : 0);
}

/** Is `side` losing on its last turn (by the victory rule, [O.G.P.])? Then even a long chance is worth taking. */
export function losingLastTurn(E: Engine, s: MakState, side: number): boolean {
  return s.turn >= E.m.body.turns && wouldLose(E, s, side);
}

/** Would `side` lose if the game ended now (O.G.P. with the scenario's VP, less artillery; the side that must exceed needs more)? */
export function wouldLose(E: Engine, s: MakState, side: number): boolean {
  const { m } = E;
  const v = m.body.victory;
  const o0 = s.ogp[0] + v.extra.mercenary - s.artVp[0];
  const o1 = s.ogp[1] + v.extra.strahl - s.artVp[1];
  const x = v.mustExceed === 'mercenary' ? 0 : 1;
  const winner = (x === 0 ? o0 : o1) > (x === 0 ? o1 : o0) ? x : 1 - x;
  return winner !== side;
}
