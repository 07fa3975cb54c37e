/**
 * What one side may know (spec §3.9.1, DESIGN "Agents see an observation"): the whole board
 * (counters are public), its own hand, the opponent's hand SIZE only, the deck SIZE only (never
 * its order), the face-up discard and Enforcement piles, and the public parts of the pending
 * decision. A secret simultaneous ability choice is never shown.
 */
import { decisionOf, openWindowOf, pendingReactionCard, type PvDecision } from './actions.ts';
import type { PvStatic } from './model.ts';
import type { PvState } from './state.ts';

export interface PvAttackView {
  readonly layer: number;
  readonly attacker: number;
  readonly gun: number;
  readonly target: number;
  readonly distance: number;
  /** Size + card + reaction + wreck + turret modifiers. */
  readonly mod: number;
  readonly cardMod: number;
  readonly damageMod: number;
  readonly noRoll: boolean;
  /** Natural attack roll, -1 before rolling. */
  readonly natural: number;
  readonly attackerAbility: number;
  readonly defenderAbility: number;
  readonly armour: number;
  /** Natural damage roll, -1 before rolling. */
  readonly damageNatural: number;
  readonly attackerDamageAbility: number;
  readonly defenderDamageAbility: number;
}

export interface PvObservation {
  /** Static scenario data (map, tank values, card table): read-only. */
  readonly G: PvStatic;
  readonly side: number;
  readonly turn: number;
  readonly active: number;
  readonly phase: number;
  /** The decision pending now (actions.ts decisionOf): 'action', 'tank', 'move', 'reaction'... */
  readonly decision: PvDecision;
  readonly hex: readonly number[];
  readonly facing: readonly number[];
  readonly turret: readonly number[];
  readonly alive: readonly number[];
  readonly wreck: readonly number[];
  readonly immobile: readonly number[];
  readonly inop: readonly number[];
  readonly rotUsed: readonly number[];
  readonly chFace: readonly number[];
  readonly chTank: readonly number[];
  /** Own hand: count per card type. */
  readonly hand: readonly number[];
  readonly handSize: readonly number[];
  readonly deckSize: number;
  readonly discard: readonly number[];
  readonly enfPile: readonly number[];
  readonly enfDrawn: number;
  readonly stagArmed: boolean;
  readonly pointsKilled: readonly number[];
  readonly actionsPlayed: number;
  readonly allowance: number;
  readonly eventsPlayed: number;
  readonly csUsed: boolean;
  readonly desperate: boolean;
  readonly missed: boolean;
  readonly card: number;
  readonly acted: readonly number[];
  readonly volleyTarget: number;
  readonly reactUsed: number;
  readonly window: number;
  /** Reaction card just played against the active player (awaiting Eavesdropping), or -1. */
  readonly pendCard: number;
  readonly abRole: number;
  readonly smokeHex: readonly number[];
  readonly mv: { readonly tank: number; readonly mp: number; readonly free: boolean; readonly steps: number; readonly abilityUsed: boolean };
  readonly attack: PvAttackView | null;
}

export function observe(G: PvStatic, s: PvState, side: number): PvObservation {
  const L = s.layer;
  const attack: PvAttackView | null =
    s.aAtt[L] >= 0 && s.aTgt[L] >= 0
      ? {
          layer: L,
          attacker: s.aAtt[L],
          gun: s.aGun[L],
          target: s.aTgt[L],
          distance: s.aDist[L],
          mod: s.aMod[L],
          cardMod: s.aCardMod[L],
          damageMod: s.aDmgMod[L],
          noRoll: s.aNoRoll[L],
          natural: s.aNat[L],
          attackerAbility: s.aAttAb[L],
          defenderAbility: s.aDefAb[L],
          armour: s.aArmour[L],
          damageNatural: s.aDNat[L],
          attackerDamageAbility: s.aAttDAb[L],
          defenderDamageAbility: s.aDefDAb[L],
        }
      : null;
  return {
    G,
    side,
    turn: s.turn,
    active: s.active,
    phase: s.phase,
    decision: decisionOf(s),
    hex: s.hex.slice(),
    facing: s.facing.slice(),
    turret: s.turret.slice(),
    alive: s.alive.slice(),
    wreck: s.wreck.slice(),
    immobile: s.immobile.slice(),
    inop: s.inop.slice(),
    rotUsed: s.rotUsed.slice(),
    chFace: s.chFace.slice(),
    chTank: s.chTank.slice(),
    hand: s.hand[side].slice(),
    handSize: s.handSize.slice(),
    deckSize: s.deck.length,
    discard: s.discard.slice(),
    enfPile: s.enfPile.slice(),
    enfDrawn: s.enfDrawn,
    stagArmed: s.stagArmed,
    pointsKilled: s.pointsKilled.slice(),
    actionsPlayed: s.actionsPlayed,
    allowance: s.allowance,
    eventsPlayed: s.eventsPlayed,
    csUsed: s.csUsed,
    desperate: s.desperate,
    missed: s.missed,
    card: s.card,
    acted: s.acted.slice(),
    volleyTarget: s.volleyTarget,
    reactUsed: s.reactUsed,
    window: openWindowOf(s.pending),
    pendCard: pendingReactionCard(s.pending),
    abRole: s.abRole,
    smokeHex: s.smokeHex.slice(),
    mv: { tank: s.mvTank, mp: s.mvMp, free: s.mvFree, steps: s.mvSteps, abilityUsed: s.mvAbil },
    attack,
  };
}
