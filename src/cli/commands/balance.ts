import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { solveBalance } from '../../answers/balance.ts';
import { balanceHtml, balanceJson } from '../../answers/balance-report.ts';
import { valueLabel } from '../../answers/labels.ts';
import { normalisePath, parseSet, setText } from '../../scenario/sets.ts';
import { sideIndex } from '../../answers/sides.ts';
import { loadSubject } from '../../answers/subject.ts';
import { formatAgentChoice } from '../../core/agent.ts';
import { InputError } from '../../scenario/errors.ts';
import { agentList, nonNegativeInt, positiveInt, seedValue } from '../flags.ts';
import { progressBar } from '../progress.ts';
import { shellWord } from '../../report/text.ts';
import { restsOnAgents } from '../../answers/skill-check.ts';
import { reportDir } from './shared.ts';

const collect = (v: string, prev: string[] = []) => [...prev, v];

export function parseRange(text: string): [number, number] {
  const m = /^\s*(-?[\d.]+(?:e-?\d+)?)\s*\.\.\s*(-?[\d.]+(?:e-?\d+)?)\s*$/.exec(text);
  const lo = m ? Number(m[1]) : NaN;
  const hi = m ? Number(m[2]) : NaN;
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || lo >= hi) throw new InputError('command line', [{ path: '--range', message: `expected <lo>..<hi> with lo < hi (e.g. 5..14), got '${text}'` }]);
  return [lo, hi];
}

export function registerBalance(program: Command): void {
  program
    .command('balance')
    .description('find the value of one rules value that brings a side to a target win rate (stochastic bisection on common random numbers)')
    .argument('<file>', 'scenario or experiment file (an experiment: its baseline variant)')
    .requiredOption('--set <path>', 'the value to solve for: overrides.<rules path> (or options./scenario. path)')
    .requiredOption('--range <lo..hi>', 'the values to search, e.g. 5..14')
    .option('--target <p>', 'target win rate', '0.5')
    .option('--side <name>', "the side whose win rate is set (its scenario name; default: the first side)")
    .option('--continuous', 'search real values (default: whole values when the range ends and the current value are whole)')
    .option('--with <path=value>', 'another edit kept fixed at every probe (repeatable)', collect)
    .option('-n, --games <N>', 'games of a probe’s first step (x4 per further step)', '1000')
    .option('--max-games <N>', 'most games of one probe', '16000')
    .option('-a, --agents <a,b>', 'one agent per side')
    .option('-w, --workers <K>', 'worker threads (default: all cores)')
    .option('-s, --seed <S>', 'run seed')
    .option('-o, --out <DIR>', 'report folder (default: reports/balance-<file name>)')
    .option('--json', 'print the result as JSON (the solution as "value")')
    .option('--no-progress', 'no progress bar')
    .action(async (file: string, o: Record<string, string | boolean | string[] | undefined>) => {
      const target = Number(o.target);
      if (!(target > 0 && target < 1)) throw new InputError('command line', [{ path: '--target', message: `expected a win rate between 0 and 1, got '${o.target}'` }]);
      const [lo, hi] = parseRange(o.range as string);
      const fixed = ((o.with as string[] | undefined) ?? []).map(parseSet);
      const seed = seedValue(o.seed as string | undefined);
      const agents = agentList(o.agents as string | undefined);
      const subject = loadSubject(file, { sets: fixed, seed, agents });
      // The confirmation replays the experiment as written (salvo experiment has no --agents): its own agents only.
      if (subject.experiment && agents) throw new InputError('command line', [{ path: '--agents', message: `plays a scenario's sides; an experiment is balanced with its own agents (its variant '${subject.experiment.variant}'): edit its agents: or give the scenario file` }]);
      const side = sideIndex(subject.sides, o.side as string | undefined);
      const path = normalisePath(o.set as string);
      const rulesPath = path.startsWith('overrides.') ? path.slice('overrides.'.length) : null;
      const entry = rulesPath ? subject.loaded.provenance.find((e) => e.path === rulesPath) : undefined;
      if (rulesPath && !entry) throw new InputError('command line', [{ path: '--set', message: `'${rulesPath}' is not a rules value in play in this scenario` }]);
      const current = typeof entry?.value === 'number' ? entry.value : undefined;
      const integer = !o.continuous && Number.isInteger(lo) && Number.isInteger(hi) && (current === undefined || Number.isInteger(current));
      const label = rulesPath ? valueLabel(rulesPath, subject.loaded.data) : path;
      const bar = progressBar(o.progress !== false && !o.json);
      const result = await solveBalance(subject, {
        path,
        label,
        lo,
        hi,
        integer,
        target,
        side,
        fixed,
        firstGames: positiveInt('--games', o.games as string),
        maxGames: positiveInt('--max-games', o['maxGames'] as string),
        workers: nonNegativeInt('--workers', o.workers as string | undefined),
        onProbe: (p) => bar.log(`  ${p.value}: ${(p.p * 100).toFixed(1)}% [${(p.lo * 100).toFixed(1)}, ${(p.hi * 100).toFixed(1)}] over ${p.games} games: ${p.status}`),
        onStep: (values, games) => {
          bar.from(0);
          bar.note(`probing ${label} = ${values.join(', ')} on ${games.toLocaleString('en-US')} games`);
        },
        onProgress: bar.update,
      }).finally(() => bar.stop());
      const agentText = subject.agents.map(formatAgentChoice).join(',');
      const withText = fixed.map((f) => ` --set ${shellWord(setText(f))}`).join('');
      const sideText = o.side ? ` --side ${shellWord(String(o.side))}` : '';
      const given = shellWord(subject.given);
      const command = `salvo balance ${given} --set ${shellWord(String(o.set))} --range ${lo}..${hi} --target ${target}${sideText}${fixed.map((f) => ` --with ${shellWord(setText(f))}`).join('')} --games ${o.games} --max-games ${o['maxGames']} --seed ${subject.seed}${subject.experiment ? '' : ` --agents ${agentText}`}${o.continuous ? ' --continuous' : ''}`;
      const solved = ` --set ${shellWord(setText({ path: String(o.set), value: result.value }))}`;
      // An experiment is confirmed as an experiment (every variant with the value; its baseline is the one solved).
      const confirm = subject.experiment
        ? `salvo experiment ${given}${solved}${withText} --games 20000 --seed ${subject.seed}`
        : `salvo run ${given}${solved}${withText} --games 20000 --seed ${subject.seed} --agents ${agentText}`;
      const report = { result, subject, label, provenance: entry?.provenance.kind ?? 'scenario', current, command, confirm };
      const out = (o.out as string | undefined) ?? join('reports', `balance-${reportDir(file).split('/').pop()}`);
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'report.html'), balanceHtml(report));
      writeFileSync(join(out, 'balance.json'), JSON.stringify(balanceJson(report), null, 2) + '\n');
      if (o.json) process.stdout.write(JSON.stringify(balanceJson(report), null, 2) + '\n');
      else process.stdout.write(`${result.message}\nconfirm: ${confirm}\n${restsOnAgents(subject.sides, subject.agents, confirm)}\nreport: ${join(out, 'report.html')}\n`);
    });
}
