import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { addPartial, combine, mergedResult, missingRanges, newMergeState, readPartial, statusText } from '../../app/merge.ts';
import { replaceFolder } from '../../app/output.ts';
import { readPlanFile } from '../../app/plan-file.ts';
import { printSummary, reportDir } from './shared.ts';

/** Exit code of a merge that lacks batches. */
export const EXIT_INCOMPLETE = 3;

function partialFiles(args: readonly string[]): string[] {
  return args.flatMap((a) => {
    try {
      if (statSync(a).isDirectory()) return readdirSync(a).filter((n) => n.endsWith('.json')).sort().map((n) => join(a, n));
    } catch {
      /* readPartial reports it */
    }
    return [a];
  });
}

export function register(program: Command): void {
  program
    .command('merge')
    .description('merge the partial results of a plan (shards, in any order) into the report salvo run would write')
    .argument('<plan>', 'the plan file')
    .argument('[parts...]', 'partial result files (or folders of them)')
    .option('-o, --out <DIR>', 'report folder (default: reports/<plan file name>)')
    .option('--status', 'print coverage, whether the stopping rule is met and which round to run next, and a provisional estimate; write nothing (exit 3 while incomplete)')
    .option('--json', 'print the summary as JSON on stdout (as salvo run --json)')
    .action(async (planPath: string, parts: string[], o: Record<string, string | boolean | undefined>) => {
      const pf = await readPlanFile(planPath);
      const st = newMergeState(pf);
      for (const f of partialFiles(parts)) addPartial(st, f, readPartial(f));
      const m = combine(st);
      if (o.status) {
        process.stdout.write(statusText(st, m, planPath));
        if (!m.complete) process.exitCode = EXIT_INCOMPLETE;
        return;
      }
      if (!m.complete) {
        process.stderr.write(`incomplete: ${m.mergedBatches} of ${m.neededBatches} batches merged; missing ${m.missing.length} batches (${missingRanges(m.missing)}); no report written\n`);
        process.exitCode = EXIT_INCOMPLETE;
        return;
      }
      const { finishPlan } = await import('../../app/execute.ts'); // the report code, only when a report is written
      const done = finishPlan(pf, mergedResult(st, m), undefined, m.sprt ? { sprt: m.sprt } : {});
      const written = replaceFolder((o.out as string | undefined) ?? reportDir(planPath), done.files);
      await printSummary({ ...done, written }, !!o.json);
    });
}
