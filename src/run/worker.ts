/**
 * piscina worker entry: one batch of games per task; the plan's systems loaded with its first task
 * (only those: a Panzer Vor! shard never loads the other systems) and its scenarios compiled once.
 * A `rulesOf` task loads systems and returns their rules-data hash (a shard's main thread checks a
 * plan's versions with it, never loading the systems itself).
 */
import { rulesHash } from '../app/version.ts';
import { loadSystems } from '../systems/index.ts';
import { playBatchLoaded, type BatchResult } from './batch.ts';
import type { BatchTask } from './plan.ts';
import type { GameWatch } from './watchdog.ts';

/** A task, with the watchdog slot its games report to when the pool watches them. */
export interface WorkerTask {
  readonly task: BatchTask;
  readonly watch?: GameWatch;
}

/** Loads these systems and returns rulesHash of them. */
export interface RulesTask {
  readonly rulesOf: readonly string[];
}

export async function rulesHere(systemIds: readonly string[]): Promise<string> {
  await loadSystems(systemIds);
  return rulesHash(systemIds);
}

export default function run(t: WorkerTask | RulesTask): BatchResult | Promise<BatchResult> | Promise<string> {
  if ('rulesOf' in t) return rulesHere(t.rulesOf);
  return playBatchLoaded(t.task, t.watch);
}
