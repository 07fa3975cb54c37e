/**
 * Play: a scenario (or an experiment) played on the worker pool as `salvo run` (`salvo experiment`)
 * plays it, through the same plan and src/app/execute.ts, with a live view after every merged
 * batch: the verdict sentences and the charts of the report, computed from the totals so far with
 * the report's own analysis and Vega-Lite builders. Stop writes the checkpoint, resume continues
 * from it (as `--resume`); the finished run's report is written where `salvo run` writes it.
 */
import { join, relative } from 'node:path';
import { realpathSync } from 'node:fs';
import type { TopLevelSpec } from 'vega-lite';
import { parseAgentChoice, type AgentChoice } from '../core/agent.ts';
import { InputError } from '../core/errors.ts';
import { analyzePlan, type VariantInfo } from '../analysis/analyze.ts';
import { shapeSentences } from '../analysis/shape.ts';
import { describeScenario, executePlan, type PlanContext } from '../app/execute.ts';
import { experimentPlan, scenarioPlan, type PlanFile } from '../app/plan-file.ts';
import { reportedResult } from '../app/sequential.ts';
import { histogram, rateBars } from '../report/charts.ts';
import type { ReportInput } from '../report/run-report.ts';
import { verdictLines } from '../report/verdict-lines.ts';
import { variantName } from '../answers/verdict.ts';
import type { LoadedScenario } from '../scenario/load.ts';
import type { PlanResult } from '../run/pool.ts';
import type { Totals } from '../run/summary.ts';
import { readSourceFile } from '../scenario/yaml-file.ts';
import type { JobBody } from './jobs.ts';
import type { LabEvent, PlayRequest } from './api.ts';
import { resolveRef } from './scenarios.ts';
import { checkNumber, checkSeed } from './inputs.ts';

export interface LabSettings {
  readonly folder: string;
  /** Worker threads of each run (default: every core). */
  readonly workers?: number;
}

/** Games a batch plays in the lab: small enough for a live view of about 20 updates a run. */
export function liveBatchSize(games: number): number {
  return Math.max(50, Math.min(500, Math.floor(games / 20 / 50) * 50));
}

export function parseAgents(list: readonly string[] | undefined): AgentChoice[] | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.length === 0 || list.length > 16) throw new InputError('request', [{ path: 'agents', message: 'expected one agent per side' }]);
  return list.map((a, i) => {
    if (typeof a !== 'string' || a.length > 200) throw new InputError('request', [{ path: `agents.${i}`, message: 'expected an agent name, e.g. marksman or mcts:iterations=200' }]);
    try {
      return parseAgentChoice(a);
    } catch (e) {
      throw new InputError('request', [{ path: `agents.${i}`, message: e instanceof Error ? e.message : String(e) }]);
    }
  });
}

function variantInfos(variants: readonly LoadedScenario[]): VariantInfo[] {
  return variants.map((l) => ({ sides: l.compiled.sides, layout: l.compiled.metrics, lengthUnit: l.system.info.lengthUnit, lead: l.compiled.lead }));
}

/** The report's input for the totals so far (its verdict sentences and charts are those of the report). */
function liveReport(pf: PlanFile, ctx: PlanContext, totals: Totals, elapsedMs: number): ReportInput {
  const v = pf.plan.variants.length;
  const raw: PlanResult = { plan: pf.plan, summaries: totals.summaries, pairs: totals.pairs, games: totals.summaries[0]?.games ?? 0, workers: 0, batchSize: pf.batchSize, elapsedMs, stoppedEarly: false, interrupted: false, merged: new Set() };
  const result = reportedResult(pf, raw);
  const analysis = analyzePlan({ ...result, summaries: result.summaries.slice(0, v), pairs: result.pairs.slice(0, v) }, variantInfos(ctx.variants), pf.report.matrix, pf.report.compare);
  return { title: pf.report.title, kind: pf.plan.kind, analysis, result, scenario: describeScenario(ctx.base, pf.report.scenarioFile), command: pf.report.command, versions: {}, ...(pf.report.compare ? { compare: pf.report.compare } : {}) };
}

