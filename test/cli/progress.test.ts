/** The progress bar: the time left only once it is known, notes, lines logged above the bar. */
import { describe, expect, it } from 'vitest';
import { barLine, durationText, progressBar, timeLeft } from '../../src/cli/progress.ts';

function fakeTerminal() {
  const out: string[] = [];
  let t = 0;
  return { out, stream: { isTTY: true, columns: 120, write: (s: string) => (out.push(s), true) }, now: () => t, tick: (ms: number) => (t += ms) };
}

/** The text on screen: what the last carriage return left. */
const screen = (out: readonly string[]) => out.join('').split('\n').map((l) => l.split('\r').at(-1)!.replace(/\x1b\[K/g, ''));

describe('progress bar', () => {
  it('knows the time left only after a game and a second', () => {
    expect(timeLeft(0, 100, 5000)).toBeNull();
    expect(timeLeft(10, 100, 500)).toBeNull();
    expect(timeLeft(10, 100, 1000)).toBe(9000);
    // a resumed run: only the games played since it started count for the rate
    expect(timeLeft(60, 100, 2000, 50)).toBe(8000);
    expect(timeLeft(50, 100, 2000, 50)).toBeNull();
    expect([durationText(45_000), durationText(185_000), durationText(3_720_000)]).toEqual(['45s', '3m 05s', '1h 02m']);
  });

  it('never shows a time left at the start; shows it once known; notes and logged lines', () => {
    const term = fakeTerminal();
    const bar = progressBar(true, { stream: term.stream, now: term.now });
    bar.update(0, 1000);
    expect(screen(term.out).at(-1)).toBe(barLine({ done: 0, total: 1000, elapsedMs: 0 }, 24));
    expect(screen(term.out).at(-1)).not.toMatch(/left/);
    term.tick(2000);
    bar.update(250, 1000);
    expect(screen(term.out).at(-1)).toMatch(/ 25% \| 250\/1,000 \| 6s left$/);
    bar.note('pass 2 of 2');
    expect(screen(term.out).at(-1)).toMatch(/250\/1,000 \| pass 2 of 2 \| 6s left$/);
    bar.log('  9: 48.2% [45.1, 51.3] over 1000 games: consistent');
    const lines = screen(term.out);
    expect(lines.at(-2)).toBe('  9: 48.2% [45.1, 51.3] over 1000 games: consistent');
    expect(lines.at(-1)).toMatch(/pass 2 of 2/);
    bar.stop();
    expect(screen(term.out).at(-1)).toBe('');
  });

  it('draws nothing off a terminal (logged lines still print) and nothing at all when disabled', () => {
    const out: string[] = [];
    const pipe = { isTTY: false, columns: 80, write: (s: string) => (out.push(s), true) };
    const bar = progressBar(true, { stream: pipe });
    bar.update(5, 10);
    bar.log('probe line');
    expect(out).toEqual(['probe line\n']);
    const off = progressBar(false, { stream: pipe });
    off.update(5, 10);
    off.log('x');
    expect(out).toEqual(['probe line\n']);
  });
});
