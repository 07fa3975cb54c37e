/**
 * Two builds side by side, any scenario (issue 19: "npm run bench no slower than before"; written
 * for AT-43, whose sector55 is the default). Every figure is CPU time of the process
 * (process.cpuUsage): load on a shared machine inflates both builds alike, and alternating them
 * cancels slow drift. A build is a checkout with its dist/
 * built (`git worktree add /work/wt/x <commit> --detach && cd /work/wt/x && npm ci`).
 *
 *   npx tsx scripts/bench-builds.ts --builds A,B [--pairs 6] [--games 3000] [--agents 'gunline,assault;random,random']
 *       one process per build, A B A B ... `pairs` times; per case the CPU time per game and per
 *       decision of each build and the ratio A/B (median and range of the pairs; above 1: B faster)
 *   npx tsx scripts/bench-builds.ts --inproc A,B [--rounds 100] [--batch 200] [--agents gunline,assault]
 *       both builds in one process, batches of `batch` games alternated `rounds` times, each round
 *       on new games (the same for both): finer than --builds (a ratio of two copies of one build
 *       reads 1.00 with quartiles 0.97-1.03), for a change of a few per cent
 *   npx tsx scripts/bench-builds.ts --by-kind A,B [--rounds 100] [--batch 200] [--agents gunline,assault] [--cut-us 100] [--every 1]
 *       as --inproc, with a clock on each build's own game loop (its hooks): per kind of the action
 *       chosen (the system's action codec), decisions a game and ns a decision of the agent, the
 *       legal list and apply, A/B per kind, and the per-decision ratio re-weighted to A's mix and to
 *       B's, which splits a change in cost per decision from a change in the mix of decisions
 *       (scripts/bench-kinds.ts; a decision with a span over --cut-us, the process descheduled, is
 *       counted in the mix, not the costs; --every N times one decision in N). Each round also
 *       replays its games with no hook, for the whole ratio without the clock: the clock's reads
 *       slow one build's decisions more than the other's (AT-43 base/main: 0.85 a decision with
 *       it, 0.88 without), so read the per-kind ratios beside that line. 300 rounds: two copies of one build read
 *       1.00-1.03 on the whole and on the large kinds, 0.94-1.08 on the small ones
 *   npx tsx scripts/bench-builds.ts --share A [--games 1000] [--agents gunline,assault]
 *       the engine alone against the whole game: the same games replayed from a recording of the
 *       agents' decisions (median of 7 alternations), so real - replayed is the agents' own time
 *   npx tsx scripts/bench-builds.ts --agent-times A [--games 4000] [--agents gunline,assault] [--warm]
 *       each agent's decide() timed on its own by the kind of the action chosen, in the game (cold)
 *       or, with --warm, again at once on a new observation (AT-43 main: 32.3 µs a game cold, 18.0
 *       warm: the rest is running after the engine's work, out of the CPU's caches)
 *   --scenario F picks another scenario of any system (default scenarios/at43/sector55.yaml), with
 *   that system's agents in --agents.
 *   npx tsx scripts/bench-builds.ts --builds A,B --all [--pairs 6]
 *       every case of `npm run bench` that has players (scripts/bench-cases.ts, `perProcess` games a
 *       process): the issue-19 check "no slower than before", one table in one run
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BENCH_CASES } from './bench-cases.ts';
import { calibrate, emptyKindTimes, foldRound, KindClock, kindReport, spansPerGame } from './bench-kinds.ts';

type Agent = import('../src/core/agent.ts').Agent;
type AgentFactory = import('../src/core/agent.ts').AgentFactory;

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? '') : dflt;
};
const scenario = opt('scenario', 'scenarios/at43/sector55.yaml');

/** Bad command-line input: one line naming the flag and what was expected, exit 2 (no stack trace). */
function usage(msg: string): never {
  process.stderr.write(`bench-builds: ${msg}\n(read the header of scripts/bench-builds.ts for its modes)\n`);
  process.exit(2);
}
for (const flag of ['pairs', 'games', 'rounds', 'batch', 'cut-us', 'every']) {
  const v = opt(flag, '1');
  if (!/^[1-9]\d*$/.test(v)) usage(`--${flag}: expected a whole number >= 1, got '${v}'`);
}
if (!existsSync(resolve(scenario))) usage(`--scenario: no file '${scenario}'`);
/** The builds a mode names (`--builds A,B`, `--inproc A,B`: two; `--share A`: one), each a checkout with dist/ built. */
function buildRoots(flag: string, count: number): string[] {
  const roots = opt(flag, '').split(',').filter(Boolean).map((x) => resolve(x));
  if (roots.length !== count) usage(`--${flag}: expected ${count === 2 ? 'two checkouts, A,B' : 'one checkout'}, got '${opt(flag, '')}'`);
  for (const r of roots) if (!existsSync(join(r, 'dist', 'run', 'batch.js'))) usage(`--${flag}: ${r} is not a checkout with dist/ built (npm ci, or npm run build, there)`);
  return roots;
}

