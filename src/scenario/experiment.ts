/**
 * Experiment files: variants of one base scenario (patches, options, house rules, agents),
 * played on common random numbers and compared with a baseline. The format is the same for
 * every system.
 */
import { z } from 'zod';
import type { AgentChoice } from '../core/agent.ts';
import type { RunPlan, VariantSpec } from '../run/plan.ts';
import { FORBIDDEN_KEYS, InputError, excerpt, forbiddenSegment, type InputIssue } from '../core/errors.ts';
import { LIMITS } from './limits.ts';
import { gamesSchema, questionSchema, seedSchema } from './schema.ts';
import { knownKeysAt } from './zod-walk.ts';
import { zodIssues } from './errors.ts';
import { agentChoiceFromInput, checkAgentChoices } from './agents.ts';
import { compileScenarioDocument, relativeTo, type LoadedScenario } from './load.ts';
import { agentChoiceSchema } from './schema.ts';
import { parseSource, readSourceFile, withLines, type SourceFile } from './yaml-file.ts';
import { combineOverride } from './relative.ts';
import { applySets, type SetEdit } from './sets.ts';

const variantSchema = z
  .object({
    name: z.string().max(LIMITS.name).regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, 'expected a variant name of letters, digits, dot, plus, dash or underscore (e.g. armour+2)'),
    label: z.string().max(LIMITS.name).optional(),
    tags: z.record(z.string().min(1).max(100), z.union([z.string().max(LIMITS.name), z.number(), z.boolean()])).optional(),
    patch: z.record(z.string(), z.unknown()).optional(),
    options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    overrides: z.record(z.string(), z.unknown()).optional(),
    agents: z.array(agentChoiceSchema).min(1).max(16).optional(),
  })
  .strict();

export const experimentSchema = z
  .object({
    experiment: z.string().max(100).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected an id of letters, digits, dot, dash or underscore'),
    name: z.string().min(1).max(LIMITS.name),
    description: z.string().max(LIMITS.description).optional(),
    base: z.string().min(1).max(1000).describe('the base scenario file, relative to this file'),
    games: gamesSchema.optional(),
    seed: seedSchema.optional(),
    agents: z.array(agentChoiceSchema).min(1).max(16).optional(),
    baseline: z.string().max(LIMITS.name).optional(),
    variants: z.array(variantSchema).max(LIMITS.variants).optional(),
    /**
     * Sweeps: the cartesian product of the axes becomes variants (after any listed ones). Each axis
     * sets one dotted path of a variant definition: 'overrides.<rules path>', 'options.<name>',
     * 'patch.<scenario path>' or 'agents.<side>'.
     */
    grid: z
      .array(
        z
          .object({
            tag: z.string().min(1).max(100).refine((t) => forbiddenSegment(t) === undefined, 'this tag name is not allowed'),
            set: z
              .string()
              .max(300)
              .regex(/^(overrides|options|patch)\..+|^agents\.\d{1,2}$/, "expected 'overrides.<path>', 'options.<name>', 'patch.<path>' or 'agents.<side index>'")
              .refine((t) => forbiddenSegment(t) === undefined, "a path segment named '__proto__', 'constructor' or 'prototype' is not allowed"),
            values: z.array(z.union([z.string().max(LIMITS.name), z.number(), z.boolean()])).min(1).max(LIMITS.variants),
          })
          .strict(),
      )
      .min(1)
      .max(8)
      .optional(),
    /**
     * What the paired comparisons report, first = the verdict's: side names (their win rates), 'draws',
     * and/or declared metrics of the system (per-game mean, e.g. 'kills'). Default: every side, then draws.
     */
    compare: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(32)
      .optional()
      .describe("what to compare with the baseline on the same games, first = the verdict's: side names (win rates), 'draws', or metric names of the system (per-game means, e.g. 'kills'; an unknown name lists them)"),
    question: questionSchema.optional(),
    report: z
      .object({ matrix: z.object({ row: z.string().max(100), col: z.string().max(100), facet: z.string().max(100).optional() }).strict().optional() })
      .strict()
      .optional(),
  })
  .strict();

export type ExperimentFile = z.infer<typeof experimentSchema>;

export interface LoadedExperiment {
  readonly file: string;
  readonly text: string;
  readonly spec: ExperimentFile;
  readonly base: LoadedScenario;
  /** One compiled scenario per variant (same order as plan.variants). */
  readonly variants: LoadedScenario[];
  readonly plan: RunPlan;
}

