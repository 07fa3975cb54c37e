/**
 * salvo as a library: `import { bundledScenario, runScenario, exactOdds, writeReport } from 'salvo'`.
 * ESM only (the entry loads the rule systems with a top-level await: CommonJS code uses
 * `await import('salvo')`), Node.js 20.19 or newer.
 *
 * A small, typed surface over the same modules the command line uses:
 *  - bundledScenario / bundledExperiment: the files that ship with salvo, by name;
 *  - validateFile / loadScenario / loadExperiment: one-pass validation, InputError on bad input;
 *  - runScenario / runExperiment: play with the worker pool, progress callback, optional report;
 *  - exactOdds: an exact odds table of a system's mechanic (house rules from a scenario file);
 *  - writeReport: the offline HTML + CSV + JSON report of a run;
 *  - systems / systemCatalog / scenarioJsonSchema: what each system offers a scenario writer
 *    (every system is loaded when salvo is imported; loadSystem / loadAllSystems are the async
 *    registry entries, src/systems/index.ts).
 */
import { agentList } from './cli/flags.ts';
import { InputError, type InputIssue } from './core/errors.ts';
import type { GameSystem } from './core/system.ts';
import { computeTable, flatten, getMechanic, checkParams, type CellRecord, type ResolvedTable } from './odds/compute.ts';
import { oddsContext } from './odds/context.ts';
import type { WrittenReport } from './report/report-input.ts';
import { replaceFolder } from './app/output.ts';
import { runExperiment as runExperimentImpl, runScenario as runScenarioImpl, type RunOutcome } from './app/execute.ts';
import { salvoVersion } from './app/version.ts';
import { systemCatalog as catalogOf, type SystemCatalog } from './scenario/catalog.ts';
import { loadExperimentFile, type LoadedExperiment } from './scenario/experiment.ts';
import { experimentJsonSchema, scenarioJsonSchema as jsonSchemaOf } from './scenario/json-schema.ts';
import { LIMITS } from './scenario/limits.ts';
import { loadScenarioFile, type LoadedScenario } from './scenario/load.ts';
import { bundledExperiment, bundledExperimentNames, bundledScenario, bundledScenarioNames } from './scenario/bundled.ts';
import { readSourceFile } from './scenario/yaml-file.ts';
import { SYSTEM_IDS, allSystems, findSystem, loadAllSystems, loadSystem } from './systems/index.ts';

export { InputError, LIMITS, salvoVersion, loadSystem, loadAllSystems, bundledScenario, bundledScenarioNames, bundledExperiment, bundledExperimentNames };

// The library's calls are synchronous and take any system, so importing salvo loads every rule
// system (the command line and the worker threads load only the systems they play).
await loadAllSystems();
export type { InputIssue, LoadedScenario, LoadedExperiment, RunOutcome, WrittenReport, SystemCatalog, ResolvedTable, CellRecord, GameSystem };

/** Ids and names of the registered rule systems. */
export function systems(): Array<{ id: string; name: string; kind: 'game' | 'generator' }> {
  return allSystems().map((s) => ({ id: s.info.id, name: s.info.name, kind: s.info.kind }));
}

function systemById(id: string): GameSystem {
  const s = findSystem(id);
  if (!s) throw new InputError('library call', [{ path: 'system', message: `unknown system '${id.slice(0, 40)}'; known: ${SYSTEM_IDS.join(', ')}` }]);
  return s;
}

/** Units, weapons and other rules collections, options and agents of a system. */
export function systemCatalog(id: string): SystemCatalog {
  return catalogOf(systemById(id));
}

/** The JSON Schema (draft 2020-12) of a system's scenario files, or of experiment files ('experiment'). */
export function scenarioJsonSchema(id: string): Record<string, unknown> {
  return id === 'experiment' ? experimentJsonSchema() : jsonSchemaOf(systemById(id));
}

/** Loads and validates a scenario file; throws InputError with every problem (file:line: path: message). */
export function loadScenario(file: string): LoadedScenario {
  return loadScenarioFile(file);
}

