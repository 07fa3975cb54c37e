/**
 * npm run bench: speed figures, printed (never asserted in tests).
 *  - games/s on one thread (inline, no pool: the median run of a short case run several times)
 *    and on piscina pools of 1 and 2 workers,
 *  - random draws and decisions per game,
 *  - for the heuristics cases, the agents' own time per game (the same games replayed),
 *  - the answer commands at the speed of play: `salvo sensitivity` beside `salvo experiment` on the
 *    same number of games (--only answers),
 *  - exact-probability timings (the odds engine's own bench, when present),
 *  - the generic mcts's cost per decision on each main scenario (scripts/bench-search.ts).
 * Usage: npm run bench [-- --quick] [-- --only <substring>] [-- --mcts 'refine=96:alloc=halving']
 * (--mcts: the search bench's mcts with these parameters instead of its defaults)
 */
import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { BENCH_CASES, type BenchCase } from './bench-cases.ts';

// The benchmark measures what users run: the compiled dist/ (npm run bench builds it first), with
// plain JavaScript workers. Types come from the sources.
const dist = (m: string): Promise<unknown> => import(new URL(`../dist/${m}.js`, import.meta.url).href);
const { parseAgentChoice } = (await dist('core/agent')) as typeof import('../src/core/agent.ts');
type Agent = import('../src/core/agent.ts').Agent;
type AgentChoice = import('../src/core/agent.ts').AgentChoice;
type LoadedScenario = import('../src/scenario/load.ts').LoadedScenario;
const { playBatch } = (await dist('run/batch')) as typeof import('../src/run/batch.ts');
const { planForScenario } = (await dist('app/plan-file')) as typeof import('../src/app/plan-file.ts');
const { planKey } = (await dist('run/plan')) as typeof import('../src/run/plan.ts');
const { runPlan } = (await dist('run/pool')) as typeof import('../src/run/pool.ts');
const { loadScenarioFile } = (await dist('scenario/load')) as typeof import('../src/scenario/load.ts');
const { loadSystemsOfFile } = (await dist('scenario/systems')) as typeof import('../src/scenario/systems.ts');

