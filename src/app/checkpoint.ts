/**
 * The checkpoint of a run on one machine: which batches are merged and their merged summaries,
 * written atomically into the output folder as the run goes. `--resume` continues from it to the
 * result an uninterrupted run gives (summaries are integer sums, merged exactly in any order).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../scenario/errors.ts';
import type { Totals } from '../run/summary.ts';
import { legacyLayoutOf, planLayoutOf } from './played-plan.ts';
import type { PlanFile } from './plan-file.ts';
import type { StopCheck } from './sequential.ts';
import { CHECKPOINT_FILE, writeFileAtomic } from './output.ts';

interface CheckpointFile {
  readonly format: 'salvo-checkpoint';
  readonly plan: string;
  readonly merged: number[];
  /** The batches `merged` names (planLayoutOf; absent in checkpoints written before 28 Nov 2026, the cut then had no fine skill-check batches). */
  readonly layout?: string;
  readonly totals: Totals;
  /** Checks of the stopping rule made so far (a resumed GSPRT replays them). */
  readonly checks?: StopCheck[];
}

export function checkpointPath(dir: string): string {
  return join(dir, CHECKPOINT_FILE);
}

export function readCheckpoint(dir: string, pf: PlanFile): { merged: Set<number>; totals: Totals; checks: StopCheck[] } | undefined {
  const path = checkpointPath(dir);
  if (!existsSync(path)) return undefined;
  let c: CheckpointFile;
  try {
    c = JSON.parse(readFileSync(path, 'utf8')) as CheckpointFile;
  } catch {
    throw new InputError(path, [{ path: '', message: 'unreadable checkpoint (not JSON); remove it to start over' }]);
  }
  if (c?.format !== 'salvo-checkpoint' || !Array.isArray(c.merged) || !c.totals) throw new InputError(path, [{ path: 'format', message: 'expected a salvo checkpoint' }]);
  if (c.plan !== pf.id) throw new InputError(path, [{ path: 'plan', message: `the checkpoint belongs to another plan (${c.plan.slice(0, 12)}…, this run is ${pf.id.slice(0, 12)}…): resume with the same command, or run without --resume to start over` }]);
  const layout = c.layout ?? legacyLayoutOf(pf);
  if (layout !== planLayoutOf(pf)) throw new InputError(path, [{ path: 'layout', message: "the checkpoint's batches were cut another way (an older salvo): remove it (or use another --out) and run again to start over" }]);
  return { merged: new Set(c.merged), totals: c.totals, checks: Array.isArray(c.checks) ? c.checks : [] };
}

/** Writes checkpoints at most every `intervalMs` (and always on flush). */
export class CheckpointWriter {
  private last = 0;
  private pending: { merged: ReadonlySet<number>; totals: Totals; checks: readonly StopCheck[] } | undefined;
  private readonly layout: string;
  constructor(
    private readonly dir: string,
    private readonly pf: PlanFile,
    private readonly intervalMs = 500,
  ) {
    this.layout = planLayoutOf(pf);
  }
  offer(merged: ReadonlySet<number>, totals: Totals, checks: readonly StopCheck[] = []): void {
    this.pending = { merged, totals, checks };
    const now = performance.now();
    if (now - this.last >= this.intervalMs) this.flush();
  }
  flush(): void {
    if (!this.pending) return;
    const c: CheckpointFile = { format: 'salvo-checkpoint', plan: this.pf.id, merged: [...this.pending.merged].sort((a, b) => a - b), layout: this.layout, totals: this.pending.totals, ...(this.pending.checks.length ? { checks: [...this.pending.checks] } : {}) };
    writeFileAtomic(checkpointPath(this.dir), JSON.stringify(c));
    this.pending = undefined;
    this.last = performance.now();
  }
}
