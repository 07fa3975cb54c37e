/**
 * salvo odds <system> [mechanic] [--param k=v ...] [--format table|csv|json|html] [--scenario FILE] [--set path=value ...] [--out FILE]
 * Exact odds from the rules data (a scenario's house rules and options applied with --scenario,
 * a house rule without a file with --set). Values a house rule changed are marked ‡.
 * No mechanic: list the system's mechanics and their parameters.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { suggest } from '../../core/options.ts';
import { checkParams, computeTable, getMechanic } from '../../odds/compute.ts';
import { oddsContext } from '../../odds/context.ts';
import { renderHtml } from '../../odds/html.ts';
import { mechanicListJson, renderCsv, renderJson, renderMechanicList, renderText } from '../../odds/render.ts';
import { toCsv } from '../../report/csv.ts';
import { InputError } from '../../core/errors.ts';
import { checkOutFile, keyValues } from '../flags.ts';
import { SYSTEM_IDS, allSystems, findSystem } from '../../systems/index.ts';
import type { GameSystem } from '../../core/system.ts';

const CMD = 'command line';
export const FORMATS = ['table', 'csv', 'json', 'html'] as const;
export type OddsFormat = (typeof FORMATS)[number];

export function collect(v: string, prev: string[]): string[] {
  return [...prev, v];
}

/** The system of an odds/cards command, with a clear error for an unknown id or no odds module. */
export function oddsSystem(id: string): GameSystem {
  const withOdds = allSystems().filter((s) => s.odds).map((s) => s.info.id);
  const sys = findSystem(id);
  if (!sys) throw new InputError(CMD, [{ path: '<system>', message: `unknown system '${id}'${suggest(id, SYSTEM_IDS)}; systems with exact odds: ${withOdds.join(', ') || '(none)'}` }]);
  if (!sys.odds) throw new InputError(CMD, [{ path: '<system>', message: `system '${id}' has no exact mechanics; systems with exact odds: ${withOdds.join(', ') || '(none)'}` }]);
  return sys;
}

/** 'k=v' strings to a null-prototype record; errors name the flag. */
export function parseKv(list: readonly string[], flag: string): Record<string, string> {
  return keyValues(list, flag);
}

export interface OddsArgs {
  readonly system: string;
  readonly mechanic?: string;
  readonly params?: readonly string[];
  readonly format?: string;
  readonly scenario?: string;
  readonly out?: string;
  readonly exact?: boolean;
  /** `path=value` house rules (overrides.<rules path>, options.<name>; scenario.<path> with a scenario). */
  readonly sets?: readonly string[];
}

/** Runs the command; returns the text to print (the output itself, or where it was written). */
export function runOdds(a: OddsArgs): string {
  const format = (a.format ?? 'table') as OddsFormat;
  if (!FORMATS.includes(format)) throw new InputError(CMD, [{ path: '--format', message: `expected one of ${FORMATS.join(', ')}, got '${a.format}'` }]);
  const system = oddsSystem(a.system);
  if (a.out !== undefined) checkOutFile(a.out);
  const ctx = oddsContext(system, a.scenario, a.sets ?? []);
  if (!a.mechanic) {
    if (format === 'json') return emit(JSON.stringify(mechanicListJson(ctx), null, 2) + '\n', a.out);
    if (format === 'csv') return emit(toCsv(ctx.module.mechanics.flatMap((m) => Object.entries(m.params).map(([k, p]) => ({ mechanic: m.name, param: k, default: p.default, description: p.description }))), ['mechanic', 'param', 'default', 'description']), a.out);
    if (format === 'html') throw new InputError(CMD, [{ path: '--format', message: 'html needs a mechanic (salvo odds <system> <mechanic> --format html)' }]);
    return emit(renderMechanicList(ctx), a.out);
  }
  const mech = getMechanic(ctx, a.mechanic);
  if (mech.needsScenario && !ctx.scenario) throw new InputError(CMD, [{ path: '--scenario', message: `mechanic '${mech.name}' needs a scenario file` }]);
  const given = parseKv(a.params ?? [], '--param');
  const params = checkParams(ctx, mech, given);
  const table = computeTable(ctx, mech, params, Object.keys(given));
  switch (format) {
    case 'table':
      return emit(renderText(table, !!a.exact), a.out);
    case 'csv':
      return emit(renderCsv(table), a.out);
    case 'json':
      return emit(renderJson(table, ctx), a.out);
    case 'html': {
      const file = a.out ?? join('reports', 'odds', `${system.info.id}-${mech.name}.html`);
      write(file, renderHtml(table, ctx));
      return `wrote ${file}\n`;
    }
  }
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function emit(text: string, out?: string): string {
  if (!out) return text;
  write(out, text);
  return `wrote ${out}\n`;
}

export function register(program: Command): void {
  program
    .command('odds')
    .description("exact odds of a system's mechanics from its rules data (house rules applied with --scenario); no mechanic lists them")
    .argument('<system>', 'system id, e.g. ww2setup')
    .argument('[mechanic]', 'mechanic name (omit to list the mechanics and their parameters)')
    .option('-p, --param <k=v>', 'mechanic parameter, repeatable (e.g. --param units=20)', collect, [])
    .option('-f, --format <fmt>', 'table | csv | json | html', 'table')
    .option('--exact', 'table format: print exact fractions instead of decimals')
    .option('--scenario <FILE>', "use this scenario's options and house-rule overrides (and its forces, where a mechanic uses them)")
    .option('--set <path=value>', 'a house rule without a scenario file: a rules value (overrides.<path>=v, or just <path>=v) or an option (options.<name>=v); repeatable; with --scenario also scenario.<path>=v', collect, [])
    .option('-o, --out <FILE>', 'write to this file (html default: reports/odds/<system>-<mechanic>.html)')
    .action((system: string, mechanic: string | undefined, o: { param: string[]; format: string; exact?: boolean; scenario?: string; set: string[]; out?: string }) => {
      process.stdout.write(runOdds({ system, mechanic, params: o.param, format: o.format, scenario: o.scenario, out: o.out, exact: o.exact, sets: o.set }));
    });
}

export { register as registerOdds };
