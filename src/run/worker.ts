/**
 * piscina worker entry: one batch of games per task; the plan's systems loaded with its first task
 * (only those: a Panzer Vor! shard never loads the other systems) and its scenarios compiled once.
 * A `rulesOf` task loads systems and returns their rules-data hash (a shard's main thread checks a
 * plan's versions with it, never loading the systems itself).
 *
 * Once this module is evaluated (everything it imports is loaded), it posts WORKER_READY with its
 * thread id: the pool is not destroyed before every thread has (pool.ts).
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { loadSystems, loadSystemsByRequire } from '../systems/index.ts';
import { playBatchLoaded, type BatchResult } from './batch.ts';
import type { BatchTask } from './plan.ts';
import { rulesHash } from './rules-hash.ts';
import { isPoolThread, WORKER_READY } from './thread.ts';
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

// Only in a thread a BatchPool started (this module is also imported inline, in any thread).
if (parentPort && isPoolThread(workerData)) {
  if (workerData.salvoWorker.sources) loadSystemsByRequire();
  parentPort.postMessage({ [WORKER_READY]: threadId });
}
