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

/**
 * `chosen: 'index'` (salvo replay) says which of the legal actions was taken, "(chose 17 of 114
 * legal actions)"; the default keeps the golden transcripts' "(1 of 114 choices)".
 */
export function transcribeGame(loaded: LoadedScenario, agents: readonly AgentChoice[], seed: number | string, gameIndex: number, o: { chosen?: 'index' | 'count' } = {}): Transcript {
  const game = loaded.compiled;
  const sides = game.sides.length;
  const streams = gameStreams(seed, gameIndex, sides);
  const lines: string[] = [];
  const instances = agents.map((c, side) => createAgent(loaded.system, game, side, c));
  let legal: Int32Array | undefined;
  const which = (action: number, n: number): string => {
    if (n <= 1) return '';
    if (o.chosen !== 'index' || !legal) return `  (1 of ${n} choices)`;
    const at = legal.indexOf(action);
    return `  (chose ${at + 1} of ${n} legal actions)`;
  };
  const { result, decisions } = playGame(game, instances, streams, new Tally(game.metrics), new PlayScratch(game), {
    log: (line) => lines.push(`    ${line}`),
    ...(o.chosen === 'index' ? { beforeDecision: (_s: unknown, _side: number, l: Int32Array, n: number) => void (legal = l.slice(0, n)) } : {}),
    onDecision: (state, side, action, n) => lines.push(`[${game.sides[side]}] ${game.describeAction(state as never, action)}${which(action, n)}`),
  });
  const winner = result.winner >= 0 ? `${game.sides[result.winner]} wins` : 'draw';
  lines.push(`== ${winner}: ${result.reason}${result.detail ? ` (${result.detail})` : ''} after ${result.length} ${loaded.system.info.lengthUnit}, ${decisions} decisions`);
  return { lines, result, decisions };
}
