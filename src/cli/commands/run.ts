import type { Command } from 'commander';
import { addPlayOptions, playCommand } from './shared.ts';

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('play many games of a scenario (or a plan) and write a report (HTML + CSV + JSON)')
    .argument('[scenario]', 'scenario file (YAML or JSON); or give --plan')
    .option('-a, --agents <a,b>', 'one agent per side, e.g. marksman,brawler or marksman:lambda=1.5,random');
  addPlayOptions(cmd, { games: "games to play (default: the scenario's run.games, else 10000)", batch: '500' }).action((file: string | undefined, o: Record<string, string | boolean | undefined>) => playCommand('run', file, o));
}
