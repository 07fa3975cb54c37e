/**
 * compile(): the CompiledGame of one scenario. The engine owns the sequencing only (who acts
 * first, when the duel is over); what a side may do and what it does live in decisions/, one
 * module per decision (here, only `main`), dispatched by `D`.
 */
import type { Rng } from '../../core/rng/rng.ts';
import type { CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import { describeAction } from './actions.ts';
import { D } from './decisions/index.ts';
import { determinize } from './determinize.ts';
import { evaluate } from './evaluate.ts';
import { checkInvariants } from './invariants.ts';
import { metricLayout } from './metrics.ts';
import { buildModel, type DuelModel } from './model.ts';
import { observe, type DuelObservation } from './observe.ts';
import type { Options } from './options.ts';
import type { Body, Rules } from './schema.ts';
import { cloneState, newState, type DuelState } from './state.ts';

/** Who acts first (option firstPlayer); 'random' draws from the set-up stream. */
function firstSide(m: DuelModel, setup: Rng): number {
  return m.firstPlayer === 'B' ? 1 : m.firstPlayer === 'random' ? setup.int(2) : 0;
}

/** One action on the state (mutating it): the engine's apply, also used by the odds' sampler. */
export function applyAction(m: DuelModel, s: DuelState, action: number, ctx: PlayContext): void {
  D.apply(m, s, action, ctx);
}

export function resultOf(m: DuelModel, s: DuelState): GameResult | null {
  if (!s.over) return null;
  if (s.winner >= 0) return { winner: s.winner, reason: 'victory', detail: 'shot down', length: s.turn };
  return { winner: -1, reason: 'turn-limit', detail: `${m.rules.turnLimit} turns`, length: s.turn };
}

export function compileModel(m: DuelModel): CompiledGame<DuelState, DuelObservation> {
  return {
    sides: m.sides,
    metrics: metricLayout(m.sides),
    maxDecisions: m.rules.turnLimit * 2 + 10,
    maxActions: 2,
    newGame: (setup) => newState(m.startWounds, firstSide(m, setup)),
    result: (s) => resultOf(m, s),
    currentSide: (s) => s.active,
    legalActions: (s, out) => D.legal(m, s, out),
    apply: (s, action, ctx) => D.apply(m, s, action, ctx),
    observe: (s, side) => observe(m, s, side),
    describeAction: (s, a) => describeAction(m, s, a),
    length: (s) => s.turn,
    clone: cloneState,
    determinize,
    evaluate: (s, side) => evaluate(m, s, side),
    checkInvariants: (s) => checkInvariants(m, s),
  };
}

export function compile(rules: Rules, body: Body, opts: Options): CompiledGame<DuelState, DuelObservation> {
  return compileModel(buildModel(rules, body, opts));
}
