#!/usr/bin/env node
/**
 * salvo command line: command definitions only; the work is done in src/run, src/analysis,
 * src/report, src/odds (plans, shards, merges and queues in src/app). Bad input exits with code 2 and a one-line-per-problem message, never a
 * stack trace (set SALVO_DEBUG=1 to see one for an internal error).
 */
import { Command, CommanderError } from 'commander';
import { InputError, excerpt } from '../core/errors.ts';
import { salvoVersion } from '../app/version.ts';
import { checkOutDir, checkOutFile } from './flags.ts';

type Register = (program: Command) => void;

/**
 * Every command, in help order, loaded only when needed: a shard or a queue worker then never
 * loads the report, analysis or Redis code of the other commands (issue 11 item 6: a process's
 * fixed start-up cost is paid once per shard).
 */
const COMMANDS: ReadonlyArray<readonly [string, () => Promise<Register>]> = [
  ['run', async () => (await import('./commands/run.ts')).registerRun],
  ['experiment', async () => (await import('./commands/experiment.ts')).registerExperiment],
  ['validate', async () => (await import('./commands/validate.ts')).registerValidate],
  ['list', async () => (await import('./commands/list.ts')).registerList],
  ['replay', async () => (await import('./commands/replay.ts')).registerReplay],
  ['odds', async () => (await import('./commands/odds.ts')).register],
  ['cards', async () => (await import('./commands/cards.ts')).register],
  ['setup', async () => (await import('./commands/setup.ts')).register],
  ['balance', async () => (await import('./commands/balance.ts')).registerBalance],
  ['sensitivity', async () => (await import('./commands/sensitivity.ts')).registerSensitivity],
  ['ladder', async () => (await import('./commands/ladder.ts')).registerLadder],
  ['tune', async () => (await import('./commands/tune.ts')).registerTune],
  ['schema', async () => (await import('./commands/schema.ts')).register],
  ['new', async () => (await import('./commands/new.ts')).register],
  ['plan', async () => (await import('./commands/plan.ts')).register],
  ['merge', async () => (await import('./commands/merge.ts')).register],
  ['worker', async () => (await import('./commands/worker.ts')).register],
  ['lab', async () => (await import('./commands/lab.ts')).register],
];

/**
 * Commands that need every rule system loaded (their systems are named on the command line, or all
 * are listed); the others load only the systems of the files and plans they read
 * (src/systems/index.ts loads each system on demand).
 */
const NEED_ALL_SYSTEMS: ReadonlySet<string> = new Set(['list', 'odds', 'cards', 'setup', 'balance', 'sensitivity', 'ladder', 'tune', 'schema', 'new']);

/** The commands to register for these arguments: the one named, or all (help, version, a typo). */
export async function commandsFor(argv: readonly string[]): Promise<Register[]> {
  const named = COMMANDS.filter(([name]) => name === argv[2]);
  return Promise.all((named.length ? named : COMMANDS).map(([, load]) => load()));
}

export function buildProgram(registers: readonly Register[]): Command {
  const program = new Command();
  program
    .name('salvo')
    .description('Monte Carlo balance and scenario analysis for tabletop wargames')
    .version(salvoVersion())
    .showHelpAfterError('(run salvo --help for usage)')
    .exitOverride();
  for (const register of registers) register(program);
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
  try {
    const program = buildProgram(await commandsFor(argv));
    if (NEED_ALL_SYSTEMS.has(argv[2] ?? '')) await (await import('../systems/index.ts')).loadAllSystems();
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
