/**
 * The compiled, per-scenario static model: units and their fighters as flat arrays, weapons,
 * terrain shapes and objectives. Built once per worker; games only read it.
 */
import { pointInShape, pointSegmentDistance, polygon, type Shape } from '../../core/geometry/table/shapes.ts';
import { BasePaths } from '../../core/geometry/table/paths.ts';
import type { At43Options } from './options.ts';
import type { At43Rules, At43Scenario, ProfileData, WeaponData } from './schema.ts';

export const MAX_UNITS = 24;
export const MAX_FIGHTERS = 384;
export const MAX_SLOTS = 4;
export const MAX_OBJECTIVES = 6;
/** Movement goals: 8 compass directions, then toward a unit's leader, then toward an objective. */
export const N_DIRS = 8;
export const N_GOALS = N_DIRS + MAX_UNITS + MAX_OBJECTIVES;

export interface WeaponM extends WeaponData {
  readonly id: string;
  readonly index: number;
}

export interface OfficerM {
  readonly title: string;
  readonly rank: number;
  readonly lp: number;
  readonly authority: number;
  readonly morale: number;
}

export interface UnitM {
  readonly index: number;
  readonly id: string;
  readonly side: number;
  readonly profileId: string;
  readonly profile: ProfileData;
  readonly afv: boolean;
  readonly first: number;
  /** Fighter slots of the unit: first..first+count (its fielded fighters, then reserved slots). */
  readonly count: number;
  /** Fighters fielded at set-up (a pilot's unit on foot: 0, he is placed when his AFV is lost). */
  readonly fielded: number;
  readonly officer: OfficerM | null;
  readonly hero: string | null;
  /** Aboard an AFV unit with a hero pilot who has an on-foot profile: the unit he is placed in on foot, else -1. */
  readonly pilotUnit: number;
  /** Slots reserved for lone heroes who may join this unit in the control phase (seed p.76). */
  readonly joinSlots: ReadonlyArray<JoinSlot>;
  /** Distinct ranged weapon indices carried in the unit (the salvo types). */
  readonly weaponTypes: readonly number[];
  readonly ccWeapon: number;
  /** Has special weapon bearers (fixed at set-up): Split fire! may be given to it (p.59). */
  readonly specialBearers: boolean;
  readonly cost: number;
}

/** A dead fighter slot of a unit that a lone hero takes when he joins it (his on-foot profile). */
export interface JoinSlot {
  readonly hero: string;
  readonly fighter: number;
  readonly officer: OfficerM;
}

export interface TerrainM {
  readonly id: string;
  /** Bounding box and bounding circle, for cheap rejections in the hot loops. */
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly cx: number;
  readonly cy: number;
  readonly br: number;
  /** The bounding circle as [cx, cy, br] (core geometry takes it as an array). */
  readonly bound: Float64Array;
  /** A disc (ix, iy, ir) inside the shape (ir 0: none): a segment crossing it surely touches the shape. */
  readonly ix: number;
  readonly iy: number;
  readonly ir: number;
  /** Convex polygon (a sight line across both outer tangents then crosses the inner lines too). */
  readonly convex: boolean;
  readonly shape: Shape;
  readonly xs: readonly number[];
  readonly ys: readonly number[];
  readonly size: number;
  readonly cover: boolean;
}

export interface Model {
  readonly rules: At43Rules;
  readonly opts: At43Options;
  readonly sides: readonly string[];
  readonly rounds: number;
  readonly width: number;
  readonly depth: number;
  readonly units: readonly UnitM[];
  readonly weapons: readonly WeaponM[];
  readonly nF: number;
  /** Indices of the AFV fighters (the only fighters that block lines of sight). */
  readonly afvFighters: Int32Array;
  readonly fUnit: Int32Array;
  /** Side and AFV flag per fighter (copies of its unit's, for the hot loops). */
  readonly fSide: Uint8Array;
  readonly fAfv: Uint8Array;
  readonly fRadius: Float64Array;
  readonly fSize: Int32Array;
  /** Weapon index per fighter slot (nF × MAX_SLOTS, -1 empty). */
  readonly fSlots: Int32Array;
  readonly fSpecial: Uint8Array;
  /**
   * Per unit and weapon index, the (fighter, slot) pairs carrying that weapon as fighter * 4 + slot,
   * in fighter then slot order (empty for a weapon the unit lacks): the carriers without a scan.
   */
  readonly weaponSlots: ReadonlyArray<ReadonlyArray<Int32Array>>;
  /** Fighters without a close-combat weapon (special weapon bearers, heroes without one: p.70). */
  readonly fNoCc: Uint8Array;
  /** On the table at set-up (reserved slots are not). */
  readonly startAlive: readonly number[];
  /** Start positions and leaders, as plain arrays: each game's state starts as their slice(). */
  readonly startX: readonly number[];
  readonly startY: readonly number[];
  readonly startLeader: readonly number[];
  readonly terrain: readonly TerrainM[];
  /** Paths around the terrain that stops movement (`blocking`, one flag per terrain element). */
  readonly paths: BasePaths;
  readonly blocking: Uint8Array;
  readonly objectives: ReadonlyArray<{ id: string; x: number; y: number; vp: number }>;
  readonly firstWinner: number;
  readonly victory: 'vp' | 'annihilation' | 'vpOrAnnihilation';
}