export interface ExperimentOverrides {
  readonly games?: number;
  readonly seed?: number | string;
  /** `--set` edits applied to every variant, after its own. */
  readonly sets?: readonly SetEdit[];
}

/** `text`: the file's text when it is not (yet) on disk (the lab's what-if, before it is saved). */
export function loadExperimentFile(file: string, cli: ExperimentOverrides = {}, text?: string): LoadedExperiment {
  const src = text === undefined ? readSourceFile(file) : parseSource(file, text);
  const raw = src.data as Record<string, unknown>;
  if (raw.experiment === undefined && raw.system !== undefined) {
    throw new InputError(file, [{ path: '', message: "this is a scenario file (it has 'system:'): use salvo run, not salvo experiment" }]);
  }
  const parsed = experimentSchema.safeParse(src.data);
  if (!parsed.success) throw new InputError(file, withLines(src, zodIssues(parsed.error, '', (p) => knownKeysAt(experimentSchema, p), src.data)));
  const gridSize = (parsed.data.grid ?? []).reduce((n, a) => n * a.values.length, 1);
  const listed = parsed.data.variants?.length ?? 0;
  if (listed + (parsed.data.grid ? gridSize : 0) > LIMITS.variants) {
    throw new InputError(file, withLines(src, [{ path: parsed.data.grid ? 'grid' : 'variants', message: `too many variants (${listed} listed${parsed.data.grid ? ` + ${gridSize} from the grid` : ''}; at most ${LIMITS.variants})` }]));
  }
  const spec = { ...parsed.data, variants: [...(parsed.data.variants ?? []), ...expandGrid(parsed.data.grid ?? [])] };
  if (spec.variants.length === 0) throw new InputError(file, withLines(src, [{ path: 'variants', message: "expected at least one variant (a 'variants' list or a 'grid')" }]));
  const baseFile = relativeTo(file, spec.base);
  let baseSrc: SourceFile;
  try {
    baseSrc = readSourceFile(baseFile);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(file, withLines(src, [{ path: 'base', message: `base scenario ${excerpt(spec.base, 100)}: ${e.issues.map((i) => i.message).join('; ')}` }]));
    throw e;
  }
  if (isExperimentDoc(baseSrc.data)) throw new InputError(file, withLines(src, [{ path: 'base', message: `base ${excerpt(spec.base, 100)} is an experiment file; expected a scenario file` }]));
  const base = compileScenarioDocument(baseSrc.data, baseFile, baseSrc.text);

  const names = new Set<string>();
  const issues: InputIssue[] = [];
  spec.variants.forEach((v, i) => {
    if (names.has(v.name)) issues.push({ path: `variants.${i}.name`, message: `duplicate variant name '${v.name}'` });
    names.add(v.name);
  });
  const baseline = spec.baseline === undefined ? -1 : spec.variants.findIndex((v) => v.name === spec.baseline);
  if (spec.baseline !== undefined && baseline < 0) issues.push({ path: 'baseline', message: `no variant named '${spec.baseline}'` });
  // The default pairing is checked even when every variant sets its own agents.
  if (spec.agents) issues.push(...checkAgentChoices(base.system, spec.agents.map((a) => agentChoiceFromInput(a, file)!), 'agents'));
  if (issues.length) throw new InputError(file, withLines(src, issues));

  const defaultAgents: AgentChoice[] = spec.agents?.map((a) => agentChoiceFromInput(a, file)!) ?? base.defaults.agents ?? base.system.defaultAgents.map((n) => ({ name: n, params: {} }));
  const variantSpecs: VariantSpec[] = [];
  const compiled: LoadedScenario[] = [];
  const variantIssues: InputIssue[] = [];
  spec.variants.forEach((v, i) => {
    const doc = structuredClone(baseSrc.data) as Record<string, unknown>;
    const patchIssues: InputIssue[] = [];
    for (const [path, value] of Object.entries(v.patch ?? {})) {
      if ((path === 'system' || path.startsWith('system.')) && value !== base.system.info.id) {
        patchIssues.push({ path: `variants.${i}.patch.${path}`, message: `variant '${v.name}' would change the system from ${base.system.info.id} to ${excerpt(value, 40)}: every variant plays its base scenario's system (compare systems in separate experiments)` });
        continue;
      }
      const msg = setPath(doc, path, value);
      if (msg) patchIssues.push({ path: `variants.${i}.patch.${path}`, message: msg });
    }
    if (v.options) doc.options = { ...((doc.options as object) ?? {}), ...v.options };
    if (v.overrides) {
      // A relative value ('+2') applies to the base scenario's own override of that value, if any.
      const merged: Record<string, unknown> = { ...((doc.overrides as Record<string, unknown>) ?? {}) };
      for (const [k, x] of Object.entries(v.overrides)) {
        const c = combineOverride(merged[k], x);
        if ('error' in c) patchIssues.push({ path: `variants.${i}.overrides.${k}`, message: c.error });
        else merged[k] = c.value;
      }
      doc.overrides = merged;
    }
    if (patchIssues.length) return void variantIssues.push(...patchIssues);
    const unset = cli.sets?.length ? structuredClone(doc) : undefined;
    if (cli.sets?.length) {
      const edited = applySets(doc, cli.sets);
      if (edited.issues.length) throw new InputError('command line', edited.issues);
      Object.assign(doc, edited.doc);
    }
    let loaded: LoadedScenario;
    try {
      loaded = compileScenarioDocument(doc, baseFile, baseSrc.text);
    } catch (e) {
      if (e instanceof InputError) {
        // With --set: the edit's fault when the variant compiles without it.
        if (unset && compiles(unset, baseFile, baseSrc.text)) throw new InputError('command line', e.issues.map((iss) => ({ path: `--set (variant '${v.name}')`, message: `${iss.path ? iss.path + ': ' : ''}${iss.message}` })));
        return void variantIssues.push(...e.issues.map((iss) => ({ path: variantPath(v, i, iss.path), message: `variant '${v.name}': ${iss.path ? iss.path + ': ' : ''}${iss.message}` })));
      }
      throw e;
    }
    // A grid may set one side's agent only: the other sides keep the default pairing.
    const given = v.agents;
    const agents = given ? Array.from({ length: Math.max(defaultAgents.length, given.length) }, (_, side) => (given[side] !== undefined ? agentChoiceFromInput(given[side], file)! : defaultAgents[side])) : defaultAgents;
    const agentIssues = checkAgentChoices(loaded.system, agents, v.agents ? `variants.${i}.agents` : 'agents');
    if (agents.length !== loaded.compiled.sides.length) agentIssues.push({ path: v.agents ? `variants.${i}.agents` : 'agents', message: `expected ${loaded.compiled.sides.length} agents (one per side: ${loaded.compiled.sides.join(', ')}), got ${agents.length}` });
    if (agentIssues.length) return void variantIssues.push(...agentIssues);
    compiled.push(loaded);
    variantSpecs.push({
      name: v.name,
      label: v.label ?? v.name,
      tags: Object.fromEntries(Object.entries(v.tags ?? {}).map(([k, x]) => [k, String(x)])),
      file: baseFile,
      doc,
      agents,
    });
  });
  if (variantIssues.length) throw new InputError(file, withLines(src, dedupe(variantIssues)));
  const sideNames = base.compiled.sides;
  const metricNames = declaredMetrics(base);
  const badCompare = (spec.compare ?? []).findIndex((c) => c !== 'draws' && !sideNames.includes(c) && !metricNames.includes(c));
  if (badCompare >= 0) {
    const metrics = metricNames.length ? `, or a metric of ${base.system.info.id} (${metricNames.join(', ')})` : '';
    throw new InputError(file, withLines(src, [{ path: `compare.${badCompare}`, message: `expected a side name (${sideNames.map((x) => `'${x}'`).join(', ')}), 'draws'${metrics}, got '${spec.compare![badCompare]}'` }]));
  }
  const m = spec.report?.matrix;
  if (m) {
    const missing = spec.variants.findIndex((v) => !v.tags || !(m.row in v.tags) || !(m.col in v.tags) || (m.facet !== undefined && !(m.facet in v.tags)));
    if (missing >= 0) throw new InputError(file, withLines(src, [{ path: `variants.${missing}.tags`, message: `report.matrix needs tags '${[m.row, m.col, m.facet].filter(Boolean).join("', '")}' on every variant` }]));
  }
  const plan: RunPlan = {
    kind: 'experiment',
    id: spec.experiment,
    name: spec.name,
    seed: cli.seed ?? spec.seed ?? 1,
    games: cli.games ?? spec.games ?? 2000,
    variants: variantSpecs,
    baseline,
  };
  return { file, text: src.text, spec, base, variants: compiled, plan };
}

