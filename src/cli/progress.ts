/**
 * A progress bar on stderr for long commands (only on a terminal, never mixed into --json output):
 * `games ██████░░░░  61% | 12,200/20,000 | pass 2 of 2 | 8s left`, drawn by cli-progress (a MultiBar
 * of one bar, for its `log()`: lines logged while the bar is up, a balance probe's result, print
 * above it). The text is ours (`format` as a function, `barLine`): the time left is shown only once it
 * is known (some games done and a second elapsed) and counts the games played since `from` (a
 * resumed run), never cli-progress's own ETA, which reads "0s" before the first update.
 *
 * Options chosen for how salvo stops: a second Ctrl-C exits at once without `stop()`, so the bar
 * never hides the cursor (`hideCursor: false`) nor turns off line wrapping (`linewrap: true`: the
 * library then trims the line to the terminal width instead). `clearOnComplete` erases the bar on
 * `stop()`, so nothing of it stays above the summary. Two known gaps of `MultiBar.log()` are closed
 * here: logged lines wait for the next redraw tick (lost if `stop()` comes first, cli-progress issue
 * #145), so `log()` flushes at once; and an unchanged bar is not redrawn under a logged line (#48),
 * so `forceRedraw` is on.
 */
import { createRequire } from 'node:module';
import type * as CliProgress from 'cli-progress';
import type { Work } from '../run/pool.ts';

export interface ProgressBar {
  /**
   * Games done of the total (the total may change, e.g. when a second pass is sized), and, when
   * the caller knows it, the same in estimated cost (`work`): the time left is then reckoned from
   * it, not from the games (a skill check's games cost many games each, and come first).
   */
  update(done: number, total: number, work?: Work): void;
  /** Games already done when the bar starts (a resumed run): the time left counts only games played since. */
  from(done: number): void;
  /** A short note after the counts ('pass 2 of 2', 'probe 9'). */
  note(text: string): void;
  /** A line printed above the bar. */
  log(line: string): void;
  stop(): void;
}

/** Time left, once a rate is known: a game played since the start (`from` games were done before) and a second elapsed; else null. */
export function timeLeft(done: number, total: number, elapsedMs: number, from = 0): number | null {
  if (done <= from || elapsedMs < 1000 || total < done) return null;
  return ((total - done) * elapsedMs) / (done - from);
}

/** "45s", "3m 05s", "1h 02m". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** The bar's text for a state (pure: the tests read it). With `work`, the time left is its (the games' count stays). */
export function barLine(s: { done: number; total: number; elapsedMs: number; from?: number; note?: string; unit?: string; work?: Work }, width = 24): string {
  const frac = s.total > 0 ? Math.min(1, s.done / s.total) : 0;
  const full = Math.round(frac * width);
  const left = s.work ? timeLeft(s.work.done, s.work.total, s.elapsedMs, s.work.from) : timeLeft(s.done, s.total, s.elapsedMs, s.from);
  const parts = [
    `${s.unit ?? 'games'} ${'█'.repeat(full)}${'░'.repeat(width - full)} ${String(Math.floor(frac * 100)).padStart(3)}%`,
    `${s.done.toLocaleString('en-US')}/${s.total.toLocaleString('en-US')}`,
    ...(s.note ? [s.note] : []),
    ...(left === null ? [] : [`${durationText(left)} left`]),
  ];
  return parts.join(' | ');
}

const NONE: ProgressBar = { update: () => {}, from: () => {}, note: () => {}, log: () => {}, stop: () => {} };

/** What the bar writes to: a terminal (tests pass a fake one). cli-progress moves the cursor with node:readline, which writes escape codes to it. */
export type BarStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/**
 * A bar on stderr when `enabled` and stderr is a terminal (the clock starts now); off a terminal
 * only the logged lines are written, and nothing at all when not `enabled` (--json, --no-progress).
 * `now` is the clock and `stream` the terminal (tests pass their own). The bar appears at the first
 * `update` and is redrawn ten times a second; `stop()` erases it (a later `update` draws it again).
 */
export function progressBar(enabled: boolean, o: { unit?: string; stream?: BarStream; now?: () => number } = {}): ProgressBar {
  const stream = o.stream ?? process.stderr;
  if (!enabled) return NONE;
  if (!stream.isTTY) return { ...NONE, log: (line) => void stream.write(line + '\n') };
  // Loaded only for a bar on a terminal (a shard under a scheduler, --no-progress or --json never needs it).
  const cliProgress: typeof CliProgress = createRequire(import.meta.url)('cli-progress');
  const now = o.now ?? (() => performance.now());
  let start = now();
  // Elapsed time at the last update: a redraw between two updates (ten a second) keeps the same
  // estimate instead of one that grows until the next batch lands.
  let elapsed = 0;
  let from = 0;
  let done = 0;
  let total = 0;
  let note: string | undefined;
  let work: Work | undefined;
  let multi: CliProgress.MultiBar | undefined;
  let bar: CliProgress.SingleBar | undefined;
  const format = (_: CliProgress.Options, p: CliProgress.Params): string =>
    barLine({ done: p.value, total: p.total, elapsedMs: elapsed, from, note, unit: o.unit, work }, Math.max(10, Math.min(24, p.maxWidth - 60)));
  const shown = (): CliProgress.SingleBar => {
    if (multi && bar) return bar;
    multi = new cliProgress.MultiBar({
      stream,
      format,
      fps: 10,
      hideCursor: false,
      linewrap: true,
      clearOnComplete: true,
      forceRedraw: true,
      noTTYOutput: false,
    });
    return (bar = multi.create(total, done));
  };
  return {
    update: (d, tot, w) => {
      done = d;
      total = tot;
      work = w;
      elapsed = now() - start;
      const b = shown();
      b.setTotal(tot);
      b.update(d);
    },
    from: (d) => {
      from = d;
      done = Math.max(done, d);
      start = now();
      elapsed = 0;
    },
    note: (text) => {
      note = text;
      multi?.update();
    },
    log: (line) => {
      if (!multi) return void stream.write(line + '\n');
      multi.log(line + '\n');
      multi.update();
    },
    stop: () => {
      multi?.stop();
      multi = bar = undefined;
    },
  };
}
