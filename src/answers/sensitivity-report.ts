/** The sensitivity report: verdict (which values the answer rests on), tornado chart, full ranking. */
import type { TopLevelSpec } from 'vega-lite';
import { tornado } from '../report/charts.ts';
import { renderAnswerPage } from '../report/answer-page.ts';
import { chartDiv, escapeHtml } from '../report/html.ts';
import type { SensitivityResult, SensitivityRow, SkippedStep, StepEffect } from './sensitivity.ts';
import { placeholderCaveat } from './verdict.ts';
import { rateWords, sideName } from '../report/text.ts';
import { restsOnAgents } from './skill-check.ts';
import type { Subject } from './subject.ts';

const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;

export function stepText(s: StepEffect | undefined): string {
  if (!s) return '–';
  return s.changed === 0 ? 'no game changed' : `${pts(s.diff)} (${pts(s.lo)} to ${pts(s.hi)})`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function sensitivityVerdict(r: SensitivityResult, top = 5): string[] {
  const confirmed = r.rows.filter((x) => x.pass === 2);
  const moving = confirmed.filter((x) => x.significant);
  const step = (e: StepEffect | undefined) => (e ? pts(e.diff) : '–');
  const named = moving.slice(0, top).map((x) => `${x.label} (${x.provenance}, ${step(x.down)}/${step(x.up)} points a step down/up)`);
  const placeholdersMoving = moving.filter((x) => x.provenance === 'placeholder').length;
  const unchanged = r.rows.filter((x) => x.unchanged).length;
  const quiet = r.rows.filter((x) => !x.significant && !x.unchanged).length;
  const zero = skippedSteps(r).filter((s) => s.reason === 'to zero').length;
  return [
    moving.length
      ? `The ${r.measureName}, ${rateWords(r.base)} over ${r.base.games.toLocaleString('en-US')} games, moves most with ${named.join('; ')}.`
      : `No single rules value moves the ${r.measureName} (${rateWords(r.base)}) by a detectable amount for one step.`,
    `${plural(placeholdersMoving, 'placeholder value')} among the ${confirmed.length} confirmed on ${r.confirmGames.toLocaleString('en-US')} games change it at 95%; of the ${r.screened} values screened, ${quiet} show no detectable change for one step and ${unchanged} changed no game's outcome at all${zero ? `; ${plural(zero, 'step')} to zero skipped (a count of 0 removes the rule)` : ''}.`,
  ];
}

/** Every step not played (values with no playable step included), with the value's words. */
export function skippedSteps(r: SensitivityResult): Array<SkippedStep & { label: string; path: string; value: number }> {
  return [...r.rows, ...r.skippedValues].flatMap((x) => x.skipped.map((s) => ({ ...s, label: x.label, path: x.path, value: x.value })));
}

/** "action cards per turn 1 → 0, draws per turn 1 → 0" */
export function skippedText(steps: ReadonlyArray<{ label: string; value: number; to: number }>): string {
  return steps.map((s) => `${s.label} ${s.value} → ${s.to}`).join(', ');
}

/** "down 4: +9.6 (+8.4 to +10.7)", "down 0: skipped (to zero)" */
function stepLine(x: SensitivityRow, step: 'down' | 'up'): string {
  const e = x[step];
  if (e) return `${step} ${e.to}: ${stepText(e)}`;
  const skip = x.skipped.find((s) => s.step === step);
  return skip ? `${step} ${skip.to}: skipped (${skip.reason})` : `${step} –`;
}

/** Terminal lines after the verdict: the confirmed ranking, then the unchanged values and the skipped steps, each on one line. */
export function sensitivityLines(r: SensitivityResult, top: number): string[] {
  const lines: string[] = [];
  r.rows
    .filter((x) => x.pass === 2)
    .slice(0, top)
    .forEach((x, i) => lines.push(`  ${String(i + 1).padStart(2)}. ${x.label} [${x.provenance}] = ${x.value}: ${stepLine(x, 'down')}, ${stepLine(x, 'up')}`));
  const unchanged = r.rows.filter((x) => x.unchanged);
  if (unchanged.length) lines.push(`  unchanged in every game (${plural(unchanged.length, 'value')}, ${r.screenGames.toLocaleString('en-US')} games): ${unchanged.map((x) => x.label).join(', ')}`);
  const steps = skippedSteps(r);
  const zero = steps.filter((s) => s.reason === 'to zero');
  if (zero.length) lines.push(`  skipped, to zero (removes the rule): ${skippedText(zero)}`);
  const invalid = steps.filter((s) => s.reason === 'invalid');
  if (invalid.length) lines.push(`  skipped, invalid rules data: ${skippedText(invalid)}`);
  return lines;
}

function stepCell(x: SensitivityRow, step: 'down' | 'up'): string {
  const e = x[step];
  if (e) return `${e.to}: ${escapeHtml(stepText(e))}`;
  const skip = x.skipped.find((s) => s.step === step);
  return skip ? `${escapeHtml(skip.to)}: ${skip.reason === 'to zero' ? 'skipped (to zero)' : 'invalid'}` : '–';
}

export function sensitivityRowsJson(r: SensitivityResult): unknown {
  return r.rows.map((x) => ({ path: x.path, label: x.label, value: x.value, provenance: x.provenance, effect: x.effect, significant: x.significant, unchanged: x.unchanged, pass: x.pass, down: x.down, up: x.up, invalid: x.invalid, skipped: x.skipped }));
}

export function sensitivityHtml(subject: Subject, r: SensitivityResult, o: { top: number; command: string }): string {
  const specs: Record<string, TopLevelSpec> = {};
  const shown = r.rows.filter((x) => x.pass === 2 && !x.unchanged).slice(0, o.top);
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
          `<tr><td class="l">${escapeHtml(x.label)}<br><code class="muted">${escapeHtml(x.path)}</code></td><td class="l"><span class="tag ${escapeHtml(x.provenance)}">${escapeHtml(x.provenance)}</span></td><td>${escapeHtml(x.value)}</td><td>${stepCell(x, 'down')}</td><td>${stepCell(x, 'up')}</td><td>${(x.pass === 2 ? r.confirmGames : r.screenGames).toLocaleString('en-US')}</td></tr>`,
      )
      .join('')}</tbody></table></div>`;
  const unchanged = r.rows.filter((x) => x.unchanged);
  const steps = skippedSteps(r);
  const skippedList = (reason: SkippedStep['reason']) => steps.filter((x) => x.reason === reason).map((x) => `<li>${escapeHtml(x.label)} <code class="muted">${escapeHtml(x.path)}</code>: ${escapeHtml(x.value)} → ${escapeHtml(x.to)}</li>`).join('');
  return renderAnswerPage({
    title: `Sensitivity: what the ${r.measureName} in ${subject.loaded.input.name} rests on`,
    subtitle: `${subject.agents.map((a, i) => `${sideName(subject.sides[i])}: ${a.name}`).join(', ')} · seed ${subject.seed} · ${r.screened} values screened on ${r.screenGames.toLocaleString('en-US')} games, the top ${r.rows.filter((x) => x.pass === 2).length} confirmed on ${r.confirmGames.toLocaleString('en-US')} · ${r.gamesPlayed.toLocaleString('en-US')} games in ${(r.elapsedMs / 1000).toFixed(0)} s`,
    verdict: [...sensitivityVerdict(r), restsOnAgents(subject.sides, subject.agents, `salvo run ${subject.given}`)],
    caveat: placeholderCaveat(subject.loaded.provenance, influential),
    key: bars.length ? chartDiv('tornado', 'Each value moved one step (whole values ±1, others ±10%) with everything else as bundled, on the same games as the rules as they are; red bars are placeholders. Values are sorted by the larger change.') : '<p>No value reached the confirmation pass.</p>',
    sections: [
      { id: 'confirmed', title: `Confirmed on ${r.confirmGames.toLocaleString('en-US')} games`, html: table(r.rows.filter((x) => x.pass === 2)) },
      { id: 'screened', title: `Screened only (${r.screenGames.toLocaleString('en-US')} games)`, html: table(r.rows.filter((x) => x.pass === 1 && !x.unchanged)), collapsed: true },
      ...(unchanged.length ? [{ id: 'unchanged', title: `Unchanged in every game (${unchanged.length} values)`, html: `<p>Neither step of these values changed the outcome of any of the ${r.screenGames.toLocaleString('en-US')} games (each game won, drawn or lost as with the rules as they are): ${unchanged.map((x) => `${escapeHtml(x.label)} (${escapeHtml(x.value)}, <span class="tag ${escapeHtml(x.provenance)}">${escapeHtml(x.provenance)}</span>)`).join(', ')}.</p>` }] : []),
      ...(steps.length
        ? [{ id: 'skipped', title: `Steps not played (${steps.length})`, collapsed: true, html: `${skippedList('to zero') ? `<p>To zero: a count whose minimum is 0 stepped to 0 removes the rule instead of varying it (and can stall every game until the engine's safety cap).</p><ul>${skippedList('to zero')}</ul>` : ''}${skippedList('invalid') ? `<p>Invalid: the rules data rejects the value.</p><ul>${skippedList('invalid')}</ul>` : ''}` }]
        : []),
      {
        id: 'method',
        title: 'Method',
        collapsed: true,
        html: `<p>One-at-a-time elementary effects around the scenario as bundled (the design point), as in Morris screening but with paired games: every version replays games 0..n−1 of seed ${escapeHtml(subject.seed)}, so the change is measured game by game (common random numbers) and its 95% interval is the paired one. A first pass plays every value's two steps on ${r.screenGames.toLocaleString('en-US')} games; the values whose larger |change| could be biggest (upper interval bound) are replayed on ${r.confirmGames.toLocaleString('en-US')} games. Steps that would make the rules data invalid, or take a count whose minimum is 0 to zero, are not played; values whose steps changed no game's outcome are listed together.</p>`,
      },
    ],
    specs,
    command: o.command,
  });
}
