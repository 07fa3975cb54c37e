/**
 * The game state: plain data (arrays of numbers), structuredClone- and JSON-safe. Static data
 * (map, tank values, card table) lives in PvStatic and is never copied.
 */

import { FRAME_WORDS, cloneDecisionStack, type DecisionStack } from '../../core/decision/stack.ts';
import type { PvStatic } from './model.ts';

export const PHASE_SETUP = 0;
export const PHASE_ACTION = 1;
export const PHASE_EVENT = 2;
export const PHASE_END = 3;

// Reaction windows (bit values match the card table's window mask).
export const W1 = 1;
export const W2 = 2;
export const W3 = 4;
export const WR = 8;

// Ability roles (the `role` of an ability decision).
export const AB_ATT_ATTACK = 0;
export const AB_DEF_ATTACK = 1;
export const AB_ATT_DAMAGE = 2;
export const AB_DEF_DAMAGE = 3;
/** aDecided bits. */
export const DECIDED_ATT = 1;
export const DECIDED_DEF = 2;
export const SEALED = 4;

// Character counter states.
export const FACE_FRONT = 0;
/** Face down: the back side is up. */
export const FACE_BACK = 1;
/** Off the map, recoverable. */
export const FACE_REMOVED = 2;
/** Off the map for the rest of the match. */
export const FACE_LOST = 3;

// End reasons.
export const END_NONE = 0;
export const END_ELIMINATION = 1;
export const END_FLAG = 2;
export const END_POINTS = 3;
export const END_TURN_LIMIT = 4;

// Inoperative marker values.
export const INOP_NONE = 0;
export const INOP_SCENARIO = 1;
export const INOP_THIS_TURN = 2;

/** Where a Recovery comes from (the `source` of a recovery decision: a card is discarded afterwards). */
export const REC_CARD = 0;
export const REC_ABILITY = 1;

export interface PvState {
  // ---- board, per tank
  hex: number[];
  facing: number[];
  /** Turret offset relative to the hull (0 = forward), or absolute direction if the option says so. */
  turret: number[];
  alive: number[];
  /** 1 while the tank's wreck lies on the map (optional Wreckage). */
  wreck: number[];
  immobile: number[];
  inop: number[];
  /** Hex-sides the turret turned this player turn, and the turn number of the last rotation. */
  rotUsed: number[];
  rotTurn: number[];
  // ---- characters
  chFace: number[];
  chTank: number[];
  // ---- cards
  /** Card type ids, top of the deck last. The armed stagnation card is stored as id + STAG. */
  deck: number[];
  /** Counts per card type, per side. */
  hand: number[][];
  handSize: number[];
  discard: number[];
  enfPile: number[];
  /** Set aside for the match (Training: Recovery). */
  removed: number[];
  /** Card being resolved (type id) or -1. */
  inPlay: number;
  /** Unused scenario cards per side (indices into the side's scenario card list). */
  scenarioCards: number[][];
  // ---- flow
  turn: number;
  active: number;
  phase: number;
  /** Next unit (index into the placement queue) to place. */
  placeNext: number;
  placeQueue: number[];
  actionsPlayed: number;
  allowance: number;
  eventsPlayed: number;
  csUsed: boolean;
  desperate: boolean;
  missed: boolean;
  /** The side finished an End Phase since its last draw (for the hand-limit invariant). */
  endDone: boolean[];
  enfDrawn: number;
  stagArmed: boolean;
  pointsKilled: number[];
  tanksLost: number[];
  winner: number;
  endReason: number;
  /** Smokescreen markers: hex and owning side (expire at the owner's next turn). */
  smokeHex: number[];
  smokeSide: number[];
  // ---- card resolution
  card: number;
  /** For Move or Fire: 0 move, 1 attack. */
  cardMode: number;
  /** Tanks that have acted on this card. */
  acted: number[];
  /** An attack of the current card missed (for missEndsCard). */
  cardMissed: boolean;
  volleyTarget: number;
  reactUsed: number;
  // ---- movement of the acting tank
  mvTank: number;
  mvMp: number;
  mvFree: boolean;
  mvSteps: number;
  mvAbil: boolean;
  mvBonus: number;
  // ---- attacks: layer 0 = the active player's attack, layer 1 = a Quick Shot against it
  layer: number;
  aAtt: number[];
  aGun: number[];
  aTgt: number[];
  aDist: number[];
  /** Armour value the damage roll is compared with (arc resolved at declaration). */
  aArmour: number[];
  /** Second armour value when the attacker sits on a boundary and the option is 'random' (else -1). */
  aArmour2: number[];
  /** Fixed attack modifiers: size + card + reaction + wreck + turret. */
  aMod: number[];
  /** The attacking card's attack modifier (for the extreme-range rule). */
  aCardMod: number[];
  aDmgMod: number[];
  aNoRoll: boolean[];
  aNat: number[];
  aAttAb: number[];
  aDefAb: number[];
  aDNat: number[];
  aAttDAb: number[];
  aDefDAb: number[];
  /**
   * Ability decisions taken on the current roll: bit 0 attacker decided, bit 1 defender decided,
   * bit 2 (SEALED) the attacker's choice was a secret one under 'simultaneous' (the choice itself
   * is a `secretAbility` frame on the decision stack until it is revealed).
   */
  aDecided: number[];
  /** Role (AB_*) of the latest ability decision (the pending one is its frame's `role`). */
  abRole: number;
  /**
   * The decision pending now, on the core's stack (actions.ts `Frames`, one module each in
   * decisions/); empty: the phase's main decision, or the match is over (endReason).
   */
  pending: DecisionStack;
  /** After a Quick Shot: resume at W1 (after a move) or W2 (before the attack roll). */
  resume: number;
}

