/**
 * A commented starter scenario for a system: a bundled scenario (the first, or the one named)
 * with a new id and name, the schema comment for editors, every option commented out with its
 * default and cite, and a few override paths as examples. The result always validates.
 */
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import { InputError } from '../core/errors.ts';
import type { GameSystem } from '../core/system.ts';
import { overridePaths } from './json-schema.ts';
import { compileScenarioText } from './load.ts';
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

export function starterScenario(system: GameSystem, opts: { from?: string; out: string; id?: string }): string {
  const files = bundledScenarioFiles(system);
  let from = files[0];
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
  const text = [
    `# yaml-language-server: $schema=${schemaPath}`,
    `# A ${system.info.name} scenario, started from ${relative(ROOT, from).split(sep).join('/')} by \`salvo new ${system.info.id}\`.`,
    `# Check it with: salvo validate ${basename(opts.out)}    Play it with: salvo run ${basename(opts.out)}`,
    `# Units, weapons and options: salvo list ${system.info.id}; every house-rule path: salvo list ${system.info.id} --overrides`,
    body,
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
