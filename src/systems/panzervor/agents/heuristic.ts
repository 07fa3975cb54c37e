/**
 * The scripted policy shared by the three heuristics (spec §7.4). One decision procedure per
 * pending decision; the style (brawler, marksman, flag commander) is a set of named numbers
 * (style.ts). This file holds the valuation and the decisions of a card's play; reactions.ts,
 * hand.ts and setup.ts the others, workspace.ts the scratch they share.
 *
 * At the Action Phase the agent values every playable card (expected points destroyed now, plus
 * the change in position value: threat to the tank weighted by lambda, distance to the enemy for
 * closers) and remembers a plan (card, tank, end hex and facing, target); the following steps
 * carry the plan out, re-planning when the situation changed (a Quick Shot, a blocked hex).
 * Abilities are used just in time: the engine only offers them when they change a roll.
 *
 * Speed, with decisions identical to the plain definitions (test/systems/panzervor/agent-search.test.ts
 * checks the pieces against them, the golden transcripts the whole): position values and card
 * shots are memoised per hex while the agent's stamp holds (the stamp changes with the enemy's
 * tanks, crews, smoke, wrecks and the lambda inputs), and below that per (own tank, hex, enemy)
 * (evaluator.ts), and a hex whose upper bound cannot beat the best end so far is passed over
 * without them (positionBound); the move search runs once per tank and board for every card, survives board
 * changes it does not depend on, and a move in progress only looks for the next step of its plan
 * (search.ts); card values and the best move per MP are kept for the decision. All scratch lives
 * in typed arrays owned by a workspace per compiled game and side, so a decision allocates
 * (almost) nothing, and decisions that value nothing (reactions, targets, discards...) skip the
 * bookkeeping.
 */
import type { Agent, DecisionContext } from '../../../core/agent.ts';
import { A_PASS, Action, K, SLOT_AIDE, SLOT_COMBAT_SENSE, STEP_ABILITY_BASE } from '../actions.ts';
import { inFrontArc } from '../rules/board.ts';
import type { PvObservation } from '../observe.ts';
import { FACE_FRONT, type PvState } from '../state.ts';
import { AK_ATTACK, AK_MOVE, AK_MOVE_OR_ATTACK, AK_MOVE_THEN_ATTACK, EV_DRAW, EV_MAINT, K_ACTION, K_ENFORCEMENT, MATCH_FLAG, SC_DRAW, SC_EXTRA_ACTION, type PvStatic } from '../model.ts';
import { anyImmobile, firstOf, has, killChanceGun } from './common.ts';
import { quickShotChance, threatAt, type ShotCard } from './eval.ts';
import { decideDiscard, decideMaintenance, decideRecovery, keepValue } from './hand.ts';
import { agentStatic } from './private-static.ts';
import { decideEavesdrop, decideReaction } from './reactions.ts';
import type { ReachSet } from './search.ts';
import { decidePlaceCharacter, decidePlacement } from './setup.ts';
import { targetWeight, type Style } from './style.ts';
import { MOVE_MEMO_MP, newDecision, newStamp, workspaceFor, type Workspace } from './workspace.ts';

/** The plan chosen at the card: card, tank, mode, end hex and facing of the move, target. */
class Plan {
  constructor(
    public card: number,
    public tank: number,
    public mode: number,
    public hex: number,
    public facing: number,
    public target: number,
  ) {}
}

