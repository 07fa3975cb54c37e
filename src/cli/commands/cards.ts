/** salvo cards <system> [--out DIR] [--scenario FILE]: printable reference cards (A4 and Letter). */
import type { Command } from 'commander';
import { writeCards } from '../../odds/cards.ts';
import { oddsContext } from '../../odds/context.ts';
import { oddsSystem } from './odds.ts';

export interface CardsArgs {
  readonly system: string;
  readonly out?: string;
  readonly scenario?: string;
}

export function runCards(a: CardsArgs): { text: string; files: readonly string[] } {
  const system = oddsSystem(a.system);
  const ctx = oddsContext(system, a.scenario);
  const w = writeCards(ctx, a.out ?? 'reports/cards');
  return { text: `${system.info.id}: ${w.tables} tables, ${w.charts} charts\n${w.files.map((f) => `wrote ${f}`).join('\n')}\n`, files: w.files };
}

export function register(program: Command): void {
  program
    .command('cards')
    .description("printable reference cards of a system's exact odds: self-contained HTML for A4 and US Letter, plus JSON")
    .argument('<system>', 'system id, e.g. ww2setup')
    .option('-o, --out <DIR>', 'output folder', 'reports/cards')
    .option('--scenario <FILE>', "apply this scenario's options and house-rule overrides")
    .action((system: string, o: { out?: string; scenario?: string }) => {
      process.stdout.write(runCards({ system, out: o.out, scenario: o.scenario }).text);
    });
}

export { register as registerCards };