function median(xs: readonly number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const h = Math.floor(v.length / 2);
  return v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

const cpu = (): number => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

/** A build's modules, loaded from its dist/ (an older build has the same entry points). */
async function build(root: string) {
  const dist = (m: string): Promise<unknown> => import(join(root, 'dist', `${m}.js`));
  const { parseAgentChoice, resolveAgentParams } = (await dist('core/agent')) as typeof import('../src/core/agent.ts');
  const { playBatch } = (await dist('run/batch')) as typeof import('../src/run/batch.ts');
  const { planForScenario } = (await dist('app/plan-file')) as typeof import('../src/app/plan-file.ts');
  const { planKey } = (await dist('run/plan')) as typeof import('../src/run/plan.ts');
  const { loadScenarioFile } = (await dist('scenario/load')) as typeof import('../src/scenario/load.ts');
  const { loadSystemsOfFile } = (await dist('scenario/systems')) as typeof import('../src/scenario/systems.ts');
  const { PlayScratch, playGame } = (await dist('core/play')) as typeof import('../src/core/play.ts');
  const { GameStreamSet } = (await dist('core/rng/streams')) as typeof import('../src/core/rng/streams.ts');
  const { Tally } = (await dist('core/tally')) as typeof import('../src/core/tally.ts');
  // agent lookup: src/agents/resolve.ts now, src/core/agents.ts in older builds
  type Resolve = {
    findAgent: (system: never, name: string) => AgentFactory | undefined;
    /** The runner's makers (choices resolved once, an agent a game); absent in older builds. */
    agentMakers?: (system: never, game: never, choices: readonly string[]) => Array<(side: number) => Agent>;
  };
  let resolveModule: Resolve;
  try {
    resolveModule = (await dist('agents/resolve')) as Resolve;
  } catch {
    resolveModule = (await dist('core/agents')) as Resolve;
  }
  const { findAgent } = resolveModule;
  const agentMakers = resolveModule.agentMakers;
  const file = join(root, scenario);
  await loadSystemsOfFile(file);
  const loaded = loadScenarioFile(file);
  return { root, dist, loaded, parseAgentChoice, resolveAgentParams, playBatch, planForScenario, planKey, PlayScratch, playGame, GameStreamSet, Tally, findAgent, agentMakers };
}
type Build = Awaited<ReturnType<typeof build>>;

/** A function playing `count` games from game `start` (seed 1) with the given agents; returns the batch result. */
function batchOf(b: Build, agents: string, count: number) {
  const plan = b.planForScenario(b.loaded, { games: count, seed: 1, agents: agents.split(',').map(b.parseAgentChoice) });
  const key = b.planKey(plan);
  return (start: number) => b.playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 1, start, count });
}

interface One {
  usPerGame: number;
  decisionsPerGame: number;
  hash: string;
}

/** What each process of --builds runs: warm-up (batches of 500 games, seed 999, about 1 s of CPU), then the games timed. */
async function one(root: string, agents: string, games: number): Promise<One> {
  const b = await build(root);
  const plan = b.planForScenario(b.loaded, { games: 500, seed: 999, agents: agents.split(',').map(b.parseAgentChoice) });
  const key = b.planKey(plan);
  const w0 = cpu();
  for (let start = 0; cpu() - w0 < 1e6; start += 500) b.playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 999, start, count: 500 });
  const c0 = cpu();
  const r = batchOf(b, agents, games)(0);
  const c = cpu() - c0;
  const hash = createHash('sha256').update(JSON.stringify(r.summaries)).digest('hex').slice(0, 12);
  return { usPerGame: c / games, decisionsPerGame: r.summaries[0].decisions / games, hash };
}

