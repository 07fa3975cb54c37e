/**
 * Plays several versions of one subject (each a list of `--set` edits) on common random numbers:
 * game g of every version uses the streams of (seed, g), so differences between versions are
 * measured game by game. Version 0 is the reference every other version is paired with.
 */
import type { AgentChoice } from '../core/agent.ts';
import type { RunPlan, VariantSpec } from '../run/plan.ts';
import { runPlan, type RunOptions } from '../run/pool.ts';
import type { PairTable } from '../run/summary.ts';
import { wilson } from '../analysis/intervals.ts';
import { compileWithSets } from './sets.ts';
import type { SetEdit } from '../scenario/sets.ts';
import type { Subject } from './subject.ts';

export interface Version {
  readonly name: string;
  readonly sets: readonly SetEdit[];
  /** Agents for this version (default: the subject's). */
  readonly agents?: readonly AgentChoice[];
}

export interface VersionResult {
  readonly name: string;
  readonly games: number;
  readonly wins: readonly number[];
  readonly draws: number;
  /** Paired outcome table against version 0 (codes: 0 side 0 won, 1 draw, 2 side 0 lost). */
  readonly pairs: PairTable;
}

export interface ProbeOptions extends Pick<RunOptions, 'workers' | 'batchSize' | 'onProgress'> {
  readonly games: number;
}

/** Builds the variant specs first (every edit checked in this thread), then plays them. */
export function versionSpecs(subject: Subject, versions: readonly Version[]): VariantSpec[] {
  return versions.map((v) => {
    const { doc } = compileWithSets(subject, v.sets);
    return { name: v.name, label: v.name, tags: {}, file: subject.file, doc, agents: v.agents ?? subject.agents };
  });
}

export async function playVersions(subject: Subject, versions: readonly Version[], opts: ProbeOptions, specs = versionSpecs(subject, versions)): Promise<VersionResult[]> {
  const plan: RunPlan = { kind: 'experiment', id: subject.loaded.input.id, name: subject.loaded.input.name, seed: subject.seed, games: opts.games, variants: specs, baseline: specs.length > 1 ? 0 : -1 };
  const r = await runPlan(plan, { workers: opts.workers, batchSize: opts.batchSize ?? Math.min(500, Math.max(50, Math.ceil(opts.games / 4))), onProgress: opts.onProgress });
  return specs.map((s, i) => ({ name: s.name, games: r.summaries[i].games, wins: r.summaries[i].wins, draws: r.summaries[i].draws, pairs: r.pairs[i] }));
}

/** Games whose outcome (win, draw, loss) differs between the version and the reference: the table's off-diagonal. */
export function changedGames(t: PairTable): number {
  let n = 0;
  for (let b = 0; b < 3; b++) for (let v = 0; v < 3; v++) if (b !== v) n += t[b][v];
  return n;
}

/** The pair-table code that means "side s won" in a two-sided game (draw = 1). */
export function winCode(side: number): number {
  return side === 0 ? 0 : 2;
}

/** What a comparison measures: a side's win rate, or the draw rate. */
export type Measure = { kind: 'win'; side: number } | { kind: 'draw' };

export function measureCode(m: Measure): number {
  return m.kind === 'draw' ? 1 : winCode(m.side);
}

/** Rate of a measure in a version, with its Wilson interval. */
export function measureRate(r: Pick<VersionResult, 'wins' | 'draws' | 'games'>, m: Measure): { k: number; n: number; p: number; lo: number; hi: number } {
  const k = m.kind === 'draw' ? r.draws : r.wins[m.side];
  const [lo, hi] = wilson(k, r.games);
  return { k, n: r.games, p: r.games ? k / r.games : NaN, lo, hi };
}
