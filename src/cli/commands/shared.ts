import { existsSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Command } from 'commander';
import { agentList, fraction01, nonNegativeInt, positiveInt, seedValue } from '../flags.ts';
import { progressBar } from '../progress.ts';
import { InputError } from '../../scenario/errors.ts';
import { formatAgentChoice } from '../../core/agent.ts';
import { excerpt } from '../../core/errors.ts';
import { GameTimeoutError } from '../../run/watchdog.ts';
import type { InterruptedOutcome, PlanContext, RunOutcome } from '../../app/execute.ts';
import type { LoadedScenario } from '../../scenario/load.ts';
import { readPlanFile, type PlanFile } from '../../app/plan-read.ts';
import { playedVariantCount } from '../../app/played-plan.ts';
import { parseShard, runShard, shardFromEnv, writePartial, type Shard } from '../../app/shard.ts';
import { BatchPool, defaultWorkers } from '../../run/pool.ts';

type Opts = Record<string, string | boolean | undefined>;
const CMD = 'command line';

/** Default per-game time bound of `run` and `experiment` (issue 12 item 6). */
export const DEFAULT_GAME_TIMEOUT_S = 60;
/**
 * Default bound of a game where a side searches (mcts, lookahead: every skill-check game). A
 * skill-check game of kuromorimine-line takes about 15 s on an idle 2-core machine; with the
 * machine shared (or four times slower) it passed 60 s and failed the whole run, so search games
 * get ten times the scripted bound: still a hang caught, never a sound game.
 */
export const DEFAULT_SEARCH_GAME_TIMEOUT_S = 600;

/** The per-game bounds of a run in ms (0 = none): scripted games, and games where a side searches. */
export interface GameTimeouts {
  readonly gameTimeoutMs: number;
  readonly searchGameTimeoutMs: number;
}
/** Exit code of a run failed by the per-game watchdog (2 is bad input). */
export const EXIT_GAME_TIMEOUT = 3;

/** --game-timeout S: seconds (decimals allowed), 0 = off, the bound of every game; absent: the defaults above. */
export function gameTimeouts(v: string | undefined): GameTimeouts {
  if (v === undefined) return { gameTimeoutMs: DEFAULT_GAME_TIMEOUT_S * 1000, searchGameTimeoutMs: DEFAULT_SEARCH_GAME_TIMEOUT_S * 1000 };
  const t = String(v).trim();
  const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n) || n > 86400 * 7) throw new InputError(CMD, [{ path: '--game-timeout', message: `expected seconds from 0 (no bound) to 604800, got '${excerpt(v, 40)}'` }]);
  const ms = Math.round(n * 1000);
  return { gameTimeoutMs: ms, searchGameTimeoutMs: ms };
}

/** After a queued run has ended, the process ends within this long even if a connection lingers. */
const EXIT_GRACE_MS = 500;

/** `--queue-timeout S`: how long Redis may stay away during a queued run (0 = no bound). */
export function queueTimeoutMs(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const t = String(v).trim();
  const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n) || n > 86400 * 7) throw new InputError(CMD, [{ path: '--queue-timeout', message: `expected seconds from 0 (no bound) to 604800, got '${excerpt(v, 40)}'` }]);
  return n === 0 ? Infinity : Math.round(n * 1000);
}

/** How to see the game that timed out, move by move. */
export function replayHint(kind: 'run' | 'experiment', source: string, viaPlan: boolean, e: GameTimeoutError): string {
  const t = e.timedOut;
  const q = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  if (viaPlan) return `salvo replay --plan ${q(source)}${t.variants > 1 ? ` --variant ${q(t.variant)}` : ''} --game ${t.game}`;
  if (kind === 'run') return `salvo replay ${q(source)} --game ${t.game} --seed ${q(String(t.seed))} --agents ${q(t.agents.map(formatAgentChoice).join(','))}`;
  return `salvo plan ${q(source)} --seed ${q(String(t.seed))} --out plan.json && salvo replay --plan plan.json --variant ${q(t.variant)} --game ${t.game}`;
}

/** The options that make a plan (`run`, `experiment`, `plan` share them). */
export function addPlanOptions(cmd: Command, help: { games: string; batch: string }): Command {
  return cmd
    .option('-n, --games <N>', help.games)
    .option('-s, --seed <S>', "run seed, a number or a word (default: the file's, else 1)")
    .option('--batch <N>', `games per worker task (results do not depend on it; default ${help.batch})`)
    .option('--precision <H>', 'stop early once every win-rate 95% interval half-width is at most H (e.g. 0.01), checked after rounds of games')
    .option('--even [points]', "is it even? each variant's side score (default side A, or --side) 50% within ±points (default 2) by two one-sided tests; stops once every variant is decided (as question: even in the file)")
    .option('--skill-check [N]', "replay the first N games on the same seeds with mcts on every side and say whether the verdict holds under that stronger play (default N: about the run's own time)");
}