const ROOT = join(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const onlyIdx = process.argv.indexOf('--only');
const only = onlyIdx >= 0 ? process.argv[onlyIdx + 1] : undefined;
const mctsIdx = process.argv.indexOf('--mcts');
const mctsParams = mctsIdx >= 0 ? process.argv[mctsIdx + 1] : undefined;
if (mctsIdx >= 0 && (mctsParams === undefined || mctsParams.startsWith('--'))) {
  process.stderr.write("bench: --mcts needs mcts's parameters, e.g. --mcts 'refine=96:alloc=halving'\n");
  process.exit(2);
}


/** The one-thread figure: runs of a case are repeated until this many seconds are spent, at most MAX_RUNS. */
const ONE_THREAD_S = 1.5;
const MAX_RUNS = 5;
/** Warm-up of the one-thread figure: batches of WARM_BATCH games (the pool's batch size) for WARM_S seconds. */
const WARM_S = 0.5;
const WARM_BATCH = 2_000;

function median(xs: readonly number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const h = Math.floor(v.length / 2);
  return v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

async function benchCase(c: BenchCase): Promise<void> {
  const file = join(ROOT, c.file);
  if (!existsSync(file)) {
    console.log(`\n${c.name}: skipped (${c.file} not found)`);
    return;
  }
  await loadSystemsOfFile(file); // systems are loaded on demand (src/systems/index.ts)
  const loaded = loadScenarioFile(file);
  const sides = loaded.compiled.sides.length;
  const agents = (c.agents.length ? c.agents : loaded.system.defaultAgents.length ? [...loaded.system.defaultAgents] : new Array(sides).fill('random')).map(parseAgentChoice);
  const games = quick ? Math.ceil(c.games / 10) : c.games;
  const plan = planForScenario(loaded, { games, seed: 1, agents });
  const key = planKey(plan);
  console.log(`\n${c.name}${c.target ? `   [target ${c.target}]` : ''}`);

  // One thread, no pool. Warm-up as a worker warms up, batch after batch (of WARM_BATCH games,
  // seed 999) until WARM_S seconds have been spent; then the case's games are timed, again until
  // ONE_THREAD_S seconds have been spent (at most MAX_RUNS runs), and the median run is reported.
  // A single run after a 2,000-game warm-up caught V8 still tiering up: the duel read 0.97 to
  // 1.34 M games/s over five processes, and rose by 15% over eight runs in one.
  const w0 = performance.now();
  for (let start = 0; performance.now() - w0 < WARM_S * 1000; start += WARM_BATCH) {
    playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 999, start, count: Math.min(WARM_BATCH, games) });
  }
  const runs: number[] = [];
  let r;
  do {
    const t0 = performance.now();
    r = playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 1, start: 0, count: games });
    runs.push((performance.now() - t0) / 1000);
  } while (runs.reduce((a, b) => a + b, 0) < ONE_THREAD_S && runs.length < MAX_RUNS);
  const dt = median(runs);
  const s = r.summaries[0];
  const single = games / dt;
  const spread = runs.length > 1 ? `; median of ${runs.length} runs, ${fmt(games / Math.max(...runs))}–${fmt(games / Math.min(...runs))}` : '';
  console.log(`  1 thread inline : ${fmt(single).padStart(9)} games/s  (${((dt * 1e6) / games).toFixed(1)} µs/game; ${(s.randomDraws / games).toFixed(1)} random draws and ${(s.decisions / games).toFixed(1)} decisions per game${spread})`);

  const poolGames = games * 2;
  const plan2 = planForScenario(loaded, { games: poolGames, seed: 2, agents });
  const p1 = await runPlan(plan2, { workers: 1, batchSize: 2000 });
  const p2 = await runPlan(plan2, { workers: 2, batchSize: 2000 });
  const g1 = poolGames / (p1.elapsedMs / 1000);
  const g2 = poolGames / (p2.elapsedMs / 1000);
  console.log(`  pool, 1 worker  : ${fmt(g1).padStart(9)} games/s  (${fmt(poolGames)} games incl. worker start-up)`);
  console.log(`  pool, 2 workers : ${fmt(g2).padStart(9)} games/s  (speed-up ${(g2 / g1).toFixed(2)}x over 1 worker)`);
  const same = isDeepStrictEqual(p1.summaries, p2.summaries);
  console.log(`  1 and 2 workers gave ${same ? 'identical' : 'DIFFERENT'} results`);
  if (c.agents.length && c.agents.some((a) => a !== 'random')) await agentShare(loaded, agents, Math.max(50, Math.ceil(games / 20)));
}

/** Timed alternations of agentShare: played games, then replayed games, ROUNDS times; medians reported. */
const SHARE_ROUNDS = 5;

/**
 * The scripted agents' own time in a heuristics case: the same games are played again with the
 * decisions read back from a recording by an agent that does nothing else (no observation, no
 * search), so the difference is what the agents cost, their observations included. One thread,
 * alternated, median of SHARE_ROUNDS; CPU time of the process (a shared machine's load inflates
 * wall time, and both sides of the difference alike).
 */
