/**
 * What a variant of an experiment changes from its base scenario, as played: house rules with the
 * value they replaced (relative ones resolved), options, scenario values (patches), and agents.
 * Computed from the compiled scenarios, so it reads the same in a run, a merge of shards and the
 * queue (every one recompiles the plan's documents).
 */
import { formatAgentChoice, type AgentChoice } from '../core/agent.ts';
import type { LoadedScenario } from './load.ts';

export interface VariantChange {
  readonly kind: 'rules' | 'option' | 'scenario' | 'agents';
  /** Rules-data path, option name, scenario path (`scenario.sides.A.units.0.tank`) or `agents`. */
  readonly path: string;
  /** The base scenario's value (undefined: none, e.g. a new record). */
  readonly from: unknown;
  readonly to: unknown;
  /** As written, when relative ("+2"). */
  readonly given?: string;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Leaf paths where two plain values differ (arrays by index), at most `limit`. */
function diffPaths(a: unknown, b: unknown, path: string, out: Array<{ path: string; from: unknown; to: unknown }>, limit: number): void {
  if (out.length >= limit || same(a, b)) return;
  const obj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
  if (obj(a) && obj(b) && Array.isArray(a) === Array.isArray(b) && !(Array.isArray(a) && Array.isArray(b) && a.length !== b.length)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diffPaths(a[k], b[k], `${path}.${k}`, out, limit);
    return;
  }
  out.push({ path, from: a, to: b });
}

/**
 * The changes of `variant` from `base`. `agents` are the variant's agents and `baseAgents` the
 * experiment's default pairing (agents count as a change only where they differ).
 */
export function variantChanges(base: LoadedScenario, variant: LoadedScenario, agents?: readonly AgentChoice[], baseAgents?: readonly AgentChoice[], limit = 40): VariantChange[] {
  const out: VariantChange[] = [];
  const baseRule = new Map(base.houseRules.map((h) => [h.path, h]));
  for (const h of variant.houseRules) {
    const b = baseRule.get(h.path);
    const from = b ? b.to : h.from;
    if (same(from, h.to)) continue;
    out.push({ kind: 'rules', path: h.path, from, to: h.to, ...(h.given ? { given: h.given } : {}) });
  }
  for (const [k, v] of Object.entries(variant.options)) if (!same(base.options[k], v)) out.push({ kind: 'option', path: k, from: base.options[k], to: v });
  const body: Array<{ path: string; from: unknown; to: unknown }> = [];
  diffPaths(base.input.body, variant.input.body, 'scenario', body, limit);
  for (const d of body) out.push({ kind: 'scenario', ...d });
  if (agents && baseAgents && !same(agents, baseAgents)) out.push({ kind: 'agents', path: 'agents', from: baseAgents.map(formatAgentChoice).join(', '), to: agents.map(formatAgentChoice).join(', ') });
  return out;
}

/** "10 → 12 (+2)", "new: {…}" */
export function changeText(c: Pick<VariantChange, 'from' | 'to' | 'given'>): string {
  const v = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));
  const to = `${v(c.to)}${c.given ? ` (${c.given})` : ''}`;
  return c.from === undefined ? `new: ${to}` : `${v(c.from)} → ${to}`;
}
