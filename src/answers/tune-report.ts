/** The tuning report: verdict (the tuned setting and its confirmed margin), the landscape NTBEA saw, the evaluations, the parameter-set file. */
import type { TopLevelSpec } from 'vega-lite';
import type { ParamValue } from '../core/agent.ts';
import { renderAnswerPage } from '../report/answer-page.ts';
import { chartDiv, escapeHtml } from '../report/html.ts';
import { PARAM_SET_FORMAT, type ParamSetFile } from '../scenario/param-set.ts';
import type { Subject } from './subject.ts';
import type { TuneResult } from './tune.ts';

const pts = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** 'lambda 0.5 → 1, fireAt 0.04' (only what changed), or 'the untuned setting'. */
export function changedText(r: Pick<TuneResult, 'start' | 'best'>): string {
  const parts = Object.keys(r.best)
    .filter((k) => r.best[k] !== r.start[k])
    .map((k) => `${k} ${String(r.start[k])} → ${String(r.best[k])}`);
  return parts.length ? parts.join(', ') : 'no change (the untuned setting is the best found)';
}

export function tuneVerdict(subject: Subject, r: TuneResult): string[] {
  const c = r.confirmation;
  const sig = c.lo > 0 ? 'a significant gain' : c.hi < 0 ? 'a significant loss' : 'no significant difference';
  return [
    `Tuned ${r.agent} in ${subject.loaded.input.name}: ${changedText(r)}, after ${r.steps.length} NTBEA evaluations of ${r.gamesPerEvaluation} games against ${r.field.join(', ')} (both seats, common random numbers).`,
    `Confirmed on ${c.games.toLocaleString('en-US')} fresh games paired with the untuned agent: ${pct(c.tuned)} against ${pct(c.untuned)}, ${pts(c.diff)} points (${pts(c.lo)} to ${pts(c.hi)}, 95%): ${sig}.`,
  ];
}

/** The parameter-set file `--agents name@file` reads. */
export function paramSetOf(subject: Subject, r: TuneResult, name: string, command: string): ParamSetFile {
  const c = r.confirmation;
  return {
    format: PARAM_SET_FORMAT,
    formatVersion: 1,
    system: subject.loaded.system.info.id,
    agent: r.agent,
    name,
    params: r.best,
    tuned: {
      scenario: subject.given,
      field: r.field,
      evaluations: r.steps.length,
      gamesPerEvaluation: r.gamesPerEvaluation,
      seed: subject.seed,
      from: r.start,
      estimate: r.estimate,
      confirmation: { seed: c.seed, games: c.games, tuned: c.tuned, untuned: c.untuned, diff: c.diff, lo: c.lo, hi: c.hi },
      command,
    },
  };
}

function landscapeSpec(r: TuneResult): TopLevelSpec {
  const rows = r.landscape.flatMap((d) => d.values.filter((v) => v.n > 0).map((v) => ({ parameter: d.name, value: String(v.value), mean: v.mean, n: v.n, chosen: v.value === r.best[d.name] ? 'tuned' : v.value === r.start[d.name] ? 'untuned' : 'other' })));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Mean score of the evaluations at each value of each parameter (the landscape NTBEA modelled)',
    data: { values: rows },
    facet: { row: { field: 'parameter', type: 'nominal', title: null } },
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: 480,
      height: 90,
      mark: { type: 'point', filled: true },
      encoding: {
        x: { field: 'value', type: 'ordinal', sort: null, title: null },
        y: { field: 'mean', type: 'quantitative', title: 'score', axis: { format: '%' }, scale: { zero: false } },
        size: { field: 'n', type: 'quantitative', title: 'evaluations' },
        color: { field: 'chosen', type: 'nominal', title: null, scale: { domain: ['tuned', 'untuned', 'other'], range: ['#e45756', '#4c78a8', '#9d9d9d'] } },
        tooltip: [{ field: 'parameter' }, { field: 'value' }, { field: 'mean', type: 'quantitative', format: '.1%' }, { field: 'n', type: 'quantitative' }],
      },
    },
  } as TopLevelSpec;
}

