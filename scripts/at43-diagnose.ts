/**
 * What happens in an AT-43 scenario's games (issue 19: why does a seat lose?), read from the game
 * log of each game on common seeds: losses by round and side (shooting / close combat), salvos,
 * kills and cover saves by side and range band, overwatch salvos, Take cover drills, the side that
 * scores each control phase, LP spent, how the games end.
 *
 *   npx tsx scripts/at43-diagnose.ts [scenarios/at43/sector55.yaml] [--agents gunline,assault] [--games 200] [--seed 1]
 *
 * With --score, no log: the score (a win 1, a draw 1/2) of each agent choice of a ';'-separated list,
 * in seat --seat (0: side A), against each agent of --vs, on common seeds (how the UNA plans of
 * issue 19 were compared):
 *
 *   npx tsx scripts/at43-diagnose.ts --score 'bulwark;underdog' [--vs gunline,assault,objective,bulwark] [--seat 0] [--games 1000]
 *
 * Runs on one thread, in this process.
 */
import { createAgent } from '../src/agents/resolve.ts';
import { playGame, PlayScratch } from '../src/core/play.ts';
import { gameStreams } from '../src/core/rng/streams.ts';
import { Tally } from '../src/core/tally.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
import { loadSystems } from '../src/systems/index.ts';
import type { At43Game } from '../src/systems/at43/engine.ts';
import { M } from '../src/systems/at43/metrics.ts';

