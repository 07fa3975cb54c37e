/**
 * The actions of MGV, declared once as an action codec (core/decision/codec.ts), the pending
 * decisions of the other side as decision frames (core/decision/stack.ts), and `describe`.
 *
 * Every kind spans 2^24 codes (its last field is sized to fill the span; kind 0 is unused), so a
 * code is still `kind index << 24 | payload` as before the codec: the legal actions keep their
 * order and values, the agents' tie-breaks and the golden transcripts are unchanged, and the
 * codec's kindIndexOf is a shift.
 */
import { hypot } from '../../core/geometry/table/index.ts';
import { actionCodec } from '../../core/decision/codec.ts';
import { FRAME_WORDS, decisionFrames, pushFrame, sideToAct, topKindId, type DecisionFrames, type DecisionStack, type FrameSpec } from '../../core/decision/stack.ts';
import { slotWeapon } from './rules/combat.ts';
import { WEAPON_NAMES, type Model } from './model.ts';
import { ENG_NAMES } from './rules/payloads.ts';
import { REPAIR_PRESETS } from './rules/reset.ts';
import type { MgvState } from './state.ts';

const SPAN = 1 << 24;

export const Action = actionCodec({
  /** Kind 0 has no action (codes start at 1 << 24). */
  none: { unused: SPAN },
  /** X/Y/Z declaration: D_MOVE, D_FIRE, D_PASS_MOVE, D_PASS_FIRE. */
  declare: { choice: SPAN },
  /** Power points into speed. */
  power: { points: SPAN },
  /** One leg: a turn (relative option, or N_REL_TURNS + unit to face), a distance index into DISTS, ending the move, reversing. */
  leg: { dist: 256, turn: 4096, end: 2, reverse: SPAN / (256 * 4096 * 2) },
  endUnit: { unused: SPAN },
  /** Engineering action `action` (ENG_*) on feature or unit `target`. */
  engineer: { target: 256, action: SPAN / 256 },
  jam: { target: SPAN },
  jamSkip: { unused: SPAN },
  /** The jammed side's counter: power points committed against the jamming. */
  counter: { points: SPAN },
  /** Beacon: type 0 marker, 1 spotter, at enemy `target`. */
  beacon: { target: 256, type: SPAN / 256 },
  beaconDone: { unused: SPAN },
  repairDesignate: { target: SPAN },
  repairSkip: { unused: SPAN },
  /** Photon declaration: estimated range in EST_STEP units, target, weapon slot. */
  photon: { estimate: 4096, target: 256, slot: SPAN / (4096 * 256) },
  photonHold: { unused: SPAN },
  /** An attack by unit `unit` with weapon slot `slot` at `target`. */
  attack: { target: 256, slot: 16, unit: SPAN / 4096 },
  attackEnd: { unused: SPAN },
  /** A missile split: dice on the core (the rest on the hull). */
  split: { core: SPAN },
  barrage: { unit: SPAN },
  /** Repair by priority preset (REPAIR_PRESETS). */
  preset: { index: SPAN },
  selfDestruct: { unused: SPAN },
});

/** Kind indices, for `Action.kindIndexOf(c) === K.leg`. */
export const K = Action.kindIndex;

/** Decision codes whose kind takes no choice. */
export const END_UNIT = Action.encode.endUnit(0);
export const JAM_SKIP = Action.encode.jamSkip(0);
export const BEACON_DONE = Action.encode.beaconDone(0);
export const REPAIR_SKIP = Action.encode.repairSkip(0);
export const PHOTON_HOLD = Action.encode.photonHold(0);
export const ATTACK_END = Action.encode.attackEnd(0);
export const SELF_DESTRUCT = Action.encode.selfDestruct(0);

/** Strides of the leg fields, for the allocation-free move list (code = leg(dist 0, turn) + d + LEG_END...). */
export const LEG_END = Action.encode.leg(0, 0, 1, 0) - Action.encode.leg(0, 0, 0, 0);
export const LEG_REVERSE = Action.encode.leg(0, 0, 0, 1) - Action.encode.leg(0, 0, 0, 0);
/** The code of turn option 0's leg of distance 0 (not ending, not reversing), and the stride of the turn field: leg(0, t, 0, 0) = LEG_0 + t * LEG_TURN. */
export const LEG_0 = Action.encode.leg(0, 0, 0, 0);
export const LEG_TURN = Action.encode.leg(0, 1, 0, 0) - LEG_0;

/**
 * Every decision but the declaration is a frame on the state's stack (core/decision/stack.ts),
 * with its arguments, and has its module in decisions/ (`legal`, `apply`, `close`):
 * - `barrage`: a side places a random-barrage marker (2017 #101); the markers each side has left;
 * - `power`, `move`: the move phase, base by base (power points into speed, then legs,
 *   engineering, move-phase jamming);
 * - `counterJam`: the jammed side commits power points (seed §1.5), above the jamming decision;
 * - `beacon`, `jam`, `repairDesignate`, `photon`, `attack`: the fire phase, in that order (spec §3.6);
 * - `missileSplit`: one half of the secret simultaneous split (seed §5.2), above the attack:
 *   role 0 the attacker's, then role 1 the defender's, who does not see the attacker's (it stays
 *   in `MgvState.secret`);
 * - `resetRepair`: a repair-priority choice in Reset 5b, at `stage` of the reset order.
 * Nothing pending: the phase side declares MOVE or FIRE (`main`).
 */
