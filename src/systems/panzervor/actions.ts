/**
 * The actions of Panzer Vor!, declared once as an action codec (core/decision/codec.ts): each
 * decision offers a small set of codes, `describeAction` turns them into transcript text.
 *
 * Every kind spans 2^20 codes (its last field is sized to fill the span), so a code is still
 * `kind index << 20 | payload` as before the codec: the kinds are listed in their old category
 * order, agents' tie-breaks and the golden transcripts are unchanged, and the codec's
 * kindIndexOf is a shift.
 */
import { actionCodec } from '../../core/decision/codec.ts';
import { decisionFrames, frameArg, frameKindId, type DecisionStack } from '../../core/decision/stack.ts';
import { DIR_NAMES } from '../../core/geometry/hex/index.ts';
import { pendingFreeChar } from './rules/crew.ts';
import { S_ABIL, S_ACTION, S_EAVES, S_EVENT, S_MAINT, S_MOVE, S_REACT, S_RECOVER, S_TANK, S_TARGET, S_TURRET, type PvState } from './state.ts';
import { AK_MOVE_OR_ATTACK, tankName, type PvStatic } from './model.ts';

export { tankName };

const SPAN = 1 << 20;

export const Action = actionCodec({
  /** Pass / done / stop / decline / keep, depending on the decision (always code 0). */
  pass: { none: SPAN },
  /** Play a card of type `type` (an Action card at S_ACTION, an Event card at S_EVENT). */
  card: { type: SPAN },
  /** A special ability (slot SLOT_*) of a character. */
  ability: { slot: 4, character: SPAN / 4 },
  scenarioCard: { index: SPAN },
  /** A tank acts on the card; mode 0 = move (or the card's only use), 1 = attack (Move or Fire). */
  tank: { mode: 2, tank: SPAN / 2 },
  /** A movement step STEP_*, or STEP_ABILITY_BASE + character for a movement bonus. */
  step: { step: SPAN },
  target: { gun: 2, target: SPAN / 2 },
  /** A Reaction card; firer is the Quick Shot firer + 1 (0 = not a Quick Shot). */
  reaction: { gun: 2, firer: 512, card: SPAN / 1024 },
  /** A character uses its roll ability. */
  use: { character: SPAN },
  /** New turret offset 0..5. */
  turret: { offset: SPAN },
  /** Maintenance: what = MAINT_*, x a tank or a card type. */
  maintenance: { x: 65536, what: SPAN / 65536 },
  /** Recovery: tank + 1 (0 = turn the character face up in place). */
  recover: { tank: 1024, character: SPAN / 1024 },
  discard: { type: SPAN },
  place: { facing: 8, hex: SPAN / 8 },
  /** Eavesdropping with card type `type`. */
  eavesdrop: { type: SPAN },
  /** Place the pending free character on a tank. */
  placeCharacter: { tank: SPAN },
});

/**
 * The pending decisions of the other side (core/decision/stack.ts), kept in `PvState.pending`:
 * a Reaction window W1/W2/W3 open to the opponent of the active player (seed p12, spec §3.11),
 * and above it, once a Reaction card is played, the active player's Eavesdropping answer (WR;
 * firer = the Quick Shot firer, -1 for other cards). `step` still says S_REACT / S_EAVES.
 *
 * After an attack or damage roll (seed p10, spec §6 A-02), each side's character decision is an
 * `ability` frame (the attack's layer, role AB_*) of the deciding side, `step` S_ABIL. Under
 * abilityOrder 'simultaneous' the attacker's choice is secret: it is kept as a `secretAbility`
 * frame (layer, character or -1 for none) of the attacker under the defender's `ability` frame,
 * and revealed (popped and applied) once the defender has decided. observe() never shows it.
 */
export const Frames = decisionFrames({
  reaction: ['window'],
  eavesdrop: ['card', 'firer', 'gun'],
  ability: ['layer', 'role'],
  secretAbility: ['layer', 'character'],
});

/** Frames from the top to the attacker's sealed ability choice, or -1 when none is pending. */
export function sealedAbilityAt(p: DecisionStack): number {
  for (let f = 0; f < p.depth; f++) if (frameKindId(p, f) === Frames.id.secretAbility) return f;
  return -1;
}

/** The open Reaction window (W1/W2/W3; 0 when none): the top frame, or the one under an Eavesdropping answer. */
export function openWindowOf(p: DecisionStack): number {
  if (Frames.isTop(p, 'reaction')) return Frames.arg(p, 'reaction', 'window');
  if (Frames.isTop(p, 'eavesdrop') && p.depth > 1 && frameKindId(p, 1) === Frames.id.reaction) return frameArg(p, 0, 1);
  return 0;
}

/** The Reaction card awaiting the active player's Eavesdropping answer, or -1. */
export function pendingReactionCard(p: DecisionStack): number {
  return Frames.isTop(p, 'eavesdrop') ? Frames.arg(p, 'eavesdrop', 'card') : -1;
}

/** Kind indices, for `Action.kindIndexOf(a) === K.card`. */
export const K = Action.kindIndex;
export const A_PASS = Action.encode.pass(0);

export const SLOT_COMBAT_SENSE = 0;
export const SLOT_RECOVERY = 1;
export const SLOT_AIDE = 2;

export const STEP_FORWARD = 0;
export const STEP_REVERSE = 1;
/** Turns: payload 2..6 for k = -2, -1, +1, +2, +3 hex-sides (positive = clockwise). */
export const STEP_TURN_BASE = 2;
export const TURN_KS = [-2, -1, 1, 2, 3] as const;
export const STEP_ABILITY_BASE = 16;

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
  const who = G.sideNames[s.decider] ?? `side ${s.decider}`;
  if (a === A_PASS) {
    switch (s.step) {
      case S_ACTION: return `${who}: pass (no more Action cards)`;
      case S_EVENT: return `${who}: end the Event Phase`;
      case S_TANK: return `${who}: no more tanks on this card`;
      case S_MOVE: return `${who}: stop ${tankName(G, s.mvTank)} in ${G.grid.id(s.hex[s.mvTank])} facing ${DIR_NAMES[s.facing[s.mvTank]]}`;
      case S_TURRET: return `${who}: keep the turret`;
      case S_TARGET: return `${who}: no attack`;
      case S_REACT: return `${who}: no Reaction`;
      case S_EAVES: return `${who}: no Eavesdropping`;
      case S_ABIL: return `${who}: keep the character (no ability on this roll)`;
      case S_MAINT: case S_RECOVER: return `${who}: nothing to choose`;
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
    case 'scenarioCard': return `${who}: play scenario card ${G.scenarioCards[s.decider][d.index]?.name ?? d.index}`;
    case 'tank': {
      const mode = s.step === S_TANK && G.kKind[s.card] === AK_MOVE_OR_ATTACK ? (d.mode ? ' to fire' : ' to move') : '';
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
    case 'place': return `${who}: place ${tankName(G, s.placeQueue[s.placeNext])} in ${G.grid.id(d.hex)} facing ${DIR_NAMES[d.facing]}`;
    case 'eavesdrop': return `${who}: ${G.kName[d.type]} cancels the Reaction`;
    case 'placeCharacter': return `${who}: place ${G.cName[pendingFreeChar(G, s)]} on ${tankName(G, d.tank)}`;
    default: return `${who}: action ${a}`;
  }
}
