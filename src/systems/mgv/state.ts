/**
 * Game state: plain data (JSON/structuredClone safe). `apply` mutates it in place; `cloneState`
 * is the explicit deep copy. Hidden information (the attacker's secret missile split) lives in
 * `secret`, which `observe` never exposes.
 */
import { cloneDecisionStack, type DecisionStack } from '../../core/decision/stack.ts';
import type { Model } from './model.ts';
import { P_BEACONS, P_REPAIR } from './model.ts';

export interface Unit {
  x: number;
  y: number;
  h: number;
  alive: boolean;
  selfDestructed: boolean;
  // pentawing
  destroyed: number[]; // 0/1 per cell
  infest: number[]; // infestations per cell
  hx: number; // destroyed hull cells
  // critical hits (unrepaired)
  S: number;
  D: number;
  Mj: number; // on the main weapon
  MjP: number; // on the payload weapon
  Mx: number;
  MxP: number;
  mainGone: boolean; // mxMode 'destroyed'
  payGone: boolean;
  Py: number;
  Se: number;
  Po: number;
  B: number;
  repairLeft: number; // own repair points left
  moduleLeft: number; // repair-module points left
  trapped: boolean;
  jam: number; // 0 none, 1 Hs, 2 Im, 3 Pz
  jamBy: number; // jammer unit index or -1
  jamTarget: number; // this unit's jammer engagement (target index) or -1
  jamUsedTurn: boolean;
  powerSpeed: number;
  powerCounter: number; // points committed to counter-jamming this turn
  powerUsed: boolean; // used for speed/counter this turn (exclusive mode blocks Po suppression)
  engUsed: number; // engineering points used this turn
  engPointBlank: boolean; // the point-blank weapon was used this turn
  engProgress: number; // carried engineering points toward engFeature
  engFeature: number; // feature being worked on (-1)
  engKind: number;
  beaconsLeft: number;
  beaconsTurn: number;
  camo: boolean;
  activeTurn: boolean; // moved, fired or used a payload this turn
  // activity in the current and previous action phase
  moved: number;
  fired: boolean;
  beacon: boolean;
  jammed: boolean;
  pMoved: number;
  pFired: boolean;
  pBeacon: boolean;
  pJammed: boolean;
  pPathX: number[]; // leg end points of the previous phase's move (recorded for the anyPoint LOS check only)
  pPathY: number[];
  pathX: number[];
  pathY: number[];
  // movement phase
  allowance: number;
  legs: number;
  moveDone: boolean;
  frozen: boolean; // freed by a tow: no further movement this phase
  // fire phase
  firedMain: boolean;
  firedPay: boolean;
  photonTarget: number[]; // [main, payload] target or -1
  photonEst: number[]; // estimate in EST_STEP (1/2") units
  repairTarget: number;
  infected: boolean;
  pursuitTarget: number;
  pursuitLeft: number;
  // metrics attribution (efficiency row of the source of the last hit of each kind)
  bSrc: number;
  infSrc: number;
  poSrc: number;
  killedBy: number;
  /** The last B hit came from an infestation check (metric). */
  bInf: boolean;
}

export interface Beacon {
  side: number;
  kind: number; // 0 marker, 1 spotter
  x: number;
  y: number;
  target: number;
  expires: number; // last global phase number it is active in
}

export const ST_DECLARE = 1, ST_MOVE_POWER = 2, ST_MOVE_UNIT = 3, ST_COUNTER = 4, ST_BEACON = 5, ST_JAM = 6, ST_REPAIR_DESIGNATE = 7,
  ST_PHOTON = 8, ST_ATTACK = 9, ST_SPLIT_ATT = 10, ST_SPLIT_DEF = 11, ST_BARRAGE = 12, ST_RESET_REPAIR = 13, ST_OVER = 14;

