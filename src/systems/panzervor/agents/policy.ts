/**
 * The scripted policy shared by the three heuristics (spec §7.4). One decision procedure per
 * pending step; the style (brawler, marksman, flag commander) is a set of named numbers.
 *
 * At the Action Phase the agent values every playable card (expected points destroyed now, plus
 * the change in position value: threat to the tank weighted by lambda, distance to the enemy for
 * closers) and remembers a plan (card, tank, end hex and facing, target); the following steps
 * carry the plan out, re-planning when the situation changed (a Quick Shot, a blocked hex).
 * Abilities are used just in time: the engine only offers them when they change a roll.
 */
import type { Agent, DecisionContext } from '../../../core/agent.ts';
import {
  A_PASS, CAT_ABIL, CAT_CARD, CAT_EAVES, CAT_REACT, CAT_RECOVER, CAT_SCARD, CAT_STEP, CAT_TANK, CAT_TARGET, CAT_TURRET, CAT_USE,
  MAINT_REPAIR, MAINT_TAKE, SLOT_AIDE, SLOT_COMBAT_SENSE, STEP_ABILITY_BASE, catOf, code, decodeReact, payloadOf,
} from '../codes.ts';
import { inFrontArc } from '../engine.ts';
import type { PvObservation } from '../observe.ts';
import { p2d6ge, rangeModifier } from '../rules/rolls.ts';
import { S_ABIL, S_ACTION, S_DISCARD, S_EAVES, S_EVENT, S_MAINT, S_MOVE, S_PLACE, S_PLACE_CHAR, S_REACT, S_RECOVER, S_TANK, S_TARGET, S_TURRET, W1, W2, W3 } from '../state.ts';
import {
  AK_ATTACK, AK_MOVE, AK_MOVE_OR_ATTACK, AK_MOVE_THEN_ATTACK, EV_DRAW, EV_MAINT, K_ACTION, K_ENFORCEMENT, K_EVENT, K_REACTION, MATCH_FLAG,
  RE_CANCEL_HIT, RE_MOD, RE_QUICK, SC_DRAW, SC_EXTRA_ACTION, type PvStatic,
} from '../static.ts';
import { PLAIN, bestShot, crewBest, killChance, nearestEnemy, reach, threatAt, type EndState, type ShotCard } from './eval.ts';

export interface Style {
  /** Weight of the one-ply threat to the own tank after the action (spec §7.4: lambda ~ 0.5). */
  readonly lambda: number;
  /** Pull toward the enemy: value lost per hex of distance to the nearest enemy. */
  readonly closeWeight: number;
  /** Play a card only when its value exceeds this (points). */
  readonly minGain: number;
  /** Smallest kill chance of a planned attack that is worth an attack-only card. */
  readonly fireAt: number;
  /** Incoming kill chance that triggers Emergency Braking / Poor Line of Sight / Ricochet. */
  readonly reactAt: number;
  /** Kill chance of a Quick Shot worth playing. */
  readonly quickShotAt: number;
  /** Multiplier of the enemy flag tank's value (Flag Battles). */
  readonly flagWeight: number;
  /** Multiplier of the threat to the own flag tank. */
  readonly ownFlagWeight: number;
  /** Sighted Fire is kept for shots beyond this distance (0 = no preference). */
  readonly longRange: number;
  /** Spend Reactions only to protect the flag tank, or when a kill is nearly certain. */
  readonly reactOnlyForFlag: boolean;
  /** From this many Enforcement cards drawn, with the points lead, use defensiveLambda (0 = never). */
  readonly defensiveAt: number;
  readonly defensiveLambda: number;
  /** Which cards go first at the hand limit. */
  readonly discardFirst: 'sighted' | 'move' | 'none';
  /** Value of holding the last Reaction card. */
  readonly holdReaction: number;
  /** Stay back at set-up (marksman) or close in (brawler): value per hex of distance to the enemy. */
  readonly setupDepth: number;
  /** Keep targets in range: value lost per hex the nearest enemy lies beyond the tank's longest gun. */
  readonly rangeWeight: number;
}

