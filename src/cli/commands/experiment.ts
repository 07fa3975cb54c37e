import type { Command } from 'commander';
import { addWatchOptions, playWatched } from './run.ts';
import { addPlayOptions } from './shared.ts';

export function registerExperiment(program: Command): void {
  const cmd = program
    .command('experiment')
    .description('play every variant of an experiment on common random numbers and compare them')
    .argument('[experiment]', 'experiment file (YAML); or give --plan')
    .option('--sprt <d0,d1>', "sequential test of each variant against the baseline: H0 the tested side's score (wins + half the draws) changes by d0, H1 by d1 (e.g. 0,0.03); alpha = beta = 0.05. The side: --side, else the sides compare: names, else side A")
    .option('--side <name>', 'the side --sprt or --even tests (its scenario name, A/B or 0/1)')
    .option('--set <path=value>', 'edit every variant without editing the files (after its own edits): overrides.<rules path>=v (or +2, -1, *1.1; ==-1 sets -1), options.<name>=v or scenario.<path>=v (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--pairings <a,b;c,d>', 'also replay every variant under these agent pairings (one agent per side, pairings split by ;): a change is robust only if it keeps its sign and significance under all');
  addWatchOptions(cmd, 'experiment file (or its base scenario)');
  addPlayOptions(cmd, { games: "games per variant (default: the file's games, else 2000)", batch: '250' }).action((file: string | undefined, o: Opts) => playWatched('experiment', file, o));
}

type Opts = Record<string, string | boolean | undefined>;
