/**
 * Greedy (the search policy): one ply, no plan, no path search, cheap enough to play the generic
 * `mcts`'s rollouts (GameSystem.searchPolicy) and to rank every legal action for its priors
 * (`rank`). Every decision scores its legal actions and takes the best (the first on ties):
 *
 *   - a card: the best expected points destroyed by one attack with it from where the tanks
 *     stand (eval.ts bestShot with the card's modifiers); a Move card is worth a little when no
 *     own tank has a target in range; Combat Sense the best attack card's worth;
 *   - the acting tank: its shot with the card, or for a move how far it stands from the enemy;
 *   - a movement step: the value of where it leads, 0.3 x the shot from there - lambda x the
 *     threat there - a pull toward the enemy (a card that attacks after the move adds the shot
 *     with its modifiers), against the value of stopping where the tank stands;
 *   - a target: pHit x pKill x points; a Reaction, Eavesdropping, the hand, set-up: the marksman's
 *     procedures (reactions.ts, hand.ts, setup.ts).
 */
import type { Agent, DecisionContext } from '../../../core/agent.ts';
import { opposite, rotate } from '../../../core/geometry/hex/index.ts';
import { A_PASS, Action, K, SLOT_AIDE, SLOT_COMBAT_SENSE, STEP_ABILITY_BASE, STEP_FORWARD, STEP_REVERSE, turnOfStep } from '../actions.ts';
import { AK_ATTACK, AK_MOVE, AK_MOVE_OR_ATTACK, AK_MOVE_THEN_ATTACK, EV_DRAW, EV_MAINT, K_ACTION, MATCH_FLAG, SC_DRAW, type PvStatic } from '../model.ts';
import type { PvObservation } from '../observe.ts';
import { inFrontArc } from '../rules/board.ts';
import type { PvState } from '../state.ts';
import { anyImmobile, killChanceGun } from './common.ts';
import { bestShot, nearestEnemy, threatAt, type ShotCard } from './eval.ts';
import { decideDiscard, decideMaintenance, decideRecovery } from './hand.ts';
import { agentStatic } from './private-static.ts';
import { decideEavesdrop, reactionValues } from './reactions.ts';
import { decidePlaceCharacter, decidePlacement, type ReferenceCache } from './setup.ts';
import { FLANK_PARAM, SETUP_PARAM, pvAgent, withFlank, withSetup, type Style } from './style.ts';

/** The greedy player's numbers: the marksman's thresholds, a lighter threat weight, a pull toward the enemy. */
export const GREEDY: Style = {
  lambda: 0.4,
  closeWeight: 0.05,
  minGain: 0.05,
  fireAt: 0.04,
  reactAt: 0.25,
  quickShotAt: 0.2,
  flagWeight: 3,
  ownFlagWeight: 2,
  longRange: 0,
  reactOnlyForFlag: false,
  defensiveAt: 0,
  defensiveLambda: 0,
  discardFirst: 'move',
  holdReaction: 0.3,
  setupDepth: 0.05,
  rangeWeight: 0.1,
};

/** Value of a Move card when no own tank has a target in range (it has to close in), and otherwise. */
const MOVE_CLOSING = 0.3;
const MOVE_IN_RANGE = 0.02;

const cards = new WeakMap<PvStatic, ShotCard[]>();
const weightsOf = new WeakMap<PvStatic, Float64Array>();

function cardsOf(G: PvStatic): ShotCard[] {
  let c = cards.get(G);
  if (c === undefined) cards.set(G, (c = G.kId.map((_, k) => ({ attackMod: G.kAtk[k], damageMod: G.kDmg[k], noRoll: G.kNoRoll[k] === 1 }))));
  return c;
}

/** Target weights: the enemy flag tank counts flagWeight times in a Flag Battle. */
function targetWeights(G: PvStatic): Float64Array {
  let w = weightsOf.get(G);
  if (w === undefined) weightsOf.set(G, (w = Float64Array.from(G.tFlag, (f) => (G.matchType === MATCH_FLAG && f ? GREEDY.flagWeight : 1))));
  return w;
}

let values = new Float64Array(256);

/** An alive tank stands in hex h. */
function occupied(G: PvStatic, o: PvObservation, h: number): boolean {
  for (let u = 0; u < G.nT; u++) if (o.alive[u] && o.hex[u] === h) return true;
  return false;
}

/**
 * Steps from every hex to the nearest enemy tank of `side` over enterable terrain (a breadth-first
 * search from the enemies' hexes), kept per compiled game and side until an enemy moves: the pull
 * toward the enemy follows the roads round woods and buildings, where the hex distance would leave
 * a tank stuck behind them.
 */
