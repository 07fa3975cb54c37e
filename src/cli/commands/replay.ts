import type { Command } from 'commander';
import { planForScenario } from '../../run/execute.ts';
import { transcribeGame } from '../../run/transcript.ts';
import { loadScenarioFile } from '../../scenario/load.ts';
import { agentList, nonNegativeInt, seedValue } from '../flags.ts';

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('print one game move by move (game G of a run with seed S is exactly the game that run played)')
    .argument('<scenario>', 'scenario file')
    .option('-g, --game <G>', 'game index within the run', '0')
    .option('-s, --seed <S>', 'run seed (default: the scenario\'s, else 1)')
    .option('-a, --agents <a,b>', 'one agent per side (default: as salvo run)')
    .action((file: string, o: Record<string, string | undefined>) => {
      const loaded = loadScenarioFile(file);
      const plan = planForScenario(loaded, { seed: seedValue(o.seed), agents: agentList(o.agents) });
      const g = nonNegativeInt('--game', o.game) ?? 0;
      const t = transcribeGame(loaded, plan.variants[0].agents, plan.seed, g);
      process.stdout.write(`${loaded.input.name}: game ${g} of seed ${plan.seed}, agents ${plan.variants[0].agents.map((a) => a.name).join(' vs ')}\n`);
      process.stdout.write(t.lines.join('\n') + '\n');
    });
}
