/** --watch plays again when the file or an experiment's base changes; bad input is reported and the watch goes on. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { openerFor, watchRuns, watchedFiles } from '../../src/cli/watch.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('salvo run --watch', () => {
  it("watches an experiment's base too", () => {
    const exp = join(dir, 'exp.yaml');
    writeFileSync(exp, 'experiment: e\nbase: ./base.yaml\n');
    expect(watchedFiles(exp)).toEqual([exp, join(dir, 'base.yaml')]);
  });

  it('plays once, again after each save, reports bad input without stopping, and stops on abort', async () => {
    const file = join(dir, 's.yaml');
    writeFileSync(file, 'a: 1\n');
    const messages: string[] = [];
    let plays = 0;
    const ac = new AbortController();
    const done = watchRuns(
      file,
      async () => {
        plays++;
        if (plays === 2) throw new InputError(file, [{ path: 'a', message: 'bad value' }]);
      },
      { interval: 50, debounce: 50, signal: ac.signal, out: (t) => messages.push(t) },
    );
    await sleep(300);
    expect(plays).toBe(1);
    writeFileSync(file, 'a: 2\n');
    for (let i = 0; i < 60 && plays < 2; i++) await sleep(50);
    expect(plays).toBe(2);
    await sleep(200);
    writeFileSync(file, 'a: 3\n');
    for (let i = 0; i < 60 && plays < 3; i++) await sleep(50);
    expect(plays).toBe(3);
    ac.abort();
    await done;
    expect(messages.join('')).toMatch(/s\.yaml: a: bad value/);
    expect(messages.filter((m) => m.includes('changed: playing again'))).toHaveLength(2);
  });

  it('--open knows the opener of each platform and has none on a headless Linux', () => {
    expect(openerFor('darwin')?.cmd).toBe('open');
    expect(openerFor('win32')?.cmd).toBe('cmd');
    const saved = { d: process.env.DISPLAY, w: process.env.WAYLAND_DISPLAY, b: process.env.BROWSER };
    delete process.env.DISPLAY;
    delete process.env.WAYLAND_DISPLAY;
    delete process.env.BROWSER;
    expect(openerFor('linux')).toBeUndefined();
    Object.assign(process.env, Object.fromEntries(Object.entries({ DISPLAY: saved.d, WAYLAND_DISPLAY: saved.w, BROWSER: saved.b }).filter(([, v]) => v !== undefined)));
  });
});
