/**
 * The registry: one line per rule system, each loaded on demand. A process loads only the systems
 * it plays (a shard of a Panzer Vor! plan loads panzervor and nothing else: issue 11, a process's
 * fixed start-up cost). Nothing registers itself by side effect, and the core (src/core, src/run,
 * src/analysis, src/report) never imports a system: the entry points load what they need first
 * (`loadSystem`, `loadSystems`, `loadAllSystems`), then code that runs after that looks the
 * system up synchronously with `findSystem`.
 */
import type { GameSystem } from '../core/system.ts';

const LOADERS: Readonly<Record<string, () => Promise<{ readonly system: GameSystem }>>> = {
  duel: () => import('./duel/index.ts'),
  ww2setup: () => import('./ww2setup/index.ts'),
  panzervor: () => import('./panzervor/index.ts'),
  mgv: () => import('./mgv/index.ts'),
  at43: () => import('./at43/index.ts'),
  mak: () => import('./mak/index.ts'),
};

/** Ids of every registered system, in registry order (none of them need be loaded). */
export const SYSTEM_IDS: readonly string[] = Object.freeze(Object.keys(LOADERS));

const loaded = new Map<string, GameSystem>();

export function isSystemId(id: unknown): id is string {
  return typeof id === 'string' && Object.hasOwn(LOADERS, id);
}

/**
 * How this thread loads a system: `import()`, the one path everywhere except a worker thread that
 * runs the TypeScript sources under tsx (the tests' and scripts' worker pools). Node 20 applies no
 * ES module hooks in worker threads, so there tsx's CommonJS hook compiles every module, the worker
 * entry included, and the systems are loaded the same way, with require(): that thread never loads
 * an ES module at all. Set by src/run/worker.ts before the thread's first task.
 */
let byRequire = false;

/** For src/run/worker.ts in a worker thread running the TypeScript sources (see above). */
export function loadSystemsByRequire(): void {
  if (loaded.size > 0) throw new Error('src/systems/index.ts: the loading path is chosen before any system is loaded');
  byRequire = true;
}

function importSystem(id: string): Promise<{ readonly system: GameSystem }> {
  if (!byRequire) return LOADERS[id]();
  const mod: { readonly system: GameSystem } = require(`./${id}/index.ts`);
  return Promise.resolve(mod);
}

/** Loads a system by id (once per process); undefined for an id that is not registered. */
export async function loadSystem(id: string): Promise<GameSystem | undefined> {
  if (!isSystemId(id)) return undefined;
  const have = loaded.get(id);
  if (have) return have;
  const { system } = await importSystem(id);
  if (system.info.id !== id) throw new Error(`src/systems/index.ts: the line '${id}' loads system '${system.info.id}'`);
  loaded.set(id, system);
  return system;
}

/** Loads every registered system among `ids` (anything else is left for the caller to report). */
export async function loadSystems(ids: Iterable<unknown>): Promise<void> {
  const wanted = new Set<string>();
  for (const id of ids) if (isSystemId(id) && !loaded.has(id)) wanted.add(id);
  await Promise.all([...wanted].map(loadSystem));
}

/** Every registered system, loaded, in registry order (`salvo list`, `schema`, `odds`, the library). */
export async function loadAllSystems(): Promise<readonly GameSystem[]> {
  await loadSystems(SYSTEM_IDS);
  return SYSTEM_IDS.map((id) => loaded.get(id)!);
}

/** Every registered system, for code that runs after loadAllSystems (throws SystemNotLoadedError otherwise). */
export function allSystems(): readonly GameSystem[] {
  return SYSTEM_IDS.map((id) => findSystem(id)!);
}

/** True when every registered id among `ids` is loaded (then findSystem can be called at once). */
export function systemsLoaded(ids: Iterable<unknown>): boolean {
  for (const id of ids) if (isSystemId(id) && !loaded.has(id)) return false;
  return true;
}

/** Ids of the systems loaded in this process (thread), in registry order. */
export function loadedSystemIds(): string[] {
  return SYSTEM_IDS.filter((id) => loaded.has(id));
}

/** A registered system that was not loaded before it was looked up: a missing `await loadSystem(id)`. */
export class SystemNotLoadedError extends Error {
  constructor(readonly id: string) {
    super(`system '${id}' is registered but not loaded in this process: await loadSystem('${id}') (src/systems/index.ts) before looking it up`);
    this.name = 'SystemNotLoadedError';
  }
}

/**
 * The system with this id, for code that runs after its system was loaded; undefined when no
 * system has this id. Throws SystemNotLoadedError for a registered system not loaded yet.
 */
export function findSystem(id: string): GameSystem | undefined {
  if (!isSystemId(id)) return undefined;
  const s = loaded.get(id);
  if (!s) throw new SystemNotLoadedError(id);
  return s;
}
