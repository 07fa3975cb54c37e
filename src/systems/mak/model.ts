/**
 * The compiled, per-scenario static model: the map (terrain, roads, hexsides, heights), the
 * units' counter values as flat arrays, and the line-of-sight, ridge-crossing and range tables.
 * Built once per worker and shared by every game; nothing in it changes during play.
 */
import { HexGrid } from '../../core/geometry/hex/grid.ts';
import { HexsideFeatures } from '../../core/geometry/hex/hexsides.ts';
import { anyPointLos, centreLos, hexMeetsHull, type SegmentRules } from '../../core/geometry/hex/anypoint.ts';
import { hexsidesCrossed } from '../../core/geometry/hex/los.ts';
import { DIR_DQ, DIR_DR, directionOf } from '../../core/geometry/hex/directions.ts';
import type { MakOptions } from './options.ts';
import { pilotVp } from './rules/rolls.ts';
import { WEAPON_TYPES, type RulesData, type ScenarioBody } from './schema.ts';

export const SIDES = ['mercenary', 'strahl'] as const;
/** Weapon slots per unit; slot index MAX_W in CQC codes means unarmed combat ([9.5]). */
export const MAX_W = 3;
export const UNARMED = MAX_W;
export const WT_L = 0;
export const WT_MG = 1;
export const WT_G = 2;
export const WT_R = 3;
export const WT_PF = 4;
export const WT_M = 5;
/** A range band the chart does not cover: the attack is not allowed. */
export const NO_RANGE = -99;
const FEATURE_RIDGE = 1;
const FEATURE_WALL = 2;
const FORMS = ['W', 'C', 'H', 'A'] as const;

