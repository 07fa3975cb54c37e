/**
 * Every set-up of one side against a fixed opponent (issue 19, the anvil and the flank): for each
 * pair of hexes of the side's zone (its first two tanks, in placement order; each facing the first
 * direction that holds the nearest enemy hex, placed or zone, in its front arc), `--games` games on
 * common seeds with `--then` playing everything after the placement, and the side's score (a draw
 * 1/2). Prints the best 25 pairs and the worst 5, with each hex's distance to the enemy tanks
 * placed before the side's (in the first game).
 *
 *   npx tsx scripts/panzervor-placements.ts [--scenario fake-battle] [--side B] [--against anvil]
 *        [--then marksman] [--games 200] [--first 0] [--seed 1] [--pairs 1210-1211,1013-1113]
 *
 * One thread; about 1 ms a game with scripted agents (342 pairs x 200 games: 30-70 s).
 */
import { existsSync } from 'node:fs';
import { type Agent, type DecisionContext } from '../src/core/agent.ts';
import { createAgent } from '../src/agents/resolve.ts';
import { PlayScratch, playGame } from '../src/core/play.ts';
import { gameStreams } from '../src/core/rng/streams.ts';
import { Tally } from '../src/core/tally.ts';
import { Action } from '../src/systems/panzervor/actions.ts';
import type { PvCompiledGame } from '../src/systems/panzervor/index.ts';
import type { PvObservation } from '../src/systems/panzervor/observe.ts';
import { inFrontArc } from '../src/systems/panzervor/rules/board.ts';
import { loadScenarioForScript, scriptFlags } from './script-input.ts';

const { usage, flag: given, whole } = scriptFlags('panzervor-placements', 'usage: npx tsx scripts/panzervor-placements.ts [--scenario fake-battle] [--side A|B] [--against anvil] [--then marksman] [--games 200] [--first 0] [--seed 1] [--pairs 1210-1211,...]');
const flag = (name: string, otherwise: string): string => given(name) ?? otherwise;

const scenario = flag('--scenario', 'fake-battle');
const sideName = flag('--side', 'B');
if (!['A', 'B', '0', '1'].includes(sideName)) usage(`--side: expected A or B, got ${sideName}`);
const side = ['A', '0'].includes(sideName) ? 0 : 1;
const against = flag('--against', 'anvil');
const then = flag('--then', 'marksman');
const games = whole('--games', 200);
const first = whole('--first', 0);
const seed = whole('--seed', 1);
if (games < 1) usage('--games: expected a whole number of at least 1, got 0');
const only = flag('--pairs', '');
if (!existsSync(`scenarios/panzervor/${scenario}.yaml`)) usage(`--scenario: no bundled Panzer Vor! scenario '${scenario}' (scenarios/panzervor/${scenario}.yaml)`);

const loaded = await loadScenarioForScript(`scenarios/panzervor/${scenario}.yaml`, [against, then], '--against/--then');
const game = loaded.compiled as PvCompiledGame;
const G = game.G;
const grid = G.grid;
const tanks = G.sideTanks[side];
const zone = G.tZone[tanks[0]];
if (!zone || tanks.length < 2) {
  process.stderr.write(`panzervor-placements: ${scenario}: side ${side === 0 ? 'A' : 'B'} needs two tanks and a placement zone\n`);
  process.exit(2);
}

/** The enemy tanks' hexes at the side's last placement (-1: not placed yet). */
let enemyHexes: number[] = [];

/** `then`, except at the side's placements: hexes[k] for its k-th, facing the nearest enemy hex. */
function placer(hexes: number[]): Agent {
  const inner = createAgent(loaded.system, game, side, then);
  let k = 0;
  return {
    decide(ctx: DecisionContext<PvObservation>) {
      const o = ctx.observe();
      if (o.decision !== 'place') return inner.decide(ctx);
      // `then` sees every decision, so its state follows the game.
      inner.decide(ctx);
      const h = hexes[k++];
      enemyHexes = G.sideTanks[1 - side].map((t) => o.hex[t]);
      let near = -1;
      let bd = Infinity;
      for (let t = 0; t < G.nT; t++) {
        if (G.tSide[t] === side) continue;
        const cand = o.hex[t] >= 0 ? [o.hex[t]] : (G.tZone[t] ?? []);
        for (const x of cand) if (grid.distance(h, x) < bd) [bd, near] = [grid.distance(h, x), x];
      }
      let any = -1;
      for (let i = 0; i < ctx.n; i++) {
        const a = ctx.legal[i];
        if (Action.read.place.hex(a) !== h) continue;
        if (any < 0) any = a;
        if (near >= 0 && inFrontArc(G, h, near, Action.read.place.facing(a))) return a;
      }
      if (any < 0) throw new Error(`hex ${grid.id(h)} is not a legal placement`);
      return any;
    },
  };
}

const pairs: number[][] = only
  ? only.split(',').map((p) => {
      const ids = p.split('-');
      const hexes = ids.every((x) => /^\d{4}$/.test(x)) ? ids.map((x) => grid.indexOfId(x)) : [];
      const zoneIds = Array.from(zone).map((h) => grid.id(h)).join(' ');
      if (hexes.length !== 2 || hexes.some((h) => !zone.includes(h))) usage(`--pairs: '${p}' is not two hexes of side ${side === 0 ? 'A' : 'B'}'s zone joined by '-' (the zone: ${zoneIds})`);
      return hexes;
    })
  : Array.from(zone).flatMap((a) => Array.from(zone).filter((b) => b !== a).map((b) => [a, b]));
const tally = new Tally(game.metrics);
const scratch = new PlayScratch(game);
const rows: Array<[number, string]> = [];
for (const pair of pairs) {
  let score = 0;
  let enemy: number[] = [];
  for (let g = first; g < first + games; g++) {
    const agents = [0, 1].map((s) => (s === side ? placer(pair) : createAgent(loaded.system, game, s, against)));
    const { result } = playGame(game, agents, gameStreams(seed, g, 2), tally, scratch);
    if (result.winner === side) score++;
    else if (result.winner < 0) score += 0.5;
    if (g === first) enemy = enemyHexes;
  }
  const d = pair.map((h) => enemy.filter((x) => x >= 0).map((x) => grid.distance(h, x)).join('/') || '-').join(' ');
  rows.push([score / games, `${pair.map((h) => grid.id(h)).join('-')}  (hexes to the enemy tanks: ${d})`]);
}
rows.sort((a, b) => b[0] - a[0]);
console.log(`${scenario}: side ${side === 0 ? 'A' : 'B'}'s set-ups against ${against}, then ${then}; ${games} games each from game ${first}, seed ${seed}`);
for (const [v, s] of rows.slice(0, 25)) console.log(`${(100 * v).toFixed(1).padStart(5)}%  ${s}`);
if (rows.length > 30) console.log('  ...');
for (const [v, s] of rows.slice(Math.max(25, rows.length - 5))) console.log(`${(100 * v).toFixed(1).padStart(5)}%  ${s}`);
