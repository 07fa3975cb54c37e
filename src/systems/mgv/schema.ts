/**
 * zod schemas: the rules data (strict, so a typo in a house-rule override is caught) and the
 * scenario block. Types of both are inferred here and used by the compiler.
 */
import { z } from 'zod';
import { numberIn, positiveUpTo, wholeIn } from '../../core/bounds.ts';
import { MGV_RULES_DATA } from './data/rules.ts';

export const WEAPON_TYPES = ['kinetic', 'missile', 'photon', 'thermal'] as const;
export type WeaponType = (typeof WEAPON_TYPES)[number];
export const PAYLOAD_TYPES = ['none', 'weapon', 'beacons', 'repair', 'jammer', 'power', 'engineering'] as const;
export type PayloadType = (typeof PAYLOAD_TYPES)[number];
export const CRIT_CODES = ['S', 'D', 'Mj', 'Mx', 'Py', 'Se', 'Po', 'B', 'Expl', 'Spread', 'S+Mj'] as const;
export type CritCode = (typeof CRIT_CODES)[number];

// Bounds (issue 22): every number that feeds a count, a loop, an action code or the geometry has
// a range with its reason. Distances are inches (the seed measures with a tape in inches).
/** The table's reach: coordinates, sizes and ranges in inches. */
export const TABLE_LIMIT = 1000;
const TABLE_WHY = 'engine limit: the table geometry works in doubles to 1e-9 inch; 1,000 inches (25 m) is beyond any table';
const inches = (what: string, max = TABLE_LIMIT): z.ZodNumber => numberIn(0, max, { what, unit: 'inches', why: max === TABLE_LIMIT ? TABLE_WHY : 'engine limit: far beyond the rules\' values' });
const coordinate = (what: string): z.ZodNumber => numberIn(-TABLE_LIMIT, TABLE_LIMIT, { what, unit: 'inches', why: TABLE_WHY });
/** Attack points of one situational modifier (spec §5.5: one or two points each). */
const modifier = (what: string): z.ZodNumber => wholeIn(-6, 6, { what, unit: 'attack points', why: 'spec §5.5 modifiers are one or two points; engine limit six: a missile split offers one action per die' });
const nonNeg = inches('a distance');
const die6 = z.array(wholeIn(0, 50, { what: 'hull cells destroyed', why: 'engine limit: more than the pentawing\'s cells has no further effect (one loop step each)' })).length(7).describe('results by die face 0..6 (index 0 unused): hull cells destroyed');
const critLine = z.array(z.enum(CRIT_CODES).nullable()).length(6);
const repairRow = z.strictObject({ maxDicePerHit: wholeIn(0, 20, { what: 'repair dice per hit', unit: 'dice', why: 'seed §6.0 one or two; engine limit: one roll each' }), successMin: z.number().int().min(1).max(7).describe('a repair die succeeds on this face or more (7: never)'), consumesPoint: z.boolean() });
const terrainType = z.strictObject({
  name: z.string(),
  move: z.enum(['normal', 'half', 'quarter', 'impassable', 'displaceable']),
  cover: wholeIn(0, 6, { what: 'cover class', why: 'seed §1.4 cover classes 0 to 2; engine limit six: a cover modifier stays within a die' }),
  coverRule: z.enum(['none', 'behind', 'hugging', 'huggingOrBetween', 'through']),
  trap: z.strictObject({ min: z.number().int().min(1).max(7).describe('a trap holds on this die roll or more (7: never)'), when: z.enum(['crossing', 'within']).describe('crossing: when a move crosses it; within: when a move ends within distance'), distance: inches('trap reach') }).nullable(),
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
  speed: inches('movement allowance', 100),
  payload: z.number().int().min(0).max(100),
  bay: z.enum(['front', 'rear', 'any']),
  repair: z.number().int().min(0).max(100),
  cost: numberIn(0, 1e6, { what: 'points cost', why: 'engine limit: reported per point of cost' }),
});
const cell = z.strictObject({
  id: z.string(),
  type: z.enum(['hull', 'core']),
  ring: wholeIn(1, 20, { what: 'ring of the pentawing (1 = core)', why: 'engine limit: the damage graph is walked ring by ring' }),
  arc: z.tuple([numberIn(-360, 720, { what: 'start of the cell\'s arc', unit: 'degrees', why: 'a bearing' }), numberIn(-360, 720, { what: 'end of the cell\'s arc', unit: 'degrees', why: 'a bearing' })]),
  inward: z.string().nullable(),
  neighbours: z.array(z.string().nullable()).length(5),
});