/** --skill-check [N]: true for the default size, else a whole number >= 1. */
export function skillCheckOption(v: string | boolean | undefined): number | true | undefined {
  if (v === undefined || v === false) return undefined;
  if (v === true) return true;
  return positiveInt('--skill-check', v);
}

/** The options `run` and `experiment` share. */
export function addPlayOptions(cmd: Command, help: { games: string; batch: string }): Command {
  return addPlanOptions(cmd, help)
    .option('--plan <FILE>', 'play a plan made by salvo plan (in place of a scenario or experiment file)')
    .option('-w, --workers <K>', 'worker threads; 0 plays in this thread (default: all cores)')
    .option('-o, --out <DIR>', 'report folder (default: reports/<file name>); with --shard, the partial result file')
    .option('--resume', 'continue an interrupted run from the checkpoint in its --out folder')
    .option('--shard <i/n>', 'play only shard i of n of a --plan (batches k with k mod n = i) and write a partial result to --out')
    .option('--shard-from-env', 'take the shard index from SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX')
    .option('--shards <N>', 'number of shards, with --shard-from-env (Slurm and AWS Batch give it themselves)')
    .option('--round <R>', 'with --shard and a --precision plan: play only stopping round R')
    .option('--queue <URL>', 'play on a BullMQ queue in Redis (redis://host:port), served by salvo worker processes')
    .option('--queue-timeout <S>', 'with --queue: stop (exit 3, checkpoint kept) if Redis stays unreachable longer than S seconds (0 = wait for ever; default 180)')
    .option('--game-timeout <S>', `fail the run if one game plays longer than S seconds (names the game to replay; 0 = no bound; default ${DEFAULT_GAME_TIMEOUT_S}, and ${DEFAULT_SEARCH_GAME_TIMEOUT_S} for a game where a side plays mcts or lookahead, as in the skill check). Inline (-w 0) only a game that keeps making decisions is caught`)
    .option('--json', 'print the summary as JSON on stdout')
    .option('--no-progress', 'no progress bar');
}

/** The plan a command plays: made from the file and flags, or read from --plan (whose flags are fixed). */
export async function resolvePlan(kind: 'run' | 'experiment', file: string | undefined, o: Opts, pool?: BatchPool): Promise<{ pf: PlanFile; ctx?: PlanContext; source: string }> {
  if (o.plan !== undefined) {
    if (file !== undefined) throw new InputError(CMD, [{ path: '--plan', message: `give either a ${kind === 'run' ? 'scenario' : 'experiment'} file or --plan, not both` }]);
    const fixed = ['games', 'seed', 'batch', 'precision', 'agents', 'sprt', 'side', 'pairings', 'set', 'even', 'skillCheck'].filter((k) => o[k] !== undefined);
    if (fixed.length) throw new InputError(CMD, [{ path: `--${fixed[0].replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`, message: 'is fixed by the plan; make a new plan with salvo plan to change it' }]);
    // With a pool (a shard), its worker hashes the rules data: this thread never loads the systems.
    return { pf: await readPlanFile(o.plan as string, pool ? { rulesHash: (ids) => pool.rulesHash(ids) } : {}), source: o.plan as string };
  }
  if (file === undefined) throw new InputError(CMD, [{ path: kind === 'run' ? '<scenario>' : '<experiment>', message: `expected a ${kind === 'run' ? 'scenario' : 'experiment'} file or --plan FILE` }]);
  // Making a plan needs the scenario loaders and the experiment code (a shard of a --plan does not).
  const [{ loadSystemsOfFile }, { experimentPlan, scenarioPlan }, { parseSet }, { evenOption, pairingsOption, sprtOption }] = await Promise.all([
    import('../../scenario/systems.ts'),
    import('../../app/plan-file.ts'),
    import('../../scenario/sets.ts'),
    import('./sequential-options.ts'),
  ]);
  await loadSystemsOfFile(file);
  const even = evenOption(o.even as string | boolean | undefined, o.side as string | undefined);
  const req = {
    games: positiveInt('--games', o.games as string | undefined),
    seed: seedValue(o.seed as string | undefined),
    batchSize: positiveInt('--batch', o.batch as string | undefined),
    targetHalfWidth: fraction01('--precision', o.precision as string | undefined),
    ...(even ? { even } : {}),
    skillCheck: skillCheckOption(o.skillCheck),
  };
  const rawSets: unknown = o.set;
  const sets = (Array.isArray(rawSets) ? rawSets.map(String) : []).map(parseSet);
  if (kind === 'run') {
    const { pf, loaded } = scenarioPlan(file, { ...req, agents: agentList(o.agents as string | undefined), sets });
    await noteSkillCheckCost(pf, loaded, req.skillCheck);
    return { pf, ctx: { base: loaded, variants: [loaded] }, source: file };
  }
  const { pf, base, variants } = experimentPlan(file, { ...req, sets, sprt: sprtOption(o.sprt as string | undefined, o.side as string | undefined, even !== undefined), pairings: pairingsOption(o.pairings as string | undefined) });
  await noteSkillCheckCost(pf, base, req.skillCheck);
  return { pf, ctx: { base, variants }, source: file };
}