export class HeuristicAgent implements Agent<PvObservation, PvState> {
  private plan: Plan | null = null;
  private planTurn = -1;
  private G: PvStatic | null = null;
  /** The agents' copy of the static model for the current decision (see private-static.ts). */
  private g!: PvStatic;
  private ws!: Workspace;
  /** Target value multipliers per tank. */
  private weights = new Float64Array(0);
  /** Memo stamp of position values and card shots (see signature()). */
  private stamp = 0;
  private sig = new Int32Array(64);
  private sigLen = -1;
  private sigI = 0;
  private sigChanged = false;
  /** lambda for the current decision. */
  private lam = 0;
  /** Chance that the opponent holds a Quick Shot for the current decision (eval.ts quickShotChance). */
  private qsRate = 0;
  /** Largest MP bonus of a moving card in hand. */
  private handBonus = 0;
  /** Number of the current decision (workspace.ts newDecision). */
  private decision = 0;
  private cVal!: Float64Array;
  private cTank!: Int32Array;
  private cMode!: Int32Array;
  private cHex!: Int32Array;
  private cFacing!: Int32Array;
  private cTarget!: Int32Array;
  private cOrd!: Int32Array;
  private kDecision!: Float64Array;
  private kValue!: Float64Array;
  private kTank!: Int32Array;
  private kMode!: Int32Array;
  private kHex!: Int32Array;
  private kFacing!: Int32Array;
  private kTarget!: Int32Array;
  /** The decision whose valuation inputs are set (values()). */
  private valuedAt = -1;
  /** The workspace served another agent since the last values(): renew the memo stamp. */
  private staleMemo = true;
  /** Value of the last bestEnd(). */
  private endValue = -Infinity;

  constructor(
    readonly side: number,
    readonly style: Style,
  ) {}

  decide(ctx: DecisionContext<PvObservation>): number {
    const o = ctx.observe();
    if (o.turn !== this.planTurn) {
      this.plan = null;
      this.planTurn = o.turn;
    }
    const G = (this.g = agentStatic(o.G));
    if (this.G !== G) this.setup(G);
    this.decision = newDecision();
    const d = o.decision;
    if (d === 'action' || d === 'extraAction' || d === 'tank' || d === 'move' || d === 'event') this.prepare(o);
    switch (d) {
      case 'place': return decidePlacement(G, this.style, this.side, this.ws, o, ctx);
      case 'placeCharacter': return decidePlaceCharacter(G, ctx);
      case 'action': case 'extraAction': return this.action(o, ctx);
      case 'tank': return this.tank(o, ctx);
      case 'move': return this.move(o, ctx);
      case 'turret': return this.turret(o, ctx);
      case 'target': return this.target(o, ctx);
      case 'reaction': return decideReaction(G, this.style, o, ctx);
      case 'eavesdrop': return decideEavesdrop(G, o, ctx);
      case 'ability': return firstOf(ctx, K.use) ?? A_PASS;
      case 'event': return this.event(o, ctx);
      case 'maintenance': return decideMaintenance(G, this.style, this.side, o, ctx);
      case 'recovery': return decideRecovery(G, ctx);
      case 'discard': return decideDiscard(G, this.style, this.side, o, ctx);
      default: return ctx.legal[0];
    }
  }

  /**
   * The board of a decision that may move a tank or value positions; values() follows when the
   * decision values anything (a move that follows its plan, most 'tank' and 'event' decisions,
   * value nothing).
   */
  private prepare(o: PvObservation): void {
    const ws = this.ws;
    const force = ws.owner !== this;
    // Another agent used the workspace: the memo stamp is renewed at the next values().
    if (force) this.staleMemo = true;
    ws.owner = this;
    ws.search.setBoard(o, force, newStamp);
  }

  /**
   * Memo stamp and valuation inputs, once per decision, before the first value. Position values
   * depend on the enemy's tanks, the crews, wrecks, smoke and the lambda inputs only: keep them
   * while those stay the same as at the last decision that valued anything (e.g. across the steps
   * of the agent's own move); the decisions in between change nothing the memos hold.
   */
  private values(o: PvObservation): void {
    if (this.valuedAt === this.decision) return;
    this.valuedAt = this.decision;
    const G = this.g;
    const ws = this.ws;
    if (this.signatureChanged(o) || this.staleMemo) this.stamp = newStamp();
    this.staleMemo = false;
    this.lam = this.lambda(o);
    this.qsRate = quickShotChance(o, this.side);
    if (this.style.quickShotWeight !== undefined) this.qsRate *= this.style.quickShotWeight;
    // The largest MP bonus of a moving card in hand: one move search per tank serves every card.
    let bonus = 0;
    for (let k = 0; k < G.nK; k++) {
      const kind = G.kKind[k];
      if (o.hand[k] > 0 && G.kType[k] === K_ACTION && (kind === AK_MOVE || kind === AK_MOVE_OR_ATTACK || kind === AK_MOVE_THEN_ATTACK) && G.kMp[k] > bonus) bonus = G.kMp[k];
    }
    this.handBonus = bonus;
    ws.ev.begin(o, this.stamp, this.lam, this.style, this.weights);
  }

