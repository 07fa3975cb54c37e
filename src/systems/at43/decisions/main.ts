/**
 * The main flow (nothing pending): in the activation phase, the active side's turn before it
 * activates a unit (turn.ts), then that unit's activation (activation.ts). Every interruption of
 * this flow is a frame with its own module (order, wager, first, overwatch, rally, pay, eject,
 * pickExtra, join).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { At43Engine } from '../engine.ts';
import { PH_TURN, type At43State } from '../state.ts';
import { activation } from './activation.ts';
import { turn } from './turn.ts';

export const main: Decision<At43Engine, At43State> = {
  legal: (E, s, out) => (s.phase === PH_TURN ? turn.legal(E, s, out) : activation.legal(E, s, out)),
  apply: (E, s, a, ctx) => (s.phase === PH_TURN ? turn.apply(E, s, a, ctx) : activation.apply(E, s, a, ctx)),
};
