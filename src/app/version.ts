/** The versions a run depends on: salvo's own, the stream format, and a hash of the rules data. */
import { readFileSync } from 'node:fs';
import { STREAM_FORMAT } from '../core/rng/streams.ts';
import { rulesHash } from '../run/rules-hash.ts';

let cached: string | undefined;

export function salvoVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cached;
}

export interface PlanVersions {
  readonly salvo: string;
  readonly streams: number;
  /** rulesHash of the systems the plan plays. */
  readonly rules: string;
}

export function planVersions(systemIds: readonly string[]): PlanVersions {
  return { salvo: salvoVersion(), streams: STREAM_FORMAT, rules: rulesHash(systemIds) };
}

/**
 * Why a plan or partial made elsewhere cannot be played or merged here, or null: `rules` is the
 * rules-data hash here (rulesHash of the plan's systems), or their ids to hash in this thread.
 */
export function versionMismatch(theirs: PlanVersions, rules: string | readonly string[]): string | null {
  const mine = { salvo: salvoVersion(), streams: STREAM_FORMAT, rules: typeof rules === 'string' ? rules : rulesHash(rules) };
  if (theirs.salvo !== mine.salvo) return `made by salvo ${theirs.salvo}, this is salvo ${mine.salvo}`;
  if (theirs.streams !== mine.streams) return `made with stream format ${theirs.streams}, this salvo uses format ${mine.streams}`;
  if (theirs.rules !== mine.rules) return `made with different rules data (hash ${theirs.rules.slice(0, 12)}…, here ${mine.rules.slice(0, 12)}…)`;
  return null;
}
