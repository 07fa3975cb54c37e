/** piscina worker entry: one batch of games per task; scenarios compiled once per worker. */
import { playBatch, type BatchResult } from './batch.ts';
import type { BatchTask } from './plan.ts';

export default function run(task: BatchTask): BatchResult {
  return playBatch(task);
}