/**
 * Places a formation of n bases of radius r around (x, y) (appended to outX, outY) and returns the
 * index of its leader: the member nearest the placement point, or with `rear` (toward = the
 * nearest enemy unit's placement point), the member of the rank farthest from the enemy, as near
 * the middle of that rank as can be, who keeps every member within `leaderCm` of him (cohesion,
 * p.46-47). A player keeps his officer out of the front rank: losses are removed nearest the
 * shooter first (p.67), and an officer lost leaves the unit without one (p.47, p.57).
 */
function placeFormation(n: number, r: number, x: number, y: number, formation: 'line' | 'blob', facing: number, outX: number[], outY: number[], rear: { x: number; y: number } | null, leaderCm: number): number {
  const sp = 2 * r + 1; // 1 cm between bases: well inside the 2.5 cm of cohesion
  if (formation === 'line' && n <= 5) {
    for (let i = 0; i < n; i++) {
      outX.push(x + (i - (n - 1) / 2) * sp);
      outY.push(y);
    }
  } else {
    const cols = formation === 'line' ? Math.ceil(n / 2) : Math.ceil(Math.sqrt(n));
    const rows = Math.ceil(n / cols);
    for (let i = 0; i < n; i++) {
      const c = i % cols;
      const rr = Math.floor(i / cols);
      outX.push(x + (c - (cols - 1) / 2) * sp);
      outY.push(y - facing * (rr - (rows - 1) / 2) * sp);
    }
  }
  const o = outX.length - n;
  const near = (i: number) => (outX[o + i] - x) ** 2 + (outY[o + i] - y) ** 2;
  // leader: the member nearest the placement point
  let best = 0;
  for (let i = 1; i < n; i++) if (near(i) < near(best)) best = i;
  if (!rear) return best;
  const len = Math.hypot(rear.x - x, rear.y - y);
  if (len < 1e-9) return best;
  const ahead = (i: number) => ((outX[o + i] - x) * (rear.x - x) + (outY[o + i] - y) * (rear.y - y)) / len;
  const holds = (i: number) => {
    for (let j = 0; j < n; j++) if (Math.hypot(outX[o + j] - outX[o + i], outY[o + j] - outY[o + i]) - 2 * r > leaderCm + 1e-9) return false;
    return true;
  };
  // the rearmost rank that can hold the unit's cohesion (ranks are `sp` apart: half of it separates them)
  let back = Infinity;
  for (let i = 0; i < n; i++) if (holds(i)) back = Math.min(back, ahead(i));
  let pick = -1;
  for (let i = 0; i < n; i++) if (holds(i) && ahead(i) <= back + sp / 2 && (pick < 0 || near(i) < near(pick) - 1e-9)) pick = i;
  return pick < 0 ? best : pick;
}

/** The placement point of the enemy unit nearest (x, y) (side `si`'s enemies), or null. */
function nearestEnemyPlacement(sc: At43Scenario, si: number, x: number, y: number): { x: number; y: number } | null {
  let best: { x: number; y: number } | null = null;
  let bd = Infinity;
  sc.sides.forEach((side, k) => {
    if (k === si) return;
    for (const v of side.units) {
      const d = (v.x - x) ** 2 + (v.y - y) ** 2;
      if (d < bd) {
        bd = d;
        best = { x: v.x, y: v.y };
      }
    }
  });
  return best;
}