const args = process.argv.slice(2);
const opt = (name: string, def: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const file = args[0] && !args[0].startsWith('--') ? args[0] : 'scenarios/at43/sector55.yaml';
const GAMES = Number(opt('games', '200'));
const SEED = Number(opt('seed', '1'));
const agents = opt('agents', 'gunline,assault').split(',');

await loadSystems(['at43']);
const loaded = loadScenarioFile(file);
const game = loaded.compiled as At43Game;

if (args.includes('--score')) {
  const seat = Number(opt('seat', '0'));
  const field = opt('vs', 'gunline,assault,objective,bulwark').split(',');
  const sc = new PlayScratch(game);
  const t = new Tally(game.metrics);
  for (const choice of opt('score', '').split(';').filter(Boolean)) {
    const cells: string[] = [];
    let sum = 0;
    for (const other of field) {
      let points = 0;
      for (let g = 0; g < GAMES; g++) {
        const players = [0, 1].map((side) => createAgent(loaded.system, game, side, side === seat ? choice : other));
        t.resetScalars();
        const w = playGame(game, players, gameStreams(SEED, g, 2), t, sc).result.winner;
        points += w === seat ? 1 : w === undefined || w < 0 ? 0.5 : 0;
      }
      cells.push(`${other} ${((100 * points) / GAMES).toFixed(1)}`);
      sum += points;
    }
    console.log(`${choice}: mean ${((100 * sum) / GAMES / field.length).toFixed(1)}% | ${cells.join('  ')}`);
  }
  process.exit(0);
}
const m = game.model;
const sideOf = new Map(m.units.map((U) => [U.id, U.side]));
const R = 8;
const BANDS = 10;
const z = () => [new Array(R).fill(0), new Array(R).fill(0)];
const lossShot = z();
const lossMelee = z();
const salvos = [new Array(BANDS).fill(0), new Array(BANDS).fill(0)];
const kills = [new Array(BANDS).fill(0), new Array(BANDS).fill(0)];
const owSalvos = [0, 0];
const owKills = [0, 0];
const coverSaved = [0, 0];
const coverImpacts = [0, 0];
const takeCover = [0, 0];
const overwatchDrill = [0, 0];
const scored = z();
/** Losses by unit and round (rounds 1..R-1). */
const unitLoss = m.units.map(() => new Array(R).fill(0));
const unitIndex = new Map(m.units.map((U) => [U.id, U.index]));
const lpSpent = [0, 0];
const ends = { annihilation: [0, 0], vp: [0, 0], draw: 0 };
const endRound = new Array(R).fill(0);
/** Games where side A's LP pool at the start of round 2 / 3 shows its officers gone (no more than the base 2), and A's wins among them. */
const noOfficer = [0, 0];
const noOfficerWins = [0, 0];

const scratch = new PlayScratch(game);
const tally = new Tally(game.metrics);
for (let g = 0; g < GAMES; g++) {
  const ag = agents.map((a, side) => createAgent(loaded.system, game, side, a));
  let round = 0;
  const lost = [0, 0];
  let vp = [0, 0];
  let lastShooter = -1;
  let lastBand = 0;
  let lastOw = false;
  const log = (line: string): void => {
    let r: RegExpMatchArray | null;
    if ((r = line.match(/^round (\d+): LP \S+ (\d+)/))) {
      round = Number(r[1]);
      if ((round === 2 || round === 3) && Number(r[2]) <= 2) lost[round - 2] = 1;
    }
    else if ((r = line.match(/^ {2}(\S+) fires \d+ × \S+ at (\S+)( \(overwatch\))?: range (\d+)/))) {
      lastShooter = sideOf.get(r[1])!;
      lastBand = Math.min(BANDS - 1, Number(r[4]));
      lastOw = r[3] !== undefined;
      salvos[lastShooter][lastBand]++;
      if (lastOw) owSalvos[lastShooter]++;
    } else if ((r = line.match(/^ {2}(\S+) under cover: (\d+) of (\d+)/))) {
      coverSaved[sideOf.get(r[1])!] += Number(r[2]);
      coverImpacts[sideOf.get(r[1])!] += Number(r[3]);
    } else if ((r = line.match(/^ {2}(\S+): \d+ damage tests -> (\d+) eliminated/))) {
      const k = Number(r[2]);
      lossShot[sideOf.get(r[1])!][Math.min(R - 1, round)] += k;
      unitLoss[unitIndex.get(r[1])!][Math.min(R - 1, round)] += k;
      if (lastShooter >= 0) kills[lastShooter][lastBand] += k;
      if (lastOw && lastShooter >= 0) owKills[lastShooter] += k;
    } else if ((r = line.match(/^ {2}combat: \d+ × \S+ of \S+ vs (\S+) .*, (\d+) eliminated/))) {
      lossMelee[sideOf.get(r[1])!][Math.min(R - 1, round)] += Number(r[2]);
      unitLoss[unitIndex.get(r[1])!][Math.min(R - 1, round)] += Number(r[2]);
    }
    else if ((r = line.match(/^ {2}(\S+): Take cover!/))) takeCover[sideOf.get(r[1])!]++;
    else if ((r = line.match(/^ {2}(\S+): Overwatch!/))) overwatchDrill[sideOf.get(r[1])!]++;
    else if ((r = line.match(/^control phase: VP \S+ (\d+), \S+ (\d+)/))) {
      const now = [Number(r[1]), Number(r[2])];
      for (let s = 0; s < 2; s++) if (now[s] > vp[s]) scored[s][Math.min(R - 1, round)]++;
      vp = now;
    }
  };
  tally.resetScalars();
  const { state, result } = playGame(game, ag, gameStreams(SEED, g, 2), tally, scratch, { log });
  lpSpent[0] += tally.scalars[M.scalar.lpSpentA];
  lpSpent[1] += tally.scalars[M.scalar.lpSpentB];
  const alive = [0, 1].map((s) => m.units.some((U) => U.side === s && state.members[U.index] > 0));
  if (result.winner === undefined || result.winner < 0) ends.draw++;
  else if (!alive[1 - result.winner]) ends.annihilation[result.winner]++;
  else ends.vp[result.winner]++;
  endRound[Math.min(R - 1, state.round)]++;
  for (let k = 0; k < 2; k++) if (lost[k]) {
    noOfficer[k]++;
    if (result.winner === 0) noOfficerWins[k]++;
  }
}

const f = (x: number) => (x / GAMES).toFixed(2);
console.log(`${file} ${agents.join(' vs ')}: ${GAMES} games, seed ${SEED}`);
console.log(`ends: ${m.sides[0]} wins ${ends.annihilation[0]} by annihilation, ${ends.vp[0]} on VP; ${m.sides[1]} ${ends.annihilation[1]} / ${ends.vp[1]}; draws ${ends.draw}; last round ${endRound.map((n, i) => (n ? `${i}:${n}` : '')).filter(Boolean).join(' ')}`);
console.log(`${m.sides[0]}'s LP pool at 2 or less (its officers lost) at the start of round 2 in ${noOfficer[0]} games (${m.sides[0]} wins ${noOfficerWins[0]}), of round 3 in ${noOfficer[1]} (wins ${noOfficerWins[1]})`);
for (let s = 0; s < 2; s++) {
  console.log(`${m.sides[s]} losses per game by round (shot+melee): ${lossShot[s].map((x, i) => (i ? `r${i} ${f(x)}+${f(lossMelee[s][i])}` : '')).filter(Boolean).join('  ')}`);
  console.log(`${m.sides[s]} scores the control phase of round: ${scored[s].map((x, i) => (i ? `r${i} ${(100 * x / GAMES).toFixed(0)}%` : '')).filter(Boolean).join(' ')}`);
  console.log(`${m.sides[s]} salvos per game by band (kills): ${salvos[s].map((x, b) => (x ? `b${b} ${f(x)} (${f(kills[s][b])})` : '')).filter(Boolean).join('  ')}`);
  for (const U of m.units) if (U.side === s) console.log(`  ${U.id} (${U.fielded}) losses per game by round: ${unitLoss[U.index].map((x, i) => (i ? `r${i} ${f(x)}` : '')).filter(Boolean).join('  ')}`);
  console.log(`${m.sides[s]} LP spent per game ${f(lpSpent[s])}`);
  console.log(`${m.sides[s]} overwatch salvos ${f(owSalvos[s])} (kills ${f(owKills[s])}); Overwatch drills ${f(overwatchDrill[s])}; Take cover drills ${f(takeCover[s])}; impacts taken under cover ${f(coverImpacts[s])}, cancelled ${f(coverSaved[s])}`);
}
