/**
 * piscina worker entry: one batch of games per task; the plan's systems loaded with its first task
 * (only those: a Panzer Vor! shard never loads the other systems) and its scenarios compiled once.
 */
import { playBatchLoaded, type BatchResult } from './batch.ts';
import type { BatchTask } from './plan.ts';
import type { GameWatch } from './watchdog.ts';

/** A task, with the watchdog slot its games report to when the pool watches them. */
export interface WorkerTask {
  readonly task: BatchTask;
  readonly watch?: GameWatch;
}

export default function run({ task, watch }: WorkerTask): BatchResult | Promise<BatchResult> {
  return playBatchLoaded(task, watch);
}