  private setup(G: PvStatic): void {
    this.G = G;
    const ws = (this.ws = workspaceFor(G, this.side));
    this.weights = new Float64Array(G.nT);
    for (let u = 0; u < G.nT; u++) this.weights[u] = G.matchType === MATCH_FLAG && G.tFlag[u] ? this.style.flagWeight : 1;
    this.cVal = ws.cVal;
    this.cTank = ws.cTank;
    this.cMode = ws.cMode;
    this.cHex = ws.cHex;
    this.cFacing = ws.cFacing;
    this.cTarget = ws.cTarget;
    this.cOrd = ws.cOrd;
    this.kDecision = ws.kDecision;
    this.kValue = ws.kValue;
    this.kTank = ws.kTank;
    this.kMode = ws.kMode;
    this.kHex = ws.kHex;
    this.kFacing = ws.kFacing;
    this.kTarget = ws.kTarget;
    this.sigLen = -1;
  }

  // ------------------------------------------------------------------ valuation

  /** Writes the memo signature of o and says whether it differs from the last one. */
  private signatureChanged(o: PvObservation): boolean {
    const G = this.g;
    const need = 4 + 7 * G.nT + 2 * G.nC + o.smokeHex.length;
    if (this.sig.length < need) {
      const s = new Int32Array(2 * need);
      s.set(this.sig);
      this.sig = s;
    }
    this.sigI = 0;
    this.sigChanged = false;
    this.put(o.active);
    this.put(o.enfDrawn);
    this.put(o.pointsKilled[0]);
    this.put(o.pointsKilled[1]);
    for (let t = 0; t < G.nT; t++) {
      if (G.tSide[t] === this.side) {
        this.put(o.alive[t]);
        this.put(o.wreck[t]);
        this.put(o.alive[t] ? 0 : o.hex[t]);
        this.put(o.turret[t]);
        this.put(o.rotUsed[t]);
      } else {
        this.put(o.hex[t]);
        this.put(o.facing[t]);
        this.put(o.alive[t]);
        this.put(o.wreck[t]);
        this.put(o.turret[t]);
        this.put(o.rotUsed[t]);
        this.put(o.inop[t]);
      }
    }
    for (let c = 0; c < G.nC; c++) {
      this.put(o.chFace[c]);
      this.put(o.chTank[c]);
    }
    for (let j = 0; j < o.smokeHex.length; j++) this.put(o.smokeHex[j]);
    const i = this.sigI;
    let changed = this.sigChanged;
    if (i !== this.sigLen) changed = true;
    this.sigLen = i;
    return changed;
  }

  private put(v: number): void {
    if (this.sig[this.sigI] !== v) {
      this.sig[this.sigI] = v;
      this.sigChanged = true;
    }
    this.sigI++;
  }

  private lambda(o: PvObservation): number {
    const s = this.style;
    if (s.defensiveAt > 0 && o.enfDrawn >= s.defensiveAt && o.pointsKilled[this.side] > o.pointsKilled[1 - this.side]) return s.defensiveLambda;
    return s.lambda;
  }

  private card(o: PvObservation, k: number): ShotCard {
    const G = this.g;
    return { attackMod: G.kAtk[k], damageMod: G.kDmg[k], noRoll: G.kNoRoll[k] === 1 };
  }

  private mayMove(o: PvObservation, t: number): boolean {
    return o.alive[t] === 1 && o.inop[t] === 0 && o.immobile[t] === 0;
  }

