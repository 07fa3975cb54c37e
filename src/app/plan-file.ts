/**
 * Plans as files: `salvo plan` freezes a run (every variant's validated scenario document inline,
 * agents, seed, games, batch size, stopping rule, the report's context, the versions) and names it
 * by the SHA-256 of its canonical JSON. A shard, a queue worker or a merge on another machine
 * reads nothing else (plan-read.ts reads and checks them).
 */
import { readFileSync } from 'node:fs';
import { formatAgentChoice, type AgentChoice } from '../core/agent.ts';
import { checkAgentChoices } from '../scenario/agents.ts';
import { InputError } from '../scenario/errors.ts';
import { loadExperimentFile } from '../scenario/experiment.ts';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load.ts';
import { readSourceFile } from '../scenario/yaml-file.ts';
import { DEFAULT_GAMES, displayPath, planForScenario } from '../scenario/run-plan.ts';
import { evenMargin, type ScenarioEnvelope } from '../scenario/schema.ts';
import { sideIndex } from '../answers/sides.ts';
import { DEFAULT_BATCH } from '../run/pool.ts';
import type { RunPlan, VariantSpec } from '../run/plan.ts';
import { planVersions } from './version.ts';
import { compileWithSets } from '../answers/sets.ts';
import { setText, type SetEdit } from '../scenario/sets.ts';
import { shellWord } from '../report/text.ts';
import { resolveSprt, type SprtSpec } from '../answers/sprt.ts';
import { defaultSkillGames, skillAgents } from '../answers/skill-check.ts';
import { PLAN_FORMAT, planIdentity, type PlanFile } from './plan-read.ts';

export { DEFAULT_GAMES, displayPath, planForScenario };
export { PLAN_FORMAT, planFromData, planIdentity, planText, readPlanFile, writePlanFile, type PlanFile, type ReportContext } from './plan-read.ts';

export const DEFAULT_EXPERIMENT_GAMES = 2000;
export const DEFAULT_ROUND_GAMES = 2000;


export interface PlanRequest {
  readonly games?: number;
  readonly seed?: number | string;
  readonly agents?: readonly AgentChoice[];
  readonly batchSize?: number;
  readonly targetHalfWidth?: number;
  readonly roundGames?: number;
  /** Command text for the report; built from the request when absent. */
  readonly command?: string;
  /** `--set path=value` edits of the scenario (salvo run), or of every variant (salvo experiment). */
  readonly sets?: readonly SetEdit[];
  /** Sequential test of every variant against the baseline (experiments with a baseline). */
  readonly sprt?: SprtSpec;
  /** Other agent pairings to replay the variants under (experiments with a baseline). */
  readonly pairings?: readonly (readonly AgentChoice[])[];
  /** "Is it even?" asked on the command line (`--even [points]`, `--side`): overrides the file's `question:`. */
  readonly even?: { readonly margin?: number; readonly side?: string };
  /** `--skill-check [N]`: replay the first N games (true: the default N) with mcts on every side. */
  readonly skillCheck?: number | true;
}

/** The plan's skill check (src/answers/skill-check.ts), checked against its system. */
function skillCheckOf(req: PlanRequest, loaded: LoadedScenario, games: number, runAgents: readonly AgentChoice[]): Pick<PlanFile, 'skillCheck'> {
  if (req.skillCheck === undefined) return {};
  const agents = skillAgents(loaded.system, loaded.compiled.sides.length);
  if (!agents) throw new InputError('command line', [{ path: '--skill-check', message: `replays the games with the search agent mcts, which ${loaded.system.info.id} does not offer` }]);
  const n = req.skillCheck === true ? defaultSkillGames(loaded, games, runAgents) : Math.min(req.skillCheck, games);
  return { skillCheck: { games: n, agents } };
}

/** Level of each one-sided test of `question: even`. */
export const EVEN_ALPHA = 0.05;

/** Games per round of a GSPRT when the request names none (a round never splits a batch). */
export const DEFAULT_SPRT_ROUND_GAMES = 500;

