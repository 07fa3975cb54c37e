/**
 * Scenario loading: file → validated envelope → system block → options → house-rule overrides
 * on the rules data → system checks → compiled game. Every problem becomes an InputError naming
 * the file, the path inside it (with its line) and what was expected; nothing is half-loaded.
 */
import { dirname, resolve } from 'node:path';
import type { z } from 'zod';
import { resolveOptions, suggest, type OptionValues } from '../core/options.ts';
import type { CompiledGame, GameSystem, ScenarioInput } from '../core/system.ts';
import { applyOverrides, listLeaves, stripProvenance, type ProvenanceEntry } from '../core/tables/provenance.ts';
import { SYSTEMS, findSystem } from '../systems/index.ts';
import { InputError, zodIssues, type InputIssue } from './errors.ts';
import { scenarioEnvelopeSchema, type ScenarioEnvelope } from './schema.ts';
import { parseSource, readSourceFile, withLines, type SourceFile } from './yaml-file.ts';
import { agentChoiceFromInput, checkAgentChoices } from './agents.ts';
import type { AgentChoice } from '../core/agent.ts';

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
  /** Run defaults from the file. */
  readonly defaults: { games?: number; seed?: number | string; agents?: AgentChoice[] };
  /** Absolute path and original text (reports embed the scenario). */
  readonly file: string;
  readonly text: string;
}

export function loadScenarioFile(file: string): LoadedScenario {
  const src = readSourceFile(file);
  return compileSource(src);
}

/** Compiles an in-memory document (experiments patch a base scenario this way). */
export function compileScenarioDocument(doc: unknown, file: string, text = ''): LoadedScenario {
  return compileSource({ file, text, data: doc, lineOf: () => undefined });
}

export function compileScenarioText(text: string, file: string): LoadedScenario {
  return compileSource(parseSource(file, text));
}

function fail(src: SourceFile, issues: InputIssue[]): never {
  throw new InputError(src.file, withLines(src, issues));
}

function safeParse(schema: z.ZodType, value: unknown): { success: true; data: unknown } | { success: false; error: { issues: any[] } } {
  return schema.safeParse(value) as any;
}

function compileSource(src: SourceFile): LoadedScenario {
  const env = safeParse(scenarioEnvelopeSchema, src.data);
  if (!env.success) fail(src, zodIssues(env.error, ''));
  const envelope = env.data as ScenarioEnvelope;

  const system = findSystem(envelope.system);
  if (!system) {
    const known = SYSTEMS.map((s) => s.info.id);
    fail(src, [{ path: 'system', message: `unknown system '${envelope.system}'${suggest(envelope.system, known)}; known systems: ${known.join(', ') || '(none registered)'}` }]);
  }

  if (envelope.scenario === undefined) fail(src, [{ path: 'scenario', message: `missing the 'scenario:' block (the ${system.info.name} set-up)` }]);
  const body = safeParse(system.scenarioSchema, envelope.scenario);
  if (!body.success) fail(src, zodIssues(body.error, 'scenario'));

  const [options, optionErrors] = resolveOptions(system.options, envelope.options ?? {});
  const issues: InputIssue[] = optionErrors.map(([k, m]) => ({ path: `options.${k}`, message: m }));

  const overrides = envelope.overrides ?? {};
  const applied = applyOverrides(system.rulesData, overrides, `${src.file}`);
  for (const e of applied.errors) issues.push({ path: `overrides.${e.key}`, message: e.message });
  if (issues.length) fail(src, issues);

  const plain = stripProvenance(applied.tree);
  const rules = safeParse(system.rulesSchema, plain);
  if (!rules.success) {
    const dataIssues = zodIssues(rules.error, '').map((i) => ({
      path: overrideKeyFor(i.path, overrides),
      message: `the rules data would be invalid at '${i.path}': ${i.message}`,
    }));
    fail(src, dataIssues);
  }
  const data = rules.data;

  const checks = system.checkScenario?.(body.data, data, options) ?? [];
  if (checks.length) fail(src, checks.map(([p, m]) => ({ path: p.startsWith('scenario') || p.startsWith('options') || p.startsWith('overrides') ? p : `scenario.${p}`, message: m })));

  const agents = envelope.run?.agents?.map(agentChoiceFromInput);
  if (agents) {
    const agentIssues = checkAgentChoices(system, agents, 'run.agents');
    if (agentIssues.length) fail(src, agentIssues);
  }

  const input: ScenarioInput = {
    file: src.file,
    system: system.info.id,
    id: envelope.id,
    name: envelope.name,
    body: body.data,
    options,
    overrides,
  };
  let compiled: CompiledGame;
  try {
    compiled = system.compile({ scenario: input, data, options });
  } catch (e) {
    if (e instanceof InputError) throw e;
    fail(src, [{ path: 'scenario', message: `the scenario cannot be set up: ${(e as Error).message}` }]);
  }
  const roots = system.dataInUse(body.data, data);
  return {
    system,
    input,
    envelope,
    data,
    dataTree: applied.tree,
    options,
    compiled,
    provenance: listLeaves(applied.tree, roots),
    defaults: { games: envelope.run?.games, seed: envelope.run?.seed, agents },
    file: resolve(src.file),
    text: src.text,
  };
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
