/**
 * The application layer: plan → play (pool, with checkpoints) → analyse → report. The CLI and the
 * tests call these; `run/` below knows nothing of files, statistics or reports. All input is
 * validated before the first game is played, so bad input never writes a report.
 */
import { STREAM_FORMAT } from '../core/rng/streams.ts';
import { analyzePlan, type Analysis, type VariantInfo } from '../analysis/analyze.ts';
import { buildReportFiles, type ReportInput, type ScenarioDescription, type WrittenReport } from '../report/run-report.ts';
import { findInfluential } from './influential.ts';
import { compileScenarioText, type LoadedScenario } from '../scenario/load.ts';
import { loadVariant } from '../run/batch.ts';
import { runPlan, type PlanResult, type Work } from '../run/pool.ts';
import { canonicalSummary, type Totals } from '../run/summary.ts';
import { readCheckpoint, CheckpointWriter } from './checkpoint.ts';
import { checkOutputFolder, replaceFolder, sweepTemporaries } from './output.ts';
import { experimentPlan, scenarioPlan, type PlanFile, type PlanRequest } from './plan-file.ts';
import { salvoVersion } from './version.ts';
import { planStopping, playedPlan, reportedResult, robustOf } from './sequential.ts';
import { loadSystemsOfFile } from '../scenario/systems.ts';
import { variantChanges } from '../scenario/changes.ts';
import { sideForces } from '../scenario/forces.ts';
import { evenTest } from '../analysis/equivalence.ts';
import { skillCheckOfPlan, skillCheckSize } from '../answers/skill-check.ts';

export { DEFAULT_GAMES, planForScenario } from './plan-file.ts';

export interface ExecuteOptions {
  /** Worker threads; 0 plays inline in this thread. Default: available cores. */
  readonly workers?: number;
  /** Output folder; no report (and no checkpoint) when absent. */
  readonly out?: string;
  /** Continue from the checkpoint in `out`. */
  readonly resume?: boolean;
  /** Aborting stops the run cleanly after the batches in flight (checkpoint written). */
  readonly signal?: AbortSignal;
  /** After each merged batch: games done and planned, and the same in estimated cost (`Work`, for the time left). */
  readonly onProgress?: (done: number, total: number, work: Work) => void;
  /** A resumed run: called before play with the games per variant its checkpoint already holds. */
  readonly onResume?: (gamesDone: number, batches: number) => void;
  /** Per-game time bound in ms (0 or absent: none): a longer game fails the run with a GameTimeoutError, and no report is written. */
  readonly gameTimeoutMs?: number;
  /** The bound of a game where a side searches (a skill check's; src/run/watchdog.ts variantBounds); absent: gameTimeoutMs. */
  readonly searchGameTimeoutMs?: number;
  /** Called after each batch is merged, with every played variant's totals so far (a live view: the lab). */
  readonly onBatch?: (totals: Totals) => void;
}

export interface RunOutcome {
  readonly planFile: PlanFile;
  readonly result: PlanResult;
  readonly interrupted: false;
  readonly analysis: Analysis;
  readonly report: ReportInput;
  /** The report's files, rendered once (the HTML page is never rendered twice). */
  readonly files: Readonly<Record<string, string>>;
  readonly written?: WrittenReport;
}

/** A run stopped before the end by its signal: nothing but the checkpoint was written. */
export type InterruptedOutcome = Pick<RunOutcome, 'planFile' | 'result'> & { readonly interrupted: true };

/** Compiled scenarios a plan's report needs (the base scenario and one per variant); recompiled from the plan's own text when not given. */
export interface PlanContext {
  readonly base: LoadedScenario;
  readonly variants: readonly LoadedScenario[];
}

export function planContext(pf: PlanFile): PlanContext {
  return { base: compileScenarioText(pf.report.scenarioText, pf.report.scenarioFile), variants: pf.plan.variants.map(loadVariant) };
}

export function describeScenario(loaded: LoadedScenario, file: string): ScenarioDescription {
  const env = loaded.envelope;
  return {
    id: loaded.input.id,
    name: loaded.input.name,
    file,
    text: loaded.text,
    system: { id: loaded.system.info.id, name: loaded.system.info.name, seedFile: loaded.system.info.seedFile, kind: loaded.system.info.kind },
    description: env.description,
    source: env.source,
    options: loaded.options,
    optionSpecs: loaded.system.options,
    overrides: loaded.input.overrides,
    houseRules: loaded.houseRules,
    data: loaded.data,
    forces: sideForces(loaded.input.body, loaded.data, loaded.compiled.sides),
    provenance: loaded.provenance,
    ratios: loaded.compiled.metrics.ratios ?? [],
    rowKeys: loaded.compiled.metrics.rowKeys,
  };
}

function variantInfo(l: LoadedScenario): VariantInfo {
  return { sides: l.compiled.sides, layout: l.compiled.metrics, lengthUnit: l.system.info.lengthUnit, lead: l.compiled.lead };
}

function versions(loaded: LoadedScenario): Record<string, string> {
  return { salvo: salvoVersion(), streams: `format ${STREAM_FORMAT}`, node: process.version, system: `${loaded.system.info.id} (${loaded.system.info.name})` };
}

/**
 * Analysis, report input and report files of a finished plan (shared by run, merge and queue).
 * `raw` holds every played variant (pairing replays included); `extra.sprt` comes from the run's
 * stopping rule (planStopping).
 */
