/**
 * Plan files as read: the plan's shape, its identity (the SHA-256 of its canonical JSON) and the
 * versions it was made with, checked before a shard, a queue worker or a merge plays or merges it.
 * Only what reading needs is loaded here (a shard process never loads the scenario loaders, the
 * experiment code or the report: issue 11, a process's fixed start-up cost); plans are made in
 * plan-file.ts.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AgentChoice } from '../core/agent.ts';
import { InputError, zodIssues, type InputIssue } from '../core/errors.ts';
import type { RunPlan } from '../run/plan.ts';
import type { SprtSpec } from '../answers/sprt.ts';
import { loadSystems } from '../systems/index.ts';
import { canonicalJson, sha256 } from './canonical.ts';
import { writeFileAtomic } from './output.ts';
import { versionMismatch, type PlanVersions } from './version.ts';

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

/** Names the plan: SHA-256 of the canonical JSON of everything but the id. */
export function planIdentity(pf: Omit<PlanFile, 'id'>): string {
  const { id: _id, ...rest } = pf as PlanFile;
  return sha256(canonicalJson(rest));
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
    const { readSourceFile } = await import('../scenario/yaml-file.ts');
    data = readSourceFile(path).data; // reports a missing file, or the line of a syntax error
  }
  const parsed = planFileSchema().safeParse(data);
  if (!parsed.success) {
    const issues = zodIssues(parsed.error, '');
    let lines: InputIssue[] = issues;
    try {
      const { readSourceFile, withLines } = await import('../scenario/yaml-file.ts');
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
