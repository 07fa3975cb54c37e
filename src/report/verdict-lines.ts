/** The opening sentences of a run's or an experiment's report (also printed by the terminal summary). */
import { experimentVerdict, runVerdict, variantName } from '../answers/verdict.ts';
import { num } from './format.ts';
import type { ReportInput } from './report-input.ts';
import { sideName, sideWords, words } from './text.ts';
import type { EvenTest } from '../analysis/equivalence.ts';
import { ownChangesText, sharedChanges } from './changes-text.ts';

/** "Team A: Pz IV Ausf. F2 (Miho Nishizumi), StuG III Ausf. F · Team B: …"; '' when the scenario lists no units. */
export function forcesText(forces: ReportInput['scenario']['forces']): string {
  return forces.map((f) => `${sideName(f.side)}: ${f.units.join(', ')}`).join(' · ');
}

/** The report's opening sentences (also printed by the terminal summary). */
export function verdictLines(input: ReportInput): string[] {
  const { analysis, result } = input;
  const lines: string[] = [];
  if (input.scenario.system.kind === 'generator') {
    const v = analysis.variants[0];
    lines.push(`${num(result.games)} set-ups generated${analysis.variants.length > 1 ? ' per variant' : ''}: ${v.scalars.slice(0, 4).map((x) => `${words(x.name)} ${num(x.mean, 2)} on average`).join(', ')}.`);
  } else if (analysis.variants.length > 1) {
    const shared = input.changes ? sharedChanges(input.changes) : [];
    const described = analysis.variants.map((v, i) => {
      const list = input.changes?.[i];
      // A label says what a variant is; a variant known only by its name gets its changes beside it.
      const text = list && (v.label || v.name) === v.name ? ownChangesText(list, shared, input.scenario.data, 2) : '';
      return text ? { ...v, changes: text } : v;
    });
    lines.push(...experimentVerdict(described, analysis.baseline, analysis.ratings, input.compare));
  } else {
    const v = analysis.variants[0];
    lines.push(runVerdict(v.sides, v.outcomes, v.games));
  }
  if (input.even) lines.push(evenSentence(input));
  if (input.sprt) lines.push(sprtSentence(input));
  if (input.skillCheck) lines.push(input.skillCheck.sentence);
  if (input.robust) {
    const rb = input.robust;
    const robust = rb.variants.filter((v) => v.verdict === 'robust').map((v) => variantName(analysis.variants[v.variant]));
    const fragile = rb.variants.filter((v) => v.verdict === 'not robust').map((v) => variantName(analysis.variants[v.variant]));
    lines.push(`Under ${rb.pairings.length} agent pairings (${rb.pairings.join('; ')}), ${robust.length ? `robust: ${robust.join(', ')}` : 'no change is robust'}${fragile.length ? `; not robust (sign or significance changes with the players): ${fragile.join(', ')}` : ''}.`);
  }
  if (result.stoppedEarly && input.even) lines.push(`Stopped early at ${num(result.games)} of ${num(result.plan.games)} games${analysis.variants.length > 1 ? ' per variant' : ''}: ${analysis.variants.length > 1 ? 'every variant was' : 'it was'} decided even or not even (checked after fixed rounds of games).`);
  else if (result.stoppedEarly && !input.sprt) lines.push(`Stopped early at ${num(result.games)} of ${num(result.plan.games)} games${analysis.variants.length > 1 ? ' per variant' : ''}: every win-rate 95% interval had reached the requested precision (checked after fixed rounds of games).`);
  return lines;
}

const pc = (x: number) => (x * 100).toFixed(1);

/** What is tested: a side's win rate when no game was drawn, else its score. */
export function evenMeasure(input: ReportInput): string {
  const e = input.even!;
  const side = sideWords(input.analysis.variants[0]?.sides[e.side] ?? 'A');
  const drawn = input.analysis.variants.some((v) => (v.outcomes.at(-1)?.k ?? 0) > 0);
  return drawn ? `${side}'s score (wins + half the draws)` : `${side}'s win rate`;
}

