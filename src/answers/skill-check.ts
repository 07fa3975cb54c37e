/**
 * The skill check beside a verdict (`--skill-check [N]` of run and experiment): the first N games
 * of the plan replayed on the same seeds with the generic search agent `mcts` on every side (a
 * variant's own agent is kept where it differs from the baseline's, as `--pairings` does), and one
 * sentence on whether the verdict holds under that stronger play.
 *
 *  - A run's verdict holds when the side that clearly leads (its 95% interval above every other
 *    side's) still clearly leads with mcts on every side; it does not hold when another side
 *    clearly leads, or when none does and the leader's rate fell below its interval in the run; it
 *    cannot be told when the check has too few games to separate the sides. A run with no clear
 *    leader holds when the check has none either.
 *  - An experiment's verdict holds for a significant change (side A's paired win rate against the
 *    baseline, as --pairings judges it) that keeps its sign and significance in the check.
 *
 * The check rides in the plan (PlanFile.skillCheck; app/played-plan.ts plays it as one more group of
 * variants limited to its first games), so it works on shards, the queue and after a merge.
 */
import type { Agent, AgentChoice } from '../core/agent.ts';
import { formatAgentChoice } from '../core/agent.ts';
import { PlayScratch, playGame } from '../core/play.ts';
import { gameStreams } from '../core/rng/streams.ts';
import type { AnySystem, CompiledGame } from '../core/system.ts';
import { Tally } from '../core/tally.ts';
import { agentMakers } from '../agents/resolve.ts';
import { wilson } from '../analysis/intervals.ts';
import { findAgent } from '../scenario/agents.ts';
import type { RunPlan } from '../run/plan.ts';
import type { PairTable, Summary } from '../run/summary.ts';
import { pairedDiff, type PairedDiff } from '../analysis/paired.ts';
import { sideName } from '../report/text.ts';

export interface SkillCheckSpec {
  /** Games replayed (the plan's first ones). */
  readonly games: number;
  /** The agent of every side. */
  readonly agents: readonly AgentChoice[];
}

/** The stronger player: `mcts` at its default budget on every side; undefined when the system does not offer it. */
export function skillAgents(system: AnySystem, sides: number): AgentChoice[] | undefined {
  if (!findAgent(system, 'mcts')) return undefined;
  return Array.from({ length: sides }, () => ({ name: 'mcts', params: {} }));
}

/** Games of the run's agents played to measure the scenario's length (on seeds of their own: deterministic). */
const PILOT_GAMES = 4;

/**
 * Decisions per game (forced moves excluded) of `agents` on the game, over PILOT_GAMES games: the
 * run's agents when they are the system's own (scripted or random), else its default agents (a search
 * agent in the run would make the measurement cost what it measures).
 */
export function decisionsPerGame(c: { readonly system: AnySystem; readonly compiled: CompiledGame }, agents: readonly AgentChoice[]): number {
  const own = new Set(c.system.agents.map((f) => f.name));
  const sides = c.compiled.sides.length;
  const played = agents.length === sides && agents.every((a) => own.has(a.name)) ? agents : c.system.defaultAgents.slice(0, sides);
  if (played.length !== sides) return 1;
  const makers = agentMakers(c.system, c.compiled, played);
  const tally = new Tally(c.compiled.metrics);
  const scratch = new PlayScratch(c.compiled);
  let decisions = 0;
  for (let g = 0; g < PILOT_GAMES; g++) {
    const seated = makers.map((make, side): Agent => {
      const a = make(side);
      return { decide: (ctx) => (decisions++, a.decide(ctx)) };
    });
    playGame(c.compiled, seated, gameStreams('skill-check-pilot', g, sides), tally, scratch);
  }
  return Math.max(1, decisions / PILOT_GAMES);
}

/**
 * What a game of the check costs, in games of the run's agents, and the default size of a check:
 * about the run's own time.
 *   - mode=switch (the default): where the portfolio disagrees, `iterations` continuations of the
 *     rest of the game are played, so a game costs in proportion to iterations × its length:
 *     measured (27 Nov 2026, every bundled Panzer Vor!, MGV, AT-43 and Ma.K main scenario, the duel,
 *     kuromorimine-line, access-route) at 0.6 to 5.8 × L scripted games at 96 iterations, L the
 *     decisions of a scripted game (12 in the duel, 300 in kuromorimine-line), taken as
 *     iterations × L / 48; a fixed 192 was 6 times too few on kuromorimine-line;
 *   - mode=tree: iterations × (depth + 2) simulated steps per decision, about a quarter of that many
 *     scripted decisions (measured from 25x to 300x).
 * The check replays games / ratio games, at least 20 (or all of a shorter run): fewer could not
 * separate the sides. `floored`: the 20-game floor made the check dearer than the run.
 */
