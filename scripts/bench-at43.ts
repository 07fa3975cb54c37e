/**
 * AT-43 speed, two builds side by side (issue 19: "npm run bench no slower than before").
 *
 *   npx tsx scripts/bench-at43.ts --builds /work/wt/base,. [--pairs 6] [--games 3000] [--agents gunline,assault]
 *       alternates one process per build, `pairs` times (A B A B ...), and prints for each case the
 *       CPU time per game and per decision of each build and the ratio A/B (median and range of the
 *       pairs; above 1 means B is faster)
 *   npx tsx scripts/bench-at43.ts --one <root> --agents gunline,assault --games 3000 [--scenario F]
 *       (what each process runs) one thread, no pool: warm-up, then the games timed in CPU time;
 *       prints one JSON line: µs per game, decisions per game and a hash of the summaries (to see
 *       that a build plays the same games as another)
 *
 * CPU time of the process (process.cpuUsage), so load on the shared machine inflates both builds
 * alike; alternating the processes cancels slow drift.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const scenario = opt('scenario', 'scenarios/at43/sector55.yaml');
const games = Number(opt('games', '3000'));

interface One {
  usPerGame: number;
  decisionsPerGame: number;
  hash: string;
}

async function one(root: string, agentList: string): Promise<One> {
  const dist = (m: string): Promise<unknown> => import(join(root, 'dist', `${m}.js`));
  const { parseAgentChoice } = (await dist('core/agent')) as typeof import('../src/core/agent.ts');
  const { playBatch } = (await dist('run/batch')) as typeof import('../src/run/batch.ts');
  const { planForScenario } = (await dist('app/plan-file')) as typeof import('../src/app/plan-file.ts');
  const { planKey } = (await dist('run/plan')) as typeof import('../src/run/plan.ts');
  const { loadScenarioFile } = (await dist('scenario/load')) as typeof import('../src/scenario/load.ts');
  const { loadSystemsOfFile } = (await dist('scenario/systems')) as typeof import('../src/scenario/systems.ts');
  const file = join(root, scenario);
  await loadSystemsOfFile(file);
  const loaded = loadScenarioFile(file);
  const plan = planForScenario(loaded, { games, seed: 1, agents: agentList.split(',').map(parseAgentChoice) });
  const key = planKey(plan);
  // Warm-up as a worker warms up: batches of 500 games (seed 999) for about a second of CPU.
  const w0 = process.cpuUsage();
  for (let start = 0; ; start += 500) {
    playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 999, start, count: 500 });
    const w = process.cpuUsage(w0);
    if (w.user + w.system > 1e6) break;
  }
  const c0 = process.cpuUsage();
  const r = playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 1, start: 0, count: games });
  const c = process.cpuUsage(c0);
  const s = r.summaries[0];
  const hash = createHash('sha256').update(JSON.stringify(r.summaries)).digest('hex').slice(0, 12);
  return { usPerGame: (c.user + c.system) / games, decisionsPerGame: s.decisions / games, hash };
}

function median(xs: readonly number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const h = Math.floor(v.length / 2);
  return v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

if (args.includes('--one')) {
  const r = await one(resolve(opt('one', '.')), opt('agents', 'gunline,assault'));
  console.log(JSON.stringify(r));
} else {
  const builds = opt('builds', '/work/wt/base,.').split(',').map((b) => resolve(b));
  const pairs = Number(opt('pairs', '6'));
  const cases = opt('agents', 'gunline,assault;random,random').split(';');
  console.log(`${scenario}, ${games} games per process, ${pairs} alternated pairs; A = ${builds[0]}, B = ${builds[1]}`);
  for (const agents of cases) {
    const got: One[][] = [[], []];
    for (let p = 0; p < pairs; p++) {
      for (let b = 0; b < 2; b++) {
        const out = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--one', builds[b], '--agents', agents, '--games', String(games), '--scenario', scenario], { encoding: 'utf8' });
        if (out.status !== 0) throw new Error(out.stderr);
        got[b].push(JSON.parse(out.stdout.trim().split('\n').pop()!) as One);
      }
    }
    const ratios = got[0].map((a, i) => a.usPerGame / got[1][i].usPerGame);
    const dec = got.map((g) => g[0].decisionsPerGame);
    const perDec = got[0].map((a, i) => a.usPerGame / dec[0] / (got[1][i].usPerGame / dec[1]));
    const us = got.map((g) => median(g.map((x) => x.usPerGame)));
    console.log(`\n${agents}`);
    console.log(`  A: ${us[0].toFixed(1)} µs/game, ${dec[0].toFixed(1)} decisions/game, summaries ${got[0][0].hash}`);
    console.log(`  B: ${us[1].toFixed(1)} µs/game, ${dec[1].toFixed(1)} decisions/game, summaries ${got[1][0].hash}`);
    console.log(`  A/B per game    : ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; pairs ${ratios.map((x) => x.toFixed(2)).join(' ')})`);
    console.log(`  A/B per decision: ${median(perDec).toFixed(2)} (${Math.min(...perDec).toFixed(2)}–${Math.max(...perDec).toFixed(2)})`);
  }
}
