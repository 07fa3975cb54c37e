/**
 * zod schemas of ww2setup: the rules data (after house-rule overrides; objects are strict, so a
 * typo in an override path or a misspelt key in a new record is caught with the expected keys
 * named) and the `scenario:` block of a ww2setup file.
 */
import { z } from 'zod';
import { wholeIn } from '../../core/bounds.ts';
import { DICE_EXPR_EXPECTED, DICE_EXPR_PATTERN } from './rules/rolls.ts';

export const YEARS = ['1939', '1940', '1941', '1942', '1943', '1944', '1945'] as const;
export const INTENSITIES = ['LocalAttack', 'MajorOffensive', 'NavalBarrage', 'StalematedFront'] as const;
export const ROLES = ['Attacker', 'Defender'] as const;
export const TERRAINS = ['Constricted', 'Open', 'WideOpen'] as const;
export const SCALES = ['Large', 'Medium', 'Small'] as const;
export const WORKS_CATEGORIES = ['trenches', 'pillboxes', 'bunkers', 'minefields'] as const;

const dice = z.string().regex(DICE_EXPR_PATTERN, DICE_EXPR_EXPECTED).describe("a roll: 'None', '-', faces such as '6', '5,6' or '4-6', '½D6', or 'nD6' (n = 1..9)");
const int = z.number().int('expected a whole number');

function yearRow<T extends z.ZodType>(cell: T) {
  return z.object(Object.fromEntries(YEARS.map((y) => [y, cell])) as Record<(typeof YEARS)[number], T>).strict();
}

function sixOf<T extends z.ZodType>(cell: T, what: string) {
  return z.array(cell).length(6, `expected 6 ${what}, one per die face 1..6`);
}

const airModifierCell = int.min(-10).max(10).nullable();

const worksRow = z
  .object({
    label: z.string(),
    trenches: dice,
    pillboxes: dice,
    bunkers: dice,
    minefields: dice,
  })
  .strict();

const worksSelector = z
  .object({
    fronts: z.array(z.string()).min(1, 'expected at least one front'),
    from: int.min(1939).max(1945),
    to: int.min(1939).max(1945),
    row: z.string(),
  })
  .strict();

const nation = z
  .object({
    label: z.string(),
    aliases: z.array(z.string()),
    bloc: z.enum(['Axis', 'Allied']),
    axisBlock: z.enum(['Germany', 'Japan']).optional(),
    airstrikeRow: z.string(),
    barrageRow: z.string(),
    works: z.array(worksSelector),
  })
  .strict();

const lullFeatures = z
  .object({
    combatRepair: dice,
    commandRepair: dice,
    commandRepairMax: wholeIn(0, 100, { what: 'most command units repaired', why: 'seed: Lulls one to three; engine limit: counted one by one' }),
    mgJam: z.enum(['auto', 'none']),
    demoralizedRecovery: dice,
    reorganize: z.boolean(),
    extraBarrageRoll: z.boolean(),
    extraAirRoll: z.boolean(),
    hastyDigIn: z.boolean(),
    trenchline: dice,
  })
  .strict();

const front = z
  .object({
    label: z.string(),
    axisRows: z.object({ Germany: z.string(), Japan: z.string() }).strict(),
  })
  .strict();

export const rulesSchema = z
  .object({
    air: z.object({ modifiers: z.object({ Germany: z.record(z.string(), yearRow(airModifierCell)), Japan: z.record(z.string(), yearRow(airModifierCell)) }).strict() }).strict(),
    airstrikes: z
      .object({
        columns: z.array(wholeIn(-20, 20, { what: 'airstrike margin of the column', why: 'seed T2 -1 to 5; a margin of two d6 rolls' })).min(1).max(50),
        rows: z.record(z.string(), z.array(dice)),
      })
      .strict()
      .refine((a) => Object.values(a.rows).every((r) => r.length === a.columns.length), { message: 'every airstrike row needs one cell per column' })
      .refine((a) => a.columns.every((c, i) => i === 0 || c === a.columns[i - 1] + 1), { message: 'airstrike columns must be consecutive margins (e.g. -1..5)' }),
    barrages: z
      .object({
        rates: z.object(Object.fromEntries(INTENSITIES.map((i) => [i, z.object(Object.fromEntries(ROLES.map((r) => [r, sixOf(int.min(0).max(1000), 'rates in hundredths')]))).strict()]))).strict(),
        modifiers: z.record(z.string(), yearRow(int.min(-10).max(10))).refine((m) => 'others' in m, { message: "expected an 'others' row" }),
        dieMin: z.number().int().min(1).max(6).describe('lowest die face of a barrage roll'),
        dieMax: z.number().int().min(1).max(6).describe('highest die face of a barrage roll'),
      })
      .strict(),
    defensiveWorks: z
      .object({
        basesPerRollSet: wholeIn(1, 10_000, { what: 'bases per set of defensive-works rolls', why: 'seed: once per 200 bases; engine limit: a side has at most 10,000 bases' }),
        trenchInchesPerPoint: wholeIn(1, 100, { what: 'inches of trench per point', unit: 'inches', why: 'seed: x10"' }),
        rows: z.record(z.string(), worksRow),
      })
      .strict(),
    proximity: z
      .object({
        yards: z.object(Object.fromEntries(TERRAINS.map((t) => [t, sixOf(wholeIn(1, 100_000, { what: 'proximity distance', unit: 'yards', why: 'engine limit: 100 km' }), 'distances in yards')]))).strict(),
        yardsPerInch: z.object(Object.fromEntries(SCALES.map((s) => [s, wholeIn(1, 1000, { what: 'yards per table inch', unit: 'yards', why: 'seed: 20, 30 or 40 by scale' })]))).strict(),
      })
      .strict(),
    lull: z
      .object({
        triggerFaces: z.array(int.min(1).max(6)).min(1, 'expected at least one lull face'),
        shortIfTurnAtMost: wholeIn(0, 100, { what: 'a lull is short up to this turn', unit: 'turn', why: 'seed: turn 6' }),
        deadlineDice: int.min(1).max(9),
        short: lullFeatures,
        long: lullFeatures,
      })
      .strict(),
    requestSheet: z.object({ progressBoxes: int.min(0).max(5), maxBarrageChitsPerTurn: wholeIn(0, 100, { what: 'barrage request chits in line per turn', why: 'rule_barrage 6.1 eight; engine limit: placed one by one' }) }).strict(),
    fronts: z.record(z.string(), front),
    nations: z.record(z.string(), nation),
  })
  .strict();

