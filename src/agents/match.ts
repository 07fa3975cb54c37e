/**
 * Head-to-head matches between agent choices on common seeds: game g of a match uses the streams
 * of (seed, g) in both seatings, so two agents meet the same set-ups and the same dice streams.
 * Used by scripts/round-robin.ts and the agents' tests; it also times each side's decisions.
 */
import type { Agent, AgentChoice } from '../core/agent.ts';
import { createAgent } from './resolve.ts';
import { PlayScratch, playGame } from '../core/play.ts';
import { gameStreams } from '../core/rng/streams.ts';
import type { AnySystem, CompiledGame } from '../core/system.ts';
import { Tally } from '../core/tally.ts';

export interface Contender {
  readonly system: AnySystem;
  readonly compiled: CompiledGame;
}

/** Totals of one agent choice in a match (over both seatings when asked). */
export interface AgentScore {
  games: number;
  wins: number;
  draws: number;
  /** Decisions the agent was asked to make (forced moves excluded) and the time they took. */
  decisions: number;
  ms: number;
}

export function emptyScore(): AgentScore {
  return { games: 0, wins: 0, draws: 0, decisions: 0, ms: 0 };
}

/** Wraps an agent to count its decisions and their wall time (measurement only, never game logic). */
function timed(agent: Agent, score: AgentScore): Agent {
  const seen = agent.seen;
  return {
    decide(ctx) {
      const t0 = performance.now();
      const a = agent.decide(ctx);
      score.ms += performance.now() - t0;
      score.decisions++;
      return a;
    },
    // An agent that models its opponents (Agent.seen) is told of their choices through the wrapper
    // too, and the time it takes counts as its own.
    ...(seen === undefined
      ? {}
      : {
          seen(view, side, action) {
            const t0 = performance.now();
            seen.call(agent, view, side, action);
            score.ms += performance.now() - t0;
          },
        }),
  };
}

/**
 * Plays games [first, first + games) with `choices[side]` on each side and adds the results to
 * `scores[side]`. Returns the winners (-1 for a draw), game by game.
 */
export function playSeated(c: Contender, choices: readonly (AgentChoice | string)[], scores: readonly AgentScore[], seed: number | string, games: number, first = 0): number[] {
  const game = c.compiled;
  const sides = game.sides.length;
  const tally = new Tally(game.metrics);
  const scratch = new PlayScratch(game);
  const winners: number[] = [];
  for (let g = first; g < first + games; g++) {
    const agents = choices.map((ch, side) => timed(createAgent(c.system, game, side, ch), scores[side]));
    const { result } = playGame(game, agents, gameStreams(seed, g, sides), tally, scratch);
    winners.push(result.winner);
    for (let side = 0; side < sides; side++) {
      scores[side].games++;
      if (result.winner === side) scores[side].wins++;
      else if (result.winner < 0) scores[side].draws++;
    }
  }
  return winners;
}

/** A two-sided match on common seeds, both seatings: [score of a, score of b]. */
export function playMatch(c: Contender, a: AgentChoice | string, b: AgentChoice | string, seed: number | string, games: number, first = 0): [AgentScore, AgentScore] {
  const sa = emptyScore();
  const sb = emptyScore();
  playSeated(c, [a, b], [sa, sb], seed, games, first);
  playSeated(c, [b, a], [sb, sa], seed, games, first);
  return [sa, sb];
}

/** Points of a score: a win is 1, a draw 1/2. */
export function points(s: AgentScore): number {
  return s.wins + s.draws / 2;
}
