import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { defaultLadder, runLadder } from '../../answers/ladder.ts';
import { ladderHtml, ladderTable, ladderVerdict } from '../../answers/ladder-report.ts';
import { parseSet, setText } from '../../scenario/sets.ts';
import { shellWord } from '../../report/text.ts';
import { loadSubject } from '../../answers/subject.ts';
import { formatAgentChoice } from '../../core/agent.ts';
import { checkAgentChoices } from '../../scenario/agents.ts';
import { InputError } from '../../scenario/errors.ts';
import { agentList, nonNegativeInt, positiveInt, seedValue } from '../flags.ts';
import { progressBar } from '../progress.ts';
import { reportDir } from './shared.ts';

export function registerLadder(program: Command): void {
  program
    .command('ladder')
    .description('skill ladder: random, the scripted agents and mcts at 1x/2x/4x budget, round robin on common seeds; ratings and luck share')
    .argument('<file>', 'scenario or experiment file (an experiment: its baseline variant)')
    .option('-a, --agents <a,b,...>', 'the agents of the ladder (default: random, the system’s agents, mcts at 1x, 2x, 4x when offered)')
    .option('--budget <N>', 'mcts iterations at 1x (default: the agent’s default)')
    .option('--set <path=value>', 'edit the scenario first (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('-n, --games <N>', 'games per pairing and seat', '500')
    .option('-w, --workers <K>', 'worker threads (default: all cores)')
    .option('-s, --seed <S>', 'run seed')
    .option('-o, --out <DIR>', 'report folder (default: reports/ladder-<file name>)')
    .option('--json', 'print the result as JSON')
    .option('--no-progress', 'no progress bar')
    .action(async (file: string, o: Record<string, string | boolean | string[] | undefined>) => {
      const sets = ((o.set as string[] | undefined) ?? []).map(parseSet);
      const subject = loadSubject(file, { sets, seed: seedValue(o.seed as string | undefined) });
      const agents = agentList(o.agents as string | undefined) ?? defaultLadder(subject, positiveInt('--budget', o.budget as string | undefined));
      const issues = checkAgentChoices(subject.loaded.system, agents, '--agents');
      if (agents.length < 2) issues.push({ path: '--agents', message: 'expected at least two agents' });
      if (subject.sides.length !== 2) issues.push({ path: file, message: 'a ladder needs a two-sided game' });
      if (issues.length) throw new InputError('command line', issues);
      const games = positiveInt('--games', o.games as string)!;
      const bar = progressBar(o.progress !== false && !o.json);
      const r = await runLadder(subject, agents, { games, workers: nonNegativeInt('--workers', o.workers as string | undefined), onProgress: bar.update }).finally(() => bar.stop());
      const command = `salvo ladder ${subject.given} --agents ${agents.map(formatAgentChoice).join(',')} --games ${games} --seed ${subject.seed}${sets.map((s) => ` --set ${shellWord(setText(s))}`).join('')}`;
      const out = (o.out as string | undefined) ?? join('reports', `ladder-${reportDir(file).split('/').pop()}`);
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'report.html'), ladderHtml(subject, r, command));
      const json = { verdict: ladderVerdict(subject, r), agents: r.agents, ratings: r.ratings.ratings, cycle: r.ratings.cycle, stronger: r.stronger, strongerWins: r.strongerWins, luckShare: r.luckShare, seatA: r.seatA, pairings: r.pairings, command };
      writeFileSync(join(out, 'ladder.json'), JSON.stringify(json, null, 2) + '\n');
      if (o.json) process.stdout.write(JSON.stringify(json, null, 2) + '\n');
      else process.stdout.write(`${ladderVerdict(subject, r).join('\n')}\n${ladderTable(r)}\nreport: ${join(out, 'report.html')}\n`);
    });
}
