/**
 * Schemas: the rules data (after house-rule overrides) and the scenario file's `scenario:` block.
 * Objects are strict, so a typo in an override or a scenario key is an error naming the key.
 */
import { z } from 'zod';

const int = () => z.number().int();

const gunSchema = z
  .object({
    role: z.enum(['only', 'main', 'secondary']),
    range: int().min(0),
    firepower: int(),
    mount: z.enum(['turret', 'fixed']),
  })
  .strict();

export const tankSchema = z
  .object({
    name: z.string(),
    short: z.string(),
    school: z.string(),
    guns: z.array(gunSchema).min(1).max(2),
    movement: int().min(0),
    size: int(),
    armour: z.object({ front: int(), side: int(), rear: int() }).strict(),
    turretRotation: int().min(0).max(6),
    points: int().min(0),
  })
  .strict()
  .refine((t) => (t.guns.length === 1 ? t.guns[0].role === 'only' : t.guns[0].role === 'main' && t.guns[1].role === 'secondary'), {
    message: "expected one gun with role 'only', or two guns with roles 'main' then 'secondary'",
    path: ['guns'],
  });

const rollAbility = <K extends string>(kind: K) => z.object({ kind: z.literal(kind), value: int() }).strict();
export const abilitySchema = z.discriminatedUnion('kind', [
  rollAbility('attack'),
  rollAbility('damage'),
  rollAbility('movement'),
  rollAbility('defAttack'),
  rollAbility('defDamage'),
  z.object({ kind: z.literal('combatSense') }).strict(),
  z.object({ kind: z.literal('recovery') }).strict(),
  z.object({ kind: z.literal('aide'), cards: int().min(1) }).strict(),
]);

export const characterSchema = z
  .object({
    name: z.string(),
    school: z.string(),
    front: z.array(abilitySchema).min(1),
    back: z.array(abilitySchema).min(1).nullable(),
  })
  .strict();

const actionCard = z
  .object({
    name: z.string(),
    type: z.literal('action'),
    kind: z.enum(['move', 'attack', 'moveOrAttack', 'moveThenAttack', 'smokescreen']),
    tanks: int().min(1),
    mpBonus: int(),
    attackMod: int(),
    damageMod: int(),
    sameTarget: z.boolean(),
    noAttackRoll: z.boolean(),
    number: int().min(0),
  })
  .strict();
const eventCard = z
  .object({ name: z.string(), type: z.literal('event'), effect: z.enum(['draw', 'maintenanceRepair', 'recovery']), draw: int().min(0) })
  .strict();
const windowName = z.enum(['W1', 'W2', 'W3', 'WR']);
const reactionCard = z
  .object({
    name: z.string(),
    type: z.literal('reaction'),
    effect: z.enum(['quickShot', 'attackMod', 'cancelHit', 'cancelReaction']),
    windows: z.array(windowName).min(1),
    attackMod: int(),
  })
  .strict();
const enforcementCard = z.object({ name: z.string(), type: z.literal('enforcement'), effect: z.enum(['desperate', 'treadDamage']) }).strict();
export const cardSchema = z.discriminatedUnion('type', [actionCard, eventCard, reactionCard, enforcementCard]);

export const rulesSchema = z
  .object({
    tanks: z.record(z.string(), tankSchema),
    characters: z.record(z.string(), characterSchema),
    cards: z.record(z.string(), cardSchema),
    deck: z.object({ composition: z.record(z.string(), int().min(0).max(1000)) /* bounded: the deck is built as an array (issue 12) */, scenarioCardsInBox: int().min(0) }).strict(),
    rules: z
      .object({
        handLimit: int().min(0),
        drawsPerTurn: int().min(0),
        actionCardsPerTurn: int().min(0),
        eventCardsPerTurn: int().min(0),
        reactionsPerAction: int().min(0),
        damageRangeMods: z.array(int()).min(1),
        forwardCost: int().min(1),
        reverseMultiplier: int().min(1),
        turnInPlaceCost: int().min(0),
        largeTurnAfterHexCost: int().min(0),
        wreckMoveCost: int().min(0),
        wreckLosMod: int(),
        turretRotatePenalty: int(),
        cuttingThroughCost: int().min(0),
      })
      .strict(),
    terrain: z.record(z.string(), z.object({ enterCost: int().min(1).nullable(), blocksLos: z.boolean() }).strict()),
  })
  .strict()
  .superRefine((d, ctx) => {
    for (const id of Object.keys(d.deck.composition)) {
      if (!d.cards[id]) ctx.addIssue({ code: 'custom', path: ['deck', 'composition', id], message: `expected a card id from cards (${Object.keys(d.cards).join(', ')}), got '${id}'` });
    }
  });