export function skillCheckSize(c: { readonly system: AnySystem; readonly compiled: CompiledGame }, games: number, agents: readonly AgentChoice[]): { games: number; ratio: number; floored: boolean } {
  const f = findAgent(c.system, 'mcts');
  const it = Number(f?.params.iterations?.default ?? 96);
  const depth = Number(f?.params.depth?.default ?? 6);
  const ratio = f?.params.mode?.default === 'tree' ? Math.max(1, (it * (depth + 2)) / 4) : Math.max(1, (it * decisionsPerGame(c, agents)) / 48);
  const sized = Math.floor(games / ratio);
  return { games: Math.min(games, Math.max(20, sized)), ratio, floored: sized < 20 && games > 20 };
}

/** The default number of games of a check (skillCheckSize). */
export function defaultSkillGames(c: { readonly system: AnySystem; readonly compiled: CompiledGame }, games: number, agents: readonly AgentChoice[]): number {
  return skillCheckSize(c, games, agents).games;
}

export interface SkillRate {
  readonly side: string;
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

export interface SkillCheckResult {
  /** The first screen's sentence. */
  readonly sentence: string;
  readonly games: number;
  readonly agents: string;
  /** true holds, false does not hold, null cannot be told. */
  readonly holds: boolean | null;
  /** Runs: every side's win rate in the run and in the check. */
  readonly run?: { readonly own: readonly SkillRate[]; readonly check: readonly SkillRate[] };
  /** Experiments: each variant's change of side A's win rate, in the run and in the check. */
  readonly changes?: ReadonlyArray<{ readonly variant: string; readonly own: PairedDiff; readonly check: PairedDiff; readonly holds: boolean | null }>;
}

function rates(s: Summary, sides: readonly string[]): SkillRate[] {
  return sides.map((side, i) => {
    const [lo, hi] = wilson(s.wins[i] ?? 0, s.games);
    return { side, p: s.games ? (s.wins[i] ?? 0) / s.games : NaN, lo, hi };
  });
}

/** The side whose interval is above every other side's, or -1. */
function leader(r: readonly SkillRate[]): number {
  let best = 0;
  for (let i = 1; i < r.length; i++) if (r[i].p > r[best].p) best = i;
  return r.every((x, i) => i === best || x.hi < r[best].lo) ? best : -1;
}

const pct = (x: number) => (100 * x).toFixed(0);
const rateText = (r: SkillRate) => `${sideName(r.side)} ${pct(r.p)}% (${pct(r.lo)}–${pct(r.hi)})`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`;
const pts = (d: PairedDiff) => `${signed(d.diff)} pts [${signed(d.lo)}, ${signed(d.hi)}]`;

function onEvery(agents: readonly AgentChoice[], sides: number): string {
  const names = [...new Set(agents.map(formatAgentChoice))];
  return names.length === 1 ? `${names[0]} on ${sides === 2 ? 'both sides' : 'every side'}` : agents.map(formatAgentChoice).join(' vs ');
}

/** A run's skill check: the run's summary beside the check's. */
export function runSkillCheck(sides: readonly string[], own: Summary, check: Summary, spec: SkillCheckSpec): SkillCheckResult {
  const o = rates(own, sides);
  const c = rates(check, sides);
  const lo = leader(o);
  const lc = leader(c);
  const who = onEvery(spec.agents, sides.length);
  const n = `${check.games.toLocaleString('en-US')} games on the same seeds`;
  let holds: boolean | null;
  let sentence: string;
  const best = (r: readonly SkillRate[]) => r.reduce((b, x, i) => (x.p > r[b].p ? i : b), 0);
  if (lo >= 0) {
    if (lc === lo) {
      holds = true;
      sentence = `Skill check: holds: ${rateText(c[lc])} with ${who} (${n}).`;
    } else if (lc >= 0) {
      holds = false;
      sentence = `Skill check: does not hold: ${rateText(c[lc])} with ${who}, where the run's agents give ${rateText(o[lo])} (${n}).`;
    } else if (c[lo].hi < o[lo].lo) {
      holds = false;
      sentence = `Skill check: does not hold: no side is clearly ahead with ${who}, ${rateText(c[lo])} where the run's agents give ${rateText(o[lo])} (${n}).`;
    } else {
      holds = null;
      sentence = `Skill check: cannot tell: with ${who} ${rateText(c[best(c)])}, no side clearly ahead over ${n}; give --skill-check a larger N.`;
    }
  } else if (lc < 0) {
    holds = true;
    sentence = `Skill check: holds: no side is clearly ahead with ${who} either, ${rateText(c[best(c)])} (${n}).`;
  } else {
    holds = false;
    sentence = `Skill check: does not hold: ${rateText(c[lc])} with ${who}, where no side was clearly ahead with the run's agents (${n}).`;
  }
  return { sentence, games: check.games, agents: who, holds, run: { own: o, check: c } };
}

