/** salvo schema <system|experiment> [--out FILE]: the JSON Schema of a system's scenario files. */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { suggest } from '../../core/options.ts';
import { experimentJsonSchema, scenarioJsonSchema, schemaText } from '../../scenario/json-schema.ts';
import { SYSTEM_IDS, findSystem } from '../../systems/index.ts';
import { checkOutFile } from '../flags.ts';

export function schemaFor(id: string): string {
  if (id === 'experiment') return schemaText(experimentJsonSchema());
  const system = findSystem(id);
  if (!system) {
    const known = [...SYSTEM_IDS, 'experiment'];
    throw new InputError('command line', [{ path: '<system>', message: `unknown system '${id.slice(0, 40)}'${suggest(id.slice(0, 64), known)}; expected one of ${known.join(', ')}` }]);
  }
  return schemaText(scenarioJsonSchema(system));
}

export function register(program: Command): void {
  program
    .command('schema')
    .description("JSON Schema (draft 2020-12) of a system's scenario files, or of experiment files, for editor completion")
    .argument('<system>', "system id, or 'experiment'")
    .option('-o, --out <FILE>', 'write to this file instead of stdout')
    .action((id: string, o: { out?: string }) => {
      const text = schemaFor(id);
      if (o.out) {
        checkOutFile(o.out);
        writeFileSync(o.out, text);
        process.stdout.write(`wrote ${o.out}\n`);
      } else process.stdout.write(text);
    });
}