export const Frames = decisionFrames({
  barrage: ['left0', 'left1'],
  power: ['unit'],
  move: ['unit'],
  counterJam: ['jammer', 'target'],
  beacon: ['unit'],
  jam: ['unit'],
  repairDesignate: ['unit'],
  photon: ['unit', 'slot'],
  attack: [],
  missileSplit: ['attacker', 'target', 'attDice', 'defDice', 'row', 'role'],
  resetRepair: ['unit', 'stage'],
});

/** Readers of the top frame's arguments by name: `FA.move.unit(stack)`, typed per kind. */
export type FrameReaders<S extends FrameSpec> = { readonly [K in keyof S]: { readonly [N in S[K][number]]: (p: DecisionStack) => number } };

/**
 * `FA.move.unit(p)` without its string lookups: one closure per (kind, argument)
 * with the frame id and the argument's offset captured, checking that the top frame is of that
 * kind (a compare of two numbers). The decisions read their frame several times per decision, and
 * `arg`'s keyed lookups of the kind and the name, megamorphic across twelve kinds, cost ~25 ns each.
 */
function frameReaders<const S extends FrameSpec>(F: DecisionFrames<S>): FrameReaders<S> {
  const out: Record<string, Record<string, (p: DecisionStack) => number>> = {};
  for (const kind of F.kinds) {
    const id = F.id[kind];
    const readers: Record<string, (p: DecisionStack) => number> = {};
    F.spec[kind].forEach((name, j) => {
      readers[name] = (p) => {
        const at = (p.depth - 1) * FRAME_WORDS;
        if (p.words[at] !== id || at < 0) wrongTop(F.describe(p), kind);
        return p.words[at + 2 + j];
      };
    });
    out[kind] = readers;
  }
  return out as FrameReaders<S>;
}

/** The error of a reader asked on another kind of frame (kept out of the readers, which stay small enough to inline). */
function wrongTop(stack: string, kind: string): never {
  throw new Error(`decision stack: top frame is ${stack}, not '${kind}'`);
}

export const FA = frameReaders(Frames);

/** Pushers of a frame by kind: `FP.move(stack, side, unit)`, typed arity per kind. */
type Args<T extends readonly string[]> = { [I in keyof T]: number };
export type FramePushers<S extends FrameSpec> = { readonly [K in keyof S]: (p: DecisionStack, side: number, ...args: Args<S[K]>) => void };

/** `Frames.push(p, 'move', side, unit)` without its keyed lookup of the kind's id (megamorphic across the kinds). */
function framePushers<const S extends FrameSpec>(F: DecisionFrames<S>): FramePushers<S> {
  const out: Record<string, (p: DecisionStack, side: number, a0?: number, a1?: number, a2?: number, a3?: number, a4?: number, a5?: number) => void> = {};
  for (const kind of F.kinds) {
    const id = F.id[kind];
    out[kind] = (p, side, a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0) => pushFrame(p, id, side, a0, a1, a2, a3, a4, a5);
  }
  return out as FramePushers<S>;
}

export const FP = framePushers(Frames);

/** Frame ids (`Frames.id`), and MAIN: the declaration, when nothing is pending. */
export const DK = Frames.id;
export const MAIN = Frames.kinds.length;

/** The decision deciding now: a frame id of `DK`, or MAIN. */
export function decisionOf(s: Readonly<MgvState>): number {
  const p = s.pending;
  return p.depth === 0 ? MAIN : topKindId(p);
}

/** Roles of a `missileSplit` frame. */
export const SPLIT_ATTACKER = 0, SPLIT_DEFENDER = 1;

/** The base whose decision this is (the top frame's `unit`, the jammed base, the attacker or defender of a split); -1 for the declaration and barrages. */
export function actingUnit(s: Readonly<MgvState>): number {
  const p = s.pending;
  switch (decisionOf(s)) {
    case DK.power:
      return FA.power.unit(p);
    case DK.move:
      return FA.move.unit(p);
    case DK.counterJam:
      return FA.counterJam.target(p);
    case DK.beacon:
      return FA.beacon.unit(p);
    case DK.jam:
      return FA.jam.unit(p);
    case DK.repairDesignate:
      return FA.repairDesignate.unit(p);
    case DK.photon:
      return FA.photon.unit(p);
    case DK.missileSplit:
      return FA.missileSplit.role(p) === SPLIT_ATTACKER ? FA.missileSplit.attacker(p) : FA.missileSplit.target(p);
    case DK.resetRepair:
      return FA.resetRepair.unit(p);
  }
  return -1;
}

