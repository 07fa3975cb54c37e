/**
 * The actions and the pending decisions of Panzer Vor!, declared once: the action codec
 * (core/decision/codec.ts; read with `Action.read.<kind>.<field>`), the decision frames
 * (core/decision/stack.ts; read with `Frames.arg`), which decision is pending now
 * (`decisionOf`), and `describeAction`, the transcript text of a code.
 */
import { actionCodec } from '../../core/decision/codec.ts';
import { decisionFrames, pushFrame, sideToAct, type DecisionStack, type FrameSpec } from '../../core/decision/stack.ts';
import { DIR_NAMES } from '../../core/geometry/hex/index.ts';
import { pendingFreeChar } from './rules/crew.ts';
import { END_NONE, PHASE_EVENT, type PvState } from './state.ts';
import { AK_MOVE_OR_ATTACK, tankName, type PvStatic } from './model.ts';

export { tankName };

/**
 * Largest rosters the action codes can name (check.ts refuses a scenario beyond them, with the
 * path of the list that is too long): tanks, characters and card types of one match, scenario
 * cards of one side, hexes of the map (the scenario schema allows 4,096).
 */
export const MAX_TANKS = 256;
export const MAX_CHARACTERS = 256;
export const MAX_CARD_TYPES = 256;
export const MAX_SCENARIO_CARDS = 64;
export const MAX_HEXES = 4096;

/** Movement steps: forward, reverse, five turns, then STEP_ABILITY_BASE + character for a movement bonus. */
export const STEP_ABILITY_BASE = 16;

/**
 * Every kind of action, in the order agents and transcripts have always listed them. Field sizes
 * are powers of two, so the hot-loop readers are a shift and a mask.
 */
export const Action = actionCodec({
  /** Pass / done / stop / decline / keep, depending on the decision (always code 0). */
  pass: {},
  /** Play a card of type `type` (an Action card in the Action Phase, an Event card in the Event Phase). */
  card: { type: MAX_CARD_TYPES },
  /** A special ability (slot SLOT_*) of a character. */
  ability: { slot: 4, character: MAX_CHARACTERS },
  scenarioCard: { index: MAX_SCENARIO_CARDS },
  /** A tank acts on the card; mode 0 = move (or the card's only use), 1 = attack (Move or Fire). */
  tank: { mode: 2, tank: MAX_TANKS },
  /** A movement step STEP_*, or STEP_ABILITY_BASE + character for a movement bonus. */
  step: { step: 2 * MAX_CHARACTERS },
  target: { gun: 2, target: MAX_TANKS },
  /** A Reaction card; firer is the Quick Shot firer + 1 (0 = not a Quick Shot). */
  reaction: { gun: 2, firer: 2 * MAX_TANKS, card: MAX_CARD_TYPES },
  /** A character uses its roll ability. */
  use: { character: MAX_CHARACTERS },
  /** New turret offset 0..5. */
  turret: { offset: 8 },
  /** Maintenance: what = MAINT_*, x a tank or a card type. */
  maintenance: { x: Math.max(MAX_TANKS, MAX_CARD_TYPES), what: 4 },
  /** Recovery: tank + 1 (0 = turn the character face up in place). */
  recover: { tank: 2 * MAX_TANKS, character: MAX_CHARACTERS },
  discard: { type: MAX_CARD_TYPES },
  place: { facing: 8, hex: MAX_HEXES },
  /** Eavesdropping with card type `type`. */
  eavesdrop: { type: MAX_CARD_TYPES },
  /** Place the pending free character on a tank. */
  placeCharacter: { tank: MAX_TANKS },
});

/**
 * The pending decisions (core/decision/stack.ts), one module each in decisions/. A frame is pushed
 * when play reaches its decision and removed when the decision is complete (`D.finish`), so the
 * stack holds the one decision pending now; nothing pending is the phase's main decision (play a
 * card of the phase or pass, decisions/main.ts). A frame's arguments are its decision's own state,
 * including the choice that `close` acts on (-1 until it is made):
 *  - place / placeCharacter: set-up (seed p6, A-24);
 *  - tank: which tank acts next on the card in play (seed p8), `tank` chosen (-1 = done) in `mode`;
 *  - move / turret / target: the acting tank's movement (p9), turret (p13), attack (p10);
 *  - reaction: window W1/W2/W3 open to the opponent of the active player (p12, spec §3.9.4), and
 *    the Reaction card played (`card`, the Quick Shot's `firer` and `gun`);
 *  - eavesdrop: the active player's answer (WR) to that card, `used` once Eavesdropping is played;
 *  - ability: a character decision after a roll (p13, spec §6 A-02): `layer` of the attack, `role`
 *    AB_*, and under abilityOrder 'simultaneous' the attacker's `sealed` choice (a character, -1
 *    for none, NO_SEAL when none is sealed) kept secret in the defender's frame until the defender
 *    has decided; observe() never shows it;
 *  - extraAction: an Action card in the Event Phase (Combat Sense, an extra-action scenario card);
 *  - maintenance, recovery (`source` REC_*, `user` the character using the ability or -1), discard.
 */