/**
 * An experiment's skill check: every variant's paired change of side A's win rate in the run
 * (ownPairs[v]) and in the check (checkPairs[v]); the verdict is about the significant ones.
 */
export function experimentSkillCheck(names: readonly string[], baseline: number, ownPairs: readonly PairTable[], checkPairs: readonly PairTable[], checkGames: number, spec: SkillCheckSpec, sides: number, agentVariants: readonly string[] = []): SkillCheckResult {
  const who = onEvery(spec.agents, sides) + (agentVariants.length ? ` (${agentVariants.join(', ')} keep${agentVariants.length === 1 ? 's its' : ' their'} own agent where it changes one)` : '');
  const sign = (d: PairedDiff) => (d.lo > 0 ? 1 : d.hi < 0 ? -1 : 0);
  const changes = names.flatMap((variant, v) => {
    if (v === baseline) return [];
    const own = pairedDiff(ownPairs[v], 0);
    const check = pairedDiff(checkPairs[v], 0);
    const s = sign(own);
    return [{ variant, own, check, holds: s === 0 ? null : sign(check) === s }];
  });
  const sig = changes.filter((c) => c.holds !== null);
  const head = `Skill check with ${who}, ${checkGames.toLocaleString('en-US')} games on the same seeds`;
  let sentence: string;
  let holds: boolean | null;
  if (sig.length === 0) {
    const appear = changes.filter((c) => sign(c.check) !== 0);
    holds = appear.length === 0;
    sentence = appear.length === 0 ? `${head}: holds: no change of side A's win rate is significant there either.` : `${head}: does not hold: ${appear.map((c) => `${c.variant} changes side A's win rate ${pts(c.check)}`).join('; ')}, where the run's agents show no significant change.`;
  } else {
    const kept = sig.filter((c) => c.holds);
    const lost = sig.filter((c) => !c.holds);
    holds = lost.length === 0;
    sentence =
      lost.length === 0
        ? `${head}: holds: ${sig.length === 1 ? `the significant change (${sig[0].variant}, ${pts(sig[0].check)} there)` : `all ${sig.length} significant changes`} keep${sig.length === 1 ? 's' : ''} sign and significance.`
        : `${head}: does not hold for ${lost.map((c) => `${c.variant} (${pts(c.check)} there, ${pts(c.own)} with the run's agents)`).join('; ')}${kept.length ? `; holds for ${kept.map((c) => c.variant).join(', ')}` : ''}.`;
  }
  return { sentence, games: checkGames, agents: who, holds, changes };
}

/** The check of a played plan (its summaries and pair tables, every played variant included). */
export function skillCheckOfPlan(
  pf: { readonly plan: RunPlan; readonly pairings?: readonly (readonly AgentChoice[])[]; readonly skillCheck?: SkillCheckSpec },
  summaries: readonly Summary[],
  pairs: readonly PairTable[],
  sides: readonly string[],
): SkillCheckResult | undefined {
  const spec = pf.skillCheck;
  if (!spec) return undefined;
  const v = pf.plan.variants.length;
  const at = v * (1 + (pf.pairings?.length ?? 0));
  if (summaries.length < at + v) return undefined;
  if (pf.plan.baseline < 0 || v === 1) return runSkillCheck(sides, summaries[0], summaries[at], spec);
  return experimentSkillCheck(
    pf.plan.variants.map((x) => x.name),
    pf.plan.baseline,
    pairs.slice(0, v),
    pairs.slice(at, at + v),
    summaries[at].games,
    spec,
    sides.length,
    pf.plan.variants.filter((x) => x.agents.some((a, s) => formatAgentChoice(a) !== formatAgentChoice(pf.plan.variants[pf.plan.baseline].agents[s] ?? a))).map((x) => x.name),
  );
}

/**
 * The sentence `salvo sensitivity` and `salvo balance` add to their verdict: the agents their answer
 * rests on, and how to check a verdict of theirs under stronger play.
 */
export function restsOnAgents(sides: readonly string[], agents: readonly AgentChoice[], check: string): string {
  const who = agents.map((a, i) => `${sides[i] === undefined ? `side ${i}` : sideName(sides[i])}: ${formatAgentChoice(a)}`).join(', ');
  return `This answer rests on the agents (${who}); whether it survives stronger play: ${check} --skill-check.`;
}
