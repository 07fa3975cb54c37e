/**
 * What if: one change of a scenario (a rules value, absolute or relative; an option; a unit
 * swapped for another of its kind) written as an experiment (baseline and variant on the same
 * base scenario, exactly as `salvo experiment` reads one) and played on the same game indices.
 * After every merged batch the page gets each side's paired change of its win rate with its 95%
 * interval and McNemar's p-value; after each round of games the question is checked and the run
 * stops once it is answered: some side's interval excludes 0 (the change moves the balance).
 * "Save as experiment" writes that file into the folder; "find the even value" runs the balance
 * solver (`salvo balance`) on the changed rules value.
 *
 * The stop is checked after fixed rounds of games (so it does not depend on the worker count);
 * looking after every round makes the nominal 95% somewhat optimistic, which the page says.
 */
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { stringify } from 'yaml';
import type { TopLevelSpec } from 'vega-lite';
import { formatAgentChoice, type AgentChoice } from '../core/agent.ts';
import { InputError } from '../core/errors.ts';
import { mcnemar, pairedDiff } from '../analysis/paired.ts';
import { experimentPlan, type PlanFile } from '../app/plan-file.ts';
import { playedPlan } from '../app/sequential.ts';
import { runPlan, type StopRule } from '../run/pool.ts';
import type { PairTable } from '../run/summary.ts';
import { parseValue } from '../scenario/sets.ts';
import { valueLabel } from '../answers/labels.ts';
import { loadSubject } from '../answers/subject.ts';
import { sideIndex } from '../answers/sides.ts';
import { solveBalance } from '../answers/balance.ts';
import { balanceHtml, balanceJson } from '../answers/balance-report.ts';
import { forestPlot, rateCurve } from '../report/charts.ts';
import { sideWords } from '../report/text.ts';
import { loadExperimentFile } from '../scenario/experiment.ts';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load.ts';
import type { JobBody } from './jobs.ts';
import type { EvenRequest, LabEvent, PairedSide, WhatIfRequest } from './api.ts';
import { checkNumber, checkSeed, checkString } from './inputs.ts';
import { parseAgents, type LabSettings } from './play.ts';
import { loadEntry, resolveRef, unitSlots } from './scenarios.ts';
import { insideFolder } from './guard.ts';

/** Games of a round: the question is checked after each. */
export const WHATIF_ROUND = 500;
export const WHATIF_BATCH = 100;

/** A change as the variant of an experiment, with the words for it. */
export interface Change {
  readonly variant: { overrides?: Record<string, unknown>; options?: Record<string, unknown>; patch?: Record<string, unknown> };
  readonly name: string;
  readonly label: string;
  /** The rules path (for "find the even value"), when the change is a numeric rules value. */
  readonly rulesPath?: string;
  readonly from?: number;
  readonly to?: number;
}

/** `10`, `+2`, `-1`, `*1.1` (relative to the current value), `=-1` (an absolute negative). */
export function newValue(current: unknown, text: string): { value: number | string | boolean; words: string } {
  const t = text.trim();
  const rel = /^([+\-*×x])\s*(\d+(?:\.\d+)?)$/.exec(t);
  if (rel && typeof current === 'number') {
    const k = Number(rel[2]);
    const op = rel[1];
    let v = op === '+' ? current + k : op === '-' ? current - k : current * k;
    let note = '';
    if (op !== '+' && op !== '-' && Number.isInteger(current) && !Number.isInteger(v)) {
      v = Math.round(v);
      note = ' (rounded: the value is a whole number)';
    }
    v = Number(v.toPrecision(12));
    return { value: v, words: `${current} ${op === '+' || op === '-' ? op : '×'} ${k} = ${v}${note}` };
  }
  if (rel) throw new InputError('request', [{ path: 'change.value', message: `a relative change (${t}) needs a numeric value; the current one is ${JSON.stringify(current)}` }]);
  const abs = t.startsWith('=') ? t.slice(1).trim() : t;
  if (abs === '') throw new InputError('request', [{ path: 'change.value', message: 'expected a value: 10, +2, -1, *1.1 (or =-1 for an absolute negative)' }]);
  const v = parseValue(abs);
  return { value: v, words: `${JSON.stringify(current)} → ${JSON.stringify(v)}` };
}

function slug(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').replace(/-+$/, '').slice(0, 60) || 'change';
}

