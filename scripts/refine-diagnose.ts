/**
 * How often policy switching's refinement (`mcts:refine=N`, src/agents/switching.ts) departs from
 * the followed agent's choice, and what the departures are worth: mcts with the given parameters
 * on one seat against one agent, on one thread, game g on the streams of (seed, g) (as
 * src/agents/match.ts); per game the decisions searched, agreed, refined and departed, and the
 * summed mean paired gain of the departures (win probability, by the search's own simulations).
 * With --paired, the same games with refinement off (`refine=0`, every other parameter the same):
 * the wins of both and the games whose result changed.
 *
 *   nice npx tsx scripts/refine-diagnose.ts <scenario.yaml> --seat N --against AGENT [--mcts 'refine=48:alloc=halving'] [--games G] [--seed S] [--paired]
 */
import { createAgent } from '../src/agents/resolve.ts';
import { PolicySwitch } from '../src/agents/switching.ts';
import type { Agent } from '../src/core/agent.ts';
import { PlayScratch, playGame } from '../src/core/play.ts';
import { gameStreams } from '../src/core/rng/streams.ts';
import { Tally } from '../src/core/tally.ts';
import { loadScenarioForScript, scriptFlags } from './script-input.ts';

const USAGE = "usage: npx tsx scripts/refine-diagnose.ts <scenario.yaml> --seat N --against AGENT [--mcts 'refine=48:alloc=halving'] [--games G] [--seed S] [--paired]";
const { usage, flag, whole } = scriptFlags('refine-diagnose', USAGE);

const file = process.argv[2];
if (file === undefined || file.startsWith('--')) usage('the scenario file comes first');
const seat = whole('--seat', 0);
const against = flag('--against') ?? usage('--against AGENT is required');
const params = flag('--mcts') ?? 'refine=48';
const games = whole('--games', 20);
const seed = whole('--seed', 1);
const paired = process.argv.includes('--paired');

const choice = `mcts:${params}`;
const off = `mcts:${params.split(':').filter((kv) => !kv.startsWith('refine=')).concat('refine=0').join(':')}`;
const l = await loadScenarioForScript(file, [choice, against], 'agents');
const game = l.compiled;
const sides = game.sides.length;
if (seat >= sides) usage(`--seat: the scenario has ${sides} sides (0..${sides - 1})`);

function play(mcts: string): { wins: number[]; totals: Record<string, number> } {
  const tally = new Tally(game.metrics);
  const scratch = new PlayScratch(game);
  const wins: number[] = [];
  const totals = { decisions: 0, searched: 0, agreed: 0, refined: 0, departed: 0, gain: 0, ms: 0 };
  for (let g = 0; g < games; g++) {
    const created = createAgent(l.system, game, seat, mcts);
    const me = created instanceof PolicySwitch ? created : usage('mcts must be in mode switch');
    const agents: Agent[] = game.sides.map((_, s) => (s === seat ? me : createAgent(l.system, game, s, against)));
    const t0 = performance.now();
    const { result } = playGame(game, agents, gameStreams(seed, g, sides), tally, scratch);
    totals.ms += performance.now() - t0;
    wins.push(result.winner === seat ? 1 : result.winner < 0 ? 0.5 : 0);
    totals.searched += me.searched;
    totals.agreed += me.agreed;
    totals.refined += me.refined;
    totals.departed += me.departed;
    totals.gain += me.gain;
  }
  totals.decisions = totals.searched + totals.agreed;
  return { wins, totals };
}

const on = play(choice);
const t = on.totals;
const score = (w: number[]) => w.reduce((a, b) => a + b, 0);
console.log(`${file}, mcts (${choice}) as side ${seat} (${game.sides[seat]}) against ${against}, ${games} games, seed ${seed}`);
console.log(`decisions with a choice ${t.decisions}: searched ${t.searched}, agreed ${t.agreed}; refined ${t.refined}, departed ${t.departed} (${((100 * t.departed) / Math.max(1, t.refined)).toFixed(1)}% of those refined, ${(t.departed / games).toFixed(2)} a game), mean paired gain of a departure ${(t.gain / Math.max(1, t.departed)).toFixed(3)}`);
console.log(`score ${score(on.wins)} / ${games}; ${(t.ms / games).toFixed(0)} ms a game`);
if (paired) {
  const base = play(off);
  let better = 0;
  let worse = 0;
  for (let g = 0; g < games; g++) {
    if (on.wins[g] > base.wins[g]) better++;
    if (on.wins[g] < base.wins[g]) worse++;
  }
  console.log(`refine off (${off}): score ${score(base.wins)} / ${games}; ${(base.totals.ms / games).toFixed(0)} ms a game; results changed by refinement: ${better} better, ${worse} worse`);
}
