/**
 * A commented starter scenario for a system: a bundled scenario (the simplest, the one with the
 * fewest rules values in play, or the one named) with a new id and name, the schema comment for
 * editors, a field-by-field guide to the `scenario:` block (what each field is, its unit, range
 * and choices, from the same schema `salvo validate` uses), every option commented out with its
 * default and cite, and a few override paths as examples. The result always validates. Also a
 * commented starter experiment (`salvo new experiment`).
 */
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { InputError } from '../core/errors.ts';
import type { GameSystem } from '../core/system.ts';
import { overridePaths, scenarioJsonSchema } from './json-schema.ts';
import { loadExperimentFile } from './experiment.ts';
import { compileScenarioText, loadScenarioFile } from './load.ts';
import { readInputText } from './yaml-file.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function bundledScenarioFiles(system: GameSystem): string[] {
  const dir = join(ROOT, 'scenarios', system.info.id);
  try {
    return readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => join(dir, f));
  } catch {
    return [];
  }
}

/** The simplest bundled scenario of a system: the fewest rules values in play (then the name). */
export function simplestScenario(system: GameSystem): string | undefined {
  const files = bundledScenarioFiles(system);
  const size = (f: string): number => {
    try {
      return loadScenarioFile(f).provenance.length;
    } catch {
      return Infinity;
    }
  };
  return files.map((f) => ({ f, n: size(f) })).sort((a, b) => a.n - b.n || a.f.localeCompare(b.f))[0]?.f;
}

type Json = Record<string, unknown>;

/** One line per field of a JSON Schema: `path: what it is (type, range, choices, default)`. */
export function fieldGuide(schema: Json, prefix = ''): string[] {
  const out: string[] = [];
  const kind = (node: Json): string => {
    const t = node.type;
    const range = typeof node.minimum === 'number' || typeof node.maximum === 'number' || typeof node.exclusiveMinimum === 'number' ? ` ${node.exclusiveMinimum !== undefined ? `more than ${String(node.exclusiveMinimum)}` : String(node.minimum ?? '')} to ${String(node.maximum ?? '')}` : '';
    if (t === 'integer') return `whole number${range}`;
    if (t === 'number') return `number${range}`;
    if (t === 'string' && typeof node.pattern === 'string') return 'text';
    return typeof t === 'string' && t !== 'object' && t !== 'array' ? t : '';
  };
  const walk = (node: Json | undefined, path: string, depth: number): void => {
    if (!node || depth > 8) return;
    const variants = (node.anyOf ?? node.oneOf) as Json[] | undefined;
    const props = node.properties as Record<string, Json> | undefined;
    if (path && (!props || node.description)) {
      const desc = typeof node.description === 'string' ? node.description : '';
      const consts = variants?.every((v) => 'const' in v) ? variants.map((v) => v.const) : undefined;
      const values = (Array.isArray(node.enum) ? (node.enum as unknown[]) : (consts ?? [])).map((v) => String(v));
      const choices = values.length && !values.every((v) => desc.includes(v)) ? `one of ${values.join(', ')}` : '';
      const what = [desc || (values.length ? '' : kind(node)), choices, node.default !== undefined && typeof node.default !== 'object' ? `default ${JSON.stringify(node.default)}` : ''].filter(Boolean).join('; ');
      if (what) out.push(`${path}: ${what.length > 400 ? what.slice(0, 397) + '...' : what}`);
    }
    if (props) {
      // Siblings with the same schema (the two sides of a block) are listed once, as {a,b}.
      const groups = new Map<string, string[]>();
      for (const [k, v] of Object.entries(props)) {
        const key = JSON.stringify(v);
        groups.set(key, [...(groups.get(key) ?? []), k]);
      }
      for (const [key, names] of groups) {
        const v = JSON.parse(key) as Json;
        const name = names.length > 1 && (v.properties || v.items) ? `{${names.join(',')}}` : undefined;
        for (const k of name ? [name] : names) walk(v, path ? `${path}.${k}` : k, depth + 1);
      }
    }
    if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) walk(node.items as Json, `${path}[]`, depth + 1);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') walk(node.additionalProperties as Json, `${path}.<key>`, depth + 1);
    if (variants) for (const v of variants) if (v.properties || v.items) walk(v, path, depth + 1);
  };
  walk(schema, prefix, 0);
  return [...new Set(out)];
}

