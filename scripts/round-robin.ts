/**
 * Round robin of agents on one scenario: every pair of agents meets on common seeds in both
 * seatings (game g uses the streams of (seed, g) whichever side an agent holds), and the table gives
 * the row agent's score against the column agent (a win 1, a draw 1/2) with a Wilson 95%
 * interval, the row agent's pooled score against all the others, and its mean wall time per
 * decision (forced moves excluded; machine load shows in it).
 *
 *   npx tsx scripts/round-robin.ts scenarios/panzervor/fake-battle.yaml --games 20 \
 *     --agents random,marksman,brawler,lookahead,mcts:iterations=100,mcts:iterations=400 [--seed 1] [--json out.json]
 *
 * --games is per seating: each pair plays 2 × games games. Runs on one thread, in this process.
 */
import { writeFileSync } from 'node:fs';
import { emptyScore, playMatch, points, type AgentScore } from '../src/agents/match.ts';
import { wilson } from '../src/analysis/intervals.ts';
import { loadScenarioForScript, scriptFlags } from './script-input.ts';

const { usage, flag } = scriptFlags('round-robin', 'usage: npx tsx scripts/round-robin.ts <scenario> --games N --agents a,b,c [--seed S] [--json FILE]');

const file = process.argv[2];
if (!file || file.startsWith('--')) usage('missing scenario file');
const games = Number(flag('--games') ?? 20);
if (!Number.isInteger(games) || games < 1) usage(`--games: expected a whole number >= 1, got ${flag('--games')}`);
const seedText = flag('--seed') ?? '1';
const seed = /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
const names = (flag('--agents') ?? 'random,lookahead,mcts').split(',').map((s) => s.trim()).filter(Boolean);
if (names.length < 2) usage('--agents: give at least two agents');
const jsonOut = flag('--json');

const loaded = await loadScenarioForScript(file, names, '--agents');
if (loaded.compiled.sides.length !== 2) usage('a round robin needs a two-sided scenario');

const k = names.length;
/** cell[i][j]: score of agent i against agent j (both seatings). */
const cell: AgentScore[][] = names.map(() => names.map(() => emptyScore()));
const started = performance.now();
for (let i = 0; i < k; i++) {
  for (let j = i + 1; j < k; j++) {
    const t0 = performance.now();
    const [a, b] = playMatch(loaded, names[i], names[j], seed, games);
    cell[i][j] = a;
    cell[j][i] = b;
    process.stderr.write(`${names[i]} vs ${names[j]}: ${points(a)}-${points(b)} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }
}

const pct = (x: number) => (100 * x).toFixed(0);
const rate = (s: AgentScore) => {
  const [lo, hi] = wilson(points(s), s.games);
  return `${pct(points(s) / s.games)} [${pct(lo)}, ${pct(hi)}]`;
};
const total = names.map((_, i) => {
  const t = emptyScore();
  for (let j = 0; j < k; j++) {
    if (j === i) continue;
    const c = cell[i][j];
    t.games += c.games;
    t.wins += c.wins;
    t.draws += c.draws;
    t.decisions += c.decisions;
    t.ms += c.ms;
  }
  return t;
});

const lines: string[] = [];
lines.push(`${loaded.input.id} (${loaded.system.info.id}): ${2 * games} games per pair (${games} per seating), seed ${seedText}; score of the row agent in %, Wilson 95%`);
lines.push('');
lines.push(`| row vs column | ${names.join(' | ')} | all | ms/decision | decisions/game |`);
lines.push(`|---|${names.map(() => '---|').join('')}---|---|---|`);
for (let i = 0; i < k; i++) {
  const cells = names.map((_, j) => (i === j ? '—' : rate(cell[i][j])));
  const t = total[i];
  lines.push(`| ${names[i]} | ${cells.join(' | ')} | ${rate(t)} | ${(t.ms / Math.max(1, t.decisions)).toFixed(3)} | ${(t.decisions / Math.max(1, t.games)).toFixed(1)} |`);
}
lines.push('');
lines.push(`total time ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.stdout.write(lines.join('\n') + '\n');

if (jsonOut) {
  const out = {
    scenario: file,
    seed: seedText,
    gamesPerSeating: games,
    agents: names,
    matrix: names.map((_, i) => names.map((_, j) => (i === j ? null : { ...cell[i][j], score: points(cell[i][j]) / cell[i][j].games, interval: wilson(points(cell[i][j]), cell[i][j].games) }))),
    overall: total.map((t) => ({ ...t, score: points(t) / t.games, interval: wilson(points(t), t.games), msPerDecision: t.ms / Math.max(1, t.decisions) })),
  };
  writeFileSync(jsonOut, JSON.stringify(out, null, 2) + '\n');
}
