import { join } from 'node:path';
import type { Command } from 'commander';
import { runScenario } from '../../run/execute.ts';
import { agentList } from '../flags.ts';
import { openReport, watchRuns } from '../watch.ts';
import { addPlayOptions, playOptions, withProgress } from './shared.ts';

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('play many games of a scenario and write a report (HTML + CSV + JSON)')
    .argument('<scenario>', 'scenario file (YAML or JSON)')
    .option('-a, --agents <a,b>', 'one agent per side, e.g. marksman,brawler or marksman:lambda=1.5,random')
    .option('--watch', 'play again, and print the verdict, each time the file is saved')
    .option('--open', 'open the report in the default browser');
  addPlayOptions(cmd, { games: "games to play (default: the scenario's run.games, else 10000)", batch: '500' }).action(
    async (file: string, o: Record<string, string | boolean | undefined>) => {
      let opened = false;
      const play = async () => {
        const opts = playOptions(file, o);
        await withProgress(o, (onProgress) => runScenario({ file, ...opts, agents: agentList(o.agents as string | undefined), onProgress }));
        // Opened once: a watching browser tab is reloaded by the user, not reopened on every save.
        if (o.open && !opened) {
          opened = true;
          openReport(join(opts.out, 'report.html'));
        }
      };
      if (o.watch) await watchRuns(file, play);
      else await play();
    },
  );
}
