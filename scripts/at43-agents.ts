/**
 * AT-43's scripted agents against `random` on every bundled scenario (issue 19: each beats random
 * in at least 90% of the games of sector55 over both seats, and does no worse than random in any
 * seat of any bundled scenario): per scenario and agent, wins, draws and losses over both seatings
 * on common seeds, the win rate with its Wilson 95% interval, the win rate in each seat (as side A /
 * as side B) beside random's win rate in that seat against random, flagged when below it.
 *
 *   npx tsx scripts/at43-agents.ts [--games 200] [--seed 1] [--agents gunline,assault,objective,bulwark] [--only sector55]
 *
 * --games is per seating. Runs on one thread, in this process.
 */
import { emptyScore, playSeated } from '../src/agents/match.ts';
import { wilson } from '../src/analysis/intervals.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
import { loadSystems } from '../src/systems/index.ts';
import { bundledScenarios } from '../test/helpers/bundled.ts';

function flag(name: string, otherwise: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : otherwise;
}

const games = Number(flag('--games', '200'));
const seed = Number(flag('--seed', '1'));
const agents = flag('--agents', 'gunline,assault,objective,bulwark').split(',');
const only = flag('--only', '');
await loadSystems(['at43']);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

for (const file of bundledScenarios('at43')) {
  if (only && !file.includes(only)) continue;
  const loaded = loadScenarioFile(file);
  const c = { system: loaded.system, compiled: loaded.compiled };
  // random against random: each seat's win rate, the floor an agent must reach in that seat
  const rr = playSeated(c, ['random', 'random'], [emptyScore(), emptyScore()], seed, games);
  const base = [0, 1].map((seat) => rr.filter((w) => w === seat).length / games);
  console.log(`\n${file.split('/').pop()}  (${2 * games} games per agent, both seats, seed ${seed}; random against random wins as A ${pct(base[0])}, as B ${pct(base[1])})`);
  for (const name of agents) {
    const t0 = performance.now();
    const a = emptyScore();
    const r = emptyScore();
    const asA = playSeated(c, [name, 'random'], [a, r], seed, games).filter((w) => w === 0).length / games;
    const asB = playSeated(c, ['random', name], [r, a], seed, games).filter((w) => w === 1).length / games;
    const losses = a.games - a.wins - a.draws;
    const [lo, hi] = wilson(a.wins, a.games);
    const ms = a.decisions ? a.ms / a.decisions : 0;
    const worse = asA < base[0] || asB < base[1] ? '  WORSE THAN RANDOM' : '';
    console.log(`  ${name.padEnd(15)} wins ${pct(a.wins / a.games).padStart(6)} (${pct(lo)}-${pct(hi)})  (A ${pct(asA).padStart(6)}, B ${pct(asB).padStart(6)})  draws ${String(a.draws).padStart(4)}  losses ${String(losses).padStart(4)}   ${ms.toFixed(3)} ms/decision   (${((performance.now() - t0) / 1000).toFixed(1)} s)${worse}`);
  }
}
