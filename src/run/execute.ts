/**
 * Orchestration used by the CLI and the tests: load → plan → play (pool) → analyse → report.
 * All input is validated before the first game is played, so bad input never writes a report.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { AgentChoice } from '../core/agent.ts';
import { formatAgentChoice } from '../core/agent.ts';
import { STREAM_FORMAT } from '../core/rng/streams.ts';
import { analyzePlan, type Analysis, type VariantInfo } from '../analysis/analyze.ts';
import { writeReport, type ReportInput, type ScenarioDescription, type WrittenReport } from '../report/run-report.ts';
import { InputError } from '../scenario/errors.ts';
import { checkAgentChoices } from '../scenario/agents.ts';
import { loadExperimentFile } from '../scenario/experiment.ts';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load.ts';
import { readSourceFile } from '../scenario/yaml-file.ts';
import { compileWithSets, type SetEdit } from '../answers/sets.ts';
import { sprtMonitor, type SprtSpec } from '../answers/sprt.ts';
import { robustAcross } from '../answers/robust.ts';
import type { RunPlan } from './plan.ts';
import { runPlan, type PlanResult, type RunOptions } from './pool.ts';

export const DEFAULT_GAMES = 10_000;

export function salvoVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export interface ScenarioRunRequest extends RunOptions {
  readonly file: string;
  readonly games?: number;
  readonly seed?: number | string;
  readonly agents?: readonly AgentChoice[];
  /** Output folder; no report when absent. */
  readonly out?: string;
  /** Command text to print in the report; built from the request when absent. */
  readonly command?: string;
  /** `--set path=value` edits of the scenario (rules values, options, scenario paths). */
  readonly sets?: readonly SetEdit[];
}

export interface RunOutcome {
  readonly result: PlanResult;
  readonly analysis: Analysis;
  readonly report: ReportInput;
  readonly written?: WrittenReport;
}

export function planForScenario(loaded: LoadedScenario, req: Omit<ScenarioRunRequest, 'file'>): RunPlan {
  const sides = loaded.compiled.sides;
  const agents: AgentChoice[] = [...(req.agents ?? loaded.defaults.agents ?? loaded.system.defaultAgents.map((name) => ({ name, params: {} })))];
  const issues = checkAgentChoices(loaded.system, agents, '--agents');
  if (agents.length !== sides.length) issues.push({ path: '--agents', message: `expected ${sides.length} agents (one per side: ${sides.join(', ')}), got ${agents.length}` });
  if (issues.length) throw new InputError('command line', issues);
  return {
    kind: 'run',
    id: loaded.input.id,
    name: loaded.input.name,
    seed: req.seed ?? loaded.defaults.seed ?? 1,
    games: req.games ?? loaded.defaults.games ?? DEFAULT_GAMES,
    variants: [{ name: loaded.input.id, label: loaded.input.name, tags: {}, file: loaded.file, agents }],
    baseline: -1,
  };
}

export function describeScenario(loaded: LoadedScenario): ScenarioDescription {
  const env = loaded.envelope;
  return {
    id: loaded.input.id,
    name: loaded.input.name,
    file: relative(process.cwd(), loaded.file) || loaded.file,
    text: loaded.text,
    system: { id: loaded.system.info.id, name: loaded.system.info.name, seedFile: loaded.system.info.seedFile, kind: loaded.system.info.kind },
    description: env.description,
    source: env.source,
    options: loaded.options,
    optionSpecs: loaded.system.options,
    overrides: loaded.input.overrides,
    provenance: loaded.provenance,
    ratios: loaded.compiled.metrics.ratios ?? [],
    rowKeys: loaded.compiled.metrics.rowKeys,
  };
}

function variantInfo(l: LoadedScenario): VariantInfo {
  return { sides: l.compiled.sides, layout: l.compiled.metrics, lengthUnit: l.system.info.lengthUnit };
}

function versions(loaded: LoadedScenario): Record<string, string> {
  return { salvo: salvoVersion(), streams: `format ${STREAM_FORMAT}`, node: process.version, system: `${loaded.system.info.id} (${loaded.system.info.name})` };
}

