/**
 * The actions and the pending decisions, declared once: codes, decoding and fallback descriptions
 * come from the codec (core/decision/codec.ts), the frames of decisions that interrupt the flow
 * from `decisionFrames` (core/decision/stack.ts). A duel never interrupts a turn, so it declares
 * no frame; a system with reactions, defensive fire or secret simultaneous choices declares them
 * here, e.g. `decisionFrames({ reaction: ['firer', 'target'] })`, and gives each its module in
 * decisions/<kind>.ts.
 */
import { actionCodec } from '../../core/decision/codec.ts';
import { decisionFrames } from '../../core/decision/stack.ts';
import type { DuelModel } from './model.ts';
import type { DuelState } from './state.ts';

export const Action = actionCodec({ aim: {}, fire: {} });
export const AIM = Action.encode.aim();
export const FIRE = Action.encode.fire();

export const Frames = decisionFrames({});

export function describeAction(m: DuelModel, s: DuelState, a: number): string {
  return `${m.sides[s.active]} ${Action.is(a, 'aim') ? 'takes aim' : `fires (aim +${s.aim[s.active]})`}`;
}
