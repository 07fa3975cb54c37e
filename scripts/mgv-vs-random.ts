/**
 * MGV scripted agents against `random` on every bundled MGV scenario, per seat: wins, draws and
 * losses of each agent with the Wilson 95% interval of its win share (issue 19: at least 90% wins
 * on sample-duel in both seats, no worse than random anywhere), and the misplay counts per 100
 * games of the agent's side: bases trapped in residue or by a neutralizer they could see (and
 * trapped at the end), bases lost. One thread, common seeds (game g of every pairing uses the
 * streams of (seed, g)).
 *
 *   npx tsx scripts/mgv-vs-random.ts [--games N] [--agents closer,standoff] [--seed S] [--only sample-duel]
 */
import { basename } from 'node:path';
import { wilson } from '../src/analysis/intervals.ts';
import { createAgent } from '../src/agents/resolve.ts';
import { PlayScratch, playGame } from '../src/core/play.ts';
import { gameStreams } from '../src/core/rng/streams.ts';
import { Tally } from '../src/core/tally.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
import { loadSystemsOfFile } from '../src/scenario/systems.ts';
import type { MgvState, Model } from '../src/systems/mgv/index.ts';
import { bundledScenarios } from '../test/helpers/bundled.ts';

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const games = Number(arg('--games', '500'));
const agents = arg('--agents', 'closer,standoff').split(',');
const seed = arg('--seed', '1');
const only = arg('--only', '');
const pct = (x: number) => (100 * x).toFixed(1);
const per100 = (x: number) => ((100 * x) / games).toFixed(1);

console.log(`| scenario | agent | seat | wins | draws | losses | win % [95%] | trapped /100 games | lost bases /100 games |`);
console.log(`|---|---|---|---|---|---|---|---|---|`);
for (const file of bundledScenarios('mgv')) {
  if (only && !file.includes(only)) continue;
  await loadSystemsOfFile(file);
  const L = loadScenarioFile(file);
  const g = L.compiled;
  const m = (g as typeof g & { model: Model }).model;
  const tally = new Tally(g.metrics);
  const scratch = new PlayScratch(g);
  for (const a of agents) {
    for (const seat of [0, 1]) {
      let wins = 0;
      let draws = 0;
      let trapped = 0;
      let lost = 0;
      for (let k = 0; k < games; k++) {
        const choice = seat === 0 ? [a, 'random'] : ['random', a];
        const players = choice.map((ch, side) => createAgent(L.system, g, side, ch));
        const { result, state } = playGame(g, players, gameStreams(seed, k, 2), tally, scratch);
        if (result.winner === seat) wins++;
        else if (result.winner < 0) draws++;
        const s = state as MgvState;
        for (let i = 0; i < s.units.length; i++) {
          if (m.units[i].side !== seat) continue;
          if (s.units[i].trapped) trapped++;
          if (!s.units[i].alive) lost++;
        }
      }
      const [lo, hi] = wilson(wins, games);
      console.log(`| ${basename(file, '.yaml')} | ${a} | ${g.sides[seat]} | ${wins} | ${draws} | ${games - wins - draws} | ${pct(wins / games)} [${pct(lo)}, ${pct(hi)}] | ${per100(trapped)} | ${per100(lost)} |`);
    }
  }
}
