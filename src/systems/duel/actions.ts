/**
 * The actions, declared once (core/decision/codec.ts): codes, decoding and fallback descriptions
 * come from here. A duel never interrupts a turn, so it declares no pending decisions; a system
 * with reactions, defensive fire or secret simultaneous choices declares them here with
 * `decisionFrames({ reaction: ['firer', 'target'] })` (core/decision/stack.ts) and keeps the
 * stack in its state.
 */
import { actionCodec } from '../../core/decision/codec.ts';
import type { DuelModel } from './model.ts';
import type { DuelState } from './state.ts';

export const Action = actionCodec({ aim: {}, fire: {} });
export const AIM = Action.encode.aim();
export const FIRE = Action.encode.fire();

/** Legal actions in a fixed order (aim first): agents and golden transcripts rely on it. */
export function legalActions(m: DuelModel, s: DuelState, out: Int32Array): number {
  let n = 0;
  if (s.aim[s.active] < m.rules.maxAim) out[n++] = AIM;
  out[n++] = FIRE;
  return n;
}

export function describeAction(m: DuelModel, s: DuelState, a: number): string {
  return `${m.sides[s.active]} ${Action.is(a, 'aim') ? 'takes aim' : `fires (aim +${s.aim[s.active]})`}`;
}
