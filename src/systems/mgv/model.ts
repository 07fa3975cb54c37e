/**
 * The compiled model: rules data, options and scenario turned into flat, index-based
 * structures built once per worker (unit statics, terrain, the pentawing graph as index
 * arrays, tables as typed arrays).
 */
import type { Footprint, Shape } from '../../core/geometry/table/index.ts';
import { circle, polygon, rect, movementScratch, shapeBounds, turnCost } from '../../core/geometry/table/index.ts';
import type { MgvOptions } from './options.ts';
import type { MgvRules, MgvScenario, PayloadType, WeaponType } from './schema.ts';
import { CRIT_CODES } from './schema.ts';

export const W_KINETIC = 0, W_MISSILE = 1, W_PHOTON = 2, W_THERMAL = 3;
export const WEAPON_INDEX: Record<WeaponType, number> = { kinetic: 0, missile: 1, photon: 2, thermal: 3 };
export const WEAPON_NAMES: readonly WeaponType[] = ['kinetic', 'missile', 'photon', 'thermal'];

/** Crit codes as small ints (0 = no effect). */
export const C_NONE = 0;
export const CRIT_INDEX: Record<string, number> = Object.fromEntries(CRIT_CODES.map((c, i) => [c, i + 1]));
export const C_S = CRIT_INDEX.S, C_D = CRIT_INDEX.D, C_MJ = CRIT_INDEX.Mj, C_MX = CRIT_INDEX.Mx, C_PY = CRIT_INDEX.Py, C_SE = CRIT_INDEX.Se,
  C_PO = CRIT_INDEX.Po, C_B = CRIT_INDEX.B, C_EXPL = CRIT_INDEX.Expl, C_SPREAD = CRIT_INDEX.Spread, C_SMJ = CRIT_INDEX['S+Mj'];
/** Critical-hit lines. */
export const L_HULL_DAMAGE = 0, L_HULL_DESTROYED = 1, L_CORE_DAMAGE = 2, L_INF_HULL = 3, L_INF_CORE = 4, L_PO_FIRST = 5, L_PO_RECURRING = 6;
const LINE_KEYS = ['hullDamage', 'hullDestroyed', 'coreDamage', 'infestationHull', 'infestationCore', 'powerFirst', 'powerRecurring'] as const;

export const P_NONE = 0, P_WEAPON = 1, P_BEACONS = 2, P_REPAIR = 3, P_JAMMER = 4, P_POWER = 5, P_ENGINEERING = 6;
const PAYLOAD_INDEX: Record<PayloadType, number> = { none: 0, weapon: 1, beacons: 2, repair: 3, jammer: 4, power: 5, engineering: 6 };
export const PAYLOAD_NAMES = ['none', 'weapon', 'beacons', 'repair', 'jammer', 'power', 'engineering'];

export const LOS_NONE = 0, LOS_BLOCK = 1, LOS_YN = 2, LOS_FUNGUS = 3, LOS_SMOKE = 4, LOS_HILL = 5;
const LOS_INDEX = { none: 0, block: 1, yn: 2, fungus: 3, smoke: 4, hill: 5 } as const;
export const CR_NONE = 0, CR_BEHIND = 1, CR_HUGGING = 2, CR_HUG_BETWEEN = 3, CR_THROUGH = 4;
const COVER_RULE_INDEX = { none: 0, behind: 1, hugging: 2, huggingOrBetween: 3, through: 4 } as const;

export interface UnitSpec {
  readonly id: string;
  readonly index: number;
  readonly side: number;
  readonly model: string;
  readonly attack: number;
  readonly defense: number;
  readonly speed: number; // after the engineering-module penalty
  readonly capacity: number;
  readonly repair: number;
  readonly cost: number;
  readonly weapon: number; // main weapon type index
  readonly payload: number; // P_*
  readonly payloadPoints: number;
  readonly payloadWeapon: number; // weapon type index or -1
  readonly payloadFacing: number; // degrees relative to the bow
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  readonly camouflaged: boolean;
}

export interface FeatureSpec {
  readonly id: string;
  readonly index: number;
  readonly type: string;
  readonly shape: Shape;
  readonly level: number;
  readonly owner: number; // side index or -1
  readonly smart: boolean;
  readonly move: string;
  readonly cover: number;
  readonly coverRule: number;
  readonly los: number;
  readonly thermalOver: boolean;
  readonly prominent: boolean;
  readonly clearable: boolean;
  readonly bulldozable: boolean;
  readonly jamming: boolean;
  readonly trapMin: number; // 0 = none
  readonly trapWithin: number; // > 0: trap when moving within this distance; 0: on crossing
  readonly area: number;
}

