/**
 * Everything about a scenario that does not change during a game, compiled once per worker:
 * map tables (terrain, LOS cache, distances, bearings), tank and character instances, the card
 * table, the initial deck and the metric layout. Agents receive it read-only with their
 * observation (it holds no hidden information).
 */
import { HexGrid, LosTable, arcTable, dirIndex } from '../../core/geometry/hex/index.ts';
import type { MetricLayout } from '../../core/tally.ts';
import { buildLayout } from './metrics.ts';
import type { PvOptions } from './options.ts';
import type { Ability, RulesData, ScenarioBody, UnitSetup } from './schema.ts';

export const SIDE_KEYS = ['A', 'B'] as const;

// Card type classes.
export const K_ACTION = 0;
export const K_EVENT = 1;
export const K_REACTION = 2;
export const K_ENFORCEMENT = 3;
// Action kinds.
export const AK_MOVE = 0;
export const AK_ATTACK = 1;
export const AK_MOVE_OR_ATTACK = 2;
export const AK_MOVE_THEN_ATTACK = 3;
export const AK_SMOKE = 4;
// Event effects.
export const EV_DRAW = 0;
export const EV_MAINT = 1;
export const EV_RECOVERY = 2;
// Reaction effects.
export const RE_QUICK = 0;
export const RE_MOD = 1;
export const RE_CANCEL_HIT = 2;
export const RE_CANCEL_REACTION = 3;
// Enforcement effects.
export const EN_DESPERATE = 0;
export const EN_TREAD = 1;
// Scenario card effects.
export const SC_DRAW = 0;
export const SC_EXTRA_ACTION = 1;
export const SC_REPAIR = 2;

export const MATCH_ELIMINATION = 0;
export const MATCH_FLAG = 1;



export interface PvStatic {
  readonly grid: HexGrid;
  readonly los: LosTable;
  /** Entry cost per hex, -1 where prohibited. */
  readonly enterCost: Int16Array;
  readonly blocksLos: Uint8Array;
  /** Compass code + 1 per hex pair [i*n + j] (0 when i === j), precomputed at compile time. */
  readonly codeCache: Uint8Array;
  /** Arc per relative compass code under the arc options (armour and fixed-gun permission). */
  readonly arcTab: Uint8Array;
  readonly opt: PvOptions;
  readonly rules: RulesData['rules'];
  readonly data: RulesData;
  readonly matchType: number;
  readonly placesFirst: number;
  readonly movesFirst: number;
  readonly maxTurns: number;
  readonly sideNames: readonly string[];
  readonly mapId: string;
  // tanks
  readonly nT: number;
  readonly tSide: Int8Array;
  readonly tTypeId: readonly string[];
  readonly tLabel: readonly string[];
  readonly tMove: Int16Array;
  readonly tSize: Int16Array;
  /** Armour per tank: [front, side, rear] at 3t..3t+2. */
  readonly tArm: Int16Array;
  readonly tRot: Int8Array;
  readonly tPts: Int16Array;
  readonly tFlag: Uint8Array;
  readonly nG: Int8Array;
  /** Per gun slot 2t+g. */
  readonly gRange: Int16Array;
  readonly gFp: Int16Array;
  readonly gFixed: Uint8Array;
  readonly gRole: readonly string[];
  readonly gRow: Int32Array;
  readonly sideTanks: readonly (readonly number[])[];
  readonly tStartHex: Int32Array;
  readonly tStartFacing: Int8Array;
  readonly tZone: ReadonlyArray<Int32Array | null>;
  readonly tStartImmobile: Uint8Array;
  readonly tStartInop: Uint8Array;
  // characters
  readonly nC: number;
  readonly cTypeId: readonly string[];
  readonly cName: readonly string[];
  readonly cSide: Int8Array;
  readonly cTwoSided: Uint8Array;
  readonly cStartTank: Int32Array;
  readonly cStartFace: Uint8Array;
  /** Per (character, face) slot 2c+f: value of each roll ability (0 = none) and special flags. */
  readonly cAtk: Int16Array;
  readonly cDmg: Int16Array;
  readonly cMov: Int16Array;
  readonly cDefAtk: Int16Array;
  readonly cDefDmg: Int16Array;
  readonly cCS: Uint8Array;
  readonly cRec: Uint8Array;
  readonly cAide: Int16Array;
  readonly freeChars: readonly (readonly number[])[];
  // cards
  readonly nK: number;
  readonly kId: readonly string[];
  readonly kName: readonly string[];
  readonly kType: Int8Array;
  readonly kKind: Int8Array;
  readonly kTanks: Int16Array;
  readonly kMp: Int16Array;
  readonly kAtk: Int16Array;
  readonly kDmg: Int16Array;
  readonly kSame: Uint8Array;
  readonly kNoRoll: Uint8Array;
  readonly kNumber: Int16Array;
  readonly kDraw: Int16Array;
  readonly kWin: Uint8Array;
  readonly kRMod: Int16Array;
  readonly deckInit: readonly number[];
  /** Counts per card type set aside for the match (Training: Recovery). */
  readonly removedInit: readonly number[];
  readonly totalCards: number;
  readonly startingHand: readonly number[];
  readonly scenarioCards: ReadonlyArray<ReadonlyArray<{ name: string; effect: number; value: number }>>;
  readonly layout: MetricLayout;
  readonly hasReactions: boolean;
}