export async function runScenario(req: ScenarioRunRequest): Promise<RunOutcome> {
  const edited = req.sets?.length ? compileWithSets({ doc: readSourceFile(req.file).data as Record<string, unknown>, file: req.file, text: readFileSync(req.file, 'utf8') }, req.sets) : undefined;
  const loaded = edited?.loaded ?? loadScenarioFile(req.file);
  const planned = planForScenario(loaded, req);
  const plan: RunPlan = edited ? { ...planned, variants: planned.variants.map((v) => ({ ...v, doc: edited.doc })) } : planned;
  const command =
    req.command ??
    `salvo run ${relative(process.cwd(), loaded.file)}${(req.sets ?? []).map((e) => ` --set ${e.path}=${e.value}`).join('')} --games ${plan.games} --seed ${plan.seed} --agents ${plan.variants[0].agents.map(formatAgentChoice).join(',')}` +
      (req.targetHalfWidth ? ` --precision ${req.targetHalfWidth}` : '');
  const result = await runPlan(plan, req);
  const analysis = analyzePlan(result, [variantInfo(loaded)]);
  const report: ReportInput = {
    title: loaded.input.name,
    kind: 'run',
    description: loaded.envelope.description,
    analysis,
    result,
    scenario: describeScenario(loaded),
    command,
    versions: versions(loaded),
  };
  const written = req.out ? writeReport(req.out, report) : undefined;
  return { result, analysis, report, written };
}

export interface ExperimentRunRequest extends RunOptions {
  readonly file: string;
  /** Sequential test of every variant against the baseline (`--sprt d0,d1`). */
  readonly sprt?: SprtSpec;
  /** Other agent pairings to replay the experiment under (`--pairings`): the verdict is robust only if it holds under all. */
  readonly pairings?: readonly AgentChoice[][];
  readonly games?: number;
  readonly seed?: number | string;
  readonly out?: string;
  readonly command?: string;
}

export async function runExperiment(req: ExperimentRunRequest): Promise<RunOutcome> {
  const exp = loadExperimentFile(req.file, { games: req.games, seed: req.seed });
  const command = req.command ?? `salvo experiment ${relative(process.cwd(), exp.file)} --games ${exp.plan.games} --seed ${exp.plan.seed}` + (req.targetHalfWidth ? ` --precision ${req.targetHalfWidth}` : '') + (req.sprt ? ` --sprt ${req.sprt.d0},${req.sprt.d1}` : '');
  if (req.sprt && exp.plan.baseline < 0) throw new InputError(exp.file, [{ path: 'baseline', message: '--sprt tests every variant against the baseline: name one with baseline:' }]);
  const sprt = req.sprt ? sprtMonitor(req.sprt, exp.plan.baseline, exp.plan.variants.length) : undefined;
  const result = await runPlan(exp.plan, sprt ? { ...req, stopWhen: sprt.stop, roundGames: req.roundGames ?? 500 } : req);
  const analysis = analyzePlan(result, exp.variants.map(variantInfo), exp.spec.report?.matrix);
  if (req.pairings?.length) {
    const issues = req.pairings.flatMap((p, i) => checkAgentChoices(exp.base.system, p, `--pairings.${i}`));
    if (issues.length) throw new InputError('command line', issues);
  }
  const robust = req.pairings?.length && exp.plan.baseline >= 0 ? await robustAcross(exp.plan, result.pairs, req.pairings, req, result.games) : undefined;
  const report: ReportInput = {
    title: exp.spec.name,
    kind: 'experiment',
    description: exp.spec.description,
    analysis,
    result,
    scenario: describeScenario(exp.base),
    command,
    versions: versions(exp.base),
    matrix: exp.spec.report?.matrix,
    experimentText: exp.text,
    sprt: sprt?.result(),
    compare: exp.spec.compare,
    robust,
  };
  const written = req.out ? writeReport(req.out, report) : undefined;
  return { result, analysis, report, written };
}
