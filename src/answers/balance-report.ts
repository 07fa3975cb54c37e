/** The balance solver's report: verdict, the win-rate curve against the value, the probes, the rerun command. */
import type { TopLevelSpec } from 'vega-lite';
import { rateCurve } from '../report/charts.ts';
import { renderAnswerPage } from '../report/answer-page.ts';
import { chartDiv, escapeHtml } from '../report/html.ts';
import type { BalanceResult } from './balance.ts';
import { placeholderCaveat } from './verdict.ts';
import { rateWords, sideName } from '../report/text.ts';
import { restsOnAgents } from './skill-check.ts';
import type { Subject } from './subject.ts';

export interface BalanceReport {
  readonly result: BalanceResult;
  readonly subject: Subject;
  readonly label: string;
  readonly provenance: string;
  readonly current?: number;
  readonly command: string;
  readonly confirm: string;
}

export function balanceJson(r: BalanceReport): unknown {
  const b = r.result;
  return {
    question: `value of ${b.path} that brings ${b.sideName} to ${b.target}`,
    value: b.value,
    found: b.found,
    crossing: b.crossing,
    consistent: b.consistent,
    side: b.sideName,
    target: b.target,
    range: b.range,
    integer: b.integer,
    label: r.label,
    provenance: r.provenance,
    current: r.current,
    message: b.message,
    nonMonotone: b.nonMonotone,
    gamesPlayed: b.gamesPlayed,
    seed: r.subject.seed,
    agents: r.subject.agents.map((a) => a.name),
    probes: b.probes,
    command: r.command,
    confirm: r.confirm,
  };
}

export function balanceHtml(r: BalanceReport): string {
  const b = r.result;
  const specs: Record<string, TopLevelSpec> = {};
  specs.curve = rateCurve(b.probes.map((p) => ({ ...p, status: p.status === 'consistent' ? 'consistent with the target' : p.status === 'above' ? 'above the target' : 'below the target' })), {
    x: 'value',
    xTitle: r.label,
    yTitle: `${b.sideName} win rate`,
    title: `${b.sideName} win rate against ${r.label} (95% intervals, same dice at every value)`,
    target: b.target,
  });
  const warnings: string[] = [];
  if (b.nonMonotone.length) warnings.push(`The win rate does not rise or fall steadily with the value (out of order at ${b.nonMonotone.join(', ')}): the solver assumes it does, so check the curve.`);
  const caveat = [
    r.provenance === 'placeholder' ? `${r.label} is itself a placeholder value${r.current !== undefined ? ` (${r.current} in the bundled data)` : ''}.` : '',
    placeholderCaveat(r.subject.loaded.provenance) ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const probeRows = b.probes
    .map((p) => `<tr><td>${escapeHtml(p.value)}</td><td>${escapeHtml(rateWords(p))}</td><td>${p.games.toLocaleString('en-US')}</td><td class="l">${escapeHtml(p.status === 'consistent' ? 'consistent with the target' : `${p.status} the target`)}</td></tr>`)
    .join('');
  return renderAnswerPage({
    title: `Balance: ${r.label} for ${b.sideName} at ${(b.target * 100).toFixed(0)}%`,
    subtitle: `${r.subject.loaded.input.name} · ${r.subject.agents.map((a, i) => `${sideName(r.subject.sides[i])}: ${a.name}`).join(', ')} · seed ${r.subject.seed} · ${b.gamesPlayed.toLocaleString('en-US')} games played`,
    verdict: [b.message, `Confirm with: ${r.confirm}`, restsOnAgents(r.subject.sides, r.subject.agents, r.confirm)],
    caveat,
    warnings,
    key: chartDiv('curve', 'Every value was played on the same game seeds (common random numbers), so the curve is smooth in the value; each probe played more games until its interval excluded the target or the most games allowed still included it.'),
    sections: [
      { id: 'probes', title: 'Probes', html: `<div class="table-wrap"><table><thead><tr><th>${escapeHtml(r.label)}</th><th>${escapeHtml(b.sideName)} win rate (95%)</th><th>games</th><th class="l">against the target</th></tr></thead><tbody>${probeRows}</tbody></table></div>` },
      { id: 'method', title: 'Method', collapsed: true, html: `<p>Stochastic bisection on common random numbers: both ends of the range are played first; then the midpoint of the bracket around the target, until the bracket is one whole value wide (or, for a continuous value, narrower than the tolerance). Each probe plays 1×, 4×, 16× its first games until its 95% Wilson interval excludes the target; a probe whose interval still includes the target at the most games is <i>consistent</i> with it, and its neighbours are probed until they are not. Path <code>${escapeHtml(b.path)}</code>, provenance ${escapeHtml(r.provenance)}.</p>` },
    ],
    specs,
    command: r.command,
  });
}
