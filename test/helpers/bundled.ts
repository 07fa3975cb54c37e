/** The bundled scenario and experiment files (every system's tests iterate over them). */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

function walk(dir: string): string[] {
  let out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out = out.concat(walk(p));
    else if (/\.ya?ml$/.test(e)) out.push(p);
  }
  return out;
}

export function bundledScenarios(system?: string): string[] {
  const files = walk(join(ROOT, 'scenarios'));
  return system ? files.filter((f) => relative(join(ROOT, 'scenarios'), f).startsWith(system + '/')) : files;
}

export function bundledExperiments(): string[] {
  return walk(join(ROOT, 'experiments'));
}