async function agentShare(loaded: LoadedScenario, choices: AgentChoice[], games: number): Promise<void> {
  const { agentMakers } = (await dist('agents/resolve')) as typeof import('../src/agents/resolve.ts');
  const { PlayScratch, playGame } = (await dist('core/play')) as typeof import('../src/core/play.ts');
  const { GameStreamSet } = (await dist('core/rng/streams')) as typeof import('../src/core/rng/streams.ts');
  const { Tally } = (await dist('core/tally')) as typeof import('../src/core/tally.ts');
  const game = loaded.compiled;
  const sides = game.sides.length;
  const makers = agentMakers(loaded.system, game, choices);
  const tally = new Tally(game.metrics);
  const scratch = new PlayScratch(game);
  const streams = new GameStreamSet(sides);
  const log: number[][] = Array.from({ length: sides }, () => []);
  const at = new Array<number>(sides).fill(0);
  const play = (make: (side: number) => Agent): number => {
    const c0 = process.cpuUsage();
    for (let g = 0; g < games; g++) {
      streams.aim(1, g);
      playGame(game, Array.from({ length: sides }, (_, side) => make(side)), streams, tally, scratch);
    }
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / games;
  };
  const recorder = (side: number): Agent => {
    const inner = makers[side](side);
    return { decide: (ctx) => { const a = inner.decide(ctx); log[side].push(a); return a; } };
  };
  const replayer = (side: number): Agent => ({ decide: () => log[side][at[side]++] });
  play(recorder);
  const real: number[] = [];
  const replayed: number[] = [];
  for (let r = 0; r < SHARE_ROUNDS; r++) {
    real.push(play((side) => makers[side](side)));
    at.fill(0);
    replayed.push(play(replayer));
    if (at.some((n, side) => n !== log[side].length)) throw new Error('bench: the replayed games did not take the recorded decisions');
  }
  const t = median(real);
  const e = median(replayed);
  console.log(`  agents' own time: ${(t - e).toFixed(1)} µs/game of ${t.toFixed(1)} (${((100 * (t - e)) / t).toFixed(0)}%; the same ${fmt(games)} games with the decisions replayed: ${e.toFixed(1)} µs/game; CPU time, median of ${SHARE_ROUNDS} alternations)`);
}

/**
 * Scale-out figures (issue 11): a plan of 1,000 variants x 100,000 games built in under a second;
 * merge memory bounded by the plan, not the game count; two shard processes vs one; peak memory
 * of a 10^6-game run vs a 10^4-game run.
 */