export const D_MOVE = 0, D_FIRE = 1, D_PASS_MOVE = 2, D_PASS_FIRE = 3;

/**
 * Leg turn options: 8 relative turns in 45° steps (-135..180: the facing-cost bands of S §4.0,
 * so a finer turn would cost the same), then "face unit k" (exact heading to that base).
 */
export const TURN_STEP = 45;
export const N_REL_TURNS = 8;
export const ZERO_TURN = 3;
export const relTurn = (idx: number): number => (idx - ZERO_TURN) * TURN_STEP;
/** Index of the relative-turn option nearest to `delta` degrees. */
export const turnIndexFor = (delta: number): number => (((Math.round(delta / TURN_STEP) + ZERO_TURN) % N_REL_TURNS) + N_REL_TURNS) % N_REL_TURNS;
/** Leg distance options (inches): fine near the base, coarser further out. */
export const DISTS: readonly number[] = [0, 0.5, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24];
export const DIST_F = Float64Array.from(DISTS);
export const legCode = (turnIdx: number, distIdx: number, end: boolean, reverse = false): number => Action.encode.leg(distIdx, turnIdx, end ? 1 : 0, reverse ? 1 : 0);
export const photonCode = (slot: number, target: number, estQ: number): number => Action.encode.photon(estQ, target, slot);
export const MAX_EST_Q = 4095;
/** Photon range estimates are recorded in steps of this many inches (a by-eye guess). */
export const EST_STEP = 0.5;

export function maxEstimateQ(m: Model): number {
  return Math.min(MAX_EST_Q, Math.ceil((hypot(m.width, m.height) + 12) / EST_STEP));
}

/** Transcript text of an action. */
export function describe(m: Model, s: MgvState, action: number): string {
  const uid = (k: number) => m.units[k]?.id ?? `#${k}`;
  const cur = uid(actingUnit(s));
  if (Action.kindIndexOf(action) <= 0) return `action ${action}`;
  const a = Action.decode(action);
  switch (a.kind) {
    case 'declare':
      return `${m.sides[s.phaseSide]} declares ${['MOVE', 'FIRE', 'MOVE (pass)', 'FIRE (pass)'][a.choice]}`;
    case 'barrage':
      return `${m.sides[sideToAct(s.pending, s.phaseSide)]} places a barrage marker on ${uid(a.unit)}`;
    case 'power':
      return `${cur} puts ${a.points} power point(s) into speed`;
    case 'leg': {
      const turn = a.turn < N_REL_TURNS ? `turn ${relTurn(a.turn)}°` : `face ${uid(a.turn - N_REL_TURNS)}`;
      return `${cur} ${turn}, ${a.reverse ? 'reverse' : 'advance'} ${DISTS[a.dist]}"${a.end ? ', end' : ''}`;
    }
    case 'endUnit':
      return `${cur} ends its movement`;
    case 'selfDestruct':
      return `${cur} self-destructs`;
    case 'engineer':
      return `${cur} engineering: ${ENG_NAMES[a.action]} ${a.action >= 3 && a.action <= 5 ? uid(a.target) : m.features[a.target]?.id}`;
    case 'jam':
      return `${cur} jams ${uid(a.target)}`;
    case 'jamSkip':
      return `${cur} does not jam`;
    case 'counter':
      return `${cur} commits ${a.points} power point(s) against jamming`;
    case 'beacon':
      return `${cur} launches a ${a.type ? 'spotter' : 'marker'} beacon at ${uid(a.target)}`;
    case 'beaconDone':
      return `${cur} launches no more beacons`;
    case 'repairDesignate':
      return `${cur} designates ${uid(a.target)} for remote repair`;
    case 'repairSkip':
      return `${cur} designates no remote repair`;
    case 'photon':
      return `${cur} ${a.slot ? 'payload' : 'main'} photon: target ${uid(a.target)}, estimated range ${a.estimate * EST_STEP}"`;
    case 'photonHold':
      return `${cur} holds its photon weapon`;
    case 'attack':
      return `${uid(a.unit)} fires ${['main', 'payload', 'joint', 'point-blank'][a.slot]} ${WEAPON_NAMES[slotWeapon(m, a.unit, a.slot)]} at ${uid(a.target)}`;
    case 'attackEnd':
      return `${m.sides[s.phaseSide]} ends its fire phase`;
    case 'split':
    {
      const p = s.pending;
      if (FA.missileSplit.role(p) === SPLIT_ATTACKER) {
        const n = FA.missileSplit.attDice(p);
        return `${cur} splits ${n} missile dice: ${a.core} core, ${n - a.core} hull (secret)`;
      }
      const n = FA.missileSplit.defDice(p);
      return `${cur} splits ${n} defence dice: ${a.core} core, ${n - a.core} hull`;
    }
    case 'preset':
      return `${cur} repairs by priority '${REPAIR_PRESETS[a.index].name}'`;
  }
  return `action ${action}`;
}