/** Loads and validates an experiment file and its base scenario. */
export function loadExperiment(file: string): LoadedExperiment {
  return loadExperimentFile(file);
}

export type Validation = { readonly ok: true; readonly kind: 'scenario' | 'experiment' } | { readonly ok: false; readonly issues: readonly InputIssue[]; readonly message: string };

/** Checks a scenario or experiment file without playing; never throws for bad input. */
export function validateFile(file: string): Validation {
  try {
    const data = readSourceFile(file).data as Record<string, unknown>;
    const kind = 'experiment' in data && !('system' in data) ? 'experiment' : 'scenario';
    if (kind === 'experiment') loadExperimentFile(file);
    else loadScenarioFile(file);
    return { ok: true, kind };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, issues: e.issues, message: e.message };
    throw e;
  }
}

export interface PlayOptions {
  /** Games (per variant); default: the file's, else 10000 (scenario) or 2000 (experiment). */
  readonly games?: number;
  /** Run seed: any 64-bit integer (number or digits) or a word. */
  readonly seed?: number | string;
  /** Worker threads; 0 plays in this thread. Default: all cores. */
  readonly workers?: number;
  /** Stop once every win-rate 95% interval half-width is at most this (e.g. 0.01). */
  readonly precision?: number;
  /** Report folder (HTML + CSV + JSON); no report when absent. */
  readonly out?: string;
  /** Called as games complete. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ScenarioPlayOptions extends PlayOptions {
  /** One agent per side, e.g. ['marksman:lambda=1.5', 'brawler']. */
  readonly agents?: readonly string[];
}

function checkGames(games: number | undefined): void {
  if (games !== undefined && (!Number.isSafeInteger(games) || games < 1 || games > LIMITS.games)) {
    throw new InputError('library call', [{ path: 'games', message: `expected a whole number from 1 to ${LIMITS.games}` }]);
  }
}

/** Plays a scenario file; returns the analysis (win rates with intervals...) and the report input. */
export async function runScenario(file: string, o: ScenarioPlayOptions = {}): Promise<RunOutcome> {
  checkGames(o.games);
  return runScenarioImpl({ file, games: o.games, seed: o.seed, workers: o.workers, targetHalfWidth: o.precision, out: o.out, onProgress: o.onProgress, agents: o.agents ? agentList(o.agents.join(',')) : undefined });
}

/** Plays every variant of an experiment file on common random numbers. */
export async function runExperiment(file: string, o: PlayOptions = {}): Promise<RunOutcome> {
  checkGames(o.games);
  return runExperimentImpl({ file, games: o.games, seed: o.seed, workers: o.workers, targetHalfWidth: o.precision, out: o.out, onProgress: o.onProgress });
}

/** Writes the offline report (report.html, summary.json, CSV files) of a run into `dir`. */
export function writeReport(outcome: RunOutcome, dir: string): WrittenReport {
  return replaceFolder(dir, outcome.files);
}

export interface OddsTable {
  readonly table: ResolvedTable;
  /** One record per cell: keys, column, decimal, exact fraction, placeholder/override marks. */
  readonly records: CellRecord[];
}

/** An exact odds table of a system's mechanic (`salvo odds <system> <mechanic>`). */
export function exactOdds(system: string, mechanic: string, params: Readonly<Record<string, string | number | boolean>> = {}, o: { scenario?: string } = {}): OddsTable {
  const sys = systemById(system);
  if (!sys.odds) throw new InputError('library call', [{ path: 'system', message: `system '${system}' has no exact mechanics` }]);
  const ctx = oddsContext(sys, o.scenario);
  const mech = getMechanic(ctx, mechanic);
  const text: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(params)) text[k] = String(v);
  const table = computeTable(ctx, mech, checkParams(ctx, mech, text));
  return { table, records: flatten(table) };
}

/** Mechanic names of a system's exact odds. */
export function oddsMechanics(system: string): string[] {
  return systemById(system).odds?.mechanics.map((m) => m.name) ?? [];
}
