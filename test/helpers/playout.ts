import { determinizeFor } from '../../src/core/play.ts';
/**
 * The shared random-playout battery (OpenSpiel's idea): every system runs it on every bundled
 * scenario. At each decision it checks that there is a legal action, that the agent picked a
 * legal one, that the system's invariants hold after the move, and (sampled) that acting on a
 * clone never changes the original. Every game must end by the rules, before the safety cap.
 */
import { parseAgentChoice, resolveAgentParams, type Agent, type DecisionContext } from '../../src/core/agent.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import type { GameResult, PlayContext } from '../../src/core/system.ts';
import { Tally } from '../../src/core/tally.ts';
import { findAgent } from '../../src/scenario/agents.ts';
import { loadScenarioFile, type LoadedScenario } from '../../src/scenario/load.ts';

export interface PlayoutOptions {
  readonly scenario: string | LoadedScenario;
  readonly games: number;
  readonly seed?: number;
  /** Agent names (with optional ':k=v' params), one per side; default random for all. */
  readonly agents?: readonly string[];
  /** Check clone independence every `cloneEvery` decisions (default 7). */
  readonly cloneEvery?: number;
}

export interface PlayoutStats {
  games: number;
  decisions: number;
  maxDecisionsInAGame: number;
  reasons: Record<string, number>;
  winners: Record<string, number>;
  meanLength: number;
}

export function checkRandomPlayouts(opts: PlayoutOptions): PlayoutStats {
  const loaded = typeof opts.scenario === 'string' ? loadScenarioFile(opts.scenario) : opts.scenario;
  const game = loaded.compiled;
  const sides = game.sides.length;
  const names = opts.agents ?? new Array(sides).fill('random');
  if (names.length !== sides) throw new Error(`need ${sides} agents, got ${names.length}`);
  const seed = opts.seed ?? 12345;
  const cloneEvery = opts.cloneEvery ?? 7;
  const legal = new Int32Array(Math.max(1, game.maxActions));
  const stats: PlayoutStats = { games: 0, decisions: 0, maxDecisionsInAGame: 0, reasons: {}, winners: {}, meanLength: 0 };
  let lengthSum = 0;

  for (let g = 0; g < opts.games; g++) {
    const streams = gameStreams(seed, g, sides);
    const tally = new Tally(game.metrics);
    const ctx: PlayContext = { dice: streams.dice, tally };
    const agents: Agent[] = names.map((text, side) => {
      const choice = parseAgentChoice(text);
      const f = findAgent(loaded.system, choice.name);
      if (!f) throw new Error(`unknown agent ${choice.name}`);
      const [params, errs] = resolveAgentParams(f, choice.params);
      if (errs.length) throw new Error(errs.join('; '));
      return f.create(game, side, params);
    });
    const state = game.newGame(streams.setup, ctx);
    const transcript: string[] = [];
    const failure = (msg: string): never => {
      throw new Error(`${loaded.input.id} game ${g} (seed ${seed}), decision ${decisions}: ${msg}\n--- last decisions ---\n${transcript.slice(-40).join('\n')}`);
    };
    const initial = game.checkInvariants?.(state) ?? [];
    let decisions = 0;
    if (initial.length) failure(`invariants broken after set-up: ${initial.join('; ')}`);
    let result: GameResult | null;
    while ((result = game.result(state)) === null) {
      if (decisions >= game.maxDecisions) failure(`no result after the safety cap of ${game.maxDecisions} decisions`);
      const side = game.currentSide(state);
      if (!(side >= 0 && side < sides)) failure(`currentSide returned ${side}`);
      const n = game.legalActions(state, legal);
      if (n < 1) failure('no legal action while the game is on');
      if (n > legal.length) failure(`more legal actions (${n}) than maxActions (${legal.length})`);
      const dctx: DecisionContext = {
        side,
        legal,
        n,
        rng: streams.agents[side],
        observe: () => game.observe(state, side),
        describe: (a) => game.describeAction(state, a),
        determinize: (r) => determinizeFor(game, state, side, r),
      };
      const action = n === 1 ? legal[0] : agents[side].decide(dctx);
      let ok = false;
      for (let i = 0; i < n; i++) if (legal[i] === action) ok = true;
      if (!ok) failure(`side ${side} chose ${action}, not among the ${n} legal actions`);
      transcript.push(`[${side}] ${game.describeAction(state, action)}`);

      if (decisions % cloneEvery === 0) {
        const before = JSON.stringify(state);
        const copy = game.clone(state);
        if (JSON.stringify(copy) !== before) failure('clone differs from the original');
        const copyCtx: PlayContext = { dice: streams.dice.clone(), tally: new Tally(game.metrics) };
        game.apply(copy, action, copyCtx);
        if (JSON.stringify(state) !== before) failure(`acting on a clone changed the original (action ${game.describeAction(state, action)})`);
      }
      game.apply(state, action, ctx);
      decisions++;
      const broken = game.checkInvariants?.(state) ?? [];
      if (broken.length) failure(`invariants broken: ${broken.join('; ')}`);
    }
    if (result.reason === 'safety-cap') failure('ended at the safety cap');
    game.finish?.(state, result, ctx);
    stats.games++;
    stats.decisions += decisions;
    stats.maxDecisionsInAGame = Math.max(stats.maxDecisionsInAGame, decisions);
    stats.reasons[result.reason] = (stats.reasons[result.reason] ?? 0) + 1;
    const w = result.winner < 0 ? 'draw' : game.sides[result.winner];
    stats.winners[w] = (stats.winners[w] ?? 0) + 1;
    lengthSum += result.length;
  }
  stats.meanLength = lengthSum / Math.max(1, stats.games);
  return stats;
}
