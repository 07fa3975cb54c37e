/**
 * salvo setup ww2 --attacker <nation> --defender <nation> --year <y> --front <front>
 *   --intensity <i> --units N --seed S [--terrain T] [--scale S] [--bases A,B] [--option k=v] [--json]
 * or: salvo setup ww2 --scenario FILE --seed S [--json]
 * Prints one concrete seeded set-up (the same one `salvo run` plays as game 0 with that seed).
 */
import type { Command } from 'commander';
import { resolveOptions, type OptionSpecs, type OptionValue } from '../../core/options.ts';
import { gameStreams } from '../../core/rng/streams.ts';
import { stripProvenance } from '../../core/tables/provenance.ts';
import { InputError } from '../../core/errors.ts';
import { loadScenarioFile } from '../../scenario/load.ts';
import { system as ww2 } from '../../systems/ww2setup/index.ts';
import { formatSetup } from '../../systems/ww2setup/format.ts';
import type { SetupPlan } from '../../systems/ww2setup/model.ts';
import { PlanError, planFor, SETUP_PARAMS } from '../../systems/ww2setup/params.ts';
import { sampleSetup } from '../../systems/ww2setup/rules/sequence.ts';
import type { RulesData } from '../../systems/ww2setup/schema.ts';
import { seedValue } from '../flags.ts';
import { collect, parseKv } from './odds.ts';

const CMD = 'command line';
export const GENERATORS = ['ww2', 'ww2setup'];

export interface SetupArgs {
  readonly generator: string;
  readonly attacker?: string;
  readonly defender?: string;
  readonly year?: string;
  readonly front?: string;
  readonly intensity?: string;
  readonly terrain?: string;
  readonly scale?: string;
  readonly units?: string;
  readonly bases?: string;
  readonly seed?: string;
  readonly scenario?: string;
  readonly option?: readonly string[];
  readonly json?: boolean;
}

/** Option values given as text, coerced to each option's type. */
export function optionsFromText(specs: OptionSpecs, given: Record<string, string>): Record<string, OptionValue> {
  const typed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) {
    const s = specs[k];
    typed[k] = !s ? v : typeof s.default === 'number' ? Number(v) : typeof s.default === 'boolean' ? (v === 'true' ? true : v === 'false' ? false : v) : v;
  }
  const [values, errors] = resolveOptions(specs, typed);
  if (errors.length) throw new InputError(CMD, errors.map(([k, m]) => ({ path: `--option ${k}`, message: m })));
  // Only the options given (the defaults, or a scenario's values, stay for the rest).
  return Object.fromEntries(Object.keys(given).map((k) => [k, values[k]]));
}