interface Plan {
  card: number;
  tank: number;
  mode: number;
  hex: number;
  facing: number;
  target: number;
}

/** Memo buffers per compiled game and side, reused by the agents of successive games. */
const pools = new WeakMap<object, Array<{ value: Float64Array; stamp: Int32Array }>>();
/** Stamps are unique across every agent and game, so a reused buffer never returns a stale value. */
let nextStamp = 1;

export class HeuristicAgent implements Agent<PvObservation> {
  private plan: Plan | null = null;
  private planTurn = -1;
  /** Target value multipliers per tank, refreshed at each decision. */
  private weights = new Float64Array(0);
  /** Position values memoised while the enemy's state is unchanged: index (t * hexes + hex) * 6 + facing. */
  private posValue: Float64Array = new Float64Array(0);
  private posStamp: Int32Array = new Int32Array(0);
  private stamp = 0;
  private lastSig = '';

  constructor(
    readonly side: number,
    readonly style: Style,
    /** The compiled game (memo buffers are pooled per game and side). */
    private readonly game: object = {},
  ) {}

  decide(ctx: DecisionContext<PvObservation>): number {
    const o = ctx.observe();
    if (o.turn !== this.planTurn) {
      this.plan = null;
      this.planTurn = o.turn;
    }
    const G = o.G;
    if (this.weights.length !== G.nT) {
      this.weights = new Float64Array(G.nT);
      let pool = pools.get(this.game);
      if (!pool) pools.set(this.game, (pool = []));
      const size = G.nT * G.grid.n * 6;
      if (!pool[this.side] || pool[this.side].value.length !== size) pool[this.side] = { value: new Float64Array(size), stamp: new Int32Array(size) };
      this.posValue = pool[this.side].value;
      this.posStamp = pool[this.side].stamp;
    }
    for (let u = 0; u < G.nT; u++) this.weights[u] = this.weight(o, u);
    // Position values depend on the enemy's tanks, the crews, wrecks, smoke and the lambda inputs
    // only: keep them while those stay the same (e.g. across the steps of the agent's own move).
    const sig = this.signature(o);
    if (sig !== this.lastSig) {
      this.lastSig = sig;
      this.stamp = nextStamp++;
    }
    switch (o.step) {
      case S_PLACE: return this.place(o, ctx);
      case S_PLACE_CHAR: return this.placeChar(o, ctx);
      case S_ACTION: return this.action(o, ctx);
      case S_TANK: return this.tank(o, ctx);
      case S_MOVE: return this.move(o, ctx);
      case S_TURRET: return this.turret(o, ctx);
      case S_TARGET: return this.target(o, ctx);
      case S_REACT: return this.react(o, ctx);
      case S_EAVES: return this.eaves(o, ctx);
      case S_ABIL: return firstOf(ctx, CAT_USE) ?? A_PASS;
      case S_EVENT: return this.event(o, ctx);
      case S_MAINT: return this.maint(o, ctx);
      case S_RECOVER: return this.recover(o, ctx);
      case S_DISCARD: return this.discard(o, ctx);
      default: return ctx.legal[0];
    }
  }

  // ------------------------------------------------------------------ valuation

  private signature(o: PvObservation): string {
    const G = o.G;
    const parts: number[] = [o.active, o.enfDrawn, o.pointsKilled[0], o.pointsKilled[1]];
    for (let t = 0; t < G.nT; t++) {
      if (G.tSide[t] === this.side) parts.push(o.alive[t], o.wreck[t], o.alive[t] ? 0 : o.hex[t], o.turret[t], o.rotUsed[t]);
      else parts.push(o.hex[t], o.facing[t], o.alive[t], o.wreck[t], o.turret[t], o.rotUsed[t], o.inop[t]);
    }
    for (let c = 0; c < G.nC; c++) parts.push(o.chFace[c], o.chTank[c]);
    for (const h of o.smokeHex) parts.push(h);
    return parts.join(',');
  }

  private weight(o: PvObservation, tgt: number): number {
    return o.G.matchType === MATCH_FLAG && o.G.tFlag[tgt] ? this.style.flagWeight : 1;
  }