/** The variant a what-if request describes, checked against the scenario. */
export function changeOf(loaded: LoadedScenario, req: WhatIfRequest['change']): Change {
  if (!req || typeof req !== 'object') throw new InputError('request', [{ path: 'change', message: 'expected a change: a rules value, an option or a unit' }]);
  if (req.kind === 'value') {
    const path = checkString('change.path', req.path).replace(/^overrides\./, '');
    const entry = loaded.provenance.find((e) => e.path === path);
    if (!entry) throw new InputError('request', [{ path: 'change.path', message: `'${path.slice(0, 120)}' is not a rules value in play in this scenario (salvo list ${loaded.system.info.id} --overrides lists every path)` }]);
    const v = newValue(entry.value, checkString('change.value', req.value, 100));
    const label = valueLabel(path, loaded.data);
    const numeric = typeof entry.value === 'number' && typeof v.value === 'number';
    const named = path.split('.').filter((k) => !/^\d+$/.test(k));
    return { variant: { overrides: { [path]: v.value } }, name: slug(`${named.length > 2 ? `${named[1]}-` : ''}${named[named.length - 1]}-${v.value}`), label: `${label}: ${v.words}`, ...(numeric ? { rulesPath: path, from: Number(entry.value), to: Number(v.value) } : {}) };
  }
  if (req.kind === 'option') {
    const name = checkString('change.name', req.name, 100);
    const spec = loaded.system.options[name];
    if (!spec) throw new InputError('request', [{ path: 'change.name', message: `'${name.slice(0, 80)}' is not an option of ${loaded.system.info.id}` }]);
    const value = parseValue(checkString('change.value', req.value, 100).trim());
    return { variant: { options: { [name]: value } }, name: slug(`${name}-${value}`), label: `option ${name}: ${JSON.stringify(loaded.options[name] ?? spec.default)} → ${JSON.stringify(value)}` };
  }
  if (req.kind === 'unit') {
    const path = checkString('change.path', req.path);
    const slot = unitSlots(loaded).find((u) => u.path === path);
    if (!slot) throw new InputError('request', [{ path: 'change.path', message: `'${path.slice(0, 120)}' does not name a unit of this scenario` }]);
    const to = checkString('change.value', req.value, 100);
    const choice = slot.choices.find((c) => c.id === to);
    if (!choice) throw new InputError('request', [{ path: 'change.value', message: `'${to.slice(0, 80)}' cannot replace ${slot.currentName}; expected one of ${slot.choices.map((c) => c.id).join(', ')}` }]);
    return { variant: { patch: { [path]: to } }, name: slug(`${slot.current}-to-${to}`), label: `${slot.side ? `${slot.side}: ` : ''}${slot.currentName} → ${choice.name}` };
  }
  throw new InputError('request', [{ path: 'change.kind', message: "expected 'value', 'option' or 'unit'" }]);
}

/** The experiment file of a what-if (text), placed in the folder's experiments/ (not written until saved). */
export function whatIfExperiment(folder: string, scenarioFile: string, loaded: LoadedScenario, change: Change, o: { games: number; seed: number | string; agents: readonly AgentChoice[] }): { file: string; text: string; id: string } {
  const id = slug(`whatif-${basename(scenarioFile, extname(scenarioFile))}-${change.name}`);
  const file = join(realpathSync(folder), 'experiments', `${id}.yaml`);
  const base = relative(dirname(file), scenarioFile).split('\\').join('/');
  const doc = {
    experiment: id,
    name: `What if ${change.label}? (${loaded.input.name})`,
    description: `Written by salvo lab: the change played against the scenario as written, on the same games.`,
    base,
    games: o.games,
    seed: o.seed,
    agents: o.agents.map(formatAgentChoice),
    baseline: 'as-written',
    variants: [
      { name: 'as-written', label: 'as written' },
      { name: change.name, label: change.label, ...change.variant },
    ],
  };
  return { file, text: `# yaml-language-server: $schema=../schemas/experiment.schema.json\n${stringify(doc, { lineWidth: 0 })}`, id };
}

/** Each side's paired change of its win rate (variant − baseline) over the same games, with McNemar's p. */
export function pairedSides(t: PairTable, sides: readonly string[]): { sides: PairedSide[]; draws?: PairedSide } {
  const one = (name: string, code: number): PairedSide => {
    const d = pairedDiff(t, code);
    let up = 0;
    let down = 0;
    for (let b = 0; b < 3; b++)
      for (let v = 0; v < 3; v++) {
        if (v === code && b !== code) up += t[b][v];
        if (b === code && v !== code) down += t[b][v];
      }
    return { side: name, baseline: d.reference, variant: d.version, diff: d.diff, lo: d.lo, hi: d.hi, p: mcnemar(up, down) };
  };
  if (sides.length !== 2) return { sides: [one(sides[0] ?? 'A', 0)] };
  return { sides: [one(sides[0], 0), one(sides[1], 2)], draws: one('draws', 1) };
}

