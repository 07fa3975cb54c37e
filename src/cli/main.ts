#!/usr/bin/env node
/**
 * salvo command line: command definitions only; the work is done in src/run, src/analysis,
 * src/report, src/odds. Bad input exits with code 2 and a one-line-per-problem message.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../scenario/errors.ts';
import { salvoVersion } from '../run/execute.ts';
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
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof InputError) {
      process.stderr.write(`error: ${e.message}\n`);
      return 2;
    }
    if (e instanceof CommanderError) {
      // Help and version exit 0; usage errors were already printed by commander.
      return e.exitCode === 0 ? 0 : 2;
    }
    process.stderr.write(`internal error: ${(e as Error)?.stack ?? String(e)}\n`);
    return 1;
  }
}

const code = await main(process.argv);
process.exitCode = code;
