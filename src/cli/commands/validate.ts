import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { loadScenarioFile } from '../../scenario/load.ts';
import { loadExperimentFile } from '../../scenario/experiment.ts';
import { readSourceFile } from '../../scenario/yaml-file.ts';
import { loadSystemsOfFile } from '../../scenario/systems.ts';

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check scenario or experiment files without playing (exit 2 if any is invalid)')
    .argument('<files...>', 'scenario or experiment files')
    .action(async (files: string[]) => {
      let bad = 0;
      for (const file of files) {
        try {
          const data = readSourceFile(file).data as Record<string, unknown>;
          await loadSystemsOfFile(file);
          if ('experiment' in data) {
            const e = loadExperimentFile(file);
            process.stdout.write(`ok: ${file}: experiment '${e.spec.experiment}', ${e.plan.variants.length} variants of ${e.base.input.id}\n`);
          } else {
            const s = loadScenarioFile(file);
            const ph = s.provenance.filter((p) => p.provenance.kind === 'placeholder').length;
            process.stdout.write(`ok: ${file}: ${s.system.info.id} '${s.input.name}', sides ${s.compiled.sides.join(' vs ')}, ${Object.keys(s.input.overrides).length} overrides, ${ph} placeholder values in play\n`);
          }
        } catch (err) {
          if (!(err instanceof InputError)) throw err;
          process.stderr.write(`error: ${err.message}\n`);
          bad++;
        }
      }
      if (bad) process.exitCode = 2;
    });
}
