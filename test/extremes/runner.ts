/**
 * Plays extreme-value cases in child processes (play-cases.ts): a V8 fatal error is a counted
 * crash, not the end of the run; a game past its time bound is a hang (the child is killed and
 * the rest go on in a new one). Several children at once when asked.
 */
import { fork } from 'node:child_process';
import type { CaseMessage, ExtremeCase } from './play-cases.ts';
import { caseName } from './cases.ts';

/** How long a child may take to load tsx and the systems before its first case. */
const STARTUP_MS = 120_000;

export interface Outcome {
  rejected: number;
  played: number;
  games: number;
  reasons: Record<string, number>;
  problems: string[];
  /** Rejection messages by case index (the first line of each). */
  messages: Map<number, string>;
}

export function emptyOutcome(): Outcome {
  return { rejected: 0, played: 0, games: 0, reasons: {}, problems: [], messages: new Map() };
}

export interface RunnerOptions {
  /** Per-game time bound (ms): a game still running after it is a hang. */
  readonly gameBoundMs: number;
  /** Children at once (default 1). */
  readonly parallel?: number;
  /** Called after each case with the cases done so far. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Runs `cases` (their indices into the list are kept in messages and problems). */
export async function runCases(cases: readonly ExtremeCase[], opts: RunnerOptions): Promise<Outcome> {
  const out = emptyOutcome();
  const parallel = Math.max(1, opts.parallel ?? 1);
  const chunk = Math.ceil(cases.length / parallel);
  let done = 0;
  await Promise.all(
    Array.from({ length: parallel }, async (_, p) => {
      const lo = p * chunk;
      const hi = Math.min(cases.length, lo + chunk);
      let from = lo;
      while (from < hi) from = await child(cases, from, hi, opts.gameBoundMs, out, () => opts.onProgress?.(++done, cases.length));
    }),
  );
  return out;
}

/** One child process playing cases [from, hi); resolves with where the next child starts. */
function child(cases: readonly ExtremeCase[], from: number, hi: number, boundMs: number, out: Outcome, tick: () => void): Promise<number> {
  return new Promise<number>((resolve) => {
    const proc = fork(new URL('./play-cases.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    proc.send({ cases: cases.slice(from, hi), from: 0 });
    let current = { index: from, game: -1 };
    let started = false; // the child's start-up (tsx, the systems) is not a game: bounded apart
    let timer: NodeJS.Timeout;
    let finished = false;
    let last = from - 1;
    const finish = (next: number): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      resolve(next);
    };
    const arm = (): void => {
      clearTimeout(timer);
      // The first game of a case also compiles it (a Panzer Vor! map takes up to seconds).
      timer = setTimeout(() => {
        out.problems.push(started ? `hang: ${caseName(cases[current.index])}: seed ${cases[current.index].seed}, game ${current.game} still running after ${boundMs / 1000} s` : `the child process did not start within ${STARTUP_MS / 1000} s`);
        proc.kill('SIGKILL');
        tick();
        finish(current.index + 1);
      }, started ? boundMs * (current.game < 0 ? 2 : 1) : STARTUP_MS);
    };
    arm();
    proc.on('message', (m: CaseMessage) => {
      const index = from + m.index;
      const c = cases[index];
      started = true;
      if (m.kind === 'start') current = { index, game: m.game };
      else {
        last = index;
        tick();
        if (m.kind === 'rejected') {
          out.rejected++;
          out.messages.set(index, m.message);
        } else if (m.kind === 'played') {
          out.played++;
          out.games += c.games;
          for (const [k, v] of Object.entries(m.reasons)) out.reasons[k] = (out.reasons[k] ?? 0) + v;
        } else out.problems.push(`throw: ${caseName(c)}: seed ${c.seed}, game ${m.game}: ${m.error}`);
      }
      arm();
    });
    proc.on('exit', (code, signal) => {
      if (finished) return;
      if (last === hi - 1) return finish(hi);
      const c = cases[current.index];
      out.problems.push(`crash (exit ${code ?? signal}): ${c ? caseName(c) : '?'}: seed ${c?.seed}, game ${current.game}: ${stderr.split('\n').filter((l) => /Fatal|Error|invalid/i.test(l)).slice(0, 2).join(' / ')}`);
      tick();
      finish(current.index + 1);
    });
  });
}

/** One line: cases, rejected at load, played (games by end reason), problems. */
export function summaryLine(what: string, cases: number, o: Outcome): string {
  return `${what}: ${cases} cases: ${o.rejected} rejected at load, ${o.played} played (${o.games} games: ${Object.entries(o.reasons).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}), ${o.problems.length} problems`;
}