/** One measured case of --builds: a scenario, its two agents and the games each process plays. */
interface BuildCase {
  scenario: string;
  agents: string;
  games: number;
}

async function builds(): Promise<void> {
  const roots = buildRoots('builds', 2);
  const pairs = Number(opt('pairs', '6'));
  const cases: BuildCase[] = args.includes('--all')
    ? BENCH_CASES.flatMap((c) => (c.perProcess ? [{ scenario: c.file, agents: c.agents.join(','), games: c.perProcess }] : []))
    : opt('agents', 'gunline,assault;random,random')
        .split(';')
        .map((agents) => ({ scenario, agents, games: Number(opt('games', '3000')) }));
  console.log(`${pairs} alternated pairs of processes per case; A = ${roots[0]}, B = ${roots[1]}`);
  const table: string[] = [];
  for (const c of cases) {
    const got: One[][] = [[], []];
    for (let p = 0; p < pairs; p++) {
      for (let i = 0; i < 2; i++) {
        const out = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--one', roots[i], '--agents', c.agents, '--games', String(c.games), '--scenario', c.scenario], { encoding: 'utf8' });
        if (out.status !== 0) throw new Error(out.stderr);
        got[i].push(JSON.parse(out.stdout.trim().split('\n').pop()!) as One);
      }
    }
    const ratios = got[0].map((a, i) => a.usPerGame / got[1][i].usPerGame);
    const dec = got.map((g) => g[0].decisionsPerGame);
    const perDec = ratios.map((r) => (r * dec[1]) / dec[0]);
    const us = got.map((g) => median(g.map((x) => x.usPerGame)));
    const range = (x: number[]) => `${Math.min(...x).toFixed(2)}–${Math.max(...x).toFixed(2)}`;
    console.log(`\n${c.scenario}, ${c.agents}, ${c.games} games per process`);
    for (let i = 0; i < 2; i++) console.log(`  ${'AB'[i]}: ${us[i].toFixed(1)} µs/game, ${dec[i].toFixed(1)} decisions/game, ${((1000 * us[i]) / dec[i]).toFixed(0)} ns/decision, summaries ${got[i][0].hash}`);
    console.log(`  A/B per game    : ${median(ratios).toFixed(2)} (${range(ratios)}; pairs ${ratios.map((x) => x.toFixed(2)).join(' ')})`);
    console.log(`  A/B per decision: ${median(perDec).toFixed(2)} (${range(perDec)})`);
    table.push(`| ${c.scenario.replace(/^scenarios\//, '').replace(/\.yaml$/, '')}, ${c.agents} | ${median(ratios).toFixed(2)} (${range(ratios)}) | ${median(perDec).toFixed(2)} (${range(perDec)}) | ${got[0][0].hash === got[1][0].hash ? 'same' : 'differ'} |`);
  }
  console.log(`\n| case | A/B per game | A/B per decision | summaries |\n|---|---|---|---|\n${table.join('\n')}`);
}

/** The flags of the two one-process modes (--inproc, --by-kind): two builds, rounds of `batch` games, the agents. */
function roundFlags(mode: string) {
  return { roots: buildRoots(mode, 2), rounds: Number(opt('rounds', '100')), batch: Number(opt('batch', '200')), agents: opt('agents', 'gunline,assault') };
}

async function inproc(): Promise<void> {
  const { roots, rounds, batch, agents } = roundFlags('inproc');
  const runs = [];
  for (const root of roots) runs.push(batchOf(await build(root), agents, batch));
  for (let i = 0; i < 6; i++) for (const run of runs) run(1e6 + i * batch); // warm-up on other games
  const t: number[][] = [[], []];
  for (let r = 0; r < rounds; r++) {
    // both builds play the same new games each round, in alternating order
    for (const i of r % 2 ? [1, 0] : [0, 1]) {
      const c0 = cpu();
      runs[i](r * batch);
      t[i].push((cpu() - c0) / batch);
    }
  }
  const ratios = t[0].map((a, i) => a / t[1][i]).sort((a, b) => a - b);
  const q = (p: number) => ratios[Math.floor(p * (rounds - 1))].toFixed(2);
  console.log(`${scenario}, ${agents}: ${rounds} alternated rounds of ${batch} games in one process; A = ${roots[0]}, B = ${roots[1]}`);
  console.log(`  A ${median(t[0]).toFixed(1)} µs/game, B ${median(t[1]).toFixed(1)} µs/game; A/B median ${median(ratios).toFixed(3)} (quartiles ${q(0.25)}–${q(0.75)})`);
}