export interface Model {
  readonly data: RulesData;
  readonly opt: MakOptions;
  readonly body: ScenarioBody;
  readonly grid: HexGrid;
  readonly n: number;
  readonly sides: HexsideFeatures;
  /** Per hex: terrain names (for logs and agents). */
  readonly terrain: readonly string[][];
  /** Movement cost (half points) per form (W, C, H) per hex; -1 prohibited. */
  readonly cost2: readonly Int32Array[];
  /** Hexside cost per (hex*6 + dir) per form; added unless moving along a road ([7.1.5]). */
  readonly sideCost2: readonly Int32Array[];
  /** 1 where a road links hex*6 + dir. */
  readonly roadLink: Uint8Array;
  readonly height: Uint8Array;
  /** Attack modifier of the target's hex: ((hex * 6 + weaponType) * 2 + typeII). */
  readonly hexAtk: Int8Array;
  /** Hexes whose terrain gives cover (forest/building): agents' preference, morale. */
  readonly cover: Uint8Array;
  /** Building hexes (full or partial): they can catch fire ([19.4]). */
  readonly building: Uint8Array;
  /** Depot owner per hex (-1 none). */
  readonly depot: Int8Array;
  /** Defensive position value per hex (0 none, -1 or -2; [12.3]). */
  readonly defPos: Int8Array;
  /** Minefield strength per hex (0 none, [19.1]); it never changes in play ([19.1.5]). */
  readonly mineStr: Int8Array;
  // Units.
  readonly nu: number;
  readonly uid: readonly string[];
  readonly utype: readonly string[];
  readonly uside: Int8Array;
  readonly ustack: Int8Array; // 1, 2, 3
  readonly ump2: Int32Array;
  readonly uform: Int8Array; // index in FORMS
  readonly udef: Int32Array;
  readonly udur: readonly (readonly string[])[];
  readonly uvp: Int32Array;
  readonly uinf: Uint8Array;
  readonly uveh: Uint8Array;
  /** Transport capacity in stack points (0: not a transport, [13.1.5]); 1 where Type I cargo only. */
  readonly ucap: Int8Array;
  readonly ucapTypeI: Uint8Array;
  /** Night penalty added to the attack target of each unit's fire (0 by day or for unmanned units, [19.3]). */
  readonly unight: Int8Array;
  /** Reinforcement turn per unit (0: on the map at the start, [12.1]). */
  readonly uarrive: Int32Array;
  /** Stack points per unit ([8.1]: Type I 1, II 2, III 0) and the per-hex limit, hoisted for the hot loops. */
  readonly usp: Int8Array;
  readonly stackLimit: number;
  /** Units with a booster ([19.5.3]) and units that start off the map (reinforcements, airdrops, Hornisse crews): the enumerator visits only these. */
  readonly boosters: Int32Array;
  readonly offmap: Int32Array;
  /** Pilots on the map ([18.2.2], option pilotEscape): each piloted unit's pilot token (-1 none), 1 for a token. */
  readonly upilotUnit: Int32Array;
  readonly upilot: Uint8Array;
  readonly hasPilots: boolean;
  readonly pilots: Int32Array;
  /** Unit indices of each side, ascending (the enumerator's loops keep the index order). */
  readonly sideUnits: readonly Int32Array[];
  /** Per hex: bit (1 << side) where that side's pilots leave the map safely ([18.2.3]; engine reading: the west or east edge column nearest its units' starting hexes). */
  readonly homeEdge: Uint8Array;
  /** Two Type I units of one side that can move (carrying [7.3] is enumerated only then). */
  readonly hasCarry: boolean;
  /** Some depot on the map ([11.3]): depot destruction is enumerated only then. */
  readonly hasDepot: boolean;
  /** Option concede is 'ruleBased' (spec §1.6). */
  readonly concedeRule: boolean;
  /** Units that can lay smoke ([19.2.1]). */
  readonly smokers: Int32Array;
  /** Engineer squads ([14.4]); some engineer of the scenario could set a building on fire (arson is enumerated only then). */
  readonly ueng: Uint8Array;
  readonly hasArson: boolean;
  /** Unmanned units ([16.1]) and NeuSpotters ([16.2]). */
  readonly uunman: Uint8Array;
  readonly uneu: Uint8Array;
  /** AMUs are played (option amuRule and a NeuSpotter in the scenario, [16.2]). */
  readonly hasAmu: boolean;
  /** 1 for a hex on the map's edge (fewer than 6 neighbours): where a carrier may leave the map. */
  readonly edge: Uint8Array;
  /** Aircraft carrying the unit (a Hornisse's PK41 and suit, [10.6]) until it lands, or -1. */
  readonly uaboard: Int8Array;
  /** Per aircraft: its PK41 and its suit as ground units (a Hornisse, [10.6]), or -1. */
  readonly apk41: Int32Array;
  readonly asuit: Int32Array;
  /** 1 for an airdropped reinforcement ([12.2]). */
  readonly uairdrop: Uint8Array;
  /** Smoke Screen Equipment ([19.2.2]): screens (-1 unlimited engine smoke, 0 none), placement range, screens per turn. */
  readonly usmoke: Int8Array;
  readonly usmokeRange: Int8Array;
  readonly usmokePer: Int8Array;
  /** Some unit of the scenario is a transport (load/unload actions are enumerated only then). */
  readonly hasTransport: boolean;
  readonly upAtk: Int32Array;
  /** VP of the unit's pilot ([18.2.5]), 0 when it has none. */
  readonly upVp: Int32Array;
  readonly upDef: Int32Array;
  /** Pilot rank VP per unit and per aircraft (0 none), and 1 where option pilotMods rolls the pilot's modifiers ([18.3.1]: not given by the seed). */
  readonly upRank: Int32Array;
  readonly upRoll: Uint8Array;
  readonly apRank: Int32Array;
  readonly apRoll: Uint8Array;
  /** The aircraft pilot's own dog-fight modifier in `adf` (replaced when rolled). */
  readonly apDfBase: Int32Array;
  /** Reinforcement turn per aircraft (0: from turn 1, [12.1]). */
  readonly aarrive: Int32Array;
  readonly ustart: Int32Array;
  /** Weapon per (unit * MAX_W + slot): type index (-1 none), attack, range, starting ammo (0 unlimited), indirect. */
  readonly wtype: Int8Array;
  readonly watk: Int32Array;
  readonly wrange: Int32Array;
  readonly wammo: Int32Array;
  /** 1 where the weapon slot may fire indirectly ([5.5]). */
  readonly windirect: Uint8Array;
  /** Artillery request group per unit: 1 command, 2 recon, 3 other ([17.1.2]). */
  readonly ugroup: Int8Array;
  // Off-board batteries ([17.0]).
  readonly nb: number;
  readonly bid: readonly string[];
  readonly bside: Int8Array;
  readonly batk: Int32Array;
  readonly bradius: Int32Array;
  readonly bvp: Int32Array;
  readonly brounds: Int32Array;
  readonly bperTurn: Int32Array;
  /** Mine strength a shot of the battery adds to a hex ([19.1.6]; placeholder increment, spec §5.6). */
  readonly bmineInc: Int32Array;
  // Aircraft ([10.0]).
  readonly na: number;
  readonly aid: readonly string[];
  readonly atype: readonly string[];
  readonly aside: Int8Array;
  readonly adf: Int32Array;
  readonly aatk: Int32Array;
  readonly adef: Int32Array;
  readonly adur: readonly (readonly string[])[];
  readonly avp: Int32Array;
  readonly apAtk: Int32Array;
  readonly apDef: Int32Array;
  /** Equipment markers per aircraft at the start ([11.4]): bombs, missiles, lasers. */
  readonly aeq: readonly Int32Array[];
  /** Range modifier per (weaponType * RANGES + range), NO_RANGE when out of the chart. */
  readonly rangeMod: Int32Array;
  readonly maxRange: number;
  /** LOS (any-point or centre) from hex a to a target of stack type I (0) / II (1) in hex b. */
  los(a: number, b: number, typeII: number): boolean;
  /**
   * LOS with the dynamic obstructions of the moment ([19.2.5] smoke, [19.4.3] fire): `dyn` lists the
   * hexes holding a smoke or fire marker (sorted), `smoke` / `fire` are the per-hex markers. Exact:
   * the static answer unless a marker lies in the hull of the two hexes, then the any-point search
   * again with those hexes obstructing (cached per pair and per set of at most 2 such hexes).
   */
  losDyn(a: number, b: number, typeII: number, smoke: readonly number[], fire: readonly number[], dyn: readonly number[]): boolean;
  /** Ridge and wall modifier of an attack from a into b by weapon type ([5.1.3] 1). */
  sideAtk(a: number, b: number, wt: number): number;
}

