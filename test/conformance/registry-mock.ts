/**
 * The registry as a test file sees it when it registers systems of its own: the real one plus
 * `extras` (looked up first, always loaded). A test file installs it with
 *
 *   vi.mock('../../src/systems/index.ts', async (real) => (await import('./registry-mock.ts')).withExtras(await real()));
 *
 * so the scenario loader (and the inline runner) resolve the extra systems by id. Piscina workers
 * import the real registry: runs with workers > 0 cannot see the extras.
 */
import type { AnySystem, GameSystem } from '../../src/core/system.ts';
import type * as Real from '../../src/systems/index.ts';

export const extras: AnySystem[] = [];

type Registry = typeof Real;

const extra = (id: unknown): GameSystem | undefined => extras.find((s) => s.info.id === id);

export async function withExtras(real: Registry): Promise<Registry> {
  await real.loadAllSystems();
  const ids = (): string[] => [...extras.map((s) => s.info.id), ...real.SYSTEM_IDS.filter((id) => !extra(id))];
  const all = (): GameSystem[] => ids().map((id) => extra(id) ?? real.findSystem(id)!);
  return {
    ...real,
    get SYSTEM_IDS(): readonly string[] {
      return ids();
    },
    isSystemId: (id: unknown): id is string => extra(id) !== undefined || real.isSystemId(id),
    loadSystem: async (id) => extra(id) ?? real.loadSystem(id),
    loadSystems: (list) => real.loadSystems([...list].filter((id) => !extra(id))),
    loadAllSystems: async () => all(),
    allSystems: all,
    systemsLoaded: (list) => real.systemsLoaded([...list].filter((id) => !extra(id))),
    loadedSystemIds: () => [...extras.map((s) => s.info.id), ...real.loadedSystemIds().filter((id) => !extra(id))],
    findSystem: (id) => extra(id) ?? real.findSystem(id),
  };
}