export function finishPlan(pf: PlanFile, raw: PlanResult, ctx: PlanContext = planContext(pf), extra: Pick<ReportInput, 'sprt' | 'influential'> = {}): Omit<RunOutcome, 'written'> {
  const robust = robustOf(pf, raw.pairs);
  const skillCheck = skillCheckOfPlan(pf, raw.summaries, raw.pairs, ctx.base.compiled.sides);
  const shown = reportedResult(pf, raw);
  const result: PlanResult = { ...shown, summaries: shown.summaries.map(canonicalSummary) };
  const analysis = analyzePlan(result, ctx.variants.map(variantInfo), pf.report.matrix, pf.report.compare);
  const agentsOf = (i: number) => pf.plan.variants[i]?.agents;
  const changes = pf.plan.kind === 'experiment' ? ctx.variants.map((v, i) => variantChanges(ctx.base, v, agentsOf(i), agentsOf(Math.max(0, pf.plan.baseline)))) : undefined;
  const report: ReportInput = {
    title: pf.report.title,
    kind: pf.plan.kind,
    description: pf.report.description,
    analysis,
    result,
    scenario: describeScenario(ctx.base, pf.report.scenarioFile),
    command: pf.report.command,
    versions: versions(ctx.base),
    ...(pf.report.matrix ? { matrix: pf.report.matrix } : {}),
    ...(pf.report.experimentText !== undefined ? { experimentText: pf.report.experimentText } : {}),
    ...(pf.report.compare ? { compare: pf.report.compare } : {}),
    ...(robust ? { robust } : {}),
    ...(changes ? { changes } : {}),
    ...(pf.even ? { even: { margin: pf.even.margin, side: pf.even.side, alpha: pf.even.alpha, tests: result.summaries.map((s) => evenTest(s.wins[pf.even!.side] ?? 0, s.draws, s.games, pf.even!.margin, pf.even!.alpha)) } } : {}),
    ...(skillCheck ? { skillCheck } : {}),
    ...extra,
  };
  return { planFile: pf, result, interrupted: false, analysis, report, files: buildReportFiles(report) };
}

/**
 * The cost of a game of each played variant, for the time left: a game of the skill check's group
 * (the last one, playedPlan) costs `ratio` games of the run's agents (skillCheckSize: four pilot
 * games, a few milliseconds), every other game 1.
 */
export function playedWeights(pf: PlanFile, ctx: PlanContext): number[] {
  const { ratio } = skillCheckSize(ctx.base, pf.plan.games, pf.plan.variants[Math.max(0, pf.plan.baseline)].agents);
  const played = playedPlan(pf).variants.length;
  return Array.from({ length: played }, (_, v) => (v >= played - pf.plan.variants.length ? ratio : 1));
}

/** Plays a plan on this machine, checkpointing into `out` as it goes, and writes its report there. */
export async function executePlan(pf: PlanFile, opts: ExecuteOptions = {}, ctx?: PlanContext): Promise<RunOutcome | InterruptedOutcome> {
  const context = ctx ?? planContext(pf); // validates every variant before the first game
  if (opts.out) {
    checkOutputFolder(opts.out);
    sweepTemporaries(opts.out);
  }
  const resume = opts.out && opts.resume ? readCheckpoint(opts.out, pf) : undefined;
  const checkpoint = opts.out ? new CheckpointWriter(opts.out, pf) : undefined;
  const stopping = planStopping(pf);
  if (resume) {
    stopping.restore(resume.checks);
    opts.onResume?.(resume.totals.summaries[0]?.games ?? 0, resume.merged.size);
  }
  const result = await runPlan(playedPlan(pf), {
    workers: opts.workers,
    batchSize: pf.batchSize,
    stop: stopping.rule,
    planKey: pf.id,
    resume,
    signal: opts.signal,
    onProgress: opts.onProgress,
    ...(opts.onProgress && pf.skillCheck ? { weights: playedWeights(pf, context) } : {}),
    gameTimeoutMs: opts.gameTimeoutMs,
    searchGameTimeoutMs: opts.searchGameTimeoutMs,
    onMerged:
      checkpoint || opts.onBatch
        ? (_b, totals, merged) => {
            checkpoint?.offer(merged, totals, stopping.checks());
            opts.onBatch?.(totals);
          }
        : undefined,
  });
  if (result.interrupted) {
    if (checkpoint) checkpoint.offer(result.merged, { summaries: result.summaries, pairs: result.pairs }, stopping.checks());
    checkpoint?.flush();
    return { planFile: pf, result: reportedResult(pf, result), interrupted: true };
  }
  // A sensitivity screen of the same scenario beside this report names the placeholders that matter.
  const influential = opts.out && pf.plan.kind === 'run' ? findInfluential(opts.out, pf.report.scenarioFile) : undefined;
  const done = finishPlan(pf, result, context, { ...(stopping.sprt ? { sprt: stopping.sprt() } : {}), ...(influential?.length ? { influential } : {}) });
  const written = opts.out ? replaceFolder(opts.out, done.files) : undefined; // also drops the checkpoint
  return { ...done, written };
}

export interface ScenarioRunRequest extends PlanRequest, ExecuteOptions {
  readonly file: string;
}

/** `salvo run <scenario>`: a one-variant plan made in memory and played here. */
export async function runScenario(req: ScenarioRunRequest): Promise<RunOutcome> {
  await loadSystemsOfFile(req.file);
  const { pf, loaded } = scenarioPlan(req.file, req);
  return completed(await executePlan(pf, req, { base: loaded, variants: [loaded] }));
}

export type ExperimentRunRequest = Omit<ScenarioRunRequest, 'agents'>;

/** `salvo experiment <file>`: the experiment's plan made in memory and played here. */
export async function runExperiment(req: ExperimentRunRequest): Promise<RunOutcome> {
  await loadSystemsOfFile(req.file);
  const { pf, base, variants } = experimentPlan(req.file, req);
  return completed(await executePlan(pf, req, { base, variants }));
}

function completed(o: RunOutcome | InterruptedOutcome): RunOutcome {
  if (o.interrupted) throw new Error('the run was interrupted');
  return o;
}
