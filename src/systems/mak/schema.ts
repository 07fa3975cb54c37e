/**
 * Schemas: the rules data (after house-rule overrides) and the scenario file's `scenario:` block.
 * Objects are strict, so a typo in an override or a scenario key is an error naming the key.
 */
import { z } from 'zod';
import { numberIn, wholeIn } from '../../core/bounds.ts';
import { rulesData } from './data/index.ts';

const int = () => z.number().int();
// Bounds (issue 22): every number that feeds a count, a loop, an action code or the map has a
// range with its reason. Distances are hexes, movement is in half movement points (MP2).
const ROLL_WHY = 'engine limit: 2d6 sums run 2 to 12 and products 1 to 36; beyond ±36 every roll decides the same';
const roll = (what: string, min = -36, max = 36): z.ZodNumber => wholeIn(min, max, { what, why: ROLL_WHY });
const hexes = (what: string, max = 60): z.ZodNumber => wholeIn(0, max, { what, unit: 'hexes', why: 'engine limit: a map is at most 60 hexes across' });
const mp2 = (what: string, max = 20): z.ZodNumber => wholeIn(0, max, { what, unit: 'half movement points', why: 'engine limit: moves are searched half point by half point' });
const count = (what: string, max: number, why = 'engine limit: one step each'): z.ZodNumber => wholeIn(0, max, { what, why });
const face = wholeIn(0, 36, { what: 'die result', why: ROLL_WHY });
/** Unit types of the bundled rules data (a house rule may add more). */
const UNIT_TYPES = Object.keys(rulesData.units).filter((k) => k !== '$prov');
const AIRCRAFT_TYPES = Object.entries(rulesData.units).filter(([k, u]) => k !== '$prov' && typeof u === 'object' && 'form' in u && u.form === 'A').map(([k]) => k);
const result = z.enum(['D', 'A', 'M', '-']);
const enduranceRow = z.array(result).length(11);
export const WEAPON_TYPES = ['L', 'MG', 'G', 'R', 'PF', 'M'] as const;
export type WeaponType = (typeof WEAPON_TYPES)[number];
const attackMods = z.object({ L: roll('laser attack modifier'), MG: roll('machine-gun attack modifier'), G: roll('gun attack modifier'), R: roll('rocket attack modifier'), PF: roll('Panzerfaust attack modifier'), M: roll('missile attack modifier') }).strict();
const moveCosts = z.object({ W: mp2('cost for walkers (W)'), C: mp2('cost for crawlers (C)'), H: mp2('cost for hovers (H)') }).strict().describe('movement cost in half movement points by form (0: may not enter)');
const rangeRow = z.array(roll('attack modifier at this range band').nullable()).max(20);

const weapon = z
  .object({ type: z.enum(WEAPON_TYPES).describe('L laser, MG machine gun, G gun, R rockets, PF Panzerfaust, M missile'), attack: roll('attack strength', -36, 50), range: hexes('range'), ammo: count('shots of ammunition (0: unlimited)', 100), indirect: z.boolean() })
  .strict();
export const unitSchema = z
  .object({
    side: z.enum(['mercenary', 'strahl', 'either']),
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('type 1, 2 or 3 (stacking and targeting, [4.0])'),
    mp2: mp2('movement allowance', 100),
    form: z.enum(['W', 'C', 'H', 'A']).describe('W walker, C crawler, H hover, A aircraft'),
    weapons: z.array(weapon).max(3),
    defense: roll('defense value'),
    durability: z.enum(['A', 'B', 'C', 'D']).describe('endurance table row'),
    vp: count('victory points when destroyed', 1000, 'engine limit: summed per game'),
    dogfight: roll('dog-fight value', 0),
    vehicle: z.boolean(),
    infantry: z.boolean(),
    /** Transport ([13.1.1], [13.1.5]): cargo capacity in stack points; `typeIOnly` refuses infantry (Sph69-p). */
    transport: z.object({ capacity: wholeIn(1, 20, { what: 'cargo capacity', unit: 'stack points', why: 'engine limit: a stack holds at most 20 points' }), typeIOnly: z.boolean() }).strict().optional(),
    /** Unmanned ([16.0]): spared the night penalty ([19.3]). */
    unmanned: z.boolean().optional(),
    /** Engineer squad ([14.4]): arson ([14.4.2]), smoke ([19.2.1]). */
    engineer: z.boolean().optional(),
  })
  .strict();