export interface Opts {
  rangingFit: boolean;
  activityLos: 0 | 1 | 2; // end, anyPoint, ignore
  activityAcrossTurns: boolean;
  resetOrder: number[]; // stages: 0 recurring, 1 repair, 2 death
  payloadMatching: boolean;
  kineticCount: boolean;
  thermalOnCore: 0 | 1 | 2;
  mxDestroyed: boolean;
  repairPlaceholder: boolean;
  powerFree: boolean;
  missileHalfDefense: boolean;
  missileTie: 0 | 1 | 2;
  coverSum: boolean;
  coverDirectOnly: boolean;
  spottingRange: number;
  rays: 1 | 3;
  moveReduction: boolean;
  selfRescueOn: number;
  beaconLifetime: number;
  remoteRepairFires: boolean;
  jammerFireOnly: boolean;
  dominantMain: boolean;
  rangeFromPrinted: boolean;
  removeDead: boolean;
  spreadLost: boolean;
  thermalHx: boolean;
  hillCrest: number;
  measureEdge: boolean;
  allowReverse: boolean;
  infestVertex: boolean;
  photonNoHullCore: boolean;
  camo: 0 | 1 | 2; // auto, startOnly, off
  maxLegs: number;
  barrages: boolean;
  fungusInfection: boolean;
  noWeaponPayload: boolean;
  noRepair: boolean;
  noEngineering: boolean;
  noRandomLocation: boolean;
  fireRegistration: boolean;
  zoc: boolean;
  selfDestruct: boolean;
  pursuit: boolean;
}

export function compileOpts(o: MgvOptions): Opts {
  const order = String(o.resetOrder);
  return {
    rangingFit: o['photon.rangingPenalty'] === 'fitBothExamples',
    activityLos: o.activityLosCheck === 'end' ? 0 : o.activityLosCheck === 'anyPoint' ? 1 : 2,
    activityAcrossTurns: Boolean(o.activityAcrossTurns),
    resetOrder: order === 'death-recurring-repair' ? [2, 0, 1] : order === 'recurring-death-repair' ? [0, 2, 1] : [0, 1, 2],
    payloadMatching: Boolean(o.payloadMatching),
    kineticCount: o['kinetic.pathThroughDestroyed'] === 'count',
    thermalOnCore: o['thermal.onCore'] === 'lost' ? 0 : o['thermal.onCore'] === 'coreDamage' ? 1 : 2,
    mxDestroyed: o.mxMode === 'destroyed',
    repairPlaceholder: Boolean(o['repair.placeholderRows']),
    powerFree: o.powerModuleUse === 'free',
    missileHalfDefense: o['missile.defenseDice'] === 'halfDefense',
    missileTie: o['missile.tie'] === 'attacker' ? 1 : o['missile.tie'] === 'defender' ? 2 : 0,
    coverSum: o.coverStacking === 'sum',
    coverDirectOnly: o.coverAppliesTo === 'direct',
    spottingRange: Number(o['spotting.range']),
    rays: o.losModel === 'centreToCentre' ? 1 : 3,
    moveReduction: o.terrainMoveModel === 'reduction',
    selfRescueOn: Number(o['trap.selfRescueOn']),
    beaconLifetime: Number(o['beacon.lifetimePhases']),
    remoteRepairFires: Boolean(o['repair.remoteCountsAsFiring']),
    jammerFireOnly: o['jammer.activation'] === 'fireOnly',
    dominantMain: o.dominantWeapon === 'mainAlways',
    rangeFromPrinted: Boolean(o.rangeFromPrinted),
    removeDead: Boolean(o.removeDead),
    spreadLost: o['spread.missing'] === 'lost',
    thermalHx: o['thermal.hxBonus'] !== 'none',
    hillCrest: Number(o['hill.crest']),
    measureEdge: o.measure === 'edge',
    allowReverse: Boolean(o.allowReverse),
    infestVertex: o.infestationPlacement === 'vertex',
    photonNoHullCore: o['photon.noHullCell'] === 'core',
    camo: o.camouflage === 'auto' ? 0 : o.camouflage === 'startOnly' ? 1 : 2,
    maxLegs: Number(o['engine.maxLegs']),
    barrages: Boolean(o.barrages),
    fungusInfection: Boolean(o.fungusInfection),
    noWeaponPayload: Boolean(o['faster.noWeaponPayload']),
    noRepair: Boolean(o['faster.noRepair']),
    noEngineering: Boolean(o['faster.noEngineering']),
    noRandomLocation: Boolean(o['faster.noRandomLocation']),
    fireRegistration: Boolean(o.fireRegistration),
    zoc: Boolean(o.zoc),
    selfDestruct: Boolean(o.selfDestruct),
    pursuit: Boolean(o.pursuit),
  };
}

