/**
 * Schemas: the rules data (after house-rule overrides) and the scenario file's `scenario:` block.
 * Objects are strict, so a typo in an override or a scenario key is an error naming the key.
 */
import { z } from 'zod';
import { wholeIn } from '../../core/bounds.ts';

const int = () => z.number().int();
// Bounds (issue 22): every number that feeds a count, a loop, an action code or the map has a
// range with its reason. Distances are hexes; rolls are 2d6 plus modifiers.
const ROLL_WHY = 'engine limit: beyond it every 2d6 roll decides the same';
/** Largest map (cols x rows): the compile time grows with the square of the hexes (32 x 32 takes seconds). */
export const MAX_HEXES = 1024;
const rollMod = (what: string, max = 20): z.ZodNumber => wholeIn(-max, max, { what, why: ROLL_WHY });
const mp = (what: string, min = 0): z.ZodNumber => wholeIn(min, 20, { what, unit: 'movement points', why: 'seed p8-9 one to three; engine limit: moves are searched point by point' });
const cards = (what: string, max = 100): z.ZodNumber => wholeIn(0, max, { what, unit: 'cards', why: 'engine limit: hands and decks are built card by card' });

const gunSchema = z
  .object({
    role: z.enum(['only', 'main', 'secondary']).describe("only: the tank's one gun; main and secondary: its two guns"),
    range: wholeIn(0, 100, { what: 'gun range', unit: 'hexes', why: 'seed p10; engine limit: a map is at most 200 hexes across' }),
    firepower: rollMod('firepower added to the attack roll', 50),
    mount: z.enum(['turret', 'fixed']),
  })
  .strict();

export const tankSchema = z
  .object({
    name: z.string(),
    short: z.string(),
    school: z.string(),
    guns: z.array(gunSchema).min(1).max(2),
    movement: mp('movement points per move'),
    size: rollMod('size (modifies the attack roll against it)'),
    armour: z.object({ front: rollMod('front armour', 50), side: rollMod('side armour', 50), rear: rollMod('rear armour', 50) }).strict(),
    turretRotation: int().min(0).max(6).describe('hexsides the turret turns per action'),
    points: wholeIn(0, 1e6, { what: 'points value', why: 'engine limit: reported per point' }),
  })
  .strict()
  .refine((t) => (t.guns.length === 1 ? t.guns[0].role === 'only' : t.guns[0].role === 'main' && t.guns[1].role === 'secondary'), {
    message: "expected one gun with role 'only', or two guns with roles 'main' then 'secondary'",
    path: ['guns'],
  });

const rollAbility = <K extends string>(kind: K) => z.object({ kind: z.literal(kind), value: rollMod(`${kind} roll bonus`) }).strict();
export const abilitySchema = z.discriminatedUnion('kind', [
  rollAbility('attack'),
  rollAbility('damage'),
  rollAbility('movement'),
  rollAbility('defAttack'),
  rollAbility('defDamage'),
  z.object({ kind: z.literal('combatSense') }).strict(),
  z.object({ kind: z.literal('recovery') }).strict(),
  z.object({ kind: z.literal('aide'), cards: wholeIn(1, 20, { what: 'cards an aide draws', unit: 'cards', why: 'seed p14; engine limit: drawn card by card' }) }).strict(),
]);

export const characterSchema = z
  .object({
    name: z.string(),
    school: z.string(),
    front: z.array(abilitySchema).min(1).max(10),
    back: z.array(abilitySchema).min(1).max(10).nullable(),
  })
  .strict();

const actionCard = z
  .object({
    name: z.string(),
    type: z.literal('action'),
    kind: z.enum(['move', 'attack', 'moveOrAttack', 'moveThenAttack', 'smokescreen']),
    tanks: wholeIn(1, 20, { what: 'tanks the card activates', why: 'seed p7; engine limit: a side has at most 50 tanks' }),
    mpBonus: wholeIn(-20, 20, { what: 'extra movement points', unit: 'movement points', why: 'seed p7; engine limit: moves are searched point by point' }),
    attackMod: rollMod('attack roll modifier'),
    damageMod: rollMod('damage roll modifier'),
    sameTarget: z.boolean(),
    noAttackRoll: z.boolean(),
    number: wholeIn(0, 1000, { what: 'card number (order of play)', why: 'engine limit: a deck of at most 1,000 cards' }),
  })
  .strict();
const eventCard = z
  .object({ name: z.string(), type: z.literal('event'), effect: z.enum(['draw', 'maintenanceRepair', 'recovery']), draw: cards('cards drawn', 20) })
  .strict();
const windowName = z.enum(['W1', 'W2', 'W3', 'WR']);
const reactionCard = z
  .object({
    name: z.string(),
    type: z.literal('reaction'),
    effect: z.enum(['quickShot', 'attackMod', 'cancelHit', 'cancelReaction']),
    windows: z.array(windowName).min(1).max(4).describe('reaction windows: W1, W2, W3, WR'),
    attackMod: rollMod('attack roll modifier'),
  })
  .strict();