export function starterScenario(system: GameSystem, opts: { from?: string; out: string; id?: string }): string {
  const files = bundledScenarioFiles(system);
  let from = opts.from === undefined ? (simplestScenario(system) ?? '') : files[0];
  if (opts.from !== undefined) {
    const wanted = opts.from.replace(/\.ya?ml$/, '');
    from = files.find((f) => basename(f).replace(/\.ya?ml$/, '') === wanted || resolve(opts.from!) === f) ?? '';
    if (!from) throw new InputError('command line', [{ path: '--from', message: `no bundled ${system.info.id} scenario '${opts.from.slice(0, 60)}'; bundled: ${files.map((f) => basename(f)).join(', ')}` }]);
  }
  if (!from) throw new InputError('command line', [{ path: '<system>', message: `system ${system.info.id} has no bundled scenario to start from` }]);
  const id = (opts.id ?? basename(opts.out).replace(/\.[^.]*$/, '')).replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'my-scenario';
  const schemaPath = relative(dirname(resolve(opts.out)), join(ROOT, 'schemas', `${system.info.id}.scenario.schema.json`)).split(sep).join('/');
  const body = readInputText(from)
    .split('\n')
    .filter((l) => !l.startsWith('# yaml-language-server:'))
    .map((l) => (l.startsWith('id: ') ? `id: ${id}` : l.startsWith('name: ') ? `name: ${JSON.stringify(`${id} (started from ${basename(from)})`)}` : l))
    .join('\n')
    .replace(/\n+$/, '');
  const options = Object.entries(system.options).map(([k, s]) => `#   ${k}: ${JSON.stringify(s.default)}   # ${s.values ? `one of ${s.values.map((v) => JSON.stringify(v)).join(', ')}; ` : ''}${s.description.slice(0, 100)} (${s.cite.slice(0, 60)})`);
  const examples = overridePaths(system).filter((p) => p.leaf && typeof p.value === 'number').slice(0, 5).map((p) => `#   ${p.path}: ${JSON.stringify(p.value)}   # ${p.provenance.slice(0, 80)}`);
  const block = (scenarioJsonSchema(system).properties as Record<string, Json>).scenario;
  const guide = fieldGuide(block).map((l) => `#   ${l}`);
  const at = body.search(/^scenario:/m);
  const guided = at < 0 ? body : `${body.slice(0, at)}# The scenario: block, field by field (docs/scenarios.md has a worked example; salvo schema ${system.info.id}\n# prints the JSON Schema these lines come from):\n${guide.join('\n')}\n${body.slice(at)}`;
  const text = [
    `# yaml-language-server: $schema=${schemaPath}`,
    `# A ${system.info.name} scenario, started from ${relative(ROOT, from).split(sep).join('/')} by \`salvo new ${system.info.id}\`.`,
    `# Check it with: salvo validate ${basename(opts.out)}    Play it with: salvo run ${basename(opts.out)}`,
    `# Units, weapons and options: salvo list ${system.info.id}; every house-rule path: salvo list ${system.info.id} --overrides`,
    guided,
    '',
    `# Named options (uncomment under an 'options:' key to change one; defaults shown):`,
    '# options:',
    ...options,
    '',
    '# House rules: a dotted path into the rules data and its new value, e.g.',
    '# overrides:',
    ...examples,
    '',
  ].join('\n');
  compileScenarioText(text, opts.out);
  return text;
}

/**
 * A commented starter experiment: a baseline and one house-rule variant of `base` (default: the
 * bundled duel), every optional key commented with what it does. The result always validates.
 */