/**
 * A default-sized skill check (`--skill-check` without N) never has fewer than 20 games; when that
 * floor makes it dearer than the run itself (a long scenario, few games), say so before it starts.
 */
async function noteSkillCheckCost(pf: PlanFile, base: LoadedScenario, asked: number | true | undefined): Promise<void> {
  if (asked !== true || !pf.skillCheck) return;
  const { skillCheckSize } = await import('../../answers/skill-check.ts');
  const size = skillCheckSize(base, pf.plan.games, pf.plan.variants[Math.max(0, pf.plan.baseline)].agents);
  if (!size.floored) return;
  const times = (size.games * size.ratio) / pf.plan.games;
  process.stderr.write(
    `skill check: ${size.games} games with mcts on every side, the fewest that can separate the sides; a game of it costs about ${Math.round(size.ratio)} games of the run's agents here, so the check takes about ${times < 10 ? times.toFixed(1) : Math.round(times)} times the run's own time (--skill-check N to choose N)\n`,
  );
}

/** Runs `salvo run` / `salvo experiment`: on this machine (with checkpoints), as one shard, or on a queue. */
export async function playCommand(kind: 'run' | 'experiment', file: string | undefined, o: Opts): Promise<void> {
  const workers = nonNegativeInt('--workers', o.workers as string | undefined);
  const timeouts = gameTimeouts(o.gameTimeout as string | undefined);
  const shard = shardOf(o);
  if (shard && o.queue === undefined) return playShard(kind, file, o, shard, workers, timeouts);
  const { pf, ctx, source } = await resolvePlan(kind, file, o);
  if (o.queue !== undefined) {
    const { runOnQueue } = await import('../../app/queue.ts');
    const queueTimeout = queueTimeoutMs(o.queueTimeout as string | undefined);
    await withSignals(async (signal) => {
      const shown = o.progress !== false && !o.json;
      const bar = progressBar(shown);
      // The queue's news (rounds, a lost Redis) prints above the bar; with no bar, straight to stderr.
      const log = shown ? bar.log : (l: string) => void process.stderr.write(l + '\n');
      try {
        const outcome = await runOnQueue(o.queue as string, pf, { out: (o.out as string | undefined) ?? reportDir(source), signal, queueTimeoutMs: queueTimeout, onProgress: bar.update, log }, ctx);
        bar.stop();
        if (outcome) await printSummary(outcome, !!o.json);
        else if (signal.aborted) return 'interrupted';
        else process.exitCode = 3;
        return 'done';
      } finally {
        bar.stop();
      }
    }, () => '');
    // BullMQ's own connections may still be retrying a Redis that went away: they hold nothing.
    setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
    return;
  }
  // Loaded here, not above: a shard process never loads the analysis and report rendering.
  const { executePlan } = await import('../../app/execute.ts');
  const out = (o.out as string | undefined) ?? reportDir(source);
  if (o.resume && !existsSync(join(out, 'checkpoint.json'))) process.stderr.write(`--resume: no checkpoint in ${out}; starting from the beginning\n`);
  await withSignals(async (signal) => {
    const bar = progressBar(o.progress !== false && !o.json);
    let outcome: RunOutcome | InterruptedOutcome;
    try {
      const onResume = (games: number, batches: number) => {
        // (before the first game: the bar is not drawn yet)
        process.stderr.write(`--resume: ${games.toLocaleString('en-US')} of ${pf.plan.games.toLocaleString('en-US')} games${pf.plan.variants.length > 1 ? ' per variant' : ''} already played (${batches} batch${batches === 1 ? '' : 'es'} in ${join(out, 'checkpoint.json')}); playing the rest\n`);
        bar.from(games * playedVariantCount(pf));
      };
      outcome = await executePlan(pf, { workers, out, resume: !!o.resume, signal, onProgress: bar.update, onResume, ...timeouts }, ctx);
    } catch (e) {
      if (!(e instanceof GameTimeoutError)) throw e;
      bar.stop();
      // No report: the run failed. (Batches merged before it stay in the checkpoint, if any.)
      process.stderr.write(`error: ${e.message}; the run stopped and no report was written.\nsee that game move by move: ${replayHint(kind, source, o.plan !== undefined, e)}\n(raise or turn off the bound with --game-timeout S, 0 = none)\n`);
      process.exitCode = EXIT_GAME_TIMEOUT;
      return 'done';
    } finally {
      bar.stop();
    }
    if (outcome.interrupted) {
      const r = outcome.result;
      process.stderr.write(`stopped after ${r.merged.size} batches (${r.summaries[0]?.games ?? 0} of ${pf.plan.games} games per variant); checkpoint in ${join(out, 'checkpoint.json')}\n`);
      return 'interrupted';
    }
    await printSummary(outcome, !!o.json);
    return 'done';
  }, () => `resume with: ${resumeCommand()}`);
}

