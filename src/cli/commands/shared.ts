import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Command } from 'commander';
import { fraction01, nonNegativeInt, positiveInt, seedValue } from '../flags.ts';
import { progressBar } from '../progress.ts';
import { buildReportFiles, verdictLines } from '../../report/run-report.ts';
import type { RunOutcome } from '../../run/execute.ts';
import { pct, percentDecimals } from '../../report/format.ts';

/** The options `run` and `experiment` share. */
export function addPlayOptions(cmd: Command, help: { games: string; batch: string }): Command {
  return cmd
    .option('-n, --games <N>', help.games)
    .option('-w, --workers <K>', 'worker threads; 0 plays in this thread (default: all cores)')
    .option('-s, --seed <S>', "run seed, a number or a word (default: the file's, else 1)")
    .option('-o, --out <DIR>', 'report folder (default: reports/<file name>)')
    .option('--batch <N>', 'games per worker task (results do not depend on it)', help.batch)
    .option('--precision <H>', 'stop early once every win-rate 95% interval half-width is at most H (e.g. 0.01)')
    .option('--json', 'print the summary as JSON on stdout')
    .option('--no-progress', 'no progress bar');
}

/** Checked values of the shared options. */
export function playOptions(file: string, o: Record<string, string | boolean | undefined>) {
  return {
    games: positiveInt('--games', o.games as string | undefined),
    workers: nonNegativeInt('--workers', o.workers as string | undefined),
    seed: seedValue(o.seed as string | undefined),
    batchSize: positiveInt('--batch', o.batch as string | undefined),
    targetHalfWidth: fraction01('--precision', o.precision as string | undefined),
    out: (o.out as string | undefined) ?? reportDir(file),
  };
}

/** Runs with a progress bar on stderr (not with --json), then prints the summary. */
export async function withProgress(o: Record<string, string | boolean | undefined>, run: (onProgress: (done: number, total: number) => void) => Promise<RunOutcome>): Promise<void> {
  const bar = progressBar(o.progress !== false && !o.json);
  try {
    const outcome = await run(bar.update);
    bar.stop();
    printSummary(outcome, !!o.json);
  } finally {
    bar.stop();
  }
}

/** reports/<file name without extension> */
export function reportDir(file: string): string {
  return join('reports', basename(file, extname(file)));
}

export function printSummary(outcome: RunOutcome, json: boolean): void {
  if (json) {
    // The written summary.json when there is one (it may name influential placeholders found beside it).
    process.stdout.write(outcome.written ? readFileSync(join(outcome.written.dir, 'summary.json'), 'utf8') : buildReportFiles(outcome.report)['summary.json']);
    return;
  }
  const { analysis, result } = outcome;
  const lines: string[] = [...verdictLines(outcome.report)];
  lines.push(`${outcome.report.title}: ${result.games} games${analysis.variants.length > 1 ? ` x ${analysis.variants.length} variants` : ''}, seed ${result.plan.seed}, ${(result.elapsedMs / 1000).toFixed(1)} s on ${result.workers || 'no'} worker${result.workers === 1 ? '' : 's'}`);
  const generator = outcome.report.scenario.system.kind === 'generator';
  for (const v of analysis.variants.slice(0, 40)) {
    if (generator) {
      lines.push(`  ${analysis.variants.length > 1 ? v.name + ': ' : ''}${v.scalars.map((s) => `${s.name} ${s.mean.toFixed(2)}`).join(', ')}`);
      continue;
    }
    const parts = v.outcomes.map((o) => {
      const d = percentDecimals(o.lo, o.hi);
      return `${o.outcome} ${pct(o.p, d)} [${(o.lo * 100).toFixed(d)}, ${(o.hi * 100).toFixed(d)}]`;
    });
    const cap = v.reasons.find((r) => r.reason === 'safety-cap');
    const comp = v.comparison ? `  Δ A ${(v.comparison.diff * 100).toFixed(1)} pts [${(v.comparison.lo * 100).toFixed(1)}, ${(v.comparison.hi * 100).toFixed(1)}] p=${v.comparison.pValue.toPrecision(2)}` : '';
    lines.push(`  ${analysis.variants.length > 1 ? v.name + ': ' : ''}${parts.join(' | ')}${cap && cap.k > 0 ? ` | safety cap ${cap.k}` : ''}${comp}`);
  }
  if (analysis.variants.length > 40) lines.push(`  ... ${analysis.variants.length - 40} more variants in the report`);
  if (outcome.written) lines.push(`report: ${join(outcome.written.dir, 'report.html')}`);
  process.stdout.write(lines.join('\n') + '\n');
}