interface Approach {
  key: number;
  readonly dist: Int16Array;
  readonly queue: Int32Array;
}
const approaches = new WeakMap<PvStatic, Approach[]>();

function approachOf(G: PvStatic, o: PvObservation, side: number): Int16Array {
  let list = approaches.get(G);
  if (list === undefined) approaches.set(G, (list = []));
  let a = list[side];
  if (a === undefined) a = list[side] = { key: -1, dist: new Int16Array(G.grid.n), queue: new Int32Array(G.grid.n) };
  let key = 0;
  for (let u = 0; u < G.nT; u++) if (G.tSide[u] !== side && o.alive[u] && o.hex[u] >= 0) key = (key * 31 + o.hex[u] + 1) | 0;
  if (key === a.key) return a.dist;
  a.key = key;
  const { dist, queue } = a;
  dist.fill(99);
  let head = 0;
  let tail = 0;
  for (let u = 0; u < G.nT; u++) {
    if (G.tSide[u] === side || !o.alive[u] || o.hex[u] < 0 || dist[o.hex[u]] === 0) continue;
    dist[o.hex[u]] = 0;
    queue[tail++] = o.hex[u];
  }
  while (head < tail) {
    const h = queue[head++];
    const d = dist[h] + 1;
    for (let k = 0; k < 6; k++) {
      const n = G.grid.nbr[h * 6 + k];
      if (n < 0 || G.enterCost[n] < 0 || dist[n] <= d) continue;
      dist[n] = d;
      queue[tail++] = n;
    }
  }
  return dist;
}

export class GreedyAgent implements Agent<PvObservation, PvState> {
  private readonly ref: ReferenceCache = { refQ: 0, refR: 0, refN: 0, ref: 0 };
  constructor(
    readonly side: number,
    readonly style: Style,
  ) {}

  decide(ctx: DecisionContext<PvObservation, PvState>): number {
    if (ctx.n === 1) return ctx.legal[0];
    const o = ctx.observe();
    const G = agentStatic(o.G);
    // The procedures that pick one action directly.
    switch (o.decision) {
      case 'place': return decidePlacement(G, this.style, this.side, this.ref, o, ctx);
      case 'placeCharacter': return decidePlaceCharacter(G, ctx);
      case 'eavesdrop': return decideEavesdrop(G, o, ctx);
      case 'maintenance': return decideMaintenance(G, this.style, this.side, o, ctx);
      case 'recovery': return decideRecovery(G, ctx);
      case 'discard': return decideDiscard(G, this.style, this.side, o, ctx);
    }
    if (values.length < ctx.n) values = new Float64Array(2 * ctx.n);
    this.score(G, o, ctx, values);
    let best = 0;
    for (let i = 1; i < ctx.n; i++) if (values[i] > values[best]) best = i;
    return ctx.legal[best];
  }

  rank(ctx: DecisionContext<PvObservation, PvState>, out: Float64Array): void {
    const o = ctx.observe();
    const G = agentStatic(o.G);
    switch (o.decision) {
      case 'place': case 'placeCharacter': case 'eavesdrop': case 'maintenance': case 'recovery': case 'discard': {
        // One action chosen by a procedure: it first, the others level.
        const chosen = this.decide(ctx);
        for (let i = 0; i < ctx.n; i++) out[i] = ctx.legal[i] === chosen ? 1 : 0;
        return;
      }
    }
    this.score(G, o, ctx, out);
  }

  /** The value of each legal action of a scored decision, into v[i] for ctx.legal[i]. */
  private score(G: PvStatic, o: PvObservation, ctx: DecisionContext<PvObservation, PvState>, v: Float64Array): void {
    switch (o.decision) {
      case 'action': case 'extraAction': case 'event': return this.phase(G, o, ctx, v);
      case 'tank': return this.tank(G, o, ctx, v);
      case 'move': return this.move(G, o, ctx, v);
      case 'turret': return this.turret(G, o, ctx, v);
      case 'target': return this.target(G, o, ctx, v);
      case 'reaction': return reactionValues(G, this.style, o, ctx, v);
      default:
        // ability: the engine offers a character only when it changes the roll's outcome.
        for (let i = 0; i < ctx.n; i++) v[i] = ctx.legal[i] === A_PASS ? 0 : 1;
    }
  }