/** One test in words: "even: 50.6% (90% interval 49.1–52.1)", "not yet decided: …; about 7,400 games would decide it". */
export function evenWords(t: EvenTest): string {
  const where = `${pc(t.score)}% (${Math.round((1 - 2 * t.alpha) * 100)}% interval ${pc(t.lo)}–${pc(t.hi)})`;
  if (t.decision === 'even') return `even: ${where}`;
  if (t.decision === 'not even') return `not even: ${where}`;
  const more = t.gamesNeeded === undefined || !Number.isFinite(t.gamesNeeded) ? 'it sits on the margin, so no number of games is sure to decide it' : `about ${num(roundUp(t.gamesNeeded))} games would decide it`;
  return `not yet decided: ${where}; ${more}`;
}

/** 7,412 → 7,500: a planning figure, not a promise. */
export function roundUp(n: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / step) * step;
}

function evenSentence(input: ReportInput): string {
  const e = input.even!;
  const band = `${pc(0.5 - e.margin)}–${pc(0.5 + e.margin)}%`;
  const how = `${evenMeasure(input)} within ±${num(e.margin * 100, 1)} points of 50% (${band}), two one-sided tests at ${e.alpha}`;
  const vs = input.analysis.variants;
  if (vs.length === 1) {
    const t = e.tests[0];
    const answer = t.decision === 'even' ? 'Yes' : t.decision === 'not even' ? 'No' : 'Not yet decided';
    return `Is it even? ${answer}: ${evenWords(t).replace(/^(even|not even|not yet decided): /, '')} (${how}).`;
  }
  const counts = (['even', 'not even', 'undecided'] as const).map((d) => e.tests.filter((t) => t.decision === d).length);
  const listed = vs.slice(0, 8).map((v, i) => `${variantName(v)} ${evenWords(e.tests[i])}`);
  return `Is it even? ${counts[0]} of ${vs.length} variants even, ${counts[1]} not even, ${counts[2]} not yet decided (${how}): ${listed.join('; ')}${vs.length > 8 ? `; and ${vs.length - 8} more (see the table)` : ''}.`;
}

/** A tested variant's name, with the side when more than one side was tested. */
export function sprtName(input: ReportInput, v: { variant: number; side: number }): string {
  const t = input.sprt!;
  const name = variantName(input.analysis.variants[v.variant]);
  return (t.sides?.length ?? 1) > 1 ? `${name} (${input.analysis.variants[0].sides[v.side]})` : name;
}

function sprtSentence(input: ReportInput): string {
  const t = input.sprt!;
  const sideNames = input.analysis.variants[0].sides;
  const tested = (t.sides ?? [0]).map((s) => sideNames[s]);
  const h = (d: number) => `${d >= 0 ? '+' : '−'}${Math.abs(d * 100).toFixed(1)}`;
  const parts = t.variants.map((v) => `${sprtName(input, v)}: ${v.decision === 'H1' ? `H1 accepted (a change nearer ${h(t.d1)} than ${h(t.d0)} points)` : v.decision === 'H0' ? `H0 accepted (a change nearer ${h(t.d0)} than ${h(t.d1)} points)` : 'undecided'} after ${num(v.games)} games`);
  const stop = input.result.stoppedEarly ? `stopped at ${num(input.result.games)} of ${num(input.result.plan.games)} games per variant because every test was decided` : `played all ${num(input.result.games)} games per variant`;
  const whose = tested.length > 1 ? `${tested.slice(0, -1).join(', ')} and ${tested[tested.length - 1]}'s scores` : `${tested[0]}'s score`;
  return `Sequential test of ${whose} (wins + half the draws) against the baseline (H0 ${h(t.d0)} points, H1 ${h(t.d1)}, α = β = ${t.alpha}): ${parts.join('; ')}; ${stop}.`;
}