function compiles(doc: unknown, file: string, text: string): boolean {
  try {
    compileScenarioDocument(doc, file, text);
    return true;
  } catch (e) {
    if (e instanceof InputError) return false;
    throw e;
  }
}

/** The metrics an experiment may compare: the system's per-game scalars, then its efficiency counters (summed over rows). */
export function declaredMetrics(l: LoadedScenario): string[] {
  return [...new Set([...l.compiled.metrics.scalars, ...l.compiled.metrics.columns])];
}

function isExperimentDoc(d: unknown): boolean {
  return typeof d === 'object' && d !== null && 'experiment' in d && !('system' in d);
}

/** The path in the experiment file a variant's problem belongs to (its overrides/options entry when it set one). */
function variantPath(v: VariantDef, i: number, inner: string): string {
  for (const kind of ['overrides', 'options'] as const) {
    const given = v[kind];
    if (inner.startsWith(`${kind}.`) && given) {
      const key = inner.slice(kind.length + 1);
      if (Object.hasOwn(given, key)) return `variants.${i}.${kind}.${key}`;
    }
  }
  return `variants.${i}`;
}

function dedupe(issues: InputIssue[]): InputIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.path}\u0000${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Sets a dotted path in a plain object; the parent must exist. Returns an error message or null. */
function setPath(root: Record<string, unknown>, path: string, value: unknown): string | null {
  const keys = path.split('.');
  const bad = keys.find((k) => FORBIDDEN_KEYS.has(k));
  if (bad !== undefined) return `path segment '${bad}' is not allowed`;
  let node: unknown = root;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i];
    const next: unknown = Array.isArray(node) ? (/^\d+$/.test(k) ? node[Number(k)] : undefined) : node && typeof node === 'object' && Object.hasOwn(node, k) ? (node as Record<string, unknown>)[k] : undefined;
    if (next === undefined || next === null || typeof next !== 'object') return `'${keys.slice(0, i + 1).join('.')}' does not exist in the base scenario`;
    node = next;
  }
  const last = keys[keys.length - 1];
  if (Array.isArray(node)) {
    const idx = Number(last);
    if (!/^\d+$/.test(last) || idx > node.length) return `index ${last} out of range (the list has ${node.length} entries)`;
    node[idx] = value;
  } else {
    (node as Record<string, unknown>)[last] = value;
  }
  return null;
}

