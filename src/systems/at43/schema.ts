/** Strict schemas: the AT-43 rules data (kept valid under house rules) and the scenario block. */
import { z } from 'zod';

const int = () => z.number().int();
const weapon = z
  .object({
    accuracy: int().min(0).max(30),
    attackRate: int().min(1).max(20),
    rerolls: int().min(0).max(5),
    /** Area of effect radius in cm (0 = direct fire). */
    aoe: z.number().min(0).max(20),
    penetration: int().min(0).max(30),
    damage: int().min(1).max(10),
    /** Carried by special weapon bearers (listed under the card's dotted line). */
    special: z.boolean(),
  })
  .strict();

const profile = z
  .object({
    category: z.enum(['soldier', 'support', 'strider', 'vehicle']),
    type: int().min(1).max(3),
    movement: z.number().min(0).max(60),
    combat: int().min(0).max(20),
    protection: int().min(0).max(30),
    /** 0 = "–", nerves of steel: never tests morale (seed p.75). */
    morale: int().min(0).max(20),
    size: int().min(0).max(10),
    baseRadius: z.number().positive().max(10),
    weapons: z.array(z.string()).max(4),
    ccWeapons: z.array(z.string()).max(2),
    cost: z.number().min(0),
    frameSP: int().min(0),
    propulsionSP: int().min(0),
    weaponSP: int().min(0),
  })
  .strict();

const officer = z.object({ rank: int().min(0).max(6), lp: int().min(0).max(20), authority: int().min(0).max(10), morale: int().min(0).max(20) }).strict();

export const rulesSchema = z
  .object({
    utr: z.object({ columns: z.array(int()).length(7), needed: z.array(int().min(0).max(6)).length(7) }).strict(),
    location: z.object({ faces: z.array(int().min(0).max(2)).length(6) }).strict(),
    rangeBand: z.object({ cm: z.number().positive() }).strict(),
    contact: z.object({ cm: z.number().positive() }).strict(),
    cohesion: z.object({ leaderCm: z.number().positive(), memberCm: z.number().positive() }).strict(),
    movement: z.object({ rushInfantry: z.number().min(0), rushAfv: z.number().min(0), engagedFactor: z.number().min(0).max(1) }).strict(),
    runOver: z.object({ freeNeed: int().min(1).max(7), engagedNeed: int().min(1).max(7) }).strict(),
    cover: z.object({ need: int().min(1).max(7), halfRule: z.number().min(0).max(1), negateCm: z.number().min(0) }).strict(),
    template: z.object({ capCm: z.number().positive(), impactsOverCap: int().min(1), deviationPerMissCm: z.number().min(0), directionDeg: z.array(z.number()).length(6) }).strict(),
    morale: z.object({ difficulty: int(), triggerType12: int().min(0), triggerType3: int().min(0) }).strict(),
    lp: z.object({ relocate: int().min(0), delay: int().min(0), extra: int().min(0), noOfficer: int().min(0), drill: int().min(0), rally: int().min(0), artillery: int().min(0) }).strict(),
    control: z.object({ radiusCm: z.number().positive() }).strict(),
    artillery: z.object({ need: int().min(2).max(6), weapon: z.string() }).strict(),
    bases: z.object({ infantry: z.number().positive(), support: z.number().positive(), strider: z.number().positive() }).strict(),
    weapons: z.record(z.string(), weapon),
    profiles: z.record(z.string(), profile),
    officers: z.record(z.string(), officer),
    officerCost: z.object({ value: z.number().min(0) }).strict(),
    heroes: z.record(z.string(), z.object({ name: z.string(), category: z.enum(['soldier', 'support']), type: int().min(1).max(3), vehicle: z.string(), onFoot: z.string().optional() }).strict()),
  })
  .strict();
export type At43Rules = z.infer<typeof rulesSchema>;
export type WeaponData = z.infer<typeof weapon>;
export type ProfileData = z.infer<typeof profile>;

const point = z.tuple([z.number(), z.number()]);

const unitSpec = z
  .object({
    id: z.string().min(1),
    profile: z.string().min(1),
    count: int().min(1).max(16),
    officer: z.string().optional(),
    /** Special weapon bearers: replace the first ranged weapon of `count` fighters. */
    specialWeapons: z.array(z.object({ weapon: z.string(), count: int().min(1) }).strict()).default([]),
    /** Loadout override (e.g. Fire Toad configurations): replaces the profile's ranged weapons. */
    weapons: z.array(z.string()).max(4).optional(),
    /** A named hero leading the unit (spec §3.12): protected from impacts while others remain. */
    hero: z.string().optional(),
    x: z.number(),
    y: z.number(),
    formation: z.enum(['line', 'blob']).default('blob'),
    /** Where the leader stands in the formation: the rank farthest from the nearest enemy unit ('rear', the default for a unit with an officer) or the member nearest the placement point ('centre', the default otherwise). */
    leader: z.enum(['rear', 'centre']).optional(),
  })
  .strict();

export const scenarioSchema = z
  .object({
    rounds: int().min(1).max(20).default(6),
    table: z.object({ width: z.number().positive(), depth: z.number().positive() }).strict(),
    terrain: z
      .array(z.object({ id: z.string(), polygon: z.array(point).min(3), size: int().min(0).max(10), cover: z.boolean() }).strict())
      .default([]),
    objectives: z.array(z.object({ id: z.string(), x: z.number(), y: z.number(), vpPerRound: int().min(0).default(1) }).strict()).default([]),
    firstRoundAuthorityWinner: z.string().optional(),
    victory: z.object({ type: z.enum(['vp', 'annihilation', 'vpOrAnnihilation']).default('vpOrAnnihilation') }).strict().default({ type: 'vpOrAnnihilation' }),
    sides: z.array(z.object({ id: z.string().min(1), units: z.array(unitSpec).min(1).max(12) }).strict()).length(2),
  })
  .strict();
export type At43Scenario = z.infer<typeof scenarioSchema>;
export type UnitSpec = z.infer<typeof unitSpec>;