async function share(): Promise<void> {
  const b = await build(buildRoots('share', 1)[0]);
  const games = Number(opt('games', '1000'));
  const game = b.loaded.compiled;
  const made = opt('agents', 'gunline,assault')
    .split(',')
    .map(b.parseAgentChoice)
    .map((c) => {
      const f = b.findAgent(b.loaded.system as never, c.name)!;
      const [params] = b.resolveAgentParams(f, c.params);
      return (side: number): Agent => f.create(game, side, params);
    });
  const tally = new b.Tally(game.metrics);
  const scratch = new b.PlayScratch(game);
  const streams = new b.GameStreamSet(game.sides.length);
  const log: number[][] = game.sides.map(() => []);
  const at = game.sides.map(() => 0);
  let decisions = 0;
  const play = (make: (side: number) => Agent, seed: number): number => {
    const c0 = cpu();
    decisions = 0;
    for (let g = 0; g < games; g++) {
      streams.aim(seed, g);
      decisions += b.playGame(game, game.sides.map((_, side) => make(side)), streams, tally, scratch).decisions;
    }
    return (cpu() - c0) / games;
  };
  const recorder = (side: number): Agent => {
    const inner = made[side](side);
    return { decide: (ctx) => { const a = inner.decide(ctx); log[side].push(a); return a; } };
  };
  const replayer = (): ((side: number) => Agent) => {
    at.fill(0);
    return (side) => ({ decide: () => log[side][at[side]++] });
  };
  play((side) => made[side](side), 999); // warm-up
  play(recorder, 1);
  const real: number[] = [];
  const replayed: number[] = [];
  for (let r = 0; r < 7; r++) {
    real.push(play((side) => made[side](side), 1));
    replayed.push(play(replayer(), 1));
  }
  const t = median(real);
  const e = median(replayed);
  const d = decisions / games;
  console.log(`${b.root} ${scenario} ${opt('agents', 'gunline,assault')}, ${games} games: whole game ${t.toFixed(1)} µs, engine alone ${e.toFixed(1)} µs (${((1000 * e) / d).toFixed(0)} ns/decision), agents ${(t - e).toFixed(1)} µs (${((100 * (t - e)) / t).toFixed(0)}%); ${d.toFixed(1)} decisions a game`);
}

/** The system's action codec (for the kind of each action) and the agents' makers, for --by-kind and --agent-times (`mode`: the flag, for messages). */
async function codecAndAgents(b: Build, agents: string, mode: string) {
  const id = b.loaded.system.info.id;
  // the system's action codec: the export of its actions module that has kinds and kindIndexOf
  let codec: { kinds: readonly string[]; kindIndexOf(code: number): number } | undefined;
  try {
    const m = (await b.dist(`systems/${id}/actions`)) as Record<string, unknown>;
    for (const v of Object.values(m)) {
      const c = v as { kinds?: unknown; kindIndexOf?: unknown } | null;
      if (c !== null && typeof c === 'object' && Array.isArray(c.kinds) && typeof c.kindIndexOf === 'function') codec = c as typeof codec;
    }
  } catch {
    codec = undefined;
  }
  if (codec === undefined) usage(`--${mode}: ${b.root}: system '${id}' has no action codec in dist/systems/${id}/actions.js, so its decisions have no kinds`);
  const game = b.loaded.compiled;
  const choices = agents.split(',');
  if (choices.length !== game.sides.length) usage(`--agents: expected ${game.sides.length} agents for ${scenario}, one a side, got '${agents}'`);
  // the agents' makers: resolved once as the runner does (older builds: as --share does)
  const makers = choices.map((text) => {
    const c = b.parseAgentChoice(text);
    const f = b.findAgent(b.loaded.system as never, c.name);
    if (f === undefined) usage(`--agents: no agent '${c.name}' in ${id} (${b.root})`);
    const [params, errors] = b.resolveAgentParams(f, c.params);
    if (errors.length) usage(`--agents: '${text}': ${errors.join('; ')}`);
    return (side: number): Agent => f.create(game, side, params);
  });
  const make = b.agentMakers === undefined ? makers : b.agentMakers(b.loaded.system as never, game as never, choices);
  return { codec, game, make };
}