function faceAbilities(list: Ability[] | null | undefined) {
  const r = { atk: 0, dmg: 0, mov: 0, defAtk: 0, defDmg: 0, cs: 0, rec: 0, aide: 0 };
  for (const a of list ?? []) {
    switch (a.kind) {
      case 'attack': r.atk ||= a.value; break;
      case 'damage': r.dmg ||= a.value; break;
      case 'movement': r.mov ||= a.value; break;
      case 'defAttack': r.defAtk ||= a.value; break;
      case 'defDamage': r.defDmg ||= a.value; break;
      case 'combatSense': r.cs = 1; break;
      case 'recovery': r.rec = 1; break;
      case 'aide': r.aide ||= a.cards; break;
    }
  }
  return r;
}

/** Expands units with `count` into one entry per tank, in file order. */
export function expandUnits(units: readonly UnitSetup[]): Array<{ unit: UnitSetup; index: number; copy: number }> {
  const out: Array<{ unit: UnitSetup; index: number; copy: number }> = [];
  units.forEach((u, index) => {
    for (let k = 0; k < u.count; k++) out.push({ unit: u, index, copy: k });
  });
  return out;
}

/** Hexes of a placement zone (throws on ids; call checkScenario first for friendly errors). */
export function zoneHexes(grid: HexGrid, zone: NonNullable<UnitSetup['zone']>, includeCentre: boolean): number[] {
  if ('hexes' in zone) return zone.hexes.map((h) => grid.indexOfId(String(h))).filter((i) => i >= 0);
  if ('cols' in zone) {
    const out: number[] = [];
    for (let c = zone.cols[0]; c <= zone.cols[1]; c++) for (let r = zone.rows[0]; r <= zone.rows[1]; r++) if (grid.index(c, r) >= 0) out.push(grid.index(c, r));
    return out;
  }
  const c = grid.indexOfId(String(zone.center));
  if (c < 0) return [];
  return grid.within(c, zone.radius).filter((i) => includeCentre || i !== c);
}