  /** Best expected points of one attack with card k by any own tank from where it stands. */
  private cardShot(G: PvStatic, o: PvObservation, k: number): number {
    const card = cardsOf(G)[k];
    const w = targetWeights(G);
    let best = 0;
    for (const t of G.sideTanks[this.side]) {
      if (!o.alive[t] || o.inop[t] || o.hex[t] < 0) continue;
      const s = bestShot(o, t, o.hex[t], o.facing[t], card, w);
      if (s.p >= this.style.fireAt && s.ek > best) best = s.ek;
    }
    return best;
  }

  /** Whether some own tank has an enemy within the range of a gun. */
  private inRange(G: PvStatic, o: PvObservation): boolean {
    for (const t of G.sideTanks[this.side]) {
      if (!o.alive[t] || o.hex[t] < 0) continue;
      const r = Math.max(G.gRange[2 * t], G.nG[t] > 1 ? G.gRange[2 * t + 1] : 0);
      if (nearestEnemy(o, t, o.hex[t]) <= r) return true;
    }
    return false;
  }

  private cardValue(G: PvStatic, o: PvObservation, k: number): number {
    if (G.kType[k] !== K_ACTION) {
      // An Event card.
      const kind = G.kKind[k];
      if (kind === EV_DRAW) return o.handSize[this.side] - 1 + G.kDraw[k] <= G.rules.handLimit + 1 ? 0.5 : 0;
      if (kind === EV_MAINT) return anyImmobile(o, this.side) ? 1.5 : 0.1;
      return 0.8;
    }
    const kind = G.kKind[k];
    if (kind === AK_ATTACK || kind === AK_MOVE_OR_ATTACK || kind === AK_MOVE_THEN_ATTACK) {
      const ek = this.cardShot(G, o, k);
      if (ek > 0) return ek;
    }
    if (kind === AK_MOVE || kind === AK_MOVE_OR_ATTACK || kind === AK_MOVE_THEN_ATTACK) return this.inRange(G, o) ? MOVE_IN_RANGE : MOVE_CLOSING + 0.01 * G.kMp[k];
    return 0;
  }