const rulesShape = z.strictObject({
  ratioColumns: z.strictObject({ thresholds: z.array(wholeIn(0, 10_000, { what: 'attack/defense ratio at which a column starts', unit: '%', why: 'engine limit: a ratio of 100 to 1' })).length(7), labels: z.array(z.string()).length(7) }),
  kinetic: z.strictObject({ dice: z.number().int().min(1).max(6), keep: z.enum(['highest']), table: z.strictObject({ '1': die6, '2': die6, '3': die6, '4': die6, '5': die6, '6': die6 }) }),
  thermal: z.strictObject({ missFaces: z.array(z.number().int().min(1).max(6)), table: z.strictObject({ '1': die6, '2': die6, '3': die6, '4': die6, '5': die6, '6': die6 }) }),
  missile: z.strictObject({ attackDiceDivisor: wholeIn(1, 100, { what: 'attack points per missile die', why: 'seed §5.2 two; at most the largest attack (100)' }) }),
  photon: z.strictObject({ hullFace: z.number().int().min(1).max(7), coreFace: z.number().int().min(1).max(7) }),
  weapons: z.strictObject(Object.fromEntries(['kinetic', 'photon', 'missile', 'thermal'].map((w) => [w, z.strictObject({ arcHalf: z.number().min(0).max(180).describe('half the arc of fire (degrees)'), rangePerPoint: inches('range per attack point', 10) })])) as Record<WeaponType, z.ZodObject<{ arcHalf: z.ZodNumber; rangePerPoint: z.ZodNumber }>>),
  modifiers: z.strictObject({
    enemyActivity: modifier('when the target moved or fired in the previous phase'),
    beaconMarked: modifier('when a marker beacon is on the target'),
    perHx: modifier('per destroyed hull cell of the target'),
    enemySupport: z.strictObject({ thermal: modifier('thermal: an enemy base supports the target'), missile: modifier('missile: an enemy base supports the target') }),
    rearShot: modifier('kinetic shot into the rear arc'),
    targetJammerActive: modifier('photon: the target is jamming'),
    perCoverClass: modifier('per cover class of the target'),
    perSensorHit: modifier("per sensor hit on the firer"),
    perRangingInch: modifier('photon: per full inch of ranging error'),
    fullCamouflage: modifier('the target is fully camouflaged'),
    enemyActivityMoveThreshold: inches('a move at least this long counts as enemy activity'),
    enemySupportRange: inches('an enemy base within this distance supports the target'),
    rearArcHalf: z.number().min(0).max(180).describe('half the rear arc (degrees)'),
  }),
  crit: z.strictObject({ hullDamage: critLine, hullDestroyed: critLine, coreDamage: critLine, infestationHull: critLine, infestationCore: critLine, powerFirst: critLine, powerRecurring: critLine }),
  death: z.strictObject({ minRollByBHits: z.array(z.number().int().min(1).max(7)).min(1).max(20).describe('die roll needed for sudden death by number of B hits (7: never)'), automaticAt: wholeIn(1, 20, { what: 'B hits that kill at once', why: 'engine limit: a base has 10 core cells' }) }),
  jamming: z.strictObject({ counterPerPowerPoint: wholeIn(0, 100, { what: 'jamming points countered per power point', why: 'seed §1.5 two; engine limit: a payload has at most 100 points' }), bands: z.array(z.strictObject({ max: wholeIn(-1000, 1000, { what: 'highest jamming score of the band', why: 'engine limit: a jamming score is payload points' }), effect: z.enum(['none', 'Hs', 'Im', 'Pz', 'Pz+B']).describe('none, Hs (hesitate), Im (immobilised), Pz (paralysed), Pz+B (paralysed and a B hit)') })).min(1).max(20) }),
  engineering: z.strictObject({
    clearSqIn: inches('square inches cleared per point', 100), bulldozeSqIn: inches('square inches bulldozed per point', 100), clearJamSurfaceSqIn: inches('square inches of jamming surface cleared per point', 100),
    towFromTrap: inches('points to tow a trapped base', 100), pushFriendlyPerInch: inches('points per inch to push a friendly base', 100), pushEnemyPerInch: inches('points per inch to push an enemy base', 100),
    bridgePerInch: inches('points per inch of bridge', 100), missionStrike: inches('points of a mission strike', 100), pointBlankRange: inches('point-blank range'), hostSpeedPenalty: inches('speed lost by the host', 100), reach: inches('reach from the base centre'),
    pathWidth: positiveUpTo(100, { what: 'width of a cleared path', unit: 'inches', why: 'engine limit: far beyond the rules\' values' }),
  }),
  repair: z.strictObject({ Mj: repairRow, infestation: repairRow, S: repairRow, Se: repairRow, Po: repairRow, moduleBonus: wholeIn(-6, 6, { what: 'repair module bonus on every repair roll', why: 'seed §1.5 +1; a die\'s six faces' }), moduleRange: inches('repair module range') }),
  speedLevels: z.strictObject({ fractions: z.array(z.number().min(0).max(1)).min(1).max(20).describe('fractions of full speed, fastest first'), roundTo: numberIn(1 / 64, 12, { what: 'speeds are rounded down to a multiple of this', unit: 'inches', why: 'spec §5.11 half an inch; engine limit: 1/64 inch' }) }),
  turnCost: z.strictObject({ step: numberIn(1, 360, { what: 'facing change per step of turn cost', unit: 'degrees', why: 'seed §4.0 45 degrees' }), cost: inches('movement per step of facing change', 100) }),
  payloads: z.strictObject({
    beaconsPerPoint: wholeIn(0, 100, { what: 'beacons per payload point', why: 'seed §1.5 three; engine limit: beacons are kept in the state' }),
    beaconRange: inches('beacon launch range'),
    beaconsPerTurn: wholeIn(0, 100, { what: 'beacons launched per turn', why: 'seed §1.5 six; engine limit: one decision each' }),
    jammerArc: z.number().min(0).max(360).describe('jammer arc (degrees)'),
    powerDefensePerPoint: numberIn(0, 1, { what: 'defense per power point', why: 'seed §1.5 one half; at most one (engine limit: a missile split offers one action per defense die)' }),
    powerSpeedPerPoint: inches('speed per power point', 10),
    markerAdjacency: inches('a marker "next to" its target is within this distance'),
  }),
  mgvs: z.record(z.string(), mgvModel),
  base: z.strictObject({ length: positiveUpTo(100, { what: 'base length', unit: 'inches', why: TABLE_WHY }), width: positiveUpTo(100, { what: 'base width', unit: 'inches', why: TABLE_WHY }), radius: positiveUpTo(100, { what: 'base radius (circle footprint)', unit: 'inches', why: TABLE_WHY }) }),
  board: z.strictObject({ width: positiveUpTo(TABLE_LIMIT, { what: 'table width', unit: 'inches', why: TABLE_WHY }), height: positiveUpTo(TABLE_LIMIT, { what: 'table depth', unit: 'inches', why: TABLE_WHY }) }),
  terrain: z.record(z.string(), terrainType),
  terrainRules: z.strictObject({
    moveFractions: z.strictObject({ half: numberIn(1 / 64, 1, { what: 'movement fraction in half-speed terrain', why: 'seed §1.4 one half; engine limit: 1/64 (a move is searched step by step)' }), quarter: numberIn(1 / 64, 1, { what: 'movement fraction in quarter-speed terrain', why: 'seed §1.4 one quarter; engine limit: 1/64 (a move is searched step by step)' }) }),
    smokeBlockMax: z.number().int().min(0).max(6).describe('smoke blocks a line of sight on this die face or less'),
    contact: inches('bases this close are in contact', 100),
    hugParallel: z.number().min(0).max(90).describe('a base hugs a face within this angle of it (degrees)'),
    jammingSurfaceJ: wholeIn(-100, 100, { what: 'jamming points of a jamming surface', why: 'spec §5.13 two; engine limit: a jamming score is payload points' }),
  }),
  pentawing: z.strictObject({
    cells: z.array(cell).min(1).max(200),
    vertexKeys: z.strictObject({ A: z.array(z.string()).length(6), B: z.array(z.string()).length(6), C: z.array(z.string()).length(6), D: z.array(z.string()).length(6) }),
    vertexBounds: z.array(numberIn(0, 180, { what: 'vertex sector bound off the bow', unit: 'degrees', why: 'seed §5.6 a bearing' })).length(3),
    coreZones: z.array(z.array(z.string()).min(1)).length(6),
  }),
  victory: z.strictObject({ turnLimit: wholeIn(1, 100, { what: 'turns before the game ends', unit: 'turns', why: 'spec §3.16 twelve; engine limit: the scenario\'s turnLimit is at most 100 too' }), missionKillShare: z.number().min(0).max(1).describe('share of a side mission-killed that loses the game') }),
});
export type MgvRules = z.infer<typeof rulesShape>;

