/**
 * Plans as files: `salvo plan` freezes a run (every variant's validated scenario document inline,
 * agents, seed, games, batch size, stopping rule, the report's context, the versions) and names it
 * by the SHA-256 of its canonical JSON. A shard, a queue worker or a merge on another machine
 * reads nothing else.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { z } from 'zod';
import { formatAgentChoice, type AgentChoice } from '../core/agent.ts';
import { checkAgentChoices } from '../scenario/agents.ts';
import { InputError, zodIssues } from '../scenario/errors.ts';
import { loadExperimentFile } from '../scenario/experiment.ts';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load.ts';
import { parseSource, readSourceFile, withLines } from '../scenario/yaml-file.ts';
import { DEFAULT_BATCH } from '../run/pool.ts';
import type { RunPlan, VariantSpec } from '../run/plan.ts';
import { canonicalJson, sha256 } from './canonical.ts';
import { planVersions, versionMismatch, type PlanVersions } from './version.ts';
import { writeFileAtomic } from './output.ts';
import { loadSystems } from '../systems/index.ts';
import { compileWithSets, type SetEdit } from '../answers/sets.ts';
import { resolveSprt, type SprtSpec } from '../answers/sprt.ts';

export const DEFAULT_GAMES = 10_000;
export const DEFAULT_EXPERIMENT_GAMES = 2000;
export const DEFAULT_ROUND_GAMES = 2000;
export const PLAN_FORMAT = 1;

/** What the report needs besides the results: shown as given, never re-read from disk. */
export interface ReportContext {
  readonly title: string;
  readonly description?: string;
  /** The command that reproduces the run (printed in the report). */
  readonly command: string;
  /** The scenario played (an experiment's base): its path as given and its text. */
  readonly scenarioFile: string;
  readonly scenarioText: string;
  readonly matrix?: { row: string; col: string; facet?: string };
  readonly experimentText?: string;
  /** The experiment's `compare:` list (side names or 'draws'; the first is the verdict's). */
  readonly compare?: readonly string[];
}

export interface PlanFile {
  readonly format: 'salvo-plan';
  readonly formatVersion: number;
  /** SHA-256 of the canonical JSON of every other field. */
  readonly id: string;
  readonly versions: PlanVersions;
  readonly batchSize: number;
  /** Sequential stopping: after each round of `roundGames` games, stop once every side-0 win-rate half-width is at most `halfWidth`. */
  readonly stop?: { readonly halfWidth: number; readonly roundGames: number };
  /** Sequential test of every variant against the baseline (`--sprt d0,d1`), checked after rounds of `roundGames` games. */
  readonly sprt?: SprtSpec & { readonly roundGames: number };
  /** Other agent pairings the variants are replayed under, in the same batches (`--pairings`; src/app/sequential.ts). */
  readonly pairings?: readonly (readonly AgentChoice[])[];
  readonly plan: RunPlan;
  readonly report: ReportContext;
}

export interface PlanRequest {
  readonly games?: number;
  readonly seed?: number | string;
  readonly agents?: readonly AgentChoice[];
  readonly batchSize?: number;
  readonly targetHalfWidth?: number;
  readonly roundGames?: number;
  /** Command text for the report; built from the request when absent. */
  readonly command?: string;
  /** `--set path=value` edits of the scenario (salvo run). */
  readonly sets?: readonly SetEdit[];
  /** Sequential test of every variant against the baseline (experiments with a baseline). */
  readonly sprt?: SprtSpec;
  /** Other agent pairings to replay the variants under (experiments with a baseline). */
  readonly pairings?: readonly (readonly AgentChoice[])[];
}

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

export function displayPath(file: string): string {
  return relative(process.cwd(), file) || file;
}

/** The scenario document exactly as validated (parsed from the text that was checked). */
function documentOf(loaded: LoadedScenario): unknown {
  return parseSource(loaded.file, loaded.text).data;
}

export function planForScenario(loaded: LoadedScenario, req: Omit<PlanRequest, 'batchSize' | 'command'>): RunPlan {
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
    variants: [{ name: loaded.input.id, label: loaded.input.name, tags: {}, file: displayPath(loaded.file), doc: documentOf(loaded), agents }],
    baseline: -1,
  };
}

