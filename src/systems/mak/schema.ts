/**
 * Schemas: the rules data (after house-rule overrides) and the scenario file's `scenario:` block.
 * Objects are strict, so a typo in an override or a scenario key is an error naming the key.
 */
import { z } from 'zod';

const int = () => z.number().int();
const result = z.enum(['D', 'A', 'M', '-']);
const enduranceRow = z.array(result).length(11);
export const WEAPON_TYPES = ['L', 'MG', 'G', 'R', 'PF', 'M'] as const;
export type WeaponType = (typeof WEAPON_TYPES)[number];
const attackMods = z.object({ L: int(), MG: int(), G: int(), R: int(), PF: int(), M: int() }).strict();
const moveCosts = z.object({ W: int().min(0), C: int().min(0), H: int().min(0) }).strict();
const rangeRow = z.array(int().nullable());

const weapon = z
  .object({ type: z.enum(WEAPON_TYPES), attack: int(), range: int().min(0), ammo: int().min(0), indirect: z.boolean() })
  .strict();
export const unitSchema = z
  .object({
    side: z.enum(['mercenary', 'strahl', 'either']),
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    mp2: int().min(0),
    form: z.enum(['W', 'C', 'H', 'A']),
    weapons: z.array(weapon).max(3),
    defense: int(),
    durability: z.enum(['A', 'B', 'C', 'D']),
    vp: int().min(0),
    dogfight: int().min(0),
    vehicle: z.boolean(),
    infantry: z.boolean(),
    /** Transport ([13.1.1], [13.1.5]): cargo capacity in stack points; `typeIOnly` refuses infantry (Sph69-p). */
    transport: z.object({ capacity: int().min(1), typeIOnly: z.boolean() }).strict().optional(),
    /** Unmanned ([16.0]): spared the night penalty ([19.3]). */
    unmanned: z.boolean().optional(),
    /** Engineer squad ([14.4]): arson ([14.4.2]), smoke ([19.2.1]). */
    engineer: z.boolean().optional(),
  })
  .strict();
export type UnitData = z.infer<typeof unitSchema>;

const terrainSchema = z.object({ move: moveCosts, height: int().min(0).max(1), blocksLos: z.boolean(), attack: attackMods }).strict();
/** `given`: the seed gives this pilot's modifiers (otherwise option pilotMods may roll them, [18.3.1]). */
const pilotSchema = z.object({ name: z.string(), rankVp: int().min(1), attack: int(), defense: int(), dogfight: int(), given: z.boolean().optional() }).strict();
const pair = z.tuple([int().min(0), int().min(0)]);

