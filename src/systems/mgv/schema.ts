/**
 * zod schemas: the rules data (strict, so a typo in a house-rule override is caught) and the
 * scenario block. Types of both are inferred here and used by the compiler.
 */
import { z } from 'zod';

export const WEAPON_TYPES = ['kinetic', 'missile', 'photon', 'thermal'] as const;
export type WeaponType = (typeof WEAPON_TYPES)[number];
export const PAYLOAD_TYPES = ['none', 'weapon', 'beacons', 'repair', 'jammer', 'power', 'engineering'] as const;
export type PayloadType = (typeof PAYLOAD_TYPES)[number];
export const CRIT_CODES = ['S', 'D', 'Mj', 'Mx', 'Py', 'Se', 'Po', 'B', 'Expl', 'Spread', 'S+Mj'] as const;
export type CritCode = (typeof CRIT_CODES)[number];

const nonNeg = z.number().min(0);
const die6 = z.array(z.number().int().min(0)).length(7);
const critLine = z.array(z.enum(CRIT_CODES).nullable()).length(6);
const repairRow = z.strictObject({ maxDicePerHit: z.number().int().min(0), successMin: z.number().int().min(1).max(7), consumesPoint: z.boolean() });
const terrainType = z.strictObject({
  name: z.string(),
  move: z.enum(['normal', 'half', 'quarter', 'impassable', 'displaceable']),
  cover: z.number().int().min(0),
  coverRule: z.enum(['none', 'behind', 'hugging', 'huggingOrBetween', 'through']),
  trap: z.strictObject({ min: z.number().int().min(1).max(7), when: z.enum(['crossing', 'within']), distance: nonNeg }).nullable(),
  los: z.enum(['none', 'block', 'yn', 'fungus', 'smoke', 'hill']),
  thermalOver: z.boolean(),
  prominent: z.boolean(),
  clearable: z.boolean(),
  bulldozable: z.boolean(),
  jamming: z.boolean(),
});
const mgvModel = z.strictObject({
  // Bounded so every value the schema accepts fits the 32-bit action codes (issue 12).
  attack: z.number().int().min(0).max(100),
  defense: z.number().int().min(0).max(100),
  speed: nonNeg,
  payload: z.number().int().min(0).max(100),
  bay: z.enum(['front', 'rear', 'any']),
  repair: z.number().int().min(0).max(100),
  cost: nonNeg,
});
const cell = z.strictObject({
  id: z.string(),
  type: z.enum(['hull', 'core']),
  ring: z.number().int().min(1),
  arc: z.tuple([z.number(), z.number()]),
  inward: z.string().nullable(),
  neighbours: z.array(z.string().nullable()).length(5),
});

export const rulesSchema = z.strictObject({
  ratioColumns: z.strictObject({ thresholds: z.array(z.number().int().min(0)).length(7), labels: z.array(z.string()).length(7) }),
  kinetic: z.strictObject({ dice: z.number().int().min(1).max(6), keep: z.enum(['highest']), table: z.strictObject({ '1': die6, '2': die6, '3': die6, '4': die6, '5': die6, '6': die6 }) }),
  thermal: z.strictObject({ missFaces: z.array(z.number().int().min(1).max(6)), table: z.strictObject({ '1': die6, '2': die6, '3': die6, '4': die6, '5': die6, '6': die6 }) }),
  missile: z.strictObject({ attackDiceDivisor: z.number().int().min(1) }),
  photon: z.strictObject({ hullFace: z.number().int().min(1).max(7), coreFace: z.number().int().min(1).max(7) }),
  weapons: z.strictObject(Object.fromEntries(['kinetic', 'photon', 'missile', 'thermal'].map((w) => [w, z.strictObject({ arcHalf: z.number().min(0).max(180), rangePerPoint: nonNeg })])) as Record<WeaponType, z.ZodObject<{ arcHalf: z.ZodNumber; rangePerPoint: z.ZodNumber }>>),
  modifiers: z.strictObject({
    enemyActivity: z.number().int(),
    beaconMarked: z.number().int(),
    perHx: z.number().int(),
    enemySupport: z.strictObject({ thermal: z.number().int(), missile: z.number().int() }),
    rearShot: z.number().int(),
    targetJammerActive: z.number().int(),
    perCoverClass: z.number().int(),
    perSensorHit: z.number().int(),
    perRangingInch: z.number().int(),
    fullCamouflage: z.number().int(),
    enemyActivityMoveThreshold: nonNeg,
    enemySupportRange: nonNeg,
    rearArcHalf: z.number().min(0).max(180),
  }),
  crit: z.strictObject({ hullDamage: critLine, hullDestroyed: critLine, coreDamage: critLine, infestationHull: critLine, infestationCore: critLine, powerFirst: critLine, powerRecurring: critLine }),
  death: z.strictObject({ minRollByBHits: z.array(z.number().int().min(1).max(7)).min(1), automaticAt: z.number().int().min(1) }),
  jamming: z.strictObject({ counterPerPowerPoint: z.number().int().min(0), bands: z.array(z.strictObject({ max: z.number().int(), effect: z.enum(['none', 'Hs', 'Im', 'Pz', 'Pz+B']) })).min(1) }),
  engineering: z.strictObject({
    clearSqIn: nonNeg, bulldozeSqIn: nonNeg, clearJamSurfaceSqIn: nonNeg, towFromTrap: nonNeg, pushFriendlyPerInch: nonNeg, pushEnemyPerInch: nonNeg,
    bridgePerInch: nonNeg, missionStrike: nonNeg, pointBlankRange: nonNeg, hostSpeedPenalty: nonNeg, reach: nonNeg, pathWidth: z.number().positive(),
  }),
  repair: z.strictObject({ Mj: repairRow, infestation: repairRow, S: repairRow, Se: repairRow, Po: repairRow, moduleBonus: z.number().int(), moduleRange: nonNeg }),
  speedLevels: z.strictObject({ fractions: z.array(z.number().min(0).max(1)).min(1), roundTo: z.number().positive() }),
  turnCost: z.strictObject({ step: z.number().positive(), cost: nonNeg }),
  payloads: z.strictObject({ beaconsPerPoint: z.number().int().min(0), beaconRange: nonNeg, beaconsPerTurn: z.number().int().min(0), jammerArc: z.number().min(0).max(360), powerDefensePerPoint: nonNeg, powerSpeedPerPoint: nonNeg, markerAdjacency: nonNeg }),
  mgvs: z.record(z.string(), mgvModel),
  base: z.strictObject({ length: z.number().positive(), width: z.number().positive(), radius: z.number().positive() }),
  board: z.strictObject({ width: z.number().positive(), height: z.number().positive() }),
  terrain: z.record(z.string(), terrainType),
  terrainRules: z.strictObject({ moveFractions: z.strictObject({ half: z.number().positive().max(1), quarter: z.number().positive().max(1) }), smokeBlockMax: z.number().int().min(0).max(6), contact: nonNeg, hugParallel: z.number().min(0).max(90), jammingSurfaceJ: z.number().int() }),
  pentawing: z.strictObject({
    cells: z.array(cell).min(1),
    vertexKeys: z.strictObject({ A: z.array(z.string()).length(6), B: z.array(z.string()).length(6), C: z.array(z.string()).length(6), D: z.array(z.string()).length(6) }),
    vertexBounds: z.array(z.number()).length(3),
    coreZones: z.array(z.array(z.string()).min(1)).length(6),
  }),
  victory: z.strictObject({ turnLimit: z.number().int().min(1), missionKillShare: z.number().min(0).max(1) }),
});
export type MgvRules = z.infer<typeof rulesSchema>;

