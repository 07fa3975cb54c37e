import { join } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { addPlayOptions, playCommand, reportDir } from './shared.ts';

type Opts = Record<string, string | boolean | undefined>;

/** --watch and --open (shared by `run` and `experiment`). */
export function addWatchOptions(cmd: Command, what: string): Command {
  return cmd
    .option('--watch', `play again, and print the verdict, each time the ${what} is saved (src/cli/watch.ts)`)
    .option('--open', 'open the report in the default browser');
}

/** Plays once (or, with --watch, again on every save) and opens the report once with --open. */
export async function playWatched(kind: 'run' | 'experiment', file: string | undefined, o: Opts): Promise<void> {
  let opened = false;
  const play = async () => {
    // While watching, each play has its own outcome (a timed-out game earlier does not stick).
    if (o.watch) process.exitCode = undefined;
    await playCommand(kind, file, o);
    // Opened once: a watching browser tab is reloaded by the user, not reopened on every save.
    if (o.open && !opened && !o.shard && !o.shardFromEnv && !process.exitCode) {
      opened = true;
      const { openReport } = await import('../watch.ts');
      openReport(join((o.out as string | undefined) ?? reportDir(file ?? (o.plan as string)), 'report.html'));
    }
  };
  if (!o.watch) return play();
  if (file === undefined) throw new InputError('command line', [{ path: '--watch', message: `needs ${kind === 'run' ? 'a scenario' : 'an experiment'} file (not --plan)` }]);
  const { watchRuns } = await import('../watch.ts'); // only with --watch
  await watchRuns(file, play);
}

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('play many games of a scenario (or a plan) and write a report (HTML + CSV + JSON)')
    .argument('[scenario]', 'scenario file (YAML or JSON); or give --plan')
    .option('-a, --agents <a,b>', 'one agent per side, e.g. marksman,brawler or marksman:lambda=1.5,random')
    .option('--side <name>', 'the side --even is about (its scenario name, A/B or 0/1)')
    .option('--set <path=value>', 'try one value without editing the file: overrides.<rules path>=v (or relative: +2, -1, *1.1; ==-1 sets -1), options.<name>=v or scenario.<path>=v (repeatable)', (v: string, prev: string[] = []) => [...prev, v]);
  addWatchOptions(cmd, 'scenario file');
  addPlayOptions(cmd, { games: "games to play (default: the scenario's run.games, else 10000)", batch: '500, up to 2000 for long runs (at least 64 batches)' }).action((file: string | undefined, o: Opts) => playWatched('run', file, o));
}