/**
 * Most dice one side of a missile attack may split (engine limit: the split offers one action per
 * die, and every MGV decision has room for at least 294 actions: engine.ts maxActionsOf with two
 * bases; test/systems/mgv/bounds.test.ts checks it).
 */
export const MAX_SPLIT_DICE = 250;

/**
 * The most missile dice an attacker and a defender can have with these rules values (spec §5.4:
 * attack / divisor + modifiers; defense + power points): checked at load time against
 * MAX_SPLIT_DICE, so a house rule that would overflow a split is refused with its path.
 */
export function missileDiceBounds(d: MgvRules): { attack: number; defense: number } {
  const pos = (v: number): number => Math.max(0, v);
  const md = d.modifiers;
  const hull = d.pentawing.cells.filter((c) => c.type === 'hull').length;
  const core = d.pentawing.cells.length - hull;
  const cover = Math.max(0, ...Object.values(d.terrain).map((t) => t.cover));
  const models = Object.values(d.mgvs);
  const attack = Math.max(0, ...models.map((m) => Math.max(m.attack, m.payload)));
  const mods = pos(md.enemyActivity) + pos(md.beaconMarked) + pos(md.perHx) * hull + pos(md.enemySupport.missile) + pos(md.perCoverClass) * cover + pos(md.perSensorHit) * core + pos(md.fullCamouflage);
  const defense = Math.max(0, ...models.map((m) => m.defense + Math.floor(m.payload * d.payloads.powerDefensePerPoint)));
  return { attack: Math.floor(attack / d.missile.attackDiceDivisor) + mods, defense };
}