export function buildStatic(body: ScenarioBody, data: RulesData, opt: PvOptions): PvStatic {
  const m = body.map;
  const grid = new HexGrid(m.cols, m.rows, m.parity);
  const n = grid.n;
  const enterCost = new Int16Array(n);
  const blocksLos = new Uint8Array(n);
  const terrainOf = (name: string) => {
    const t = data.terrain[name];
    if (!t) throw new Error(`unknown terrain '${name}'`);
    return t;
  };
  const def = terrainOf(m.defaultTerrain);
  for (let i = 0; i < n; i++) {
    enterCost[i] = def.enterCost ?? -1;
    blocksLos[i] = def.blocksLos ? 1 : 0;
  }
  for (const [id, name] of Object.entries(m.terrain)) {
    const i = grid.indexOfId(id);
    if (i < 0) continue;
    const t = terrainOf(name);
    enterCost[i] = t.enterCost ?? -1;
    blocksLos[i] = t.blocksLos ? 1 : 0;
  }

  // ---- tanks
  const sides = [body.sides.A, body.sides.B];
  const tSide: number[] = [];
  const tTypeId: string[] = [];
  const tLabel: string[] = [];
  const tStartHex: number[] = [];
  const tStartFacing: number[] = [];
  const tZone: Array<Int32Array | null> = [];
  const tFlag: number[] = [];
  const tStartImmobile: number[] = [];
  const tStartInop: number[] = [];
  const unitChars: Array<{ tank: number; id: string; face: number; side: number }> = [];
  const sideTanks: number[][] = [[], []];
  for (let s = 0; s < 2; s++) {
    const expanded = expandUnits(sides[s].units);
    for (const { unit, index, copy } of expanded) {
      const t = tSide.length;
      tSide.push(s);
      tTypeId.push(unit.tank);
      tLabel.push(unit.id ? (unit.count > 1 ? `${unit.id}.${copy + 1}` : unit.id) : `${SIDE_KEYS[s]}${index + 1}${unit.count > 1 ? '.' + (copy + 1) : ''}`);
      tStartHex.push(unit.hex !== undefined ? grid.indexOfId(String(unit.hex)) : -1);
      tStartFacing.push(unit.facing ? dirIndex(unit.facing) : -1);
      tZone.push(unit.zone ? Int32Array.from(zoneHexes(grid, unit.zone, opt.zoneIncludesCentre)) : null);
      tFlag.push(unit.flag ? 1 : 0);
      tStartImmobile.push(unit.immobile ? 1 : 0);
      tStartInop.push(unit.inoperative ? 1 : 0);
      sideTanks[s].push(t);
      if (unit.character && copy === 0) unitChars.push({ tank: t, id: unit.character.id, face: unit.character.face === 'back' ? 1 : 0, side: s });
    }
  }
  const nT = tSide.length;
  const tMove = new Int16Array(nT);
  const tSize = new Int16Array(nT);
  const tArm = new Int16Array(nT * 3);
  const tRot = new Int8Array(nT);
  const tPts = new Int16Array(nT);
  const nG = new Int8Array(nT);
  const gRange = new Int16Array(nT * 2);
  const gFp = new Int16Array(nT * 2);
  const gFixed = new Uint8Array(nT * 2);
  const gRole: string[] = new Array(nT * 2).fill('');
  const gRow = new Int32Array(nT * 2).fill(-1);
  const rows: Array<Record<string, string | number>> = [];
  const rowKey = new Map<string, number>();
  for (let t = 0; t < nT; t++) {
    const ty = data.tanks[tTypeId[t]];
    if (!ty) throw new Error(`unknown tank type '${tTypeId[t]}'`);
    tMove[t] = ty.movement;
    tSize[t] = ty.size;
    tArm[3 * t] = ty.armour.front;
    tArm[3 * t + 1] = ty.armour.side;
    tArm[3 * t + 2] = ty.armour.rear;
    tRot[t] = ty.turretRotation;
    tPts[t] = ty.points;
    nG[t] = ty.guns.length;
    ty.guns.forEach((g, k) => {
      const slot = 2 * t + k;
      gRange[slot] = g.range;
      gFp[slot] = g.firepower;
      gFixed[slot] = g.mount === 'fixed' ? 1 : 0;
      gRole[slot] = g.role;
      const key = `${tSide[t]}|${tTypeId[t]}|${g.role}`;
      let row = rowKey.get(key);
      if (row === undefined) {
        row = rows.length;
        rowKey.set(key, row);
        rows.push({ side: sides[tSide[t]].name, unit: tTypeId[t], weapon: g.role, points: ty.points, unitName: ty.name });
      }
      gRow[slot] = row;
    });
  }

  // ---- characters: unit-assigned first, then side-level free ones
  const charList: Array<{ id: string; face: number; side: number; tank: number }> = [...unitChars];
  const freeChars: number[][] = [[], []];
  for (let s = 0; s < 2; s++) {
    for (const c of sides[s].characters) {
      freeChars[s].push(charList.length);
      charList.push({ id: c.id, face: c.face === 'back' ? 1 : 0, side: s, tank: -1 });
    }
  }
  const nC = charList.length;
  const cAtk = new Int16Array(nC * 2);
  const cDmg = new Int16Array(nC * 2);
  const cMov = new Int16Array(nC * 2);
  const cDefAtk = new Int16Array(nC * 2);
  const cDefDmg = new Int16Array(nC * 2);
  const cCS = new Uint8Array(nC * 2);
  const cRec = new Uint8Array(nC * 2);
  const cAide = new Int16Array(nC * 2);
  const cTwoSided = new Uint8Array(nC);
  charList.forEach((c, i) => {
    const ty = data.characters[c.id];
    if (!ty) throw new Error(`unknown character '${c.id}'`);
    cTwoSided[i] = ty.back ? 1 : 0;
    for (let f = 0; f < 2; f++) {
      const a = faceAbilities(f === 0 ? ty.front : ty.back);
      const k = 2 * i + f;
      cAtk[k] = a.atk;
      cDmg[k] = a.dmg;
      cMov[k] = a.mov;
      cDefAtk[k] = a.defAtk;
      cDefDmg[k] = a.defDmg;
      cCS[k] = a.cs;
      cRec[k] = a.rec;
      cAide[k] = a.aide;
    }
  });

  // ---- cards
  const kId = Object.keys(data.cards);
  const nK = kId.length;
  const kName: string[] = [];
  const kType = new Int8Array(nK);
  const kKind = new Int8Array(nK);
  const kTanks = new Int16Array(nK);
  const kMp = new Int16Array(nK);
  const kAtk = new Int16Array(nK);
  const kDmg = new Int16Array(nK);
  const kSame = new Uint8Array(nK);
  const kNoRoll = new Uint8Array(nK);
  const kNumber = new Int16Array(nK);
  const kDraw = new Int16Array(nK);
  const kWin = new Uint8Array(nK);
  const kRMod = new Int16Array(nK);
  kId.forEach((id, k) => {
    const c = data.cards[id];
    kName.push(c.name);
    switch (c.type) {
      case 'action':
        kType[k] = K_ACTION;
        kKind[k] = ['move', 'attack', 'moveOrAttack', 'moveThenAttack', 'smokescreen'].indexOf(c.kind);
        kTanks[k] = c.tanks;
        kMp[k] = c.mpBonus;
        kAtk[k] = c.attackMod;
        kDmg[k] = c.damageMod;
        kSame[k] = c.sameTarget ? 1 : 0;
        kNoRoll[k] = c.noAttackRoll ? 1 : 0;
        kNumber[k] = c.number;
        break;
      case 'event':
        kType[k] = K_EVENT;
        kKind[k] = ['draw', 'maintenanceRepair', 'recovery'].indexOf(c.effect);
        kDraw[k] = c.draw;
        break;
      case 'reaction':
        kType[k] = K_REACTION;
        kKind[k] = ['quickShot', 'attackMod', 'cancelHit', 'cancelReaction'].indexOf(c.effect);
        kRMod[k] = c.attackMod;
        for (const w of c.windows) kWin[k] |= w === 'W1' ? 1 : w === 'W2' ? 2 : w === 'W3' ? 4 : 8;
        break;
      case 'enforcement':
        kType[k] = K_ENFORCEMENT;
        kKind[k] = ['desperate', 'treadDamage'].indexOf(c.effect);
        break;
    }
  });
  // Deck: composition, minus the scenario's removals (Training removes Recovery, A-19).
  const remove = new Set(body.deck.remove);
  if (body.training && opt.trainingRemovesRecovery && !body.deck.keep.includes('recovery')) remove.add('recovery');
  const deckInit: number[] = [];
  const removedInit: number[] = new Array(nK).fill(0);
  let removedCount = 0;
  for (const [id, count] of Object.entries(data.deck.composition)) {
    const k = kId.indexOf(id);
    for (let i = 0; i < count; i++) {
      if (remove.has(id)) {
        removedCount++;
        removedInit[k]++;
      } else deckInit.push(k);
    }
  }
  const hasReactions = deckInit.some((k) => kType[k] === K_REACTION);

  const layout = buildLayout(rows);
  const tables = mapTablesOf(grid, blocksLos);

  const scenarioCards = sides.map((sd) =>
    sd.scenarioCards.map((c) => ({ name: c.name, effect: ['draw', 'extraAction', 'repair'].indexOf(c.effect), value: c.value })),
  );

  return {
    grid,
    los: tables.los,
    enterCost,
    blocksLos,
    codeCache: tables.codes,
    arcTab: arcTable(opt.frontArcWidth, opt.rearArcWidth),
    // a copy: the resolved options arrive as a dictionary-mode object (keys added one by one),
    // whose property loads in the hot loop (G.opt.x) are hash lookups; a spread copy is fast-mode
    opt: { ...opt },
    rules: data.rules,
    data,
    matchType: body.matchType === 'flag' ? MATCH_FLAG : MATCH_ELIMINATION,
    placesFirst: body.placesFirst === 'A' ? 0 : 1,
    movesFirst: body.movesFirst === 'A' ? 0 : 1,
    maxTurns: body.maxTurns ?? 0,
    sideNames: [sides[0].name, sides[1].name],
    mapId: m.id,
    nT,
    tSide: Int8Array.from(tSide),
    tTypeId,
    tLabel,
    tMove,
    tSize,
    tArm,
    tRot,
    tPts,
    tFlag: Uint8Array.from(tFlag),
    nG,
    gRange,
    gFp,
    gFixed,
    gRole,
    gRow,
    sideTanks,
    tStartHex: Int32Array.from(tStartHex),
    tStartFacing: Int8Array.from(tStartFacing),
    tZone,
    tStartImmobile: Uint8Array.from(tStartImmobile),
    tStartInop: Uint8Array.from(tStartInop),
    nC,
    cTypeId: charList.map((c) => c.id),
    cName: charList.map((c) => data.characters[c.id].name),
    cSide: Int8Array.from(charList.map((c) => c.side)),
    cTwoSided,
    cStartTank: Int32Array.from(charList.map((c) => c.tank)),
    cStartFace: Uint8Array.from(charList.map((c) => c.face)),
    cAtk,
    cDmg,
    cMov,
    cDefAtk,
    cDefDmg,
    cCS,
    cRec,
    cAide,
    freeChars,
    nK,
    kId,
    kName,
    kType,
    kKind,
    kTanks,
    kMp,
    kAtk,
    kDmg,
    kSame,
    kNoRoll,
    kNumber,
    kDraw,
    kWin,
    kRMod,
    deckInit,
    removedInit,
    totalCards: deckInit.length + removedCount,
    startingHand: [sides[0].startingHand, sides[1].startingHand],
    scenarioCards,
    layout,
    hasReactions,
  };
}

