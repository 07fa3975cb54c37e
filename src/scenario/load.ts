/**
 * Scenario loading: file → validated envelope → system block → options → house-rule overrides
 * on the rules data → system checks → compiled game. Every problem becomes an InputError naming
 * the file, the path inside it (with its line) and what was expected; nothing is half-loaded.
 * The scenario's system must be loaded first (src/scenario/systems.ts: loadSystemsOfFile).
 */
import { dirname, resolve } from 'node:path';
import type { z } from 'zod';
import { resolveOptions, suggest, type OptionValues } from '../core/options.ts';
import type { CompiledGame, GameSystem, ScenarioInput } from '../core/system.ts';
import { applyOverrides, listLeaves, stripProvenance, type DataTree, type ProvenanceEntry } from '../core/tables/provenance.ts';
import { SYSTEM_IDS, findSystem } from '../systems/index.ts';
import { InputError, excerpt, type InputIssue } from '../core/errors.ts';
import { knownKeysAt } from './zod-walk.ts';
import { zodIssues } from './errors.ts';
import { scenarioEnvelopeSchema, type ScenarioEnvelope } from './schema.ts';
import { parseSource, readSourceFile, withLines, type SourceFile } from './yaml-file.ts';
import { agentChoiceFromInput, checkAgentChoices } from './agents.ts';
import type { AgentChoice } from '../core/agent.ts';
import { applyRelative, relativeOf } from './relative.ts';
import { numberDomainAt } from './zod-walk.ts';

/** One house rule as played: the rules value it replaced (undefined for a new record) and its value; `given` when written relative ("+2"). */
export interface HouseRule {
  readonly path: string;
  readonly from: unknown;
  readonly to: unknown;
  readonly given?: string;
}

export interface LoadedScenario {
  readonly system: GameSystem;
  readonly input: ScenarioInput;
  readonly envelope: ScenarioEnvelope;
  /** Rules data after overrides, plain values. */
  readonly data: unknown;
  /** Rules data after overrides, with provenance (for reports). */
  readonly dataTree: unknown;
  readonly options: OptionValues;
  readonly compiled: CompiledGame;
  /** Every rules value under the system's dataInUse roots, with provenance. */
  readonly provenance: ProvenanceEntry[];
  /** The overrides as played, each with the value it replaced (relative ones resolved). */
  readonly houseRules: readonly HouseRule[];
  /** Run defaults from the file. */
  readonly defaults: { games?: number; seed?: number | string; agents?: AgentChoice[] };
  /** Absolute path and original text (reports embed the scenario). */
  readonly file: string;
  readonly text: string;
}

export function loadScenarioFile(file: string): LoadedScenario {
  const src = readSourceFile(file);
  return compileSource(src, true);
}

/**
 * Compiles an in-memory document (experiments patch a base scenario this way; workers compile a
 * plan's documents without their text: parameter-set files named in their run.agents are then not
 * read, see agentChoiceFromInput).
 */
export function compileScenarioDocument(doc: unknown, file: string, text = ''): LoadedScenario {
  return compileSource({ file, text, data: doc, lineOf: () => undefined }, text !== '');
}

export function compileScenarioText(text: string, file: string): LoadedScenario {
  return compileSource(parseSource(file, text), true);
}

function fail(src: SourceFile, issues: InputIssue[]): never {
  throw new InputError(src.file, withLines(src, issues));
}

