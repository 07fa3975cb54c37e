/** `salvo tune <scenario> --agent <name>`: NTBEA over an agent's parameters (src/answers/tune.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { parseSet } from '../../scenario/sets.ts';
import { loadSubject } from '../../answers/subject.ts';
import { defaultField, runTune, tuneSpace } from '../../answers/tune.ts';
import { paramSetOf, tuneHtml, tuneVerdict } from '../../answers/tune-report.ts';
import { formatAgentChoice } from '../../core/agent.ts';
import { checkAgentChoices, findAgent } from '../../scenario/agents.ts';
import { InputError } from '../../scenario/errors.ts';
import { agentChoiceWithSets } from '../../scenario/param-set.ts';
import { agentList, nonNegativeInt, positiveInt, seedValue } from '../flags.ts';
import { progressBar } from '../progress.ts';
import { reportDir } from './shared.ts';

type Opts = Record<string, string | boolean | string[] | undefined>;
const CMD = 'command line';

export function registerTune(program: Command): void {
  program
    .command('tune')
    .description("tune an agent's parameters with NTBEA against a field of opponents on common random numbers, confirm the best setting against the untuned agent, and write it as a parameter set")
    .argument('<file>', 'scenario or experiment file (an experiment: its baseline variant)')
    .requiredOption('--agent <name>', "the agent to tune, with the parameters it starts from (e.g. gunline, gunline:aggression=0.5 or gunline@tuned.json)")
    .option('--against <a,b,...>', "the field it plays, both seats (default: every scripted agent of the system and mcts)")
    .option('--budget <N>', 'NTBEA evaluations', '60')
    .option('-n, --games <N>', 'games per opponent and seat in one evaluation', '10')
    .option('--confirm-games <N>', 'games per opponent and seat in the confirmation (fresh seeds, paired with the untuned agent)', '200')
    .option('--blocks <N>', 'blocks of games the evaluations cycle through: 0 a new block each evaluation, 1 the same games every time', '0')
    .option('--name <NAME>', 'name of the parameter set (its file: <out>/<NAME>.json)', 'tuned')
    .option('--explore <K>', 'NTBEA exploration constant (scores in [0, 1])', '0.5')
    .option('--set <path=value>', 'edit the scenario first (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('-w, --workers <K>', 'worker threads (default: all cores; results do not depend on it)')
    .option('-s, --seed <S>', 'run seed')
    .option('-o, --out <DIR>', 'report folder (default: reports/tune-<file name>)')
    .option('--json', 'print the result as JSON')
    .option('--no-progress', 'no progress bar')
    .action(async (file: string, o: Opts) => {
      const sets = ((o.set as string[] | undefined) ?? []).map(parseSet);
      const subject = loadSubject(file, { sets, seed: seedValue(o.seed as string | undefined) });
      const system = subject.loaded.system;
      let agent;
      try {
        agent = agentChoiceWithSets(String(o.agent), process.cwd());
      } catch (e) {
        if (e instanceof InputError) throw e;
        throw new InputError(CMD, [{ path: '--agent', message: (e as Error).message }]);
      }
      const field = agentList(o.against as string | undefined) ?? defaultField(subject);
      const issues = [...checkAgentChoices(system, [agent], '--agent'), ...checkAgentChoices(system, field, '--against')];
      if (subject.sides.length !== 2) issues.push({ path: file, message: 'tuning plays two-sided games' });
      const f = findAgent(system, agent.name);
      if (f && issues.length === 0 && tuneSpace(f, agent.params).length === 0) issues.push({ path: '--agent', message: `agent '${agent.name}' declares no parameter that can be tuned (numbers with bounds, booleans or listed values)` });
      if (field.length === 0) issues.push({ path: '--against', message: 'expected at least one opponent' });
      const evaluations = positiveInt('--budget', o.budget as string, 100_000)!;
      const games = positiveInt('--games', o.games as string, 1_000_000)!;
      const confirmGames = positiveInt('--confirm-games', o.confirmGames as string, 1_000_000)!;
      const blocks = nonNegativeInt('--blocks', o.blocks as string, 1_000_000)!;
      const k = Number(o.explore);
      if (!(k >= 0 && k <= 100)) issues.push({ path: '--explore', message: `expected a number from 0 to 100, got '${String(o.explore)}'` });
      const name = String(o.name);
      if (!/^[\w.-]{1,64}$/.test(name)) issues.push({ path: '--name', message: `expected a file-name-safe name (letters, digits, . _ -), got '${name}'` });
      if (issues.length) throw new InputError(CMD, issues);
      const out = (o.out as string | undefined) ?? join('reports', `tune-${reportDir(file).split('/').pop()}`);
      const setFile = join(out, `${name}.json`);
      const command = `salvo tune ${subject.given} --agent ${formatAgentChoice(agent)} --against ${field.map(formatAgentChoice).join(',')} --budget ${evaluations} --games ${games} --confirm-games ${confirmGames} --explore ${k} --blocks ${blocks} --seed ${subject.seed}${sets.map((s) => ` --set ${s.path}=${s.value}`).join('')}`;
      const bar = progressBar(o.progress !== false && !o.json);
      let r;
      try {
        r = await runTune(subject, { agent, field, evaluations, games, confirmGames, k, blocks, workers: nonNegativeInt('--workers', o.workers as string | undefined), onProgress: bar.update });
      } finally {
        bar.stop();
      }
      mkdirSync(out, { recursive: true });
      const set = paramSetOf(subject, r, name, command);
      writeFileSync(setFile, JSON.stringify(set, null, 2) + '\n');
      writeFileSync(join(out, 'report.html'), tuneHtml(subject, r, { command, file: setFile, name }));
      const json = { verdict: tuneVerdict(subject, r), agent: r.agent, field: r.field, start: r.start, best: r.best, estimate: r.estimate, confirmation: r.confirmation, space: r.space, steps: r.steps, landscape: r.landscape, command, paramSet: setFile };
      writeFileSync(join(out, 'tune.json'), JSON.stringify(json, null, 2) + '\n');
      if (o.json) process.stdout.write(JSON.stringify(json, null, 2) + '\n');
      else process.stdout.write(`${tuneVerdict(subject, r).join('\n')}\nparameter set: ${setFile} (play it with --agents ${r.agent}@${setFile})\nreport: ${join(out, 'report.html')}\n`);
    });
}
