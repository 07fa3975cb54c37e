/**
 * Named options: every ambiguity of spec §6 (with the recommended default and its cite) and every
 * optional rule (off by default). Scenarios and experiments set them by name.
 */
import { defineOptions, type OptionValuesOf } from '../../core/options.ts';

export const options = defineOptions({
  diceMode: { default: 'sum', values: ['sum', 'product'], description: 'Hit roll: the two dice added (S.F.3.D II) or multiplied (S.F.3.D Original).', cite: 'spec §6 A1; seed [5.1.1] Special Note', kind: 'ambiguity' },
  enduranceDiceMode: { default: 'sum', values: ['sum', 'product'], description: 'Endurance roll dice mode.', cite: 'spec §6 A1 (the +1 of [5.5.3] only makes sense for a sum)', kind: 'ambiguity' },
  snakeEyesAutoHit: { default: false, description: '(1,1) always hits and destroys, even against a target below the roll.', cite: 'spec §6 A2 (reading i: only when it hits)', kind: 'ambiguity' },
  defensiveTriggerRange: { default: 3, min: 0, max: 10, integer: true, description: 'T1/T2 defensive fire only against attackers within this range (house-rule knob; seed value 3).', cite: 'seed [5.4]; spec §7.4', kind: 'house-rule' },
  t2RequiresSurvivor: { default: false, description: 'Stack-mates may return fire (T2) only if the attacked unit survived.', cite: 'spec §6 A7', kind: 'ambiguity' },
  cqcReturnFire: { default: 'attackedOnly', values: ['attackedOnly', 'none', 'all'], description: 'Which defenders may fire back after the phase player\'s CQC attacks.', cite: 'spec §6 A10; seed [9.2.2]', kind: 'ambiguity' },
  t3IsCqcAdjacentShot: { default: true, description: 'A unit in the target hex that fired T3 at a unit entering the adjacent hex has made its adjacent-window attack when that unit goes on into close quarters combat: it fires in neither CQC window (false: T3 and the CQC windows are separate chances).', cite: 'seed [9.2] "A unit that engages in case 1 cannot attack in case 2" and Fig. 10 (the PKA fires at the AFS in either hex, once); the spec does not settle it', kind: 'ambiguity' },
  cqcCounterEntry: { default: true, description: 'The anti-phase player may move a unit out of the target hex into the approaching unit\'s hex and fight the CQC there.', cite: 'seed [9.1] 2; spec §3.12.1', kind: 'ambiguity' },
  repeatDamageEscalates: { default: false, description: 'A second A or M on a unit that already has one becomes D.', cite: 'spec §6 A27', kind: 'ambiguity' },
  losMode: { default: 'anyPoint', values: ['anyPoint', 'centerToCenter'], description: 'Line of sight from any point of the viewer\'s hex to any point of the target\'s, or centre to centre.', cite: 'seed [6.1.1]; spec §6 A14', kind: 'ambiguity' },
  partialBuildingBlocksLOS: { default: true, description: 'An intervening partial building hex blocks LOS.', cite: 'spec §3.8 2', kind: 'ambiguity' },
  obstaclesAreHeight1: { default: false, description: 'Forest and buildings also count as height 1.', cite: 'spec §6 A13', kind: 'ambiguity' },
  indirectTargetMode: { default: 'sharedRollPerUnitTarget', values: ['sharedRollPerUnitTarget', 'designated'], description: 'Area attack: one roll compared with each unit\'s own target, or the designated target\'s only.', cite: 'spec §6 A5; seed [5.5.3]', kind: 'ambiguity' },
  indirectWeaponsMayFireDirect: { default: true, description: 'An indirect-capable weapon whose firer sees the target fires directly, without -3 or area.', cite: 'spec §6 A36', kind: 'ambiguity' },
  chargeDefMod: { default: 1, min: -3, max: 3, integer: true, description: 'Modifier to defensive fire against charging infantry ("at a 1 to hit").', cite: 'spec §6 A17; seed [14.2.3]', kind: 'ambiguity' },
  smokeModLM: { default: -1, min: -6, max: 0, integer: true, description: 'Smoke modifier for laser and missile fire.', cite: 'spec §6 A16 reading (i); seed [19.2.6]', kind: 'ambiguity' },
  smokeModOther: { default: -4, min: -8, max: 0, integer: true, description: 'Smoke modifier for every other direct-fire weapon.', cite: 'spec §6 A16 reading (i); seed [19.2.6]', kind: 'ambiguity' },
  moraleReattackNeedsHit: { default: false, description: 'The +1 "attacked again while broken" recovery modifier needs a hit.', cite: 'spec §6 A19', kind: 'ambiguity' },
  pilotEscape: { default: false, description: 'Optional rule: pilots may escape their destroyed or damaged unit.', cite: 'seed [18.2]', kind: 'optional-rule' },
  escapeRemovesUnitOnAM: { default: true, description: 'With pilot escape, a pilot who survives an A/M leaves, and the unit is removed (literal reading).', cite: 'spec §6 A21', kind: 'ambiguity' },
  pilotMods: { default: 'zero', values: ['zero', 'rollCreation'], description: 'Modifiers of pilots the seed does not give.', cite: 'spec §5.10', kind: 'ambiguity' },
  artilleryEqualIs: { default: 'hit', values: ['hit', 'deviate'], description: 'Artillery roll equal to the target number.', cite: 'spec §6 A22', kind: 'ambiguity' },
  artilleryLanding: { default: 'requesterPhase', values: ['requesterPhase', 'nextTroopPhase'], description: 'When a request lands: the requester\'s next phase, or the first troop phase of the next turn.', cite: 'spec §2.5; seed [17.1.6], [17.2.1]', kind: 'ambiguity' },
  roadIgnoresHexsides: { default: true, description: 'Road movement pays only the road cost across ridges and walls.', cite: 'spec §6 A34; seed [7.1.6]', kind: 'ambiguity' },
  stackOverflow: { default: 'illegal', values: ['illegal', 'eliminateExcess'], description: 'End-of-phase stacking violations are refused, or the excess is eliminated.', cite: 'spec §6 A31', kind: 'ambiguity' },
  defPosCapacity: { default: 'hex', values: ['hex', 'oneUnit'], description: 'Units sheltered by one defensive position.', cite: 'spec §6 A32', kind: 'ambiguity' },
  hornisseMLanding: { default: true, description: 'A Hornisse immobilized in flight may land within 5 hexes instead of being destroyed.', cite: 'spec §6 A28; seed [5.1.2]', kind: 'ambiguity' },
  concealment: { default: false, description: 'Optional rule: concealment markers.', cite: 'seed [15.0]', kind: 'optional-rule' },
  concede: { default: 'off', values: ['off', 'ruleBased'], description: 'A side concedes when it has no unit able to fight.', cite: 'spec §1.6', kind: 'house-rule' },
  fireAttackTerrainMod: { default: true, description: 'Terrain modifies fire attacks on infantry.', cite: 'spec §3.25', kind: 'ambiguity' },
  amuRule: { default: true, description: 'A destroyed NeuSpotter leaves an AMU (scenarios after December 2884).', cite: 'seed [16.2.2]', kind: 'optional-rule' },
});

export type MakOptions = OptionValuesOf<typeof options>;