export const RANGES = 64;

export function buildModel(data: RulesData, body: ScenarioBody, opt: MakOptions): Model {
  const m = body.map;
  const grid = new HexGrid(m.cols, m.rows, m.parity);
  const n = grid.n;
  const terrain: string[][] = [];
  for (let i = 0; i < n; i++) terrain.push([m.default]);
  for (const [id, h] of Object.entries(m.hexes)) terrain[grid.indexOfId(id)] = h.terrain;
  const cost2 = [0, 1, 2].map(() => new Int32Array(n));
  const sideCost2 = [0, 1, 2].map(() => new Int32Array(n * 6));
  const height = new Uint8Array(n);
  const blockFlat = new Uint8Array(n);
  const hill = new Uint8Array(n);
  const cover = new Uint8Array(n);
  const building = new Uint8Array(n);
  const hexAtk = new Int8Array(n * 6 * 2);
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < 3; f++) {
      let c = 0;
      for (const t of terrain[i]) {
        const v = data.terrain[t].move[FORMS[f] as 'W'];
        if (v === 0) { c = -1; break; }
        c += v;
      }
      cost2[f][i] = c;
    }
    for (const t of terrain[i]) {
      const td = data.terrain[t];
      if (td.height > 0) height[i] = 1;
      if (t === 'hill') hill[i] = 1;
      else if (td.blocksLos && (t !== 'partialBuilding' || opt.partialBuildingBlocksLOS)) blockFlat[i] = 1;
      if (t === 'building' || t === 'partialBuilding') building[i] = 1;
      if (t === 'forest' || t === 'building' || t === 'partialBuilding') cover[i] = 1;
      if (opt.obstaclesAreHeight1 && (t === 'forest' || t === 'building')) height[i] = 1;
    }
    for (let wt = 0; wt < 6; wt++) {
      for (let ty = 0; ty < 2; ty++) {
        let s = 0;
        let any = false;
        for (const t of terrain[i]) {
          // [7.1.7]: only a Type I target counts as inside a partial building.
          if (t === 'partialBuilding' && ty === 1) continue;
          s += data.terrain[t].attack[WEAPON_TYPES[wt]];
          any = true;
        }
        if (!any) s = data.terrain[m.default]?.attack[WEAPON_TYPES[wt]] ?? 0;
        hexAtk[(i * 6 + wt) * 2 + ty] = s;
      }
    }
  }
  const sides = new HexsideFeatures(grid);
  for (const h of m.hexsides) {
    const a = grid.indexOfId(h.a);
    const b = grid.indexOfId(h.b);
    sides.set(a, b, h.feature === 'ridge' ? FEATURE_RIDGE : FEATURE_WALL);
  }
  for (let i = 0; i < n; i++) for (let d = 0; d < 6; d++) {
    const f = sides.at(i, d);
    if (!f) continue;
    const hs = f === FEATURE_RIDGE ? data.hexsides.ridge : data.hexsides.wall;
    for (let fo = 0; fo < 3; fo++) sideCost2[fo][i * 6 + d] = hs.move[FORMS[fo] as 'W'];
  }
  const roadLink = new Uint8Array(n * 6);
  for (const road of m.roads) {
    for (let k = 0; k + 1 < road.length; k++) {
      const a = grid.indexOfId(road[k]);
      const b = grid.indexOfId(road[k + 1]);
      const d = directionOf(grid.q[b] - grid.q[a], grid.r[b] - grid.r[a]);
      if (d < 0) throw new Error(`road: ${road[k]} and ${road[k + 1]} are not adjacent`);
      roadLink[a * 6 + d] = 1;
      roadLink[b * 6 + ((d + 3) % 6)] = 1;
    }
  }
  const depot = new Int8Array(n).fill(-1);
  for (const d of m.depots) depot[grid.indexOfId(d.hex)] = d.owner === 'mercenary' ? 0 : 1;
  const defPos = new Int8Array(n);
  for (const d of m.defensivePositions) defPos[grid.indexOfId(d.hex)] = d.value;
  const mineStr = new Int8Array(n);
  for (const d of m.mines) mineStr[grid.indexOfId(d.hex)] = d.strength;

  // Units.
  const list: Array<{ id: string; type: string; at: string; pilot?: string; role?: string; arrives?: number; airdrop?: boolean; side: number; aboard?: number }> = [];
  SIDES.forEach((s, si) => body.sides[s].units.forEach((u) => list.push({ ...u, side: si })));
  // A Hornisse carries its PK41 and its suit; they become ground units when it lands ([10.6.1]).
  const apk41: number[] = [], asuit: number[] = [];
  let ai = 0;
  SIDES.forEach((sd, si) => body.sides[sd].aircraft.forEach((a) => {
    apk41.push(-1); asuit.push(-1);
    if (a.type === 'Hornisse') {
      apk41[ai] = list.length;
      list.push({ id: `${a.id}.PK41`, type: 'PK41', at: grid.id(0), side: si, aboard: ai });
      asuit[ai] = list.length;
      list.push({ id: `${a.id}.${a.suit ?? 'PKA'}`, type: a.suit ?? 'PKA', at: grid.id(0), side: si, aboard: ai, ...(a.pilot ? { pilot: a.pilot } : {}) });
    }
    ai++;
  }));
  // With pilot escape, each piloted ground unit has its pilot token, off the map until it escapes ([18.2.1]).
  const pilotOf: number[] = list.map(() => -1);
  if (opt.pilotEscape) {
    const n0 = list.length;
    for (let i = 0; i < n0; i++) {
      const u = list[i];
      if (!u.pilot || data.units[u.type].infantry) continue;
      pilotOf[i] = list.length;
      list.push({ id: `${u.id}.pilot`, type: 'Pilot', at: grid.id(0), side: u.side, aboard: -2, pilot: u.pilot });
      pilotOf.push(-1);
    }
  }
  const nu = list.length;
  const uside = new Int8Array(nu), ustack = new Int8Array(nu), ump2 = new Int32Array(nu), uform = new Int8Array(nu);
  const udef = new Int32Array(nu), uvp = new Int32Array(nu), uinf = new Uint8Array(nu), uveh = new Uint8Array(nu);
  const uarrive = new Int32Array(nu);
  const uairdrop = new Uint8Array(nu);
  const uaboard = new Int8Array(nu).fill(-1);
  const uunman = new Uint8Array(nu), uneu = new Uint8Array(nu), ueng = new Uint8Array(nu);
  const ucap = new Int8Array(nu), ucapTypeI = new Uint8Array(nu), unight = new Int8Array(nu);
  const usmoke = new Int8Array(nu), usmokeRange = new Int8Array(nu), usmokePer = new Int8Array(nu);
  const upAtk = new Int32Array(nu), upDef = new Int32Array(nu), ustart = new Int32Array(nu), upVp = new Int32Array(nu);
  const upRank = new Int32Array(nu), upRoll = new Uint8Array(nu);
  const wtype = new Int8Array(nu * MAX_W).fill(-1), watk = new Int32Array(nu * MAX_W), wrange = new Int32Array(nu * MAX_W), wammo = new Int32Array(nu * MAX_W);
  const udur: string[][] = [];
  const windirect = new Uint8Array(nu * MAX_W);
  const ugroup = new Int8Array(nu);
  list.forEach((u, i) => {
    const d = data.units[u.type];
    uside[i] = u.side;
    ustack[i] = d.type;
    ump2[i] = d.mp2;
    uform[i] = FORMS.indexOf(d.form);
    udef[i] = d.defense;
    uvp[i] = d.vp;
    uinf[i] = d.infantry ? 1 : 0;
    uveh[i] = d.vehicle ? 1 : 0;
    ucap[i] = d.transport?.capacity ?? 0;
    ucapTypeI[i] = d.transport?.typeIOnly ? 1 : 0;
    const sm = data.smoke[u.type];
    if (sm) { usmoke[i] = sm.screens; usmokeRange[i] = sm.range; usmokePer[i] = sm.perTurn; }
    unight[i] = body.night && !d.unmanned ? data.rules.nightPenalty : 0;
    udur.push(data.endurance[d.durability]);
    ustart[i] = grid.indexOfId(u.at);
    uairdrop[i] = u.airdrop ? 1 : 0;
    if (u.aboard !== undefined && u.aboard >= 0) uaboard[i] = u.aboard;
    uunman[i] = d.unmanned ? 1 : 0;
    ueng[i] = d.engineer ? 1 : 0;
    uneu[i] = u.type === 'NeuSpotter' ? 1 : 0;
    uarrive[i] = u.airdrop ? Math.max(1, u.arrives ?? 1) : u.arrives ?? 0;
    const role = (u as { role?: string }).role;
    ugroup[i] = role === 'command' ? 1 : role === 'recon' || (!role && ['NeuSpotter', 'Krote', 'Raccoon'].includes(u.type)) ? 2 : 3;
    if (u.pilot && u.type === 'Pilot') {
      uvp[i] = pilotVp([data.pilots[u.pilot].attack, data.pilots[u.pilot].defense, data.pilots[u.pilot].dogfight], data.pilots[u.pilot].rankVp);
    } else if (u.pilot) {
      const p = data.pilots[u.pilot];
      upAtk[i] = p.attack;
      upDef[i] = p.defense;
      upVp[i] = pilotVp([p.attack, p.defense, p.dogfight], p.rankVp);
      upRank[i] = p.rankVp;
      upRoll[i] = opt.pilotMods === 'rollCreation' && !p.given ? 1 : 0;
    }
    d.weapons.forEach((w, k) => {
      wtype[i * MAX_W + k] = WEAPON_TYPES.indexOf(w.type);
      watk[i * MAX_W + k] = w.attack;
      wrange[i * MAX_W + k] = w.range;
      wammo[i * MAX_W + k] = w.ammo;
      windirect[i * MAX_W + k] = w.indirect ? 1 : 0;
    });
  });
  const bl: Array<{ id: string; type: string; rounds: number; perTurn: number; side: number }> = [];
  const al: Array<{ id: string; type: string; pilot?: string; side: number; equipment?: string[]; arrives?: number }> = [];
  SIDES.forEach((sd, si) => {
    body.sides[sd].artillery.forEach((b) => bl.push({ ...b, side: si }));
    body.sides[sd].aircraft.forEach((a) => al.push({ ...a, side: si }));
  });
  const nb = bl.length;
  const na = al.length;
  const bside = Int8Array.from(bl.map((b) => b.side));
  const batk = Int32Array.from(bl.map((b) => data.artillery.types[b.type].attack));
  const bradius = Int32Array.from(bl.map((b) => data.artillery.types[b.type].radius));
  const bvp = Int32Array.from(bl.map((b) => data.artillery.types[b.type].vpPerRound));
  const brounds = Int32Array.from(bl.map((b) => b.rounds));
  const bperTurn = Int32Array.from(bl.map((b) => b.perTurn));
  const bmineInc = Int32Array.from(bl.map((b) => data.artillery.types[b.type].mineIncrement));
  const aside = Int8Array.from(al.map((a) => a.side));
  const adf = Int32Array.from(al.map((a) => data.units[a.type].dogfight + (a.pilot ? data.pilots[a.pilot].dogfight : 0)));
  const aatk = Int32Array.from(al.map((a) => data.units[a.type].weapons[0]?.attack ?? 0));
  const adef = Int32Array.from(al.map((a) => data.units[a.type].defense));
  const adur = al.map((a) => data.endurance[data.units[a.type].durability]);
  const avp = Int32Array.from(al.map((a) => data.units[a.type].vp));
  const apAtk = Int32Array.from(al.map((a) => (a.pilot ? data.pilots[a.pilot].attack : 0)));
  const apDef = Int32Array.from(al.map((a) => (a.pilot ? data.pilots[a.pilot].defense : 0)));
  const apDfBase = Int32Array.from(al.map((a) => (a.pilot ? data.pilots[a.pilot].dogfight : 0)));
  const apRank = Int32Array.from(al.map((a) => (a.pilot ? data.pilots[a.pilot].rankVp : 0)));
  const apRoll = Uint8Array.from(al.map((a) => (a.pilot && opt.pilotMods === 'rollCreation' && !data.pilots[a.pilot].given ? 1 : 0)));
  let maxRange = 0;
  for (let k = 0; k < wrange.length; k++) maxRange = Math.max(maxRange, wrange[k]);
  const rangeMod = new Int32Array(6 * RANGES);
  for (let wt = 0; wt < 6; wt++) {
    const row = data.range.mod[WEAPON_TYPES[wt]];
    for (let r = 0; r < RANGES; r++) {
      let v: number | null = null;
      for (let b = 0; b < data.range.upTo.length; b++) if (r <= data.range.upTo[b]) { v = row[b]; break; }
      rangeMod[wt * RANGES + r] = v === null ? NO_RANGE : v;
    }
  }

  // LOS ([6.1]-[6.2]; spec §3.8): cached per (viewer hex, target hex, target type).
  const losCache = new Uint8Array(n * n * 2);
  let vH = 0, tH = 0, target = 0, limit = 1, viewer = 0;
  let dSmoke: readonly number[] | null = null, dFire: readonly number[] | null = null;
  const rules: SegmentRules = {
    blocksHex(q, r) {
      const i = grid.fromAxial(q, r);
      if (i < 0) return false;
      if (blockFlat[i]) return true;
      // [19.2.5], [19.4.3]: smoke and fire markers block whatever the elevation (spec §3.8 4).
      if (dSmoke !== null && (dSmoke[i] !== 0 || dFire![i] !== 0)) return true;
      // [6.2.2]: a height-1 hex blocks unless viewer and target are both at height 1.
      return height[i] === 1 && !(vH === 1 && tH === 1);
    },
    sideFeature: (q, r, d) => sides.atAxial(q, r, d) !== 0,
    crossingBlocks(q, r, d) {
      const near = grid.fromAxial(q, r);
      const far = grid.fromAxial(q + DIR_DQ[d], r + DIR_DR[d]);
      // [6.2.3]: from or to height 1, only ridges on the viewer's or target's own sides count.
      if ((vH === 1 || tH === 1) && near !== viewer && near !== target && far !== viewer && far !== target) return false;
      if (far < 0) return true;
      const k = grid.distance(far, target) + 1;
      return k > limit;
    },
  };
  const anyPoint = opt.losMode === 'anyPoint';
  function los(a: number, b: number, typeII: number): boolean {
    if (a === b || grid.distance(a, b) <= 1) return true; // [6.1.5]
    const key = (a * n + b) * 2 + typeII;
    const c = losCache[key];
    if (c !== 0) return c === 1;
    vH = height[a]; tH = height[b]; target = b; viewer = a; limit = typeII ? 2 : 1;
    const qa = grid.q[a], ra = grid.r[a], qb = grid.q[b], rb = grid.r[b];
    const clear = anyPoint ? anyPointLos(qa, ra, qb, rb, rules) : centreLos(qa, ra, qb, rb, rules);
    losCache[key] = clear ? 1 : 2;
    return clear;
  }
  // Dynamic obstructions: the answer per (pair, type) for the last set of (at most 2) markers in its hull.
  let dynSig: Int32Array | null = null;
  let dynRes: Uint8Array | null = null;
  function losDyn(a: number, b: number, typeII: number, smoke: readonly number[], fire: readonly number[], dyn: readonly number[]): boolean {
    if (!los(a, b, typeII)) return false; // more obstructions never open a line
    if (dyn.length === 0 || a === b || grid.distance(a, b) <= 1) return true;
    const qa = grid.q[a], ra = grid.r[a], qb = grid.q[b], rb = grid.r[b];
    let c = 0, h1 = -1, h2 = -1;
    for (let k = 0; k < dyn.length; k++) {
      const h = dyn[k];
      if (h === a || h === b || !hexMeetsHull(qa, ra, qb, rb, grid.q[h], grid.r[h])) continue;
      c++;
      if (c === 1) h1 = h;
      else if (c === 2) h2 = h;
    }
    if (c === 0) return true;
    const sig = c > 2 ? 0 : 1 + h1 + (c === 2 ? h2 + 1 : 0) * (n + 1);
    const key = (a * n + b) * 2 + typeII;
    if (dynSig === null) { dynSig = new Int32Array(n * n * 2); dynRes = new Uint8Array(n * n * 2); }
    if (sig !== 0 && dynSig[key] === sig) return dynRes![key] === 1;
    vH = height[a]; tH = height[b]; target = b; viewer = a; limit = typeII ? 2 : 1;
    dSmoke = smoke; dFire = fire;
    const clear = anyPoint ? anyPointLos(qa, ra, qb, rb, rules) : centreLos(qa, ra, qb, rb, rules);
    dSmoke = null; dFire = null;
    if (sig !== 0) { dynSig[key] = sig; dynRes![key] = clear ? 1 : 0; }
    return clear;
  }
  // Ridge/wall crossings of the centre line, counted once per pair.
  const crossCache = new Int16Array(n * n).fill(-1);
  function crossings(a: number, b: number): number {
    const key = a * n + b;
    let v = crossCache[key];
    if (v < 0) {
      let ridges = 0, walls = 0;
      for (const c of hexsidesCrossed(grid.q[a], grid.r[a], grid.q[b], grid.r[b])) {
        const f = sides.atAxial(c.q, c.r, c.dir);
        if (f === FEATURE_RIDGE) ridges++;
        else if (f === FEATURE_WALL) walls++;
      }
      v = ridges + walls * 64;
      crossCache[key] = v;
    }
    return v;
  }
  // The ridge and wall attack modifiers by weapon type index (read by name once, not per call).
  const ridgeAtk = Float64Array.from(WEAPON_TYPES, (t) => data.hexsides.ridge.attack[t]);
  const wallAtk = Float64Array.from(WEAPON_TYPES, (t) => data.hexsides.wall.attack[t]);
  function sideAtk(a: number, b: number, wt: number): number {
    const v = crossings(a, b);
    if (v === 0) return 0;
    return (v % 64) * ridgeAtk[wt] + Math.floor(v / 64) * wallAtk[wt];
  }

  /** [18.2.3] engine reading: a side's pilots escape by the west or east edge column nearer its units' starting hexes. */
  function homeEdges(): Uint8Array {
    const e = new Uint8Array(n);
    for (let side = 0; side < 2; side++) {
      let sum = 0, c = 0;
      for (let i = 0; i < nu; i++) if (uside[i] === side && uaboard[i] < 0 && list[i].type !== 'Pilot') { sum += grid.q[ustart[i]]; c++; }
      const west = c === 0 || sum / c <= (m.cols + 1) / 2; // q is the column, 1..cols
      for (let h = 0; h < n; h++) if (grid.q[h] === (west ? 1 : m.cols)) e[h] |= 1 << side;
    }
    return e;
  }
  return {
    data, opt, body, grid, n, sides, terrain, cost2, sideCost2, roadLink, height, hexAtk, cover, building, depot, defPos, mineStr,
    nu, uid: list.map((u) => u.id), utype: list.map((u) => u.type), uside, ustack, ump2, uform, udef, udur, uvp, uinf, uveh, ucap, ucapTypeI, unight, uarrive, uairdrop, uaboard, usp: Int8Array.from(list, (u) => (data.units[u.type].type === 1 ? 1 : data.units[u.type].type === 2 ? 2 : 0)), stackLimit: data.rules.stackLimit,
    boosters: Int32Array.from(list.flatMap((u, i) => (u.type === 'SAFS_MkII' ? [i] : []))),
    hasCarry: SIDES.some((_sd, si) => list.filter((u) => u.side === si && data.units[u.type].type === 1 && data.units[u.type].form !== 'A').length >= 2),
    concedeRule: opt.concede === 'ruleBased',
    hasDepot: depot.some((x) => x >= 0),
    upilotUnit: Int32Array.from(pilotOf), upilot: Uint8Array.from(list, (u) => (u.type === 'Pilot' ? 1 : 0)), hasPilots: pilotOf.some((x) => x >= 0), sideUnits: [0, 1].map((sd) => Int32Array.from(list.flatMap((u, i) => (u.side === sd ? [i] : [])))), pilots: Int32Array.from(list.flatMap((u, i) => (u.type === 'Pilot' ? [i] : []))),
    homeEdge: homeEdges(),
    smokers: Int32Array.from(list.flatMap((_u, i) => (usmoke[i] !== 0 ? [i] : []))),
    offmap: Int32Array.from(list.flatMap((u, i) => (uarrive[i] > 0 || uaboard[i] >= 0 ? [i] : []))),
    ueng, hasArson: ueng.some((x) => x === 1) && building.some((x) => x === 1), uunman, uneu, hasAmu: opt.amuRule && uneu.some((x) => x === 1), edge: Uint8Array.from({ length: n }, (_, h) => { let c = 0; for (let d = 0; d < 6; d++) if (grid.nbr[h * 6 + d] >= 0) c++; return c < 6 ? 1 : 0; }), apk41: Int32Array.from(apk41), asuit: Int32Array.from(asuit), usmoke, usmokeRange, usmokePer, hasTransport: ucap.some((c) => c > 0), upAtk, upDef, upVp, upRank, upRoll, ustart,
    wtype, watk, wrange, wammo, windirect, ugroup, rangeMod, maxRange, los, losDyn, sideAtk,
    nb, bid: bl.map((b) => b.id), bside, batk, bradius, bvp, brounds, bperTurn, bmineInc,
    na, aeq: ['bomb', 'missile', 'laser'].map((k) => Int32Array.from(al, (a) => (a.equipment ?? []).filter((e) => e === k).length)), aid: al.map((a) => a.id), atype: al.map((a) => a.type), aside, adf, aatk, adef, adur, avp, apAtk, apDef, apRank, apRoll, apDfBase, aarrive: Int32Array.from(al, (a) => a.arrives ?? 0),
  };
}
