/** The progress bar: the time left only once it is known, notes, lines logged above the bar, nothing left behind. */
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { barLine, durationText, progressBar, timeLeft } from '../../src/cli/progress.ts';

/** A stream that records what is written; `isTTY` makes it a terminal for the bar. */
function fakeStream(isTTY: boolean) {
  const out: string[] = [];
  const stream = Object.assign(new Writable({ decodeStrings: false, write: (chunk: string, _enc, cb) => (out.push(String(chunk)), cb()) }), { isTTY, columns: 120 });
  return { out, stream };
}

/**
 * What a terminal shows after `out`: printable text, \r, \n and the escape codes node:readline
 * writes for cli-progress (cursor column G, up/down A/B, erase in line K, erase below J; modes ?…h/l
 * are recorded). Trailing blanks and empty lines at the bottom are dropped.
 */
function screen(out: readonly string[]): { lines: string[]; modes: string[] } {
  const rows: string[][] = [[]];
  const modes: string[] = [];
  let row = 0;
  let col = 0;
  const text = out.join('');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\x1b') {
      const m = /^\x1b\[(\??)(\d*)(?:;(\d*))?([A-Za-z])/.exec(text.slice(i));
      if (!m) throw new Error(`unknown escape at ${JSON.stringify(text.slice(i, i + 8))}`);
      i += m[0].length - 1;
      const n = m[2] === '' ? undefined : Number(m[2]);
      const [mode, f] = [m[1], m[4]];
      if (mode) modes.push(`${n}${f}`);
      else if (f === 'G') col = (n ?? 1) - 1;
      else if (f === 'A') row = Math.max(0, row - (n ?? 1));
      else if (f === 'B') row += n ?? 1;
      else if (f === 'K') rows[row] = n === 2 ? [] : n === 1 ? rows[row]!.map((ch, k) => (k <= col ? ' ' : ch)) : rows[row]!.slice(0, col);
      else if (f === 'J') rows.splice(row + 1), (rows[row] = rows[row]!.slice(0, col));
      else throw new Error(`unhandled escape ${JSON.stringify(m[0])}`);
    } else if (c === '\r') col = 0;
    else if (c === '\n') (row++, (col = 0));
    else (rows[row]![col++] = c);
    while (rows.length <= row) rows.push([]);
  }
  const lines = rows.map((r) => Array.from(r, (ch) => ch ?? ' ').join('').trimEnd());
  while (lines.length && lines.at(-1) === '') lines.pop();
  return { lines, modes };
}

