/**
 * Game state: plain data (JSON/structuredClone safe). `apply` mutates it in place; `cloneState`
 * is the explicit deep copy. Hidden information (the attacker's secret missile split) lives in
 * `secret`, which `observe` never exposes.
 */
import { cloneDecisionStack, newDecisionStack, type DecisionStack } from '../../core/decision/stack.ts';
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

export interface MgvState {
  turn: number;
  slot: number; // 0 X, 1 Y, 2 Z, 3 F, 4 Reset
  phaseNo: number; // global action-phase counter
  /** Side of the action phase in progress (or of the slot whose side declares MOVE or FIRE). */
  phaseSide: number;
  phaseType: number; // 0 move, 1 fire
  used: number[]; // [side*2 + type] 1 = used this turn
  winners: number[]; // X, Y, Z roll winners (-1 none)
  /**
   * Every pending decision, with its arguments (actions.ts `Frames`, one module each in
   * decisions/): the base moving or firing, the fire-phase stage, the jammed side's counter
   * above the jamming decision, each half of the secret missile split above the attack, a
   * repair choice in the Reset, a barrage placement. Empty: the phase side declares (decisions/main.ts).
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

/**
 * Counts, in this worker, the events that may change a line of sight or a cover class (a base
 * moves, turns or dies, terrain is engineered: where the state's LOS and cover caches forget
 * answers). The observers' memo keeps its LOS and cover answers while this count has not moved,
 * across the target clears of attacks, jams, beacons and phase ends, which leave them valid.
 */
export const SIGHT_CLEARS = { n: 0 };

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

/** Packed template arrays of a fresh state, per model (sliced, not rebuilt, for every game). */
interface Templates {
  readonly featFalse: boolean[];
  readonly featZero: number[];
  readonly pairs: number[];
  readonly targets: number[];
}
const templates = new WeakMap<Model, Templates>();
function templatesOf(m: Model): Templates {
  let t = templates.get(m);
  if (!t) {
    const n = m.units.length;
    const featFalse: boolean[] = [];
    const featZero: number[] = [];
    const pairs: number[] = [];
    const targets: number[] = [];
    for (let f = 0; f < m.features.length; f++) {
      featFalse.push(false);
      featZero.push(0);
    }
    for (let k = 0; k < n * n; k++) pairs.push(-1);
    for (let k = 0; k < n * 4 * n; k++) targets.push(-1);
    targets.push(0); // the 'any stored' flag of clearTargets
    t = { featFalse, featZero, pairs, targets };
    templates.set(m, t);
  }
  return t;
}

/** The state before the first X roll (engine.ts newGame rolls it): every base as placed, nothing pending. */
export function newState(m: Model): MgvState {
  const t = templatesOf(m);
  const units: Unit[] = [];
  for (let i = 0; i < m.units.length; i++) units.push(newUnit(m, i));
  return {
    turn: 1,
    slot: 0,
    phaseNo: 0,
    phaseSide: 0,
    phaseType: 0,
    used: [0, 0, 0, 0],
    winners: [-1, -1, -1],
    pending: newDecisionStack(),
    secret: { attCore: 0 },
    units,
    beacons: [],
    removed: t.featFalse.slice(),
    opened: t.featFalse.slice(),
    progress: t.featZero.slice(),
    defShown: [0, 0, 0, 0],
    crits: [],
    chains: [],
    result: null,
    los: t.pairs.slice(),
    cover: t.pairs.slice(),
    tgt: t.targets.slice(),
  };
}

/**
 * The explicit deep copy, field by field (the literals' types check that every field is listed):
 * ~3.5 µs a sample-duel state where structuredClone takes ~43 µs (a search copies states many
 * times); test/systems/mgv/state.test.ts holds it equal to structuredClone.
 */
export function cloneState(s: MgvState): MgvState {
  const units: Unit[] = new Array(s.units.length);
  for (let k = 0; k < s.units.length; k++) units[k] = cloneUnit(s.units[k]);
  const beacons: Beacon[] = new Array(s.beacons.length);
  for (let k = 0; k < s.beacons.length; k++) {
    const b = s.beacons[k];
    beacons[k] = { side: b.side, kind: b.kind, x: b.x, y: b.y, target: b.target, expires: b.expires };
  }
  return {
    turn: s.turn,
    slot: s.slot,
    phaseNo: s.phaseNo,
    phaseSide: s.phaseSide,
    phaseType: s.phaseType,
    used: s.used.slice(),
    winners: s.winners.slice(),
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
    result: s.result === null ? null : { winner: s.result.winner, reason: s.result.reason, detail: s.result.detail, length: s.result.length },
    los: s.los.slice(),
    cover: s.cover.slice(),
    tgt: s.tgt.slice(),
  };
}

/**
 * A unit field by field, in newUnit's order: every copy has the hidden class of a new unit (a
 * spread copy got one of its own, and the engine's unit accesses then saw two), and the literal's
 * type makes a new Unit field a compile error until it is copied here.
 */
function cloneUnit(u: Unit): Unit {
  return {
    x: u.x,
    y: u.y,
    h: u.h,
    alive: u.alive,
    selfDestructed: u.selfDestructed,
    destroyed: u.destroyed.slice(),
    infest: u.infest.slice(),
    hx: u.hx,
    S: u.S, D: u.D, Mj: u.Mj, MjP: u.MjP, Mx: u.Mx, MxP: u.MxP, mainGone: u.mainGone, payGone: u.payGone, Py: u.Py, Se: u.Se, Po: u.Po, B: u.B,
    repairLeft: u.repairLeft,
    moduleLeft: u.moduleLeft,
    trapped: u.trapped,
    jam: u.jam,
    jamBy: u.jamBy,
    jamTarget: u.jamTarget,
    jamUsedTurn: u.jamUsedTurn,
    powerSpeed: u.powerSpeed,
    powerCounter: u.powerCounter,
    powerUsed: u.powerUsed,
    engUsed: u.engUsed,
    engPointBlank: u.engPointBlank,
    engProgress: u.engProgress,
    engFeature: u.engFeature,
    engKind: u.engKind,
    beaconsLeft: u.beaconsLeft,
    beaconsTurn: u.beaconsTurn,
    camo: u.camo,
    activeTurn: u.activeTurn,
    moved: u.moved, fired: u.fired, beacon: u.beacon, jammed: u.jammed,
    pMoved: u.pMoved, pFired: u.pFired, pBeacon: u.pBeacon, pJammed: u.pJammed,
    pPathX: u.pPathX.slice(), pPathY: u.pPathY.slice(), pathX: u.pathX.slice(), pathY: u.pathY.slice(),
    allowance: u.allowance, legs: u.legs, moveDone: u.moveDone, frozen: u.frozen,
    firedMain: u.firedMain, firedPay: u.firedPay,
    photonTarget: u.photonTarget.slice(),
    photonEst: u.photonEst.slice(),
    repairTarget: u.repairTarget,
    infected: u.infected,
    pursuitTarget: u.pursuitTarget,
    pursuitLeft: u.pursuitLeft,
    bSrc: u.bSrc, infSrc: u.infSrc, poSrc: u.poSrc, killedBy: u.killedBy, bInf: u.bInf,
  };
}
