/**
 * The default rules data of Maschinen Krieger / S.F.3.D II with provenance (`$prov`, see
 * core/tables/provenance.ts). Every chart the seed lacks (spec §5) is a PLACEHOLDER tagged as
 * such; the few cells the seed fixes are tagged `seed`. Movement points are stored DOUBLED
 * (half-point roads, spec §3.9): `mp2: 8` is 4 MP.
 */

/** Endurance results per 2d6 roll 2..12 (index roll - 2): 'D' destroyed, 'A' armament, 'M' immobilized, '-' none. */
const endurance = {
  $prov: { '*': 'placeholder: spec §5.1 (Armor Endurance table absent from the seed)', B: 'placeholder: spec §5.1; roll 3 -> D is seed [5.1.2]' },
  A: ['D', 'D', 'A', 'M', '-', '-', '-', '-', '-', '-', '-'],
  B: ['D', 'D', 'D', 'A', 'M', '-', '-', '-', '-', '-', '-'],
  C: ['D', 'D', 'D', 'D', 'A', 'M', '-', '-', '-', '-', '-'],
  D: ['D', 'D', 'D', 'D', 'D', 'A', 'M', '-', '-', '-', '-'],
};

const atk = (L: number, MG: number, G: number, R: number, PF: number, M: number) => ({ L, MG, G, R, PF, M });
/** Movement costs in half points; 0 = prohibited. */
const mv = (W: number, C: number, H: number) => ({ W: W * 2, C: C * 2, H: H * 2 });

const terrain = {
  $prov: 'placeholder: spec §5.2 (Terrain Effects Chart absent); seed cells: hover into desert 3 [7.1.5], W/C may not enter river or water [7.1.8], laser vs forest -2 and rocket vs forest -1 [5.1.3], forest/building/hill block LOS [6.1.2], hill height 1 [6.2]',
  clear: { move: mv(1, 1, 1), height: 0, blocksLos: false, attack: atk(0, 0, 0, 0, 0, 0) },
  forest: { move: mv(2, 3, 0), height: 0, blocksLos: true, attack: atk(-2, -2, -1, -1, -1, -1) },
  building: { move: mv(2, 0, 0), height: 0, blocksLos: true, attack: atk(-3, -3, -2, -2, -2, -2) },
  partialBuilding: { move: mv(2, 0, 0), height: 0, blocksLos: true, attack: atk(-3, -3, -2, -2, -2, -2) },
  hill: { move: mv(2, 2, 2), height: 1, blocksLos: true, attack: atk(-1, -1, -1, -1, -1, -1) },
  desert: { move: mv(2, 2, 3), height: 0, blocksLos: false, attack: atk(0, 0, 0, 0, 0, 0) },
  rough: { move: mv(2, 2, 3), height: 0, blocksLos: false, attack: atk(-1, -1, 0, 0, 0, 0) },
  river: { move: mv(0, 0, 2), height: 0, blocksLos: false, attack: atk(0, 0, 0, 0, 0, 0) },
  water: { move: mv(0, 0, 1), height: 0, blocksLos: false, attack: atk(0, 0, 0, 0, 0, 0) },
};

const hexsides = {
  $prov: 'placeholder: spec §5.2; seed cells: hover across a ridge +2 MP [7.1.5], laser across a ridge -2 [5.1.3]',
  ridge: { move: mv(1, 1, 2), attack: atk(-2, -2, -1, -1, -1, -1) },
  wall: { move: mv(1, 2, 2), attack: atk(-2, -2, -1, -1, -1, -1) },
};

/** Road and trail cost per hex along the road, in half points (road 1/2 MP, seed [14.2.2] inferred). */
const movement = { $prov: 'derived: spec §3.9 from [14.2.2] "2MP at 1/2MP per road hex = 4 hexes"', road2: 1, trail2: 2 };

/**
 * Range-adjusted attack ability: `upTo[i]` is the last range of band i; `mod[type][i]` the modifier;
 * null = beyond any plausible range (the attack is not allowed).
 */
const range = {
  $prov: 'placeholder: spec §5.3 (Range-adjusted Attack Ability chart absent); seed cells: laser at 2 hexes +1 (Fig. 3), rocket at 9 hexes 0 ([5.1.3])',
  upTo: [1, 3, 6, 10, 15, 999],
  mod: {
    L: [2, 1, 0, -1, -2, -3],
    MG: [1, 0, -1, -2, null, null],
    G: [1, 1, 0, 0, -1, -2],
    R: [-1, 0, 0, 0, -1, -1],
    PF: [1, 0, -1, null, null, null],
    M: [0, 0, 0, 0, 0, 0],
  },
};

