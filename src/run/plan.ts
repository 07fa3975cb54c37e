/**
 * A run plan is pure data: which scenario variants to play, with which agents, how many games,
 * from which seed. A plain `salvo run` is a plan with one variant; an experiment has many,
 * played on common random numbers (game g of every variant uses the streams of (seed, g)).
 */
import type { AgentChoice } from '../core/agent.ts';

export interface VariantSpec {
  readonly name: string;
  readonly label: string;
  readonly tags: Readonly<Record<string, string>>;
  /** The scenario file (absolute), for messages and relative references. */
  readonly file: string;
  /** A patched scenario document; absent = load `file` as it is. */
  readonly doc?: unknown;
  /** One agent per side. */
  readonly agents: readonly AgentChoice[];
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
}

/** A contiguous range of game indices, played for every variant of the plan. */
export interface BatchTask {
  readonly planKey: string;
  readonly variants: readonly VariantSpec[];
  readonly baseline: number;
  readonly seed: number | string;
  readonly start: number;
  readonly count: number;
}

/** Fixed chunking: the same plan always splits the same way, whatever the worker count. */
export function chunk(start: number, games: number, batchSize: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let g = start; g < start + games; g += batchSize) out.push([g, Math.min(batchSize, start + games - g)]);
  return out;
}

/** Cache key of a plan's variants (workers compile each variant once). */
export function planKey(plan: RunPlan): string {
  let h = 0x811c9dc5;
  const text = JSON.stringify(plan.variants);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${plan.id}:${(h >>> 0).toString(16)}:${text.length}`;
}
