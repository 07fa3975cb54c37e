/**
 * Writing results so that a kill at any moment leaves either the previous complete result or
 * none, never a mix: every file goes to a temporary name and is renamed into place; a report
 * folder is built beside the old one and swapped in as a unit, so a reused folder holds only the
 * files of the latest run.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../scenario/errors.ts';

/** Checkpoint of merged batches, inside the output folder while a run is under way. */
export const CHECKPOINT_FILE = 'checkpoint.json';
/** Files that mark a folder as salvo's (safe to replace). */
const MARKERS = ['summary.json', CHECKPOINT_FILE];

function writeDurably(path: string, content: string): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes a file under a temporary name, then renames it over the target (atomic on one file system). */
export function writeFileAtomic(path: string, content: string): void {
  const target = resolve(path);
  mkdirSync(dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${process.pid}`;
  try {
    writeDurably(tmp, content);
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Refuses to take over a folder that is not salvo's: an existing, non-empty folder without a
 * report or a checkpoint in it (e.g. `--out .`) is left alone.
 */
export function checkOutputFolder(dir: string): void {
  const d = resolve(dir);
  if (!existsSync(d)) return;
  if (!statSync(d).isDirectory()) throw new InputError('command line', [{ path: '--out', message: `${dir} exists and is not a folder` }]);
  const names = readdirSync(d);
  if (names.length > 0 && !MARKERS.some((m) => names.includes(m))) {
    throw new InputError('command line', [{ path: '--out', message: `${dir} is a non-empty folder that holds no salvo report; choose another --out (salvo replaces its report folder as a whole)` }]);
  }
}

/** Removes temporaries a killed process left inside the folder (`NAME.tmp-PID`, e.g. of a checkpoint). */
export function sweepTemporaries(dir: string): void {
  const d = resolve(dir);
  if (!existsSync(d) || !statSync(d).isDirectory()) return;
  for (const name of readdirSync(d)) if (/\.tmp-\d+$/.test(name)) rmSync(join(d, name), { force: true });
}

/** Removes what an earlier killed write left beside the folder (`DIR.new-PID`, `DIR.old-PID`). */
function sweepLeftovers(d: string): void {
  const parent = dirname(d);
  if (!existsSync(parent)) return;
  const re = new RegExp(`^${basename(d).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(new|old)-\\d+$`);
  for (const name of readdirSync(parent)) if (re.test(name)) rmSync(join(parent, name), { recursive: true, force: true });
}

/**
 * Replaces the folder `dir` by one holding exactly `files`: written to `DIR.new-PID`, then the old
 * folder is renamed away, the new one renamed in, and the old one removed.
 */
export function replaceFolder(dir: string, files: Readonly<Record<string, string>>): { dir: string; files: string[] } {
  const d = resolve(dir);
  checkOutputFolder(d);
  sweepLeftovers(d);
  const fresh = `${d}.new-${process.pid}`;
  const old = `${d}.old-${process.pid}`;
  mkdirSync(fresh, { recursive: true });
  try {
    for (const [name, content] of Object.entries(files)) writeDurably(join(fresh, name), content);
    if (existsSync(d)) renameSync(d, old);
    renameSync(fresh, d);
  } catch (e) {
    rmSync(fresh, { recursive: true, force: true });
    if (!existsSync(d) && existsSync(old)) renameSync(old, d);
    throw e;
  }
  rmSync(old, { recursive: true, force: true });
  return { dir: d, files: Object.keys(files).map((f) => join(d, f)) };
}