function safeParse(schema: z.ZodType, value: unknown): ReturnType<z.ZodType['safeParse']> {
  return schema.safeParse(value);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Validates in one pass: the envelope, the system block, the options, the overrides and the
 * rules data they leave, and the run defaults are all checked before anything is reported, so a
 * file with four typos gets four errors in one run. Cross-checks that need a valid block and
 * valid rules data (unknown unit ids, placement zones) run when those are sound.
 */
function compileSource(src: SourceFile, readSets: boolean): LoadedScenario {
  const raw = isRecord(src.data) ? src.data : {};
  if (raw.experiment !== undefined && raw.system === undefined) {
    fail(src, [{ path: '', message: "this is an experiment file (it has 'experiment:'): use salvo experiment, not salvo run" }]);
  }
  const issues: InputIssue[] = [];
  const env = safeParse(scenarioEnvelopeSchema, src.data);
  if (!env.success) issues.push(...zodIssues(env.error, '', (p) => knownKeysAt(scenarioEnvelopeSchema, p), src.data));

  const systemId = typeof raw.system === 'string' ? raw.system : undefined;
  const system = systemId !== undefined ? findSystem(systemId) : undefined;
  if (systemId !== undefined && !system) {
    const known = SYSTEM_IDS;
    issues.push({ path: 'system', message: `unknown system '${excerpt(systemId, 40)}'${suggest(systemId.slice(0, 64), known)}; known systems: ${known.join(', ') || '(none registered)'}` });
  }
  if (!system) fail(src, issues);

  // The system block.
  let body: unknown;
  if (raw.scenario === undefined) issues.push({ path: 'scenario', message: `missing the 'scenario:' block (the ${system.info.name} set-up; see salvo new ${system.info.id})` });
  else {
    const b = safeParse(system.scenarioSchema, raw.scenario);
    if (b.success) body = b.data;
    else issues.push(...zodIssues(b.error, 'scenario', (p) => knownKeysAt(system.scenarioSchema, p), raw.scenario));
  }

  const givenOptions = isRecord(raw.options) ? raw.options : {};
  const written: Record<string, unknown> = isRecord(raw.overrides) ? raw.overrides : {};
  const rules = resolveRules(system, givenOptions, written, src.file);
  issues.push(...rules.issues);
  const { options, data, overrides, houseRules } = rules;

  // Run defaults: agents known, one per side.
  let runAgents: AgentChoice[] | undefined;
  try {
    const given = isRecord(raw.run) && Array.isArray(raw.run.agents) && env.success ? (env.data as ScenarioEnvelope).run?.agents?.map((a) => agentChoiceFromInput(a, readSets ? src.file : undefined)) : undefined;
    runAgents = given?.every((a) => a !== null) ? (given as AgentChoice[]) : undefined;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    issues.push({ path: 'run.agents', message: e.message });
  }
  if (runAgents) issues.push(...checkAgentChoices(system, runAgents, 'run.agents'));

  if (issues.length || body === undefined || data === undefined || !env.success) fail(src, issues);
  const envelope = env.data as ScenarioEnvelope;

  const checks = system.checkScenario?.(body, data, options) ?? [];
  if (checks.length) fail(src, checks.map(([p, m]) => ({ path: p.startsWith('scenario') || p.startsWith('options') || p.startsWith('overrides') ? p : `scenario.${p}`, message: withSuggestion(m) })));
  const agents = runAgents;

  const input: ScenarioInput = {
    file: src.file,
    system: system.info.id,
    id: envelope.id,
    name: envelope.name,
    body,
    options,
    overrides,
  };
  let compiled: CompiledGame;
  try {
    compiled = system.compile({ scenario: input, data, options });
  } catch (e) {
    if (e instanceof InputError) throw e;
    fail(src, [{ path: 'scenario', message: `the scenario cannot be set up: ${excerpt((e as Error)?.message ?? String(e), 300)}` }]);
  }
  if (agents && agents.length !== compiled.sides.length) fail(src, [{ path: 'run.agents', message: `expected ${compiled.sides.length} agents (one per side: ${compiled.sides.join(', ')}), got ${agents.length}` }]);
  const roots = system.dataInUse(body, data);
  // Listed when first read (reports, answers): a worker compiling a plan's variants never needs it.
  let provenance: ProvenanceEntry[] | undefined;
  return {
    system,
    input,
    envelope,
    data,
    dataTree: rules.dataTree,
    options,
    compiled,
    get provenance() {
      return (provenance ??= listLeaves(rules.dataTree, roots));
    },
    houseRules,
    defaults: { games: envelope.run?.games, seed: envelope.run?.seed, agents },
    file: resolve(src.file),
    text: src.text,
  };
}

/** The option values and rules data of a system under a file's options and house-rule overrides. */
export interface ResolvedRules {
  readonly options: OptionValues;
  /** Rules data after the overrides, plain and validated; undefined when an issue stops it. */
  readonly data: unknown;
  /** Rules data after the overrides, with provenance (overridden values marked 'override: <source>'). */
  readonly dataTree: DataTree;
  /** The overrides as applied (relative values resolved) and each with the value it replaced. */
  readonly overrides: Readonly<Record<string, unknown>>;
  readonly houseRules: readonly HouseRule[];
  /** Problems as [path inside the file, message]: unknown or bad options, bad override paths or values. */
  readonly issues: InputIssue[];
}

/**
 * Options (own keys only: 'toString' is not an option) and house-rule overrides, then the rules
 * data they leave, checked against the system's rules schema: the loader's one way to apply them
 * (a scenario file, and `salvo odds` / `salvo cards` with --set and no file).
 */
export function resolveRules(system: GameSystem, givenOptions: Readonly<Record<string, unknown>>, written: Readonly<Record<string, unknown>>, source: string): ResolvedRules {
  const issues: InputIssue[] = [];
  const ownOptions: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(givenOptions)) {
    if (Object.hasOwn(system.options, k)) ownOptions[k] = v;
    else issues.push({ path: `options.${k}`, message: `unknown option '${excerpt(k, 40)}'${suggest(k.slice(0, 64), Object.keys(system.options))} (see salvo list ${system.info.id})` });
  }
  const [options, optionErrors] = resolveOptions(system.options, ownOptions);
  for (const [k, m] of optionErrors) if (!issues.some((i) => i.path === `options.${k}`)) issues.push({ path: `options.${k}`, message: m });

  // Overrides (relative ones resolved against the bundled value), then the rules data they leave.
  const overrides: Record<string, unknown> = {};
  const houseRules: HouseRule[] = [];
  for (const [key, value] of Object.entries(written)) {
    const from = dataValueAt(system.rulesData, key);
    const rel = relativeOf(value);
    // (An unknown path is left to applyOverrides, which names the nearest one.)
    if (rel && from !== undefined && typeof from !== 'string') {
      const r = applyRelative(from, rel, numberDomainAt(system.rulesSchema, key.split('.')));
      if ('error' in r) {
        issues.push({ path: `overrides.${key}`, message: r.error });
        continue;
      }
      overrides[key] = r.value;
      houseRules.push({ path: key, from, to: r.value, given: rel.text });
    } else {
      overrides[key] = value;
      houseRules.push({ path: key, from, to: value });
    }
  }
  const applied = applyOverrides(system.rulesData, overrides, source);
  for (const e of applied.errors) issues.push({ path: `overrides.${e.key}`, message: `${e.message} (salvo list ${system.info.id} --overrides lists every path)` });
  let data: unknown;
  if (applied.errors.length === 0) {
    const rules = safeParse(system.rulesSchema, stripProvenance(applied.tree));
    if (rules.success) data = rules.data;
    else {
      for (const i of zodIssues(rules.error, '')) issues.push({ path: overrideKeyFor(i.path, overrides), message: `the rules data would be invalid at '${i.path}': ${i.message}` });
    }
  }
  return { options, data, dataTree: applied.tree, overrides, houseRules, issues };
}