/**
 * Tables of a map that depend on nothing but the grid (and its obstructing hexes), kept for the
 * next compile of the same map: building them is nearly all of a compile (on the Fake Battle map
 * ~190 of ~200 ms), and the versions of a scenario that `salvo sensitivity` or an experiment
 * compiles differ in rules values only. The tables are only read once built (`crossed` memoises
 * deterministic results). At most MAP_TABLES maps are kept.
 */
const MAP_TABLES = 8;
const mapTables = new Map<string, { los: LosTable; codes: Uint8Array }>();
function mapTablesOf(grid: HexGrid, blocksLos: Uint8Array): { los: LosTable; codes: Uint8Array } {
  const key = `${grid.cols}x${grid.rows}:${grid.parity}:${blocksLos.join('')}`;
  let t = mapTables.get(key);
  if (!t) {
    t = { los: everyLineOfSight(new LosTable(grid, blocksLos)), codes: compassCodes(grid) };
    if (mapTables.size >= MAP_TABLES) mapTables.delete(mapTables.keys().next().value!);
    mapTables.set(key, t);
  }
  return t;
}

/**
 * Compass code + 1 of every hex j seen from every hex i ([i*n + j], 0 when i === j), computed
 * once at compile time: the static model is shared by every game of a worker and exposed to
 * agents through their observation, so nothing in it is filled lazily.
 */
function compassCodes(grid: HexGrid): Uint8Array {
  const n = grid.n;
  const t = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[i * n + j] = grid.compassCode(i, j) + 1;
  return t;
}

/**
 * The terrain LOS table with every pair computed at compile time (the table caches lazily
 * otherwise, and the static model reaches agents through their observation).
 */
function everyLineOfSight(los: LosTable): LosTable {
  const n = los.grid.n;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) los.clear(i, j);
  return los;
}

/** Compass code of hex j seen from hex i (precomputed), -1 when i === j. */
export function codeOf(G: PvStatic, i: number, j: number): number {
  return G.codeCache[i * G.grid.n + j] - 1;
}

/** "A1 (PzIV F)" */
export function tankName(G: PvStatic, t: number): string {
  return `${G.tLabel[t]} (${G.data.tanks[G.tTypeId[t]].short})`;
}