/** The answer, once some side's interval excludes 0. */
export function answerOf(p: { sides: readonly PairedSide[] }, games: number): string | undefined {
  const moved = p.sides.find((s) => s.lo > 0 || s.hi < 0);
  if (!moved) return undefined;
  const pts = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;
  return `Answered after ${games.toLocaleString('en-US')} games per variant: the change moves ${sideWords(moved.side)}'s win rate ${pts(moved.diff)} points (95% interval ${pts(moved.lo)} to ${pts(moved.hi)}, p = ${moved.p.toPrecision(2)}), from ${(moved.baseline * 100).toFixed(1)}% to ${(moved.variant * 100).toFixed(1)}%.`;
}

function forest(p: { sides: readonly PairedSide[]; draws?: PairedSide }, title: string): TopLevelSpec {
  const rows = [...p.sides, ...(p.draws && p.draws.baseline + p.draws.variant > 0 ? [p.draws] : [])].map((s) => ({ variant: s.side === 'draws' ? 'draws' : `${s.side} wins`, diff: s.diff, lo: s.lo, hi: s.hi, pValue: s.p, significant: s.lo > 0 || s.hi < 0 ? 'yes' : 'no' }));
  return forestPlot(rows, { title, xTitle: 'change in win rate (variant − as written), same games' });
}

export interface PreparedWhatIf {
  readonly key: string;
  readonly title: string;
  readonly body: JobBody;
  readonly experiment: { readonly file: string; readonly text: string; readonly id: string };
  readonly change: Change;
  readonly scenarioFile: string;
  readonly agents: readonly AgentChoice[];
  readonly seed: number | string;
}

export function prepareWhatIf(s: LabSettings, req: WhatIfRequest): PreparedWhatIf {
  const given = resolveRef(s.folder, req.file);
  const { loaded } = loadEntry(s.folder, given);
  if (!loaded) throw new InputError('request', [{ path: 'file', message: 'expected a scenario' }]);
  const scenarioFile = loaded.file;
  const games = checkNumber('games', req.games, { min: WHATIF_ROUND, max: 1e7, integer: true }) ?? 20_000;
  const seed = checkSeed(req.seed) ?? loaded.defaults.seed ?? 1;
  const agents = parseAgents(req.agents) ?? loaded.defaults.agents ?? loaded.system.defaultAgents.map((name) => ({ name, params: {} }));
  const change = changeOf(loadScenarioFile(scenarioFile), req.change);
  const experiment = whatIfExperiment(s.folder, scenarioFile, loaded, change, { games, seed, agents });
  // Built now, so a bad change is refused with the loader's own message before anything is queued.
  const { pf } = experimentPlan(experiment.file, { batchSize: WHATIF_BATCH }, experiment.text);
  const sides = loaded.compiled.sides;
  const body: JobBody = { run: (signal, emit) => playWhatIf(pf, sides, change, s.workers, signal, emit) };
  return { key: scenarioFile, title: `What if ${change.label}?`, body, experiment, change, scenarioFile, agents, seed };
}

async function playWhatIf(pf: PlanFile, sides: readonly string[], change: Change, workers: number | undefined, signal: AbortSignal, emit: (e: LabEvent) => void): Promise<'done' | 'stopped'> {
  const t0 = performance.now();
  let seq = 0;
  let answer: string | undefined;
  const total = pf.plan.games;
  const title = `What if ${change.label}? Paired change per side, 95% intervals`;
  const stop: StopRule = {
    roundGames: WHATIF_ROUND,
    done: (summaries, pairs) => {
      answer = answerOf(pairedSides(pairs[1], sides), summaries[1]?.games ?? 0);
      return answer !== undefined;
    },
  };
  const result = await runPlan(playedPlan(pf), {
    workers,
    batchSize: pf.batchSize,
    stop,
    planKey: pf.id,
    signal,
    onMerged: (_b, totals) => {
      const games = totals.summaries[1]?.games ?? 0;
      const p = pairedSides(totals.pairs[1], sides);
      emit({ type: 'whatif', seq: ++seq, games, total, elapsedMs: Math.round(performance.now() - t0), ...p, spec: forest(p, title) });
    },
  });
  if (result.interrupted) return 'stopped';
  const games = result.summaries[1]?.games ?? 0;
  const p = pairedSides(result.pairs[1], sides);
  const pts = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;
  const final =
    answer ??
    `Not answered in ${games.toLocaleString('en-US')} games per variant: no side's win rate moved beyond its 95% interval (${p.sides.map((x) => `${x.side} ${pts(x.lo)} to ${pts(x.hi)} points`).join('; ')}); any effect is smaller than that. Play more games, or save the experiment and run it longer.`;
  emit({ type: 'whatif', seq: ++seq, games, total, elapsedMs: Math.round(performance.now() - t0), ...p, answer: final, spec: forest(p, title) });
  return 'done';
}

