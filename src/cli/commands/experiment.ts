import type { Command } from 'commander';
import { runExperiment } from '../../run/execute.ts';
import { addPlayOptions, playOptions, withProgress } from './shared.ts';
import { parseSprt, type SprtSpec } from '../../answers/sprt.ts';
import { InputError } from '../../scenario/errors.ts';
import { parsePairings } from '../../answers/robust.ts';
import type { AgentChoice } from '../../core/agent.ts';

function pairingsOption(v: string | undefined): AgentChoice[][] | undefined {
  if (v === undefined) return undefined;
  const p = parsePairings(v);
  if (!p) throw new InputError('command line', [{ path: '--pairings', message: `expected agent pairings like 'marksman,marksman;brawler,marksman', got '${v}'` }]);
  return p;
}

function sprtOption(v: string | undefined): SprtSpec | undefined {
  if (v === undefined) return undefined;
  const d = parseSprt(v);
  if (!d) throw new InputError('command line', [{ path: '--sprt', message: `expected <d0>,<d1>: two different changes of side A's win rate as fractions (e.g. 0,0.03), got '${v}'` }]);
  return { ...d, alpha: 0.05, beta: 0.05 };
}

export function registerExperiment(program: Command): void {
  const cmd = program
    .command('experiment')
    .description('play every variant of an experiment on common random numbers and compare them')
    .argument('<experiment>', 'experiment file (YAML)')
    .option('--sprt <d0,d1>', "sequential test of each variant against the baseline: H0 side A's win rate changes by d0, H1 by d1 (e.g. 0,0.03); alpha = beta = 0.05")
    .option('--pairings <a,b;c,d>', 'also replay every variant under these agent pairings (one agent per side, pairings split by ;): a change is robust only if it keeps its sign and significance under all');
  addPlayOptions(cmd, { games: "games per variant (default: the file's games, else 2000)", batch: '250' }).action(
    (file: string, o: Record<string, string | boolean | undefined>) =>
      withProgress(o, (onProgress) => runExperiment({ file, ...playOptions(file, o), sprt: sprtOption(o.sprt as string | undefined), pairings: pairingsOption(o.pairings as string | undefined), onProgress })),
  );
}
