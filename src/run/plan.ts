/**
 * A run plan is pure data: which scenario variants to play, with which agents, how many games,
 * from which seed. A plain `salvo run` is a plan with one variant; an experiment has many,
 * played on common random numbers (game g of every variant uses the streams of (seed, g)).
 * Every variant carries its validated scenario document inline: a worker (on this machine or
 * another) never reads a scenario file.
 */
import type { AgentChoice } from '../core/agent.ts';

export interface VariantSpec {
  readonly name: string;
  readonly label: string;
  readonly tags: Readonly<Record<string, string>>;
  /** The scenario file the document came from, for messages only (never read by workers). */
  readonly file: string;
  /** The validated scenario document (for an experiment: the base scenario patched). */
  readonly doc: unknown;
  /** One agent per side. */
  readonly agents: readonly AgentChoice[];
  /**
   * Plays only game indices below this (a skill check replays the first games of a run with other
   * agents: src/answers/skill-check.ts). Absent: every game of the plan.
   */
  readonly games?: number;
}

/** Games of [start, start + count) a variant plays (all of them unless it stops at its `games`). */
export function variantGames(v: Pick<VariantSpec, 'games'>, start: number, count: number): number {
  return v.games === undefined ? count : Math.max(0, Math.min(count, v.games - start));
}

export interface RunPlan {
  readonly kind: 'run' | 'experiment';
  readonly id: string;
  readonly name: string;
  readonly seed: number | string;
  /** Games per variant. */
  readonly games: number;
  readonly variants: readonly VariantSpec[];
  /** Index of the baseline variant for paired comparisons, or -1. */
  readonly baseline: number;
  /**
   * Variants come in groups of this many (the same experiment replayed under other agent
   * pairings): variant v is paired with the baseline of its own group, variant
   * floor(v / groupSize) * groupSize + baseline. Absent: one group.
   */
  readonly groupSize?: number;
}

/** A contiguous range of game indices, played for every variant of the plan. */
export interface BatchTask {
  /** Names the plan's variants in a worker's cache (the plan identity when there is one). */
  readonly planKey: string;
  readonly variants: readonly VariantSpec[];
  readonly baseline: number;
  /** See RunPlan.groupSize. */
  readonly groupSize?: number;
  readonly seed: number | string;
  readonly start: number;
  readonly count: number;
}

/** One batch of a plan: game indices [start, start + count) of every variant, in stopping round `round`. */
export interface BatchRef {
  readonly start: number;
  readonly count: number;
  readonly round: number;
}

/** Fixed chunking: the same plan always splits the same way, whatever the worker count. */
export function chunk(start: number, games: number, batchSize: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let g = start; g < start + games; g += batchSize) out.push([g, Math.min(batchSize, start + games - g)]);
  return out;
}

/**
 * Batches the first games of a plan are cut into when a group of its variants plays only those
 * (a skill check: `mcts` on every side, each game costing several of the run's): cut that fine,
 * the check's games spread over up to this many workers instead of riding in the first batch.
 */
export const HEAVY_BATCHES = 32;

/** Game indices below which some variant stops (its `games`, the largest such): 0 when every variant plays every game. */
export function heavyGamesOf(plan: Pick<RunPlan, 'games' | 'variants'>): number {
  let until = 0;
  for (const v of plan.variants) if (v.games !== undefined && v.games < plan.games) until = Math.max(until, v.games);
  return until;
}

/**
 * Every batch of a plan, in order. Without a stopping rule there is one round of all games; with
 * one, rounds of `roundGames` games each (cut into batches that never straddle a round), so the
 * stop point depends only on the plan. Games below `heavyGames` (heavyGamesOf) are cut into
 * batches of ceil(heavyGames / HEAVY_BATCHES) games (at most `batchSize`), and a batch never
 * straddles `heavyGames`. A game's result never depends on its batch, so only the spread over the
 * workers changes.
 */
export function planBatches(games: number, batchSize: number, roundGames?: number, heavyGames = 0): BatchRef[] {
  const round = roundGames ?? games;
  const fine = Math.min(batchSize, Math.max(1, Math.ceil(heavyGames / HEAVY_BATCHES)));
  const out: BatchRef[] = [];
  for (let r = 0, s = 0; s < games; r++, s += round) {
    const end = Math.min(s + round, games);
    const split = Math.min(end, Math.max(s, heavyGames));
    for (const [start, count] of [...chunk(s, split - s, fine), ...chunk(split, end - split, batchSize)]) out.push({ start, count, round: r });
  }
  return out;
}

/** FNV-1a of a text, in hex (local keys and fingerprints, not a cryptographic hash). */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

/** Cache key of a plan's variants, for in-process runs without a plan file (FNV-1a, local only). */
export function planKey(plan: RunPlan): string {
  const text = JSON.stringify(plan.variants);
  return `${plan.id}:${fnv1a(text)}:${text.length}`;
}
