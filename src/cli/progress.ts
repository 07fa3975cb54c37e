/**
 * A progress bar on stderr for long commands (only on a terminal, never mixed into --json output):
 * `games ██████░░░░  61% | 12,200/20,000 | pass 2 of 2 | 8s left`. The time left is shown only once
 * it is known (some games done and a second elapsed), never a guess of "0s" at the start. Lines
 * logged while the bar is up (a balance probe's result) are printed above it.
 */

export interface ProgressBar {
  /** Games done of the total (the total may change, e.g. when a second pass is sized). */
  update(done: number, total: number): void;
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

/** The bar's text for a state (pure: the tests read it). */
export function barLine(s: { done: number; total: number; elapsedMs: number; from?: number; note?: string; unit?: string }, width = 24): string {
  const frac = s.total > 0 ? Math.min(1, s.done / s.total) : 0;
  const full = Math.round(frac * width);
  const left = timeLeft(s.done, s.total, s.elapsedMs, s.from);
  const parts = [
    `${s.unit ?? 'games'} ${'█'.repeat(full)}${'░'.repeat(width - full)} ${String(Math.floor(frac * 100)).padStart(3)}%`,
    `${s.done.toLocaleString('en-US')}/${s.total.toLocaleString('en-US')}`,
    ...(s.note ? [s.note] : []),
    ...(left === null ? [] : [`${durationText(left)} left`]),
  ];
  return parts.join(' | ');
}

const NONE: ProgressBar = { update: () => {}, from: () => {}, note: () => {}, log: () => {}, stop: () => {} };

/**
 * A bar on stderr when `enabled` and stderr is a terminal (the clock starts now); off a terminal
 * only the logged lines are written, and nothing at all when not `enabled` (--json, --no-progress).
 * `now` is the clock and `stream` the terminal (tests pass their own).
 */
export function progressBar(enabled: boolean, o: { unit?: string; stream?: Pick<NodeJS.WriteStream, 'write' | 'isTTY' | 'columns'>; now?: () => number } = {}): ProgressBar {
  const stream = o.stream ?? process.stderr;
  if (!enabled) return NONE;
  if (!stream.isTTY) return { ...NONE, log: (line) => void stream.write(line + '\n') };
  const now = o.now ?? (() => performance.now());
  let start = now();
  let from = 0;
  let started = false;
  let done = 0;
  let total = 0;
  let note: string | undefined;
  let shown = false;
  let lastDraw = -Infinity;
  const draw = (force: boolean): void => {
    const t = now();
    if (!force && t - lastDraw < 100) return;
    lastDraw = t;
    const width = Math.max(10, Math.min(24, (stream.columns ?? 80) - 60));
    stream.write(`\r\x1b[K${barLine({ done, total, elapsedMs: t - start, from, note, unit: o.unit }, width)}`);
    shown = true;
  };
  const clear = (): void => {
    if (shown) stream.write('\r\x1b[K');
    shown = false;
  };
  return {
    update(d, tot) {
      started = true;
      done = d;
      total = tot;
      draw(d >= tot);
    },
    from(d) {
      from = d;
      done = Math.max(done, d);
      start = now();
    },
    note(text) {
      note = text;
      if (started) draw(true);
    },
    log(line) {
      clear();
      stream.write(line + '\n');
      if (started) draw(true);
    },
    stop() {
      clear();
      started = false;
    },
  };
}
