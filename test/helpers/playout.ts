/**
 * The shared random-playout battery (OpenSpiel's idea): every system runs it on every bundled
 * scenario. It drives THE game loop (core/play.ts playGame) through its hooks, so what it checks
 * is what the runner plays. At each decision it checks that the side is valid, that the agent
 * picked a legal action, that the system's invariants hold after set-up and after every move,
 * and (sampled) that acting on a clone never changes the original. Every game must end by the
 * rules, before the safety cap. On failure the last moves are printed.
 */
import type { Agent } from '../../src/core/agent.ts';
import { PlayScratch, playGame, type PlayOptions } from '../../src/core/play.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import type { CompiledGame, GameResult, PlayContext } from '../../src/core/system.ts';
import { Tally } from '../../src/core/tally.ts';
import { createAgent } from '../../src/scenario/agents.ts';
import { loadScenarioFile, type LoadedScenario } from '../../src/scenario/load.ts';
import { ObservationMutated, readOnlyView } from '../conformance/read-only.ts';

export interface PlayoutOptions {
  readonly scenario: string | LoadedScenario;
  readonly games: number;
  readonly seed?: number;
  /** Agent names (with optional ':k=v' params), one per side; default random for all. */
  readonly agents?: readonly string[];
  /** Check clone independence every `cloneEvery` decisions (default 7). */
  readonly cloneEvery?: number;
  /**
   * Hand agents read-only views of their observations, so one that mutates them throws (default
   * false). A number k: at every k-th decision only (a view costs a proxy trap on every read, which
   * makes heuristic agents that scan their observation in hot loops tens of times slower).
   */
  readonly readOnlyObservations?: boolean | number;
  /** Fail when a decision lists the same action code twice among its legal actions (default false). */
  readonly uniqueActions?: boolean;
  /** Extra check at every decision (before the agent is asked); return violations. */
  readonly eachDecision?: (state: unknown, side: number, decisions: number, game: CompiledGame) => string[];
}

export interface PlayoutStats {
  games: number;
  decisions: number;
  maxDecisionsInAGame: number;
  reasons: Record<string, number>;
  winners: Record<string, number>;
  meanLength: number;
}

class PlayoutFailure extends Error {}

function stateText(s: unknown): string {
  return JSON.stringify(s);
}

export function createAgents(loaded: LoadedScenario, names: readonly string[]): Agent[] {
  const game = loaded.compiled;
  return names.map((text, side) => createAgent(loaded.system, game, side, text));
}

export function checkRandomPlayouts(opts: PlayoutOptions): PlayoutStats {
  const loaded = typeof opts.scenario === 'string' ? loadScenarioFile(opts.scenario) : opts.scenario;
  const game: CompiledGame = loaded.compiled;
  const sides = game.sides.length;
  const names = opts.agents ?? new Array<string>(sides).fill('random');
  if (names.length !== sides) throw new Error(`need ${sides} agents, got ${names.length}`);
  const seed = opts.seed ?? 12345;
  const cloneEvery = opts.cloneEvery ?? 7;
  const readOnlyEvery = opts.readOnlyObservations === true ? 1 : opts.readOnlyObservations || 0;
  const scratch = new PlayScratch(game);
  const tally = new Tally(game.metrics);
  const stats: PlayoutStats = { games: 0, decisions: 0, maxDecisionsInAGame: 0, reasons: {}, winners: {}, meanLength: 0 };
  let lengthSum = 0;
  const seen = new Set<number>();

  for (let g = 0; g < opts.games; g++) {
    const streams = gameStreams(seed, g, sides);
    const agents = createAgents(loaded, names);
    const transcript: string[] = [];
    let at = 0;
    const failure = (msg: string): never => {
      throw new PlayoutFailure(`${loaded.input.id} game ${g} (seed ${seed}), decision ${at}: ${msg}\n--- last decisions ---\n${transcript.slice(-40).join('\n')}`);
    };
    const invariants = (state: unknown, when: string): void => {
      const broken = game.checkInvariants?.(state) ?? [];
      if (broken.length) failure(`invariants broken ${when}: ${broken.join('; ')}`);
    };
    const hooks: PlayOptions = {
      onStart: (state) => invariants(state, 'after set-up'),
      beforeDecision: (state, side, legal, n, decisions) => {
        at = decisions;
        if (!(Number.isInteger(side) && side >= 0 && side < sides)) failure(`currentSide returned ${side}`);
        if (opts.uniqueActions) {
          seen.clear();
          for (let i = 0; i < n; i++) {
            if (seen.has(legal[i])) failure(`side ${side}'s legal actions list ${legal[i]} (${game.describeAction(state, legal[i])}) twice (at ${legal.indexOf(legal[i])} and ${i} of ${n})`);
            seen.add(legal[i]);
          }
        }
        const extra = opts.eachDecision?.(state, side, decisions, game) ?? [];
        if (extra.length) failure(extra.join('; '));
      },
      onDecision: (state, side, action, n) => {
        const legal = scratch.legal;
        let ok = false;
        for (let i = 0; i < n; i++) if (legal[i] === action) ok = true;
        if (!ok) failure(`side ${side} chose ${action}, not among the ${n} legal actions`);
        transcript.push(`[${side}] ${game.describeAction(state, action)}`);
        if (at % cloneEvery === 0) {
          const before = stateText(state);
          const copy = game.clone(state);
          if (stateText(copy) !== before) failure('clone differs from the original');
          const copyCtx: PlayContext = { dice: streams.dice.clone(), tally: new Tally(game.metrics) };
          game.apply(copy, action, copyCtx);
          if (stateText(state) !== before) failure(`acting on a clone changed the original (action ${game.describeAction(state, action)})`);
        }
      },
      afterApply: (state, decisions) => {
        at = decisions;
        invariants(state, 'after the move');
      },
      observation: readOnlyEvery > 0 ? (o, side) => (at % readOnlyEvery === 0 ? readOnlyView(o, `${loaded.input.id} game ${g} side ${side}`) : o) : undefined,
    };
    let result: GameResult;
    let decisions: number;
    try {
      ({ result, decisions } = playGame(game, agents, streams, tally, scratch, hooks));
    } catch (e) {
      if (e instanceof PlayoutFailure) throw e;
      failure(e instanceof ObservationMutated ? e.message : `threw ${(e as Error).stack ?? String(e)}`);
    }
    if (result!.reason === 'safety-cap') failure(`no result after the safety cap of ${game.maxDecisions} decisions`);
    stats.games++;
    stats.decisions += decisions!;
    stats.maxDecisionsInAGame = Math.max(stats.maxDecisionsInAGame, decisions!);
    stats.reasons[result!.reason] = (stats.reasons[result!.reason] ?? 0) + 1;
    const w = result!.winner < 0 ? 'draw' : game.sides[result!.winner];
    stats.winners[w] = (stats.winners[w] ?? 0) + 1;
    lengthSum += result!.length;
  }
  stats.meanLength = lengthSum / Math.max(1, stats.games);
  return stats;
}
