#!/usr/bin/env node
/**
 * salvo command line: command definitions only; the work is done in src/run, src/analysis,
 * src/report, src/odds (plans, shards, merges and queues in src/app). Bad input exits with code 2 and a one-line-per-problem message, never a
 * stack trace (set SALVO_DEBUG=1 to see one for an internal error).
 */
import { Command, CommanderError } from 'commander';
import { InputError, excerpt } from '../core/errors.ts';
import { salvoVersion } from '../app/version.ts';
import { registerRun } from './commands/run.ts';
import { registerExperiment } from './commands/experiment.ts';
import { registerValidate } from './commands/validate.ts';
import { registerList } from './commands/list.ts';
import { registerReplay } from './commands/replay.ts';
import { register as registerOdds } from './commands/odds.ts';
import { register as registerCards } from './commands/cards.ts';
import { register as registerSetup } from './commands/setup.ts';
import { registerBalance } from './commands/balance.ts';
import { registerSensitivity } from './commands/sensitivity.ts';
import { registerLadder } from './commands/ladder.ts';
import { register as registerSchema } from './commands/schema.ts';
import { register as registerNew } from './commands/new.ts';
import { checkOutDir, checkOutFile } from './flags.ts';
import { register as registerPlan } from './commands/plan.ts';
import { register as registerMerge } from './commands/merge.ts';
import { register as registerWorker } from './commands/worker.ts';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('salvo')
    .description('Monte Carlo balance and scenario analysis for tabletop wargames')
    .version(salvoVersion())
    .showHelpAfterError('(run salvo --help for usage)')
    .exitOverride();
  registerRun(program);
  registerExperiment(program);
  registerValidate(program);
  registerList(program);
  registerReplay(program);
  registerOdds(program);
  registerCards(program);
  registerSetup(program);
  registerBalance(program);
  registerSensitivity(program);
  registerLadder(program);
  registerSchema(program);
  registerNew(program);
  registerPlan(program);
  registerMerge(program);
  registerWorker(program);
  // An output folder that cannot be written is a user error found before the first game.
  program.hook('preAction', (_program, action) => {
    const name = action.name();
    const out = action.opts().out as unknown;
    if ((name === 'run' || name === 'experiment' || name === 'cards') && typeof out === 'string') {
      // With --shard, --out names the partial result file.
      const opts = action.opts();
      if (opts.shard !== undefined || opts.shardFromEnv) checkOutFile(out);
      else checkOutDir(out);
    }
  });
  for (const cmd of program.commands) cmd.exitOverride();
  return program;
}

/** Operating-system errors that are the user's to fix (a path, a permission, a full disk). */
const USER_FS_ERRORS: Readonly<Record<string, string>> = {
  EEXIST: 'a file already exists where a folder is needed',
  ENOTDIR: 'a path runs through a file where a folder is needed',
  EISDIR: 'a folder exists where a file is needed',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'file name too long',
  ENOENT: 'no such file or folder',
  EMFILE: 'too many open files',
};

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    return reportError(e);
  }
}

/** Prints an error the way the CLI promises and returns the exit code. */
export function reportError(e: unknown): number {
  if (e instanceof InputError) {
    process.stderr.write(`error: ${e.message}\n`);
    return 2;
  }
  if (e instanceof CommanderError) {
    // Help and version exit 0; usage errors were already printed by commander.
    return e.exitCode === 0 ? 0 : 2;
  }
  const err = e as NodeJS.ErrnoException | undefined;
  const code = err?.code;
  if (code && USER_FS_ERRORS[code]) {
    const where = typeof err?.path === 'string' ? excerpt(err.path, 200) : 'output';
    process.stderr.write(`error: ${where}: ${USER_FS_ERRORS[code]} (${code})\n`);
    return 2;
  }
  if (process.env.SALVO_DEBUG) process.stderr.write(`internal error: ${err?.stack ?? String(e)}\n`);
  else process.stderr.write(`internal error: ${excerpt(err?.message ?? String(e), 300)} (set SALVO_DEBUG=1 for the stack trace; please report it)\n`);
  return 1;
}

const code = await main(process.argv);
process.exitCode = code;