/**
 * "did you mean" for a system check's "unknown <thing> 'id' ...; expected one of a, b" (or
 * "(known: a, b)", "known tanks: a, b") that has none: the nearest known id by edit distance
 * (the core's suggest), so every system's unknown unit, weapon or terrain gets one.
 */
export function withSuggestion(message: string): string {
  if (message.includes('did you mean')) return message;
  const m = /^(unknown [\w -]+ '([^']*)')([\s\S]*)$/.exec(message);
  const list = m && /(?:expected one of|known(?: [\w ]+)?:)\s*([^()\n;]+)/.exec(m[3]);
  if (!m || !list) return message;
  const hint = suggest(m[2].slice(0, 64), list[1].split(',').map((s) => s.trim()).filter(Boolean));
  return hint ? `${m[1]}${hint}${m[3]}` : message;
}

/** The plain value at a dotted path of a rules-data tree (its `$prov` keys ignored), or undefined. */
function dataValueAt(tree: unknown, path: string): unknown {
  let node: unknown = tree;
  for (const key of path.split('.')) {
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else if (isRecord(node) && key !== '$prov' && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return isRecord(node) || Array.isArray(node) ? stripProvenance(node) : node;
}

/** The override key a data-schema error comes from (falls back to 'overrides'). */
function overrideKeyFor(dataPath: string, overrides: Readonly<Record<string, unknown>>): string {
  let best = '';
  for (const k of Object.keys(overrides)) {
    if ((dataPath === k || dataPath.startsWith(k + '.') || k.startsWith(dataPath + '.')) && k.length > best.length) best = k;
  }
  return best ? `overrides.${best}` : 'overrides';
}

/** Resolves a path relative to a file's folder (experiments name their base scenario this way). */
export function relativeTo(file: string, target: string): string {
  return resolve(dirname(file), target);
}
