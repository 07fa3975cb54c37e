/**
 * The rules data, options and (optionally) scenario an odds table is computed from: the system's
 * defaults, a scenario file's house-rule overrides and options (through the scenario loader, so
 * the numbers come from exactly what `salvo run` would play), and `--set path=value` edits on top
 * of either (the loader's own override machinery: src/scenario/load.ts resolveRules, and with a
 * scenario file the `salvo run --set` edits of src/answers/sets.ts).
 *
 * The context also knows its house rules (every rules value and option that differs from the
 * system's defaults) and can compute the rules data without some of them: an odds value is marked
 * changed (‡) when it differs from the value without the house rules.
 */
import { optionDefaults, type OptionValues } from '../core/options.ts';
import type { OddsModule } from '../core/odds.ts';
import type { GameSystem } from '../core/system.ts';
import { stripProvenance, type DataTree } from '../core/tables/provenance.ts';
import { InputError } from '../core/errors.ts';
import { loadScenarioFile, resolveRules, type LoadedScenario } from '../scenario/load.ts';
import { readSourceFile } from '../scenario/yaml-file.ts';
import { compileWithSets } from '../answers/sets.ts';
import { normalisePath, parseSet, type SetEdit } from '../scenario/sets.ts';

export interface OddsScenario {
  readonly file: string;
  readonly id: string;
  readonly name: string;
  /** The validated `scenario:` block. */
  readonly body: unknown;
  readonly overrides: Readonly<Record<string, unknown>>;
  readonly options: Readonly<Record<string, unknown>>;
}

/** One house rule in force: a rules value or an option that differs from the system's default. */
export interface HouseRule {
  /** `overrides.<rules path>` or `options.<name>`. */
  readonly path: string;
  readonly value: unknown;
  /** The system's value (undefined for a record the house rule adds). */
  readonly was: unknown;
}

export interface OddsContext {
  readonly system: GameSystem;
  readonly module: OddsModule;
  /** Rules data, plain and validated. */
  readonly data: unknown;
  /** Rules data with provenance (overrides marked 'override'). */
  readonly dataTree: DataTree;
  readonly options: OptionValues;
  readonly scenario?: OddsScenario;
  /** The `--set` edits, as given (commands printed on cards repeat them). */
  readonly sets: readonly SetEdit[];
  /** Every rules override and non-default option in force (the scenario's and --set's). */
  readonly houseRules: readonly HouseRule[];
  /** Rules data and options with only these house rules (null when they leave no valid data). */
  readonly withOnly: (rules: readonly HouseRule[]) => { readonly data: unknown; readonly options: OptionValues } | null;
}

/** `salvo odds` / `salvo cards`: the system's defaults, a scenario file, and --set edits on either. */
export function oddsContext(system: GameSystem, scenarioFile?: string, setTexts: readonly string[] = []): OddsContext {
  const module = system.odds;
  if (!module) throw new InputError('command line', [{ path: 'system', message: `system '${system.info.id}' has no exact mechanics (no odds module)` }]);
  const sets = setTexts.map(parseSet);
  if (scenarioFile === undefined) {
    const overrides: Record<string, unknown> = {};
    const options: Record<string, unknown> = {};
    const issues: Array<{ path: string; message: string }> = [];
    for (const s of sets) {
      const path = normalisePath(s.path);
      const rest = path.slice(path.indexOf('.') + 1);
      if (path.startsWith('overrides.')) overrides[rest] = s.value;
      else if (path.startsWith('options.')) options[rest] = s.value;
      else issues.push({ path: `--set ${s.path}`, message: `'${path.slice(0, path.indexOf('.'))}.' edits a scenario file: give --scenario FILE, or set a rules value (overrides.<path>) or an option (options.<name>)` });
    }
    if (issues.length) throw new InputError('command line', issues);
    const r = resolveRules(system, options, overrides, '--set');
    if (r.issues.length || r.data === undefined) throw new InputError('command line', r.issues.map((i) => ({ path: `--set ${i.path.replace(/^overrides\./, '')}`, message: i.message })));
    return finish(system, module, r.data, r.dataTree, r.options, undefined, sets, overrides);
  }
  let loaded: LoadedScenario;
  if (sets.length) {
    const src = readSourceFile(scenarioFile);
    const doc = (typeof src.data === 'object' && src.data !== null && !Array.isArray(src.data) ? src.data : {}) as Record<string, unknown>;
    loaded = compileWithSets({ doc, file: scenarioFile, text: src.text }, sets).loaded;
  } else loaded = loadScenarioFile(scenarioFile);
  if (loaded.system.info.id !== system.info.id) {
    throw new InputError(scenarioFile, [{ path: 'system', message: `the scenario is for system '${loaded.system.info.id}', expected '${system.info.id}'` }]);
  }
  const scenario: OddsScenario = {
    file: scenarioFile,
    id: loaded.input.id,
    name: loaded.input.name,
    body: loaded.input.body,
    overrides: loaded.input.overrides,
    options: loaded.envelope.options ?? {},
  };
  return finish(system, module, loaded.data, loaded.dataTree, loaded.options, scenario, sets, loaded.input.overrides);
}

function finish(system: GameSystem, module: OddsModule, data: unknown, dataTree: DataTree, options: OptionValues, scenario: OddsScenario | undefined, sets: readonly SetEdit[], overrides: Readonly<Record<string, unknown>>): OddsContext {
  const plain = stripProvenance<unknown>(system.rulesData);
  const defaults = optionDefaults(system.options);
  const houseRules: HouseRule[] = [];
  for (const [path, value] of Object.entries(overrides)) houseRules.push({ path: `overrides.${path}`, value, was: valueAt(plain, path) });
  for (const [name, value] of Object.entries(options)) if (defaults[name] !== value) houseRules.push({ path: `options.${name}`, value, was: defaults[name] });
  let plainData: unknown;
  const withOnly = (keep: readonly HouseRule[]): { data: unknown; options: OptionValues } | null => {
    if (keep.length === 0) {
      plainData ??= system.rulesSchema.parse(plain);
      return { data: plainData, options: defaults };
    }
    const o: Record<string, unknown> = {};
    const ov: Record<string, unknown> = {};
    for (const h of keep) {
      if (h.path.startsWith('options.')) o[h.path.slice(8)] = h.value;
      else ov[h.path.slice(10)] = h.value;
    }
    const r = resolveRules(system, o, ov, 'house rules');
    return r.issues.length || r.data === undefined ? null : { data: r.data, options: r.options };
  };
  return { system, module, data, dataTree, options, scenario, sets, houseRules, withOnly };
}

/** The value at a dotted path of plain data (undefined when absent). */
function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const k of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? node[Number(k)] : (node as Record<string, unknown>)[k];
  }
  return node;
}