/**
 * Default games per batch of a scenario plan: 500, and for long runs up to 2,000 while keeping at
 * least 64 batches (a multiple of 500). Each batch costs the coordinating thread a round trip to a
 * worker and ~25-35 KB of garbage whatever its size; at 500 games of a fast system (a 1 ms batch of
 * the duel) that overhead grew a 10^6-game run's peak memory by ~16% (issue 11 item 6). Results do
 * not depend on the batch size.
 */
export function defaultBatchSize(games: number): number {
  return Math.min(2000, Math.max(DEFAULT_BATCH, Math.floor(games / 64 / 500) * 500));
}

function stopOf(req: PlanRequest, batchSize: number): PlanFile['stop'] {
  return req.targetHalfWidth && !req.sprt ? { halfWidth: req.targetHalfWidth, roundGames: Math.max(batchSize, req.roundGames ?? DEFAULT_ROUND_GAMES) } : undefined;
}

/**
 * "Is it even?": from the command line, else the file's `question:`. Its side: `--side`, else the
 * first side `compare:` names, else side A. It stops the run once every variant is decided, so it
 * cannot share the run with another stopping rule.
 */
function evenOf(req: PlanRequest, question: ScenarioEnvelope['question'], base: LoadedScenario, batchSize: number, compare?: readonly string[]): PlanFile['even'] {
  const margin = req.even ? (req.even.margin ?? 0.02) : evenMargin(question);
  if (margin === undefined) return undefined;
  const rule = req.sprt ? '--sprt' : req.targetHalfWidth ? '--precision' : undefined;
  if (rule) throw new InputError('command line', [{ path: rule, message: `give ${rule} or ${req.even ? '--even' : "the file's question: even"}, not both (each is a stopping rule)` }]);
  const sides = base.compiled.sides;
  const named = compare?.find((c) => sides.includes(c));
  const side = req.even?.side !== undefined ? sideIndex(sides, req.even.side) : named !== undefined ? sides.indexOf(named) : 0;
  return { margin, side, alpha: EVEN_ALPHA, roundGames: Math.max(batchSize, req.roundGames ?? DEFAULT_ROUND_GAMES) };
}

function evenFlags(req: PlanRequest): string {
  return req.even ? ` --even ${+((req.even.margin ?? 0.02) * 100).toFixed(4)}${req.even.side !== undefined ? ` --side ${shellWord(req.even.side)}` : ''}` : '';
}

/** The sequential test and pairings of an experiment plan, checked against its baseline and system. */
function sequentialOf(req: PlanRequest, batchSize: number, baseline: number, base: LoadedScenario, compare?: readonly string[]): Pick<PlanFile, 'sprt' | 'pairings'> {
  const issues = [];
  if (req.sprt && baseline < 0) issues.push({ path: '--sprt', message: 'tests every variant against the baseline: the experiment must name one with baseline:' });
  if (req.sprt && req.targetHalfWidth) issues.push({ path: '--precision', message: 'give --precision or --sprt, not both (each is a stopping rule)' });
  if (req.pairings?.length && baseline < 0) issues.push({ path: '--pairings', message: 'compares every variant with the baseline under each pairing: the experiment must name one with baseline:' });
  req.pairings?.forEach((p, i) => issues.push(...checkAgentChoices(base.system, p, `--pairings.${i}`)));
  if (issues.length) throw new InputError('command line', issues);
  return {
    // The tested sides are resolved here (--side, else compare:, else side A) and frozen in the plan.
    ...(req.sprt ? { sprt: { ...resolveSprt(req.sprt, base.compiled.sides, compare), roundGames: Math.max(batchSize, req.roundGames ?? DEFAULT_SPRT_ROUND_GAMES) } } : {}),
    ...(req.pairings?.length ? { pairings: req.pairings.map((p) => [...p]) } : {}),
  };
}

function sequentialFlags(pf: Pick<PlanFile, 'sprt' | 'pairings'>): string {
  return (pf.sprt ? ` --sprt ${pf.sprt.d0},${pf.sprt.d1}${pf.sprt.side !== undefined ? ` --side ${pf.sprt.side}` : ''}` : '') + (pf.pairings?.length ? ` --pairings '${pf.pairings.map((p) => p.map(formatAgentChoice).join(',')).join(';')}'` : '');
}