export function buildModel(rules: At43Rules, sc: At43Scenario, opts: At43Options): Model {
  const weaponIds = Object.keys(rules.weapons);
  const weapons: WeaponM[] = weaponIds.map((id, index) => ({ ...rules.weapons[id], id, index }));
  const wIndex = (id: string) => weaponIds.indexOf(id);
  const units: UnitM[] = [];
  const fUnit: number[] = [];
  const fRadius: number[] = [];
  const fSize: number[] = [];
  const fSlots: number[] = [];
  const fSpecial: number[] = [];
  const fNoCc: number[] = [];
  const alive: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  const leaders: number[] = [];
  const officerOf = (title: string | undefined): OfficerM | null => (title ? { title, ...rules.officers[title] } : null);
  /** One fighter of profile p into the flat arrays (slot weapons from `base`, or one special weapon). */
  const pushFighter = (unit: number, p: ProfileData, base: readonly string[], special: number, onTable: boolean, types: Set<number>): void => {
    fUnit.push(unit);
    fRadius.push(p.baseRadius);
    fSize.push(p.size);
    fSpecial.push(special >= 0 ? 1 : 0);
    fNoCc.push(special >= 0 || p.ccWeapons.length === 0 ? 1 : 0);
    alive.push(onTable ? 1 : 0);
    for (let sl = 0; sl < MAX_SLOTS; sl++) {
      let w = sl < base.length ? wIndex(base[sl]) : -1;
      if (special >= 0) w = sl === 0 ? special : -1;
      fSlots.push(w);
      if (w >= 0) types.add(w);
    }
  };
  // Heroes who may stand alone on a side (seed p.76): a pilot on foot (a hero aboard an AFV with an
  // on-foot profile), or an infantry hero whose men have fallen. They may join an officer-less unit
  // of their category and Type in the control phase: such units get one reserved slot per hero.
  const loners = sc.sides.map((side) =>
    side.units.flatMap((u) => {
      const h = u.hero ? rules.heroes[u.hero] : undefined;
      if (!h || !u.officer) return [];
      const p = rules.profiles[u.profile];
      const afv = p.category === 'strider' || p.category === 'vehicle';
      const foot = afv ? h.onFoot : u.profile;
      if (!foot) return [];
      return [{ hero: u.hero!, unit: u.id, profileId: foot, profile: rules.profiles[foot], officer: u.officer }];
    }),
  );
  sc.sides.forEach((side, si) => {
    for (const u of side.units) {
      const p = rules.profiles[u.profile];
      const afv = p.category === 'strider' || p.category === 'vehicle';
      const first = fUnit.length;
      const base = u.weapons ?? p.weapons;
      const types = new Set<number>();
      let specials = 0;
      const specialList: number[] = [];
      for (const sw of u.specialWeapons) for (let k = 0; k < sw.count; k++) specialList.push(wIndex(sw.weapon));
      for (let i = 0; i < u.count; i++) {
        // special weapon bearers are the last fighters of the unit (never the leader)
        const isSpecial = i >= u.count - specialList.length && i > 0;
        pushFighter(units.length, p, base, isSpecial ? specialList[specials++] : -1, true, types);
      }
      // a unit with an officer keeps him out of the front rank unless the scenario places him in the centre
      const rear = (u.leader ?? (u.officer ? 'rear' : 'centre')) === 'rear' ? nearestEnemyPlacement(sc, si, u.x, u.y) : null;
      const leader = placeFormation(u.count, p.baseRadius, u.x, u.y, u.formation, si === 0 ? 1 : -1, xs, ys, rear, rules.cohesion.leaderCm);
      leaders.push(first + leader);
      const joinSlots: JoinSlot[] = [];
      if (!afv)
        for (const h of loners[si]) {
          if (h.unit === u.id || h.profile.category !== p.category || h.profile.type !== p.type) continue;
          joinSlots.push({ hero: h.hero, fighter: fUnit.length, officer: officerOf(h.officer)! });
          pushFighter(units.length, h.profile, h.profile.weapons, -1, false, types);
          xs.push(0);
          ys.push(0);
        }
      const off = officerOf(u.officer);
      const idx = units.length;
      units.push({
        index: idx,
        id: u.id,
        side: si,
        profileId: u.profile,
        profile: p,
        afv,
        first,
        count: fUnit.length - first,
        fielded: u.count,
        officer: off,
        hero: u.hero ?? null,
        pilotUnit: -1,
        joinSlots,
        weaponTypes: [...types].sort((a, b) => a - b),
        ccWeapon: p.ccWeapons.length ? wIndex(p.ccWeapons[0]) : -1,
        specialBearers: specials > 0,
        cost: p.cost * u.count + (off ? rules.officerCost.value : 0),
      });
    }
  });
  // a hero pilot's unit on foot: one reserved fighter, after every unit of the scenario (p.53, p.76)
  sc.sides.forEach((side, si) => {
    for (const h of loners[si]) {
      const k = units.findIndex((x) => x.id === h.unit);
      if (!units[k].afv) continue;
      const first = fUnit.length;
      const types = new Set<number>();
      pushFighter(units.length, h.profile, h.profile.weapons, -1, false, types);
      xs.push(0);
      ys.push(0);
      leaders.push(first);
      units[k] = { ...units[k], pilotUnit: units.length };
      units.push({
        index: units.length,
        id: `${h.hero}-on-foot`,
        side: si,
        profileId: h.profileId,
        profile: h.profile,
        afv: false,
        first,
        count: 1,
        fielded: 0,
        officer: officerOf(h.officer),
        hero: h.hero,
        pilotUnit: -1,
        joinSlots: [],
        weaponTypes: [...types].sort((a, b) => a - b),
        ccWeapon: h.profile.ccWeapons.length ? wIndex(h.profile.ccWeapons[0]) : -1,
        specialBearers: false,
        cost: h.profile.cost,
      });
    }
  });
  // the leader swaps places with fighter `first` so every unit's leader starts as its first fighter
  units.forEach((u, k) => {
    const l = leaders[k];
    if (l !== u.first) {
      [xs[l], xs[u.first]] = [xs[u.first], xs[l]];
      [ys[l], ys[u.first]] = [ys[u.first], ys[l]];
    }
  });
  const terrain: TerrainM[] = sc.terrain.map((t) => {
    const xs = t.polygon.map((p) => p[0]);
    const ys = t.polygon.map((p) => p[1]);
    const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    const shape = polygon(t.polygon);
    const ix = xs.reduce((a, b) => a + b, 0) / xs.length;
    const iy = ys.reduce((a, b) => a + b, 0) / ys.length;
    let ir = 0;
    if (pointInShape(shape, ix, iy)) {
      ir = Infinity;
      for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) ir = Math.min(ir, pointSegmentDistance(ix, iy, xs[j], ys[j], xs[i], ys[i]));
      ir *= 0.99; // a margin: the disc stays strictly inside
    }
    let pos = 0;
    let neg = 0;
    for (let i = 0; i < xs.length; i++) {
      const j = (i + 1) % xs.length;
      const k = (i + 2) % xs.length;
      const c = (xs[j] - xs[i]) * (ys[k] - ys[j]) - (ys[j] - ys[i]) * (xs[k] - xs[j]);
      if (c > 0) pos++;
      if (c < 0) neg++;
    }
    const convex = pos === 0 || neg === 0;
    const br = Math.hypot(x1 - cx, y1 - cy);
    return { id: t.id, shape, xs, ys, size: t.size, cover: t.cover, x0, y0, x1, y1, cx, cy, br, bound: Float64Array.of(cx, cy, br), ix, iy, ir, convex };
  });
  const sides = sc.sides.map((s) => s.id);
  const weaponSlots = units.map((U) =>
    weapons.map((_, w) => {
      const pairs: number[] = [];
      for (let f = U.first; f < U.first + U.count; f++) for (let sl = 0; sl < MAX_SLOTS; sl++) if (fSlots[f * MAX_SLOTS + sl] === w) pairs.push(f * MAX_SLOTS + sl);
      return Int32Array.from(pairs);
    }),
  );
  return {
    weaponSlots,
    rules,
    // a copy made by spread has fast properties: the resolved options arrive as a dictionary-mode
    // object (its keys are added one by one), and the rules read them in the hot loop
    opts: { ...opts },
    sides,
    rounds: sc.rounds,
    width: sc.table.width,
    depth: sc.table.depth,
    units,
    weapons,
    nF: fUnit.length,
    afvFighters: Int32Array.from(fUnit.map((u, f) => (units[u].afv ? f : -1)).filter((f) => f >= 0)),
    fUnit: Int32Array.from(fUnit),
    fSide: Uint8Array.from(fUnit.map((u) => units[u].side)),
    fAfv: Uint8Array.from(fUnit.map((u) => (units[u].afv ? 1 : 0))),
    fRadius: Float64Array.from(fRadius),
    fSize: Int32Array.from(fSize),
    fSlots: Int32Array.from(fSlots),
    fSpecial: Uint8Array.from(fSpecial),
    fNoCc: Uint8Array.from(fNoCc),
    startAlive: alive,
    startX: doubles(xs),
    startY: doubles(ys),
    startLeader: units.map((u) => u.first),
    terrain,
    paths: new BasePaths(terrain),
    // high obstacles stop every base; low ones too when a move may not end on them
    blocking: Uint8Array.from(terrain.map((t) => (t.size >= 2 || !opts['opt.endOnObstacles'] ? 1 : 0))),
    objectives: sc.objectives.map((o) => ({ id: o.id, x: o.x, y: o.y, vp: o.vpPerRound })),
    firstWinner: sc.firstRoundAuthorityWinner ? sides.indexOf(sc.firstRoundAuthorityWinner) : -1,
    victory: sc.victory.type,
  };
}

/**
 * A copy held as doubles from the start (positions become fractional with the first move: an
 * array of small integers would change its elements kind then, in every game).
 */
function doubles(src: readonly number[]): number[] {
  const a = [0.5];
  a.length = 0;
  for (const x of src) a.push(x);
  return a;
}

export function isInfantry(u: UnitM): boolean {
  return !u.afv;
}