export interface MgvState {
  turn: number;
  slot: number; // 0 X, 1 Y, 2 Z, 3 F, 4 Reset
  phaseNo: number; // global action-phase counter
  step: number;
  side: number; // side to decide
  phaseSide: number;
  phaseType: number; // 0 move, 1 fire
  used: number[]; // [side*2 + type] 1 = used this turn
  winners: number[]; // X, Y, Z roll winners (-1 none)
  cursor: number;
  cursor2: number;
  /** Pending cross-side or multi-step decision: attacker, slot, target, dice... */
  pAtt: number;
  pSlot: number;
  pTarget: number;
  pAttDice: number;
  pDefDice: number;
  pReturn: number; // step to return to after a counter-jam decision
  pRow: number;
  /**
   * The other side's pending decisions on the core's stack (actions.ts `Frames`): the jammed
   * side's counter, each half of the secret missile split. The p* fields above keep the details.
   */
  pending: DecisionStack;
  /** HIDDEN: the attacker's missile split (core dice). Never in observations. */
  secret: { attCore: number };
  units: Unit[];
  beacons: Beacon[];
  removed: boolean[]; // features cleared by engineering
  opened: boolean[]; // features bulldozed / bridged / jamming surface cleared
  progress: number[];
  /** Revealed missile defence splits so far: [side*2] core dice, [side*2+1] all dice. */
  defShown: number[];
  /** End-of-phase critical rolls queued: triples (unit, line, srcRow). */
  crits: number[];
  /** Kinetic penetration chains of this phase (unit, n, cells...) for the invariant check. */
  chains: number[];
  barragesLeft: number[];
  resetStage: number;
  result: null | { winner: number; reason: 'victory' | 'turn-limit'; detail: string; length: number };
  /** LOS cache: [i*n+j] = -1 unknown, 0/1; cleared whenever a base moves. */
  los: number[];
  /** Cover cache: [i*n+j] cover class of target j against firer i, -1 unknown; cleared with the LOS cache. */
  cover: number[];
  /** canTarget cache, see combat.ts; its last cell is 1 when any answer is stored (clearTargets). */
  tgt: number[];
}

/**
 * Counts clearTargets calls in this worker, whichever the state. Every change to what LOS, cover
 * or canTarget read (a base moves, turns or dies, terrain is engineered, a phase or a jam ends...)
 * clears the target cache, so an agent's memo of those answers (geom.ts CACHE) stays valid while
 * this count has not moved.
 */
export const CLEARS = { n: 0 };

/** Forgets every cached canTarget answer (nothing to do when none is stored). */
export function clearTargets(s: MgvState): void {
  CLEARS.n++;
  const t = s.tgt;
  const last = t.length - 1;
  if (t[last] === 0) return;
  for (let k = 0; k < last; k++) t[k] = -1;
  t[last] = 0;
}

/** A packed array of n zeros (a copy of a cached template). */
function zeros(n: number): number[] {
  if (ZEROS.length !== n) {
    ZEROS = [];
    for (let k = 0; k < n; k++) ZEROS.push(0);
  }
  return ZEROS.slice();
}
let ZEROS: number[] = [];

export function newUnit(m: Model, i: number): Unit {
  const u = m.units[i];
  const n = m.graph.n;
  return {
    x: u.x,
    y: u.y,
    h: u.heading,
    alive: true,
    selfDestructed: false,
    destroyed: zeros(n),
    infest: zeros(n),
    hx: 0,
    S: 0, D: 0, Mj: 0, MjP: 0, Mx: 0, MxP: 0, mainGone: false, payGone: false, Py: 0, Se: 0, Po: 0, B: 0,
    repairLeft: u.repair,
    moduleLeft: u.payload === P_REPAIR ? u.payloadPoints : 0,
    trapped: false,
    jam: 0,
    jamBy: -1,
    jamTarget: -1,
    jamUsedTurn: false,
    powerSpeed: 0,
    powerCounter: 0,
    powerUsed: false,
    engUsed: 0,
    engPointBlank: false,
    engProgress: 0,
    engFeature: -1,
    engKind: -1,
    beaconsLeft: u.payload === P_BEACONS ? u.payloadPoints * m.data.payloads.beaconsPerPoint : 0,
    beaconsTurn: 0,
    camo: u.camouflaged && m.o.camo !== 2,
    activeTurn: false,
    moved: 0, fired: false, beacon: false, jammed: false,
    pMoved: 0, pFired: false, pBeacon: false, pJammed: false,
    pPathX: [], pPathY: [], pathX: [], pathY: [],
    allowance: 0, legs: 0, moveDone: false, frozen: false,
    firedMain: false, firedPay: false,
    photonTarget: [-1, -1],
    photonEst: [0, 0],
    repairTarget: -1,
    infected: false,
    pursuitTarget: -1,
    pursuitLeft: 0,
    bSrc: -1, infSrc: -1, poSrc: -1, killedBy: -1, bInf: false,
  };
}

