/**
 * The scenarios and experiments that ship with salvo, addressed by name through the package
 * (`bundledScenario('duel/high-noon')`), wherever it is installed: the files sit beside dist/ (or
 * src/) in the package folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suggest } from '../core/options.ts';
import { InputError } from './errors.ts';

/** The package folder (src/scenario/bundled.ts and dist/scenario/bundled.js are two levels below it). */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function names(folder: string): string[] {
  const root = join(PACKAGE_ROOT, folder);
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (/\.ya?ml$/.test(e.name)) out.push(relative(root, join(dir, e.name)).split(sep).join('/').replace(/\.ya?ml$/, ''));
    }
  };
  if (existsSync(root)) walk(root);
  return out.sort();
}

/** Names of the bundled scenarios ('duel/high-noon', 'panzervor/fake-battle', ...). */
export function bundledScenarioNames(): string[] {
  return names('scenarios');
}

/** Names of the bundled experiments ('duel-house-rules', ...). */
export function bundledExperimentNames(): string[] {
  return names('experiments');
}

function pick(kind: 'scenario' | 'experiment', name: string, known: readonly string[], folder: string): string {
  const clean = name.replace(/\.ya?ml$/, '');
  if (!known.includes(clean)) {
    throw new InputError('library call', [{ path: kind, message: `no bundled ${kind} '${clean.slice(0, 80)}'${suggest(clean.slice(0, 80), known)}; bundled: ${known.join(', ')}` }]);
  }
  return join(PACKAGE_ROOT, folder, `${clean}.yaml`);
}

/** The absolute path of a bundled scenario file, e.g. bundledScenario('duel/high-noon'). */
export function bundledScenario(name: string): string {
  return pick('scenario', name, bundledScenarioNames(), 'scenarios');
}

/** The absolute path of a bundled experiment file, e.g. bundledExperiment('duel-house-rules'). */
export function bundledExperiment(name: string): string {
  return pick('experiment', name, bundledExperimentNames(), 'experiments');
}
