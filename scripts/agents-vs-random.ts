/**
 * A system's scripted agents against `random` on every bundled scenario of that system (issue 19:
 * each beats random in at least 90% of the games of the main scenario over both seats, and does no
 * worse than random in any seat of any bundled scenario): per scenario and agent, wins, draws and
 * losses over both seatings on common seeds, the win rate with its Wilson 95% interval, the win
 * rate in each seat (as side A / as side B) beside random's own in that seat against random,
 * flagged when below it, and the ms per decision of the agent and of random.
 *
 *   npx tsx scripts/agents-vs-random.ts --system panzervor [--games 200] [--seed 1] [--agents brawler,anvil] [--only fake-battle]
 *
 * --games is per seating; --agents defaults to every scripted agent of the system. Runs on one
 * thread, in this process. (MGV's misplay counts: scripts/mgv-vs-random.ts.)
 */
import { availableAgents } from '../src/agents/resolve.ts';
import { emptyScore, playSeated } from '../src/agents/match.ts';
import { wilson } from '../src/analysis/intervals.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
import { loadSystems } from '../src/systems/index.ts';
import { bundledScenarios } from '../test/helpers/bundled.ts';
import { scriptFlags } from './script-input.ts';

const { usage, flag, whole } = scriptFlags('agents-vs-random', 'usage: npx tsx scripts/agents-vs-random.ts --system <id> [--games N] [--seed S] [--agents a,b] [--only <scenario>]');

const system = flag('--system') ?? usage('--system is required');
const games = whole('--games', 200);
const seed = whole('--seed', 1);
if (games < 1) usage('--games: expected a whole number of at least 1, got 0');
const only = flag('--only') ?? '';
try {
  await loadSystems([system]);
} catch (e) {
  usage(e instanceof Error ? e.message : String(e));
}
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const files = bundledScenarios(system);
if (files.length === 0) usage(`no bundled scenario of system '${system}'`);

for (const file of files) {
  if (only && !file.includes(only)) continue;
  const loaded = loadScenarioFile(file);
  const c = { system: loaded.system, compiled: loaded.compiled };
  const scripted = availableAgents(loaded.system).map((f) => f.name).filter((n) => n !== 'random' && n !== 'lookahead' && n !== 'mcts');
  const agents = flag('--agents')?.split(',') ?? scripted;
  for (const name of agents) if (!availableAgents(loaded.system).some((f) => f.name === name.split(':')[0])) usage(`--agents: '${name}' is not an agent of ${system} (${scripted.join(', ')})`);
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
    const ms = (s: typeof a): string => (s.decisions ? s.ms / s.decisions : 0).toFixed(3);
    const worse = asA < base[0] || asB < base[1] ? '  WORSE THAN RANDOM' : '';
    console.log(`  ${name.padEnd(15)} wins ${pct(a.wins / a.games).padStart(6)} (${pct(lo)}-${pct(hi)})  (A ${pct(asA).padStart(6)}, B ${pct(asB).padStart(6)})  draws ${String(a.draws).padStart(4)}  losses ${String(losses).padStart(4)}   ${ms(a)} ms/decision  random ${ms(r)}   (${((performance.now() - t0) / 1000).toFixed(1)} s)${worse}`);
  }
}