  private lambda(o: PvObservation): number {
    const s = this.style;
    if (s.defensiveAt > 0 && o.enfDrawn >= s.defensiveAt && o.pointsKilled[this.side] > o.pointsKilled[1 - this.side]) return s.defensiveLambda;
    return s.lambda;
  }

  /** Value of tank t standing at (hex, facing): small next-turn potential, minus weighted threat, minus distance pull. */
  private position(o: PvObservation, t: number, hex: number, facing: number): number {
    const G = o.G;
    const key = (t * G.grid.n + hex) * 6 + facing;
    if (this.posStamp[key] === this.stamp) return this.posValue[key];
    const potential = 0.3 * bestShot(o, t, hex, facing, PLAIN, this.weights).ek;
    const own = G.matchType === MATCH_FLAG && G.tFlag[t] ? this.style.ownFlagWeight : 1;
    const risk = this.lambda(o) * own * threatAt(o, t, hex, facing);
    const near = Math.min(30, nearestEnemy(o, t, hex));
    const close = this.style.closeWeight * Math.min(20, near);
    const longest = Math.max(G.gRange[2 * t], G.nG[t] > 1 ? G.gRange[2 * t + 1] : 0);
    const outOfRange = this.style.rangeWeight * Math.max(0, near - Math.min(longest, G.opt.extremeRangeFrom - 1));
    const v = potential - risk - close - outOfRange;
    this.posStamp[key] = this.stamp;
    this.posValue[key] = v;
    return v;
  }

  private card(o: PvObservation, k: number): ShotCard {
    const G = o.G;
    return { attackMod: G.kAtk[k], damageMod: G.kDmg[k], noRoll: G.kNoRoll[k] === 1 };
  }

  private mayMove(o: PvObservation, t: number): boolean {
    return o.alive[t] === 1 && o.inop[t] === 0 && o.immobile[t] === 0;
  }

  /** Best plan and its value for card k with tank t (mode: 0 move / default, 1 attack). */
  private evalTank(o: PvObservation, k: number, t: number, mode: number, cache: Map<string, EndState[]>): { value: number; plan: Plan } {
    const G = o.G;
    const kind = G.kKind[k];
    const card = this.card(o, k);
    const here = o.hex[t];
    const f0 = o.facing[t];
    const base = this.position(o, t, here, f0);
    const none = { value: -Infinity, plan: { card: k, tank: t, mode, hex: here, facing: f0, target: -1 } };
    const attackNow = () => {
      const shot = bestShot(o, t, here, f0, card, this.weights);
      if (shot.target < 0 || shot.p < this.style.fireAt) return none;
      let v = shot.ek;
      if (this.style.longRange > 0 && card.attackMod > 0 && G.grid.distance(here, o.hex[shot.target]) <= this.style.longRange) v -= 0.25 * G.tPts[shot.target];
      return { value: v, plan: { card: k, tank: t, mode: 1, hex: here, facing: f0, target: shot.target } };
    };
    if (kind === AK_ATTACK || (kind === AK_MOVE_OR_ATTACK && mode === 1)) return attackNow();
    if (kind === AK_MOVE_THEN_ATTACK && !this.mayMove(o, t)) return attackNow();
    if (kind !== AK_MOVE && kind !== AK_MOVE_OR_ATTACK && kind !== AK_MOVE_THEN_ATTACK) {
      // Smokescreen: worth the threat it would hide.
      return { value: 0.4 * this.lambda(o) * threatAt(o, t, here, f0) - 0.05, plan: none.plan };
    }
    if (!this.mayMove(o, t)) return none;
    const mp = G.tMove[t] + G.kMp[k];
    const ck = `${t}:${mp}`;
    let ends = cache.get(ck);
    if (!ends) {
      ends = reach(o, t, here, f0, mp, false);
      cache.set(ck, ends);
    }
    let best = none;
    for (const e of ends) {
      let v = this.position(o, t, e.hex, e.facing) - base;
      let target = -1;
      if (kind === AK_MOVE_THEN_ATTACK) {
        const shot = bestShot(o, t, e.hex, e.facing, card, this.weights);
        v += shot.ek;
        target = shot.target;
      }
      if (v > best.value) best = { value: v, plan: { card: k, tank: t, mode: 0, hex: e.hex, facing: e.facing, target } };
    }
    return best;
  }

