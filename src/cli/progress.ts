/** A progress bar on stderr for long runs (only on a terminal, never mixed into --json output). */
import { createRequire } from 'node:module';
import type * as CliProgress from 'cli-progress';

export function progressBar(enabled: boolean): { update: (done: number, total: number) => void; stop: () => void } {
  if (!enabled || !process.stderr.isTTY) return { update: () => {}, stop: () => {} };
  // Loaded only for a bar on a terminal (a shard under a scheduler, --no-progress or --json never needs it).
  const cliProgress: typeof CliProgress = createRequire(import.meta.url)('cli-progress');
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'games {bar} {percentage}% | {value}/{total} | {eta_formatted} left', hideCursor: true, etaBuffer: 20 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
