/** The opening sentences of a run's or an experiment's report (also printed by the terminal summary). */
import { experimentVerdict, runVerdict, variantName } from '../answers/verdict.ts';
import { num } from './format.ts';
import type { ReportInput } from './report-input.ts';
import { words } from './text.ts';

/** The report's opening sentences (also printed by the terminal summary). */
export function verdictLines(input: ReportInput): string[] {
  const { analysis, result } = input;
  const lines: string[] = [];
  if (input.scenario.system.kind === 'generator') {
    const v = analysis.variants[0];
    lines.push(`${num(result.games)} set-ups generated${analysis.variants.length > 1 ? ' per variant' : ''}: ${v.scalars.slice(0, 4).map((x) => `${words(x.name)} ${num(x.mean, 2)} on average`).join(', ')}.`);
  } else if (analysis.variants.length > 1) {
    lines.push(...experimentVerdict(analysis.variants, analysis.baseline, analysis.ratings, input.compare));
  } else {
    const v = analysis.variants[0];
    lines.push(runVerdict(v.sides, v.outcomes, v.games));
  }
  if (input.sprt) lines.push(sprtSentence(input));
  if (input.robust) {
    const rb = input.robust;
    const robust = rb.variants.filter((v) => v.verdict === 'robust').map((v) => variantName(analysis.variants[v.variant]));
    const fragile = rb.variants.filter((v) => v.verdict === 'not robust').map((v) => variantName(analysis.variants[v.variant]));
    lines.push(`Under ${rb.pairings.length} agent pairings (${rb.pairings.join('; ')}), ${robust.length ? `robust: ${robust.join(', ')}` : 'no change is robust'}${fragile.length ? `; not robust (sign or significance changes with the players): ${fragile.join(', ')}` : ''}.`);
  }
  if (result.stoppedEarly && !input.sprt) lines.push(`Stopped early at ${num(result.games)} of ${num(result.plan.games)} games${analysis.variants.length > 1 ? ' per variant' : ''}: every win-rate 95% interval had reached the requested precision (checked after fixed rounds of games).`);
  return lines;
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
