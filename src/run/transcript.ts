/**
 * One game, told move by move: the same game index and seed as in a run give exactly the game
 * that run played (same streams), so any number in a report can be traced to concrete games.
 */
import type { AgentChoice } from '../core/agent.ts';
import { PlayScratch, playGame } from '../core/play.ts';
import { gameStreams } from '../core/rng/streams.ts';
import type { GameResult } from '../core/system.ts';
import { Tally } from '../core/tally.ts';
import { createAgent } from '../scenario/agents.ts';
import type { LoadedScenario } from '../scenario/load.ts';

export interface Transcript {
  readonly lines: string[];
  readonly result: GameResult;
  readonly decisions: number;
}

export function transcribeGame(loaded: LoadedScenario, agents: readonly AgentChoice[], seed: number | string, gameIndex: number): Transcript {
  const game = loaded.compiled;
  const sides = game.sides.length;
  const streams = gameStreams(seed, gameIndex, sides);
  const lines: string[] = [];
  const instances = agents.map((c, side) => createAgent(loaded.system, game, side, c));
  const { result, decisions } = playGame(game, instances, streams, new Tally(game.metrics), new PlayScratch(game), {
    log: (line) => lines.push(`    ${line}`),
    onDecision: (state, side, action, n) => lines.push(`[${game.sides[side]}] ${game.describeAction(state as never, action)}${n > 1 ? `  (1 of ${n} choices)` : ''}`),
  });
  const winner = result.winner >= 0 ? `${game.sides[result.winner]} wins` : 'draw';
  lines.push(`== ${winner}: ${result.reason}${result.detail ? ` (${result.detail})` : ''} after ${result.length} ${loaded.system.info.lengthUnit}, ${decisions} decisions`);
  return { lines, result, decisions };
}
