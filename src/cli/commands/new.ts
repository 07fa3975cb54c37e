/**
 * salvo new <system> [--from <bundled scenario>] -o FILE: a commented starter scenario that validates;
 * salvo new experiment [--base SCENARIO] -o FILE: a commented starter experiment that validates.
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { suggest } from '../../core/options.ts';
import { starterExperiment, starterScenario } from '../../scenario/starter.ts';
import { SYSTEM_IDS, findSystem } from '../../systems/index.ts';
import { checkOutFile } from '../flags.ts';

export function register(program: Command): void {
  program
    .command('new')
    .description("write a commented starter scenario for a system, or an experiment ('experiment'); it validates as written")
    .argument('<system>', "system id, or 'experiment'")
    .option('--from <SCENARIO>', 'bundled scenario to start from (file name, e.g. fake-battle; default: the simplest)')
    .option('--base <SCENARIO>', "with 'experiment': the base scenario file (default: the bundled duel)")
    .requiredOption('-o, --out <FILE>', 'the file to write')
    .option('--force', 'overwrite an existing file')
    .action((id: string, o: { from?: string; base?: string; out: string; force?: boolean }) => {
      if (id === 'experiment') {
        checkOutFile(o.out);
        if (existsSync(o.out) && !o.force) throw new InputError('command line', [{ path: '--out', message: `'${o.out.slice(0, 80)}' exists (use --force to overwrite)` }]);
        if (o.from !== undefined) throw new InputError('command line', [{ path: '--from', message: "is for scenarios; an experiment names its base scenario with --base" }]);
        writeFileSync(o.out, starterExperiment({ base: o.base, out: o.out }));
        process.stdout.write(`wrote ${o.out}: check it with salvo validate ${o.out}, play it with salvo experiment ${o.out}\n`);
        return;
      }
      if (o.base !== undefined) throw new InputError('command line', [{ path: '--base', message: "is for 'salvo new experiment'; a scenario starts from a bundled one with --from" }]);
      const system = findSystem(id);
      if (!system) {
        const known = SYSTEM_IDS;
        throw new InputError('command line', [{ path: '<system>', message: `unknown system '${id.slice(0, 40)}'${suggest(id.slice(0, 64), [...known, 'experiment'])}; known systems: ${known.join(', ')} (or 'experiment')` }]);
      }
      checkOutFile(o.out);
      if (existsSync(o.out) && !o.force) throw new InputError('command line', [{ path: '--out', message: `'${o.out.slice(0, 80)}' exists (use --force to overwrite)` }]);
      writeFileSync(o.out, starterScenario(system, { from: o.from, out: o.out }));
      process.stdout.write(`wrote ${o.out}: check it with salvo validate ${o.out}, play it with salvo run ${o.out}\n`);
    });
}
