/**
 * How well Ma.K's evaluate() estimates the probability of winning: at the start of every troop
 * phase of N games per bundled scenario (its default agents, and random against random), the
 * mercenary's estimate beside the game's outcome; Brier score and log loss overall and by the
 * share of the game played, beside the previous formula (a logistic of the O.G.P. lead and half
 * the fit VP, scaled by the VP at stake). --fit searches the two constants on a grid.
 *
 *   npx tsx scripts/mak-evaluate.ts [--games 100] [--seed 3] [--fit]
 */
import { createAgent } from '../src/agents/resolve.ts';
import { playGame, PlayScratch } from '../src/core/play.ts';
import { gameStreams } from '../src/core/rng/streams.ts';
import { Tally } from '../src/core/tally.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
import { loadSystems } from '../src/systems/index.ts';
import type { MakGame } from '../src/systems/mak/engine.ts';
import { DRIFT, SPREAD } from '../src/systems/mak/evaluate.ts';
import type { Model } from '../src/systems/mak/model.ts';
import { ARMLESS, BROKEN, DEAD, IMMOBILE, OFFMAP, type MakState } from '../src/systems/mak/state.ts';
import { bundledScenarios } from '../test/helpers/bundled.ts';

const args = process.argv.slice(2);
const opt = (name: string, def: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const GAMES = Number(opt('games', '100'));
const SEED = Number(opt('seed', '3'));
await loadSystems(['mak']);

/** One sample: the features at a phase start and whether the mercenary won. */
interface Sample { lead: number; fitDiff: number; fitSum: number; left: number; exceed: number; total: number; won: number }

function features(m: Model, s: MakState): Omit<Sample, 'won'> {
  const v = m.body.victory;
  const o0 = s.ogp[0] + v.extra.mercenary - s.artVp[0];
  const o1 = s.ogp[1] + v.extra.strahl - s.artVp[1];
  let fit0 = 0, fit1 = 0, total = 0;
  for (let u = 0; u < m.nu; u++) {
    total += m.uvp[u];
    const st = s.status[u];
    if (st & DEAD && !(st & OFFMAP)) continue;
    const vp = st & (ARMLESS | IMMOBILE | BROKEN) ? m.uvp[u] * 0.3 : m.uvp[u];
    if (m.uside[u] === 0) fit0 += vp;
    else fit1 += vp;
  }
  return { lead: o0 - o1, fitDiff: fit0 - fit1, fitSum: fit0 + fit1, left: (m.body.turns - s.turn + (s.phase === 0 ? 1 : 0.5)) / m.body.turns, exceed: v.mustExceed === 'mercenary' ? -0.5 : 0.5, total };
}

/** The formula of evaluate.ts with constants a (drift) and b (spread). */
const model = (x: Omit<Sample, 'won'>, a: number, b: number): number => {
  const mean = x.lead + a * x.left * x.fitDiff + x.exceed;
  const sd = b * Math.sqrt(x.left) * x.fitSum * 0.5 + 0.25;
  return 1 / (1 + Math.exp((-1.702 * mean) / sd));
};

/** The previous evaluate: a logistic of the O.G.P. lead plus half the fit VP, scaled by the VP at stake. */
const previous = (x: Omit<Sample, 'won'>): number => 1 / (1 + Math.exp((-4 * (x.lead + 0.5 * x.fitDiff + x.exceed)) / Math.max(4, x.total)));

const samples: Sample[] = [];
for (const file of bundledScenarios('mak')) {
  const loaded = loadScenarioFile(file);
  const game = loaded.compiled as MakGame;
  const { m } = game.E;
  const scratch = new PlayScratch(game);
  const tally = new Tally(game.metrics);
  for (const pair of [loaded.defaults.agents?.map((a) => a.name) ?? ['assault', 'firebase'], ['random', 'random']]) {
    for (let g = 0; g < GAMES; g++) {
      const mine: Omit<Sample, 'won'>[] = [];
      let key = -1;
      const { result } = playGame(game, pair.map((a, side) => createAgent(loaded.system, game, side, a)), gameStreams(SEED, g, 2), tally, scratch, {
        beforeDecision(s: MakState) {
          const k = s.turn * 2 + s.phase;
          if (k !== key && s.pending.depth === 0) {
            key = k;
            mine.push(features(m, s));
          }
        },
      });
      for (const x of mine) samples.push({ ...x, won: result.winner === 0 ? 1 : 0 });
    }
  }
}

function score(p: (x: Sample) => number, subset: Sample[]): { brier: number; logLoss: number } {
  let b = 0, l = 0;
  for (const x of subset) {
    const q = Math.min(1 - 1e-6, Math.max(1e-6, p(x)));
    b += (q - x.won) ** 2;
    l -= x.won ? Math.log(q) : Math.log(1 - q);
  }
  return { brier: b / subset.length, logLoss: l / subset.length };
}

let a = DRIFT, b = SPREAD;
if (args.includes('--fit')) {
  let best = Infinity;
  for (let i = 0; i <= 20; i++) for (let j = 1; j <= 30; j++) {
    const ai = i * 0.05, bj = j * 0.05;
    const ll = score((x) => model(x, ai, bj), samples).logLoss;
    if (ll < best) { best = ll; a = ai; b = bj; }
  }
  console.log(`fit: DRIFT ${a.toFixed(2)}, SPREAD ${b.toFixed(2)} (log loss ${best.toFixed(4)})`);
}
const fmt = (r: { brier: number; logLoss: number }): string => `Brier ${r.brier.toFixed(4)}, log loss ${r.logLoss.toFixed(4)}`;
console.log(`${samples.length} phase starts of ${GAMES} games a pairing (default agents and random) on ${bundledScenarios('mak').length} scenarios, seed ${SEED}; a coin: Brier 0.2500, log loss 0.6931`);
console.log(`evaluate (DRIFT ${a}, SPREAD ${b}): ${fmt(score((x) => model(x, a, b), samples))}`);
console.log(`previous formula: ${fmt(score(previous, samples))}`);
for (const [lo, hi, label] of [[0.67, 1.01, 'first third'], [0.34, 0.67, 'second third'], [0, 0.34, 'last third']] as const) {
  const sub = samples.filter((x) => x.left >= lo && x.left < hi);
  console.log(`  ${label} (${sub.length}): evaluate ${fmt(score((x) => model(x, a, b), sub))}; previous ${fmt(score(previous, sub))}`);
}
