/**
 * Strict schemas: the AT-43 rules data (kept valid under house rules) and the scenario block.
 * Distances are centimetres (the seed measures in cm). Every number that feeds a count, a loop,
 * an action code or the geometry has a range with its reason (issue 22).
 */
import { z } from 'zod';
import { numberIn, positiveUpTo, wholeIn } from '../../core/bounds.ts';

const int = () => z.number().int();
/** The table's reach in cm: coordinates, sizes and distances. */
export const TABLE_LIMIT_CM = 1000;
const TABLE_WHY = 'engine limit: the table geometry works in doubles to 1e-9 cm; 10 m is beyond any table';
const cm = (what: string, max = TABLE_LIMIT_CM): z.ZodNumber => numberIn(0, max, { what, unit: 'cm', why: TABLE_WHY });
/** A length that divides distances (a band, a radius): at least a millimetre. */
const cmStep = (what: string, max = 100): z.ZodNumber => numberIn(0.1, max, { what, unit: 'cm', why: 'engine limit: distances are divided by it (0.1 cm to 1 m)' });
const coordinate = (what: string): z.ZodNumber => numberIn(-TABLE_LIMIT_CM, TABLE_LIMIT_CM, { what, unit: 'cm', why: TABLE_WHY });
const lpCost = (what: string): z.ZodNumber => wholeIn(0, 20, { what, unit: 'leadership points', why: 'seed p.55-59 one to three; at most an officer\'s 20 LP' });
const weapon = z
  .object({
    accuracy: int().min(0).max(30),
    attackRate: int().min(1).max(20),
    rerolls: int().min(0).max(5),
    /** Area of effect radius in cm (0 = direct fire). */
    aoe: z.number().min(0).max(20).describe('area of effect radius in cm (0 = direct fire)'),
    penetration: int().min(0).max(30),
    damage: int().min(1).max(10),
    /** Carried by special weapon bearers (listed under the card's dotted line). */
    special: z.boolean(),
  })
  .strict();

const profile = z
  .object({
    category: z.enum(['soldier', 'support', 'strider', 'vehicle']).describe('soldier, support, strider or vehicle (seed p.46)'),
    type: int().min(1).max(3),
    movement: z.number().min(0).max(60).describe('movement in cm per activation'),
    combat: int().min(0).max(20),
    protection: int().min(0).max(30),
    /** 0 = "–", nerves of steel: never tests morale (seed p.75). */
    morale: int().min(0).max(20),
    size: int().min(0).max(10),
    baseRadius: z.number().positive().max(10).describe('base radius in cm'),
    weapons: z.array(z.string()).max(4),
    ccWeapons: z.array(z.string()).max(2),
    cost: numberIn(0, 1e6, { what: 'army points per fighter', why: 'engine limit: reported per point of cost' }),
    frameSP: wholeIn(0, 20, { what: 'frame structure points (AFV)', why: 'seed p.68 one to four; engine limit: damage is counted point by point' }),
    propulsionSP: wholeIn(0, 20, { what: 'propulsion structure points (AFV)', why: 'seed p.68; engine limit: damage is counted point by point' }),
    weaponSP: wholeIn(0, 20, { what: 'structure points per weapon (AFV)', why: 'seed p.68; engine limit: damage is counted point by point' }),
  })
  .strict();

const officer = z.object({ rank: int().min(0).max(6), lp: int().min(0).max(20), authority: int().min(0).max(10), morale: int().min(0).max(20) }).strict();

export const rulesSchema = z
  .object({
    utr: z.object({ columns: z.array(wholeIn(-100, 100, { what: 'lowest difference (AV - D) of each column of the universal table', why: 'spec §5.1 -99 to 6; a difference of values of at most 30' })).length(7), needed: z.array(int().min(0).max(6)).length(7).describe('die result needed per column (0 = never, 1 = always)') }).strict(),
    location: z.object({ faces: z.array(int().min(0).max(2)).length(6) }).strict(),
    rangeBand: z.object({ cm: cmStep('length of a range band (seed p.63 10 cm)') }).strict(),
    contact: z.object({ cm: cmStep('bases closer than this are in contact (seed p.46 2.5 cm)', 20) }).strict(),
    cohesion: z.object({ leaderCm: cmStep('cohesion distance to the leader (seed p.46 10 cm)'), memberCm: cmStep('cohesion distance between members (seed p.47 2.5 cm)') }).strict(),
    movement: z.object({ rushInfantry: cm('rush bonus of infantry', 100), rushAfv: cm('rush bonus of an AFV', 100), engagedFactor: z.number().min(0).max(1).describe('share of movement left when engaged (seed p.58 one half)') }).strict(),
    runOver: z.object({ freeNeed: int().min(1).max(7), engagedNeed: int().min(1).max(7) }).strict(),
    cover: z.object({ need: int().min(1).max(7).describe('a cover roll saves on this face or more (7: never)'), halfRule: z.number().min(0).max(1).describe('share of a unit that must be in cover'), negateCm: cm('a shooter this close ignores cover (seed p.67 10 cm)', 100) }).strict(),
    template: z
      .object({
        capCm: cmStep('template radius cap (seed p.65 10 cm)'),
        impactsOverCap: wholeIn(1, 20, { what: 'impacts per fighter under a template over the cap', why: 'seed p.66 two; engine limit: one roll each' }),
        deviationPerMissCm: cm('deviation per missed die', 100),
        directionDeg: z.array(numberIn(-360, 720, { what: 'deviation direction', unit: 'degrees', why: 'a bearing' })).length(6),
      })
      .strict(),
    morale: z.object({ difficulty: wholeIn(0, 20, { what: 'morale test difficulty', why: 'seed p.74 eight; a morale value is at most 20' }), triggerType12: wholeIn(0, 16, { what: 'losses of a Type 1-2 unit that trigger a test', why: 'seed p.75 three; a unit has at most 16 fighters' }), triggerType3: wholeIn(0, 16, { what: 'losses of a Type 3 unit that trigger a test', why: 'seed p.75 one; a unit has at most 16 fighters' }) }).strict(),
    lp: z.object({ relocate: lpCost('LP to relocate'), delay: lpCost('LP to delay'), extra: lpCost('LP for an extra activation'), noOfficer: lpCost('LP without an officer'), drill: lpCost('LP for a combat drill'), rally: lpCost('LP to rally'), artillery: lpCost('LP for an artillery strike') }).strict(),
    control: z.object({ radiusCm: cmStep('objective control radius (seed p.73 10 cm)') }).strict(),
    artillery: z.object({ need: int().min(2).max(6), weapon: z.string() }).strict(),
    bases: z.object({ infantry: positiveUpTo(20, { what: 'infantry base radius', unit: 'cm', why: TABLE_WHY }), support: positiveUpTo(20, { what: 'support base radius', unit: 'cm', why: TABLE_WHY }), strider: positiveUpTo(20, { what: 'strider base radius', unit: 'cm', why: TABLE_WHY }) }).strict(),
    weapons: z.record(z.string(), weapon),
    profiles: z.record(z.string(), profile),
    officers: z.record(z.string(), officer),
    officerCost: z.object({ value: numberIn(0, 1e6, { what: 'army points of an officer', why: 'engine limit: reported per point of cost' }) }).strict(),
    heroes: z.record(z.string(), z.object({ name: z.string(), category: z.enum(['soldier', 'support']), type: int().min(1).max(3), vehicle: z.string(), onFoot: z.string().optional() }).strict()),
  })
  .strict();