// ----------------------------------------------------------------------------------------------
// Scenario block

const xy = z.tuple([z.number(), z.number()]);
const shapeFields = {
  rect: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  circle: z.tuple([z.number(), z.number(), z.number().positive()]).optional(),
  polygon: z.array(xy).min(3).optional(),
};
function oneShape(o: { rect?: unknown; circle?: unknown; polygon?: unknown }, ctx: z.RefinementCtx): void {
  const n = (o.rect ? 1 : 0) + (o.circle ? 1 : 0) + (o.polygon ? 1 : 0);
  if (n !== 1) ctx.addIssue({ code: 'custom', message: `expected exactly one shape: rect: [x0, y0, x1, y1], circle: [x, y, r] or polygon: [[x, y], ...] (got ${n})` });
}
const zone = z.strictObject(shapeFields).superRefine(oneShape);

const payload = z.strictObject({
  type: z.enum(PAYLOAD_TYPES),
  points: z.number().int().min(0).default(0),
  weapon: z.enum(WEAPON_TYPES).optional(),
  facing: z.union([z.enum(['front', 'rear', 'left', 'right']), z.number().min(-360).max(360)]).optional(),
});

export const scenarioSchema = z.strictObject({
  board: z.strictObject({ width: z.number().positive(), height: z.number().positive() }).optional(),
  turnLimit: z.number().int().min(1).max(100).optional(),
  victory: z
    .strictObject({
      mode: z.enum(['elimination', 'points', 'missionStrike']).default('elimination'),
      strikeZone: zone.optional(),
      strikeWins: z.boolean().default(true),
    })
    .default({ mode: 'elimination', strikeWins: true }),
  terrain: z
    .array(
      z
        .strictObject({
          id: z.string(),
          type: z.string(),
          ...shapeFields,
          level: z.number().int().min(0).default(1),
          owner: z.string().optional(),
          smart: z.boolean().default(false),
        })
        .superRefine(oneShape),
    )
    .default([]),
  sides: z
    .array(
      z.strictObject({
        id: z.string(),
        weapon: z.enum(WEAPON_TYPES).optional(),
        deployment: zone.optional(),
        registrations: z.array(xy).default([]),
      }),
    )
    .length(2),
  units: z
    .array(
      z.strictObject({
        id: z.string(),
        side: z.string(),
        model: z.string(),
        x: z.number(),
        y: z.number(),
        heading: z.number().default(0),
        weapon: z.enum(WEAPON_TYPES).optional(),
        payload: payload.default({ type: 'none', points: 0 }),
        camouflaged: z.boolean().default(false),
      }),
    )
    .min(2),
});
export type MgvScenario = z.infer<typeof scenarioSchema>;
