/**
 * The heuristics' hand: what a card in hand is worth keeping (`keepValue`, by style: Sighted Fire
 * or Move cards go first, one Reaction card held), and the decisions that spend or restore
 * resources: the End Phase discards, Maintenance/Repair, Recovery.
 */
import type { DecisionContext } from '../../../core/agent.ts';
import { A_PASS, Action, K, MAINT_REPAIR, MAINT_TAKE } from '../actions.ts';
import { AK_ATTACK, AK_MOVE, AK_MOVE_OR_ATTACK, AK_MOVE_THEN_ATTACK, EV_DRAW, EV_MAINT, K_ACTION, K_EVENT, K_REACTION, type PvStatic } from '../model.ts';
import type { PvObservation } from '../observe.ts';
import { anyImmobile } from './common.ts';
import type { Style } from './style.ts';

/** Value of keeping card k in hand (a second copy is worth 0.15 less). */
export function keepValue(G: PvStatic, style: Style, side: number, o: PvObservation, k: number): number {
  const s = style;
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
    v = kind === EV_DRAW ? 0.6 : kind === EV_MAINT ? (anyImmobile(o, side) ? 1.2 : 0.5) : 0.45;
  } else if (G.kType[k] === K_REACTION) {
    let reactions = 0;
    for (let j = 0; j < G.nK; j++) if (G.kType[j] === K_REACTION) reactions += o.hand[j];
    v = reactions <= 1 ? 0.9 + s.holdReaction : 0.9;
  } else v = 0;
  return v - 0.15 * Math.max(0, o.hand[k] - 1);
}

/** End Phase: discard the card least worth keeping. */
export function decideDiscard(G: PvStatic, style: Style, side: number, o: PvObservation, ctx: DecisionContext<PvObservation>): number {
  let best = ctx.legal[0];
  let bestV = Infinity;
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    const v = keepValue(G, style, side, o, Action.read.discard.type(a));
    if (v < bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

/** Maintenance/Repair: repair the most valuable Immobile tank, else take back the discard most worth keeping, else a wreck. */
export function decideMaintenance(G: PvStatic, style: Style, side: number, o: PvObservation, ctx: DecisionContext<PvObservation>): number {
  let best = ctx.legal[0];
  let bestV = -Infinity;
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    if (a === A_PASS) continue; // offered alone, and then legal[0] already
    const kind = Action.read.maintenance.what(a);
    const x = Action.read.maintenance.x(a);
    const v = kind === MAINT_REPAIR ? 10 + G.tPts[x] : kind === MAINT_TAKE ? keepValue(G, style, side, o, x) : 0.1;
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

/** Recovery: put a character on the most valuable tank (turning one face up counts as 5 points). */
export function decideRecovery(G: PvStatic, ctx: DecisionContext<PvObservation>): number {
  let best = ctx.legal[0];
  let bestV = -Infinity;
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    if (Action.kindIndexOf(a) !== K.recover) continue;
    const t = Action.read.recover.tank(a) - 1;
    const v = t < 0 ? 5 : G.tPts[t];
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}