export const Frames = decisionFrames({
  place: ['tank'],
  placeCharacter: ['character'],
  tank: ['tank', 'mode'],
  move: [],
  turret: [],
  target: ['target', 'gun'],
  reaction: ['window', 'card', 'firer', 'gun'],
  eavesdrop: ['window', 'card', 'firer', 'gun', 'used'],
  ability: ['layer', 'role', 'sealed'],
  extraAction: ['card'],
  maintenance: [],
  recovery: ['source', 'user'],
  discard: [],
});

/**
 * The hot-path twin of `Frames.arg` / `Frames.setArg` (as `Action.read` is of `Action.get`): the
 * index of each named argument, `Arg.reaction.window`, for the stack's `frameArg(p, i)` and
 * `setFrameArg(p, i, v)`. Typed by kind and name; precomputed in plain objects, so a decision
 * reads its own frame with an array load (Frames.arg checks the kind on top and looks the name up
 * at every call: a fifth of the engine's time in random playouts). Unchecked: a decision reads
 * only the frame it is dispatched on.
 */
export const Arg = argIndices(Frames.spec);

/**
 * The hot-path twin of `Frames.push`: `Push.tank(p, side, tank, mode)`, one function per kind with
 * its arity typed, its kind id bound (Frames.push looks the kind up by name at every call).
 */
export const Push = pushers(Frames.spec, Frames.id);

type Args<T extends readonly string[]> = { [I in keyof T]: number };
type Pushers<S extends FrameSpec> = { readonly [K in keyof S]: (p: DecisionStack, side: number, ...args: Args<S[K]>) => void };

function pushers<const S extends FrameSpec>(spec: S, ids: { readonly [K in keyof S]: number }): Pushers<S> {
  const entries = Object.keys(spec).map((kind) => {
    const id = ids[kind];
    return [kind, (p: DecisionStack, side: number, a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0) => pushFrame(p, id, side, a0, a1, a2, a3, a4, a5)];
  });
  return Object.fromEntries(entries) as Pushers<S>;
}

function argIndices<const S extends FrameSpec>(spec: S): { readonly [K in keyof S]: { readonly [N in S[K][number]]: number } } {
  // Object.fromEntries builds fast-mode objects (a dozen keys added one by one make a dictionary).
  return Object.fromEntries(Object.entries(spec).map(([kind, names]) => [kind, Object.fromEntries(names.map((n, i) => [n, i]))])) as { readonly [K in keyof S]: { readonly [N in S[K][number]]: number } };
}

/** The `sealed` argument of an ability frame when no secret choice waits in it. */
export const NO_SEAL = -2;

/** What is being decided now: a frame's kind, the phase's main decision ('action', 'event'), or 'over'. */
export type PvDecision = (typeof Frames.kinds)[number] | 'action' | 'event' | 'over';

export function decisionOf(s: PvState): PvDecision {
  if (s.endReason !== END_NONE) return 'over';
  return Frames.top(s.pending) ?? (s.phase === PHASE_EVENT ? 'event' : 'action');
}

/** The open Reaction window (W1/W2/W3; 0 when none): a Reaction decision's, or the one an Eavesdropping answer is about. */
export function openWindowOf(p: DecisionStack): number {
  if (Frames.isTop(p, 'reaction')) return Frames.arg(p, 'reaction', 'window');
  if (Frames.isTop(p, 'eavesdrop')) return Frames.arg(p, 'eavesdrop', 'window');
  return 0;
}

/** The Reaction card awaiting the active player's Eavesdropping answer, or -1. */
export function pendingReactionCard(p: DecisionStack): number {
  return Frames.isTop(p, 'eavesdrop') ? Frames.arg(p, 'eavesdrop', 'card') : -1;
}

/** The attacker's sealed ability choice waiting in the defender's ability decision (a character or -1), or NO_SEAL. */
export function sealedChoice(p: DecisionStack): number {
  return Frames.isTop(p, 'ability') ? Frames.arg(p, 'ability', 'sealed') : NO_SEAL;
}

/** Kind indices, for `Action.kindIndexOf(a) === K.card`. */
export const K = Action.kindIndex;
export const A_PASS = Action.encode.pass();

export const SLOT_COMBAT_SENSE = 0;
export const SLOT_RECOVERY = 1;
export const SLOT_AIDE = 2;

export const STEP_FORWARD = 0;
export const STEP_REVERSE = 1;
/** Turns: payload 2..6 for k = -2, -1, +1, +2, +3 hex-sides (positive = clockwise). */
export const STEP_TURN_BASE = 2;
export const TURN_KS = [-2, -1, 1, 2, 3] as const;

export const MAINT_REPAIR = 0;
export const MAINT_TAKE = 1;
export const MAINT_WRECK = 2;

/** Step code of a turn by k hex-sides. */
export function turnCode(k: number): number {
  return STEP_TURN_BASE + (k < 0 ? k + 2 : k + 1);
}

export function turnOfStep(step: number): number {
  return TURN_KS[step - STEP_TURN_BASE];
}

