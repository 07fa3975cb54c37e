/** The AT-43 actions (declared once) and the pending-decision frames. */
import { actionCodec } from '../../core/decision/codec.ts';
import { decisionFrames } from '../../core/decision/stack.ts';
import { MAX_FIGHTERS, MAX_SLOTS, MAX_UNITS, N_GOALS } from './model.ts';

export const A = actionCodec({
  /** Lay the next card of the activation sequence face down (secret). */
  order: { unit: MAX_UNITS },
  /** Secret authority wager (LP). */
  wager: { lp: 8 },
  /** The authority winner names the first active player. */
  first: { side: 2 },
  /** Sequence option before activating: 0 play the first card, 1 delay (2 LP), 2 extra activation (2 LP). */
  turn: { option: 3 },
  /** Artillery strike (3 LP, once per round, before activating a unit) on unit `target`'s nearest fighter in sight of a leader. */
  artillery: { target: MAX_UNITS },
  /** Relocate the first card (1 LP) to position pos (1 = behind the next card...). */
  relocate: { pos: MAX_UNITS },
  /** With an extra activation: which of the two revealed units goes first. */
  pickExtra: { which: 2 },
  /** Rally a disorganized unit (2 LP) or not. */
  rally: { yes: 2 },
  /** Pay 1 LP to activate a unit without officer, or not. */
  pay: { yes: 2 },
  /** Immobilised AFV: keep it (0) or the pilot ejects (1). */
  eject: { yes: 2 },
  /** Fire weapon type `weapon` (index in the unit's weapon types) at unit `target`. */
  shoot: { weapon: MAX_SLOTS, target: MAX_UNITS },
  /** Fire weapon type `weapon` at one single AFV of a unit of AFVs (p.61). */
  shootAfv: { weapon: MAX_SLOTS, fighter: MAX_FIGHTERS },
  /** Move: rush (1) or combat movement (0) toward a goal (direction, unit leader, objective). */
  move: { rush: 2, goal: N_GOALS },
  /** Resolve the close combats of the engaged members. */
  fight: {},
  /** Combat drill: 0 Knee to the ground, 1 Overwatch, 2 Take cover, 3 Split fire. */
  drill: { which: 4 },
  /** End the activation. */
  end: {},
  /** Overwatch fire at the moving unit: 0 hold, 1 every weapon, 2 the standard weapons only (Split fire). */
  overwatch: { fire: 3 },
  /** Control phase, a lone hero (p.76): stay alone (0) or join unit `target - 1`. */
  join: { target: MAX_UNITS + 1 },
});

export const F = decisionFrames({
  order: [],
  wager: [],
  first: [],
  overwatch: ['unit', 'target'],
  rally: ['unit'],
  pay: ['unit'],
  eject: ['unit', 'fighter'],
  pickExtra: ['a', 'b'],
  join: ['hero'],
});

export const DRILL_NAMES = ['Knee to the ground!', 'Overwatch!', 'Take cover!', 'Split fire!'];
