import type { Command } from 'commander';
import { planForScenario, readPlanFile } from '../../app/plan-file.ts';
import { loadVariant } from '../../run/batch.ts';
import { transcribeGame } from '../../run/transcript.ts';
import { InputError } from '../../scenario/errors.ts';
import { loadScenarioFile } from '../../scenario/load.ts';
import { loadSystemsOfFile } from '../../scenario/systems.ts';
import { agentList, nonNegativeInt, seedValue } from '../flags.ts';

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('print one game move by move (game G of a run with seed S is exactly the game that run played)')
    .argument('[scenario]', 'scenario file; or give --plan')
    .option('-g, --game <G>', 'game index within the run', '0')
    .option('-s, --seed <S>', 'run seed (default: the scenario\'s, else 1)')
    .option('-a, --agents <a,b>', 'one agent per side (default: as salvo run)')
    .option('--plan <FILE>', 'replay a game of a plan (its seed and agents)')
    .option('--variant <NAME>', 'with --plan: the variant (default: the first)')
    .action(async (file: string | undefined, o: Record<string, string | undefined>) => {
      const g = nonNegativeInt('--game', o.game) ?? 0;
      if (o.plan !== undefined) {
        if (file !== undefined || o.seed !== undefined || o.agents !== undefined) throw new InputError('command line', [{ path: '--plan', message: 'the plan fixes the scenario, seed and agents; give only --game and --variant' }]);
        const pf = await readPlanFile(o.plan);
        const v = o.variant === undefined ? pf.plan.variants[0] : pf.plan.variants.find((x) => x.name === o.variant);
        if (!v) throw new InputError('command line', [{ path: '--variant', message: `no variant '${o.variant}' in the plan (${pf.plan.variants.slice(0, 8).map((x) => x.name).join(', ')}${pf.plan.variants.length > 8 ? ', …' : ''})` }]);
        const loaded = loadVariant(v);
        const t = transcribeGame(loaded, v.agents, pf.plan.seed, g, { chosen: 'index' });
        process.stdout.write(`${pf.report.title}${pf.plan.variants.length > 1 ? ` (${v.name})` : ''}: game ${g} of seed ${pf.plan.seed}, agents ${v.agents.map((a) => a.name).join(' vs ')}\n`);
        process.stdout.write(t.lines.join('\n') + '\n');
        return;
      }
      if (file === undefined) throw new InputError('command line', [{ path: '<scenario>', message: 'expected a scenario file or --plan FILE' }]);
      await loadSystemsOfFile(file);
      const loaded = loadScenarioFile(file);
      const plan = planForScenario(loaded, { seed: seedValue(o.seed), agents: agentList(o.agents) });
      const t = transcribeGame(loaded, plan.variants[0].agents, plan.seed, g, { chosen: 'index' });
      process.stdout.write(`${loaded.input.name}: game ${g} of seed ${plan.seed}, agents ${plan.variants[0].agents.map((a) => a.name).join(' vs ')}\n`);
      process.stdout.write(t.lines.join('\n') + '\n');
    });
}