export type RulesData = z.infer<typeof rulesSchema>;
export type TankType = z.infer<typeof tankSchema>;
export type CharacterType = z.infer<typeof characterSchema>;
export type Ability = z.infer<typeof abilitySchema>;
export type CardType = z.infer<typeof cardSchema>;

// ---------------------------------------------------------------- scenario block

/** Hex ids: quote them in YAML ('0806'); bare numbers (806) are accepted and read as digits. */
const hexId = z.union([z.string().regex(/^\d{3,}$/, 'expected a hex id of digits like "0806"'), int().min(101).transform(String)]);
const facing = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
const face = z.enum(['front', 'back']);

const unitSchema = z
  .object({
    id: z.string().optional(),
    tank: z.string(),
    count: int().min(1).default(1),
    character: z.object({ id: z.string(), face: face.default('front') }).strict().optional(),
    hex: hexId.optional(),
    facing: facing.optional(),
    zone: z
      .union([
        z.object({ center: hexId, radius: int().min(0) }).strict(),
        z.object({ hexes: z.array(hexId).min(1) }).strict(),
        z.object({ cols: z.tuple([int().min(1), int().min(1)]), rows: z.tuple([int().min(1), int().min(1)]) }).strict(),
      ])
      .optional(),
    flag: z.boolean().default(false),
    immobile: z.boolean().default(false),
    inoperative: z.boolean().default(false),
  })
  .strict()
  .refine((u) => (u.hex === undefined) !== (u.zone === undefined), { message: "expected exactly one of 'hex' (fixed placement) or 'zone' (placement by the side's agent)" })
  .refine((u) => u.hex === undefined || u.count === 1, { message: "expected count 1 for a unit placed on a fixed 'hex'" });

const scenarioCardSchema = z
  .object({
    name: z.string(),
    effect: z.enum(['draw', 'extraAction', 'repair']),
    value: int().min(0).default(0),
  })
  .strict();

const sideSchema = z
  .object({
    name: z.string(),
    startingHand: int().min(0),
    units: z.array(unitSchema).min(1),
    /** Characters the side places on tanks of its choice at setup (seed p14: "unless specified"). */
    characters: z.array(z.object({ id: z.string(), face: face.default('front') }).strict()).default([]),
    /** Scenario cards dealt to this side (texts are scenario-specific; a few generic effects). */
    scenarioCards: z.array(scenarioCardSchema).default([]),
  })
  .strict();

export const scenarioSchema = z
  .object({
    map: z
      .object({
        id: z.string(),
        cols: int().min(1).max(200),
        rows: int().min(1).max(200),
        parity: z.enum(['even-lower', 'odd-lower']),
        defaultTerrain: z.string().default('clear'),
        terrain: z.record(z.string(), z.string()).default({}),
      })
      .strict()
      .refine((m) => m.cols * m.rows <= 4096, { message: 'expected a map of at most 4096 hexes (cols x rows)' }),
    matchType: z.enum(['elimination', 'flag']),
    placesFirst: z.enum(['A', 'B']),
    movesFirst: z.enum(['A', 'B']),
    maxTurns: int().min(1).optional(),
    training: z.boolean().default(false),
    deck: z.object({ remove: z.array(z.string()).default([]), keep: z.array(z.string()).default([]) }).strict().default({ remove: [], keep: [] }),
    sides: z.object({ A: sideSchema, B: sideSchema }).strict(),
  })
  .strict();

export type ScenarioBody = z.infer<typeof scenarioSchema>;
export type UnitSetup = z.infer<typeof unitSchema>;
export type SideSetup = z.infer<typeof sideSchema>;
