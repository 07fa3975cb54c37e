/**
 * Verdicts that survive a better player: the same experiment replayed under other agent
 * pairings (every variant's agents replaced, same seed and games, so the dice are common), and
 * each variant's paired change against the baseline compared across them. A change is robust
 * when it keeps its sign and its 95% significance under every pairing.
 */
import type { AgentChoice } from '../core/agent.ts';
import { formatAgentChoice } from '../core/agent.ts';
import { InputError } from '../core/errors.ts';
import { agentChoiceWithSets } from '../scenario/param-set.ts';
import type { RunPlan } from '../run/plan.ts';
import { runPlan, type RunOptions } from '../run/pool.ts';
import { pairedDiff, type PairedDiff } from '../analysis/paired.ts';

export interface RobustVariant {
  readonly variant: number;
  /** One paired change of side A's win rate per pairing (the experiment's own first). */
  readonly changes: ReadonlyArray<{ pairing: string } & PairedDiff>;
  readonly robust: boolean;
  readonly verdict: 'robust' | 'not robust' | 'no effect';
}

export interface RobustResult {
  readonly pairings: readonly string[];
  readonly variants: readonly RobustVariant[];
}

/** 'a,b;c,d' (agents may name parameter sets, 'gunline@tuned.json', read relative to `base`). */
export function parsePairings(text: string, base = process.cwd()): AgentChoice[][] | null {
  try {
    const out = text
      .split(';')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((part) => part.split(',').map((n) => agentChoiceWithSets(n, base)));
    return out.length && out.every((p) => p.every((c) => c.name)) ? out : null;
  } catch (e) {
    if (e instanceof InputError) throw e;
    return null;
  }
}

/** Classifies a variant's changes across pairings. */
export function robustness(changes: readonly PairedDiff[]): RobustVariant['verdict'] {
  const sig = changes.map((c) => (c.lo > 0 ? 1 : c.hi < 0 ? -1 : 0));
  if (sig.every((s) => s === 0)) return 'no effect';
  return sig.every((s) => s === sig[0]) ? 'robust' : 'not robust';
}

/** Replays the plan under each extra pairing and pairs every variant with the baseline there. */
export async function robustAcross(plan: RunPlan, ownPairs: ReadonlyArray<number[][]>, pairings: readonly AgentChoice[][], opts: Pick<RunOptions, 'workers' | 'batchSize'>, games: number): Promise<RobustResult> {
  const names = [plan.variants[Math.max(0, plan.baseline)].agents.map(formatAgentChoice).join(' vs ')];
  const perPairing: Array<ReadonlyArray<number[][]>> = [ownPairs];
  for (const agents of pairings) {
    // A side keeps a variant's own agent where it differs from the baseline's (an agent variant).
    const base = plan.variants[Math.max(0, plan.baseline)].agents;
    const same = (a: AgentChoice, b: AgentChoice) => formatAgentChoice(a) === formatAgentChoice(b);
    const p: RunPlan = { ...plan, games, variants: plan.variants.map((v) => ({ ...v, agents: v.agents.map((a, s) => (same(a, base[s]) ? agents[s] : a)) })) };
    const r = await runPlan(p, opts);
    perPairing.push(r.pairs);
    names.push(agents.map(formatAgentChoice).join(' vs '));
  }
  const variants: RobustVariant[] = [];
  plan.variants.forEach((_, v) => {
    if (v === plan.baseline) return;
    const changes = perPairing.map((pairs, i) => ({ pairing: names[i], ...pairedDiff(pairs[v], 0) }));
    const verdict = robustness(changes);
    variants.push({ variant: v, changes, robust: verdict === 'robust', verdict });
  });
  return { pairings: names, variants };
}
