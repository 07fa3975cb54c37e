/**
 * The `scenario:` block of a ww2setup file and its resolution against the rules data into a
 * SetupPlan: every table row looked up once (nation rows, Axis air row, barrage rates, works
 * rows, proximity), so that sampling a set-up is a few dice and array reads.
 */
import { z } from 'zod';
import { suggest, type OptionValues } from '../../core/options.ts';
import { INTENSITIES, SCALES, TERRAINS, WORKS_CATEGORIES, YEARS } from './data.ts';
import { parseDiceExpr, type DiceExpr } from './dice-expr.ts';
import { ww2Options, type Ww2Options } from './options.ts';
import { checkRulesData, type Intensity, type NationData, type RulesData, type Scale, type Terrain, type WorksCategory } from './rules-schema.ts';

const int = z.number().int('expected a whole number');

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

export interface SidePlan {
  readonly index: number;
  readonly id: string;
  readonly nation: string;
  readonly label: string;
  readonly bloc: 'Axis' | 'Allied';
  readonly subUnits: number;
  readonly attachedUnits: number;
  readonly bases: number;
  readonly airstrikeRow: string;
  /** Airstrike cells by column index (columns in SetupPlan.airColumns). */
  readonly airstrikeCells: readonly DiceExpr[];
  readonly airstrikeCellText: readonly string[];
  readonly barrageRow: string;
  readonly barrageMod: number;
  readonly worksRow: string | null;
  readonly worksCells: Readonly<Record<WorksCategory, DiceExpr>>;
  readonly dummies: 'max' | 'none' | number;
  /** Rules-data paths behind this side's airstrikes, barrages and works (provenance marks). */
  readonly paths: { readonly airstrikes: readonly string[]; readonly barrages: readonly string[]; readonly works: readonly string[] };
}

export interface SetupPlan {
  readonly year: number;
  readonly front: string;
  readonly intensity: Intensity;
  readonly terrain: Terrain;
  readonly scale: Scale;
  readonly steps: Steps;
  /** Side index of the attacker, or 'roll'. */
  readonly attacker: number | 'roll';
  readonly sides: readonly [SidePlan, SidePlan];
  /** Side that rolls as the Axis player (the one with the modifier), spec §3.2. */
  readonly axisIndex: number;
  readonly axisMod: number;
  /** Where the modifier comes from, e.g. 'Germany / RussiaPoland / 1943'. */
  readonly axisSource: string;
  readonly airColumns: readonly number[];
  /** Barrage rates in hundredths by role, index = clamped die − 1. */
  readonly rates: Readonly<Record<'Attacker' | 'Defender', readonly number[]>>;
  readonly dieMin: number;
  readonly dieMax: number;
  /** N: sub-units on the battlefield, both sides. */
  readonly N: number;
  /** B: bases on the table, both sides. */
  readonly B: number;
  readonly rollSets: number;
  readonly trenchInchesPerPoint: number;
  readonly proximityYards: readonly number[];
  readonly yardsPerInch: number;
  readonly yardsPerInchLarge: number;
  readonly lull: { readonly triggerFaces: readonly number[]; readonly shortIfTurnAtMost: number; readonly deadlineDice: number };
  readonly options: Ww2Options;
  readonly warnings: readonly string[];
  /** Rules-data paths the plan reads (for provenance lists). */
  readonly dataPaths: readonly string[];
  /** Paths behind the air-superiority roll, proximity and the lull (provenance marks). */
  readonly paths: { readonly air: readonly string[]; readonly proximity: readonly string[]; readonly lull: readonly string[] };
}

/** Case-insensitive lookup of a nation by id, label or alias. */
export function findNation(data: RulesData, name: string): [string, NationData] | undefined {
  const n = name.trim().toLowerCase();
  for (const [id, nat] of Object.entries(data.nations)) {
    if (id.toLowerCase() === n || nat.label.toLowerCase() === n || nat.aliases.some((a) => a.toLowerCase() === n)) return [id, nat];
  }
  return undefined;
}