export type At43Rules = z.infer<typeof rulesSchema>;
export type WeaponData = z.infer<typeof weapon>;
export type ProfileData = z.infer<typeof profile>;

const point = z.tuple([coordinate('x'), coordinate('y')]).describe('[x, y] in cm from the table\'s corner');

const unitSpec = z
  .object({
    id: z.string().min(1),
    profile: z.string().min(1),
    count: int().min(1).max(16),
    officer: z.string().optional(),
    /** Special weapon bearers: replace the first ranged weapon of `count` fighters. */
    specialWeapons: z.array(z.object({ weapon: z.string(), count: wholeIn(1, 16, { what: 'special weapon bearers', why: 'a unit has at most 16 fighters' }) }).strict()).max(4).default([]),
    /** Loadout override (e.g. Fire Toad configurations): replaces the profile's ranged weapons. */
    weapons: z.array(z.string()).max(4).optional().describe("weapon ids replacing the profile's ranged weapons (a loadout, e.g. a Fire Toad's)"),
    /** A named hero leading the unit (spec §3.12): protected from impacts while others remain. */
    hero: z.string().optional(),
    x: coordinate('x of the unit\'s placement point (its bases are laid out around it, 1 cm apart)'),
    y: coordinate('y of the unit\'s placement point'),
    formation: z.enum(['line', 'blob']).default('blob').describe('line: abreast; blob: a tight group'),
    /** Where the leader stands in the formation: the rank farthest from the nearest enemy unit ('rear', the default for a unit with an officer) or the member nearest the placement point ('centre', the default otherwise). */
    leader: z.enum(['rear', 'centre']).optional().describe("where the leader stands: 'rear' (the rank farthest from the nearest enemy; default for a unit with an officer) or 'centre' (the member nearest the placement point; default otherwise)"),
  })
  .strict();

export const scenarioSchema = z
  .object({
    rounds: int().min(1).max(20).default(6).describe('game rounds (seed p.73: six)'),
    table: z.object({ width: positiveUpTo(TABLE_LIMIT_CM, { what: 'table width', unit: 'cm', why: TABLE_WHY }), depth: positiveUpTo(TABLE_LIMIT_CM, { what: 'table depth', unit: 'cm', why: TABLE_WHY }) }).strict().describe('the table in cm (e.g. 120 x 120)'),
    terrain: z
      .array(z.object({ id: z.string(), polygon: z.array(point).min(3).max(1000).describe('[[x, y], ...] corners in order, cm'), size: int().min(0).max(10).describe('height class: blocks the line of sight of smaller fighters (seed p.62)'), cover: z.boolean().describe('gives cover (seed p.66)') }).strict())
      .max(1000)
      .default([]),
    objectives: z.array(z.object({ id: z.string(), x: coordinate('x of the objective'), y: coordinate('y of the objective'), vpPerRound: wholeIn(0, 100, { what: 'victory points per round held', why: 'seed p.73 one; engine limit: summed over at most 20 rounds' }).default(1) }).strict()).max(100).default([]),
    firstRoundAuthorityWinner: z.string().optional().describe('a side id: that side wins the first round\'s authority test (default: rolled)'),
    victory: z.object({ type: z.enum(['vp', 'annihilation', 'vpOrAnnihilation']).default('vpOrAnnihilation') }).strict().default({ type: 'vpOrAnnihilation' }),
    sides: z.array(z.object({ id: z.string().min(1).describe('the side\'s name (e.g. UNA, Therians)'), units: z.array(unitSpec).min(1).max(12) }).strict()).length(2).describe('the two armies: the first faces +y (up the table), the second -y'),
  })
  .strict();
export type At43Scenario = z.infer<typeof scenarioSchema>;
export type UnitSpec = z.infer<typeof unitSpec>;
