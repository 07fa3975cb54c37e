import type { Command } from 'commander';
import { runExperiment } from '../../run/execute.ts';
import { addPlayOptions, playOptions, withProgress } from './shared.ts';

export function registerExperiment(program: Command): void {
  const cmd = program
    .command('experiment')
    .description('play every variant of an experiment on common random numbers and compare them')
    .argument('<experiment>', 'experiment file (YAML)');
  addPlayOptions(cmd, { games: "games per variant (default: the file's games, else 2000)", batch: '250' }).action(
    (file: string, o: Record<string, string | boolean | undefined>) =>
      withProgress(o, (onProgress) => runExperiment({ file, ...playOptions(file, o), onProgress })),
  );
}