async function benchScaleOut(): Promise<void> {
  const { experimentPlan } = (await dist('app/plan-file')) as typeof import('../src/app/plan-file.ts');
  const { runShard } = (await dist('app/shard')) as typeof import('../src/app/shard.ts');
  const { addPartial, combine, newMergeState } = (await dist('app/merge')) as typeof import('../src/app/merge.ts');
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const tmp = mkdtempSync(join(tmpdir(), 'salvo-bench-'));
  const salvoBin = join(ROOT, 'bin', 'salvo.js');
  console.log('\nscale-out   [targets: plan of 1,000 variants x 100,000 games < 1 s; merge memory bounded by the plan; 2 shard processes >= 1.8x 1; peak memory of 10^6 games within 10% of 10^4]   (npm run bench -- --only scale-out)');
  try {
    // 1. Plan build: a 1,000-variant grid on the duel (10 target numbers x 100 turn limits).
    const exp = join(tmp, 'grid.yaml');
    const limits = Array.from({ length: 100 }, (_, i) => 10 + i);
    writeFileSync(exp, `experiment: bench-grid\nname: bench grid\nbase: ${join(ROOT, 'scenarios/duel/high-noon.yaml')}\ngrid:\n  - { tag: target, set: overrides.target, values: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }\n  - { tag: limit, set: overrides.turnLimit, values: [${limits.join(', ')}] }\n`);
    await loadSystemsOfFile(exp);
    experimentPlan(exp, { games: 1000 }); // warm-up (module loading, JIT)
    const t0 = performance.now();
    const { pf } = experimentPlan(exp, { games: 100_000, seed: 1 });
    const planMs = performance.now() - t0;
    console.log(`  plan build      : ${pf.plan.variants.length} variants x ${fmt(pf.plan.games)} games in ${planMs.toFixed(0)} ms [target < 1,000 ms] (validated, documents inline, SHA-256 ${pf.id.slice(0, 12)}…)`);

    // 2. Merge memory: a shard of one real batch per variant gives real-sized summaries; the merge
    //    of every batch of the plan (200 batches of 500 games) is then fed from it, and of a 10x
    //    smaller plan likewise. Memory follows the plan (variants x rounds), not the games.
    const one = (await runShard(pf, { index: 0, count: pf.plan.games / pf.batchSize }, { workers: 2 }))!;
    const seg = one.segments[0];
    const v8 = await import('node:v8');
    const vm = await import('node:vm');
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    /** Heap held by the merge state (after a full GC) once every batch is in, in MB. */
    const mergeHeap = (games: number): number => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const st = newMergeState({ ...pf, plan: { ...pf.plan, games } });
      for (let start = 0; start < games; start += pf.batchSize) {
        addPartial(st, 'bench', { ...one, plan: st.pf.id, segments: [{ ...seg, batches: [start], summaries: seg.summaries.map((x) => structuredClone(x)) }] });
      }
      if (!combine(st).complete) throw new Error('bench merge incomplete');
      gc();
      const held = process.memoryUsage().heapUsed - before;
      if (st.seen.size === 0) throw new Error('unreachable'); // keeps st alive until measured
      return held / 2 ** 20;
    };
    const m10k = mergeHeap(10_000);
    const m100k = mergeHeap(100_000);
    console.log(`  merge memory    : ${pf.plan.variants.length} variants, ${fmt(100_000)} games (200 batches): ${m100k.toFixed(1)} MB held; ${fmt(10_000)} games (20 batches): ${m10k.toFixed(1)} MB [target: bounded by the plan, not the games] (heap after GC)`);

    // 3. Shard processes. Method: a plan of G random-agent Panzer Vor! games in batches of 2,000;
    //    "1 process" plays it as shard 0/1 on one worker thread, "2 processes" play shards 0/2 and
    //    1/2 at the same time, one worker thread each. Wall time of the whole processes (start-up,
    //    plan read, worker start, games, partial file written), alternated over ROUNDS rounds;
    //    the medians are reported. The fixed cost of one process is shown beside it (a 1-game plan).
    const ROUNDS = 3;
    const plan = join(tmp, 'plan.json');
    const games = quick ? 60_000 : 300_000;
    /** Runs salvo in a child process: wall time, max RSS and CPU time (all its threads) of the process. */
    const run = (args: string[]): Promise<{ ms: number; maxRss: number; cpuMs: number }> =>
      new Promise((ok, fail) => {
        const t = performance.now();
        const report = `process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('USAGE '+u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;
        const c = spawn(process.execPath, ['--import', `data:text/javascript,${report}`, salvoBin, ...args], { cwd: tmp, stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        c.stderr.on('data', (d) => (err += d));
        c.on('exit', (code) => {
          const u = /USAGE (\d+) (\d+)/.exec(err);
          if (code !== 0 || !u) fail(new Error(err));
          else ok({ ms: performance.now() - t, maxRss: Number(u[1]) / 1024, cpuMs: Number(u[2]) / 1000 });
        });
      });
    const fakeBattle = join(ROOT, 'scenarios/panzervor/fake-battle.yaml');
    await run(['plan', fakeBattle, '--games', '1', '--agents', 'random,random', '-o', join(tmp, 'tiny.json')]);
    /** One plan of `n` games played as 1 shard and as 2 shards at once, alternated over `rounds` rounds. */
    const shardRounds = async (n: number, rounds: number): Promise<{ single: number; pair: number; perRound: string; singleCpu: number; pairCpu: number }> => {
      await run(['plan', fakeBattle, '--games', String(n), '--agents', 'random,random', '--batch', '2000', '-o', plan]);
      const singles: number[] = [];
      const pairs: number[] = [];
      const singleCpu: number[] = [];
      const pairCpu: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const one = await run(['run', '--plan', plan, '--shard', '0/1', '--workers', '1', '--out', join(tmp, 'all.json'), '--no-progress']);
        singles.push(one.ms);
        singleCpu.push(one.cpuMs);
        const t2 = performance.now();
        const two = await Promise.all([0, 1].map((i) => run(['run', '--plan', plan, '--shard', `${i}/2`, '--workers', '1', '--out', join(tmp, `p${i}.json`), '--no-progress'])));
        pairs.push(performance.now() - t2);
        pairCpu.push(two[0].cpuMs + two[1].cpuMs);
      }
      const perRound = singles.map((x, i) => (x / pairs[i]).toFixed(2)).join(', ');
      return { single: median(singles), pair: median(pairs), perRound, singleCpu: median(singleCpu), pairCpu: median(pairCpu) };
    };
    const startUp: number[] = [];
    const startUpWall: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const tiny = await run(['run', '--plan', 'tiny.json', '--shard', '0/1', '--workers', '1', '--out', join(tmp, 'tiny-part.json'), '--no-progress']);
      startUp.push(tiny.cpuMs);
      startUpWall.push(tiny.ms);
    }
    const fixed = median(startUp);
    const short = await shardRounds(games, ROUNDS);
    console.log(`  shard processes : speed-up ${(short.single / short.pair).toFixed(2)}x [target >= 1.8x]: 1 process ${fmt((games / short.single) * 1000)} games/s, 2 processes ${fmt((games / short.pair) * 1000)} games/s`);
    console.log(`                    (${fmt(games)} Panzer Vor! games, about ${(short.single / 1000).toFixed(0)} s in one process; random agents, batches of 2,000, 1 worker thread per process; whole-process wall time incl. start-up; median of ${ROUNDS} alternated rounds, per round ${short.perRound}x)`);
    console.log(`                    CPU time: a process's fixed cost ${fmt(fixed)} ms (a 1-game plan, ${fmt(median(startUpWall))} ms wall: Node, the CLI and the plan in the main thread, the plan's one rule system and scenario in the worker); the games ${fmt(short.singleCpu - fixed)} ms in 1 process, ${fmt(short.pairCpu - 2 * fixed)} ms in 2 at once (more = the processes compete for the cores: one process's background compiler and GC threads run on the idle second core)`);
    if (!quick) {
      // The same at a length closer to a real shard's (minutes to hours), where the fixed cost matters less.
      const longGames = 1_000_000;
      const long = await shardRounds(longGames, 2);
      console.log(`                    ${fmt(longGames)} games (about ${(long.single / 1000).toFixed(0)} s in one process): speed-up ${(long.single / long.pair).toFixed(2)}x, 1 process ${fmt((longGames / long.single) * 1000)} games/s, 2 processes ${fmt((longGames / long.pair) * 1000)} games/s (median of 2 alternated rounds, per round ${long.perRound}x)`);
    }

    // 4. Peak memory of a whole run (main thread + 2 workers, report written), 10^4 vs 10^6 games:
    //    max RSS of the process, alternated over ROUNDS rounds, medians compared.
    const big = quick ? 100_000 : 1_000_000;
    const smalls: number[] = [];
    const larges: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      smalls.push((await run(['run', join(ROOT, 'scenarios/duel/high-noon.yaml'), '--games', '10000', '--workers', '2', '--out', join(tmp, 'r4'), '--no-progress'])).maxRss);
      larges.push((await run(['run', join(ROOT, 'scenarios/duel/high-noon.yaml'), '--games', String(big), '--workers', '2', '--out', join(tmp, 'r6'), '--no-progress'])).maxRss);
    }
    const small = median(smalls);
    const large = median(larges);
    console.log(`  peak memory     : ${fmt(big)} games ${large.toFixed(0)} MB vs ${fmt(10_000)} games ${small.toFixed(0)} MB: ${large >= small ? '+' : ''}${(((large - small) / small) * 100).toFixed(1)}% [target within 10%]`);
    console.log(`                    (duel high-noon, 2 worker threads, default batches (500 games for 10^4, 2,000 for 10^6), report written; max RSS of the whole process, median of ${ROUNDS} alternated rounds: ${smalls.map((x) => x.toFixed(0)).join('/')} MB and ${larges.map((x) => x.toFixed(0)).join('/')} MB)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Issue 21 item 2: `salvo sensitivity` plays its versions as an experiment plays variants. The
 * Fake Battle with its own agents, screening on 100 games and confirming on 1,000 (the settings
 * the issue measured), beside an experiment of the same scenario that plays the same number of
 * games (four house-rule variants), both on 2 workers, timed from reading the file to the last
 * game (versions checked and compiled included); two rounds, alternated.
 */
async function benchAnswers(): Promise<void> {
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { loadSubject } = (await dist('answers/subject')) as typeof import('../src/answers/subject.ts');
  const { sensitivity } = (await dist('answers/sensitivity')) as typeof import('../src/answers/sensitivity.ts');
  const { experimentPlan } = (await dist('app/plan-file')) as typeof import('../src/app/plan-file.ts');
  const file = join(ROOT, 'scenarios/panzervor/fake-battle.yaml');
  await loadSystemsOfFile(file);
  const screen = quick ? 50 : 100;
  const confirm = quick ? 400 : 1000;
  console.log(`\nanswers: salvo sensitivity beside salvo experiment on the same number of games   [target: sensitivity within 2x of the experiment's games/s]   (npm run bench -- --only answers)`);
  const tmp = mkdtempSync(join(tmpdir(), 'salvo-bench-answers-'));
  try {
    const sens: number[] = [];
    const exps: number[] = [];
    let played = 0;
    let versions = '';
    for (let round = 0; round < 2; round++) {
      const t0 = performance.now();
      const subject = loadSubject(file);
      const r = await sensitivity(subject, { measure: { kind: 'win', side: 0 }, screenGames: screen, confirmGames: confirm, confirmTop: 20, workers: 2 });
      const dt = (performance.now() - t0) / 1000;
      played = r.gamesPlayed;
      versions = `${r.screened} values, ${r.screenVersions} versions x ${screen} games, then ${r.confirmVersions} x ${confirm}`;
      sens.push(played / dt);
      const exp = join(tmp, 'armour.yaml');
      const per = Math.round(played / 4);
      writeFileSync(exp, `experiment: bench-armour\nname: bench armour\nbase: ${file}\ngames: ${per}\nbaseline: base\nvariants:\n  - { name: base }\n  - { name: front-plus, overrides: { tanks.pz4f2.armour.front: 11 } }\n  - { name: side-plus, overrides: { tanks.pz4f2.armour.side: 9 } }\n  - { name: fp-plus, overrides: { tanks.pz4f2.guns.0.firepower: 8 } }\n`);
      const e0 = performance.now();
      const { pf } = experimentPlan(exp);
      await runPlan(pf.plan, { workers: 2, batchSize: pf.batchSize });
      exps.push((4 * per) / ((performance.now() - e0) / 1000));
    }
    const s = median(sens);
    const e = median(exps);
    console.log(`  sensitivity : ${fmt(s).padStart(9)} games/s  (${fmt(played)} games: ${versions}; rounds ${sens.map(fmt).join(', ')})`);
    console.log(`  experiment  : ${fmt(e).padStart(9)} games/s  (the same games as 4 variants; rounds ${exps.map(fmt).join(', ')})`);
    console.log(`  sensitivity / experiment: ${(s / e).toFixed(2)}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (mctsParams !== undefined && (!only || 'mcts'.includes(only))) await (await import('./bench-search.ts')).checkMctsParams(mctsParams);
  console.log(`salvo bench — node ${process.version}, ${quick ? 'quick' : 'full'} run`);
  for (const c of BENCH_CASES) if (!only || c.name.includes(only)) await benchCase(c);
  if (!only || 'scale-out'.includes(only)) await benchScaleOut();
  if (!only || 'answers'.includes(only)) await benchAnswers();
  if (!only || 'mcts'.includes(only)) await (await import('./bench-search.ts')).benchSearch(quick, mctsParams);
  if (!only || 'exact odds'.includes(only)) {
    const mod = (await dist('odds/bench')) as { runOddsBench?: () => Promise<void> | void };
    if (mod.runOddsBench) {
      console.log('\nexact odds');
      await mod.runOddsBench();
    }
  }
}

await main();