/**
 * One shard of a plan, written to a partial file. Its worker threads start while the plan is read
 * and checked, and hash the plan's rules data for that check: the main thread never loads the rule
 * systems (issue 11: a shard process's fixed start-up cost).
 */
async function playShard(kind: 'run' | 'experiment', file: string | undefined, o: Opts, shard: Shard, workers: number | undefined, timeouts: GameTimeouts): Promise<void> {
  if (o.resume) throw new InputError(CMD, [{ path: '--resume', message: 'a shard is retried as a whole: run the same command again' }]);
  const round = nonNegativeInt('--round', o.round as string | undefined);
  const pool = new BatchPool(workers ?? defaultWorkers());
  try {
    const { pf } = await resolvePlan(kind, file, o, pool);
    const out = (o.out as string | undefined) ?? join('parts', `${pf.id.slice(0, 12)}-${shard.index}-of-${shard.count}${round !== undefined ? `-round-${round}` : ''}.json`);
    await withSignals(async (signal) => {
      const bar = progressBar(o.progress !== false && !o.json);
      const partial = await runShard(pf, shard, { pool, round, signal, onProgress: bar.update, ...timeouts }).finally(() => bar.stop());
      if (!partial) return 'interrupted';
      writePartial(out, partial);
      const batches = partial.segments.reduce((s, g) => s + g.batches.length, 0);
      process.stderr.write(`shard ${shard.index}/${shard.count}: ${batches} batches, partial result in ${out}\n`);
      return 'done';
    }, () => `shard ${shard.index}/${shard.count} stopped; nothing written: run the same command again`);
  } finally {
    await pool.destroy();
  }
}

function shardOf(o: Opts): Shard | undefined {
  if (o.shard !== undefined && o.shardFromEnv) throw new InputError(CMD, [{ path: '--shard', message: 'give --shard i/n or --shard-from-env, not both' }]);
  if (o.shard !== undefined) return parseShard(o.shard as string);
  if (o.shardFromEnv) return shardFromEnv(process.env, positiveInt('--shards', o.shards as string | undefined));
  return undefined;
}