function skillFlag(s: Pick<PlanFile, 'skillCheck'>): string {
  return s.skillCheck ? ` --skill-check ${s.skillCheck.games}` : '';
}

function sealed(body: Omit<PlanFile, 'id' | 'format' | 'formatVersion'>): PlanFile {
  const unsealed = { format: 'salvo-plan' as const, formatVersion: PLAN_FORMAT, ...body };
  return { ...unsealed, id: planIdentity(unsealed) };
}

export function scenarioPlan(file: string, req: PlanRequest = {}): { pf: PlanFile; loaded: LoadedScenario } {
  const edited = req.sets?.length ? compileWithSets({ doc: readSourceFile(file).data as Record<string, unknown>, file, text: readFileSync(file, 'utf8') }, req.sets) : undefined;
  const loaded = edited?.loaded ?? loadScenarioFile(file);
  sequentialOf(req, 0, -1, loaded); // --sprt and --pairings need an experiment's baseline
  const planned = planForScenario(loaded, req);
  const plan: RunPlan = edited ? { ...planned, variants: planned.variants.map((v) => ({ ...v, doc: edited.doc })) } : planned;
  const batchSize = req.batchSize ?? defaultBatchSize(plan.games);
  const even = evenOf(req, loaded.envelope.question, loaded, batchSize);
  const skill = skillCheckOf(req, loaded, plan.games, plan.variants[0].agents);
  const command =
    req.command ??
    `salvo run ${displayPath(loaded.file)}${(req.sets ?? []).map((e) => ` --set ${shellWord(setText(e))}`).join('')} --games ${plan.games} --seed ${plan.seed} --agents ${plan.variants[0].agents.map(formatAgentChoice).join(',')}` +
      (req.targetHalfWidth ? ` --precision ${req.targetHalfWidth}` : '') +
      evenFlags(req) +
      skillFlag(skill);
  const pf = sealed({
    versions: planVersions([loaded.system.info.id]),
    batchSize,
    stop: stopOf(req, batchSize),
    ...(even ? { even } : {}),
    ...skill,
    plan,
    report: { title: loaded.input.name, description: loaded.envelope.description, command, scenarioFile: displayPath(loaded.file), scenarioText: loaded.text },
  });
  return { pf, loaded };
}

/** `text`: the experiment's text when it is not on disk (the lab's what-if). */
export function experimentPlan(file: string, req: PlanRequest = {}, text?: string): { pf: PlanFile; base: LoadedScenario; variants: LoadedScenario[] } {
  const exp = loadExperimentFile(file, { games: req.games, seed: req.seed, sets: req.sets }, text);
  const batchSize = req.batchSize ?? 250;
  const sequential = sequentialOf(req, batchSize, exp.plan.baseline, exp.base, exp.spec.compare);
  const even = evenOf(req, exp.spec.question, exp.base, batchSize, exp.spec.compare);
  const skill = skillCheckOf(req, exp.base, exp.plan.games, exp.plan.variants[Math.max(0, exp.plan.baseline)].agents);
  const command =
    req.command ??
    `salvo experiment ${displayPath(exp.file)}${(req.sets ?? []).map((e) => ` --set ${shellWord(setText(e))}`).join('')} --games ${exp.plan.games} --seed ${exp.plan.seed}` + (req.targetHalfWidth && !req.sprt ? ` --precision ${req.targetHalfWidth}` : '') + sequentialFlags(sequential) + evenFlags(req) + skillFlag(skill);
  const plan: RunPlan = { ...exp.plan, variants: exp.plan.variants.map((v): VariantSpec => ({ ...v, file: displayPath(v.file) })) };
  const pf = sealed({
    versions: planVersions(exp.variants.map((v) => v.system.info.id)),
    batchSize,
    stop: stopOf(req, batchSize),
    ...sequential,
    ...(even ? { even } : {}),
    ...skill,
    plan,
    report: {
      title: exp.spec.name,
      description: exp.spec.description,
      command,
      scenarioFile: displayPath(exp.base.file),
      scenarioText: exp.base.text,
      matrix: exp.spec.report?.matrix,
      experimentText: exp.text,
      ...(exp.spec.compare ? { compare: exp.spec.compare } : {}),
    },
  });
  return { pf, base: exp.base, variants: exp.variants };
}
