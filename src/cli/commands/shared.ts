import { basename, extname, join } from 'node:path';
import { buildReportFiles } from '../../report/run-report.ts';
import type { RunOutcome } from '../../run/execute.ts';
import { pct, percentDecimals } from '../../report/format.ts';

/** reports/<file name without extension> */
export function reportDir(file: string): string {
  return join('reports', basename(file, extname(file)));
}

export function printSummary(outcome: RunOutcome, json: boolean): void {
  if (json) {
    process.stdout.write(buildReportFiles(outcome.report)['summary.json']);
    return;
  }
  const { analysis, result } = outcome;
  const lines: string[] = [];
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