type GridAxis = NonNullable<z.infer<typeof experimentSchema>['grid']>[number];
type VariantDef = z.infer<typeof variantSchema>;

/** Cartesian product of sweep axes, as variant definitions named 'tag=value,tag=value'. */
export function expandGrid(axes: readonly GridAxis[]): VariantDef[] {
  if (axes.length === 0) return [];
  let combos: Array<Array<[GridAxis, string | number | boolean]>> = [[]];
  for (const axis of axes) combos = combos.flatMap((c) => axis.values.map((v) => [...c, [axis, v] as [GridAxis, string | number | boolean]]));
  return combos.map((combo) => {
    const v: { name: string; tags: Record<string, string>; overrides?: Record<string, unknown>; options?: Record<string, string | number | boolean>; patch?: Record<string, unknown>; agents?: string[] } = {
      name: combo.map(([a, x]) => `${a.tag}=${x}`).join(',').replace(/[^A-Za-z0-9._=,+-]/g, '_'),
      tags: Object.fromEntries(combo.map(([a, x]) => [a.tag, String(x)])),
    };
    for (const [a, x] of combo) {
      const dot = a.set.indexOf('.');
      const kind = a.set.slice(0, dot);
      const rest = a.set.slice(dot + 1);
      if (kind === 'overrides') (v.overrides ??= {})[rest] = x;
      else if (kind === 'options') (v.options ??= {})[rest] = x;
      else if (kind === 'patch') (v.patch ??= {})[rest] = x;
      else {
        const agents = (v.agents ??= []);
        agents[Number(rest)] = String(x);
      }
    }
    return v as VariantDef;
  });
}