describe('progress bar', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('knows the time left only after a game and a second', () => {
    expect(timeLeft(0, 100, 5000)).toBeNull();
    expect(timeLeft(10, 100, 500)).toBeNull();
    expect(timeLeft(10, 100, 1000)).toBe(9000);
    // a resumed run: only the games played since it started count for the rate
    expect(timeLeft(60, 100, 2000, 50)).toBe(8000);
    expect(timeLeft(50, 100, 2000, 50)).toBeNull();
    // the time left in estimated cost when the caller knows it: 10 of 100 games, but half the work, in 1 s
    expect(barLine({ done: 10, total: 100, elapsedMs: 1000 })).toMatch(/ 9s left$/);
    expect(barLine({ done: 10, total: 100, elapsedMs: 1000, work: { done: 50, total: 100, from: 0 } })).toMatch(/10\/100 \| 1s left$/);
    expect(barLine({ done: 10, total: 100, elapsedMs: 1000, from: 5, work: { done: 50, total: 100, from: 40 } })).toMatch(/ 5s left$/);
    expect([durationText(45_000), durationText(185_000), durationText(3_720_000)]).toEqual(['45s', '3m 05s', '1h 02m']);
  });

  it('never shows a time left at the start; shows it once known; notes and logged lines above the bar', () => {
    const term = fakeStream(true);
    const bar = progressBar(true, { stream: term.stream, now: () => Date.now() });
    bar.update(0, 1000);
    vi.advanceTimersByTime(100);
    expect(screen(term.out).lines).toEqual([barLine({ done: 0, total: 1000, elapsedMs: 0 }, 24)]);
    expect(screen(term.out).lines.at(-1)).toMatch(/^games ░{24}   0% \| 0\/1,000$/);
    vi.advanceTimersByTime(2000);
    bar.update(250, 1000);
    vi.advanceTimersByTime(100);
    // 750 games left at 250 games in 2.1 s (the time of the update, not of the redraw)
    expect(screen(term.out).lines).toEqual([expect.stringMatching(/^games █{6}░{18}  25% \| 250\/1,000 \| 6s left$/)]);
    bar.note('pass 2 of 2'); // drawn at once, not at the next tick
    expect(screen(term.out).lines).toEqual([expect.stringMatching(/250\/1,000 \| pass 2 of 2 \| 6s left$/)]);
    bar.log('  9: 48.2% [45.1, 51.3] over 1000 games: consistent');
    expect(screen(term.out).lines).toEqual(['  9: 48.2% [45.1, 51.3] over 1000 games: consistent', expect.stringMatching(/pass 2 of 2/)]);
    vi.advanceTimersByTime(3000); // the bar stays under the line, and its estimate changes only with an update
    expect(screen(term.out).lines).toEqual(['  9: 48.2% [45.1, 51.3] over 1000 games: consistent', expect.stringMatching(/ 25% \| 250\/1,000 \| pass 2 of 2 \| 6s left$/)]);
    bar.update(1000, 1000);
    bar.log('last probe'); // logged just before stop: still printed
    bar.stop();
    bar.stop(); // callers stop twice (a finally after a stop)
    expect(screen(term.out)).toEqual({ lines: ['  9: 48.2% [45.1, 51.3] over 1000 games: consistent', 'last probe'], modes: [] });
    expect(vi.getTimerCount()).toBe(0); // no redraw timer keeps the process alive
  });

  it('counts the time left from the games played since a resumed run started; draws again after a stop', () => {
    const term = fakeStream(true);
    const bar = progressBar(true, { stream: term.stream, now: () => Date.now() });
    vi.advanceTimersByTime(5000); // loading the checkpoint
    bar.from(500);
    bar.update(500, 1000);
    vi.advanceTimersByTime(2000);
    expect(screen(term.out).lines).toEqual([expect.stringMatching(/ 50% \| 500\/1,000$/)]);
    bar.update(600, 1000);
    vi.advanceTimersByTime(100);
    // 400 left at 100 games in 2 s (the 500 done before and the 5 s before the start do not count)
    expect(screen(term.out).lines).toEqual([expect.stringMatching(/ 60% \| 600\/1,000 \| 8s left$/)]);
    bar.stop();
    expect(screen(term.out).lines).toEqual([]);
    bar.update(700, 1000);
    vi.advanceTimersByTime(100);
    expect(screen(term.out).lines).toEqual([expect.stringMatching(/ 70% \| 700\/1,000 \| 3s left$/)]);
    // a new balance step: the rate starts again, so no time left until it is known
    bar.from(0);
    bar.note('probing x = 9 on 4,000 games');
    expect(screen(term.out).lines).toEqual([expect.stringMatching(/ 70% \| 700\/1,000 \| probing x = 9 on 4,000 games$/)]);
    bar.stop();
    expect(screen(term.out).lines).toEqual([]);
  });

  it('draws nothing off a terminal (logged lines still print) and nothing at all when disabled', () => {
    const pipe = fakeStream(false);
    const bar = progressBar(true, { stream: pipe.stream });
    bar.update(5, 10);
    vi.advanceTimersByTime(3000);
    bar.log('probe line');
    bar.stop();
    expect(pipe.out).toEqual(['probe line\n']);
    const tty = fakeStream(true);
    const off = progressBar(false, { stream: tty.stream });
    off.update(5, 10);
    off.note('x');
    off.log('x');
    vi.advanceTimersByTime(3000);
    off.stop();
    expect(tty.out).toEqual([]);
  });
});