function stopOf(req: PlanRequest, batchSize: number): PlanFile['stop'] {
  return req.targetHalfWidth && !req.sprt ? { halfWidth: req.targetHalfWidth, roundGames: Math.max(batchSize, req.roundGames ?? DEFAULT_ROUND_GAMES) } : undefined;
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

/** Names the plan: SHA-256 of the canonical JSON of everything but the id. */
export function planIdentity(pf: Omit<PlanFile, 'id'>): string {
  const { id: _id, ...rest } = pf as PlanFile;
  return sha256(canonicalJson(rest));
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
  const command =
    req.command ??
    `salvo run ${displayPath(loaded.file)}${(req.sets ?? []).map((e) => ` --set ${e.path}=${e.value}`).join('')} --games ${plan.games} --seed ${plan.seed} --agents ${plan.variants[0].agents.map(formatAgentChoice).join(',')}` +
      (req.targetHalfWidth ? ` --precision ${req.targetHalfWidth}` : '');
  const pf = sealed({
    versions: planVersions([loaded.system.info.id]),
    batchSize,
    stop: stopOf(req, batchSize),
    plan,
    report: { title: loaded.input.name, description: loaded.envelope.description, command, scenarioFile: displayPath(loaded.file), scenarioText: loaded.text },
  });
  return { pf, loaded };
}

export function experimentPlan(file: string, req: PlanRequest = {}): { pf: PlanFile; base: LoadedScenario; variants: LoadedScenario[] } {
  const exp = loadExperimentFile(file, { games: req.games, seed: req.seed });
  const batchSize = req.batchSize ?? 250;
  const sequential = sequentialOf(req, batchSize, exp.plan.baseline, exp.base, exp.spec.compare);
  const command =
    req.command ??
    `salvo experiment ${displayPath(exp.file)} --games ${exp.plan.games} --seed ${exp.plan.seed}` + (req.targetHalfWidth && !req.sprt ? ` --precision ${req.targetHalfWidth}` : '') + sequentialFlags(sequential);
  const plan: RunPlan = { ...exp.plan, variants: exp.plan.variants.map((v): VariantSpec => ({ ...v, file: displayPath(v.file) })) };
  const pf = sealed({
    versions: planVersions(exp.variants.map((v) => v.system.info.id)),
    batchSize,
    stop: stopOf(req, batchSize),
    ...sequential,
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

export function planText(pf: PlanFile): string {
  return JSON.stringify(pf, null, 1) + '\n';
}

export function writePlanFile(path: string, pf: PlanFile): void {
  writeFileAtomic(path, planText(pf));
}

/** Built when first needed (a zod schema costs its build at import time otherwise). */
let builtSchema: z.ZodType | undefined;

function planFileSchema(): z.ZodType {
  builtSchema ??= buildPlanFileSchema();
  return builtSchema;
}

function buildPlanFileSchema(): z.ZodType {
  const agentSchema = z.object({ name: z.string(), params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])) }).strict();
  return z
    .object({
      format: z.literal('salvo-plan'),
      formatVersion: z.literal(PLAN_FORMAT),
      id: z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 in hex'),
      versions: z.object({ salvo: z.string(), streams: z.number().int(), rules: z.string() }).strict(),
      batchSize: z.number().int().positive(),
      stop: z.object({ halfWidth: z.number().positive().lt(0.5), roundGames: z.number().int().positive() }).strict().optional(),
      sprt: z.object({ d0: z.number().gt(-1).lt(1), d1: z.number().gt(-1).lt(1), alpha: z.number().gt(0).lt(0.5), beta: z.number().gt(0).lt(0.5), sides: z.array(z.number().int().min(0).max(1)).min(1).optional(), side: z.string().optional(), roundGames: z.number().int().positive() }).strict().optional(),
      pairings: z.array(z.array(agentSchema).min(1)).min(1).optional(),
      plan: z
        .object({
          kind: z.enum(['run', 'experiment']),
          id: z.string(),
          name: z.string(),
          seed: z.union([z.number().int(), z.string().min(1)]),
          games: z.number().int().positive(),
          variants: z.array(z.object({ name: z.string(), label: z.string(), tags: z.record(z.string(), z.string()), file: z.string(), doc: z.record(z.string(), z.unknown()), agents: z.array(agentSchema).min(1) }).strict()).min(1),
          baseline: z.number().int().min(-1),
        })
        .strict(),
      report: z
        .object({
          title: z.string(),
          description: z.string().optional(),
          command: z.string(),
          scenarioFile: z.string(),
          scenarioText: z.string(),
          matrix: z.object({ row: z.string(), col: z.string(), facet: z.string().optional() }).strict().optional(),
          experimentText: z.string().optional(),
          compare: z.array(z.string()).optional(),
        })
        .strict(),
    })
    .strict();
}

/**
 * Reads and checks a plan file: its shape, its identity (not edited since it was made) and its
 * versions; the systems it plays are loaded (the rules-data hash is theirs).
 */
export async function readPlanFile(path: string): Promise<PlanFile> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    data = readSourceFile(path).data; // reports a missing file, or the line of a syntax error
  }
  const parsed = planFileSchema().safeParse(data);
  if (!parsed.success) {
    const issues = zodIssues(parsed.error, '');
    let lines = issues;
    try {
      lines = withLines(readSourceFile(path), issues);
    } catch {
      /* keep the issues without lines */
    }
    throw new InputError(path, lines);
  }
  return checkPlan(parsed.data as PlanFile, path);
}

/** Checks plan data from elsewhere (a queue's store): its shape, identity and versions. */
export async function planFromData(data: unknown, where: string): Promise<PlanFile> {
  const parsed = planFileSchema().safeParse(data);
  if (!parsed.success) throw new InputError(where, zodIssues(parsed.error, ''));
  return checkPlan(parsed.data as PlanFile, where);
}

async function checkPlan(pf: PlanFile, path: string): Promise<PlanFile> {
  if (pf.plan.baseline >= pf.plan.variants.length) throw new InputError(path, [{ path: 'plan.baseline', message: `expected a variant index below ${pf.plan.variants.length}` }]);
  if (planIdentity(pf) !== pf.id) throw new InputError(path, [{ path: 'id', message: 'the plan was changed after it was made (its SHA-256 does not match its content); make it again with salvo plan' }]);
  const systems = pf.plan.variants.map((v) => String((v.doc as { system?: unknown }).system));
  await loadSystems(systems);
  const mismatch = versionMismatch(pf.versions, systems);
  if (mismatch) throw new InputError(path, [{ path: 'versions', message: `the plan was ${mismatch}; make it again with this salvo` }]);
  return pf;
}