export type UnitData = z.infer<typeof unitSchema>;

const terrainSchema = z.object({ move: moveCosts, height: int().min(0).max(1), blocksLos: z.boolean(), attack: attackMods }).strict();
/** `given`: the seed gives this pilot's modifiers (otherwise option pilotMods may roll them, [18.3.1]). */
const pilotSchema = z.object({ name: z.string(), rankVp: wholeIn(1, 1000, { what: 'victory points of the pilot\'s rank', why: 'engine limit: summed per game' }), attack: roll('pilot attack modifier', -12, 12), defense: roll('pilot defense modifier', -12, 12), dogfight: roll('pilot dog-fight modifier', -12, 12), given: z.boolean().optional() }).strict();
const pair = z.tuple([face, face]);

export const rulesSchema = z
  .object({
    endurance: z.object({ A: enduranceRow, B: enduranceRow, C: enduranceRow, D: enduranceRow }).strict(),
    terrain: z.record(z.string(), terrainSchema),
    hexsides: z.object({ ridge: z.object({ move: moveCosts, attack: attackMods }).strict(), wall: z.object({ move: moveCosts, attack: attackMods }).strict() }).strict(),
    movement: z.object({ road2: wholeIn(1, 20, { what: 'cost of a road hex', unit: 'half movement points', why: 'engine limit: moves are searched half point by half point' }), trail2: wholeIn(1, 20, { what: 'cost of a trail hex', unit: 'half movement points', why: 'engine limit: moves are searched half point by half point' }) }).strict(),
    range: z.object({ upTo: z.array(wholeIn(0, 999, { what: 'last range of the band (999: any range)', unit: 'hexes', why: 'spec §5.3; compared with a range only' })).min(1).max(20), mod: z.object({ L: rangeRow, MG: rangeRow, G: rangeRow, R: rangeRow, PF: rangeRow, M: rangeRow }).strict() }).strict(),
    units: z.record(z.string(), unitSchema),
    pilots: z.record(z.string(), pilotSchema),
    dogfight: z.object({ ratios: z.array(numberIn(0.01, 100, { what: 'dog-fight ratio of a column', why: 'engine limit: a ratio of 100 to 1' })).min(1).max(20), cells: z.array(z.array(pair).max(20)).length(6), breakthrough: z.array(roll('breakthrough roll', 0)).length(6) }).strict(),
    artillery: z
      .object({
        targetNumber: z.object({ a: roll('target number of request a', 0), b: roll('target number of request b', 0), c: roll('target number of request c', 0), d: roll('target number of request d', 0), e: roll('target number of request e', 0) }).strict(),
        deviation: z.array(int().min(0).max(5)).length(6).describe('deviation in hexes by die face'),
        types: z.record(z.string(), z.object({ attack: roll('attack strength', -36, 50), radius: int().min(0).max(2).describe('radius in hexes'), vpPerRound: count('victory points per round fired', 100, 'engine limit: summed per game'), mineIncrement: roll('mine strength added', 0, 13) }).strict()),
      })
      .strict(),
    smoke: z.record(z.string(), z.object({ screens: wholeIn(-1, 100, { what: 'smoke screens carried (-1: unlimited)', why: 'engine limit: one decision each' }), range: hexes('smoke range'), perTurn: count('screens per turn', 20) }).strict()),
    pilotCreation: z.object({ ground: z.array(roll('ground modifier by die face', -12, 12)).length(6), dogfight: z.array(roll('dog-fight modifier by die face', -12, 12)).length(6) }).strict(),
    rules: z
      .object({
        defensiveTriggerRange: hexes('defensive fire range'),
        indirectMod: roll('indirect fire modifier'),
        immobilizedBonus: roll('bonus against an immobilized target'),
        outsideCentreBonus: roll('bonus outside the centre'),
        unarmedTarget: roll('modifier against an unarmed target'),
        stackLimit: wholeIn(1, 20, { what: 'stack points per hex', why: '[4.0]; engine limit: a hex is searched point by point' }),
        aircraftPerHex: wholeIn(1, 20, { what: 'aircraft per hex', why: 'engine limit: a hex is searched aircraft by aircraft' }),
        moraleRecoverAtMost: roll('morale recovery roll, at most'),
        laserDepletionFaces: z.array(pair).max(36),
        mgBreakFaces: z.array(pair).max(36),
        arsonAtMost: roll('arson roll, at most'),
        fireIgnitionAtMost: roll('fire ignition roll, at most'),
        mineDetectionAtMost: roll('mine detection roll, at most'),
        pilotKilledAfterAM: roll('pilot killed after an A or M result on this roll or less'),
        pilotKilledAfterD: roll('pilot killed after a D result on this roll or less'),
        mineCap: roll('strongest minefield', 0),
        mineIncrementCap: roll('largest increment of a minefield', 0),
        boosterTurns: wholeIn(0, 50, { what: 'turns of the Mk II booster', unit: 'turns', why: 'a game is at most 50 turns' }),
        boosterMp2: mp2('booster movement', 100),
        pfPerPhaseDefensive: count('Panzerfausts per defensive phase', 20),
        rocketsPerPhase: count('rockets per phase', 20),
        hornisseLandingRadius: hexes('Hornisse landing radius'),
        nightPenalty: roll('night fire modifier'),
        unmannedDefRange: hexes('unmanned defensive range'),
        amuVp: wholeIn(-1000, 1000, { what: 'victory points of the AMU', why: 'engine limit: summed per game' }),
        equipment: z.object({ bomb: roll('bomb attack modifier'), missile: roll('missile attack modifier'), laser: roll('laser dog-fight modifier') }).strict(),
      })
      .strict(),
  })
  .strict()
  .superRefine((d, ctx) => {
    for (const [k, t] of Object.entries(d.range.mod)) {
      if (t.length !== d.range.upTo.length) ctx.addIssue({ code: 'custom', path: ['range', 'mod', k], message: `expected ${d.range.upTo.length} entries (one per range band)` });
    }
    for (const [i, row] of d.dogfight.cells.entries()) {
      if (row.length !== d.dogfight.ratios.length) ctx.addIssue({ code: 'custom', path: ['dogfight', 'cells', i], message: `expected ${d.dogfight.ratios.length} columns (one per ratio)` });
    }
  });
