/**
 * What a side may know: everything on the table, both LP pools and scores, its own remaining
 * card order and wager; of the opponent only the number of cards left, and his wager once both
 * are revealed. Arrays of the table are shared read-only with the state (built lazily per decision).
 */
import { FRAME_WORDS } from '../../core/decision/stack.ts';
import { F } from './actions.ts';
import type { Model } from './model.ts';
import type { At43State } from './state.ts';

export interface At43Observation {
  readonly me: number;
  readonly model: Model;
  readonly round: number;
  readonly phase: number;
  readonly active: number;
  readonly unit: number;
  readonly moved: number;
  readonly shot: number;
  readonly fought: number;
  readonly lp: readonly number[];
  readonly vp: readonly number[];
  readonly control: readonly number[];
  readonly fx: readonly number[];
  readonly fy: readonly number[];
  readonly alive: readonly number[];
  readonly grounded: readonly number[];
  readonly sp: readonly number[];
  readonly leader: readonly number[];
  readonly status: readonly number[];
  readonly drills: readonly number[];
  readonly officer: readonly number[];
  readonly members: readonly number[];
  readonly mySequence: readonly number[];
  readonly opponentCardsLeft: number;
  readonly myWager: number;
  /** -1 while hidden. */
  readonly opponentWager: number;
  /** Top pending frame kind (null when none) and its first two arguments. */
  readonly pending: string | null;
  readonly pendingArgs: readonly [number, number];
}

/** Is a wager still secret (a side has not chosen yet)? */
export function wagerHidden(s: At43State): boolean {
  return F.has(s.pending, 'wager');
}

/** The pending arguments and card order of an observation that has none (shared, frozen: no allocation per decision). */
const NO_ARGS: readonly [number, number] = Object.freeze([0, 0] as [number, number]);
const NO_CARDS: readonly number[] = Object.freeze([]);

export function observe(m: Model, s: At43State, me: number): At43Observation {
  const top = F.top(s.pending);
  const d = s.pending.depth;
  const base = (d - 1) * FRAME_WORDS + 2; // the top frame's first argument
  return {
    me,
    model: m,
    round: s.round,
    phase: s.phase,
    active: s.active,
    unit: s.unit,
    moved: s.moved,
    shot: s.shot,
    fought: s.fought,
    lp: s.lp,
    vp: s.vp,
    control: s.control,
    fx: s.fx,
    fy: s.fy,
    alive: s.alive,
    grounded: s.grounded,
    sp: s.sp,
    leader: s.leader,
    status: s.status,
    drills: s.drills,
    officer: s.officer,
    members: s.members,
    mySequence: s.seq[me].length > 0 ? s.seq[me].slice() : NO_CARDS,
    opponentCardsLeft: s.seq[1 - me].length,
    myWager: s.wager[me],
    opponentWager: wagerHidden(s) ? -1 : s.wager[1 - me],
    pending: top,
    pendingArgs: d > 0 ? [s.pending.words[base], s.pending.words[base + 1]] : NO_ARGS,
  };
}
