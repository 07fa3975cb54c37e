/** Parsing and checking of command-line values; problems become InputErrors naming the flag. */
import { parseAgentChoice, type AgentChoice } from '../core/agent.ts';
import { InputError } from '../scenario/errors.ts';
import { checkSeed } from '../core/rng/streams.ts';

const CMD = 'command line';

export function positiveInt(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new InputError(CMD, [{ path: flag, message: `expected a positive whole number, got '${v}'` }]);
  return n;
}

export function nonNegativeInt(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InputError(CMD, [{ path: flag, message: `expected a whole number >= 0, got '${v}'` }]);
  return n;
}

export function seedValue(v: string | undefined): number | string | undefined {
  if (v === undefined) return undefined;
  const problem = checkSeed(v);
  if (problem) throw new InputError(CMD, [{ path: '--seed', message: problem }]);
  // Small integers stay numbers (as written in files); larger ones keep their digits.
  if (/^-?\d+$/.test(v) && Number.isSafeInteger(Number(v))) return Number(v);
  return v;
}

export function fraction01(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || n >= 0.5) throw new InputError(CMD, [{ path: flag, message: `expected a half-width between 0 and 0.5 (e.g. 0.01 for ±1 point), got '${v}'` }]);
  return n;
}

export function agentList(v: string | undefined): AgentChoice[] | undefined {
  if (v === undefined) return undefined;
  try {
    return v.split(',').map((s) => parseAgentChoice(s));
  } catch (e) {
    throw new InputError(CMD, [{ path: '--agents', message: (e as Error).message }]);
  }
}
