/** piscina worker entry: one batch of games per task; scenarios compiled once per worker. */
import { playBatch, type BatchResult } from './batch.ts';
import type { BatchTask } from './plan.ts';
import type { GameWatch } from './watchdog.ts';

/** A task, with the watchdog slot its games report to when the pool watches them. */
export interface WorkerTask {
  readonly task: BatchTask;
  readonly watch?: GameWatch;
}

export default function run({ task, watch }: WorkerTask): BatchResult {
  return playBatch(task, watch);
}