export function runSetup(a: SetupArgs): string {
  if (!GENERATORS.includes(a.generator)) throw new InputError(CMD, [{ path: '<generator>', message: `unknown set-up generator '${a.generator}'; expected ww2` }]);
  const seed = seedValue(a.seed) ?? 1;
  let plan: SetupPlan;
  if (a.scenario) {
    const flags = (['attacker', 'defender', 'year', 'front', 'intensity', 'terrain', 'scale', 'units', 'bases'] as const).filter((k) => a[k] !== undefined);
    if (flags.length) throw new InputError(CMD, [{ path: `--${flags[0]}`, message: 'give either --scenario or the battle flags, not both' }]);
    const loaded = loadScenarioFile(a.scenario);
    if (loaded.system.info.id !== ww2.info.id) throw new InputError(a.scenario, [{ path: 'system', message: `expected a ww2setup scenario, got '${loaded.system.info.id}'` }]);
    const options = { ...loaded.options, ...optionsFromText(ww2.options, parseKv(a.option ?? [], '--option')) };
    plan = planFor(loaded.data, options, {}, loaded.input.body);
  } else {
    const missing = (['attacker', 'defender'] as const).filter((k) => a[k] === undefined);
    if (missing.length) throw new InputError(CMD, missing.map((k) => ({ path: `--${k}`, message: `required: the ${k === 'attacker' ? 'attacking' : 'defending'} nation (e.g. Germans, Russians, Americans, British, Japanese)` })));
    const year = a.year === undefined ? SETUP_PARAMS.year.default : Number(a.year);
    if (!Number.isInteger(year)) throw new InputError(CMD, [{ path: '--year', message: `expected a year 1939..1945, got '${a.year}'` }]);
    const data = ww2.rulesSchema.parse(stripProvenance(ww2.rulesData)) as RulesData;
    const options = optionsFromText(ww2.options, parseKv(a.option ?? [], '--option'));
    const params = {
      attacker: a.attacker!,
      defender: a.defender!,
      year,
      front: a.front ?? String(SETUP_PARAMS.front.default),
      intensity: a.intensity ?? String(SETUP_PARAMS.intensity.default),
      terrain: a.terrain ?? String(SETUP_PARAMS.terrain.default),
      scale: a.scale ?? String(SETUP_PARAMS.scale.default),
      units: a.units ?? String(SETUP_PARAMS.units.default),
      bases: a.bases ?? 'auto',
    };
    try {
      plan = planFor(data, options, params);
    } catch (e) {
      if (e instanceof PlanError) throw new InputError(CMD, e.issues.map(([p, m]) => ({ path: p ? `--${p}` : '', message: m })));
      throw e;
    }
  }
  const streams = gameStreams(seed, 0, 2);
  let result;
  try {
    result = sampleSetup(plan, streams.setup, streams.dice);
  } catch (e) {
    throw new InputError(CMD, [{ path: '--option barrageBounds', message: (e as Error).message }]);
  }
  if (a.json) return JSON.stringify({ seed, plan: { year: plan.year, front: plan.front, intensity: plan.intensity, terrain: plan.terrain, scale: plan.scale, N: plan.N, B: plan.B, rollSets: plan.rollSets, axisMod: plan.axisMod, sides: plan.sides.map((s) => ({ id: s.id, nation: s.nation, subUnits: s.subUnits, attachedUnits: s.attachedUnits, bases: s.bases, airstrikeRow: s.airstrikeRow, barrageRow: s.barrageRow, barrageMod: s.barrageMod, worksRow: s.worksRow })) }, setup: result }, null, 2) + '\n';
  return formatSetup(plan, result, seed);
}

export function register(program: Command): void {
  program
    .command('setup')
    .description('one concrete seeded set-up from a set-up generator (ww2: the WWII 1943 Standard Game Setup)')
    .argument('<generator>', 'ww2')
    .option('--attacker <nation>', 'attacking nation, e.g. Germans')
    .option('--defender <nation>', 'defending nation, e.g. Russians')
    .option('--year <y>', 'year 1939..1945 (default 1943)')
    .option('--front <front>', 'East, West, Mediterranean, China, Pacific, PacificIsland (default East)')
    .option('--intensity <i>', 'LocalAttack, MajorOffensive, NavalBarrage, StalematedFront (default MajorOffensive)')
    .option('--terrain <t>', 'Constricted, Open, WideOpen (default Open)')
    .option('--scale <s>', 'Large, Medium, Small (default Medium)')
    .option('--units <N>', "sub-units per side: 'A,B' or one number for both (default 12,8)")
    .option('--bases <A,B>', 'bases per side (default 10 per sub-unit)')
    .option('--scenario <FILE>', 'take the battle from a ww2setup scenario file instead of the flags')
    .option('--option <k=v>', 'a named option of ww2setup, repeatable (e.g. --option lullMode=deadline2d6)', collect, [])
    .option('-s, --seed <S>', 'seed, a number or a word (default 1)')
    .option('--json', 'print the set-up as JSON')
    .action((generator: string, o: Omit<SetupArgs, 'generator'>) => {
      process.stdout.write(runSetup({ generator, ...o }));
    });
}

export { register as registerSetup };
