/**
 * salvo cards <system> [mechanic] [--param k=v ...] [--set path=value ...] [--scenario FILE]
 *             [--size poker|tarot|a6|a4-sheet] [--out DIR]
 * Printable reference cards at a real card size (poker 63 × 88 mm by default; a4-sheet: nine
 * poker cards to an A4 page with crop marks): one offline HTML page plus JSON.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { suggest } from '../../core/options.ts';
import { CARD_SIZES, type CardSize } from '../../odds/card.ts';
import { writeCards } from '../../odds/cards.ts';
import { oddsContext } from '../../odds/context.ts';
import { collect, oddsSystem, parseKv } from './odds.ts';

export interface CardsArgs {
  readonly system: string;
  readonly mechanic?: string;
  readonly out?: string;
  readonly scenario?: string;
  readonly params?: readonly string[];
  readonly sets?: readonly string[];
  readonly size?: string;
}

export function runCards(a: CardsArgs): { text: string; files: readonly string[] } {
  const size = (a.size ?? 'poker') as CardSize;
  if (!CARD_SIZES.includes(size)) throw new InputError('command line', [{ path: '--size', message: `expected one of ${CARD_SIZES.join(', ')}, got '${a.size}'${suggest(String(a.size), CARD_SIZES)}` }]);
  const system = oddsSystem(a.system);
  const ctx = oddsContext(system, a.scenario, a.sets ?? []);
  const w = writeCards(ctx, a.out ?? 'reports/cards', { mechanic: a.mechanic, params: parseKv(a.params ?? [], '--param'), size });
  const pages = w.size.sheet ? `${w.pages} A4 sheet${w.pages === 1 ? '' : 's'}` : `${w.pages} page${w.pages === 1 ? '' : 's'} of ${w.size.width} × ${w.size.height} mm`;
  return { text: `${system.info.id}: ${w.tables} tables, ${w.charts} charts on ${w.cards} cards, ${w.size.label} (printed: ${pages})\n${w.files.map((f) => `wrote ${f}`).join('\n')}\n`, files: w.files };
}

export function register(program: Command): void {
  program
    .command('cards')
    .description("printable reference cards of a system's exact odds at a real card size (offline HTML to print, plus JSON)")
    .argument('<system>', 'system id, e.g. mgv')
    .argument('[mechanic]', 'one mechanic (default: every mechanic at its card settings)')
    .option('-p, --param <k=v>', 'a mechanic parameter, repeatable: sets it, and highlights the rows it selects', collect, [])
    .option('--set <path=value>', 'a house rule without a scenario file: a rules value (overrides.<path>=v, or just <path>=v) or an option (options.<name>=v); repeatable; values it changes are marked ‡', collect, [])
    .option('--scenario <FILE>', "apply this scenario's options and house-rule overrides (and its forces, where a mechanic uses them)")
    .option('--size <size>', `card size: ${CARD_SIZES.join(' | ')} (poker 63 × 88 mm; a4-sheet: nine poker cards to an A4 page with crop marks)`, 'poker')
    .option('-o, --out <DIR>', 'output folder', 'reports/cards')
    .action((system: string, mechanic: string | undefined, o: { out?: string; scenario?: string; param: string[]; set: string[]; size: string }) => {
      process.stdout.write(runCards({ system, mechanic, out: o.out, scenario: o.scenario, params: o.param, sets: o.set, size: o.size }).text);
    });
}

export { register as registerCards };