/** One build's games for --by-kind: `play(start)` plays `batch` games (seed 1) from game `start` with the clock on the loop's hooks. */
async function kindPlayer(b: Build, agents: string, batch: number) {
  const { codec, game, make } = await codecAndAgents(b, agents, 'by-kind');
  const choices = agents.split(',');
  const clock = new KindClock(codec.kinds.length, codec.kindIndexOf, Number(opt('cut-us', '100')) / 1000, Number(opt('every', '1')));
  const tally = new b.Tally(game.metrics);
  const scratch = new b.PlayScratch(game);
  const streams = new b.GameStreamSet(game.sides.length);
  const seats: Agent[] = new Array(choices.length);
  const plain = {};
  /** Plays the batch from game `start`, with the clock on the loop's hooks, or (`timed` false) with no hook, as the runner does. */
  const play = (start: number, timed = true): void => {
    const hooks = timed ? clock.hooks : plain;
    for (let g = start; g < start + batch; g++) {
      streams.aim(1, g);
      for (let side = 0; side < seats.length; side++) seats[side] = make[side](side);
      b.playGame(game, seats, streams, tally, scratch, hooks);
    }
  };
  return { kinds: codec.kinds, clock, play };
}

async function byKind(): Promise<void> {
  const { roots, rounds, batch, agents } = roundFlags('by-kind');
  const players = [];
  for (const root of roots) players.push(await kindPlayer(await build(root), agents, batch));
  for (let i = 0; i < 6; i++) for (const p of players) for (const timed of [true, false]) p.play(1e6 + i * batch, timed); // warm-up on other games
  const before = calibrate();
  const times = players.map((p) => emptyKindTimes(p.kinds));
  const perRound: number[][] = [[], []];
  const plainCpu = [0, 0];
  for (let r = 0; r < rounds; r++) {
    // both builds play the same new games each round, in alternating order
    for (const i of r % 2 ? [1, 0] : [0, 1]) {
      const p = players[i];
      p.clock.reset();
      const c0 = cpu();
      p.play(r * batch);
      const c = cpu() - c0;
      const round = emptyKindTimes(p.kinds);
      foldRound(round, p.clock, before, batch, c);
      foldRound(times[i], p.clock, before, batch, c);
      perRound[i].push(spansPerGame(round) / round.count.reduce((s, x) => s + x, 0) * batch);
    }
    // the same games again with no hook: the whole without the clock's own cost
    for (const i of r % 2 ? [0, 1] : [1, 0]) {
      const c0 = cpu();
      players[i].play(r * batch, false);
      plainCpu[i] += cpu() - c0;
    }
  }
  const after = calibrate();
  const ratios = perRound[0].map((a, i) => a / perRound[1][i]).sort((a, b) => a - b);
  const q = (x: number) => ratios[Math.floor(x * (rounds - 1))].toFixed(2);
  const ns = (o: { agent: number; legal: number; apply: number }) => `${Math.round(o.legal * 1e6)}/${Math.round(o.agent * 1e6)}/${Math.round(o.apply * 1e6)}`;
  console.log(`${scenario}, ${agents}: ${rounds} alternated rounds of ${batch} games in one process, CPU time by the kind of the action chosen; A = ${roots[0]}, B = ${roots[1]}`);
  console.log(`the clock's own cost taken off each span, legal/agent/apply: ${ns(before)} ns (measured again at the end: ${ns(after)})\n`);
  for (const line of kindReport(times[0], times[1])) console.log(line);
  console.log(`per decision, round by round: A/B median ${median(ratios).toFixed(3)} (quartiles ${q(0.25)}–${q(0.75)}); CPU a game with the clock on: A ${(times[0].cpu / times[0].games).toFixed(1)} µs, B ${(times[1].cpu / times[1].games).toFixed(1)} µs`);
  const perGame = plainCpu.map((c, i) => c / times[i].games);
  const dec = times.map((t) => t.count.reduce((s, x) => s + x, 0) / t.games);
  console.log(`without the clock (the same games, no hook): A ${perGame[0].toFixed(1)} µs, B ${perGame[1].toFixed(1)} µs a game; A/B ${(perGame[0] / perGame[1]).toFixed(3)} a game, ${((perGame[0] / dec[0]) / (perGame[1] / dec[1])).toFixed(3)} a decision (set-up and end included)`);
}