/** The command line again, with --resume. */
function resumeCommand(): string {
  const args = process.argv.slice(2);
  const quoted = args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`));
  return `salvo ${quoted.join(' ')}${args.includes('--resume') ? '' : ' --resume'}`;
}

/**
 * Ctrl-C or SIGTERM stop the run cleanly (batches in flight finish, the checkpoint is written);
 * a second one quits at once (every file is written atomically, so nothing is left half-written).
 */
export async function withSignals(run: (signal: AbortSignal) => Promise<'done' | 'interrupted'>, hint: () => string): Promise<void> {
  const ac = new AbortController();
  let got: NodeJS.Signals | undefined;
  const code = (s: NodeJS.Signals): number => (s === 'SIGINT' ? 130 : 143);
  const on = (s: NodeJS.Signals): void => {
    if (got) process.exit(code(s));
    got = s;
    process.stderr.write(`\n${s === 'SIGINT' ? 'Ctrl-C' : s}: stopping after the batches in flight (again to quit at once)\n`);
    ac.abort();
  };
  process.on('SIGINT', on);
  process.on('SIGTERM', on);
  try {
    const r = await run(ac.signal);
    if (r === 'interrupted') {
      const h = hint();
      if (h) process.stderr.write(h + '\n');
      process.exitCode = code(got ?? 'SIGINT');
    }
  } finally {
    process.off('SIGINT', on);
    process.off('SIGTERM', on);
  }
}

/** reports/<file name without extension> */
export function reportDir(file: string): string {
  return join('reports', basename(file, extname(file)));
}

/**
 * "  Δ Patient wins -10.4 pts [-11.4, -9.3] p=2.8e-77 | Δ shots per game -2.18 [-2.26, -2.10]": what
 * the experiment compares (`compare:`, default side A's win rate), named as in the report.
 */
function comparedText(v: RunOutcome['analysis']['variants'][number], compare: readonly string[] | undefined): string {
  if (!v.comparison) return '';
  const c = v.comparison;
  const asked = compare ?? [];
  const sides = asked.filter((x) => v.sides.includes(x));
  const rates = (v.comparisons ?? []).filter((m) => m.kind === 'rate' && (sides.length ? sides.some((x) => m.measure === `${x} wins`) : m.measure === `${v.sides[0]} wins`) || (m.measure === 'draws' && asked.includes('draws')));
  const means = (v.comparisons ?? []).filter((m) => m.kind === 'mean');
  const parts = rates.length ? rates.map((m) => `Δ ${m.label} ${(m.diff * 100).toFixed(1)} pts [${(m.lo * 100).toFixed(1)}, ${(m.hi * 100).toFixed(1)}]`) : [`Δ ${v.sides[0] ?? 'A'} wins ${(c.diff * 100).toFixed(1)} pts [${(c.lo * 100).toFixed(1)}, ${(c.hi * 100).toFixed(1)}]`];
  // McNemar's p-value is side A's (v.comparison): shown when side A's rate is the one shown.
  if (rates.length === 0 || (rates.length === 1 && rates[0].measure === `${v.sides[0]} wins`)) parts[0] += ` p=${c.pValue.toPrecision(2)}`;
  for (const m of means) parts.push(`Δ ${m.label} ${m.diff.toPrecision(3)} [${m.lo.toPrecision(3)}, ${m.hi.toPrecision(3)}]`);
  return '  ' + parts.join(' | ');
}

export async function printSummary(outcome: RunOutcome, json: boolean): Promise<void> {
  if (json) {
    process.stdout.write(outcome.files['summary.json']);
    return;
  }
  const [{ pct, percentDecimals }, { forcesText, verdictLines }, { sideName }] = await Promise.all([import('../../report/format.ts'), import('../../report/verdict-lines.ts'), import('../../report/text.ts')]);
  const { analysis, result } = outcome;
  const lines: string[] = [...verdictLines(outcome.report)];
  lines.push(`${outcome.report.title}: ${result.games} games${analysis.variants.length > 1 ? ` x ${analysis.variants.length} variants` : ''}, seed ${result.plan.seed}, ${(result.elapsedMs / 1000).toFixed(1)} s on ${result.workers || 'no'} worker${result.workers === 1 ? '' : 's'}`);
  const forces = forcesText(outcome.report.scenario.forces);
  if (forces) lines.push(`  forces${analysis.variants.length > 1 ? ' (base scenario)' : ''}: ${forces}`);
  const generator = outcome.report.scenario.system.kind === 'generator';
  for (const v of analysis.variants.slice(0, 40)) {
    if (generator) {
      lines.push(`  ${analysis.variants.length > 1 ? v.name + ': ' : ''}${v.scalars.map((s) => `${s.name} ${s.mean.toFixed(2)}`).join(', ')}`);
      continue;
    }
    const parts = v.outcomes.map((o) => {
      const d = percentDecimals(o.lo, o.hi);
      return `${sideName(o.outcome)} ${pct(o.p, d)} [${(o.lo * 100).toFixed(d)}, ${(o.hi * 100).toFixed(d)}]`;
    });
    const cap = v.reasons.find((r) => r.reason === 'safety-cap');
    const comp = comparedText(v, outcome.report.compare);
    lines.push(`  ${analysis.variants.length > 1 ? v.name + ': ' : ''}${parts.join(' | ')}${cap && cap.k > 0 ? ` | safety cap ${cap.k}` : ''}${comp}`);
  }
  if (analysis.variants.length > 40) lines.push(`  ... ${analysis.variants.length - 40} more variants in the report`);
  if (outcome.written) lines.push(`report: ${join(outcome.written.dir, 'report.html')}`);
  process.stdout.write(lines.join('\n') + '\n');
}
