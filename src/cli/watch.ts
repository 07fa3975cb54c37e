/**
 * Iterating like a designer: `salvo run FILE --watch` plays, prints the verdict, then plays again
 * each time the file (or an experiment's base scenario) is saved; `--open` opens the report in
 * the default browser where one exists. Bad input while watching is printed and the watch goes on.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, unwatchFile, watchFile } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';
import { InputError } from '../core/errors.ts';

/** The files a run depends on: the file itself and, for an experiment, its base scenario. */
export function watchedFiles(file: string): string[] {
  const files = [resolve(file)];
  try {
    const data = parse(readFileSync(file, 'utf8')) as { base?: unknown } | null;
    if (data && typeof data.base === 'string') files.push(resolve(dirname(file), data.base));
  } catch {
    // A file that does not parse is still watched; the next play reports the problem.
  }
  return files;
}

export interface WatchOptions {
  /** Polling interval (ms); polling survives editors that replace the file on save. */
  readonly interval?: number;
  /** Quiet time after a change before playing (ms). */
  readonly debounce?: number;
  readonly signal?: AbortSignal;
  readonly out?: (text: string) => void;
}

/** Plays once, then again after every change, until the signal aborts (or Ctrl-C). */
export async function watchRuns(file: string, play: () => Promise<void>, o: WatchOptions = {}): Promise<void> {
  const out = o.out ?? ((t: string) => process.stderr.write(t));
  const interval = o.interval ?? 400;
  const debounce = o.debounce ?? 250;
  const once = async (): Promise<void> => {
    try {
      await play();
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      out(`error: ${e.message}\n`);
    }
    out(`watching ${watchedFiles(file).join(', ')} (Ctrl-C to stop)\n`);
  };
  await once();
  let watched: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const stamp = (f: string) => (existsSync(f) ? statSync(f).mtimeMs : 0);
  const last = new Map<string, number>();
  const rewatch = () => {
    for (const f of watched) unwatchFile(f);
    watched = watchedFiles(file);
    for (const f of watched) {
      last.set(f, stamp(f));
      watchFile(f, { interval, persistent: true }, () => {
        if (stamp(f) === last.get(f)) return;
        last.set(f, stamp(f));
        clearTimeout(timer);
        timer = setTimeout(() => {
          running = running.then(async () => {
            out(`\n${f} changed: playing again\n`);
            await once();
            rewatch();
          });
        }, debounce);
      });
    }
  };
  rewatch();
  await new Promise<void>((done) => {
    const stop = () => {
      clearTimeout(timer);
      for (const f of watched) unwatchFile(f);
      void running.then(done);
    };
    if (o.signal) {
      if (o.signal.aborted) stop();
      else o.signal.addEventListener('abort', stop, { once: true });
    } else process.once('SIGINT', stop);
  });
}

/** The command that opens a file in the default browser on this platform, or undefined. */
export function openerFor(platform: NodeJS.Platform = process.platform): { cmd: string; args: string[] } | undefined {
  if (platform === 'darwin') return { cmd: 'open', args: [] };
  if (platform === 'win32') return { cmd: 'cmd', args: ['/c', 'start', '""'] };
  if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY || process.env.BROWSER) return { cmd: process.env.BROWSER || 'xdg-open', args: [] };
  return undefined;
}

/** Opens a report in the default browser where one exists; says so when none does. */
export function openReport(file: string, out: (t: string) => void = (t) => process.stderr.write(t)): void {
  const opener = openerFor();
  if (!opener || !existsSync(file)) {
    out(`(no browser to open here: the report is ${file})\n`);
    return;
  }
  try {
    const child = spawn(opener.cmd, [...opener.args, file], { detached: true, stdio: 'ignore' });
    child.on('error', () => out(`(could not start ${opener.cmd}: the report is ${file})\n`));
    child.unref();
  } catch {
    out(`(could not open a browser: the report is ${file})\n`);
  }
}