/** Human-readable action codes for transcripts and error messages. */
export function describeAction(G: PvStatic, s: PvState, a: number): string {
  const side = sideToAct(s.pending, s.active);
  const who = G.sideNames[side] ?? `side ${side}`;
  const decision = decisionOf(s);
  if (a === A_PASS) {
    switch (decision) {
      case 'action': case 'extraAction': return `${who}: pass (no more Action cards)`;
      case 'event': return `${who}: end the Event Phase`;
      case 'tank': return `${who}: no more tanks on this card`;
      case 'move': return `${who}: stop ${tankName(G, s.mvTank)} in ${G.grid.id(s.hex[s.mvTank])} facing ${DIR_NAMES[s.facing[s.mvTank]]}`;
      case 'turret': return `${who}: keep the turret`;
      case 'target': return `${who}: no attack`;
      case 'reaction': return `${who}: no Reaction`;
      case 'eavesdrop': return `${who}: no Eavesdropping`;
      case 'ability': return `${who}: keep the character (no ability on this roll)`;
      case 'maintenance': case 'recovery': return `${who}: nothing to choose`;
      default: return `${who}: pass`;
    }
  }
  if (Action.kindIndexOf(a) < 0) return `${who}: action ${a}`;
  const d = Action.decode(a);
  switch (d.kind) {
    case 'card': return `${who}: play ${G.kName[d.type]}`;
    case 'ability': {
      const what = d.slot === SLOT_COMBAT_SENSE ? 'Combat Sense' : d.slot === SLOT_AIDE ? 'Aide' : 'Recovery';
      return `${who}: ${G.cName[d.character]} uses ${what}`;
    }
    case 'scenarioCard': return `${who}: play scenario card ${G.scenarioCards[side][d.index]?.name ?? d.index}`;
    case 'tank': {
      const mode = decision === 'tank' && G.kKind[s.card] === AK_MOVE_OR_ATTACK ? (d.mode ? ' to fire' : ' to move') : '';
      return `${who}: ${tankName(G, d.tank)} acts${mode}`;
    }
    case 'step': {
      const t = s.mvTank;
      const p = d.step;
      if (p >= STEP_ABILITY_BASE) return `${who}: ${G.cName[p - STEP_ABILITY_BASE]} adds a movement bonus to ${tankName(G, t)}`;
      if (p === STEP_FORWARD) return `${who}: ${tankName(G, t)} forward to ${G.grid.id(G.grid.neighbour(s.hex[t], s.facing[t]))}`;
      if (p === STEP_REVERSE) return `${who}: ${tankName(G, t)} reverses to ${G.grid.id(G.grid.neighbour(s.hex[t], (s.facing[t] + 3) % 6))}`;
      const k = turnOfStep(p);
      return `${who}: ${tankName(G, t)} turns ${k > 0 ? 'right' : 'left'} ${Math.abs(k)} hex-side${Math.abs(k) > 1 ? 's' : ''} to ${DIR_NAMES[(((s.facing[t] + k) % 6) + 6) % 6]}`;
    }
    case 'target': {
      const t = s.acted[s.acted.length - 1];
      const gun = G.nG[t] > 1 ? ` with its ${G.gRole[2 * t + d.gun]} gun` : '';
      return `${who}: ${tankName(G, t)} fires at ${tankName(G, d.target)}${gun} (distance ${G.grid.distance(s.hex[t], s.hex[d.target])})`;
    }
    case 'reaction': return d.firer > 0 ? `${who}: ${G.kName[d.card]} by ${tankName(G, d.firer - 1)}` : `${who}: ${G.kName[d.card]}`;
    case 'use': return `${who}: ${G.cName[d.character]} uses an ability on this roll`;
    case 'turret': return `${who}: turret of ${tankName(G, s.mvTank)} to offset ${d.offset}`;
    case 'maintenance':
      if (d.what === MAINT_REPAIR) return `${who}: Repair ${tankName(G, d.x)}`;
      if (d.what === MAINT_TAKE) return `${who}: Maintenance, take ${G.kName[d.x]} from the discard pile`;
      return `${who}: remove the wreck of ${tankName(G, d.x)}`;
    case 'recover':
      return d.tank === 0 ? `${who}: Recovery turns ${G.cName[d.character]} face up` : `${who}: Recovery places ${G.cName[d.character]} on ${tankName(G, d.tank - 1)}`;
    case 'discard': return `${who}: discard ${G.kName[d.type]}`;
    case 'place': return `${who}: place ${tankName(G, Frames.isTop(s.pending, 'place') ? Frames.arg(s.pending, 'place', 'tank') : s.placeQueue[s.placeNext])} in ${G.grid.id(d.hex)} facing ${DIR_NAMES[d.facing]}`;
    case 'eavesdrop': return `${who}: ${G.kName[d.type]} cancels the Reaction`;
    case 'placeCharacter': return `${who}: place ${G.cName[pendingFreeChar(G, s)]} on ${tankName(G, d.tank)}`;
    default: return `${who}: action ${a}`;
  }
}
