/**
 * Parsing and checking of command-line values; problems become InputErrors naming the flag.
 * Every number is checked for integrality and range against the stated maxima in LIMITS, so a
 * value accepted here can be played (no `--games 1e12` running out of memory).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseAgentChoice, type AgentChoice } from '../core/agent.ts';
import { InputError, excerpt, forbiddenSegment } from '../core/errors.ts';
import { checkSeed } from '../core/rng/streams.ts';
import { LIMITS } from '../scenario/limits.ts';
import { agentChoiceWithSets } from '../scenario/param-set.ts';

const CMD = 'command line';

export { LIMITS };

/** Per-flag maxima for the shared parsers (flags not listed accept any safe integer). */
const FLAG_MAX: Readonly<Record<string, number>> = {
  '--games': LIMITS.games,
  '--workers': LIMITS.workers,
  '--batch': LIMITS.batch,
  '--game': LIMITS.gameIndex,
};

function bad(flag: string, message: string): never {
  throw new InputError(CMD, [{ path: flag, message }]);
}

/** A whole number written in digits (underscores allowed as separators), within [min, max]. */
export function intFlag(flag: string, v: string | undefined, min: number, max: number = FLAG_MAX[flag] ?? Number.MAX_SAFE_INTEGER): number | undefined {
  if (v === undefined) return undefined;
  const t = String(v).trim().replace(/_/g, '');
  if (!/^[+-]?\d{1,16}$/.test(t)) bad(flag, `expected a whole number from ${min} to ${max}, got '${excerpt(v, 40)}'`);
  const n = Number(t);
  if (!Number.isSafeInteger(n) || n < min || n > max) bad(flag, `expected a whole number from ${min} to ${max}, got '${excerpt(v, 40)}'`);
  return n;
}

export function positiveInt(flag: string, v: string | undefined, max?: number): number | undefined {
  return intFlag(flag, v, 1, max);
}

export function nonNegativeInt(flag: string, v: string | undefined, max?: number): number | undefined {
  return intFlag(flag, v, 0, max);
}

export function seedValue(v: string | undefined): number | string | undefined {
  if (v === undefined) return undefined;
  const problem = checkSeed(v);
  if (problem) bad('--seed', excerpt(problem, 200));
  // Small integers stay numbers (as written in files); larger ones keep their digits.
  if (/^-?\d+$/.test(v) && Number.isSafeInteger(Number(v))) return Number(v);
  return v;
}

export function fraction01(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const t = String(v).trim();
  const n = t === '' ? NaN : Number(t);
  if (!Number.isFinite(n) || n < 1e-4 || n >= 0.5) bad(flag, `expected a half-width from 0.0001 to below 0.5 (e.g. 0.01 for ±1 point), got '${excerpt(v, 40)}'`);
  return n;
}

export function agentList(v: string | undefined): AgentChoice[] | undefined {
  if (v === undefined) return undefined;
  if (v.trim() === '') bad('--agents', 'expected one agent per side, e.g. marksman,brawler');
  // Parameter names are checked on the text: a '__proto__' key would never show as an own key.
  for (const part of v.split(/[,:]/).slice(0)) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? '' : part.slice(0, eq)).trim();
    if (eq >= 0 && (forbiddenSegment(key) !== undefined || key === '')) bad('--agents', `agent parameter name '${excerpt(key, 40)}' is not allowed`);
  }
  let list: AgentChoice[];
  try {
    // 'gunline@tuned.json' takes the parameters of a set written by salvo tune (relative to here).
    list = v.split(',').map((s) => agentChoiceWithSets(s, process.cwd()));
  } catch (e) {
    if (e instanceof InputError) throw e;
    bad('--agents', excerpt((e as Error).message, 200));
  }
  for (const c of list) {
    if (c.name === '') bad('--agents', `empty agent name in '${excerpt(v, 60)}'`);
    for (const k of Object.keys(c.params)) {
      if (forbiddenSegment(k) !== undefined || k === '') bad('--agents', `agent parameter name '${excerpt(k, 40)}' is not allowed`);
    }
  }
  return list;
}

/** 'k=v' strings to a null-prototype record; errors name the flag. */
export function keyValues(list: readonly string[], flag: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) bad(flag, `expected key=value, got '${excerpt(item, 60)}'`);
    const k = item.slice(0, eq).trim();
    if (forbiddenSegment(k) !== undefined) bad(flag, `key '${excerpt(k, 40)}' is not allowed`);
    out[k] = item.slice(eq + 1).trim();
  }
  return out;
}

/**
 * Checks, before any game is played, that an output folder can be created and written: the path
 * is not a file, no parent of it is a file, and the nearest existing folder is writable.
 */
export function checkOutDir(dir: string, flag = '--out'): void {
  const abs = resolve(dir);
  let p = abs;
  for (;;) {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') bad(flag, `'${excerpt(dir, 80)}' lies under a file, not a folder`);
      if (code !== 'ENOENT') bad(flag, `cannot use '${excerpt(dir, 80)}' (${code})`);
      const up = dirname(p);
      if (up === p) bad(flag, `cannot use '${excerpt(dir, 80)}'`);
      p = up;
      continue;
    }
    if (!st.isDirectory()) bad(flag, p === abs ? `'${excerpt(dir, 80)}' is a file, expected a folder` : `'${excerpt(dir, 80)}' lies under a file (${excerpt(p, 80)}), not a folder`);
    try {
      accessSync(p, constants.W_OK | constants.X_OK);
    } catch {
      bad(flag, `folder '${excerpt(p, 80)}' is not writable`);
    }
    return;
  }
}

/** Like checkOutDir for an output file: the file's folder must be creatable and writable. */
export function checkOutFile(file: string, flag = '--out'): void {
  const abs = resolve(file);
  try {
    if (statSync(abs).isDirectory()) bad(flag, `'${excerpt(file, 80)}' is a folder, expected a file name`);
  } catch (e) {
    if (e instanceof InputError) throw e;
  }
  checkOutDir(dirname(abs), flag);
}
