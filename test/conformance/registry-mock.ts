/**
 * The registry as a test file sees it when it registers systems of its own: the real one plus
 * `extras` (looked up first). A test file installs it with
 *
 *   vi.mock('../../src/systems/index.ts', async (real) => (await import('./registry-mock.ts')).withExtras(await real()));
 *
 * so the scenario loader (and the inline runner) resolve the extra systems by id. Piscina workers
 * import the real registry: runs with workers > 0 cannot see the extras.
 */
import type { AnySystem, GameSystem } from '../../src/core/system.ts';

export const extras: AnySystem[] = [];

interface Registry {
  readonly SYSTEMS: readonly GameSystem[];
  findSystem(id: string): GameSystem | undefined;
}

export function withExtras(real: Registry): Registry {
  return {
    get SYSTEMS(): readonly GameSystem[] {
      return [...extras, ...real.SYSTEMS.filter((s) => !extras.some((e) => e.info.id === s.info.id))];
    },
    findSystem: (id) => extras.find((s) => s.info.id === id) ?? real.findSystem(id),
  };
}