/** The rules data, strict, with the load-time check of the missile split (see missileDiceBounds). */
export const rulesSchema = rulesShape.check((ctx) => {
  if (ctx.issues.length > 0) return; // a value out of its own range is reported alone
  const b = missileDiceBounds(ctx.value);
  const issue = (path: string[], message: string): void => void ctx.issues.push({ code: 'custom', path, message, input: ctx.value });
  if (b.attack > MAX_SPLIT_DICE) issue(['modifiers'], `a missile attack could roll ${b.attack} dice (largest attack / missile.attackDiceDivisor + every positive modifier at its most), more than the ${MAX_SPLIT_DICE} a split can offer (engine limit: one action per die)`);
  if (b.defense > MAX_SPLIT_DICE) issue(['payloads', 'powerDefensePerPoint'], `a missile defense could roll ${b.defense} dice (defense + payload x powerDefensePerPoint), more than the ${MAX_SPLIT_DICE} a split can offer (engine limit: one action per die)`);
});

// ----------------------------------------------------------------------------------------------
// Scenario block (distances in inches, headings in degrees)

const xy = z.tuple([coordinate('x'), coordinate('y')]).describe('[x, y] in inches from the table\'s bottom-left corner');
const shapeFields = {
  rect: z.tuple([coordinate('x0'), coordinate('y0'), coordinate('x1'), coordinate('y1')]).optional().describe('[x0, y0, x1, y1]: opposite corners, inches'),
  circle: z.tuple([coordinate('x'), coordinate('y'), positiveUpTo(TABLE_LIMIT, { what: 'radius', unit: 'inches', why: TABLE_WHY })]).optional().describe('[x, y, r]: centre and radius, inches'),
  polygon: z.array(xy).min(3).max(1000).optional().describe('[[x, y], ...]: corners in order, inches'),
};
function oneShape(o: { rect?: unknown; circle?: unknown; polygon?: unknown }, ctx: z.RefinementCtx): void {
  const n = (o.rect ? 1 : 0) + (o.circle ? 1 : 0) + (o.polygon ? 1 : 0);
  if (n !== 1) ctx.addIssue({ code: 'custom', message: `expected exactly one shape: rect: [x0, y0, x1, y1], circle: [x, y, r] or polygon: [[x, y], ...] (got ${n})` });
}
const zone = z.strictObject(shapeFields).superRefine(oneShape);