export const rulesSchema = z
  .object({
    endurance: z.object({ A: enduranceRow, B: enduranceRow, C: enduranceRow, D: enduranceRow }).strict(),
    terrain: z.record(z.string(), terrainSchema),
    hexsides: z.object({ ridge: z.object({ move: moveCosts, attack: attackMods }).strict(), wall: z.object({ move: moveCosts, attack: attackMods }).strict() }).strict(),
    movement: z.object({ road2: int().min(1), trail2: int().min(1) }).strict(),
    range: z.object({ upTo: z.array(int().min(0)).min(1), mod: z.object({ L: rangeRow, MG: rangeRow, G: rangeRow, R: rangeRow, PF: rangeRow, M: rangeRow }).strict() }).strict(),
    units: z.record(z.string(), unitSchema),
    pilots: z.record(z.string(), pilotSchema),
    dogfight: z.object({ ratios: z.array(z.number().positive()).min(1), cells: z.array(z.array(pair)).length(6), breakthrough: z.array(int().min(0)).length(6) }).strict(),
    artillery: z
      .object({
        targetNumber: z.object({ a: int(), b: int(), c: int(), d: int(), e: int() }).strict(),
        deviation: z.array(int().min(0).max(5)).length(6),
        types: z.record(z.string(), z.object({ attack: int(), radius: int().min(0).max(2), vpPerRound: int().min(0), mineIncrement: int().min(0) }).strict()),
      })
      .strict(),
    smoke: z.record(z.string(), z.object({ screens: int().min(-1), range: int().min(0), perTurn: int().min(0) }).strict()),
    pilotCreation: z.object({ ground: z.array(int()).length(6), dogfight: z.array(int()).length(6) }).strict(),
    rules: z
      .object({
        defensiveTriggerRange: int().min(0),
        indirectMod: int(),
        immobilizedBonus: int(),
        outsideCentreBonus: int(),
        unarmedTarget: int(),
        stackLimit: int().min(1),
        aircraftPerHex: int().min(1),
        moraleRecoverAtMost: int(),
        laserDepletionFaces: z.array(pair),
        mgBreakFaces: z.array(pair),
        arsonAtMost: int(),
        fireIgnitionAtMost: int(),
        mineDetectionAtMost: int(),
        pilotKilledAfterAM: int(),
        pilotKilledAfterD: int(),
        mineCap: int(),
        mineIncrementCap: int(),
        boosterTurns: int().min(0),
        boosterMp2: int().min(0),
        pfPerPhaseDefensive: int().min(0),
        rocketsPerPhase: int().min(0),
        hornisseLandingRadius: int().min(0),
        nightPenalty: int(),
        unmannedDefRange: int().min(0),
        amuVp: int(),
        equipment: z.object({ bomb: int(), missile: int(), laser: int() }).strict(),
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

const hexId = z.string().regex(/^\d{4}$/, "expected a hex id 'CCRR'");
const side = z.enum(['mercenary', 'strahl']);

const unitEntry = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1),
    at: hexId,
    pilot: z.string().optional(),
    /** Artillery request group ([17.1.2]): command (Ld, HQ), recon, other (default: recon for NeuSpotter, Kröte, Raccoon; else other). */
    role: z.enum(['command', 'recon', 'other']).optional(),
    /** Reinforcement ([12.1]): the turn from which it may enter, in its owner's phase, at hex `at` (the scenario's entry hex). */
    arrives: int().min(2).optional(),
    /** Airdropped ([12.2]): from turn `arrives` (default 1) placed in any hex it could occupy, instead of entering at `at`. */
    airdrop: z.boolean().optional(),
  })
  .strict();
/** Off-board artillery ("Understanding the Scenarios" c): type, rounds in total, rounds per turn. */
const battery = z.object({ id: z.string().min(1), type: z.string().min(1), rounds: int().min(1), perTurn: int().min(1) }).strict();
/** Aircraft available from turn 1 ([10.0]); each is assigned every turn on the Air Commitment Card. */
const aircraft = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1),
    pilot: z.string().optional(),
    /** A Hornisse's suit ([10.6]): the PKA (default), Gustav or Konrad joined to its PK41; both land as ground units. */
    suit: z.enum(['PKA', 'Gustav', 'Konrad']).optional(),
    /** Equipment markers carried ([11.4.1]): bombs and missiles once each on a ground mission, a laser any number of times (+1 dog-fight each). */
    equipment: z.array(z.enum(['bomb', 'missile', 'laser'])).optional(),
    /** Reinforcement ([12.1]): arrives at the start of this turn, in flight, and may be assigned at once (a Hornisse lands when on a ground mission, [10.6]). */
    arrives: int().min(2).optional(),
  })
  .strict();
const sideBlock = z
  .object({ units: z.array(unitEntry).min(1), artillery: z.array(battery).default([]), aircraft: z.array(aircraft).default([]) })
  .strict();

export const scenarioSchema = z
  .object({
    turns: int().min(1).max(50),
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
        hexes: z.record(hexId, z.object({ terrain: z.array(z.string()).min(1) }).strict()).default({}),
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
        extra: z.object({ mercenary: int().default(0), strahl: int().default(0) }).strict().default({ mercenary: 0, strahl: 0 }),
      })
      .strict()
      .default({ mode: 'ogp', mustExceed: 'mercenary', extra: { mercenary: 0, strahl: 0 } }),
  })
  .strict();
export type ScenarioBody = z.infer<typeof scenarioSchema>;