/** The pentawing graph as index arrays. */
export interface Graph {
  readonly n: number;
  readonly ids: readonly string[];
  readonly core: Uint8Array; // 1 = core cell
  readonly ring: Uint8Array;
  readonly inward: Int8Array; // -1 = focus
  readonly nbr: Int8Array; // n*5, -1 = none
  readonly vertex: Int8Array; // 4*6 surface cells
  readonly coreZones: Int8Array[]; // 6 zones
  readonly hull: Int8Array;
  readonly coreCells: Int8Array;
  readonly surface: Int8Array; // outermost ring, bow -> stern
  readonly outward: Int8Array[]; // outward neighbours per cell
  readonly hullNbrs: Int8Array[]; // flat-neighbours that are hull cells (for explosions)
  readonly nHull: number;
}

export function compileGraph(d: MgvRules['pentawing']): Graph {
  const n = d.cells.length;
  const idx = new Map(d.cells.map((c, i) => [c.id, i]));
  const get = (id: string | null): number => (id === null ? -1 : (idx.get(id) ?? -1));
  const core = new Uint8Array(n);
  const ring = new Uint8Array(n);
  const inward = new Int8Array(n);
  const nbr = new Int8Array(n * 5);
  d.cells.forEach((c, i) => {
    core[i] = c.type === 'core' ? 1 : 0;
    ring[i] = c.ring;
    inward[i] = get(c.inward);
    for (let k = 0; k < 5; k++) nbr[i * 5 + k] = get(c.neighbours[k]);
  });
  const vertex = new Int8Array(24);
  (['A', 'B', 'C', 'D'] as const).forEach((v, vi) => d.vertexKeys[v].forEach((id, k) => (vertex[vi * 6 + k] = get(id))));
  const maxRing = Math.max(...d.cells.map((c) => c.ring));
  const surface = Int8Array.from(d.cells.map((c, i) => (c.ring === maxRing ? i : -1)).filter((i) => i >= 0));
  const outward: Int8Array[] = [];
  const hullNbrs: Int8Array[] = [];
  for (let i = 0; i < n; i++) {
    outward.push(Int8Array.from([...Array(n).keys()].filter((j) => inward[j] === i)));
    const hn: number[] = [];
    for (let k = 0; k < 5; k++) {
      const j = nbr[i * 5 + k];
      if (j >= 0 && !core[j]) hn.push(j);
    }
    hullNbrs.push(Int8Array.from(hn));
  }
  const hull = Int8Array.from([...Array(n).keys()].filter((i) => !core[i]));
  return {
    n,
    ids: d.cells.map((c) => c.id),
    core,
    ring,
    inward,
    nbr,
    vertex,
    coreZones: d.coreZones.map((z) => Int8Array.from(z.map(get))),
    hull,
    coreCells: Int8Array.from([...Array(n).keys()].filter((i) => core[i])),
    surface,
    outward,
    hullNbrs,
    nHull: hull.length,
  };
}