const w = (type: string, attack: number, rng: number, ammo = 0, indirect = false) => ({ type, attack, range: rng, ammo, indirect });

/**
 * Unit library: type I/II/III (stack class), MP doubled, movement form, weapons, defense,
 * durability class, O.G.P. value, dog-fight rating (aircraft).
 */
const units = {
  $prov: 'placeholder: spec §5.4 (unit counters absent); seed values noted per unit',
  AFS: { $prov: 'placeholder: spec §5.4; laser attack 8 is seed (Fig. 3)', side: 'mercenary', type: 1, mp2: 8, form: 'W', weapons: [w('L', 8, 6)], defense: 1, durability: 'B', vp: 2, dogfight: 0, vehicle: false, infantry: false },
  SAFS: { side: 'mercenary', type: 1, mp2: 10, form: 'W', weapons: [w('L', 8, 6)], defense: 2, durability: 'B', vp: 3, dogfight: 0, vehicle: false, infantry: false },
  SAFS_MkII: { $prov: 'placeholder: spec §5.4; 5W/12B is seed [19.5.3]', side: 'mercenary', type: 1, mp2: 10, form: 'W', weapons: [w('L', 8, 6)], defense: 2, durability: 'B', vp: 4, dogfight: 0, vehicle: false, infantry: false },
  Jerry: { side: 'mercenary', type: 1, mp2: 8, form: 'W', weapons: [w('L', 10, 7)], defense: 3, durability: 'A', vp: 4, dogfight: 0, vehicle: false, infantry: false },
  PKA: { $prov: 'placeholder: spec §5.4; defense 2, durability B (Fig. 3, [5.1.2]) and PF 10/4 x2 ([11.1.2], [11.2.4]) are seed', side: 'strahl', type: 1, mp2: 8, form: 'W', weapons: [w('L', 8, 6), w('PF', 10, 4, 2)], defense: 2, durability: 'B', vp: 3, dogfight: 0, vehicle: false, infantry: false },
  Gustav: { $prov: 'placeholder: spec §5.4; PF 10/4 x2 is seed [11.1.2]', side: 'strahl', type: 1, mp2: 8, form: 'W', weapons: [w('L', 9, 6), w('PF', 10, 4, 2)], defense: 3, durability: 'B', vp: 4, dogfight: 0, vehicle: false, infantry: false },
  Konrad: { $prov: 'placeholder: spec §5.4; PF 10/4 x2 is seed [11.1.2]', side: 'strahl', type: 1, mp2: 8, form: 'W', weapons: [w('L', 9, 6), w('PF', 10, 4, 2)], defense: 3, durability: 'B', vp: 4, dogfight: 0, vehicle: false, infantry: false },
  NeuSpotter: { $prov: 'placeholder: spec §5.4; unmanned is interpretation ([16.2] the NeuSpotter is the unmanned scout whose AMU is collected)', unmanned: true, side: 'strahl', type: 1, mp2: 12, form: 'W', weapons: [], defense: 1, durability: 'C', vp: 2, dogfight: 0, vehicle: false, infantry: false },
  KrachenVogel: { $prov: 'placeholder: spec §5.4; 6 PF rounds is seed [11.2.4]', side: 'strahl', type: 1, mp2: 10, form: 'W', weapons: [w('PF', 10, 4, 6)], defense: 2, durability: 'B', vp: 3, dogfight: 0, vehicle: false, infantry: false },
  Nutrocker: { $prov: 'placeholder: spec §5.4; a hover tank is a transport of 2 stack points, seed [13.1.1], [13.1.5]', side: 'strahl', type: 2, mp2: 12, form: 'H', weapons: [w('L', 12, 8)], defense: 4, durability: 'A', vp: 5, dogfight: 0, vehicle: true, infantry: false, transport: { capacity: 2, typeIOnly: false } },
  Truck: { $prov: 'placeholder: spec §5.4; capacity 2 stack points (Type I, infantry) is seed [13.1.1], [13.1.5]', side: 'either', type: 2, mp2: 12, form: 'C', weapons: [], defense: 0, durability: 'C', vp: 1, dogfight: 0, vehicle: true, infantry: false, transport: { capacity: 2, typeIOnly: false } },
  Sph69p: { $prov: 'placeholder: spec §5.4; troop transport of 6 stack points, Type I only, is seed [13.1.5]', side: 'strahl', type: 2, mp2: 10, form: 'C', weapons: [w('MG', 4, 3)], defense: 2, durability: 'B', vp: 2, dogfight: 0, vehicle: true, infantry: false, transport: { capacity: 6, typeIOnly: true } },
  DollHouse: { $prov: 'placeholder: spec §5.4; 4 rockets is seed [11.2.4]', side: 'mercenary', type: 2, mp2: 8, form: 'C', weapons: [w('G', 14, 10), w('R', 12, 20, 4, true)], defense: 4, durability: 'A', vp: 6, dogfight: 0, vehicle: true, infantry: false },
  Sphinx: { $prov: 'placeholder: spec §5.4; 5 rockets is seed [11.2.4]', side: 'strahl', type: 2, mp2: 8, form: 'C', weapons: [w('R', 12, 20, 5, true)], defense: 3, durability: 'A', vp: 5, dogfight: 0, vehicle: true, infantry: false },
  InfSQ: { side: 'mercenary', type: 2, mp2: 2, form: 'W', weapons: [w('MG', 4, 3)], defense: 0, durability: 'C', vp: 1, dogfight: 0, vehicle: false, infantry: true },
  AARSQ: { side: 'mercenary', type: 2, mp2: 2, form: 'W', weapons: [w('L', 9, 2)], defense: 0, durability: 'C', vp: 2, dogfight: 0, vehicle: false, infantry: true },
  EngSQ: { engineer: true, side: 'mercenary', type: 2, mp2: 2, form: 'W', weapons: [w('MG', 3, 2)], defense: 0, durability: 'C', vp: 2, dogfight: 0, vehicle: false, infantry: true },
  PnrSQ: { engineer: true, side: 'strahl', type: 2, mp2: 2, form: 'W', weapons: [w('MG', 3, 2)], defense: 0, durability: 'C', vp: 2, dogfight: 0, vehicle: false, infantry: true },
  Pilot: { $prov: 'seed: [18.2.2], [18.2.4] moves one hex like infantry ignoring terrain, defense 0, any D/A/M kills it, 0 stack points (type 3 here); VP are the pilot\'s own ([18.2.5])', side: 'either', type: 3, mp2: 2, form: 'W', weapons: [], defense: 0, durability: 'C', vp: 0, dogfight: 0, vehicle: false, infantry: true },
  Falke: { $prov: 'placeholder: spec §5.4; dog-fight 4 is seed [10.2.1]', side: 'mercenary', type: 3, mp2: 0, form: 'A', weapons: [w('L', 8, 0)], defense: 2, durability: 'B', vp: 4, dogfight: 4, vehicle: false, infantry: false },
  PK40: { $prov: 'placeholder: spec §5.4; dog-fight 2 is seed [10.2.1]', side: 'strahl', type: 3, mp2: 0, form: 'A', weapons: [w('L', 8, 0)], defense: 1, durability: 'C', vp: 3, dogfight: 2, vehicle: false, infantry: false },
  PK41: { $prov: 'placeholder: spec §5.4; the flying half of a Hornisse after it lands ([10.6.1]): no ground move, no weapon (interpretation), VP 2 so that PK41 + PKA = the Hornisse\'s 5', side: 'strahl', type: 2, mp2: 0, form: 'W', weapons: [], defense: 2, durability: 'B', vp: 2, dogfight: 0, vehicle: false, infantry: false },
  Hornisse: { $prov: 'placeholder: spec §5.4; dog-fight 3 is seed [10.2.1]', side: 'strahl', type: 3, mp2: 0, form: 'A', weapons: [w('L', 8, 0)], defense: 2, durability: 'B', vp: 5, dogfight: 3, vehicle: false, infantry: false },
};

