/** The skill ladder's report: verdict (strongest agent, how often skill wins, luck share), ratings, matchups. */
import type { TopLevelSpec } from 'vega-lite';
import { rateBars, rateHeatmap } from '../report/charts.ts';
import { renderAnswerPage } from '../report/answer-page.ts';
import { chartDiv, escapeHtml } from '../report/html.ts';
import { rateText } from '../report/format.ts';
import type { LadderResult } from './ladder.ts';
import { placeholderCaveat } from './verdict.ts';
import { rateWords } from '../report/text.ts';
import type { Subject } from './subject.ts';

export function ladderVerdict(subject: Subject, r: LadderResult): string[] {
  const top = r.ratings.ratings[0];
  return [
    `Strongest agent in ${subject.loaded.input.name}: ${top.item}, expected score ${rateWords({ p: top.score, lo: top.lo, hi: top.hi })} against an average agent of the ladder; order ${r.ratings.ratings.map((x) => x.item).join(' > ')} (${r.agents.length} agents, ${r.gamesPerPairing.toLocaleString('en-US')} games per pairing and seat).`,
    `The stronger agent of a pairing wins ${(r.strongerWins * 100).toFixed(1)}% of its games on average; luck share ${(r.luckShare * 100).toFixed(0)}%: that part of the variance of the outcome is left within pairings (the dice and set-up), the rest is decided by who plays whom and in which seat (side A scores ${(r.seatA * 100).toFixed(1)}% over the ladder).`,
  ];
}

/** Plain-text table for the terminal and the report's closing note. */
export function ladderTable(r: LadderResult): string {
  const rows = r.ratings.ratings.map((x) => `  ${x.item.padEnd(24)} ${(x.score * 100).toFixed(1).padStart(5)}%  (${(x.lo * 100).toFixed(1)}–${(x.hi * 100).toFixed(1)})`);
  return [`  ${'agent'.padEnd(24)} score vs average (95%)`, ...rows].join('\n');
}

export function ladderHtml(subject: Subject, r: LadderResult, command: string): string {
  const specs: Record<string, TopLevelSpec> = {};
  specs.ratings = rateBars(
    r.ratings.ratings.map((x) => ({ agent: x.item, p: x.score, lo: x.lo, hi: x.hi })),
    { category: 'agent', value: 'p', lo: 'lo', hi: 'hi', title: 'Expected score against an average agent of the ladder (Bradley–Terry, 95% intervals)', xTitle: 'expected score (wins + half the draws)', percent: true },
  );
  const order = r.ratings.ratings.map((x) => x.item);
  const cells = r.ratings.matrix.map((c) => ({ row: c.row, col: c.col, observed: c.observed, predicted: c.predicted }));
  specs.observed = rateHeatmap(cells.filter((c) => Number.isFinite(c.observed)).sort((a, b) => order.indexOf(a.row) - order.indexOf(b.row) || order.indexOf(a.col) - order.indexOf(b.col)), { row: 'row', col: 'col', value: 'observed', title: 'Observed score of the row agent against the column agent (both seats)', rowTitle: 'agent', colTitle: 'against', legend: 'score', order });
  const strongerRows = r.stronger
    .map((x) => `<tr><td class="l">${escapeHtml(x.stronger)}</td><td class="l">${escapeHtml(x.weaker)}</td><td>${rateText({ p: x.score, lo: x.lo, hi: x.hi })}</td><td>${x.games.toLocaleString('en-US')}</td></tr>`)
    .join('');
  return renderAnswerPage({
    title: `Skill ladder: ${subject.loaded.input.name}`,
    subtitle: `${r.agents.length} agents, every pairing in both seats on the same seeds · seed ${subject.seed} · ${(r.pairings.length * r.gamesPerPairing).toLocaleString('en-US')} games in ${(r.elapsedMs / 1000).toFixed(0)} s`,
    verdict: ladderVerdict(subject, r),
    caveat: placeholderCaveat(subject.loaded.provenance),
    key: chartDiv('ratings'),
    sections: [
      { id: 'matchups', title: 'Matchups', html: chartDiv('observed') + `<div class="table-wrap"><table><thead><tr><th class="l">stronger</th><th class="l">weaker</th><th>stronger's score (95%)</th><th>games</th></tr></thead><tbody>${strongerRows}</tbody></table></div>` },
      {
        id: 'method',
        title: 'Method',
        collapsed: true,
        html: `<p>Every agent plays every other as side A and as side B, on games 0..n−1 of the same seed (common random numbers). Ratings: Bradley–Terry fitted by Hunter's MM algorithm, draws as half wins. Luck share: one-way analysis of variance of side A's per-game score over the seated pairings, SS<sub>within</sub>/SS<sub>total</sub> = 1 − η²: the part of the outcome's variance that remains when the players and seats are fixed (the dice and the set-up). It is relative to the skill spread of the agents on the ladder.</p>`,
      },
    ],
    specs,
    command,
  });
}