export type RulesData = z.infer<typeof rulesSchema>;
export type WorksCategory = (typeof WORKS_CATEGORIES)[number];
export type Intensity = (typeof INTENSITIES)[number];
export type Role = (typeof ROLES)[number];
export type Terrain = (typeof TERRAINS)[number];
export type Scale = (typeof SCALES)[number];
export type NationData = RulesData['nations'][string];

/** Cross-references inside the data (a nation naming a missing row...), as [path, message]. */
export function checkRulesData(d: RulesData): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [id, n] of Object.entries(d.nations)) {
    if (!(n.airstrikeRow in d.airstrikes.rows)) out.push([`nations.${id}.airstrikeRow`, `unknown airstrike row '${n.airstrikeRow}'; expected one of ${Object.keys(d.airstrikes.rows).join(', ')}`]);
    if (!(n.barrageRow in d.barrages.modifiers)) out.push([`nations.${id}.barrageRow`, `unknown barrage modifier row '${n.barrageRow}'; expected one of ${Object.keys(d.barrages.modifiers).join(', ')}`]);
    if (n.bloc === 'Axis' && !n.axisBlock) out.push([`nations.${id}.axisBlock`, 'an Axis nation needs axisBlock Germany or Japan']);
    n.works.forEach((w, i) => {
      if (!(w.row in d.defensiveWorks.rows)) out.push([`nations.${id}.works.${i}.row`, `unknown defensive works row '${w.row}'`]);
      for (const f of w.fronts) if (!(f in d.fronts)) out.push([`nations.${id}.works.${i}.fronts`, `unknown front '${f}'; expected one of ${Object.keys(d.fronts).join(', ')}`]);
    });
  }
  for (const [id, f] of Object.entries(d.fronts)) {
    for (const block of ['Germany', 'Japan'] as const) {
      const row = f.axisRows[block];
      if (row !== 'none' && !(row in d.air.modifiers[block])) out.push([`fronts.${id}.axisRows.${block}`, `unknown ${block} air row '${row}'; expected 'none' or one of ${Object.keys(d.air.modifiers[block]).join(', ')}`]);
    }
  }
  return out;
}

// --- the scenario block ---------------------------------------------------------------------

export const sideSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'expected an id of letters, digits and underscores, starting with a letter'),
    nation: z.string().min(1, 'expected a nation, e.g. Germans, Russians, Americans'),
    /** Battalion sub-units on the battlefield (counted for N). */
    subUnits: int.min(0).max(1000), // bound: exact odds and set-ups stay fast (issue 12)
    /** Attached units, e.g. assault units (counted for N when countAttachedUnits, spec §6 A2). */
    attachedUnits: int.min(0).max(1000).default(0),
    /** Bases on the table (for the per-200-bases defensive-works rule). */
    bases: int.min(0).max(10000),
    /** T1 row of the Axis block (e.g. IslandGarrison), default from the front (§6 A11). */
    axisRow: z.string().optional(),
    /** T2 row, default from the nation (§5.9). */
    airstrikeRow: z.string().optional(),
    /** T4 row (the nation whose barrage modifier applies; coalition sides, §6 A6). */
    barrageRow: z.string().optional(),
    /** T6 row, default from nation + front + year (§5.9). */
    defWorksRow: z.string().optional(),
    /** Dummy request chits taken: the most allowed, none, or up to this many (§3.5). */
    dummies: z.union([z.enum(['max', 'none']), int.min(0).max(10000)]).default('max'),
  })
  .strict();

export const stepsSchema = z
  .object({
    airSuperiority: z.boolean().default(true),
    airstrikes: z.boolean().default(true),
    barrages: z.boolean().default(true),
    dummies: z.boolean().default(true),
    defensiveWorks: z.boolean().default(true),
    prefillRequestSheet: z.boolean().default(true),
    proximity: z.boolean().default(true),
  })
  .strict();

export const scenarioSchema = z
  .object({
    year: int.min(1939, 'expected a year 1939..1945').max(1945, 'expected a year 1939..1945'),
    /** Battle front (rules data `fronts`): East, West, Mediterranean, China, Pacific, PacificIsland. */
    front: z.string().min(1),
    /** Barrage intensity, agreed by both sides; default Local Attack (spec §6 A22). */
    intensity: z.enum(INTENSITIES).default('LocalAttack'),
    terrain: z.enum(TERRAINS).default('Open'),
    scale: z.enum(SCALES).default('Medium'),
    /** Side id of the attacker, or 'roll' (spec §3.1). */
    attacker: z.string().min(1),
    steps: stepsSchema.prefault({}),
    sides: z.tuple([sideSchema, sideSchema]),
  })
  .strict();

export type ScenarioBody = z.output<typeof scenarioSchema>;
export type SideInput = z.output<typeof sideSchema>;
export type Steps = z.output<typeof stepsSchema>;