/** Pilots: rank VP and modifiers (attack, defense, dog-fight). */
const pilots = {
  $prov: 'placeholder: spec §5.10 (pilot modifiers absent; other pilots 0/0/0)',
  'strahl-10': { $prov: 'seed: [18.2.5] Heinrich Giger, 1st Lt (rank 3), modifiers 1 + 2 + 0 (order attack/defense/dog-fight inferred, spec §5.10)', name: 'Heinrich Giger', rankVp: 3, attack: 1, defense: 2, dogfight: 0, given: true },
  'mercenary-4': { $prov: 'seed: spec §4.11 name and rank; modifiers placeholder 0', name: 'Hasse Wind', rankVp: 3, attack: 0, defense: 0, dogfight: 0 },
};

/** Dog-fight chart: columns by ratio (aggressor / defender, rounded down to a column), rows 1d6, cells [aggressor loss, defender loss]. */
const dogfight = {
  $prov: 'placeholder: spec §5.5 (Dog-Fight Resolution Chart absent)',
  ratios: [1, 1.5, 2, 3, 4],
  /** cells[d6 - 1][ratio column] = [aggressor loss, defender loss] in rating points. */
  cells: [
    [[3, 2], [2, 2], [2, 3], [1, 3], [1, 4]],
    [[2, 2], [2, 3], [1, 3], [1, 4], [0, 4]],
    [[2, 2], [1, 2], [1, 3], [1, 4], [0, 5]],
    [[2, 3], [1, 3], [1, 4], [0, 4], [0, 5]],
    [[1, 3], [1, 3], [0, 4], [0, 5], [0, 6]],
    [[1, 4], [0, 4], [0, 5], [0, 6], [0, 8]],
  ],
  /** Breakthrough column (defender rating 0): defender loss per 1d6; the aggressor loses nothing (spec §6 A29). */
  breakthrough: [2, 3, 3, 4, 5, 6],
};

