/**
 * Calibration of Panzer Vor!'s evaluate (src/systems/panzervor/evaluate.ts, the generic search
 * agents' win-probability estimate): plays games of every bundled scenario between the scripted
 * agents and the greedy search policy, samples positions along them (each with side A's features
 * and the game's result for A: 1, 1/2, 0), fits a logistic regression without intercept (so the
 * two sides' estimates sum to one) on the even games by Newton's method, and prints the Brier
 * score on the odd games (held out) of: a coin, the former weights (material + 0.35 threat, slope
 * 4), the weights evaluate.ts ships, and the fitted ones.
 *
 *   npx tsx scripts/panzervor-evaluate.ts [--games 300] [--every 6] [--seed 5]
 *
 * --games per scenario and pairing. One thread, in this process.
 */
import { createAgent } from '../src/agents/resolve.ts';
import { PlayScratch, playGame } from '../src/core/play.ts';
import { gameStreams } from '../src/core/rng/streams.ts';
import { Tally } from '../src/core/tally.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
import { loadSystems } from '../src/systems/index.ts';
import { N_FEATURES, WEIGHTS, evaluate, features } from '../src/systems/panzervor/evaluate.ts';
import type { PvCompiledGame, PvState } from '../src/systems/panzervor/index.ts';
import { isOver } from '../src/systems/panzervor/state.ts';
import { bundledScenarios } from '../test/helpers/bundled.ts';
import { scriptFlags } from './script-input.ts';

const { usage, whole } = scriptFlags('panzervor-evaluate', 'usage: npx tsx scripts/panzervor-evaluate.ts [--games 300] [--every 6] [--seed 5]');
const games = whole('--games', 300);
const every = whole('--every', 6);
const seed = whole('--seed', 5);
if (games < 1 || every < 1) usage('--games and --every: expected whole numbers of at least 1');
const PAIRINGS = [['greedy', 'greedy'], ['marksman', 'brawler'], ['flag-commander', 'marksman'], ['brawler', 'greedy'], ['greedy', 'random']];
const FORMER = [4, 4 * 0.35, 0, 0, 0, 0];

await loadSystems(['panzervor']);
interface Sample { x: Float64Array; shipped: number; y: number; test: boolean; scenario: string }
const samples: Sample[] = [];
for (const file of bundledScenarios('panzervor')) {
  const loaded = loadScenarioFile(file);
  const game = loaded.compiled as PvCompiledGame;
  const tally = new Tally(game.metrics);
  const scratch = new PlayScratch(game);
  let g = 0;
  for (const pair of PAIRINGS) {
    for (let i = 0; i < games; i++, g++) {
      const pending: Sample[] = [];
      let d = 0;
      const names = g % 2 === 0 ? pair : [pair[1], pair[0]];
      const seats = names.map((a, side) => createAgent(loaded.system, game, side, a));
      const { result } = playGame(game, seats, gameStreams(seed, g, 2), tally, scratch, {
        onDecision: (s: PvState) => {
          if (d++ % every !== 0 || isOver(s)) return;
          const x = new Float64Array(N_FEATURES);
          features(game.G, s, 0, x);
          pending.push({ x, shipped: evaluate(game.G, s, 0), y: 0, test: (g >> 1) % 2 === 1, scenario: file.split('/').pop()!.replace('.yaml', '') });
        },
      });
      const y = result.winner === 0 ? 1 : result.winner < 0 ? 0.5 : 0;
      for (const p of pending) samples.push({ ...p, y });
    }
  }
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
const dot = (w: readonly number[], x: Float64Array): number => { let z = 0; for (let i = 0; i < x.length; i++) z += w[i] * x[i]; return z; };
const brier = (set: Sample[], p: (s: Sample) => number): number => set.reduce((a, s) => a + (p(s) - s.y) ** 2, 0) / set.length;

// Newton's method on the log loss (targets in [0, 1]), a little ridge for stability.
const train = samples.filter((s) => !s.test);
const test = samples.filter((s) => s.test);
const w = new Array<number>(N_FEATURES).fill(0);
for (let it = 0; it < 30; it++) {
  const grad = new Array<number>(N_FEATURES).fill(0);
  const H = Array.from({ length: N_FEATURES }, (_, i) => Array.from({ length: N_FEATURES }, (_, j) => (i === j ? 1e-3 * train.length : 0)));
  for (const s of train) {
    const p = sigmoid(dot(w, s.x));
    for (let i = 0; i < N_FEATURES; i++) {
      grad[i] += (p - s.y) * s.x[i];
      for (let j = 0; j < N_FEATURES; j++) H[i][j] += p * (1 - p) * s.x[i] * s.x[j];
    }
  }
  for (let i = 0; i < N_FEATURES; i++) grad[i] += 1e-3 * train.length * w[i];
  // Solve H step = grad (Gaussian elimination).
  const A = H.map((row, i) => [...row, grad[i]]);
  for (let c = 0; c < N_FEATURES; c++) {
    let piv = c;
    for (let r = c + 1; r < N_FEATURES; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
    [A[c], A[piv]] = [A[piv], A[c]];
    for (let r = 0; r < N_FEATURES; r++) {
      if (r === c) continue;
      const k = A[r][c] / A[c][c];
      for (let j = c; j <= N_FEATURES; j++) A[r][j] -= k * A[c][j];
    }
  }
  for (let i = 0; i < N_FEATURES; i++) w[i] -= A[i][N_FEATURES] / A[i][i];
}

const fmt = (x: number): string => x.toFixed(4);
console.log(`${samples.length} positions (${train.length} to fit, ${test.length} held out) from ${bundledScenarios('panzervor').length} scenarios x ${PAIRINGS.length} pairings x ${games} games, every ${every}th decision, seed ${seed}`);
console.log(`fitted weights: [${w.map((x) => x.toFixed(3)).join(', ')}]   shipped: [${WEIGHTS.join(', ')}]`);
console.log(`Brier on held-out games: coin 0.25 -> ${fmt(brier(test, () => 0.5))}, former ${fmt(brier(test, (s) => sigmoid(dot(FORMER, s.x))))}, shipped ${fmt(brier(test, (s) => s.shipped))}, fitted ${fmt(brier(test, (s) => sigmoid(dot(w, s.x))))}`);
for (const name of new Set(test.map((s) => s.scenario))) {
  const set = test.filter((s) => s.scenario === name);
  console.log(`  ${name.padEnd(18)} ${String(set.length).padStart(6)} positions: former ${fmt(brier(set, (s) => sigmoid(dot(FORMER, s.x))))}, shipped ${fmt(brier(set, (s) => s.shipped))}, fitted ${fmt(brier(set, (s) => sigmoid(dot(w, s.x))))}`);
}
// Calibration by decile of the shipped estimate.
const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
for (const s of test) {
  const b = bins[Math.min(9, Math.floor(s.shipped * 10))];
  b.n++;
  b.p += s.shipped;
  b.y += s.y;
}
console.log('shipped estimate by decile (held out): ' + bins.filter((b) => b.n).map((b) => `${fmt(b.p / b.n).slice(1, 4)}:${fmt(b.y / b.n).slice(1, 4)} (${b.n})`).join('  '));
