/**
 * The scenario checks that need the rules data, in one place: resolvePlan resolves a validated
 * `scenario:` block against the rules data and options into the SetupPlan (model.ts), and every
 * lookup that fails (an unknown nation, front or row, a '–' air cell under
 * undefinedAxisModifier 'error', a modifier beyond the table under barrageBounds 'strict') is an
 * error [path inside the file, message]. The checks and the plan are one pass: each check is a
 * table lookup the plan needs.
 */
import { suggest, type OptionValues } from '../../core/options.ts';
import { fmtSigned } from './format.ts';
import type { SetupPlan, SidePlan } from './model.ts';
import { ww2Options } from './options.ts';
import { parseDiceExpr, type DiceExpr } from './rules/rolls.ts';
import { rollSetsFor } from './rules/works.ts';
import { checkRulesData, WORKS_CATEGORIES, YEARS, type NationData, type RulesData, type ScenarioBody, type WorksCategory } from './schema.ts';

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

/** The system's checkScenario: the errors of resolvePlan. */
export function checkScenario(body: ScenarioBody, data: RulesData, values: OptionValues): Array<[string, string]> {
  return resolvePlan(body, data, values).errors;
}

/** The system's dataInUse: the rules-data paths the plan reads (for provenance lists). */
export function dataInUse(body: ScenarioBody, data: RulesData): string[] {
  const { plan } = resolvePlan(body, data, {});
  return plan ? [...plan.dataPaths] : [];
}