export type RulesData = z.infer<typeof rulesSchema>;

const hexId = z.string().regex(/^\d{4}$/, "expected a hex id 'CCRR'").describe("hex id 'CCRR': column then row, two digits each");
const side = z.enum(['mercenary', 'strahl']);
const turn = (what: string): z.ZodNumber => wholeIn(2, 50, { what, why: '[12.1]; a game is at most 50 turns' });

const unitEntry = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1).describe(`a unit type of the rules data: ${UNIT_TYPES.join(', ')} (salvo list mak; a house rule may add more)`),
    at: hexId,
    pilot: z.string().optional(),
    /** Artillery request group ([17.1.2]): command (Ld, HQ), recon, other (default: recon for NeuSpotter, Kröte, Raccoon; else other). */
    role: z.enum(['command', 'recon', 'other']).optional(),
    /** Reinforcement ([12.1]): the turn from which it may enter, in its owner's phase, at hex `at` (the scenario's entry hex). */
    arrives: turn('turn the reinforcement may enter').optional(),
    /** Airdropped ([12.2]): from turn `arrives` (default 1) placed in any hex it could occupy, instead of entering at `at`. */
    airdrop: z.boolean().optional(),
  })
  .strict();
/** Off-board artillery ("Understanding the Scenarios" c): type, rounds in total, rounds per turn. */
const battery = z.object({ id: z.string().min(1), type: z.string().min(1).describe('an artillery type of the rules data: I, II, III'), rounds: wholeIn(1, 100, { what: 'rounds in total', why: 'engine limit: one request each' }), perTurn: wholeIn(1, 20, { what: 'rounds per turn', why: 'engine limit: one request each' }) }).strict();
/** Aircraft available from turn 1 ([10.0]); each is assigned every turn on the Air Commitment Card. */
const aircraft = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1).describe(`an aircraft type of the rules data (form A): ${AIRCRAFT_TYPES.join(', ')}`),
    pilot: z.string().optional(),
    /** A Hornisse's suit ([10.6]): the PKA (default), Gustav or Konrad joined to its PK41; both land as ground units. */
    suit: z.enum(['PKA', 'Gustav', 'Konrad']).optional(),
    /** Equipment markers carried ([11.4.1]): bombs and missiles once each on a ground mission, a laser any number of times (+1 dog-fight each). */
    equipment: z.array(z.enum(['bomb', 'missile', 'laser'])).optional(),
    /** Reinforcement ([12.1]): arrives at the start of this turn, in flight, and may be assigned at once (a Hornisse lands when on a ground mission, [10.6]). */
    arrives: turn('turn the aircraft arrives').optional(),
  })
  .strict();
