/** The sensitivity report: verdict (which values the answer rests on), tornado chart, full ranking. */
import type { TopLevelSpec } from 'vega-lite';
import { tornado } from '../report/charts.ts';
import { renderAnswerPage } from '../report/answer-page.ts';
import { chartDiv, escapeHtml } from '../report/html.ts';
import type { SensitivityResult, SensitivityRow, StepEffect } from './sensitivity.ts';
import { placeholderCaveat, rateWords } from './verdict.ts';
import { restsOnAgents } from './skill-check.ts';
import type { Subject } from './subject.ts';

const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;

export function stepText(s: StepEffect | undefined): string {
  return s ? `${pts(s.diff)} (${pts(s.lo)} to ${pts(s.hi)})` : '–';
}

export function sensitivityVerdict(r: SensitivityResult, top = 5): string[] {
  const confirmed = r.rows.filter((x) => x.pass === 2);
  const moving = confirmed.filter((x) => x.significant);
  const named = moving.slice(0, top).map((x) => `${x.label} (${x.provenance}, ${pts(x.down?.diff ?? 0)}/${pts(x.up?.diff ?? 0)} points a step down/up)`);
  const placeholdersMoving = moving.filter((x) => x.provenance === 'placeholder').length;
  const quiet = r.rows.filter((x) => !x.significant).length;
  return [
    moving.length
      ? `The ${r.measureName}, ${rateWords(r.base)} over ${r.base.games.toLocaleString('en-US')} games, moves most with ${named.join('; ')}.`
      : `No single rules value moves the ${r.measureName} (${rateWords(r.base)}) by a detectable amount for one step.`,
    `${placeholdersMoving} placeholder value${placeholdersMoving === 1 ? '' : 's'} among the ${confirmed.length} confirmed on ${r.confirmGames.toLocaleString('en-US')} games change it at 95%; ${quiet} of the ${r.screened} values screened show no detectable change for one step.`,
  ];
}

export function sensitivityRowsJson(r: SensitivityResult): unknown {
  return r.rows.map((x) => ({ path: x.path, label: x.label, value: x.value, provenance: x.provenance, effect: x.effect, significant: x.significant, pass: x.pass, down: x.down, up: x.up, invalid: x.invalid }));
}

export function sensitivityHtml(subject: Subject, r: SensitivityResult, o: { top: number; command: string }): string {
  const specs: Record<string, TopLevelSpec> = {};
  const shown = r.rows.filter((x) => x.pass === 2).slice(0, o.top);
  const bars = shown.flatMap((x) =>
    (['down', 'up'] as const)
      .filter((k) => x[k])
      .map((k) => ({ label: x.label, step: k, from: `${x.value} → ${x[k]!.to}`, diff: x[k]!.diff, lo: x[k]!.lo, hi: x[k]!.hi, provenance: x.provenance })),
  );
  if (bars.length) specs.tornado = tornado(bars, { title: `Change in the ${r.measureName} for one step of each value (95% paired intervals)`, xTitle: `change in ${r.measureName} (points)` });
  const influential = r.rows.filter((x) => x.pass === 2 && x.significant && x.provenance === 'placeholder').map((x) => ({ path: x.path, label: x.label, effect: x.effect }));
  const table = (rows: readonly SensitivityRow[]) =>
    `<div class="table-wrap"><table><thead><tr><th class="l">rules value</th><th class="l">provenance</th><th>value</th><th>one step down</th><th>one step up</th><th>games</th></tr></thead><tbody>${rows
      .map(
        (x) =>
          `<tr><td class="l">${escapeHtml(x.label)}<br><code class="muted">${escapeHtml(x.path)}</code></td><td class="l"><span class="tag ${escapeHtml(x.provenance)}">${escapeHtml(x.provenance)}</span></td><td>${escapeHtml(x.value)}</td><td>${x.down ? `${x.down.to}: ${escapeHtml(stepText(x.down))}` : x.invalid.includes('down') ? 'invalid' : '–'}</td><td>${x.up ? `${x.up.to}: ${escapeHtml(stepText(x.up))}` : x.invalid.includes('up') ? 'invalid' : '–'}</td><td>${(x.pass === 2 ? r.confirmGames : r.screenGames).toLocaleString('en-US')}</td></tr>`,
      )
      .join('')}</tbody></table></div>`;
  return renderAnswerPage({
    title: `Sensitivity: what the ${r.measureName} in ${subject.loaded.input.name} rests on`,
    subtitle: `${subject.agents.map((a, i) => `${subject.sides[i]}: ${a.name}`).join(', ')} · seed ${subject.seed} · ${r.screened} values screened on ${r.screenGames.toLocaleString('en-US')} games, the top ${r.rows.filter((x) => x.pass === 2).length} confirmed on ${r.confirmGames.toLocaleString('en-US')} · ${r.gamesPlayed.toLocaleString('en-US')} games in ${(r.elapsedMs / 1000).toFixed(0)} s`,
    verdict: [...sensitivityVerdict(r), restsOnAgents(subject.sides, subject.agents, `salvo run ${subject.given}`)],
    caveat: placeholderCaveat(subject.loaded.provenance, influential),
    key: bars.length ? chartDiv('tornado', 'Each value moved one step (whole values ±1, others ±10%) with everything else as bundled, on the same games as the rules as they are; red bars are placeholders. Values are sorted by the larger change.') : '<p>No value reached the confirmation pass.</p>',
    sections: [
      { id: 'confirmed', title: `Confirmed on ${r.confirmGames.toLocaleString('en-US')} games`, html: table(r.rows.filter((x) => x.pass === 2)) },
      { id: 'screened', title: `Screened only (${r.screenGames.toLocaleString('en-US')} games)`, html: table(r.rows.filter((x) => x.pass === 1)), collapsed: true },
      {
        id: 'method',
        title: 'Method',
        collapsed: true,
        html: `<p>One-at-a-time elementary effects around the scenario as bundled (the design point), as in Morris screening but with paired games: every version replays games 0..n−1 of seed ${escapeHtml(subject.seed)}, so the change is measured game by game (common random numbers) and its 95% interval is the paired one. A first pass plays every value's two steps on ${r.screenGames.toLocaleString('en-US')} games; the values whose larger |change| could be biggest (upper interval bound) are replayed on ${r.confirmGames.toLocaleString('en-US')} games. Steps that would make the rules data invalid are skipped.</p>`,
      },
    ],
    specs,
    command: o.command,
  });
}
