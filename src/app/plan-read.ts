/**
 * Plan files as read: the plan's shape, its identity (the SHA-256 of its canonical JSON) and the
 * versions it was made with, checked before a shard, a queue worker or a merge plays or merges it.
 * Only what reading needs is loaded here (a shard process never loads the scenario loaders, the
 * experiment code or the report: issue 11, a process's fixed start-up cost); plans are made in
 * plan-file.ts.
 */
import { readFileSync } from 'node:fs';
import type { AgentChoice } from '../core/agent.ts';
import { InputError, zodIssues, type InputIssue } from '../core/errors.ts';
import type { RunPlan } from '../run/plan.ts';
import type { SprtSpec } from '../answers/sprt.ts';
import type { SkillCheckSpec } from '../answers/skill-check.ts';
import { loadSystems } from '../systems/index.ts';
import { canonicalJson, sha256 } from '../core/canonical.ts';
import { writeFileAtomic } from './output.ts';
import { rulesHash } from '../run/rules-hash.ts';
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
  /**
   * "Is it even?" (`question: even`): each variant's score of side `side` (a win 1, a draw ½) against
   * ½ within ±`margin`, by two one-sided tests at level `alpha`, checked after rounds of `roundGames`
   * games; the run stops once every variant is decided (even or not even).
   */
  readonly even?: { readonly margin: number; readonly side: number; readonly alpha: number; readonly roundGames: number };
  /** Other agent pairings the variants are replayed under, in the same batches (`--pairings`; src/app/sequential.ts). */
  readonly pairings?: readonly (readonly AgentChoice[])[];
  /** The first `games` games replayed with these agents on every side (`--skill-check`; src/answers/skill-check.ts). */
  readonly skillCheck?: SkillCheckSpec;
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

/** How a plan's rules-data hash is computed: by default here, loading the plan's systems in this thread. */
export interface PlanReadOptions {
  /**
   * The rules-data hash of these systems on this machine, computed elsewhere: a shard asks its worker
   * thread, which loads the systems to play them anyway (the main thread then never loads them).
   */
  readonly rulesHash?: (systemIds: readonly string[]) => Promise<string>;
}

/**
 * Reads and checks a plan file: its shape, its identity (not edited since it was made) and its
 * versions (the rules-data hash is that of the systems it plays, loaded for it).
 */
export async function readPlanFile(path: string, opts: PlanReadOptions = {}): Promise<PlanFile> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    const { readSourceFile } = await import('../scenario/yaml-file.ts');
    data = readSourceFile(path).data; // reports a missing file, or the line of a syntax error
  }
  if (isPlanShape(data)) return checkPlan(data, path, opts);
  const parsed = await parsePlan(data);
  if (!parsed.success) {
    let lines = parsed.issues;
    try {
      const { readSourceFile, withLines } = await import('../scenario/yaml-file.ts');
      lines = withLines(readSourceFile(path), parsed.issues);
    } catch {
      /* keep the issues without lines */
    }
    throw new InputError(path, lines);
  }
  return checkPlan(parsed.pf, path, opts);
}

/** Checks plan data from elsewhere (a queue's store): its shape, identity and versions. */
export async function planFromData(data: unknown, where: string, opts: PlanReadOptions = {}): Promise<PlanFile> {
  if (isPlanShape(data)) return checkPlan(data, where, opts);
  const parsed = await parsePlan(data);
  if (!parsed.success) throw new InputError(where, parsed.issues);
  return checkPlan(parsed.pf, where, opts);
}

/** The zod schema's verdict (plan-schema.ts), for data the quick check did not accept. */
async function parsePlan(data: unknown): Promise<{ success: true; pf: PlanFile } | { success: false; issues: InputIssue[] }> {
  const { planFileSchema } = await import('./plan-schema.ts');
  const parsed = planFileSchema().safeParse(data);
  return parsed.success ? { success: true, pf: parsed.data as PlanFile } : { success: false, issues: zodIssues(parsed.error, '') };
}

