/**
 * Which rule systems a file or a plan plays, loaded before the synchronous loaders compile it
 * (src/systems/index.ts loads each system on demand). Problems with the file itself are left to
 * those loaders, which report them with their lines.
 */
import { dirname, resolve } from 'node:path';
import { loadSystems } from '../systems/index.ts';
import { readSourceFile } from './yaml-file.ts';

function systemNamedBy(data: unknown): unknown {
  return typeof data === 'object' && data !== null && 'system' in data ? data.system : undefined;
}

/** The system a scenario file names, or its base scenario's for an experiment file. */
function systemsOfFile(file: string, viaExperiment = false): unknown[] {
  let data: unknown;
  try {
    data = readSourceFile(file).data;
  } catch {
    return [];
  }
  const system = systemNamedBy(data);
  if (system !== undefined) return [system];
  const base = typeof data === 'object' && data !== null && 'base' in data ? data.base : undefined;
  return typeof base === 'string' && !viaExperiment ? systemsOfFile(resolve(dirname(file), base), true) : [];
}

/** Loads the system a scenario file (or an experiment file's base scenario) plays. */
export async function loadSystemsOfFile(file: string): Promise<void> {
  await loadSystems(systemsOfFile(file));
}

/** Loads the systems of inline scenario documents (a plan's variants). */
export async function loadSystemsOfDocuments(docs: Iterable<unknown>): Promise<void> {
  await loadSystems([...docs].map(systemNamedBy));
}