  /** Best plan for playing card k now (over every tank that may use it), and its value. */
  private evalCard(o: PvObservation, k: number, cache: Map<string, EndState[]>): { value: number; plan: Plan | null } {
    const G = o.G;
    const kind = G.kKind[k];
    const values: Array<{ value: number; plan: Plan }> = [];
    for (const t of G.sideTanks[this.side]) {
      if (!o.alive[t] || o.inop[t]) continue;
      if (kind === AK_MOVE_OR_ATTACK) {
        values.push(this.evalTank(o, k, t, 0, cache), this.evalTank(o, k, t, 1, cache));
      } else values.push(this.evalTank(o, k, t, 0, cache));
    }
    values.sort((a, b) => b.value - a.value);
    if (values.length === 0 || values[0].value === -Infinity) return { value: -Infinity, plan: null };
    let value = values[0].value;
    // Cards for several tanks: add the next best tanks (Volley Fire shares the target).
    const extra = Math.min(G.kTanks[k], G.nT) - 1;
    if (extra > 0 && kind === AK_ATTACK && !G.kSame[k]) for (let i = 1; i <= extra && i < values.length; i++) value += Math.max(0, values[i].value);
    if (extra > 0 && kind === AK_ATTACK && G.kSame[k]) {
      const tgt = values[0].plan.target;
      for (const t of G.sideTanks[this.side]) {
        if (t === values[0].plan.tank || !o.alive[t] || o.inop[t] || tgt < 0) continue;
        value += killChance(o, t, o.hex[t], o.facing[t], tgt, this.card(o, k)).p * G.tPts[tgt] * this.weight(o, tgt) * 0.5;
      }
    }
    if (extra > 0 && kind === AK_MOVE) for (let i = 1; i <= extra && i < values.length; i++) value += Math.max(0, values[i].value);
    return { value, plan: values[0].plan };
  }

  private keep(o: PvObservation, k: number): number {
    const G = o.G;
    const s = this.style;
    let v: number;
    if (G.kType[k] === K_ACTION) {
      switch (G.kKind[k]) {
        case AK_ATTACK:
          v = G.kNoRoll[k] ? 1.3 : G.kAtk[k] > 0 ? (s.discardFirst === 'sighted' ? 0.35 : 1.25) : G.kTanks[k] > 1 ? 1.1 : 1.0;
          break;
        case AK_MOVE:
          v = (s.discardFirst === 'move' ? 0.35 : 0.9) + 0.1 * G.kMp[k];
          break;
        case AK_MOVE_THEN_ATTACK:
          v = s.discardFirst === 'sighted' ? 1.3 : 1.0;
          break;
        case AK_MOVE_OR_ATTACK:
          v = 1.05;
          break;
        default:
          v = 0.3;
      }
    } else if (G.kType[k] === K_EVENT) {
      const kind = G.kKind[k];
      v = kind === EV_DRAW ? 0.6 : kind === EV_MAINT ? (G.sideTanks[this.side].some((t) => o.alive[t] && o.immobile[t]) ? 1.2 : 0.5) : 0.45;
    } else if (G.kType[k] === K_REACTION) {
      let reactions = 0;
      for (let j = 0; j < G.nK; j++) if (G.kType[j] === K_REACTION) reactions += o.hand[j];
      v = reactions <= 1 ? 0.9 + s.holdReaction : 0.9;
    } else v = 0;
    return v - 0.15 * Math.max(0, o.hand[k] - 1);
  }

  // ------------------------------------------------------------------ decisions