  /**
   * Best plan and its value for card k with tank t (mode: 0 move / default, 1 attack), written to
   * candidate slot i (cVal[i], cTank[i]...); returns the value.
   */
  private evalTank(o: PvObservation, k: number, t: number, mode: number, i: number): number {
    this.values(o);
    const G = this.g;
    const ev = this.ws.ev;
    const kind = G.kKind[k];
    const here = o.hex[t];
    const f0 = o.facing[t];
    // The plan when nothing is worth doing.
    this.cVal[i] = -Infinity;
    this.cTank[i] = t;
    this.cMode[i] = mode;
    this.cHex[i] = here;
    this.cFacing[i] = f0;
    this.cTarget[i] = -1;
    if (kind === AK_ATTACK || (kind === AK_MOVE_OR_ATTACK && mode === 1) || (kind === AK_MOVE_THEN_ATTACK && !this.mayMove(o, t))) {
      // Attack from where it stands.
      const ek = ev.shotCard(k, t, here, f0);
      const target = ev.lastTarget;
      if (target < 0 || ev.lastP < this.style.fireAt) return -Infinity;
      let v = ek;
      if (this.style.longRange > 0 && G.kAtk[k] > 0 && G.grid.distance(here, o.hex[target]) <= this.style.longRange) v -= 0.25 * G.tPts[target];
      this.cVal[i] = v;
      this.cMode[i] = 1;
      this.cTarget[i] = target;
      return v;
    }
    if (kind !== AK_MOVE && kind !== AK_MOVE_OR_ATTACK && kind !== AK_MOVE_THEN_ATTACK) {
      // Smokescreen: worth the threat it would hide.
      return (this.cVal[i] = 0.4 * this.lam * threatAt(o, t, here, f0) - 0.05);
    }
    if (!this.mayMove(o, t)) return -Infinity;
    const mp = G.tMove[t] + G.kMp[k];
    const attack = kind === AK_MOVE_THEN_ATTACK;
    // The same best end for every card with the same MP and attack modifiers (none for a move
    // alone), memoised for the decision.
    const ws = this.ws;
    const memo = mp >= 0 && mp < MOVE_MEMO_MP ? ((attack ? 1 + ev.slotOf(k) : 0) * G.nT + t) * MOVE_MEMO_MP + mp : -1;
    if (memo >= 0 && ws.mvDecision[memo] === this.decision) {
      const v = ws.mvValue[memo];
      if (v > -Infinity) {
        this.cMode[i] = 0;
        this.cHex[i] = ws.mvHex[memo];
        this.cFacing[i] = ws.mvFacing[memo];
        this.cTarget[i] = ws.mvTarget[memo];
      }
      this.cVal[i] = v;
      return v;
    }
    const base = ev.position(t, here, f0);
    const ends = ws.search.reachHome(t, here, f0, mp, this.handBonus);
    let best = -Infinity;
    const pv = ev.posValue;
    const qk = ev.qsKill;
    const qsCost = this.qsRate;
    const pts = G.tPts[t];
    let lastHex = -1;
    let pi = 0;
    let ci = 0;
    let cek: Float64Array | null = null;
    let ctg: Int16Array | null = null;
    // A hex whose bound (evaluator.ts positionBound, plus the card shot's) cannot beat the best
    // so far holds no end that would replace it (the Quick Shot term only lowers a value): its
    // values are not computed.
    let skip = false;
    for (let j = 0; j < ends.count; j++) {
      if (ends.cost[j] > mp) continue;
      const hf = ends.hf[j];
      const h = (hf / 6) | 0;
      const f = hf - 6 * h;
      if (h !== lastHex) {
        // Ends come grouped by hex: one memo lookup per hex.
        lastHex = h;
        let bound = ev.positionBound(t, h) - base;
        if (attack) bound += ev.lastShotBound;
        skip = bound <= best;
        if (skip) continue;
        pi = ev.posIndex(t, h);
        if (attack) {
          ci = ev.cardIndex(k, t, h);
          cek = ev.cardEkOf(k);
          ctg = ev.cardTgtOf(k);
        }
      } else if (skip) continue;
      let v = pv[pi + f] - base;
      let target = -1;
      let shot = 0;
      if (attack) {
        shot = cek![ci + f];
        v += shot;
        target = ctg![ci + f];
      }
      // A Quick Shot at the tank once it has moved (W1) or before its attack roll (W2).
      if (qsCost > 0 && (attack || h !== here || f !== f0)) v -= qsCost * qk[pi + f] * (pts + shot);
      if (v > best) {
        best = v;
        this.cMode[i] = 0;
        this.cHex[i] = h;
        this.cFacing[i] = f;
        this.cTarget[i] = target;
      }
    }
    this.cVal[i] = best;
    if (memo >= 0) {
      ws.mvDecision[memo] = this.decision;
      ws.mvValue[memo] = best;
      ws.mvHex[memo] = this.cHex[i];
      ws.mvFacing[memo] = this.cFacing[i];
      ws.mvTarget[memo] = this.cTarget[i];
    }
    return best;
  }

