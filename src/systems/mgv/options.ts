/**
 * Named options: every ambiguity of spec §6 (A-1 .. A-25), the other [O] readings of the spec
 * body, and the optional rules of spec §5.14 (off by default).
 */
import { defineOptions, type OptionValuesOf } from '../../core/options.ts';

export const MGV_OPTIONS = defineOptions({
  'photon.rangingPenalty': { default: 'perFullInch', values: ['perFullInch', 'fitBothExamples'], description: 'Photon ranging penalty: -1 per full inch of error (text), or 0 under 1" else max(1, floor(error/3)) (fits the worked example)', cite: 'spec §6 A-1; seed §5.3/§5.5', kind: 'ambiguity' },
  activityLosCheck: { default: 'end', values: ['end', 'anyPoint', 'ignore'], description: '"Target moved 2\\" while within firing base LOS": checked at the end of the move, at any leg point, or ignored', cite: 'spec §6 A-2; seed §5.5', kind: 'ambiguity' },
  activityAcrossTurns: { default: true, description: 'The F phase of the previous turn precedes X for the enemy-activity modifier (activity survives Reset)', cite: 'spec §2.2 [O], §6 A-2', kind: 'ambiguity' },
  resetOrder: { default: 'recurring-repair-death', values: ['recurring-repair-death', 'death-recurring-repair', 'recurring-death-repair'], description: 'Order of the Reset steps (turn box vs seed §6.0 "before attempting repairs")', cite: 'spec §6 A-3; seed §1.7, §6.0', kind: 'ambiguity' },
  payloadMatching: { default: true, description: 'A missile/thermal payload weapon of the main weapon type may fire jointly with it (one roll, attack = main + payload)', cite: 'spec §6 A-4; seed §1.5 vs §5.2/§5.4', kind: 'ambiguity' },
  'kinetic.pathThroughDestroyed': { default: 'skip', values: ['skip', 'count'], description: 'Destroyed cells on a kinetic path are passed through without using up cells (skip) or use up cells (count)', cite: 'spec §6 A-5', kind: 'ambiguity' },
  'thermal.onCore': { default: 'lost', values: ['lost', 'coreDamage', 'nearestHull'], description: 'A thermal hit whose chain reaches the core before an intact hull cell: lost, a core damage hit, or the nearest exposed hull cell', cite: 'spec §6 A-6', kind: 'ambiguity' },
  mxMode: { default: 'minus1', values: ['minus1', 'destroyed'], description: 'An Mx hit: -1 main (dominant) weapon attack, permanent; or the weapon is destroyed', cite: 'spec §6 A-7', kind: 'ambiguity' },
  'repair.placeholderRows': { default: true, description: 'Se and Po hits can be repaired (placeholder rows of spec §5.10)', cite: 'spec §6 A-8, §5.10', kind: 'ambiguity' },
  powerModuleUse: { default: 'exclusivePerTurn', values: ['exclusivePerTurn', 'free'], description: 'Power module per turn: speed/counter-jam points OR whole-module Po suppression (exclusive), or all uses at once (free)', cite: 'spec §6 A-9; seed §1.5', kind: 'ambiguity' },
  'missile.defenseDice': { default: 'defense', values: ['defense', 'halfDefense'], description: 'Missile defense dice = current defense (or half, rounded down)', cite: 'spec §6 A-10; seed §5.2 example', kind: 'ambiguity' },
  'missile.tie': { default: 'cancel', values: ['cancel', 'attacker', 'defender'], description: 'Missile dice ties: cancel (seed), or go to the attacker / defender (house rule)', cite: 'seed §5.2; spec §7.4', kind: 'house-rule' },
  coverStacking: { default: 'max', values: ['max', 'sum'], description: 'Cover of several features: best single feature (+1 per smoke crossed), or the sum', cite: 'spec §6 A-11, §3.5', kind: 'ambiguity' },
  coverAppliesTo: { default: 'all', values: ['all', 'direct'], description: 'Cover modifies all four weapons, or only direct fire (kinetic, photon, thermal)', cite: 'spec §6 A-11', kind: 'ambiguity' },
  'spotting.range': { default: 0, min: 0, description: 'Maximum spotting range in inches (0 = unlimited)', cite: 'spec §6 A-12, §3.5 [P]', kind: 'ambiguity' },
  losModel: { default: 'threeRays', values: ['threeRays', 'centreToCentre'], description: 'LOS blocked only if the centre line and both extreme lines are obstructed, or centre to centre only', cite: 'spec §6 A-13; seed §5.0 "full breadth"', kind: 'ambiguity' },
  terrainMoveModel: { default: 'fractionOfSpeed', values: ['fractionOfSpeed', 'reduction'], description: '1/2 and 1/4 terrain: move at that fraction of speed (2"/4" per inch), or speed reduced by that fraction', cite: 'spec §6 A-14', kind: 'ambiguity' },
  'trap.selfRescueOn': { default: 0, min: 0, max: 6, integer: true, description: 'A trapped base frees itself at Reset on this 1D6 result or more (0 = only an engineering tow frees it)', cite: 'spec §6 A-15', kind: 'ambiguity' },
  'beacon.lifetimePhases': { default: 4, min: 1, integer: true, description: 'Action phases a beacon lasts, counting the launch phase as the first', cite: 'spec §6 A-16; seed §1.5', kind: 'ambiguity' },
  'repair.remoteCountsAsFiring': { default: false, description: 'Designating a remote repair target counts as firing for enemy activity', cite: 'spec §6 A-17', kind: 'ambiguity' },
  'jammer.activation': { default: 'moveOrFire', values: ['moveOrFire', 'fireOnly'], description: 'Jammer activated once per turn in either own phase (seed), or only in the fire phase', cite: 'spec §6 A-18; seed §1.5', kind: 'ambiguity' },
  allowSplitPayload: { default: false, description: 'Payload capacity may be split between modules ("split payloads of two jammers"); not modelled: must stay false', cite: 'spec §6 A-19', kind: 'ambiguity' },
  dominantWeapon: { default: 'higherValue', values: ['higherValue', 'mainAlways'], description: 'Mj/Mx go to whichever weapon has the higher current value (re-evaluated at each hit), or always to the main weapon', cite: 'spec §6 A-20; seed §5.6', kind: 'ambiguity' },
  rangeFromPrinted: { default: false, description: 'Weapon range from the printed attack value instead of the current one (after Mx)', cite: 'spec §6 A-21', kind: 'ambiguity' },
  removeDead: { default: false, description: 'Brain-dead bases are removed instead of staying as LOS-blocking obstacles', cite: 'spec §6 A-22', kind: 'ambiguity' },
  'spread.missing': { default: 'home', values: ['home', 'lost'], description: 'A spread onto a missing or destroyed neighbour lands in the home cell, or is lost', cite: 'spec §6 A-23', kind: 'ambiguity' },
  'thermal.hxBonus': { default: 'attack', values: ['attack', 'none'], description: '"+1 attack die per Hx" for thermal read as +1 attack point (thermal has no dice pool), or not applied', cite: 'spec §6 A-24', kind: 'ambiguity' },
  'hill.crest': { default: 1, min: 0, description: 'An upper base sees past the hill edge when within this distance of it', cite: 'spec §6 A-25; seed §1.4', kind: 'ambiguity' },
  measure: { default: 'centre', values: ['centre', 'edge'], description: 'Ranges measured centre to centre, or edge to edge', cite: 'spec §1.2 [O]', kind: 'ambiguity' },
  footprint: { default: 'rect', values: ['rect', 'circle'], description: 'Base footprint: 1.0" x 0.6" rectangle, or the 0.5" circle approximation', cite: 'spec §1.2 [P]', kind: 'ambiguity' },
  allowReverse: { default: false, description: 'Bases may move backwards along their heading', cite: 'spec §3.3 [O]', kind: 'ambiguity' },
  infestationPlacement: { default: 'uniform', values: ['uniform', 'vertex'], description: 'Missile infestations land in a uniformly random intact cell of their type, or by the vertex method (hull) / core zone roll (core)', cite: 'spec §3.9 [O]', kind: 'ambiguity' },
  'photon.noHullCell': { default: 'none', values: ['none', 'core'], description: 'A photon hull hit on a target with no intact hull cell: no effect, or a core hit', cite: 'spec §3.10 [O]', kind: 'ambiguity' },
  camouflage: { default: 'auto', values: ['auto', 'startOnly', 'off'], description: 'Full camouflage declared whenever eligible (re-evaluated at each Reset), only from the start, or never', cite: 'spec §3.7 [O]; seed §5.5', kind: 'ambiguity' },
  'engine.maxLegs': { default: 3, min: 1, max: 8, integer: true, description: 'Engine discretisation: straight legs a base may make per move phase (each leg: a turn, then a straight advance)', cite: 'engine (seed §4.0 sets no limit)', kind: 'ambiguity' },
  // optional rules of spec §5.14, off by default
  barrages: { default: false, description: 'Optional rule 2017 #101 Random Barrages on a tied X roll', cite: 'spec §5.14', kind: 'optional-rule' },
  fungusInfection: { default: false, description: 'Optional rule 2017 #103 Fungus Tower Infection (without Nano Defense)', cite: 'spec §5.14', kind: 'optional-rule' },
  'faster.noWeaponPayload': { default: false, description: 'Optional rule #101 Faster Game: weapon payloads are inert', cite: 'spec §5.14', kind: 'optional-rule' },
  'faster.noRepair': { default: false, description: 'Optional rule #101 Faster Game: no repairs', cite: 'spec §5.14', kind: 'optional-rule' },
  'faster.noEngineering': { default: false, description: 'Optional rule #101 Faster Game: no engineering', cite: 'spec §5.14', kind: 'optional-rule' },
  'faster.noRandomLocation': { default: false, description: 'Optional rule #101 Faster Game: no randomized hit locations (hits land on the surface cell facing the firer)', cite: 'spec §5.14', kind: 'optional-rule' },
  fireRegistration: { default: false, description: 'Optional rule #102 Pre-Game Fire Registration: photon range to a target within 1" of a side registration point is known exactly', cite: 'spec §5.14', kind: 'optional-rule' },
  zoc: { default: false, description: 'Optional rule #201 Zone of Control: enemy bases may not pass within 1"', cite: 'spec §5.14', kind: 'optional-rule' },
  selfDestruct: { default: false, description: 'Optional rule #202 Self Destruct: declared during movement; no capture value', cite: 'spec §5.14', kind: 'optional-rule' },
  pursuit: { default: false, description: 'Optional rule #203 Pursuit (the available part of its text)', cite: 'spec §5.14', kind: 'optional-rule' },
});

/** Resolved option values, keyed and typed by the specs above (a misspelt key fails to compile). */
export type MgvOptions = OptionValuesOf<typeof MGV_OPTIONS>;
