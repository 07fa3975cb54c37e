import type { Command } from 'commander';
import { runScenario } from '../../run/execute.ts';
import { agentList } from '../flags.ts';
import { parseSet } from '../../answers/sets.ts';
import { addPlayOptions, playOptions, withProgress } from './shared.ts';

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('play many games of a scenario and write a report (HTML + CSV + JSON)')
    .argument('<scenario>', 'scenario file (YAML or JSON)')
    .option('-a, --agents <a,b>', 'one agent per side, e.g. marksman,brawler or marksman:lambda=1.5,random')
    .option('--set <path=value>', 'try one value without editing the file: overrides.<rules path>=v, options.<name>=v or scenario.<path>=v (repeatable)', (v: string, prev: string[] = []) => [...prev, v]);
  addPlayOptions(cmd, { games: "games to play (default: the scenario's run.games, else 10000)", batch: '500' }).action(
    (file: string, o: Record<string, string | boolean | undefined>) =>
      withProgress(o, (onProgress) => runScenario({ file, ...playOptions(file, o), agents: agentList(o.agents as string | undefined), sets: ((o.set as unknown as string[] | undefined) ?? []).map(parseSet), onProgress })),
  );
}