const payload = z.strictObject({
  type: z.enum(PAYLOAD_TYPES).describe(`the payload module: ${PAYLOAD_TYPES.join(', ')} (seed §1.5)`),
  points: wholeIn(0, 100, { what: 'payload points fitted', why: 'seed §1.5; at most the model\'s payload capacity (at most 100)' }).default(0),
  weapon: z.enum(WEAPON_TYPES).optional().describe(`a weapon payload's type: ${WEAPON_TYPES.join(', ')}`),
  facing: z.union([z.enum(['front', 'rear', 'left', 'right']), z.number().min(-360).max(360)]).optional().describe('where a weapon or jammer payload points: front, rear, left, right, or degrees from the bow'),
});

export const scenarioSchema = z.strictObject({
  board: z.strictObject({ width: positiveUpTo(TABLE_LIMIT, { what: 'table width', unit: 'inches', why: TABLE_WHY }), height: positiveUpTo(TABLE_LIMIT, { what: 'table depth', unit: 'inches', why: TABLE_WHY }) }).optional().describe('the table in inches (default: the rules data board, 36 x 36)'),
  turnLimit: wholeIn(1, 100, { what: 'turns before the game ends', unit: 'turns', why: 'spec §3.16 twelve; engine limit: a game\'s decisions are capped per turn' }).optional(),
  victory: z
    .strictObject({
      mode: z.enum(['elimination', 'points', 'missionStrike']).default('elimination').describe('elimination: the last side with bases; points: cost destroyed; missionStrike: reach the strike zone'),
      strikeZone: zone.optional().describe('the mission-strike zone (missionStrike mode)'),
      strikeWins: z.boolean().default(true),
    })
    .default({ mode: 'elimination', strikeWins: true }),
  terrain: z
    .array(
      z
        .strictObject({
          id: z.string(),
          type: z.string().describe(`a terrain type of the rules data: ${Object.keys(MGV_RULES_DATA.terrain).filter((k) => k !== '$prov').join(', ')} (salvo list mgv; a house rule may add more)`),
          ...shapeFields,
          level: wholeIn(0, 100, { what: 'height level (hills, line of sight)', why: 'engine limit: compared level by level' }).default(1),
          owner: z.string().optional().describe('the side owning a smart feature'),
          smart: z.boolean().default(false),
        })
        .superRefine(oneShape),
    )
    .max(1000)
    .default([]),
  sides: z
    .array(
      z.strictObject({
        id: z.string(),
        weapon: z.enum(WEAPON_TYPES).optional().describe(`the side's main weapon type: ${WEAPON_TYPES.join(', ')}`),
        deployment: zone.optional().describe('where the side deploys'),
        registrations: z.array(xy).max(100).default([]).describe('registration points for photon fire (rule #102)'),
      }),
    )
    .length(2),
  units: z
    .array(
      z.strictObject({
        id: z.string(),
        side: z.string().describe('a side id'),
        model: z.string(),
        x: coordinate('x of the base centre'),
        y: coordinate('y of the base centre'),
        heading: numberIn(-360, 360, { what: 'facing', unit: 'degrees', why: 'a bearing (0 = along +y)' }).default(0),
        weapon: z.enum(WEAPON_TYPES).optional().describe(`main weapon type: ${WEAPON_TYPES.join(', ')}`),
        payload: payload.default({ type: 'none', points: 0 }),
        camouflaged: z.boolean().default(false),
      }),
    )
    .min(2)
    .max(200),
});
export type MgvScenario = z.infer<typeof scenarioSchema>;