export function starterExperiment(opts: { base?: string; out: string; id?: string }): string {
  const baseFile = resolve(opts.base ?? join(ROOT, 'scenarios', 'duel', 'high-noon.yaml'));
  const base = loadScenarioFile(baseFile);
  const system = base.system;
  const id = (opts.id ?? basename(opts.out).replace(/\.[^.]*$/, '')).replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'my-experiment';
  const dir = dirname(resolve(opts.out));
  const rel = (p: string): string => relative(dir, p).split(sep).join('/');
  const agents = (base.defaults.agents ?? system.defaultAgents.map((n) => ({ name: n, params: {} }))).map((a) => a.name);
  const sides = base.compiled.sides;
  // The house rule: the first whole-number rules value in play that still validates one higher.
  const candidates = base.provenance.filter((p) => typeof p.value === 'number' && Number.isInteger(p.value));
  const text = (rule: { path: string; value: number } | undefined): string =>
    [
      `# yaml-language-server: $schema=${rel(join(ROOT, 'schemas', 'experiment.schema.json'))}`,
      `# An experiment: variants of one base scenario, each compared with the baseline on the same games`,
      `# (common random numbers: a house rule is judged on the same dice). Written by \`salvo new experiment\`.`,
      `# Check it with: salvo validate ${basename(opts.out)}    Play it with: salvo experiment ${basename(opts.out)}`,
      `experiment: ${id}                # an id: letters, digits, dot, dash, underscore`,
      `name: ${JSON.stringify(`${id}: ${rule ? `${rule.path} ${rule.value - 1} -> ${rule.value}` : 'variants'} on ${base.envelope.name}`)}`,
      `description: "What the experiment asks, for the report."`,
      `base: ${rel(baseFile)}   # the base scenario (${system.info.id}), relative to this file`,
      `games: 2000                      # games per variant (--games on the command line wins)`,
      `seed: 1                          # a number or a word; the same seed replays the same games`,
      `agents: [${agents.join(', ')}]   # the default pairing, one per side (${sides.join(', ')}); salvo list ${system.info.id} lists the agents`,
      `baseline: baseline               # the variant every other one is compared with`,
      `# compare: [${sides[0]}, draws]    # what to compare, first = the verdict's: side names (win rates), draws, or metric names`,
      `variants:`,
      `  - name: baseline`,
      `    label: "rules as written"`,
      ...(rule
        ? [`  - name: house-rule`, `    label: ${JSON.stringify(`house rule: ${rule.path} = ${rule.value}`)}`, `    overrides: { ${rule.path}: ${rule.value} }   # house rules: salvo list ${system.info.id} --overrides prints every path`]
        : []),
      `  # - name: other-pairing          # a variant may also set options: (named options), patch: (dotted paths into`,
      `  #   agents: [${[...agents].reverse().join(', ')}]   # the base file, e.g. scenario.<path>: value) or agents:`,
      `# grid:                             # or sweep values: every combination becomes a variant named tag=value,...`,
      `#   - { tag: rule, set: overrides.${rule?.path ?? '<rules path>'}, values: [${rule ? `${rule.value - 1}, ${rule.value}, ${rule.value + 1}` : '1, 2'}] }`,
      `# report:`,
      `#   matrix: { row: <tag>, col: <tag> }   # a win-rate heatmap laid out by the variants' tags: (tags: { <tag>: value } on each variant)`,
      '',
    ].join('\n');
  const check = join(dir, `.${basename(opts.out)}.check-${process.pid}.yaml`);
  const valid = (t: string): boolean => {
    try {
      writeFileSync(check, t);
      loadExperimentFile(check);
      return true;
    } catch (e) {
      if (e instanceof InputError) return false;
      throw e;
    } finally {
      rmSync(check, { force: true });
    }
  };
  for (const p of candidates.slice(0, 20)) {
    const t = text({ path: p.path, value: (p.value as number) + 1 });
    if (valid(t)) return t;
  }
  const plain = text(undefined);
  if (!valid(plain)) throw new Error(`salvo new experiment: the starter for ${rel(baseFile)} does not validate`);
  return plain;
}