/** The live charts: who won (a run) or side A by variant (an experiment), and the shape of a game. */
export function liveSpecs(input: ReportInput): Record<string, TopLevelSpec> {
  const specs: Record<string, TopLevelSpec> = {};
  const vs = input.analysis.variants;
  if (vs.length > 1) {
    const side0 = vs[0].sides[0] ?? 'A';
    specs.variants = rateBars(vs.map((x) => ({ variant: variantName(x), p: x.outcomes[0].p, lo: x.outcomes[0].lo, hi: x.outcomes[0].hi })), { category: 'variant', value: 'p', lo: 'lo', hi: 'hi', title: `${side0} win rate by variant`, xTitle: `${side0} win rate`, percent: true });
    return specs;
  }
  const v = vs[0];
  specs.outcomes = rateBars(v.outcomes.map((o) => ({ ...o })), { category: 'outcome', value: 'p', lo: 'lo', hi: 'hi', title: 'Who won', xTitle: 'share of games', percent: true });
  const a = v.shape;
  if (a) {
    if (a.leadChangesHistogram.length) specs.leadChanges = histogram(a.leadChangesHistogram, { value: 'changes', count: 'share', title: 'Lead changes per game', xTitle: 'times the side ahead changed', width: 420, height: 140, integer: true });
    if (a.ledFromHistogram.length) specs.ledFrom = histogram(a.ledFromHistogram, { value: 'turn', count: 'share', title: 'The winner led for good from', xTitle: a.turnUnit.replace(/s$/, ''), width: 420, height: 140, integer: true });
    if (a.comebackCurve.length) specs.comebacks = histogram(a.comebackCurve, { value: 'deficit', count: 'share', title: 'Comebacks: the winner had trailed by at least…', xTitle: a.unit, width: 420, height: 140, yTitle: 'of decided games' });
  }
  return specs;
}

function isExperiment(file: string): boolean {
  const d = readSourceFile(file).data;
  return typeof d === 'object' && d !== null && 'experiment' in d && 'base' in d;
}

export interface PreparedPlay {
  readonly key: string;
  readonly title: string;
  readonly body: JobBody;
}

/** Checks a play request and builds its plan (before anything is queued: bad input is refused at once). */
export function preparePlay(s: LabSettings, req: PlayRequest): PreparedPlay {
  const file = resolveRef(s.folder, req.file);
  const games = checkNumber('games', req.games, { min: 1, max: 1e9, integer: true });
  const precision = checkNumber('precision', req.precision, { min: 1e-4, max: 0.5 });
  const seed = checkSeed(req.seed);
  const agents = parseAgents(req.agents);
  const cap = games ?? (precision ? 100_000 : undefined);
  let pf: PlanFile;
  let ctx: PlanContext;
  if (isExperiment(file)) {
    if (agents) throw new InputError('request', [{ path: 'agents', message: 'an experiment names its agents in its file' }]);
    const planned = experimentPlan(file, { games: cap, seed, targetHalfWidth: precision, batchSize: liveBatchSize(cap ?? 2000) });
    pf = planned.pf;
    ctx = { base: planned.base, variants: planned.variants };
  } else {
    const first = scenarioPlan(file, { games: cap, seed, agents, targetHalfWidth: precision });
    const planned = scenarioPlan(file, { games: cap, seed, agents, targetHalfWidth: precision, batchSize: liveBatchSize(first.pf.plan.games) });
    pf = planned.pf;
    ctx = { base: planned.loaded, variants: [planned.loaded] };
  }
  const out = join(realpathSync(s.folder), 'reports', file.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|json)$/i, ''));
  let started = false;
  const body: JobBody = {
    async run(signal, emit) {
      const t0 = performance.now();
      let seq = 0;
      const total = pf.plan.games;
      const onBatch = (totals: Totals) => {
        const input = liveReport(pf, ctx, totals, performance.now() - t0);
        const v = input.analysis.variants[0];
        const e: LabEvent = { type: 'play', seq: ++seq, games: input.result.games, total, elapsedMs: Math.round(performance.now() - t0), verdict: verdictLines(input), shape: v.shape ? shapeSentences(v.shape) : [], specs: liveSpecs(input) };
        emit(e);
      };
      const resume = started;
      started = true;
      const outcome = await executePlan(pf, { workers: s.workers, out, resume, signal, onBatch }, ctx);
      if (outcome.interrupted) return 'stopped';
      const dir = outcome.written?.dir ?? out;
      const rel = relative(realpathSync(s.folder), dir).split(/[\\/]/).map(encodeURIComponent).join('/');
      emit({ type: 'report', url: `/files/${rel}/report.html`, dir, verdict: verdictLines(outcome.report) });
      return 'done';
    },
  };
  const title = `${pf.report.title}: ${pf.plan.kind === 'run' ? `${pf.plan.variants[0].agents.map((a) => a.name).join(' vs ')}, ` : ''}${precision ? `to ±${precision * 100} points` : `${pf.plan.games.toLocaleString('en-US')} games`}, seed ${pf.plan.seed}`;
  return { key: file, title, body };
}
