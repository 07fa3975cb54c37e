import type { Command } from 'commander';
import { runExperiment } from '../../run/execute.ts';
import { fraction01, nonNegativeInt, positiveInt, seedValue } from '../flags.ts';
import { progressBar } from '../progress.ts';
import { printSummary, reportDir } from './shared.ts';

export function registerExperiment(program: Command): void {
  program
    .command('experiment')
    .description('play every variant of an experiment on common random numbers and compare them')
    .argument('<experiment>', 'experiment file (YAML)')
    .option('-n, --games <N>', 'games per variant (default: the file\'s games, else 2000)')
    .option('-w, --workers <K>', 'worker threads; 0 plays in this thread (default: all cores)')
    .option('-s, --seed <S>', 'run seed (default: the file\'s, else 1)')
    .option('-o, --out <DIR>', 'report folder (default: reports/<experiment file name>)')
    .option('--batch <N>', 'games per worker task (results do not depend on it)', '250')
    .option('--precision <H>', 'stop early once every win-rate 95% interval half-width is at most H')
    .option('--json', 'print the summary as JSON on stdout')
    .option('--no-progress', 'no progress bar')
    .action(async (file: string, o: Record<string, string | boolean | undefined>) => {
      const bar = progressBar(o.progress !== false && !o.json);
      try {
        const outcome = await runExperiment({
          file,
          games: positiveInt('--games', o.games as string | undefined),
          workers: nonNegativeInt('--workers', o.workers as string | undefined),
          seed: seedValue(o.seed as string | undefined),
          batchSize: positiveInt('--batch', o.batch as string | undefined),
          targetHalfWidth: fraction01('--precision', o.precision as string | undefined),
          out: (o.out as string | undefined) ?? reportDir(file),
          onProgress: bar.update,
        });
        bar.stop();
        printSummary(outcome, !!o.json);
      } finally {
        bar.stop();
      }
    });
}