async function checkPlan(pf: PlanFile, path: string, opts: PlanReadOptions): Promise<PlanFile> {
  if (pf.plan.baseline >= pf.plan.variants.length) throw new InputError(path, [{ path: 'plan.baseline', message: `expected a variant index below ${pf.plan.variants.length}` }]);
  if (planIdentity(pf) !== pf.id) throw new InputError(path, [{ path: 'id', message: 'the plan was changed after it was made (its SHA-256 does not match its content); make it again with salvo plan' }]);
  const systems = pf.plan.variants.map((v) => String((v.doc as { system?: unknown }).system));
  let rules: string;
  if (opts.rulesHash) rules = await opts.rulesHash(systems);
  else {
    await loadSystems(systems);
    rules = rulesHash(systems);
  }
  const mismatch = versionMismatch(pf.versions, rules);
  if (mismatch) throw new InputError(path, [{ path: 'versions', message: `the plan was ${mismatch}; make it again with this salvo` }]);
  return pf;
}

// The quick check: true only for data the zod schema (plan-schema.ts) accepts as it is, so a
// well-formed plan is read without loading zod; anything else, or anything unusual, goes to zod.
type Check = (v: unknown) => boolean;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const int: Check = (v) => typeof v === 'number' && Number.isSafeInteger(v);
const posInt: Check = (v) => int(v) && (v as number) > 0;
const between = (lo: number, hi: number): Check => (v) => num(v) && (v as number) > lo && (v as number) < hi;
const optional = (c: Check): Check => (v) => v === undefined || c(v);
const listOf = (c: Check, min = 0): Check => (v) => Array.isArray(v) && v.length >= min && v.every(c);
const safeKey = (k: string): boolean => k !== '__proto__' && k !== 'constructor' && k !== 'prototype';
const recordOf = (c: Check): Check => (v) => isObject(v) && Object.keys(v).every((k) => safeKey(k) && c(v[k]));
/** A strict object: exactly these keys (optional ones may be absent), each passing its check. */
const shape = (fields: Readonly<Record<string, Check>>): Check => (v) => isObject(v) && Object.keys(v).every((k) => Object.hasOwn(fields, k)) && Object.entries(fields).every(([k, c]) => c(v[k]));

const agent = shape({ name: str, params: recordOf((v) => num(v) || str(v) || typeof v === 'boolean') });
const planShape = shape({
  format: (v) => v === 'salvo-plan',
  formatVersion: (v) => v === PLAN_FORMAT,
  id: (v) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v),
  versions: shape({ salvo: str, streams: int, rules: str }),
  batchSize: posInt,
  stop: optional(shape({ halfWidth: between(0, 0.5), roundGames: posInt })),
  sprt: optional(shape({ d0: between(-1, 1), d1: between(-1, 1), alpha: between(0, 0.5), beta: between(0, 0.5), sides: optional(listOf((v) => v === 0 || v === 1, 1)), side: optional(str), roundGames: posInt })),
  even: optional(shape({ margin: between(0, 0.5), side: (v) => int(v) && (v as number) >= 0, alpha: between(0, 0.5), roundGames: posInt })),
  pairings: optional(listOf(listOf(agent, 1), 1)),
  skillCheck: optional(shape({ games: posInt, agents: listOf(agent, 1) })),
  plan: shape({
    kind: (v) => v === 'run' || v === 'experiment',
    id: str,
    name: str,
    seed: (v) => int(v) || (typeof v === 'string' && v.length >= 1),
    games: posInt,
    variants: listOf(shape({ name: str, label: str, tags: recordOf(str), file: str, doc: recordOf(() => true), agents: listOf(agent, 1) }), 1),
    baseline: (v) => int(v) && (v as number) >= -1,
  }),
  report: shape({
    title: str,
    description: optional(str),
    command: str,
    scenarioFile: str,
    scenarioText: str,
    matrix: optional(shape({ row: str, col: str, facet: optional(str) })),
    experimentText: optional(str),
    compare: optional(listOf(str)),
  }),
});

/** True only for a plan the zod schema accepts unchanged (tested against it: test/run/plan-shape.test.ts). */
export function isPlanShape(data: unknown): data is PlanFile {
  return planShape(data);
}
