/**
 * The AT-43 game state: plain numbers and arrays (JSON- and structuredClone-safe). The secret
 * parts (each side's remaining card order and an unrevealed authority wager) live in `seq` and
 * `wager`; `observe` withholds the opponent's, `determinize` resamples them.
 */
import { newDecisionStack, type DecisionStack } from '../../core/decision/stack.ts';
import type { GameResult } from '../../core/system.ts';
import { SP_STRIDE } from './rules/afv.ts';
import type { Model } from './model.ts';

export const PH_ORDER = 0;
export const PH_WAGER = 1;
export const PH_FIRST = 2;
export const PH_TURN = 3;
export const PH_ACT = 4;
export const PH_OVER = 5;

export const ST_VALIANT = 0;
export const ST_DISORGANIZED = 1;
export const ST_ROUTED = 2;

export const DR_KNEE = 1;
export const DR_OVERWATCH = 2;
export const DR_TAKE_COVER = 4;
export const DR_SPLIT = 8;
/** Overwatch kept only by the special weapon bearers (Split fire!, seed p.58 KS-8). */
export const DR_OVERWATCH_SPECIAL = 16;

export interface At43State {
  round: number;
  phase: number;
  /** Side whose turn it is in the activation phase. */
  active: number;
  first: number;
  fx: number[];
  fy: number[];
  alive: number[];
  grounded: number[];
  /** Bit per weapon slot fired in the current activation. */
  fired: number[];
  /** AFV parts: SP_STRIDE per fighter (frame, propulsion, weapons). */
  sp: number[];
  leader: number[];
  status: number[];
  drills: number[];
  /** 0 no officer, 1 the unit's own officer, 2 + k the lone hero of joinSlots[k] who joined it (p.76). */
  officer: number[];
  /** Members alive per unit. */
  members: number[];
  lp: number[];
  vp: number[];
  control: number[];
  /** Remaining cards per side, in order (secret from the other side). */
  seq: number[][];
  /** Cards placed so far during ordering (number of cards each side has laid). */
  ordered: number[];
  /** Authority wagers (-1 = not chosen yet; secret until both have chosen). */
  wager: number[];
  authorityWinner: number;
  delayedLast: number[];
  /** Artillery strike called this round, per side (A15: once per player). */
  artilleryUsed: number[];
  extraLeft: number;
  /** The current activation. */
  unit: number;
  moved: number;
  shot: number;
  fought: number;
  drillPhase: number;
  engagedAtStart: number;
  pending: DecisionStack;
  turns: number;
  /** Bumped whenever a base moves or leaves the table (invalidates the line-of-sight cache). */
  geom: number;
  result: GameResult | null;
}

/** Per-model starting arrays (packed, built once); each game's state starts as their slice(). */
interface Start {
  readonly sp: number[];
  readonly zerosF: number[];
  readonly zerosU: number[];
  readonly officer: number[];
  readonly members: number[];
  readonly control: number[];
}
const STARTS = new WeakMap<Model, Start>();

function packed(n: number, v: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(v);
  return a;
}

function startOf(m: Model): Start {
  const known = STARTS.get(m);
  if (known) return known;
  const sp = packed(m.nF * SP_STRIDE, 0);
  for (const u of m.units) {
    if (!u.afv) continue;
    for (let f = u.first; f < u.first + u.count; f++) {
      sp[f * SP_STRIDE] = u.profile.frameSP;
      sp[f * SP_STRIDE + 1] = u.profile.propulsionSP;
      for (let w = 0; w < 4; w++) if (m.fSlots[f * 4 + w] >= 0) sp[f * SP_STRIDE + 2 + w] = u.profile.weaponSP;
    }
  }
  const st: Start = {
    sp,
    zerosF: packed(m.nF, 0),
    zerosU: packed(m.units.length, 0),
    officer: m.units.map((u) => (u.officer ? 1 : 0)),
    members: m.units.map((u) => u.fielded),
    control: m.objectives.map(() => -1),
  };
  STARTS.set(m, st);
  return st;
}

export function newState(m: Model): At43State {
  const st = startOf(m);
  return {
    round: 1,
    phase: PH_ORDER,
    active: 0,
    first: 0,
    fx: m.startX.slice(),
    fy: m.startY.slice(),
    alive: m.startAlive.slice(),
    grounded: st.zerosF.slice(),
    fired: st.zerosF.slice(),
    sp: st.sp.slice(),
    leader: m.startLeader.slice(),
    status: st.zerosU.slice(), // every unit ST_VALIANT
    drills: st.zerosU.slice(),
    officer: st.officer.slice(),
    members: st.members.slice(),
    lp: [0, 0],
    vp: [0, 0],
    control: st.control.slice(),
    seq: [[], []],
    ordered: [0, 0],
    wager: [-1, -1],
    authorityWinner: -1,
    delayedLast: [0, 0],
    artilleryUsed: [0, 0],
    extraLeft: 0,
    unit: -1,
    moved: 0,
    shot: 0,
    fought: 0,
    drillPhase: 0,
    engagedAtStart: 0,
    pending: newDecisionStack(),
    turns: 0,
    geom: 0,
    result: null,
  };
}

export function cloneState(s: At43State): At43State {
  return {
    ...s,
    fx: s.fx.slice(),
    fy: s.fy.slice(),
    alive: s.alive.slice(),
    grounded: s.grounded.slice(),
    fired: s.fired.slice(),
    sp: s.sp.slice(),
    leader: s.leader.slice(),
    status: s.status.slice(),
    drills: s.drills.slice(),
    officer: s.officer.slice(),
    members: s.members.slice(),
    lp: s.lp.slice(),
    vp: s.vp.slice(),
    control: s.control.slice(),
    seq: [s.seq[0].slice(), s.seq[1].slice()],
    ordered: s.ordered.slice(),
    wager: s.wager.slice(),
    delayedLast: s.delayedLast.slice(),
    artilleryUsed: s.artilleryUsed.slice(),
    // the whole word array (capacity included), so a clone serialises like its original
    pending: { depth: s.pending.depth, words: s.pending.words.slice() },
    result: s.result ? { ...s.result } : null,
  };
}