const sideBlock = z
  .object({ units: z.array(unitEntry).min(1).max(100), artillery: z.array(battery).max(20).default([]), aircraft: z.array(aircraft).max(20).default([]) })
  .strict();

export const scenarioSchema = z
  .object({
    turns: int().min(1).max(50).describe('game turns'),
    /** A night scenario ([19.3]): manned units fire with `rules.nightPenalty`. */
    night: z.boolean().default(false),
    firstPlayer: side,
    attackingPlayer: side,
    map: z
      .object({
        id: z.string().default('placeholder'),
        cols: int().min(2).max(60),
        rows: int().min(2).max(60),
        parity: z.enum(['even-lower', 'odd-lower']).default('even-lower'),
        default: z.string().default('clear'),
        hexes: z.record(hexId, z.object({ terrain: z.array(z.string()).min(1).describe(`terrain types of the rules data: ${Object.keys(rulesData.terrain).filter((k) => k !== '$prov').join(', ')}`) }).strict()).default({}).describe("hexes other than the default terrain: 'CCRR': { terrain: [...] }"),
        roads: z.array(z.array(hexId).min(2)).default([]),
        hexsides: z.array(z.object({ a: hexId, b: hexId, feature: z.enum(['ridge', 'wall']) }).strict()).default([]),
        depots: z.array(z.object({ hex: hexId, owner: side }).strict()).default([]),
        /** Defensive position markers ([12.3]): -1 or -2 added to attacks on the units they shelter. */
        defensivePositions: z.array(z.object({ hex: hexId, value: z.union([z.literal(-1), z.literal(-2)]) }).strict()).default([]),
        /** Minefields ([19.1], [19.1.1]): attack strength 5-13 per hex, laid by `owner` (recorded secretly). */
        mines: z.array(z.object({ hex: hexId, strength: int().min(5).max(13), owner: side }).strict()).default([]),
      })
      .strict(),
    sides: z
      .object({
        mercenary: sideBlock,
        strahl: sideBlock,
      })
      .strict(),
    victory: z
      .object({
        mode: z.literal('ogp').default('ogp'),
        /** The side that must score strictly more O.G.P. to win; the other side wins otherwise. */
        mustExceed: side.default('mercenary'),
        /** Scenario-specific O.G.P. per side (item ③ of the formula). */
        extra: z.object({ mercenary: wholeIn(-1000, 1000, { what: 'extra O.G.P. of the mercenary side', why: 'engine limit: summed per game' }).default(0), strahl: wholeIn(-1000, 1000, { what: 'extra O.G.P. of the strahl side', why: 'engine limit: summed per game' }).default(0) }).strict().default({ mercenary: 0, strahl: 0 }),
      })
      .strict()
      .default({ mode: 'ogp', mustExceed: 'mercenary', extra: { mercenary: 0, strahl: 0 } }),
  })
  .strict();
export type ScenarioBody = z.infer<typeof scenarioSchema>;