/**
 * The explicit deep copy (structuredClone cost ~36 µs, most of a search agent's time). Every
 * MgvState field is listed (the literal's type checks it); Unit fields are spread, then every
 * array field copied (UNIT_ARRAYS, checked against the Unit type below).
 */
export function cloneState(s: MgvState): MgvState {
  const units: Unit[] = new Array(s.units.length);
  for (let k = 0; k < s.units.length; k++) units[k] = cloneUnit(s.units[k]);
  const beacons: Beacon[] = new Array(s.beacons.length);
  for (let k = 0; k < s.beacons.length; k++) beacons[k] = { ...s.beacons[k] };
  return {
    turn: s.turn,
    slot: s.slot,
    phaseNo: s.phaseNo,
    step: s.step,
    side: s.side,
    phaseSide: s.phaseSide,
    phaseType: s.phaseType,
    used: s.used.slice(),
    winners: s.winners.slice(),
    cursor: s.cursor,
    cursor2: s.cursor2,
    pAtt: s.pAtt,
    pSlot: s.pSlot,
    pTarget: s.pTarget,
    pAttDice: s.pAttDice,
    pDefDice: s.pDefDice,
    pReturn: s.pReturn,
    pRow: s.pRow,
    pending: cloneDecisionStack(s.pending),
    secret: { attCore: s.secret.attCore },
    units,
    beacons,
    removed: s.removed.slice(),
    opened: s.opened.slice(),
    progress: s.progress.slice(),
    defShown: s.defShown.slice(),
    crits: s.crits.slice(),
    chains: s.chains.slice(),
    barragesLeft: s.barragesLeft.slice(),
    resetStage: s.resetStage,
    result: s.result === null ? null : { ...s.result },
    los: s.los.slice(),
    cover: s.cover.slice(),
    tgt: s.tgt.slice(),
  };
}

function cloneUnit(u: Unit): Unit {
  const c = { ...u };
  c.destroyed = u.destroyed.slice();
  c.infest = u.infest.slice();
  c.pPathX = u.pPathX.slice();
  c.pPathY = u.pPathY.slice();
  c.pathX = u.pathX.slice();
  c.pathY = u.pathY.slice();
  c.photonTarget = u.photonTarget.slice();
  c.photonEst = u.photonEst.slice();
  return c;
}

/** The Unit fields that hold arrays, all copied by cloneUnit. */
type UnitArrayField = { [K in keyof Unit]: Unit[K] extends readonly unknown[] ? K : never }[keyof Unit];
const UNIT_ARRAYS = ['destroyed', 'infest', 'pPathX', 'pPathY', 'pathX', 'pathY', 'photonTarget', 'photonEst'] as const;
// compile-time check: a new array field of Unit must be copied in cloneUnit and listed above
const unitArraysListed: [Exclude<UnitArrayField, (typeof UNIT_ARRAYS)[number]>] extends [never] ? true : Exclude<UnitArrayField, (typeof UNIT_ARRAYS)[number]> = true;
void unitArraysListed;