const enforcementCard = z.object({ name: z.string(), type: z.literal('enforcement'), effect: z.enum(['desperate', 'treadDamage']) }).strict();
export const cardSchema = z.discriminatedUnion('type', [actionCard, eventCard, reactionCard, enforcementCard]);

export const rulesSchema = z
  .object({
    tanks: z.record(z.string(), tankSchema),
    characters: z.record(z.string(), characterSchema),
    cards: z.record(z.string(), cardSchema),
    deck: z.object({ composition: z.record(z.string(), int().min(0).max(1000)) /* bounded: the deck is built as an array (issue 12) */, scenarioCardsInBox: cards('scenario cards in the box', 1000) }).strict(),
    rules: z
      .object({
        handLimit: cards('hand limit'),
        drawsPerTurn: cards('cards drawn per turn', 20),
        actionCardsPerTurn: cards('action cards played per turn', 20),
        eventCardsPerTurn: cards('event cards played per turn', 20),
        reactionsPerAction: cards('reactions per action', 20),
        damageRangeMods: z.array(rollMod('damage roll modifier at this range')).min(1).max(100).describe('damage roll modifier by range in hexes'),
        forwardCost: mp('cost of moving one hex forward', 1),
        reverseMultiplier: wholeIn(1, 20, { what: 'reverse move cost multiplier', why: 'seed p9 two; engine limit: moves are searched point by point' }),
        turnInPlaceCost: mp('cost of turning in place'),
        largeTurnAfterHexCost: mp('cost of a large turn after a hex'),
        wreckMoveCost: mp('cost of entering a wreck hex'),
        wreckLosMod: rollMod('attack modifier through a wreck'),
        turretRotatePenalty: rollMod('attack modifier after rotating the turret'),
        cuttingThroughCost: mp('cost of cutting through'),
      })
      .strict(),
    terrain: z.record(z.string(), z.object({ enterCost: mp('movement points to enter (null: impassable)', 1).nullable(), blocksLos: z.boolean() }).strict()),
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
const hexId = z.union([z.string().regex(/^\d{3,6}$/, 'expected a hex id of digits like "0806" (column then row, two or three digits each)'), wholeIn(101, 999_999, { what: 'hex id (column then row)', why: 'a map of at most 200 columns and rows' }).transform(String)]).describe('hex id: column then row, e.g. "0806"');
const facing = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW']).describe('facing: N, NE, SE, S, SW or NW');
const face = z.enum(['front', 'back']);

const unitSchema = z
  .object({
    id: z.string().optional(),
    tank: z.string().describe('a tank type of the rules data (salvo list panzervor)'),
    count: wholeIn(1, 50, { what: 'tanks of this entry', why: 'engine limit: a side has at most 50 tanks (action codes)' }).default(1),
    character: z.object({ id: z.string(), face: face.default('front') }).strict().optional(),
    hex: hexId.optional(),
    facing: facing.optional(),
    zone: z
      .union([
        z.object({ center: hexId, radius: wholeIn(0, 200, { what: 'zone radius', unit: 'hexes', why: 'a map is at most 200 hexes across' }) }).strict(),
        z.object({ hexes: z.array(hexId).min(1).max(1024) }).strict(),
        z.object({ cols: z.tuple([wholeIn(1, 200, { what: 'first column', why: 'a map of at most 200 columns' }), wholeIn(1, 200, { what: 'last column', why: 'a map of at most 200 columns' })]), rows: z.tuple([wholeIn(1, 200, { what: 'first row', why: 'a map of at most 200 rows' }), wholeIn(1, 200, { what: 'last row', why: 'a map of at most 200 rows' })]) }).strict(),
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
    value: wholeIn(0, 20, { what: 'cards, actions or repairs the card gives', why: 'engine limit: applied one by one' }).default(0),
  })
  .strict();

const sideSchema = z
  .object({
    name: z.string(),
    startingHand: cards('cards in the starting hand'),
    units: z.array(unitSchema).min(1).max(50),
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
      .refine((m) => m.cols * m.rows <= MAX_HEXES, { message: `expected a map of at most ${MAX_HEXES} hexes, cols x rows (engine limit: compiling builds line-of-sight and movement tables over every pair of hexes, seconds at ${MAX_HEXES}; a 32 x 32 map or 20 x 50)` }),
    matchType: z.enum(['elimination', 'flag']),
    placesFirst: z.enum(['A', 'B']),
    movesFirst: z.enum(['A', 'B']),
    maxTurns: wholeIn(1, 1000, { what: 'turns before a forced end', unit: 'turns', why: 'engine limit: a game is capped at 100,000 decisions' }).optional(),
    training: z.boolean().default(false),
    deck: z.object({ remove: z.array(z.string()).default([]), keep: z.array(z.string()).default([]) }).strict().default({ remove: [], keep: [] }),
    sides: z.object({ A: sideSchema, B: sideSchema }).strict(),
  })
  .strict();

export type ScenarioBody = z.infer<typeof scenarioSchema>;
export type UnitSetup = z.infer<typeof unitSchema>;
export type SideSetup = z.infer<typeof sideSchema>;
