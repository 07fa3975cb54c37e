/**
 * Named options: every ambiguity of spec §6 (A-01 ... A-27) and every optional rule (seed p13).
 * Defaults are the spec's recommendations; `cite` says where they come from.
 */
import { defineOptions, type OptionValuesOf } from '../../core/options.ts';

export const options = defineOptions({
  // --- optional rules (seed p13; off by default)
  wreckage: { default: false, kind: 'optional-rule', description: 'Destroyed tanks stay as wrecks: +1 MP to enter, -1 to attacks whose line crosses a wreck hex', cite: 'seed p13 Wreckage; spec §3.12.1' },
  turretRotation: { default: false, kind: 'optional-rule', description: 'Turreted guns fire only into the turret front arc; rotating and firing in one turn costs -2', cite: 'seed p13 Turret Rotation; spec §3.12.2' },
  cuttingThrough: { default: false, kind: 'optional-rule', description: 'A tank may pass (not stop) through a hex holding another tank for +1 MP', cite: 'seed p13 Cutting Through; spec §3.12.3' },
  simplifiedArmour: { default: false, kind: 'optional-rule', description: 'Use side armour for every attack', cite: 'seed p11 Firing Arcs note; spec §3.12.4' },
  stagnation: { default: true, kind: 'ambiguity', description: 'The stagnant-match Forced End applies (a scenario may say otherwise)', cite: 'seed p14 ("Unless specified in a scenario"); spec §3.13.3' },

  // --- A-01 arcs
  frontArcWidth: { default: 60, values: [60, 120], kind: 'ambiguity', description: 'Width of the front arc in degrees', cite: 'spec §6 A-01 (60: player summary [S3], turret steps)' },
  rearArcWidth: { default: 60, values: [60, 120], kind: 'ambiguity', description: 'Width of the rear arc in degrees', cite: 'spec §6 A-01' },
  arcBoundaryArmour: { default: 'defender', values: ['defender', 'attacker', 'random'], kind: 'ambiguity', description: 'Armour used when the attacker sits exactly on an arc boundary: the better-protected face, the worse one, or a random one', cite: 'spec §6 A-01; §3.2' },
  arcBoundaryFiring: { default: 'inside', values: ['inside', 'outside'], kind: 'ambiguity', description: 'Whether a target exactly on the front-arc boundary may be engaged by a fixed gun (or a turret under Turret Rotation)', cite: 'spec §6 A-01; §3.2' },
  // ---
  abilityOrder: { default: 'attackerFirst', values: ['attackerFirst', 'defenderFirst', 'simultaneous'], kind: 'ambiguity', description: 'Order of after-the-roll character decisions (attacker then defender, the reverse, or secret simultaneous choice)', cite: 'spec §6 A-02' },
  // ---
  stagnationEndingCard: { default: 'same', values: ['same', 'anyEnforcement'], kind: 'ambiguity', description: 'After the threshold Enforcement card is shuffled back, the match ends when that same card is drawn, or any Enforcement card', cite: 'spec §6 A-03; seed p14' },
  stagnationThreshold: { default: 4, integer: true, min: 1, max: 100, kind: 'ambiguity', description: 'Enforcement cards drawn (both players, any means) that arm the Forced End', cite: 'seed p14 ("the fourth Enforcement Card"); spec §6 A-03' },
  stagnationCountSetupEnforcement: { default: false, kind: 'ambiguity', description: 'Whether Enforcement cards purged from starting hands count as drawn', cite: 'spec §6 A-06' },
  // ---
  moveCardTanks: { default: 'perCard', values: ['perCard', 'all'], kind: 'ambiguity', description: "How many tanks a Movement card moves: the card's own number, or all the player's tanks", cite: 'spec §6 A-04; seed p8, p9, p12' },
  // ---
  missEndsCard: { default: false, kind: 'ambiguity', description: "A miss cancels the remaining attacks of a multi-attack card", cite: 'spec §6 A-05 (reading b)' },
  missEndsActionPhase: { default: true, kind: 'ambiguity', description: 'After a card with a miss is finished, the Action Phase ends (Combat Sense stays usable in the Event Phase)', cite: 'seed p10 Attack Roll; spec §6 A-05' },
  // ---
  specialAbilityPhases: { default: 'actionAndEvent', values: ['actionAndEvent', 'eventOnly'], kind: 'ambiguity', description: 'When Combat Sense, Recovery and Aide may be used in the owner\'s turn', cite: 'spec §6 A-07; seed p13' },
  // ---
  reverseCostMode: { default: 'doubleTerrainPlusExtras', values: ['doubleTerrainPlusExtras', 'doubleEverything', 'twoPlusExtras'], kind: 'ambiguity', description: 'Reverse move cost: 2 x terrain + extras (wreck, cutting through), 2 x everything, or 2 + terrain extra + extras', cite: 'spec §6 A-08; seed p9' },
  // ---
  extremeRangeNeeds: { default: 'positiveCardOrCharacter', values: ['positiveCardOrCharacter', 'anyCardOrCharacter', 'anyModifier'], kind: 'ambiguity', description: 'What lets an attack at extreme range hit: card + character attack modifiers summing above 0, any nonzero card/character modifier, or all modifiers (size included) summing above 0', cite: 'spec §6 A-09; seed p11' },
  extremeRangeFrom: { default: 13, integer: true, min: 1, max: 100, kind: 'ambiguity', description: 'First distance (hexes) at which the extreme-range rule applies', cite: 'seed p11 Extreme Range; spec §6 A-09' },
  // ---
  immobileMoveAndAttack: { default: 'forbidden', values: ['forbidden', 'attackOnly'], kind: 'ambiguity', description: 'Whether an Immobile tank may use a card with the movement icon for its attack part', cite: 'spec §6 A-10; seed p8; FAQ [S4]' },
  treadDamageEffect: { default: 'immobile', values: ['immobile', 'inoperativeThisTurn'], kind: 'ambiguity', description: 'What Tread Damage does to the randomly chosen tank', cite: 'spec §6 A-11' },
  // ---
  wreckLos: { default: 'minusOne', values: ['minusOne', 'blocks'], kind: 'ambiguity', description: 'Wrecks on the firing line: -1 once (p13) or block LOS (p10)', cite: 'spec §6 A-12' },
  characterOnDestroyedTank: { default: 'removedRecoverable', values: ['removedRecoverable', 'lost'], kind: 'ambiguity', description: 'A destroyed tank\'s characters are removed (Recovery may return them) or lost for the match', cite: 'spec §6 A-13' },
  // ---
  turretRelativeToHull: { default: true, kind: 'ambiguity', description: 'The turret marker turns with the hull (direction stored relative to the hull)', cite: 'spec §6 A-14 (i)' },
  turretPenaltyScope: { default: 'rotatedEarlierThisTurn', values: ['rotatedEarlierThisTurn', 'rotatedForThisAttack'], kind: 'ambiguity', description: 'Which attacks take the turret -2: every attack after a rotation earlier in the same turn, or only the attack the turret was rotated for', cite: 'spec §6 A-14 (ii)' },
  // ---
  recoveryTarget: { default: 'emptyTankOnly', values: ['emptyTankOnly', 'anyTank'], kind: 'ambiguity', description: 'Which tank a removed character may be recovered onto', cite: 'spec §6 A-15' },
  onDeckEmpty: { default: 'reshuffleDiscards', values: ['reshuffleDiscards', 'reshuffleDiscardsAndEnforcement', 'skipDraw'], kind: 'ambiguity', description: 'Drawing from an empty deck', cite: 'spec §6 A-16; §3.15' },
  // ---
  reactionsAnswer: { default: 'actionCards', values: ['actionCards'], kind: 'ambiguity', description: 'What a Reaction card may answer (Action cards only; kept as a named choice)', cite: 'spec §6 A-17' },
  quickShotFirer: { default: 'anyEligible', values: ['anyEligible', 'targetedTankOnly'], kind: 'ambiguity', description: 'Who fires a Quick Shot: any eligible tank, or (against an attack) only the attacked tank', cite: 'spec §6 A-17' },
  ricochetMode: { default: 'cancel', values: ['cancel', 'reroll'], kind: 'ambiguity', description: 'Ricochet cancels the hit, or makes the attacker re-roll the attack roll', cite: 'spec §5.3 (placeholder card text)' },
  reactionLimit: { default: 'perActionCard', values: ['perActionCard', 'perTankAction'], kind: 'ambiguity', description: 'Granularity of "one Reaction per action"', cite: 'spec §6 A-18; seed p7, p12' },
  // --- A-19 ... A-25
  trainingRemovesRecovery: { default: true, kind: 'ambiguity', description: "In Training scenarios the Recovery Event cards are removed, unless the scenario's deck.keep lists them", cite: 'spec §6 A-19; seed p8' },
  withdrawnActionConsumesPlay: { default: false, kind: 'ambiguity', description: 'A withdrawn attack uses up the Action card play (the engine offers only legal targets, so no attack is ever withdrawn)', cite: 'spec §6 A-20; seed p10' },
  zoneIncludesCentre: { default: true, kind: 'ambiguity', description: '"Within n hexes of X" includes X itself (distance <= n)', cite: 'spec §6 A-21' },
  movementBonusDuration: { default: 'perUse', values: ['perUse', 'whileFaceUp'], kind: 'ambiguity', description: 'A movement ability adds to one move and exhausts the counter, or adds to every move while its face is up', cite: 'spec §6 A-22; seed p13' },
  randomChoice: { default: 'd6reroll', values: ['d6reroll', 'uniform'], kind: 'ambiguity', description: 'Random choice: one die re-rolled above the candidate count (uniform draw above 6 candidates), or a uniform draw', cite: 'seed p6, p12; spec §3.14, §6 A-23' },
  placementOrder: { default: 'wholeSide', values: ['wholeSide', 'alternate'], kind: 'ambiguity', description: 'The side that places first places all its tanks, or the sides alternate', cite: 'spec §6 A-24' },
  cardNumberLimitsMovement: { default: false, kind: 'ambiguity', description: 'The number on a numbered move-and-attack card ("Moving Shot 2") also caps the MP', cite: 'spec §6 A-25' },
});

/** Resolved option values, keyed and typed by the specs above (a misspelt key fails to compile). */
export type PvOptions = OptionValuesOf<typeof options>;
