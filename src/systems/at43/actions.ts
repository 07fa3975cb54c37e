/** The AT-43 actions (declared once), the pending-decision frames and `describeAction`. */
import { actionCodec } from '../../core/decision/codec.ts';
import { decisionFrames, sideToAct } from '../../core/decision/stack.ts';
import { MAX_FIGHTERS, MAX_SLOTS, MAX_UNITS, N_DIRS, N_GOALS, type Model } from './model.ts';
import type { At43State } from './state.ts';

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

/**
 * The pending decisions, one module each in decisions/ (the frame's side decides): each side's
 * secret card order and wager (p.55), the authority winner's first player, an enemy unit's
 * overwatch fire at the moving unit (p.59), the rally of a disorganized unit (p.75), the LP of a
 * unit without officer (`paid`: the answer, read by its close; p.57), an immobilised AFV kept or
 * abandoned (p.53), the order of an extra activation's two units (p.57), a lone hero's joining
 * (p.76).
 */
export const F = decisionFrames({
  order: [],
  wager: [],
  first: [],
  overwatch: ['unit', 'target'],
  rally: ['unit'],
  pay: ['unit', 'paid'],
  eject: ['unit', 'fighter'],
  pickExtra: ['a', 'b'],
  join: ['hero'],
});

export const DRILL_NAMES = ['Knee to the ground!', 'Overwatch!', 'Take cover!', 'Split fire!'];

/** The action as a line of a transcript. */
export function describeAction(m: Model, s: At43State, a: number): string {
  const side = sideToAct(s.pending, s.active);
  const who = m.sides[side];
  const d = A.decode(a);
  const nU = m.units.length;
  const un = (v: number) => (v < nU ? m.units[v].id : `#${v}`);
  switch (d.kind) {
    case 'order': return `${who} lays the card of ${un(d.unit)}`;
    case 'wager': return `${who} wagers ${d.lp} LP`;
    case 'first': return `${who} names ${m.sides[d.side]} first player`;
    case 'turn': return `${who} ${['plays the first card', 'delays (2 LP)', 'takes an extra activation (2 LP)'][d.option]}`;
    case 'artillery': return `${who} calls an artillery strike on ${un(d.target)} (3 LP)`;
    case 'relocate': return `${who} relocates the first card to position ${d.pos} (1 LP)`;
    case 'pickExtra': return `${who} activates ${d.which ? 'the second' : 'the first'} card first`;
    case 'rally': return `${who} ${d.yes ? 'rallies' : 'does not rally'} ${un(s.unit)}`;
    case 'pay': return `${who} ${d.yes ? 'pays 1 LP for' : 'does not pay for'} ${un(s.unit)}`;
    case 'eject': return `${who} ${d.yes ? 'ejects the pilot' : 'keeps the immobilised AFV'}`;
    case 'shoot': return `${un(s.unit)} fires ${m.weapons[m.units[s.unit].weaponTypes[d.weapon]]?.id ?? d.weapon} at ${un(d.target)}`;
    case 'shootAfv': return `${un(s.unit)} fires ${m.weapons[m.units[s.unit].weaponTypes[d.weapon]]?.id ?? d.weapon} at ${un(m.fUnit[d.fighter])} AFV #${d.fighter - m.units[m.fUnit[d.fighter]].first} alone`;
    case 'move': {
      const g = d.goal;
      const to = g < N_DIRS ? `heading ${g * 45}°` : g < N_DIRS + MAX_UNITS ? `toward ${un(g - N_DIRS)}` : `toward objective ${m.objectives[g - N_DIRS - MAX_UNITS]?.id}`;
      return `${un(s.unit)} ${d.rush ? 'rushes' : 'moves'} ${to}`;
    }
    case 'fight': return `${un(s.unit)} fights`;
    case 'drill': return `${un(s.unit)}: ${DRILL_NAMES[d.which]} (1 LP)`;
    case 'end': return `${un(s.unit)} ends its activation`;
    case 'overwatch': return `${who} overwatch: ${['holds', 'fires', 'fires the standard weapons'][d.fire]}`;
    case 'join': return d.target === 0 ? `${who}: the lone hero stays alone` : `${who}: the lone hero joins ${un(d.target - 1)}`;
  }
  return A.describe(a);
}