export interface Model {
  readonly data: MgvRules;
  readonly o: Opts;
  readonly scenario: MgvScenario;
  readonly width: number;
  readonly height: number;
  readonly fp: Footprint;
  readonly sides: readonly string[];
  readonly units: readonly UnitSpec[];
  readonly features: readonly FeatureSpec[];
  readonly shapes: readonly Shape[];
  readonly moveFactors: Float64Array;
  readonly moveScratch: Float64Array;
  readonly graph: Graph;
  readonly crit: Int8Array; // 7 lines x 6
  readonly kinetic: Int8Array; // 6 x 7
  readonly thermal: Int8Array; // 6 x 7
  readonly thresholds: readonly number[];
  readonly thermalMiss: Uint8Array; // 7 (index by face)
  readonly jamBands: ReadonlyArray<{ max: number; effect: number }>; // effect 0 none 1 Hs 2 Im 3 Pz 4 Pz+B
  readonly registrations: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  readonly turnLimit: number;
  readonly victoryMode: 0 | 1 | 2; // elimination, points, missionStrike
  readonly strikeZone: Shape | null;
  readonly strikeWins: boolean;
  readonly deployment: ReadonlyArray<Shape | null>;
  readonly maxUnits: number;
  /** Turn cost of each relative-turn leg option (actions.ts relTurn: (t - 3) * 45°, t = 0..7). */
  readonly relTurnCost: Float64Array;
  /** Axis-aligned bounds of every feature (x0, y0, x1, y1): exact cheap rejections before shape tests. */
  readonly featBox: Float64Array;
  /** Features that take part in line of sight (every LOS class but none and smoke). */
  readonly losFeatures: Int32Array;
  /** Hill features. */
  readonly hillFeatures: Int32Array;
  /** Features that give cover. */
  readonly coverFeatures: Int32Array;
}

export function shapeOf(o: { rect?: readonly number[]; circle?: readonly number[]; polygon?: ReadonlyArray<readonly number[]> }): Shape {
  if (o.rect) return rect(o.rect[0], o.rect[1], o.rect[2], o.rect[3]);
  if (o.circle) return circle(o.circle[0], o.circle[1], o.circle[2]);
  return polygon((o.polygon ?? []).map((p) => [p[0], p[1]] as const));
}

export function facingDegrees(f: string | number | undefined, bay: string): number {
  if (typeof f === 'number') return f;
  if (f === 'front') return 0;
  if (f === 'rear') return 180;
  if (f === 'left') return -90;
  if (f === 'right') return 90;
  return bay === 'rear' ? 180 : 0;
}