  /** Value of playing card k now (over every tank that may use it); its best plan is kept in kTank[k]... */
  private evalCard(o: PvObservation, k: number): number {
    if (this.kDecision[k] === this.decision) return this.kValue[k];
    this.values(o);
    const G = this.g;
    const kind = G.kKind[k];
    let m = 0;
    for (const t of G.sideTanks[this.side]) {
      if (!o.alive[t] || o.inop[t]) continue;
      if (kind === AK_MOVE_OR_ATTACK) {
        this.evalTank(o, k, t, 0, m++);
        this.evalTank(o, k, t, 1, m++);
      } else this.evalTank(o, k, t, 0, m++);
    }
    // Stable sort by value, best first (as Array.prototype.sort with (a, b) => b.value - a.value).
    const ord = this.cOrd;
    const val = this.cVal;
    for (let i = 0; i < m; i++) {
      const x = i;
      let j = i - 1;
      while (j >= 0 && val[x] - val[ord[j]] > 0) {
        ord[j + 1] = ord[j];
        j--;
      }
      ord[j + 1] = x;
    }
    this.kDecision[k] = this.decision;
    if (m === 0 || val[ord[0]] === -Infinity) {
      this.kValue[k] = -Infinity;
      this.kTank[k] = -1;
      return -Infinity;
    }
    const b = ord[0];
    let value = val[b];
    // Cards for several tanks: add the next best tanks (Volley Fire shares the target).
    const extra = Math.min(G.kTanks[k], G.nT) - 1;
    if (extra > 0 && kind === AK_ATTACK && !G.kSame[k]) for (let i = 1; i <= extra && i < m; i++) value += Math.max(0, val[ord[i]]);
    if (extra > 0 && kind === AK_ATTACK && G.kSame[k]) {
      const tgt = this.cTarget[b];
      for (const t of G.sideTanks[this.side]) {
        if (t === this.cTank[b] || !o.alive[t] || o.inop[t] || tgt < 0) continue;
        value += this.ws.ev.killP(t, o.hex[t], o.facing[t], tgt, o.hex[tgt], o.facing[tgt], G.kAtk[k], G.kDmg[k], G.kNoRoll[k] === 1) * G.tPts[tgt] * targetWeight(o, this.style, tgt) * 0.5;
      }
    }
    if (extra > 0 && kind === AK_MOVE) for (let i = 1; i <= extra && i < m; i++) value += Math.max(0, val[ord[i]]);
    this.kValue[k] = value;
    this.kTank[k] = this.cTank[b];
    this.kMode[k] = this.cMode[b];
    this.kHex[k] = this.cHex[b];
    this.kFacing[k] = this.cFacing[b];
    this.kTarget[k] = this.cTarget[b];
    return value;
  }

  /** The plan evalCard found for card k in this decision. */
  private cardPlan(k: number): Plan | null {
    if (this.kTank[k] < 0) return null;
    return new Plan(k, this.kTank[k], this.kMode[k], this.kHex[k], this.kFacing[k], this.kTarget[k]);
  }

