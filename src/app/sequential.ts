/**
 * What a plan plays and when it stops, the same for one process, shards and the queue:
 *  - the stopping rounds: fixed sets of batches (`--precision` or `--sprt`), so the stopping point
 *    depends only on the plan, never on the number of shards, workers or queue consumers;
 *  - the stopping rule, checked after each complete round in order (the GSPRT of
 *    src/answers/sprt.ts, or every variant's side-0 win-rate half-width);
 *  - the played variants: with `--pairings`, the experiment's variants replayed under each other
 *    agent pairing, in the same batches on the same dice (variant groups of the played plan), so
 *    the replays stop where the experiment stops and shard, merge and queue like any variant.
 */
import { wilson } from '../analysis/intervals.ts';
import { evenTest } from '../analysis/equivalence.ts';
import type { PlanResult, StopRule } from '../run/pool.ts';
import type { PairTable, Summary } from '../run/summary.ts';
import { sprtMonitor, type SprtResult } from '../answers/sprt.ts';
import { robustness, type RobustResult, type RobustVariant } from '../answers/robust.ts';
import { pairedDiff } from '../analysis/paired.ts';
import type { PlanFile } from './plan-file.ts';
import { pairingName } from './played-plan.ts';

export { pairingName, planBatchesOf, playedPlan, playedVariantCount, roundCount, roundGamesOf } from './played-plan.ts';

/** One check of the stopping rule after a complete round: its games, the pair tables it saw (GSPRT) and its answer. */
export interface StopCheck {
  readonly games: number;
  readonly pairs?: PairTable[];
  readonly done: boolean;
}

/** The stopping rule of one run of the plan (fresh: the GSPRT keeps each variant's decision and trace). */
export interface Stopping {
  readonly rule?: StopRule;
  /** The GSPRT's decisions and LLR traces so far (`--sprt` plans). */
  readonly sprt?: () => SprtResult;
  /** The checks made so far, for a checkpoint. */
  readonly checks: () => StopCheck[];
  /**
   * Replays the checks a run made before it was interrupted (from its checkpoint), so that a
   * resumed GSPRT keeps the decisions and trace of the earlier rounds.
   */
  readonly restore: (checks: readonly StopCheck[]) => void;
}

export function planStopping(pf: PlanFile): Stopping {
  const v = pf.plan.variants.length;
  const made: StopCheck[] = [];
  let check: ((pairs: readonly PairTable[], summaries: readonly Summary[], games: number) => boolean) | undefined;
  let roundGames = 0;
  let sprt: (() => SprtResult) | undefined;
  if (pf.sprt) {
    const { roundGames: rg, ...spec } = pf.sprt;
    const monitor = sprtMonitor(spec, pf.plan.baseline, v);
    roundGames = rg;
    check = (pairs, summaries, games) => monitor.stop(summaries, pairs, games);
    sprt = monitor.result;
  } else if (pf.even) {
    // Each look decides at α / K (K the rounds the plan may play: Bonferroni over the looks), so
    // stopping when every variant looks decided does not raise the error rate of the answer, which
    // is the two one-sided tests at α on the games played (a variant decided at α / K is decided
    // the same way at α on the same games).
    const even = pf.even;
    roundGames = even.roundGames;
    const looks = Math.max(1, Math.ceil(pf.plan.games / even.roundGames));
    check = (_pairs, summaries) => summaries.every((x) => evenTest(x.wins[even.side] ?? 0, x.draws, x.games, even.margin, even.alpha / looks).decision !== 'undecided');
  } else if (pf.stop) {
    const stop = pf.stop;
    roundGames = stop.roundGames;
    check = (_pairs, summaries) =>
      summaries.every((x) => {
        const [lo, hi] = wilson(x.wins[0] ?? 0, x.games);
        return (hi - lo) / 2 <= stop.halfWidth;
      });
  }
  const rule: StopRule | undefined = check && {
    roundGames,
    done: (summaries, pairs) => {
      const games = summaries[0]?.games ?? 0;
      // A round checked before an interruption is not checked twice (the GSPRT would record it twice).
      const earlier = made.find((c) => c.games === games);
      if (earlier) return earlier.done;
      const p = pairs.slice(0, v);
      const done = check(p, summaries.slice(0, v), games);
      made.push({ games, ...(pf.sprt ? { pairs: structuredClone(p) } : {}), done });
      return done;
    },
  };
  return {
    ...(rule ? { rule } : {}),
    ...(sprt ? { sprt } : {}),
    checks: () => made.slice(),
    restore: (checks) => {
      for (const c of checks) {
        if (made.some((m) => m.games === c.games)) continue;
        made.push({ ...c, done: pf.sprt && check ? check(c.pairs ?? [], [], c.games) : c.done });
      }
    },
  };
}

/** Each variant's paired change against the baseline under every pairing (the experiment's own first). */
export function robustOf(pf: PlanFile, pairs: readonly PairTable[]): RobustResult | undefined {
  const pairings = pf.pairings ?? [];
  if (pairings.length === 0 || pf.plan.baseline < 0) return undefined;
  const v = pf.plan.variants.length;
  const names = [pairingName(pf.plan.variants[pf.plan.baseline].agents), ...pairings.map(pairingName)];
  const variants: RobustVariant[] = [];
  for (let i = 0; i < v; i++) {
    if (i === pf.plan.baseline) continue;
    const changes = names.map((pairing, g) => ({ pairing, ...pairedDiff(pairs[g * v + i], 0) }));
    const verdict = robustness(changes);
    variants.push({ variant: i, changes, robust: verdict === 'robust', verdict });
  }
  return { pairings: names, variants };
}

/** The result as reported: the experiment's own variants (the pairing replays go to robustOf). */
export function reportedResult(pf: PlanFile, raw: PlanResult): PlanResult {
  const v = pf.plan.variants.length;
  if (raw.summaries.length === v) return { ...raw, plan: pf.plan };
  return { ...raw, plan: pf.plan, summaries: raw.summaries.slice(0, v), pairs: raw.pairs.slice(0, v) };
}