export function buildModel(data: MgvRules, scenario: MgvScenario, options: MgvOptions): Model {
  const o = compileOpts(options);
  const sides = scenario.sides.map((s) => s.id);
  const width = scenario.board?.width ?? data.board.width;
  const height = scenario.board?.height ?? data.board.height;
  const units: UnitSpec[] = scenario.units.map((u, i) => {
    const m = data.mgvs[u.model];
    const side = sides.indexOf(u.side);
    const weapon = u.weapon ?? scenario.sides[side]?.weapon ?? 'kinetic';
    const p = u.payload;
    const isEng = p.type === 'engineering';
    return {
      id: u.id,
      index: i,
      side,
      model: u.model,
      attack: m.attack,
      defense: m.defense,
      speed: Math.max(0, m.speed - (isEng ? data.engineering.hostSpeedPenalty : 0)),
      capacity: m.payload,
      repair: m.repair,
      cost: m.cost,
      weapon: WEAPON_INDEX[weapon],
      payload: PAYLOAD_INDEX[p.type],
      payloadPoints: p.type === 'none' ? 0 : p.points,
      payloadWeapon: p.type === 'weapon' && p.weapon ? WEAPON_INDEX[p.weapon] : -1,
      payloadFacing: facingDegrees(p.facing, m.bay),
      x: u.x,
      y: u.y,
      heading: u.heading,
      camouflaged: u.camouflaged,
    };
  });
  const mf = data.terrainRules.moveFractions;
  const features: FeatureSpec[] = scenario.terrain.map((t, i) => {
    const tt = data.terrain[t.type];
    const shape = shapeOf(t);
    return {
      id: t.id,
      index: i,
      type: t.type,
      shape,
      level: tt.los === 'hill' ? t.level : 0,
      owner: t.owner ? sides.indexOf(t.owner) : -1,
      smart: t.smart,
      move: tt.move,
      cover: tt.cover,
      coverRule: COVER_RULE_INDEX[tt.coverRule],
      los: LOS_INDEX[tt.los],
      thermalOver: tt.thermalOver,
      prominent: tt.prominent,
      clearable: tt.clearable,
      bulldozable: tt.bulldozable,
      jamming: tt.jamming,
      trapMin: tt.trap ? tt.trap.min : 0,
      trapWithin: tt.trap && tt.trap.when === 'within' ? tt.trap.distance : 0,
      area: 0,
    };
  });
  for (const f of features) (f as { area: number }).area = areaOf(f.shape);
  const moveFactors = new Float64Array(features.length);
  features.forEach((f, i) => {
    const frac = f.move === 'half' ? mf.half : f.move === 'quarter' ? mf.quarter : 1;
    // fractionOfSpeed: 1/2 -> 2" per inch, 1/4 -> 4"; reduction: speed reduced BY the fraction (1/4 -> 4/3")
    moveFactors[i] = f.move === 'impassable' ? Infinity : frac === 1 ? 1 : o.moveReduction ? 1 / (1 - frac) : 1 / frac;
  });
  const crit = new Int8Array(7 * 6);
  LINE_KEYS.forEach((k, li) => data.crit[k].forEach((c, f) => (crit[li * 6 + f] = c === null ? 0 : CRIT_INDEX[c])));
  const kinetic = new Int8Array(42);
  const thermal = new Int8Array(42);
  for (let f = 1; f <= 6; f++)
    for (let c = 0; c < 7; c++) {
      kinetic[(f - 1) * 7 + c] = data.kinetic.table[String(f) as '1'][c];
      thermal[(f - 1) * 7 + c] = data.thermal.table[String(f) as '1'][c];
    }
  const thermalMiss = new Uint8Array(8);
  for (const f of data.thermal.missFaces) thermalMiss[f] = 1;
  const EFFECT = { none: 0, Hs: 1, Im: 2, Pz: 3, 'Pz+B': 4 } as const;
  const v = scenario.victory;
  return {
    data,
    o,
    scenario,
    width,
    height,
    fp: options.footprint === 'circle' ? { kind: 'circle', radius: data.base.radius } : { kind: 'rect', length: data.base.length, width: data.base.width },
    sides,
    units,
    features,
    shapes: features.map((f) => f.shape),
    moveFactors,
    moveScratch: movementScratch(features.map((f) => f.shape)),
    graph: compileGraph(data.pentawing),
    crit,
    kinetic,
    thermal,
    thresholds: data.ratioColumns.thresholds,
    thermalMiss,
    jamBands: data.jamming.bands.map((b) => ({ max: b.max, effect: EFFECT[b.effect] })),
    registrations: scenario.sides.map((s) => s.registrations.map((p) => [p[0], p[1]] as const)),
    turnLimit: scenario.turnLimit ?? data.victory.turnLimit,
    victoryMode: v.mode === 'elimination' ? 0 : v.mode === 'points' ? 1 : 2,
    strikeZone: v.strikeZone ? shapeOf(v.strikeZone) : null,
    strikeWins: v.strikeWins,
    deployment: scenario.sides.map((s) => (s.deployment ? shapeOf(s.deployment) : null)),
    maxUnits: units.length,
    relTurnCost: Float64Array.from({ length: 8 }, (_, t) => turnCost((t - 3) * 45, data.turnCost.step, data.turnCost.cost)),
    featBox: featureBoxes(features),
    losFeatures: Int32Array.from(features.filter((f) => f.los !== LOS_NONE && f.los !== LOS_SMOKE).map((f) => f.index)),
    hillFeatures: Int32Array.from(features.filter((f) => f.los === LOS_HILL).map((f) => f.index)),
    coverFeatures: Int32Array.from(features.filter((f) => f.cover > 0).map((f) => f.index)),
  };
}

function featureBoxes(features: readonly FeatureSpec[]): Float64Array {
  const box = new Float64Array(4 * features.length);
  const b = [0, 0, 0, 0];
  features.forEach((f, k) => {
    shapeBounds(f.shape, b);
    box.set(b, 4 * k);
  });
  return box;
}

/** Margin of the bounding-box rejections (far above rounding, far below any table distance). */
export const BOX_EPS = 1e-6;

/** True when segment a-b certainly misses feature f (their bounding boxes are apart). */
export function segmentMissesBox(m: Model, f: number, ax: number, ay: number, bx: number, by: number): boolean {
  const b = m.featBox;
  const o = 4 * f;
  return (ax < bx ? bx : ax) + BOX_EPS < b[o] || (ax < bx ? ax : bx) - BOX_EPS > b[o + 2] || (ay < by ? by : ay) + BOX_EPS < b[o + 1] || (ay < by ? ay : by) - BOX_EPS > b[o + 3];
}

function areaOf(s: Shape): number {
  if (s.kind === 'circle') return Math.PI * s.r * s.r;
  if (s.kind === 'rect') return (s.x1 - s.x0) * (s.y1 - s.y0);
  let a = 0;
  for (let i = 0, j = s.xs.length - 1; i < s.xs.length; j = i++) a += s.xs[j] * s.ys[i] - s.xs[i] * s.ys[j];
  return Math.abs(a) / 2;
}
