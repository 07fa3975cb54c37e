/** salvo new <system> [--from <bundled scenario>] -o FILE: a commented starter scenario that validates. */
import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { suggest } from '../../core/options.ts';
import { starterScenario } from '../../scenario/starter.ts';
import { SYSTEM_IDS, findSystem } from '../../systems/index.ts';
import { checkOutFile } from '../flags.ts';

export function register(program: Command): void {
  program
    .command('new')
    .description('write a commented starter scenario for a system (it validates as written)')
    .argument('<system>', 'system id')
    .option('--from <SCENARIO>', 'bundled scenario to start from (file name, e.g. fake-battle)')
    .requiredOption('-o, --out <FILE>', 'the scenario file to write')
    .option('--force', 'overwrite an existing file')
    .action((id: string, o: { from?: string; out: string; force?: boolean }) => {
      const system = findSystem(id);
      if (!system) {
        const known = SYSTEM_IDS;
        throw new InputError('command line', [{ path: '<system>', message: `unknown system '${id.slice(0, 40)}'${suggest(id.slice(0, 64), known)}; known systems: ${known.join(', ')}` }]);
      }
      checkOutFile(o.out);
      if (existsSync(o.out) && !o.force) throw new InputError('command line', [{ path: '--out', message: `'${o.out.slice(0, 80)}' exists (use --force to overwrite)` }]);
      writeFileSync(o.out, starterScenario(system, { from: o.from, out: o.out }));
      process.stdout.write(`wrote ${o.out}: check it with salvo validate ${o.out}, play it with salvo run ${o.out}\n`);
    });
}
