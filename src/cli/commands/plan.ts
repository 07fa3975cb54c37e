import type { Command } from 'commander';
import { experimentPlan, scenarioPlan, writePlanFile } from '../../app/plan-file.ts';
import { readSourceFile } from '../../scenario/yaml-file.ts';
import { loadSystemsOfFile } from '../../scenario/systems.ts';
import { agentList, fraction01, positiveInt, seedValue } from '../flags.ts';
import { addPlanOptions, skillCheckOption } from './shared.ts';
import { evenOption, pairingsOption, sprtOption } from './sequential-options.ts';
import { batchesText } from '../../app/played-plan.ts';
import { InputError } from '../../scenario/errors.ts';
import { parseSet } from '../../scenario/sets.ts';

export function register(program: Command): void {
  const cmd = program
    .command('plan')
    .description('freeze a run or an experiment into a plan file (scenarios inline, named by its SHA-256) for shards, queues and merges')
    .argument('<file>', 'scenario or experiment file')
    .option('-a, --agents <a,b>', 'one agent per side (scenarios only)')
    .option('--set <path=value>', 'edit the scenario (or every variant) without editing the files, as salvo run/experiment --set (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--sprt <d0,d1>', 'experiments: sequential test of each variant against the baseline, checked after fixed rounds of games (see salvo experiment --sprt)')
    .option('--side <name>', 'the side --sprt (experiments) or --even tests (its scenario name, A/B or 0/1; default: the sides compare: names, else side A)')
    .option('--pairings <a,b;c,d>', 'experiments: also replay every variant under these agent pairings, in the same batches (see salvo experiment --pairings)')
    .requiredOption('-o, --out <FILE>', 'the plan file to write (e.g. plan.json)');
  addPlanOptions(cmd, { games: "games per variant (default: the file's, else 10000 for a scenario, 2000 for an experiment)", batch: '500 for a scenario (up to 2000 for long runs), 250 for an experiment' }).action(async (file: string, o: Record<string, string | undefined> & { set?: string[] }) => {
    const sets = (o.set ?? []).map(parseSet);
    const even = evenOption(o.even as string | boolean | undefined, o.side);
    const req = { games: positiveInt('--games', o.games), seed: seedValue(o.seed), batchSize: positiveInt('--batch', o.batch), targetHalfWidth: fraction01('--precision', o.precision), sets, ...(even ? { even } : {}), skillCheck: skillCheckOption(o.skillCheck as string | boolean | undefined) };
    const data = readSourceFile(file).data as Record<string, unknown>;
    await loadSystemsOfFile(file);
    const sequential = { sprt: sprtOption(o.sprt, o.side, even !== undefined), pairings: pairingsOption(o.pairings) };
    if (!('experiment' in data) && (sequential.sprt || sequential.pairings)) throw new InputError('command line', [{ path: sequential.sprt ? '--sprt' : '--pairings', message: 'compares variants with a baseline: give an experiment file' }]);
    const pf = 'experiment' in data ? experimentPlan(file, { ...req, ...sequential }).pf : scenarioPlan(file, { ...req, agents: agentList(o.agents) }).pf;
    writePlanFile(o.out as string, pf);
    process.stdout.write(`plan ${pf.id}\n${pf.report.title}: ${pf.plan.variants.length} variant${pf.plan.variants.length === 1 ? '' : 's'} x ${pf.plan.games} games, seed ${pf.plan.seed}, ${batchesText(pf)}${pf.stop ? `, stopping at ±${pf.stop.halfWidth} after rounds of ${pf.stop.roundGames} games` : ''}${pf.sprt ? `, GSPRT ${pf.sprt.d0},${pf.sprt.d1} checked after rounds of ${pf.sprt.roundGames} games` : ''}${pf.pairings ? `, replayed under ${pf.pairings.length} more pairing${pf.pairings.length === 1 ? '' : 's'}` : ''}${pf.even ? `, "is it even?" within ±${+(pf.even.margin * 100).toFixed(2)} points checked after rounds of ${pf.even.roundGames} games` : ''}${pf.skillCheck ? `, skill check on its first ${pf.skillCheck.games} games` : ''}\nwritten to ${o.out}\n`);
  });
}