/** Writes the what-if's experiment into the folder (a new name if taken) and checks that it loads. */
export function saveExperiment(folder: string, w: PreparedWhatIf, name?: string): string {
  const id = name ? slug(name) : w.experiment.id;
  let file = insideFolder(folder, join('experiments', `${id}.yaml`));
  for (let i = 2; existsSync(file); i++) file = insideFolder(folder, join('experiments', `${id}-${i}.yaml`));
  // The base path is relative to the file: written next to where it was planned.
  const text = w.experiment.text.replace(/^experiment: .*$/m, `experiment: ${basename(file, '.yaml')}`);
  loadExperimentFile(file, {}, text); // valid before it is written
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  loadExperimentFile(file);
  return file;
}

/** "Find the even value": the balance solver on the what-if's rules value, its report written as `salvo balance` writes it. */
export function prepareEven(s: LabSettings, w: PreparedWhatIf, req: EvenRequest): { key: string; title: string; body: JobBody } {
  if (!w.change.rulesPath || w.change.from === undefined) throw new InputError('request', [{ path: 'change', message: 'find the even value needs a numeric rules value (not an option or a unit)' }]);
  const lo = checkNumber('lo', req.lo, { min: -1e9, max: 1e9 });
  const hi = checkNumber('hi', req.hi, { min: -1e9, max: 1e9 });
  if (lo === undefined || hi === undefined || !(lo < hi)) throw new InputError('request', [{ path: 'range', message: `expected lo < hi, got ${req.lo}..${req.hi}` }]);
  const subject = loadSubject(w.scenarioFile, { seed: w.seed, agents: w.agents });
  const side = sideIndex(subject.sides, req.side, 'side');
  const path = `overrides.${w.change.rulesPath}`;
  const integer = Number.isInteger(lo) && Number.isInteger(hi) && Number.isInteger(w.change.from);
  const label = valueLabel(w.change.rulesPath, subject.loaded.data);
  const folder = realpathSync(s.folder);
  const body: JobBody = {
    async run(signal, emit) {
      const result = await solveBalance(subject, {
        path,
        label,
        lo,
        hi,
        integer,
        target: 0.5,
        side,
        firstGames: 500,
        maxGames: 8000,
        workers: s.workers,
        onProbe: (p) => {
          if (signal.aborted) throw new Error('stopped');
          emit({ type: 'probe', value: p.value, games: p.games, p: p.p, lo: p.lo, hi: p.hi, status: p.status });
        },
      });
      const agentText = subject.agents.map(formatAgentChoice).join(',');
      const command = `salvo balance ${subject.given} --set ${path} --range ${lo}..${hi} --target 0.5 --side "${subject.sides[side]}" --games 500 --max-games 8000 --seed ${subject.seed} --agents ${agentText}`;
      const confirm = `salvo run ${subject.given} --set ${path}=${result.value} --games 20000 --seed ${subject.seed} --agents ${agentText}`;
      const entry = subject.loaded.provenance.find((e) => e.path === w.change.rulesPath);
      const report = { result, subject, label, provenance: entry?.provenance.kind ?? 'scenario', current: w.change.from, command, confirm };
      const out = join(folder, 'reports', `balance-${basename(w.scenarioFile, extname(w.scenarioFile))}`);
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'report.html'), balanceHtml(report));
      writeFileSync(join(out, 'balance.json'), JSON.stringify(balanceJson(report), null, 2) + '\n');
      const spec = rateCurve(result.probes.map((p) => ({ ...p, status: p.status === 'consistent' ? 'consistent with the target' : p.status === 'above' ? 'above the target' : 'below the target' })), { x: 'value', xTitle: label, yTitle: `${result.sideName} win rate`, title: `${result.sideName} win rate against ${label} (95% intervals, same dice at every value)`, target: 0.5 });
      emit({ type: 'even', message: result.message, value: result.value, found: result.found, confirm, spec });
      const rel = relative(folder, out).split(/[\\/]/).map(encodeURIComponent).join('/');
      emit({ type: 'report', url: `/files/${rel}/report.html`, dir: out, verdict: [result.message] });
      return 'done';
    },
  };
  return { key: w.scenarioFile, title: `Even value of ${label} for ${subject.sides[side]} (${lo}..${hi})`, body };
}
