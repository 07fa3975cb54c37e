/**
 * Named parameter sets of an agent: the file `salvo tune` writes, used wherever an agent is named
 * as `<agent>@<file>` (`--agents gunline@tuned.json,assault`, `--pairings`, a scenario's
 * `run.agents`, a file path relative to the scenario's folder there). Parameters given after the
 * file override it: `gunline@tuned.json:aggression=0.5`. The file is read where the choice is
 * written, so a plan carries the parameters themselves, never the file.
 *
 *   { "format": "salvo-agent-params", "formatVersion": 1, "system": "at43", "agent": "gunline",
 *     "name": "tuned", "params": { "aggression": 0.7 }, "tuned": { ... how it was found ... } }
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseAgentChoice, type AgentChoice, type ParamValue } from '../core/agent.ts';
import { InputError, excerpt, type InputIssue } from '../core/errors.ts';

/** Largest parameter-set file read. */
const MAX_BYTES = 1 << 20;

/**
 * The file's text and data. Parameter sets are JSON, read here without the YAML loader: the
 * command line reads them, and a shard's main thread loads no scenario code (issue 11).
 */
function readJson(file: string): { text: string; data: unknown } {
  let text: string;
  try {
    if (statSync(file).size > MAX_BYTES) throw new InputError(file, [{ path: '', message: `file too large (at most ${MAX_BYTES} bytes)` }]);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException)?.code;
    throw new InputError(file, [{ path: '', message: code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory, expected a JSON file' : `cannot read the file (${code ?? 'unknown error'})` }]);
  }
  try {
    return { text, data: JSON.parse(text) };
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
    throw new InputError(file, [{ path: '', message: `malformed JSON: ${excerpt((e as Error).message, 120)}`, ...(line ? { line } : {}) }]);
  }
}

/** 1-based line of the last key of a dotted path ("params.aimTo": the line of "aimTo"), when found. */
function lineOf(text: string, path: string): number | undefined {
  const key = path.split('.').at(-1);
  const i = key ? text.indexOf(`"${key}"`) : -1;
  return i < 0 ? undefined : text.slice(0, i).split('\n').length;
}

export const PARAM_SET_FORMAT = 'salvo-agent-params';

export interface ParamSetFile {
  readonly format: typeof PARAM_SET_FORMAT;
  readonly formatVersion: 1;
  readonly system: string;
  readonly agent: string;
  readonly name: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  /** How the set was found (salvo tune): scenario, field, budget, seed, the confirmation. */
  readonly tuned?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads and checks a parameter-set file; every problem is an InputError naming the file, line and path. */
export function readParamSet(file: string): ParamSetFile {
  const src = readJson(file);
  if (!isRecord(src.data)) throw new InputError(file, [{ path: '', message: 'expected a JSON object (a parameter set written by salvo tune)' }]);
  const d = src.data;
  const issues: InputIssue[] = [];
  if (d.format !== PARAM_SET_FORMAT) issues.push({ path: 'format', message: `expected '${PARAM_SET_FORMAT}' (a parameter set written by salvo tune), got ${excerpt(d.format)}` });
  if (d.formatVersion !== 1) issues.push({ path: 'formatVersion', message: `expected 1, got ${excerpt(d.formatVersion)}` });
  for (const k of ['system', 'agent', 'name'] as const) if (typeof d[k] !== 'string' || d[k] === '') issues.push({ path: k, message: `expected a non-empty string, got ${excerpt(d[k])}` });
  if (!isRecord(d.params)) issues.push({ path: 'params', message: `expected a mapping of parameter names to numbers, strings or booleans, got ${excerpt(d.params)}` });
  else
    for (const [k, v] of Object.entries(d.params))
      if (typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'boolean') issues.push({ path: `params.${k}`, message: `expected a number, string or boolean, got ${excerpt(v)}` });
  if (issues.length) throw new InputError(file, issues.map((i) => ({ ...i, line: lineOf(src.text, i.path) })));
  const params: Record<string, ParamValue> = {};
  for (const [k, v] of Object.entries(isRecord(d.params) ? d.params : {})) if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') params[k] = v;
  return { format: PARAM_SET_FORMAT, formatVersion: 1, system: String(d.system), agent: String(d.agent), name: String(d.name), params, ...(d.tuned !== undefined ? { tuned: d.tuned } : {}) };
}

/** Does this agent text name a parameter set ('gunline@tuned.json')? */
export function namesParamSet(text: string): boolean {
  const at = text.indexOf('@');
  return at > 0 && !text.slice(0, at).includes(':');
}

/**
 * 'gunline@tuned.json:aggression=0.5' → the agent with the file's parameters, then the ones given
 * after it. `base` is the folder relative paths start from. Plain choices are parsed as usual.
 */
export function agentChoiceWithSets(text: string, base: string): AgentChoice {
  if (!namesParamSet(text)) return parseAgentChoice(text);
  const at = text.indexOf('@');
  const name = text.slice(0, at).trim();
  const rest = text.slice(at + 1);
  const colon = rest.indexOf(':');
  const path = (colon < 0 ? rest : rest.slice(0, colon)).trim();
  if (path === '') throw new Error(`agent '${text}': expected a parameter-set file after '@'`);
  const file = resolve(base, path);
  const set = readParamSet(file);
  if (set.agent !== name) throw new InputError(file, [{ path: 'agent', message: `this parameter set is for agent '${set.agent}', not '${name}'` }]);
  const extra = colon < 0 ? {} : parseAgentChoice(`${name}:${rest.slice(colon + 1)}`).params;
  return { name, params: { ...set.params, ...extra } };
}

/** The same for a choice already parsed: its name may carry the file ('gunline@tuned.json'). */
export function expandParamSet(c: AgentChoice, base: string): AgentChoice {
  if (!namesParamSet(c.name)) return c;
  const e = agentChoiceWithSets(c.name, base);
  return { name: e.name, params: { ...e.params, ...c.params } };
}
