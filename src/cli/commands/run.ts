import type { Command } from 'commander';
import { runScenario } from '../../run/execute.ts';
import { agentList, fraction01, nonNegativeInt, positiveInt, seedValue } from '../flags.ts';
import { progressBar } from '../progress.ts';
import { printSummary, reportDir } from './shared.ts';

export function registerRun(program: Command): void {
  program
    .command('run')
    .description('play many games of a scenario and write a report (HTML + CSV + JSON)')
    .argument('<scenario>', 'scenario file (YAML or JSON)')
    .option('-n, --games <N>', 'games to play (default: the scenario\'s run.games, else 10000)')
    .option('-w, --workers <K>', 'worker threads; 0 plays in this thread (default: all cores)')
    .option('-s, --seed <S>', 'run seed, a number or a word (default: the scenario\'s, else 1)')
    .option('-o, --out <DIR>', 'report folder (default: reports/<scenario id>)')
    .option('-a, --agents <a,b>', 'one agent per side, e.g. marksman,brawler or marksman:lambda=1.5,random')
    .option('--batch <N>', 'games per worker task (results do not depend on it)', '500')
    .option('--precision <H>', 'stop early once every win-rate 95% interval half-width is at most H (e.g. 0.01)')
    .option('--json', 'print the summary as JSON on stdout')
    .option('--no-progress', 'no progress bar')
    .action(async (file: string, o: Record<string, string | boolean | undefined>) => {
      const bar = progressBar(o.progress !== false && !o.json);
      try {
        const outcome = await runScenario({
          file,
          games: positiveInt('--games', o.games as string | undefined),
          workers: nonNegativeInt('--workers', o.workers as string | undefined),
          seed: seedValue(o.seed as string | undefined),
          agents: agentList(o.agents as string | undefined),
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
