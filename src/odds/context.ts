/**
 * The rules data, options and (optionally) scenario an odds table is computed from: the system's
 * defaults, or a scenario file's house-rule overrides and options (through the scenario loader,
 * so the numbers come from exactly what `salvo run` would play).
 */
import { optionDefaults, type OptionValues } from '../core/options.ts';
import type { OddsModule } from '../core/odds.ts';
import type { GameSystem } from '../core/system.ts';
import { stripProvenance, type DataTree } from '../core/tables/provenance.ts';
import { InputError } from '../core/errors.ts';
import { loadScenarioFile } from '../scenario/load.ts';

export interface OddsScenario {
  readonly file: string;
  readonly id: string;
  readonly name: string;
  /** The validated `scenario:` block. */
  readonly body: unknown;
  readonly overrides: Readonly<Record<string, unknown>>;
  readonly options: Readonly<Record<string, unknown>>;
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
}

/** The system's default rules data and options, or those of a scenario file. */
export function oddsContext(system: GameSystem, scenarioFile?: string): OddsContext {
  const module = system.odds;
  if (!module) throw new InputError('command line', [{ path: 'system', message: `system '${system.info.id}' has no exact mechanics (no odds module)` }]);
  if (scenarioFile === undefined) {
    return { system, module, data: system.rulesSchema.parse(stripProvenance(system.rulesData)), dataTree: system.rulesData, options: optionDefaults(system.options) };
  }
  const loaded = loadScenarioFile(scenarioFile);
  if (loaded.system.info.id !== system.info.id) {
    throw new InputError(scenarioFile, [{ path: 'system', message: `the scenario is for system '${loaded.system.info.id}', expected '${system.info.id}'` }]);
  }
  return {
    system,
    module,
    data: loaded.data,
    dataTree: loaded.dataTree,
    options: loaded.options,
    scenario: {
      file: scenarioFile,
      id: loaded.input.id,
      name: loaded.input.name,
      body: loaded.input.body,
      overrides: loaded.input.overrides,
      options: loaded.envelope.options ?? {},
    },
  };
}
