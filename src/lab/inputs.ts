/**
 * Values sent by the page, checked as the CLI checks its flags: a malformed one is an InputError
 * naming the field and what was expected (shown on the page as the CLI prints it), never a
 * stack trace.
 */
import { excerpt, InputError } from '../core/errors.ts';
import type { EvenRequest, OddsRequest, PlayRequest, WhatIfRequest } from './api.ts';

const bad = (field: string, message: string) => new InputError('request', [{ path: field, message }]);

/** A number given as a number or a numeric string (absent: undefined). */
export function checkNumber(field: string, v: unknown, o: { min: number; max: number; integer?: boolean }): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?(e-?\d+)?\s*$/i.test(v) ? Number(v) : NaN;
  const what = `${o.integer ? 'a whole number' : 'a number'} from ${o.min} to ${o.max}`;
  if (!Number.isFinite(n) || n < o.min || n > o.max || (o.integer && !Number.isInteger(n))) throw bad(field, `expected ${what}, got '${excerpt(v, 40)}'`);
  return n;
}

/** A run seed: a whole number or a word. */
export function checkSeed(v: unknown): number | string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  if (typeof v === 'string' && /^[\w.-]{1,64}$/.test(v)) return v;
  throw bad('seed', `expected a whole number or a word of letters and digits, got '${excerpt(v, 40)}'`);
}

export function checkString(field: string, v: unknown, max = 300): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > max) throw bad(field, `expected text of 1 to ${max} characters`);
  return v;
}

/** A JSON body that is an object (else an InputError). */
export function bodyObject(v: unknown): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw bad('body', 'expected a JSON object');
  return Object.fromEntries(Object.entries(v));
}

function optional<T>(v: unknown, f: (x: unknown) => T): T | undefined {
  return v === undefined || v === null || v === '' ? undefined : f(v);
}

function stringList(field: string, v: unknown, max = 50): string[] {
  if (!Array.isArray(v) || v.length > max || v.some((x) => typeof x !== 'string' || x.length > 300)) throw bad(field, `expected a list of at most ${max} texts`);
  return v.map(String);
}

function numberOrText(field: string, v: unknown): number | string {
  if (typeof v === 'number' || typeof v === 'string') return v;
  throw bad(field, 'expected a number');
}

export function playRequest(b: Record<string, unknown>): PlayRequest {
  return {
    file: checkString('file', b.file, 1000),
    agents: optional(b.agents, (x) => stringList('agents', x, 16)),
    games: optional(b.games, (x) => numberOrText('games', x)),
    precision: optional(b.precision, (x) => numberOrText('precision', x)),
    seed: optional(b.seed, (x) => numberOrText('seed', x)),
  };
}

export function whatIfRequest(b: Record<string, unknown>): WhatIfRequest {
  const c = bodyObject(b.change);
  const kind = c.kind;
  const change: WhatIfRequest['change'] =
    kind === 'value' ? { kind, path: checkString('change.path', c.path), value: checkString('change.value', String(c.value ?? ''), 100) }
    : kind === 'option' ? { kind, name: checkString('change.name', c.name), value: checkString('change.value', String(c.value ?? ''), 100) }
    : kind === 'unit' ? { kind, path: checkString('change.path', c.path), value: checkString('change.value', c.value, 100) }
    : (() => { throw bad('change.kind', "expected 'value', 'option' or 'unit'"); })();
  return {
    file: checkString('file', b.file, 1000),
    change,
    agents: optional(b.agents, (x) => stringList('agents', x, 16)),
    games: optional(b.games, (x) => numberOrText('games', x)),
    seed: optional(b.seed, (x) => numberOrText('seed', x)),
  };
}

export function evenRequest(b: Record<string, unknown>): EvenRequest {
  return { lo: numberOrText('lo', b.lo), hi: numberOrText('hi', b.hi), side: optional(b.side, (x) => checkString('side', x, 100)) };
}

export function oddsRequest(b: Record<string, unknown>): OddsRequest {
  const params = optional(b.params, (x) => {
    const o = bodyObject(x);
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(o)) {
      if (typeof v !== 'string' && typeof v !== 'number') throw bad(`params.${k}`, 'expected a value');
      out[k] = String(v);
    }
    return out;
  });
  return {
    system: checkString('system', b.system, 40),
    mechanic: optional(b.mechanic, (x) => checkString('mechanic', x, 80)) ?? '',
    ...(params ? { params } : {}),
    ...(b.sets !== undefined ? { sets: stringList('sets', b.sets) } : {}),
    ...(b.scenario !== undefined && b.scenario !== '' ? { scenario: checkString('scenario', b.scenario, 1000) } : {}),
    ...(b.size !== undefined ? { size: checkString('size', b.size, 20) } : {}),
  };
}
