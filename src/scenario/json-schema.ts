/**
 * JSON Schemas (draft 2020-12) of scenario and experiment files, generated from the same zod
 * schemas `salvo validate` uses, the option specs and the rules data: editors (VS Code's YAML
 * extension through the `# yaml-language-server: $schema=...` comment) then complete and check
 * files as they are written. `salvo schema <system>` prints one; `schemas/` holds them all.
 */
import { z } from 'zod';
import type { OptionSpec } from '../core/options.ts';
import type { GameSystem } from '../core/system.ts';
import { listLeaves, stripProvenance } from '../core/tables/provenance.ts';
import { availableAgents } from './agents.ts';
import { experimentSchema } from './experiment.ts';
import { scenarioEnvelopeSchema } from './schema.ts';

type Json = Record<string, unknown>;

const SCHEMA_ID_BASE = 'https://salvo.invalid/schemas/';

function toJson(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input', reused: 'inline', cycles: 'ref' }) as Json;
  delete out.$schema;
  return out;
}

function optionSchema(name: string, s: OptionSpec): Json {
  const type = typeof s.default === 'number' ? (s.integer ? 'integer' : 'number') : typeof s.default;
  const o: Json = { type, default: s.default, description: `${s.description} [${s.kind}; default ${JSON.stringify(s.default)}: ${s.cite}]` };
  if (s.values) o.enum = [...s.values];
  if (s.min !== undefined) o.minimum = s.min;
  if (s.max !== undefined) o.maximum = s.max;
  void name;
  return o;
}

function leafType(v: unknown): Json {
  if (typeof v === 'number') return { type: Number.isInteger(v) ? 'number' : 'number' };
  if (typeof v === 'boolean') return { type: 'boolean' };
  if (typeof v === 'string') return { type: 'string' };
  if (v === null) return {};
  if (Array.isArray(v)) return { type: 'array' };
  return { type: 'object' };
}

/** Every override path of a system (leaves and whole records) with its current value and provenance. */
export function overridePaths(system: GameSystem): Array<{ path: string; value: unknown; provenance: string; leaf: boolean }> {
  const leaves = listLeaves(system.rulesData);
  const out: Array<{ path: string; value: unknown; provenance: string; leaf: boolean }> = leaves.map((l) => ({
    path: l.path,
    value: l.value,
    provenance: l.provenance.ref ? `${l.provenance.kind}: ${l.provenance.ref}` : l.provenance.kind,
    leaf: true,
  }));
  // Whole records and lists (an override may replace a list, or a record with a new one).
  const plain = stripProvenance(system.rulesData);
  const walk = (node: unknown, path: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (path) out.push({ path, value: node, provenance: '', leaf: false });
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, path ? `${path}.${i}` : String(i)));
    else for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(plain, '');
  return out;
}

/** The JSON Schema of a scenario file of `system`. */
export function scenarioJsonSchema(system: GameSystem): Json {
  const env = toJson(scenarioEnvelopeSchema);
  const props = { ...(env.properties as Record<string, Json>) };
  props.system = { const: system.info.id, description: `${system.info.name} (rule system id)` };
  const block = toJson(system.scenarioSchema);
  annotateIds(block, system);
  props.scenario = { ...block, description: `the ${system.info.name} set-up (the system's own block)` };
  props.options = {
    type: 'object',
    description: `named options of ${system.info.id}: every ambiguity of the rules and every optional rule, with a cited default`,
    properties: Object.fromEntries(Object.entries(system.options).map(([k, s]) => [k, optionSchema(k, s)])),
    additionalProperties: false,
  };
  const overrideProps: Record<string, Json> = {};
  for (const p of overridePaths(system)) {
    overrideProps[p.path] = p.leaf
      ? { ...leafType(p.value), default: p.value, description: `current value ${JSON.stringify(p.value)} (${p.provenance})` }
      : { ...leafType(p.value), description: Array.isArray(p.value) ? 'the whole list' : 'the whole record' };
  }
  props.overrides = {
    type: 'object',
    description: 'house rules: a dotted path into the rules data and its new value (salvo list <system> --overrides); a new key holding an object adds a record',
    properties: overrideProps,
    additionalProperties: { type: 'object' },
  };
  const agents = availableAgents(system).map((a) => a.name);
  const run = props.run as Json | undefined;
  if (run && typeof run === 'object') {
    const runProps = { ...((run.properties as Record<string, Json>) ?? {}) };
    runProps.agents = { type: 'array', minItems: 1, description: `one agent per side; agents of ${system.info.id}: ${agents.join(', ')}`, items: { anyOf: [{ type: 'string', pattern: `^(${agents.map(escapeRe).join('|')})(:.*)?$` }, { type: 'object', properties: { name: { enum: agents }, params: { type: 'object' } }, required: ['name'], additionalProperties: false }] } };
    props.run = { ...run, properties: runProps };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SCHEMA_ID_BASE}${system.info.id}.scenario.schema.json`,
    title: `salvo scenario: ${system.info.name}`,
    description: `A ${system.info.name} scenario for salvo (generated by salvo schema ${system.info.id}; do not edit).`,
    ...env,
    properties: props,
  };
}

/** The JSON Schema of an experiment file (the same for every system). */
export function experimentJsonSchema(): Json {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SCHEMA_ID_BASE}experiment.schema.json`,
    title: 'salvo experiment',
    description: 'Variants of one base scenario played on common random numbers (generated by salvo schema experiment; do not edit).',
    ...toJson(experimentSchema),
  };
}

/** Rules-data collections a scenario field may name by id ('tank' -> tanks, 'model' -> mgvs...). */
const ALIASES: Readonly<Record<string, string>> = { model: 'mgvs', hero: 'heroes' };

/**
 * Adds the ids of the rules data to the block's id fields (as `examples`, which editors offer for
 * completion, and in the description), without an enum: an override may add a record.
 */
function annotateIds(schema: Json, system: GameSystem): void {
  const plain = stripProvenance<Record<string, unknown>>(system.rulesData);
  const collections = new Map<string, string[]>();
  for (const [k, v] of Object.entries(plain)) if (v && typeof v === 'object' && !Array.isArray(v)) collections.set(k, Object.keys(v));
  const idsFor = (key: string, parent: string): [string, string[]] | undefined => {
    for (const c of [ALIASES[key], `${key}s`, key === 'id' ? `${parent}s` : undefined]) if (c && collections.has(c)) return [c, collections.get(c)!];
    return undefined;
  };
  const walk = (node: unknown, parentKey: string): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as Json;
    const props = n.properties as Record<string, Json> | undefined;
    if (props) {
      for (const [k, v] of Object.entries(props)) {
        const hit = v.type === 'string' && !v.enum ? idsFor(k, parentKey) : undefined;
        if (hit) {
          v.examples = hit[1];
          v.description = `${v.description ? `${v.description}; ` : ''}an id of ${hit[0]} in the rules data: ${hit[1].join(', ')} (salvo list ${system.info.id})`;
        }
        walk(v, k);
      }
    }
    for (const key of ['items', 'additionalProperties']) walk(n[key], parentKey);
    for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(n[key])) (n[key] as unknown[]).forEach((x) => walk(x, parentKey));
  };
  walk(schema, '');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Stable text of a schema (committed under schemas/, compared by a test). */
export function schemaText(schema: Json): string {
  return JSON.stringify(schema, null, 2) + '\n';
}
