import type { Command } from 'commander';
import { addPlayOptions, playCommand } from './shared.ts';

export function registerExperiment(program: Command): void {
  const cmd = program
    .command('experiment')
    .description('play every variant of an experiment on common random numbers and compare them')
    .argument('[experiment]', 'experiment file (YAML); or give --plan');
  addPlayOptions(cmd, { games: "games per variant (default: the file's games, else 2000)", batch: '250' }).action((file: string | undefined, o: Record<string, string | boolean | undefined>) => playCommand('experiment', file, o));
}
