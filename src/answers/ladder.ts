/**
 * A skill ladder for any scenario: every agent against every other, in both seats, on common
 * seeds (game g of every pairing replays the dice streams of (seed, g)). It reports Bradley–
 * Terry ratings of the agents, how often the stronger agent of each pairing wins, and the luck
 * share of the outcome.
 *
 * Luck share (method): the one-way analysis of variance of the per-game score of side A (win 1,
 * draw ½, loss 0) over the seated pairings of the ladder (agent i as side A against agent j, i ≠ j):
 * total sum of squares = between pairings (what is decided by who plays whom, and in which seat)
 * + within pairings (what changes from game to game with the same players: the dice and the
 * set-up). The luck share is SS_within / SS_total = 1 − η² (Fisher 1925; it is the "true talent
 * plus luck" decomposition Var(observed) = Var(skill) + Var(chance) of sports analytics, e.g.
 * Tango, Lichtman & Dolphin, The Book, 2007). It is relative to the agents on the ladder: the
 * wider their spread of skill, the smaller the share left to the dice; a game where the dice
 * decide everything has a luck share of 1 whatever the agents.
 */
import type { AgentChoice } from '../core/agent.ts';
import { formatAgentChoice } from '../core/agent.ts';
import { availableAgents, findAgent } from '../scenario/agents.ts';
import { wilson } from '../analysis/intervals.ts';
import { fitBradleyTerry, type BradleyTerry } from '../analysis/bradley-terry.ts';
import { playVersions } from './probe.ts';
import type { Subject } from './subject.ts';

/** Generic search agents of the core (added for every system with evaluate/determinize). */
const SEARCH_AGENTS = ['mcts', 'lookahead'];

/** random + the system's scripted heuristics + mcts at 1×, 2×, 4× its budget when the system offers mcts. */
export function defaultLadder(subject: Subject, budget?: number): AgentChoice[] {
  const system = subject.loaded.system;
  const out: AgentChoice[] = [{ name: 'random', params: {} }];
  for (const f of availableAgents(system)) if (f.name !== 'random' && !SEARCH_AGENTS.includes(f.name)) out.push({ name: f.name, params: {} });
  const mcts = findAgent(system, 'mcts');
  if (mcts) {
    const spec = mcts.params.iterations;
    const base = budget ?? (spec && typeof spec.default === 'number' ? spec.default : 100);
    for (const k of [1, 2, 4]) out.push({ name: 'mcts', params: { iterations: base * k } });
  }
  return out;
}

export interface Pairing {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  readonly winsA: number;
  readonly winsB: number;
  readonly draws: number;
}

export interface StrongerRecord {
  readonly stronger: string;
  readonly weaker: string;
  readonly games: number;
  readonly score: number;
  readonly lo: number;
  readonly hi: number;
}

export interface LadderResult {
  readonly agents: readonly string[];
  readonly pairings: readonly Pairing[];
  readonly ratings: BradleyTerry;
  /** Per unordered pair: the stronger agent (by rating) and its score over both seats. */
  readonly stronger: readonly StrongerRecord[];
  /** Mean score of the stronger agent over the pairs. */
  readonly strongerWins: number;
  readonly luckShare: number;
  /** Side A's score over every seated pairing (the seat's advantage on this ladder). */
  readonly seatA: number;
  readonly gamesPerPairing: number;
  readonly elapsedMs: number;
}

export function luckShare(pairings: readonly Pairing[]): number {
  // Per-game score Y ∈ {0, ½, 1} of side A; sums of Y and Y² per pairing are enough.
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let within = 0;
  for (const p of pairings) {
    const s = p.winsA + p.draws / 2;
    const s2 = p.winsA + p.draws / 4;
    within += s2 - (s * s) / p.games;
    n += p.games;
    sum += s;
    sumSq += s2;
  }
  const total = sumSq - (sum * sum) / n;
  return total > 0 ? within / total : 1;
}

export async function runLadder(subject: Subject, agents: readonly AgentChoice[], opts: { games: number; workers?: number; onProgress?: (done: number, total: number) => void }): Promise<LadderResult> {
  const t0 = performance.now();
  const names = agents.map(formatAgentChoice);
  const versions: Array<{ name: string; sets: []; agents: AgentChoice[]; i: number; j: number }> = [];
  for (let i = 0; i < agents.length; i++)
    for (let j = 0; j < agents.length; j++) if (i !== j) versions.push({ name: `${names[i]} vs ${names[j]}`, sets: [], agents: [agents[i], agents[j]], i, j });
  const res = await playVersions(subject, versions, { games: opts.games, workers: opts.workers, onProgress: opts.onProgress });
  const pairings: Pairing[] = res.map((r, k) => ({ a: names[versions[k].i], b: names[versions[k].j], games: r.games, winsA: r.wins[0], winsB: r.wins[1], draws: r.draws }));
  const ratings = fitBradleyTerry(pairings);
  const theta = new Map(ratings.ratings.map((r) => [r.item, r.theta]));
  const stronger: StrongerRecord[] = [];
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      const [s, w] = (theta.get(names[i]) ?? 0) >= (theta.get(names[j]) ?? 0) ? [names[i], names[j]] : [names[j], names[i]];
      let games = 0;
      let score = 0;
      for (const p of pairings) {
        if (p.a === s && p.b === w) ((games += p.games), (score += p.winsA + p.draws / 2));
        if (p.a === w && p.b === s) ((games += p.games), (score += p.winsB + p.draws / 2));
      }
      const [lo, hi] = wilson(Math.round(score), games);
      stronger.push({ stronger: s, weaker: w, games, score: score / games, lo, hi });
    }
  const seatGames = pairings.reduce((t, p) => t + p.games, 0);
  return {
    agents: names,
    pairings,
    ratings,
    stronger,
    strongerWins: stronger.reduce((t, x) => t + x.score, 0) / Math.max(1, stronger.length),
    luckShare: luckShare(pairings),
    seatA: pairings.reduce((t, p) => t + p.winsA + p.draws / 2, 0) / seatGames,
    gamesPerPairing: opts.games,
    elapsedMs: performance.now() - t0,
  };
}