/**
 * An array of n copies of v, built element by element: packed, so reading it never checks for
 * holes (`new Array(n).fill(v)` stays holey, and so does every slice of it).
 */
function filled(n: number, v: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(v);
  return a;
}

/** A packed copy of a typed array. */
function copied(t: ArrayLike<number>): number[] {
  const a: number[] = [];
  for (let i = 0; i < t.length; i++) a.push(t[i]);
  return a;
}

/** The state at the start of set-up: nothing placed, the deck in its composition order, no decision yet. */
export function newState(G: PvStatic): PvState {
  const nT = G.nT;
  const z = () => filled(nT, 0);
  const two = () => [0, 0];
  return {
    hex: filled(nT, -1),
    facing: z(),
    turret: z(),
    alive: filled(nT, 1),
    wreck: z(),
    immobile: copied(G.tStartImmobile),
    inop: copied(G.tStartInop).map((v) => (v ? INOP_SCENARIO : INOP_NONE)),
    rotUsed: z(),
    rotTurn: filled(nT, -1),
    chFace: copied(G.cStartFace),
    chTank: copied(G.cStartTank),
    deck: G.deckInit.slice(),
    hand: [filled(G.nK, 0), filled(G.nK, 0)],
    handSize: two(),
    discard: filled(G.nK, 0),
    enfPile: filled(G.nK, 0),
    removed: G.removedInit.slice(),
    inPlay: -1,
    scenarioCards: [G.scenarioCards[0].map((_, i) => i), G.scenarioCards[1].map((_, i) => i)],
    turn: 0,
    active: G.movesFirst,
    phase: PHASE_SETUP,
    placeNext: 0,
    placeQueue: [],
    actionsPlayed: 0,
    allowance: G.rules.actionCardsPerTurn,
    eventsPlayed: 0,
    csUsed: false,
    desperate: false,
    missed: false,
    endDone: [false, false],
    enfDrawn: 0,
    stagArmed: false,
    pointsKilled: two(),
    tanksLost: two(),
    winner: -1,
    endReason: END_NONE,
    smokeHex: [],
    smokeSide: [],
    card: -1,
    cardMode: 0,
    acted: [],
    cardMissed: false,
    volleyTarget: -1,
    reactUsed: 0,
    mvTank: -1,
    mvMp: 0,
    mvFree: false,
    mvSteps: 0,
    mvAbil: false,
    mvBonus: 0,
    layer: 0,
    aAtt: [-1, -1],
    aGun: two(),
    aTgt: [-1, -1],
    aDist: two(),
    aArmour: two(),
    aArmour2: [-1, -1],
    aMod: two(),
    aCardMod: two(),
    aDmgMod: two(),
    aNoRoll: [false, false],
    aNat: [-1, -1],
    aAttAb: two(),
    aDefAb: two(),
    aDNat: [-1, -1],
    aAttDAb: two(),
    aDefDAb: two(),
    aDecided: two(),
    abRole: 0,
    // Room for two frames from the start: a decision's close pushes the next one before it goes.
    pending: { depth: 0, words: filled(2 * FRAME_WORDS, 0) },
    resume: 0,
  };
}