  private phase(G: PvStatic, o: PvObservation, ctx: DecisionContext<PvObservation, PvState>, v: Float64Array): void {
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const kind = Action.kindIndexOf(a);
      v[i] = 0;
      if (kind === K.card) {
        v[i] = this.cardValue(G, o, Action.read.card.type(a));
      } else if (kind === K.scenarioCard) {
        v[i] = G.scenarioCards[this.side][Action.read.scenarioCard.index(a)].effect === SC_DRAW ? 0.3 : 0.1;
      }
    }
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (Action.kindIndexOf(a) !== K.ability) continue;
      const slot = Action.read.ability.slot(a);
      const c = Action.read.ability.character(a);
      if (slot === SLOT_COMBAT_SENSE) {
        // Combat Sense for a shot, not for a second move.
        let attack = 0;
        for (let k = 0; k < G.nK; k++) if (o.hand[k] > 0 && G.kType[k] === K_ACTION && G.kKind[k] !== AK_MOVE) attack = Math.max(attack, this.cardShot(G, o, k));
        v[i] = attack > 0.2 ? attack : 0;
      } else if (slot === SLOT_AIDE) v[i] = o.handSize[this.side] + G.cAide[2 * c + o.chFace[c]] <= G.rules.handLimit + 1 ? 0.4 : 0;
      else v[i] = 0.7; // Recovery (offered only with a target)
    }
  }

  private tank(G: PvStatic, o: PvObservation, ctx: DecisionContext<PvObservation, PvState>, v: Float64Array): void {
    const k = o.card;
    const card = cardsOf(G)[k];
    const w = targetWeights(G);
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (a === A_PASS) {
        v[i] = 0;
        continue;
      }
      const t = Action.read.tank.tank(a);
      const attacks = Action.read.tank.mode(a) === 1 || G.kKind[k] === AK_ATTACK;
      if (attacks) {
        const s = bestShot(o, t, o.hex[t], o.facing[t], card, w);
        v[i] = s.p >= this.style.fireAt ? s.ek : -0.1;
      } else v[i] = 0.05 + this.stepGain(G, o, t);
    }
  }

  /** The best gain in position() of one step of tank t into a free neighbouring hex, facing the way it went (0 when none). */
  private stepGain(G: PvStatic, o: PvObservation, t: number): number {
    const here = o.hex[t];
    const stay = this.position(G, o, t, here, o.facing[t]);
    let best = 0;
    for (let d = 0; d < 6; d++) {
      const n = G.grid.nbr[here * 6 + d];
      if (n < 0 || G.enterCost[n] < 0 || occupied(G, o, n)) continue;
      const gain = this.position(G, o, t, n, d) - stay;
      if (gain > best) best = gain;
    }
    return best;
  }

  /** Value of tank t standing at (hex, facing): its next shot, the enemy's, the pull toward the enemy. */
  private position(G: PvStatic, o: PvObservation, t: number, hex: number, facing: number): number {
    const near = Math.min(20, approachOf(G, o, this.side)[hex]);
    return 0.3 * bestShot(o, t, hex, facing, cardsOf(G)[0], targetWeights(G)).ek - this.style.lambda * threatAt(o, t, hex, facing) - this.style.closeWeight * near;
  }

  private move(G: PvStatic, o: PvObservation, ctx: DecisionContext<PvObservation, PvState>, v: Float64Array): void {
    const t = o.mv.tank;
    const here = o.hex[t];
    const f = o.facing[t];
    const k = o.card;
    const attack = k >= 0 && G.kKind[k] === AK_MOVE_THEN_ATTACK;
    const card = attack ? cardsOf(G)[k] : null;
    const w = targetWeights(G);
    const value = (h: number, d: number): number => this.position(G, o, t, h, d) + (card ? bestShot(o, t, h, d, card, w).ek : 0);
    const stay = value(here, f);
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (a === A_PASS) {
        v[i] = stay;
        continue;
      }
      const p = Action.read.step.step(a);
      if (p >= STEP_ABILITY_BASE) v[i] = stay - 0.01; // a movement bonus: only when nothing else is offered
      else if (p === STEP_FORWARD || p === STEP_REVERSE) {
        const to = G.grid.nbr[here * 6 + (p === STEP_REVERSE ? opposite(f) : f)];
        v[i] = value(to, f) - (p === STEP_REVERSE ? 0.02 : 0.01);
      } else {
        // A turn, worth where it stands or (a step's look-ahead) the hex it opens the way to.
        const d = rotate(f, turnOfStep(p));
        const ahead = G.grid.nbr[here * 6 + d];
        let best = value(here, d);
        if (ahead >= 0 && G.enterCost[ahead] >= 0 && o.mv.mp > 1 && !occupied(G, o, ahead)) best = Math.max(best, value(ahead, d) - 0.01);
        v[i] = best - 0.015;
      }
    }
  }

  private turret(G: PvStatic, o: PvObservation, ctx: DecisionContext<PvObservation, PvState>, v: Float64Array): void {
    const t = o.mv.tank;
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      const off = a === A_PASS ? o.turret[t] : Action.read.turret.offset(a);
      const dir = G.opt.turretRelativeToHull ? (o.facing[t] + off) % 6 : off;
      let s = a === A_PASS ? 0.01 : 0;
      for (let u = 0; u < G.nT; u++) {
        if (!o.alive[u] || G.tSide[u] === this.side || o.hex[u] < 0) continue;
        if (inFrontArc(G, o.hex[t], o.hex[u], dir)) s += G.tPts[u] / (1 + G.grid.distance(o.hex[t], o.hex[u]));
      }
      v[i] = s;
    }
  }

  private target(G: PvStatic, o: PvObservation, ctx: DecisionContext<PvObservation, PvState>, v: Float64Array): void {
    const t = o.acted[o.acted.length - 1];
    const card = cardsOf(G)[o.card];
    const w = targetWeights(G);
    for (let i = 0; i < ctx.n; i++) {
      const a = ctx.legal[i];
      if (a === A_PASS) {
        v[i] = 0;
        continue;
      }
      const tgt = Action.read.target.target(a);
      v[i] = killChanceGun(o, t, Action.read.target.gun(a), tgt, card).p * G.tPts[tgt] * w[tgt];
    }
  }
}

export const greedy = pvAgent({
  name: 'greedy',
  description: 'One-ply greedy: fires at the best kill chance, steps toward better firing positions; cheap enough for search rollouts, ranks every action (mcts:policy=greedy).',
  params: {
    lambda: { default: GREEDY.lambda, min: 0, max: 5, description: 'weight of the threat to the moving tank where a step leads' },
    closeWeight: { default: GREEDY.closeWeight, min: 0, max: 1, description: 'value lost per hex of distance to the nearest enemy (pull toward the enemy)' },
    setup: SETUP_PARAM,
    flank: FLANK_PARAM,
  },
  create: (_game, side, p) =>
    new GreedyAgent(side, withFlank(withSetup(p.lambda === GREEDY.lambda && p.closeWeight === GREEDY.closeWeight ? GREEDY : { ...GREEDY, lambda: p.lambda, closeWeight: p.closeWeight }, p.setup), p.flank)),
});