export function findFront(data: RulesData, name: string): string | undefined {
  const n = name.trim().toLowerCase();
  return Object.keys(data.fronts).find((f) => f.toLowerCase() === n);
}

export function nationNames(data: RulesData): string[] {
  return Object.keys(data.nations);
}

export function rollSetsFor(B: number, per: number, rule: Ww2Options['rollSets']): number {
  switch (rule) {
    case 'ceilMin1':
      return Math.max(1, Math.ceil(B / per));
    case 'floor':
      return Math.floor(B / per);
    case 'round':
      return Math.floor((2 * B + per) / (2 * per)); // half up, exact in integers
    case 'one':
      return 1;
  }
}

/** The works row of a nation on a front in a year (first matching selector), or undefined. */
export function worksRowFor(nation: NationData, front: string, year: number): string | undefined {
  return nation.works.find((w) => w.fronts.includes(front) && w.from <= year && year <= w.to)?.row;
}

export interface PlanResult {
  readonly plan?: SetupPlan;
  /** [path inside the scenario file, message]. */
  readonly errors: Array<[string, string]>;
}

/** Resolves a validated scenario body against the rules data and options. */
export function resolvePlan(body: ScenarioBody, data: RulesData, values: OptionValues): PlanResult {
  const opts = ww2Options(values);
  const errors: Array<[string, string]> = checkRulesData(data).map(([p, m]) => [`overrides`, `rules data ${p}: ${m}`]);
  const warnings: string[] = [];
  const paths = new Set<string>();
  const year = String(body.year) as (typeof YEARS)[number];

  const front = findFront(data, body.front);
  if (!front) errors.push(['scenario.front', `unknown front '${body.front}'${suggest(body.front, Object.keys(data.fronts))}; expected one of ${Object.keys(data.fronts).join(', ')}`]);
  if (body.sides[0].id === body.sides[1].id) errors.push(['scenario.sides.1.id', `the two sides need different ids (both are '${body.sides[0].id}')`]);

  let attacker: number | 'roll' = 'roll';
  if (body.attacker !== 'roll') {
    const i = body.sides.findIndex((s) => s.id === body.attacker);
    if (i < 0) errors.push(['scenario.attacker', `expected 'roll' or a side id (${body.sides.map((s) => s.id).join(', ')}), got '${body.attacker}'`]);
    else attacker = i;
  }

  const nations = body.sides.map((s, i) => {
    const found = findNation(data, s.nation);
    if (!found) errors.push([`scenario.sides.${i}.nation`, `unknown nation '${s.nation}'${suggest(s.nation, nationNames(data))}; expected one of ${nationNames(data).join(', ')}`]);
    return found;
  });
  if (errors.length || !front || !nations[0] || !nations[1]) return { errors };

  // Which side rolls as the Axis player (spec §3.2; §5.9: no Axis side or two -> no modifier).
  const blocs = nations.map((x) => x![1].bloc);
  let axisIndex = blocs.indexOf('Axis');
  if (axisIndex < 0 || blocs[0] === blocs[1]) {
    axisIndex = 0;
    warnings.push(`noAxisOpponent: both sides are ${blocs[0]}; no air modifier (spec §5.9), ${body.sides[0].id} rolls first`);
  }
  let axisMod = 0;
  let axisSource = 'none';
  const airPaths: string[] = [];
  if (blocs[0] !== blocs[1]) {
    const [, nat] = nations[axisIndex]!;
    const block = nat.axisBlock!;
    const sideIn = body.sides[axisIndex];
    const row = sideIn.axisRow ?? data.fronts[front].axisRows[block];
    if (!sideIn.axisRow) airPaths.push(`fronts.${front}.axisRows.${block}`);
    airPaths.push(`nations.${nations[0]![0]}.bloc`, `nations.${nations[1]![0]}.bloc`, `nations.${nations[axisIndex]![0]}.axisBlock`);
    if (row === 'none') {
      const msg = `no ${block} air row for the ${front} front (fronts.${front}.axisRows.${block} is 'none'); set sides.${axisIndex}.axisRow`;
      if (opts.undefinedAxisModifier === 'error') errors.push([`scenario.sides.${axisIndex}.axisRow`, msg]);
      else warnings.push(`noAxisRow: ${msg}; modifier 0`);
    } else if (!(row in data.air.modifiers[block])) {
      errors.push([`scenario.sides.${axisIndex}.axisRow`, `unknown ${block} air row '${row}'${suggest(row, Object.keys(data.air.modifiers[block]))}; expected one of ${Object.keys(data.air.modifiers[block]).join(', ')}`]);
    } else {
      const cell = data.air.modifiers[block][row][year];
      airPaths.push(`air.modifiers.${block}.${row}.${year}`);
      axisSource = `${block} / ${row} / ${year}`;
      if (cell === null) {
        const msg = `the Axis air table has no value ('–') for ${block} / ${row} in ${year} (front not active that year, spec §6 A10)`;
        if (opts.undefinedAxisModifier === 'error') errors.push(['scenario.year', `${msg}; options.undefinedAxisModifier is 'error'`]);
        else warnings.push(`ahistoricalFrontYear: ${msg}; modifier 0`);
      } else axisMod = cell;
    }
  }

  const N = body.sides.reduce((s, x) => s + x.subUnits + (opts.countAttachedUnits ? x.attachedUnits : 0), 0);
  const B = body.sides.reduce((s, x) => s + x.bases, 0);

  const sides = body.sides.map((s, i): SidePlan | undefined => {
    const [nid, nat] = nations[i]!;
    const sp = { airstrikes: [] as string[], barrages: [] as string[], works: [] as string[] };
    if (!s.airstrikeRow) sp.airstrikes.push(`nations.${nid}.airstrikeRow`);
    if (!s.barrageRow) sp.barrages.push(`nations.${nid}.barrageRow`);
    const airRow = s.airstrikeRow ?? nat.airstrikeRow;
    if (!(airRow in data.airstrikes.rows)) {
      errors.push([`scenario.sides.${i}.airstrikeRow`, `unknown airstrike row '${airRow}'${suggest(airRow, Object.keys(data.airstrikes.rows))}; expected one of ${Object.keys(data.airstrikes.rows).join(', ')}`]);
      return undefined;
    }
    sp.airstrikes.push(`airstrikes.rows.${airRow}`, 'airstrikes.columns');
    const barrageRow = s.barrageRow ?? nat.barrageRow;
    if (!(barrageRow in data.barrages.modifiers)) {
      errors.push([`scenario.sides.${i}.barrageRow`, `unknown barrage modifier row '${barrageRow}'${suggest(barrageRow, Object.keys(data.barrages.modifiers))}; expected one of ${Object.keys(data.barrages.modifiers).join(', ')}`]);
      return undefined;
    }
    sp.barrages.push(`barrages.modifiers.${barrageRow}.${year}`, `barrages.rates.${body.intensity}.${s.id === body.attacker ? 'Attacker' : body.attacker === 'roll' ? '' : 'Defender'}`.replace(/\.$/, ''), 'barrages.dieMin', 'barrages.dieMax');
    let worksRow: string | null = null;
    const worksCells = {} as Record<WorksCategory, DiceExpr>;
    for (const c of WORKS_CATEGORIES) worksCells[c] = { kind: 'none' };
    if (body.steps.defensiveWorks) {
      const sel = nat.works.findIndex((w) => w.fronts.includes(front) && w.from <= body.year && body.year <= w.to);
      if (!s.defWorksRow && sel >= 0) sp.works.push(`nations.${nid}.works.${sel}`);
      const row = s.defWorksRow ?? worksRowFor(nat, front, body.year);
      if (!row) {
        errors.push([`scenario.sides.${i}.defWorksRow`, `no defensive works row for ${nid} on the ${front} front in ${body.year}; set defWorksRow to one of ${Object.keys(data.defensiveWorks.rows).join(', ')}`]);
        return undefined;
      }
      if (!(row in data.defensiveWorks.rows)) {
        errors.push([`scenario.sides.${i}.defWorksRow`, `unknown defensive works row '${row}'${suggest(row, Object.keys(data.defensiveWorks.rows))}; expected one of ${Object.keys(data.defensiveWorks.rows).join(', ')}`]);
        return undefined;
      }
      worksRow = row;
      sp.works.push(`defensiveWorks.rows.${row}`, 'defensiveWorks.basesPerRollSet', 'defensiveWorks.trenchInchesPerPoint');
      for (const c of WORKS_CATEGORIES) worksCells[c] = parseDiceExpr(data.defensiveWorks.rows[row][c]);
    }
    const cellText = data.airstrikes.rows[airRow];
    return {
      index: i,
      id: s.id,
      nation: nid,
      label: nat.label,
      bloc: nat.bloc,
      subUnits: s.subUnits,
      attachedUnits: s.attachedUnits,
      bases: s.bases,
      airstrikeRow: airRow,
      airstrikeCells: cellText.map(parseDiceExpr),
      airstrikeCellText: cellText,
      barrageRow,
      barrageMod: data.barrages.modifiers[barrageRow][year],
      worksRow,
      worksCells,
      dummies: s.dummies,
      paths: sp,
    };
  });
  if (errors.length || !sides[0] || !sides[1]) return { errors };

  const rates = data.barrages.rates[body.intensity];
  const proximityPaths = [`proximity.yards.${body.terrain}`, `proximity.yardsPerInch.${body.scale}`];
  const lullPaths = ['lull.triggerFaces', 'lull.shortIfTurnAtMost', ...(opts.lullMode === 'deadline2d6' ? ['lull.deadlineDice'] : [])];
  for (const p of [...airPaths, ...proximityPaths, ...lullPaths]) paths.add(p);
  for (const sd of sides) for (const list of Object.values(sd!.paths)) for (const p of list) paths.add(p);

  // barrageBounds 'strict': reject up front when some die face would leave the table (O-B9).
  if (body.steps.barrages && opts.barrageBounds === 'strict') {
    sides.forEach((s, i) => {
      const lo = 1 + s!.barrageMod;
      const hi = 6 + s!.barrageMod;
      if (lo < data.barrages.dieMin || hi > data.barrages.dieMax)
        errors.push([`scenario.sides.${i}.nation`, `barrageBounds 'strict': the ${s!.barrageRow} ${body.year} modifier ${fmtSigned(s!.barrageMod)} makes modified rolls ${lo}..${hi}, outside the table's ${data.barrages.dieMin}..${data.barrages.dieMax}`]);
    });
    if (errors.length) return { errors };
  }

  const plan: SetupPlan = {
    year: body.year,
    front,
    intensity: body.intensity,
    terrain: body.terrain,
    scale: body.scale,
    steps: body.steps,
    attacker,
    sides: [sides[0], sides[1]],
    axisIndex,
    axisMod,
    axisSource,
    airColumns: data.airstrikes.columns,
    rates: { Attacker: rates.Attacker, Defender: rates.Defender },
    dieMin: data.barrages.dieMin,
    dieMax: data.barrages.dieMax,
    N,
    B,
    rollSets: body.steps.defensiveWorks ? rollSetsFor(B, data.defensiveWorks.basesPerRollSet, opts.rollSets) : 0,
    trenchInchesPerPoint: data.defensiveWorks.trenchInchesPerPoint,
    proximityYards: data.proximity.yards[body.terrain],
    yardsPerInch: data.proximity.yardsPerInch[body.scale],
    yardsPerInchLarge: data.proximity.yardsPerInch.Large,
    lull: { triggerFaces: data.lull.triggerFaces, shortIfTurnAtMost: data.lull.shortIfTurnAtMost, deadlineDice: data.lull.deadlineDice },
    options: opts,
    warnings,
    dataPaths: [...paths].sort(),
    paths: { air: airPaths, proximity: proximityPaths, lull: lullPaths },
  };
  return { plan, errors: [] };
}

export function fmtSigned(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