  private action(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const cache = new Map<string, EndState[]>();
    let best = A_PASS;
    let bestValue = this.style.minGain;
    let bestPlan: Plan | null = null;
    let cs = -1;
    let other = -1;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const cat = catOf(a);
      const p = payloadOf(a);
      if (cat === CAT_CARD) {
        const e = this.evalCard(o, p, cache);
        if (e.value > bestValue) {
          bestValue = e.value;
          best = a;
          bestPlan = e.plan;
        }
      } else if (cat === CAT_ABIL) {
        const slot = p & 3;
        if (slot === SLOT_COMBAT_SENSE) cs = a;
        else if (slot === SLOT_AIDE) {
          if (o.handSize[this.side] + G.cAide[2 * (p >> 2) + o.chFace[p >> 2]] <= G.rules.handLimit + 1) other = a;
        } else other = a; // Recovery: bring a character back whenever there is one
      } else if (cat === CAT_SCARD) {
        const sc = G.scenarioCards[this.side][p];
        if (sc.effect !== SC_EXTRA_ACTION && (sc.effect !== SC_DRAW || o.handSize[this.side] < G.rules.handLimit)) other = a;
      }
    }
    if (best !== A_PASS) {
      this.plan = bestPlan;
      return best;
    }
    if (other >= 0) return other;
    if (cs >= 0) {
      // Combat Sense only when another card is worth playing (spec §7.3).
      for (let k = 0; k < G.nK; k++) {
        if (o.hand[k] > 0 && G.kType[k] === K_ACTION && this.evalCard(o, k, cache).value > this.style.minGain) return cs;
      }
    }
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (catOf(a) === CAT_SCARD && G.scenarioCards[this.side][payloadOf(a)].effect === SC_EXTRA_ACTION) {
        for (let k = 0; k < G.nK; k++) if (o.hand[k] > 0 && G.kType[k] === K_ACTION && this.evalCard(o, k, cache).value > this.style.minGain) return a;
      }
    }
    return A_PASS;
  }

  private tank(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const k = o.card;
    if (this.plan && this.plan.card === k && !o.acted.includes(this.plan.tank)) {
      const want = code(CAT_TANK, this.plan.tank * 2 + (G.kKind[k] === AK_MOVE_OR_ATTACK ? this.plan.mode : this.plan.mode === 1 && G.kKind[k] !== AK_MOVE ? 1 : 0));
      if (has(ctx, want)) return want;
      for (const m of [0, 1]) if (has(ctx, code(CAT_TANK, this.plan.tank * 2 + m))) return code(CAT_TANK, this.plan.tank * 2 + m);
    }
    const cache = new Map<string, EndState[]>();
    let best = has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
    let bestValue = has(ctx, A_PASS) ? 0 : -Infinity;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (catOf(a) !== CAT_TANK) continue;
      const p = payloadOf(a);
      let e = this.evalTank(o, k, p >> 1, p & 1, cache);
      if (G.kSame[k] && o.volleyTarget >= 0) {
        const t = p >> 1;
        e = { value: killChance(o, t, o.hex[t], o.facing[t], o.volleyTarget, this.card(o, k)).p * G.tPts[o.volleyTarget], plan: { ...e.plan, target: o.volleyTarget } };
      }
      if (e.value > bestValue) {
        bestValue = e.value;
        best = a;
        this.plan = e.plan;
      }
    }
    return best;
  }

  private move(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const t = o.mv.tank;
    const here = o.hex[t];
    const f = o.facing[t];
    const ends = reach(o, t, here, f, o.mv.mp, o.mv.free);
    let goal: EndState | undefined;
    if (this.plan && this.plan.tank === t) goal = ends.find((e) => e.hex === this.plan!.hex && e.facing === this.plan!.facing);
    // A movement ability (just in time): use it when it buys a clearly better end position.
    const ability = firstOf(ctx, CAT_STEP, (p) => p >= STEP_ABILITY_BASE);
    if (ability !== undefined) {
      const c = payloadOf(ability) - STEP_ABILITY_BASE;
      const bonus = G.cMov[2 * c + o.chFace[c]];
      const bestNow = this.bestEnd(o, t, ends);
      const more = this.bestEnd(o, t, reach(o, t, here, f, o.mv.mp + bonus, o.mv.free));
      if (more.value > bestNow.value + 0.25) {
        this.plan = this.plan ? { ...this.plan, hex: more.end.hex, facing: more.end.facing } : null;
        return ability;
      }
    }
    if (!goal) {
      const b = this.bestEnd(o, t, ends);
      goal = b.end;
      if (this.plan) this.plan = { ...this.plan, hex: goal.hex, facing: goal.facing };
    }
    if (goal.first === -1 || (goal.hex === here && goal.facing === f)) return has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
    const step = code(CAT_STEP, goal.first);
    if (has(ctx, step)) return step;
    return has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
  }

  private bestEnd(o: PvObservation, t: number, ends: EndState[]): { end: EndState; value: number } {
    const G = o.G;
    const attack = o.card >= 0 && G.kKind[o.card] === AK_MOVE_THEN_ATTACK;
    const card = o.card >= 0 ? this.card(o, o.card) : PLAIN;
    let best = ends[0];
    let value = -Infinity;
    for (const e of ends) {
      let v = this.position(o, t, e.hex, e.facing);
      if (attack) v += bestShot(o, t, e.hex, e.facing, card, this.weights).ek;
      if (v > value) {
        value = v;
        best = e;
      }
    }
    return { end: best, value };
  }

  private turret(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const t = o.mv.tank;
    let best = A_PASS;
    let bestV = this.turretValue(o, t, G.opt.turretRelativeToHull ? (o.facing[t] + o.turret[t]) % 6 : o.turret[t]);
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (catOf(a) !== CAT_TURRET) continue;
      const off = payloadOf(a);
      const v = this.turretValue(o, t, G.opt.turretRelativeToHull ? (o.facing[t] + off) % 6 : off) - 0.01;
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private turretValue(o: PvObservation, t: number, dir: number): number {
    const G = o.G;
    let v = 0;
    for (let u = 0; u < G.nT; u++) {
      if (!o.alive[u] || G.tSide[u] === this.side || o.hex[u] < 0) continue;
      if (inFrontArc(G, o.hex[t], o.hex[u], dir)) v += G.tPts[u] * this.weight(o, u) / (1 + G.grid.distance(o.hex[t], o.hex[u]));
    }
    return v;
  }

  private target(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const t = o.acted[o.acted.length - 1];
    const card = this.card(o, o.card);
    let best = has(ctx, A_PASS) ? A_PASS : ctx.legal[0];
    let bestV = 0;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (catOf(a) !== CAT_TARGET) continue;
      const p = payloadOf(a);
      const tgt = p >> 1;
      const g = p & 1;
      const { p: kill } = killChanceGun(o, t, g, tgt, card);
      const v = kill * G.tPts[tgt] * this.weight(o, tgt) + 1e-6 * (this.plan?.target === tgt ? 1 : 0);
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  /** Kill chance of the attack being resolved (layer 0), as seen by either side. */
  private incoming(o: PvObservation): { hit: number; kill: number; target: number; attacker: number } {
    const G = o.G;
    const a = o.attack;
    if (!a) return { hit: 0, kill: 0, target: -1, attacker: -1 };
    const hit = a.noRoll ? 1 : Math.max(p2d6ge(a.distance - a.mod), p2d6ge(a.distance - a.mod - crewBest(o, G.cAtk, a.attacker)));
    const fp = G.gFp[2 * a.attacker + a.gun];
    const need = a.armour - fp - rangeModifier(G.rules.damageRangeMods, a.distance) - a.damageMod - crewBest(o, G.cDmg, a.attacker);
    return { hit, kill: p2d6ge(need), target: a.target, attacker: a.attacker };
  }

  private react(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const s = this.style;
    const w = o.window;
    const inc = w === W2 || w === W3 ? this.incoming(o) : null;
    const mover = w === W1 ? o.mv.tank : w === W2 ? inc!.attacker : -1;
    const protectsFlag = (t: number) => G.matchType === MATCH_FLAG && t >= 0 && G.tFlag[t] === 1;
    let best = A_PASS;
    let bestV = 0;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (catOf(a) !== CAT_REACT) continue;
      const r = decodeReact(a);
      const eff = G.kKind[r.card];
      let v = 0;
      if (eff === RE_MOD && inc) {
        const p = inc.hit * inc.kill;
        if (p >= s.reactAt && (!s.reactOnlyForFlag || protectsFlag(inc.target))) {
          const a2 = o.attack!;
          const hit2 = Math.max(p2d6ge(a2.distance - a2.mod - G.kRMod[r.card]), p2d6ge(a2.distance - a2.mod - G.kRMod[r.card] - crewBest(o, G.cAtk, a2.attacker)));
          v = (inc.hit - hit2) * inc.kill * G.tPts[inc.target] * (protectsFlag(inc.target) ? s.ownFlagWeight : 1);
        }
      } else if (eff === RE_CANCEL_HIT && inc && w === W3) {
        if (inc.kill >= s.reactAt && (!s.reactOnlyForFlag || protectsFlag(inc.target) || inc.kill > 0.9)) v = inc.kill * G.tPts[inc.target] * (protectsFlag(inc.target) ? s.ownFlagWeight : 1);
      } else if (eff === RE_QUICK && mover >= 0) {
        const f = r.firer;
        const { p } = killChanceGun(o, f, r.gun, mover, PLAIN);
        const prevented = inc ? inc.hit * inc.kill * G.tPts[inc.target] : 0.5 * bestShot(o, mover, o.hex[mover], o.facing[mover], PLAIN, ONES).ek;
        const ok = p >= s.quickShotAt && (!s.reactOnlyForFlag || protectsFlag(mover) || (inc !== null && protectsFlag(inc.target)) || p > 0.9);
        if (ok) v = p * (G.tPts[mover] * this.weight(o, mover) + prevented);
      }
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private eaves(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const e = firstOf(ctx, CAT_EAVES);
    if (e === undefined) return A_PASS;
    if (o.pendCard >= 0 && G.kKind[o.pendCard] === RE_QUICK) return e;
    const inc = this.incoming(o);
    return inc.hit * inc.kill >= 0.1 || inc.kill >= 0.3 ? e : A_PASS;
  }

  private event(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const cache = new Map<string, EndState[]>();
    let best = A_PASS;
    let bestV = 0;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const cat = catOf(a);
      const p = payloadOf(a);
      let v = 0;
      if (cat === CAT_CARD) {
        const kind = G.kKind[p];
        if (kind === EV_DRAW) v = o.handSize[this.side] - 1 + G.kDraw[p] <= G.rules.handLimit + 1 ? 0.5 : 0;
        else if (kind === EV_MAINT) {
          if (G.sideTanks[this.side].some((t) => o.alive[t] && o.immobile[t])) v = 1.5;
          else for (let k = 0; k < G.nK; k++) if (o.discard[k] > 0 && G.kType[k] !== K_ENFORCEMENT && this.keep(o, k) >= 1.1) v = Math.max(v, 0.4);
        } else v = 0.8; // Recovery (only offered with a target)
      } else if (cat === CAT_ABIL) {
        const slot = p & 3;
        if (slot === SLOT_COMBAT_SENSE) {
          for (let k = 0; k < G.nK; k++) if (o.hand[k] > 0 && G.kType[k] === K_ACTION && this.evalCard(o, k, cache).value > this.style.minGain) v = 1;
        } else if (slot === SLOT_AIDE) v = o.handSize[this.side] + G.cAide[2 * (p >> 2) + o.chFace[p >> 2]] <= G.rules.handLimit + 1 ? 0.4 : 0;
        else v = 0.7;
      } else if (cat === CAT_SCARD) {
        v = G.scenarioCards[this.side][p].effect === SC_DRAW ? 0.3 : 0.6;
      }
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private maint(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    let best = ctx.legal[0];
    let bestV = -Infinity;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const p = payloadOf(a);
      const kind = p >> 16;
      const x = p & 0xffff;
      const v = kind === MAINT_REPAIR ? 10 + G.tPts[x] : kind === MAINT_TAKE ? this.keep(o, x) : 0.1;
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private recover(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    let best = ctx.legal[0];
    let bestV = -Infinity;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (catOf(a) !== CAT_RECOVER) continue;
      const p = payloadOf(a);
      const t = (p & 1023) - 1;
      const v = t < 0 ? 5 : G.tPts[t];
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private discard(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    let best = ctx.legal[0];
    let bestV = Infinity;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const v = this.keep(o, payloadOf(a));
      if (v < bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private place(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    const ref = enemyReference(o, this.side);
    let best = ctx.legal[0];
    let bestV = -Infinity;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const p = payloadOf(a);
      const h = p >> 3;
      const f = p & 7;
      const d = G.grid.distance(h, ref);
      let v = inFrontArc(G, h, ref, f) ? 1 : 0;
      v -= 0.05 * Math.abs(turnToward(G, h, ref, f));
      v += this.style.setupDepth * d;
      // Own flag tank: stay back; everyone: a little cover (blocking hexes around).
      const t = firstUnplaced(o, this.side);
      if (t >= 0 && G.matchType === MATCH_FLAG && G.tFlag[t]) v += 0.3 * d;
      for (let dir = 0; dir < 6; dir++) {
        const nb = G.grid.nbr[h * 6 + dir];
        if (nb >= 0 && G.blocksLos[nb]) v += 0.05;
      }
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private placeChar(o: PvObservation, ctx: DecisionContext<PvObservation>): number {
    const G = o.G;
    let best = ctx.legal[0];
    let bestV = -Infinity;
    for (let i = 0; i < ctx.n; i++) {
      const t = payloadOf(ctx.legal[i]);
      if (G.tPts[t] > bestV) {
        bestV = G.tPts[t];
        best = ctx.legal[i];
      }
    }
    return best;
  }
}

// ------------------------------------------------------------------ small helpers

const ONES = new Float64Array(256).fill(1);

function has(ctx: DecisionContext, a: number): boolean {
  for (let i = 0; i < ctx.n; i++) if (ctx.legal[i] === a) return true;
  return false;
}

function firstOf(ctx: DecisionContext, cat: number, pred?: (payload: number) => boolean): number | undefined {
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    if (catOf(a) === cat && (!pred || pred(payloadOf(a)))) return a;
  }
  return undefined;
}

function killChanceGun(o: PvObservation, t: number, g: number, tgt: number, card: ShotCard): { p: number } {
  // The engine already checked eligibility; value the declared gun only.
  const G = o.G;
  const single = killChance(o, t, o.hex[t], o.facing[t], tgt, card);
  if (G.nG[t] === 1) return single;
  return { p: single.gun === g ? single.p : 0.9 * single.p };
}

/** The hex the enemy is around: its placed tanks, else its placement zones. */
function enemyReference(o: PvObservation, side: number): number {
  const G = o.G;
  let q = 0;
  let r = 0;
  let n = 0;
  for (let t = 0; t < G.nT; t++) {
    if (G.tSide[t] === side) continue;
    if (o.hex[t] >= 0) {
      q += G.grid.q[o.hex[t]];
      r += G.grid.r[o.hex[t]];
      n++;
    }
  }
  if (n === 0) {
    for (let t = 0; t < G.nT; t++) {
      if (G.tSide[t] === side) continue;
      const z = G.tZone[t];
      const hexes = z ?? (G.tStartHex[t] >= 0 ? [G.tStartHex[t]] : []);
      for (const h of hexes) {
        q += G.grid.q[h];
        r += G.grid.r[h];
        n++;
      }
    }
  }
  if (n === 0) return (G.grid.n / 2) | 0;
  const cq = q / n;
  const cr = r / n;
  let best = 0;
  let bd = Infinity;
  for (let i = 0; i < G.grid.n; i++) {
    const dq = G.grid.q[i] - cq;
    const dr = G.grid.r[i] - cr;
    const d = Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr);
    if (d < bd) {
      bd = d;
      best = i;
    }
  }
  return best;
}

function turnToward(G: PvStatic, h: number, ref: number, f: number): number {
  for (let k = 0; k <= 3; k++) {
    if (inFrontArc(G, h, ref, (f + k) % 6) || inFrontArc(G, h, ref, (f - k + 6) % 6)) return k;
  }
  return 3;
}

function firstUnplaced(o: PvObservation, side: number): number {
  const G = o.G;
  for (const t of G.sideTanks[side]) if (o.hex[t] < 0 && o.alive[t]) return t;
  return -1;
}

