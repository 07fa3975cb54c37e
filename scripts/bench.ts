/**
 * npm run bench: speed figures, printed (never asserted in tests).
 *  - games/s on one thread (inline, no pool) and on piscina pools of 1 and 2 workers,
 *  - random draws and decisions per game,
 *  - exact-probability timings (the odds engine's own bench, when present).
 * Usage: npm run bench [-- --quick] [-- --only <substring>]
 */
import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';

// The benchmark measures what users run: the compiled dist/ (npm run bench builds it first), with
// plain JavaScript workers. Types come from the sources.
const dist = (m: string): Promise<unknown> => import(new URL(`../dist/${m}.js`, import.meta.url).href);
const { parseAgentChoice } = (await dist('core/agent')) as typeof import('../src/core/agent.ts');
const { playBatch } = (await dist('run/batch')) as typeof import('../src/run/batch.ts');
const { planForScenario } = (await dist('run/execute')) as typeof import('../src/run/execute.ts');
const { planKey } = (await dist('run/plan')) as typeof import('../src/run/plan.ts');
const { runPlan } = (await dist('run/pool')) as typeof import('../src/run/pool.ts');
const { loadScenarioFile } = (await dist('scenario/load')) as typeof import('../src/scenario/load.ts');

const ROOT = join(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const onlyIdx = process.argv.indexOf('--only');
const only = onlyIdx >= 0 ? process.argv[onlyIdx + 1] : undefined;

interface Case {
  name: string;
  file: string;
  agents: string[];
  games: number;
  target?: string;
}

const CASES: Case[] = [
  { name: 'duel high-noon, heuristics', file: 'scenarios/duel/high-noon.yaml', agents: ['patient', 'trigger-happy'], games: 400_000 },
  { name: 'panzervor fake-battle, random agents', file: 'scenarios/panzervor/fake-battle.yaml', agents: ['random', 'random'], games: 300_000, target: '>= 20,000 games/s on one thread; 2 workers >= 1.8x 1 worker' },
  { name: 'panzervor fake-battle, heuristics (marksman vs brawler)', file: 'scenarios/panzervor/fake-battle.yaml', agents: ['marksman', 'brawler'], games: 40_000 },
  { name: 'mgv sample-duel, random agents', file: 'scenarios/mgv/sample-duel.yaml', agents: ['random', 'random'], games: 40_000 },
  { name: 'mgv sample-duel, heuristics (standoff vs closer)', file: 'scenarios/mgv/sample-duel.yaml', agents: ['standoff', 'closer'], games: 40_000, target: '>= 5,000 games/s on one thread' },
  { name: 'mak forest-ridge, random agents', file: 'scenarios/mak/forest-ridge.yaml', agents: ['random', 'random'], games: 100_000, target: '>= 20,000 games/s on one thread' },
  { name: 'mak forest-ridge, heuristics (assault vs firebase)', file: 'scenarios/mak/forest-ridge.yaml', agents: ['assault', 'firebase'], games: 20_000, target: '>= 3,000 games/s on one thread' },
  { name: 'ww2setup kursk-1943 (one set-up per game)', file: 'scenarios/ww2setup/kursk-1943.yaml', agents: [], games: 200_000 },
];

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

async function benchCase(c: Case): Promise<void> {
  const file = join(ROOT, c.file);
  if (!existsSync(file)) {
    console.log(`\n${c.name}: skipped (${c.file} not found)`);
    return;
  }
  const loaded = loadScenarioFile(file);
  const sides = loaded.compiled.sides.length;
  const agents = (c.agents.length ? c.agents : loaded.system.defaultAgents.length ? [...loaded.system.defaultAgents] : new Array(sides).fill('random')).map(parseAgentChoice);
  const games = quick ? Math.ceil(c.games / 10) : c.games;
  const plan = planForScenario(loaded, { games, seed: 1, agents });
  const key = planKey(plan);
  console.log(`\n${c.name}${c.target ? `   [target ${c.target}]` : ''}`);

  // One thread, no pool: warm up (JIT), then measure.
  playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 999, start: 0, count: Math.min(2000, games) });
  const t0 = performance.now();
  const r = playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 1, start: 0, count: games });
  const dt = (performance.now() - t0) / 1000;
  const s = r.summaries[0];
  const single = games / dt;
  console.log(`  1 thread inline : ${fmt(single).padStart(9)} games/s  (${((dt * 1e6) / games).toFixed(1)} µs/game; ${(s.randomDraws / games).toFixed(1)} random draws and ${(s.decisions / games).toFixed(1)} decisions per game)`);

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
}

async function main(): Promise<void> {
  console.log(`salvo bench — node ${process.version}, ${quick ? 'quick' : 'full'} run`);
  for (const c of CASES) if (!only || c.name.includes(only)) await benchCase(c);
  if (!only || 'exact odds'.includes(only)) {
    const mod = (await dist('odds/bench')) as { runOddsBench?: () => Promise<void> | void };
    if (mod.runOddsBench) {
      console.log('\nexact odds');
      await mod.runOddsBench();
    }
  }
}

await main();