/**
 * --agent-times A: each agent's decide() timed on its own, by the kind of the action chosen, in the
 * game (cold: right after the engine's work) and, with --warm, again at once on a new observation
 * (the agents' per-decision memos start over, the CPU's caches and predictors stay warm; the least
 * of three calls). The clock's own cost (the median of empty readings) is taken off each call.
 */
async function agentTimes(): Promise<void> {
  const b = await build(buildRoots('agent-times', 1)[0]);
  const games = Number(opt('games', '4000'));
  const agents = opt('agents', 'gunline,assault');
  const warm = args.includes('--warm');
  const { codec, game, make } = await codecAndAgents(b, agents, 'agent-times');
  const now = (): number => Number(process.hrtime.bigint());
  const empty: number[] = [];
  for (let i = 0; i < 100000; i++) {
    const t = now();
    empty.push(now() - t);
  }
  const clock0 = median(empty);
  const ns = codec.kinds.map(() => 0);
  const calls = codec.kinds.map(() => 0);
  let timing = false;
  // seen and rank passed through, so an agent that models its opponents (mcts) plays as it would.
  // With --warm an agent that draws from its own stream (ctx.rng) draws four times a decision, so
  // its games may differ from the cold ones: read --warm on scripted agents that do not.
  const timed = (inner: Agent): Agent => ({
    ...(inner.seen ? { seen: (view, side, action) => inner.seen!(view, side, action) } : {}),
    ...(inner.rank ? { rank: (ctx, out) => inner.rank!(ctx, out) } : {}),
    decide(ctx) {
      if (!timing) return inner.decide(ctx);
      let t0 = now();
      let a = inner.decide(ctx);
      let t = now() - t0;
      if (warm) {
        t = Infinity;
        for (let r = 0; r < 3; r++) {
          // core/play.ts's context builds a new observation on the next observe() once hasObs is false
          if (!('hasObs' in ctx)) usage("--warm: the game loop's decision context has no hasObs flag (core/play.ts changed): cannot rebuild the observation");
          (ctx as unknown as { hasObs: boolean }).hasObs = false;
          t0 = now();
          a = inner.decide(ctx);
          t = Math.min(t, now() - t0);
        }
      }
      const k = codec.kindIndexOf(a);
      ns[k] += t - clock0;
      calls[k]++;
      return a;
    },
  });
  const tally = new b.Tally(game.metrics);
  const scratch = new b.PlayScratch(game);
  const streams = new b.GameStreamSet(game.sides.length);
  let decisions = 0;
  for (const [seed, on] of [[999, false], [1, true]] as const) {
    timing = on;
    decisions = 0;
    for (let g = 0; g < games; g++) {
      streams.aim(seed, g);
      decisions += b.playGame(game, game.sides.map((_, side) => timed(make[side](side))), streams, tally, scratch).decisions;
    }
  }
  const total = ns.reduce((x, y) => x + y, 0);
  console.log(`${b.root} ${scenario} ${agents}, ${games} games, decide() ${warm ? 'warm (again at once on a new observation)' : 'cold (in the game)'}; the clock's ${clock0} ns taken off each call`);
  const rows = codec.kinds.map((k, i) => ({ k, n: calls[i] / games, mean: calls[i] ? ns[i] / calls[i] : 0, game: ns[i] / games / 1000 })).filter((r) => r.n > 0).sort((x, y) => y.game - x.game);
  for (const r of rows) console.log(`  ${r.k.padEnd(12)} ${r.n.toFixed(1).padStart(5)} a game, ${r.mean.toFixed(0).padStart(5)} ns a call, ${r.game.toFixed(1).padStart(5)} µs a game`);
  console.log(`  all: ${(total / games / 1000).toFixed(1)} µs a game, ${(total / decisions).toFixed(0)} ns a decision (${(decisions / games).toFixed(1)} decisions a game, forced ones included)`);
}

if (args.includes('--one')) console.log(JSON.stringify(await one(resolve(opt('one', '.')), opt('agents', 'gunline,assault'), Number(opt('games', '3000')))));
else if (args.includes('--inproc')) await inproc();
else if (args.includes('--by-kind')) await byKind();
else if (args.includes('--share')) await share();
else if (args.includes('--agent-times')) await agentTimes();
else await builds();
