import type { Command } from 'commander';
import { addWatchOptions, playWatched } from './run.ts';
import { addPlayOptions } from './shared.ts';

export function registerExperiment(program: Command): void {
  const cmd = program
    .command('experiment')
    .description('play every variant of an experiment on common random numbers and compare them')
    .argument('[experiment]', 'experiment file (YAML); or give --plan');
  addWatchOptions(cmd, 'experiment file (or its base scenario)');
  addPlayOptions(cmd, { games: "games per variant (default: the file's games, else 2000)", batch: '250' }).action((file: string | undefined, o: Opts) => playWatched('experiment', file, o));
}

type Opts = Record<string, string | boolean | undefined>;