function traceSpec(r: TuneResult): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Score of each evaluation, in the order NTBEA made them',
    width: 560,
    height: 200,
    data: { values: r.steps.map((s, i) => ({ step: i + 1, score: s.score, setting: Object.entries(s.params).map(([k, v]) => `${k}=${String(v)}`).join(' ') })) },
    mark: { type: 'point', filled: true },
    encoding: {
      x: { field: 'step', type: 'quantitative', title: 'evaluation' },
      y: { field: 'score', type: 'quantitative', title: 'score', axis: { format: '%' }, scale: { zero: false } },
      tooltip: [{ field: 'step', type: 'quantitative' }, { field: 'score', type: 'quantitative', format: '.1%' }, { field: 'setting' }],
    },
  } as TopLevelSpec;
}

const cell = (v: ParamValue | undefined) => escapeHtml(v === undefined ? '–' : String(v));

export function tuneHtml(subject: Subject, r: TuneResult, o: { command: string; file: string; name: string }): string {
  const c = r.confirmation;
  const space = `<div class="table-wrap"><table><thead><tr><th class="l">parameter</th><th class="l">values tried</th><th>untuned</th><th>tuned</th></tr></thead><tbody>${r.space
    .map((d) => `<tr><td class="l">${escapeHtml(d.name)}</td><td class="l">${d.values.map((v) => escapeHtml(String(v))).join(', ')}</td><td>${cell(r.start[d.name])}</td><td>${cell(r.best[d.name])}</td></tr>`)
    .join('')}</tbody></table></div>`;
  const opp = `<div class="table-wrap"><table><thead><tr><th class="l">against</th><th>games</th><th>untuned</th><th>tuned</th><th>difference (95%)</th></tr></thead><tbody>${c.byOpponent
    .map((x) => `<tr><td class="l">${escapeHtml(x.opponent)}</td><td>${x.games.toLocaleString('en-US')}</td><td>${pct(x.untuned)}</td><td>${pct(x.tuned)}</td><td>${pts(x.diff)} (${pts(x.lo)} to ${pts(x.hi)})</td></tr>`)
    .join('')}</tbody></table></div>`;
  return renderAnswerPage({
    title: `Tuning ${r.agent}: ${subject.loaded.input.name}`,
    subtitle: `NTBEA, ${r.steps.length} evaluations of ${r.gamesPerEvaluation} games · field ${r.field.join(', ')} · seed ${subject.seed} · ${(r.elapsedMs / 1000).toFixed(0)} s`,
    verdict: tuneVerdict(subject, r),
    key: chartDiv('landscape'),
    sections: [
      { id: 'confirmation', title: 'Confirmation against each opponent', html: opp },
      { id: 'space', title: 'Parameters', html: space + `<p>Written to <code>${escapeHtml(o.file)}</code>; play it with <code>--agents ${escapeHtml(r.agent)}@${escapeHtml(o.file)}</code> or name it in a scenario's <code>run.agents</code>.</p>` },
      { id: 'trace', title: 'Evaluations', html: chartDiv('trace') },
      {
        id: 'method',
        title: 'Method',
        collapsed: true,
        html: `<p>NTBEA (Lucas, Liu &amp; Perez-Liebana 2018): a landscape model of the mean score at every value of each parameter, every pair of parameters and the whole setting; each step evaluates the current setting, then moves to the best of 50 mutations by the model's upper confidence bound. Every evaluation plays one block of games, the same against each opponent in both seats (common random numbers), a new block for each evaluation unless --blocks says otherwise, so the model averages the luck out over its evaluations; the recommendation is the evaluated setting the model rates best. The confirmation plays the tuned and the untuned agent on other games (seed ${escapeHtml(c.seed)}), paired game by game; the interval is the normal one on the mean of the per-game differences of score.</p>`,
      },
    ],
    specs: { landscape: landscapeSpec(r), trace: traceSpec(r) },
    command: o.command,
  });
}