/** The match is over (its end reason is set: elimination, flag, points or the turn limit). */
export function isOver(s: PvState): boolean {
  return s.endReason !== END_NONE;
}

/** Explicit deep copy (hot enough for the clone check; no structuredClone). */
export function cloneState(s: PvState): PvState {
  return {
    hex: s.hex.slice(),
    facing: s.facing.slice(),
    turret: s.turret.slice(),
    alive: s.alive.slice(),
    wreck: s.wreck.slice(),
    immobile: s.immobile.slice(),
    inop: s.inop.slice(),
    rotUsed: s.rotUsed.slice(),
    rotTurn: s.rotTurn.slice(),
    chFace: s.chFace.slice(),
    chTank: s.chTank.slice(),
    deck: s.deck.slice(),
    hand: [s.hand[0].slice(), s.hand[1].slice()],
    handSize: s.handSize.slice(),
    discard: s.discard.slice(),
    enfPile: s.enfPile.slice(),
    removed: s.removed.slice(),
    inPlay: s.inPlay,
    scenarioCards: [s.scenarioCards[0].slice(), s.scenarioCards[1].slice()],
    turn: s.turn,
    active: s.active,
    phase: s.phase,
    placeNext: s.placeNext,
    placeQueue: s.placeQueue.slice(),
    actionsPlayed: s.actionsPlayed,
    allowance: s.allowance,
    eventsPlayed: s.eventsPlayed,
    csUsed: s.csUsed,
    desperate: s.desperate,
    missed: s.missed,
    endDone: s.endDone.slice(),
    enfDrawn: s.enfDrawn,
    stagArmed: s.stagArmed,
    pointsKilled: s.pointsKilled.slice(),
    tanksLost: s.tanksLost.slice(),
    winner: s.winner,
    endReason: s.endReason,
    smokeHex: s.smokeHex.slice(),
    smokeSide: s.smokeSide.slice(),
    card: s.card,
    cardMode: s.cardMode,
    acted: s.acted.slice(),
    cardMissed: s.cardMissed,
    volleyTarget: s.volleyTarget,
    reactUsed: s.reactUsed,
    mvTank: s.mvTank,
    mvMp: s.mvMp,
    mvFree: s.mvFree,
    mvSteps: s.mvSteps,
    mvAbil: s.mvAbil,
    mvBonus: s.mvBonus,
    layer: s.layer,
    aAtt: s.aAtt.slice(),
    aGun: s.aGun.slice(),
    aTgt: s.aTgt.slice(),
    aDist: s.aDist.slice(),
    aArmour: s.aArmour.slice(),
    aArmour2: s.aArmour2.slice(),
    aMod: s.aMod.slice(),
    aCardMod: s.aCardMod.slice(),
    aDmgMod: s.aDmgMod.slice(),
    aNoRoll: s.aNoRoll.slice(),
    aNat: s.aNat.slice(),
    aAttAb: s.aAttAb.slice(),
    aDefAb: s.aDefAb.slice(),
    aDNat: s.aDNat.slice(),
    aAttDAb: s.aAttDAb.slice(),
    aDefDAb: s.aDefDAb.slice(),
    aDecided: s.aDecided.slice(),
    abRole: s.abRole,
    pending: cloneDecisionStack(s.pending),
    resume: s.resume,
  };
}

/** Marks the armed stagnation card inside the deck (spec §3.13.3). */
export const STAG = 1000;