const artillery = {
  $prov: 'placeholder: spec §5.6 (Artillery Deviation, Capability and Efficiency charts absent)',
  targetNumber: { a: 9, b: 8, c: 7, d: 6, e: 5 },
  deviation: [0, 1, 2, 3, 4, 5],
  types: {
    I: { attack: 10, radius: 1, vpPerRound: 1, mineIncrement: 3 },
    II: { attack: 12, radius: 1, vpPerRound: 1, mineIncrement: 4 },
    III: { attack: 14, radius: 2, vpPerRound: 2, mineIncrement: 5 },
  },
};

const smoke = {
  $prov: 'placeholder: spec §5.7 (Smoke Screen Equipment Chart absent); unlimited self-screen of Pzkw 182 and Doll House is seed [19.2.4]',
  DollHouse: { screens: -1, range: 0, perTurn: 1 },
  Pzkw182: { screens: -1, range: 0, perTurn: 1 },
  NRockerII: { screens: 2, range: 3, perTurn: 1 },
  Sdh233: { screens: 3, range: 4, perTurn: 1 },
  Schenkel: { screens: 4, range: 10, perTurn: 2 },
  GreenBuffalo: { screens: 2, range: 1, perTurn: 1 },
  EngSQ: { screens: 2, range: 1, perTurn: 1 },
  PnrSQ: { screens: 2, range: 1, perTurn: 1 },
};

/** Pilot creation chart (spec §4.9): 1d6 -> ground modifier, dog-fight modifier. */
const pilotCreation = { $prov: 'seed: [18.3.1] New Pilot Creation Chart', ground: [-1, -1, 0, 0, 1, 2], dogfight: [-1, 0, 0, 0, 1, 2] };

/** Numbers printed in the seed's text (spec §4.16) and the placeholders for the small absent charts. */
const rules = {
  $prov: {
    '*': 'seed: spec §4.16',
    nightPenalty: 'placeholder: spec §5.9 (Fire Modifiers Chart absent)',
    unmannedDefRange: 'placeholder: spec §5.8 (Unmanned weapon chart absent)',
    mineIncrementCap: 'seed: [19.1.6] cap 20',
    equipment: 'interpretation: spec §4.10 (the marker values Bomb 10, Missile 12, Laser 8 are a judgement call on garbled marker pairs)',
  },
  defensiveTriggerRange: 3,
  indirectMod: -3,
  immobilizedBonus: 2,
  outsideCentreBonus: 1,
  unarmedTarget: 4,
  stackLimit: 4,
  aircraftPerHex: 4,
  moraleRecoverAtMost: 4,
  laserDepletionFaces: [[5, 6], [6, 6]],
  mgBreakFaces: [[6, 6]],
  arsonAtMost: 5,
  fireIgnitionAtMost: 4,
  mineDetectionAtMost: 5,
  pilotKilledAfterAM: 7,
  pilotKilledAfterD: 4,
  mineCap: 20,
  mineIncrementCap: 20,
  boosterTurns: 2,
  boosterMp2: 24,
  pfPerPhaseDefensive: 2,
  rocketsPerPhase: 1,
  hornisseLandingRadius: 5,
  nightPenalty: -2,
  unmannedDefRange: 1,
  amuVp: 1,
  equipment: { bomb: 10, missile: 12, laser: 8 },
};

export const rulesData = { endurance, terrain, hexsides, movement, range, units, pilots, dogfight, artillery, smoke, pilotCreation, rules };
