/**
 * zod schema of the rules data (after house-rule overrides). Objects are strict, so a typo in an
 * override path or a misspelt key in a new record is caught with the expected keys named.
 */
import { z } from 'zod';
import { DICE_EXPR_EXPECTED, DICE_EXPR_PATTERN } from './dice-expr.ts';
import { INTENSITIES, ROLES, SCALES, TERRAINS, WORKS_CATEGORIES, YEARS } from './data.ts';

const dice = z.string().regex(DICE_EXPR_PATTERN, DICE_EXPR_EXPECTED);
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
    commandRepairMax: int.min(0),
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
        columns: z.array(int).min(1),
        rows: z.record(z.string(), z.array(dice)),
      })
      .strict()
      .refine((a) => Object.values(a.rows).every((r) => r.length === a.columns.length), { message: 'every airstrike row needs one cell per column' })
      .refine((a) => a.columns.every((c, i) => i === 0 || c === a.columns[i - 1] + 1), { message: 'airstrike columns must be consecutive margins (e.g. -1..5)' }),
    barrages: z
      .object({
        rates: z.object(Object.fromEntries(INTENSITIES.map((i) => [i, z.object(Object.fromEntries(ROLES.map((r) => [r, sixOf(int.min(0).max(1000), 'rates in hundredths')]))).strict()]))).strict(),
        modifiers: z.record(z.string(), yearRow(int.min(-10).max(10))).refine((m) => 'others' in m, { message: "expected an 'others' row" }),
        dieMin: int,
        dieMax: int,
      })
      .strict(),
    defensiveWorks: z
      .object({
        basesPerRollSet: int.positive(),
        trenchInchesPerPoint: int.positive(),
        rows: z.record(z.string(), worksRow),
      })
      .strict(),
    proximity: z
      .object({
        yards: z.object(Object.fromEntries(TERRAINS.map((t) => [t, sixOf(int.positive(), 'distances in yards')]))).strict(),
        yardsPerInch: z.object(Object.fromEntries(SCALES.map((s) => [s, int.positive()]))).strict(),
      })
      .strict(),
    lull: z
      .object({
        triggerFaces: z.array(int.min(1).max(6)).min(1, 'expected at least one lull face'),
        shortIfTurnAtMost: int.min(0),
        deadlineDice: int.min(1).max(9),
        short: lullFeatures,
        long: lullFeatures,
      })
      .strict(),
    requestSheet: z.object({ progressBoxes: int.min(0).max(5), maxBarrageChitsPerTurn: int.min(0) }).strict(),
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
