import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { sensitivity } from '../../answers/sensitivity.ts';
import { sensitivityHtml, sensitivityLines, sensitivityRowsJson, sensitivityVerdict, skippedSteps } from '../../answers/sensitivity-report.ts';
import { parseSet, setText } from '../../scenario/sets.ts';
import { shellWord } from '../../report/text.ts';
import { sideIndex } from '../../answers/sides.ts';
import { loadSubject } from '../../answers/subject.ts';
import { formatAgentChoice } from '../../core/agent.ts';
import { PROVENANCE_KINDS, type ProvenanceKind } from '../../core/tables/provenance.ts';
import { InputError } from '../../scenario/errors.ts';
import { agentList, nonNegativeInt, positiveInt, seedValue } from '../flags.ts';
import { progressBar } from '../progress.ts';
import { restsOnAgents } from '../../answers/skill-check.ts';
import { reportDir } from './shared.ts';

export function registerSensitivity(program: Command): void {
  program
    .command('sensitivity')
    .description('rank every numeric rules value in play by how much one step of it moves the verdict (paired, tornado chart)')
    .argument('<file>', 'scenario or experiment file (an experiment: its baseline variant)')
    .option('--only <kinds>', `only values of these provenance kinds, e.g. placeholders (${PROVENANCE_KINDS.join(', ')})`)
    .option('--top <N>', 'values in the chart and the confirmation pass', '20')
    .option('--side <name>', 'the side whose win rate is the verdict (default: the first side)')
    .option('--draws', 'measure the draw rate instead of a win rate')
    .option('--set <path=value>', 'edit the scenario first (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('-n, --games <N>', 'games of the screening pass', '500')
    .option('--confirm-games <N>', 'games of the confirmation pass', '4000')
    .option('-a, --agents <a,b>', 'one agent per side')
    .option('-w, --workers <K>', 'worker threads (default: all cores)')
    .option('-s, --seed <S>', 'run seed')
    .option('-o, --out <DIR>', 'report folder (default: reports/sensitivity-<file name>)')
    .option('--json', 'print the ranking as JSON')
    .option('--no-progress', 'no progress bar')
    .action(async (file: string, o: Record<string, string | boolean | string[] | undefined>) => {
      const only = o.only === undefined ? undefined : String(o.only).split(',').map((k) => k.trim().replace(/s$/, ''));
      const bad = only?.find((k) => !(PROVENANCE_KINDS as readonly string[]).includes(k));
      if (bad) throw new InputError('command line', [{ path: '--only', message: `expected provenance kinds among ${PROVENANCE_KINDS.join(', ')}, got '${bad}'` }]);
      const sets = ((o.set as string[] | undefined) ?? []).map(parseSet);
      const subject = loadSubject(file, { sets, seed: seedValue(o.seed as string | undefined), agents: agentList(o.agents as string | undefined) });
      const side = sideIndex(subject.sides, o.side as string | undefined);
      const top = positiveInt('--top', o.top as string)!;
      const bar = progressBar(o.progress !== false && !o.json);
      const r = await sensitivity(subject, {
        measure: o.draws ? { kind: 'draw' } : { kind: 'win', side },
        only: only as ProvenanceKind[] | undefined,
        screenGames: positiveInt('--games', o.games as string),
        confirmGames: positiveInt('--confirm-games', o.confirmGames as string),
        confirmTop: top,
        workers: nonNegativeInt('--workers', o.workers as string | undefined),
        onPass: (pass, versions, games) => bar.note(`pass ${pass} of 2: ${versions} versions x ${games.toLocaleString('en-US')} games`),
        onProgress: bar.update,
      }).finally(() => bar.stop());
      const command = `salvo sensitivity ${subject.given}${o.only ? ` --only ${o.only}` : ''} --top ${top}${o.side ? ` --side "${o.side}"` : ''}${o.draws ? ' --draws' : ''}${sets.map((s) => ` --set ${shellWord(setText(s))}`).join('')} --games ${r.screenGames} --confirm-games ${r.confirmGames} --seed ${subject.seed} --agents ${subject.agents.map(formatAgentChoice).join(',')}`;
      const out = (o.out as string | undefined) ?? join('reports', `sensitivity-${reportDir(file).split('/').pop()}`);
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'report.html'), sensitivityHtml(subject, r, { top, command }));
      const verdict = [...sensitivityVerdict(r), restsOnAgents(subject.sides, subject.agents, `salvo run ${subject.given}`)];
      const json = { verdict, measure: r.measureName, base: r.base, screened: r.screened, screenGames: r.screenGames, confirmGames: r.confirmGames, gamesPlayed: r.gamesPlayed, elapsedSeconds: Math.round(r.elapsedMs) / 1000, command, rows: sensitivityRowsJson(r), skipped: skippedSteps(r) };
      writeFileSync(join(out, 'sensitivity.json'), JSON.stringify(json, null, 2) + '\n');
      if (o.json) {
        process.stdout.write(JSON.stringify(json, null, 2) + '\n');
        return;
      }
      const lines = [...verdict, '', ...sensitivityLines(r, top)];
      lines.push(`${r.gamesPlayed.toLocaleString('en-US')} games (${r.screenVersions} versions x ${r.screenGames.toLocaleString('en-US')}, then ${r.confirmVersions} x ${r.confirmGames.toLocaleString('en-US')}) in ${(r.elapsedMs / 1000).toFixed(1)} s`);
      lines.push(`report: ${join(out, 'report.html')}`);
      process.stdout.write(lines.join('\n') + '\n');
    });
}