  // ------------------------------------------------------------------ decisions

  private action(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = this.g;
    let best = A_PASS;
    let bestValue = this.style.minGain;
    let bestCard = -1;
    let cs = -1;
    let other = -1;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const kind = Action.kindIndexOf(a);
      if (kind === K.card) {
        const p = Action.read.card.type(a);
        const v = this.evalCard(o, p);
        if (v > bestValue) {
          bestValue = v;
          best = a;
          bestCard = p;
        }
      } else if (kind === K.ability) {
        const slot = Action.read.ability.slot(a);
        const c = Action.read.ability.character(a);
        if (slot === SLOT_COMBAT_SENSE) cs = a;
        else if (slot === SLOT_AIDE) {
          if (this.style.crewEngine || this.clock(o) || o.handSize[this.side] + G.cAide[2 * c + o.chFace[c]] <= G.rules.handLimit + 1) other = a;
        } else other = a; // Recovery: bring a character back whenever there is one
      } else if (kind === K.scenarioCard) {
        const sc = G.scenarioCards[this.side][Action.read.scenarioCard.index(a)];
        if (sc.effect !== SC_EXTRA_ACTION && (sc.effect !== SC_DRAW || o.handSize[this.side] < G.rules.handLimit)) other = a;
      }
    }
    if (best !== A_PASS) {
      this.plan = this.cardPlan(bestCard);
      return best;
    }
    if (other >= 0) return other;
    if (cs >= 0 && this.csWorth(o)) return cs;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (Action.kindIndexOf(a) === K.scenarioCard && G.scenarioCards[this.side][Action.read.scenarioCard.index(a)].effect === SC_EXTRA_ACTION) {
        for (let k = 0; k < G.nK; k++) if (o.hand[k] > 0 && G.kType[k] === K_ACTION && this.evalCard(o, k) > this.style.minGain) return a;
      }
    }
    return A_PASS;
  }

  /**
   * Some Action card in hand would attack, and is worth playing (spec §7.3: "keep Combat Sense for
   * turns where the second card has EK >= the first card's"): the extra card is a shot, never a
   * second move that only brings the tanks closer to the enemy's next shots.
   */
  private attackWorthPlaying(o: PvObservation): boolean {
    const G = this.g;
    for (let k = 0; k < G.nK; k++) {
      if (o.hand[k] > 0 && G.kType[k] === K_ACTION && this.evalCard(o, k) > this.style.minGain && this.kTarget[k] >= 0) return true;
    }
    return false;
  }

  /**
   * Combat Sense is worth using: for a shot (attackWorthPlaying), or with Style.crewEngine whenever
   * an own Recovery crew can turn it face up again at once (seed p13: the second card costs nothing).
   */
  private csWorth(o: PvObservation): boolean {
    return this.attackWorthPlaying(o) || (this.style.crewEngine === true && this.recoveryAtHand(o));
  }

  /** Style.runClock and a points lead in a match with the stagnant-match Forced End (seed p14): cards drawn bring the win nearer. */
  private clock(o: PvObservation): boolean {
    return this.style.runClock === true && this.g.opt.stagnation && o.pointsKilled[this.side] > o.pointsKilled[1 - this.side];
  }

  /** An own crew on the map, face up on a Recovery face: it can turn an exhausted Combat Sense crew face up again at once. */
  private recoveryAtHand(o: PvObservation): boolean {
    const G = this.g;
    for (let c = 0; c < G.nC; c++) {
      const t = o.chTank[c];
      if (t < 0 || G.tSide[t] !== this.side || !o.alive[t] || o.chFace[c] !== FACE_FRONT) continue;
      if (G.cRec[2 * c] === 1 && G.cCS[2 * c] === 0) return true;
    }
    return false;
  }

  private tank(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = this.g;
    const k = o.card;
    const plan = this.plan;
    if (plan && plan.card === k && !o.acted.includes(plan.tank)) {
      const want = Action.encode.tank(G.kKind[k] === AK_MOVE_OR_ATTACK ? plan.mode : plan.mode === 1 && G.kKind[k] !== AK_MOVE ? 1 : 0, plan.tank);
      if (has(ctx, want)) return want;
      for (let m = 0; m < 2; m++) if (has(ctx, Action.encode.tank(m, plan.tank))) return Action.encode.tank(m, plan.tank);
    }
    const pass = has(ctx, A_PASS);
    let best = pass ? A_PASS : ctx.legal[0];
    let bestValue = pass ? 0 : -Infinity;
    const vt = o.volleyTarget;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (Action.kindIndexOf(a) !== K.tank) continue;
      const t = Action.read.tank.tank(a);
      let v = this.evalTank(o, k, t, Action.read.tank.mode(a), 0);
      let target = this.cTarget[0];
      if (G.kSame[k] && vt >= 0) {
        v = this.ws.ev.killP(t, o.hex[t], o.facing[t], vt, o.hex[vt], o.facing[vt], G.kAtk[k], G.kDmg[k], G.kNoRoll[k] === 1) * G.tPts[vt];
        target = vt;
      }
      if (v > bestValue) {
        bestValue = v;
        best = a;
        this.plan = new Plan(k, this.cTank[0], this.cMode[0], this.cHex[0], this.cFacing[0], target);
      }
    }
    return best;
  }

  private move(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = this.g;
    const t = o.mv.tank;
    const here = o.hex[t];
    const f = o.facing[t];
    const mp = o.mv.mp;
    // A movement ability (just in time): use it when it buys a clearly better end position.
    let ability = -1;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (Action.kindIndexOf(a) === K.step && Action.read.step.step(a) >= STEP_ABILITY_BASE) {
        ability = a;
        break;
      }
    }
    let bonus = 0;
    if (ability >= 0) {
      const c = Action.read.step.step(ability) - STEP_ABILITY_BASE;
      bonus = G.cMov[2 * c + o.chFace[c]];
    }
    const plan = this.plan;
    if (ability < 0 && plan && plan.tank === t && plan.hex >= 0) {
      // Carrying out the plan: only the first step toward its end state is needed.
      const first = this.ws.search.firstStep(t, here, f, mp, o.mv.free, plan.hex, plan.facing);
      if (first !== -2) {
        if (first === -1 || (plan.hex === here && plan.facing === f)) return has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
        const step = Action.encode.step(first);
        return has(ctx, step) ? step : has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
      }
    }
    // One search answers both budgets (with and without the ability).
    const ends = this.ws.search.reach(t, here, f, Math.max(mp, mp + bonus), o.mv.free);
    let goal = plan && plan.tank === t ? ends.find(plan.hex, plan.facing, mp) : -1;
    if (ability >= 0) {
      this.bestEnd(o, t, ends, mp);
      const now = this.endValue;
      const more = this.bestEnd(o, t, ends, mp + bonus);
      if (this.endValue > now + 0.25) {
        if (plan) {
          const hf = ends.hf[more];
          plan.hex = (hf / 6) | 0;
          plan.facing = hf % 6;
        }
        return ability;
      }
    }
    if (goal < 0) {
      goal = this.bestEnd(o, t, ends, mp);
      if (goal < 0) return has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
      if (plan) {
        const hf = ends.hf[goal];
        plan.hex = (hf / 6) | 0;
        plan.facing = hf % 6;
      }
    }
    const first = ends.first[goal];
    if (first === -1 || ends.hf[goal] === here * 6 + f) return has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
    const step = Action.encode.step(first);
    if (has(ctx, step)) return step;
    return has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
  }

  /** Index of the best end state within mp MP (the first one on ties; -1 when none); its value in endValue. */
  private bestEnd(o: PvObservation, t: number, ends: ReachSet, mp: number): number {
    this.values(o);
    const G = this.g;
    const ev = this.ws.ev;
    const k = o.card;
    const attack = k >= 0 && G.kKind[k] === AK_MOVE_THEN_ATTACK;
    let best = -1;
    let value = -Infinity;
    const here = o.hex[t];
    const f0 = o.facing[t];
    for (let j = 0; j < ends.count; j++) {
      if (ends.cost[j] > mp) continue;
      if (best < 0) best = j;
      const hf = ends.hf[j];
      const h = (hf / 6) | 0;
      const f = hf - 6 * h;
      let v = ev.position(t, h, f);
      const shot = attack ? ev.cardShot(k, t, h, f) : 0;
      v += shot;
      // A Quick Shot at the tank once it has moved (W1) or before its attack roll (W2).
      if (this.qsRate > 0 && (attack || o.mv.steps > 0 || h !== here || f !== f0)) v -= this.qsRate * ev.quickShot(t, h, f) * (G.tPts[t] + shot);
      if (v > value) {
        value = v;
        best = j;
      }
    }
    this.endValue = value;
    return best;
  }

  private turret(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = this.g;
    const t = o.mv.tank;
    let best = A_PASS;
    let bestV = this.turretValue(o, t, G.opt.turretRelativeToHull ? (o.facing[t] + o.turret[t]) % 6 : o.turret[t]);
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (Action.kindIndexOf(a) !== K.turret) continue;
      const off = Action.read.turret.offset(a);
      const v = this.turretValue(o, t, G.opt.turretRelativeToHull ? (o.facing[t] + off) % 6 : off) - 0.01;
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private turretValue(o: PvObservation, t: number, dir: number): number {
    const G = this.g;
    let v = 0;
    for (let u = 0; u < G.nT; u++) {
      if (!o.alive[u] || G.tSide[u] === this.side || o.hex[u] < 0) continue;
      if (inFrontArc(G, o.hex[t], o.hex[u], dir)) v += G.tPts[u] * targetWeight(o, this.style, u) / (1 + G.grid.distance(o.hex[t], o.hex[u]));
    }
    return v;
  }

  private target(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = this.g;
    const t = o.acted[o.acted.length - 1];
    const card = this.card(o, o.card);
    let best = has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
    let bestV = 0;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (Action.kindIndexOf(a) !== K.target) continue;
      const tgt = Action.read.target.target(a);
      const g = Action.read.target.gun(a);
      const { p: kill } = killChanceGun(o, t, g, tgt, card);
      const v = kill * G.tPts[tgt] * targetWeight(o, this.style, tgt) + 1e-6 * (this.plan?.target === tgt ? 1 : 0);
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private event(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = this.g;
    let best = A_PASS;
    let bestV = 0;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const kind = Action.kindIndexOf(a);
      let v = 0;
      if (kind === K.card) {
        const p = Action.read.card.type(a);
        const kind = G.kKind[p];
        if (kind === EV_DRAW) v = this.clock(o) ? 0.9 : o.handSize[this.side] - 1 + G.kDraw[p] <= G.rules.handLimit + 1 ? 0.5 : 0;
        else if (kind === EV_MAINT) {
          if (anyImmobile(o, this.side)) v = 1.5;
          else for (let k = 0; k < G.nK; k++) if (o.discard[k] > 0 && G.kType[k] !== K_ENFORCEMENT && keepValue(G, this.style, this.side, o, k) >= 1.1) v = Math.max(v, 0.4);
        } else v = 0.8; // Recovery (only offered with a target)
      } else if (kind === K.ability) {
        const slot = Action.read.ability.slot(a);
        const c = Action.read.ability.character(a);
        if (slot === SLOT_COMBAT_SENSE) {
          if (this.csWorth(o)) v = 1;
        } else if (slot === SLOT_AIDE) v = this.style.crewEngine || this.clock(o) || o.handSize[this.side] + G.cAide[2 * c + o.chFace[c]] <= G.rules.handLimit + 1 ? 0.4 : 0;
        else v = 0.7;
      } else if (kind === K.scenarioCard) {
        v = G.scenarioCards[this.side][Action.read.scenarioCard.index(a)].effect === SC_DRAW ? 0.3 : 0.6;
      }
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }
}
