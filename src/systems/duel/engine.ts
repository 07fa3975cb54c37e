/**
 * compile(): the CompiledGame of one scenario, the sequence of play over the rules files.
 * Turn (RULES.md §2): the active side aims (§3) or fires (§4); then the turn ends (§5).
 */
import type { Rng } from '../../core/rng/rng.ts';
import type { CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import { AIM, describeAction, legalActions } from './actions.ts';
import { evaluate } from './evaluate.ts';
import { checkInvariants } from './invariants.ts';
import { M, metricLayout } from './metrics.ts';
import { buildModel, type DuelModel } from './model.ts';
import { determinize, observe, type DuelObservation } from './observe.ts';
import type { Options } from './options.ts';
import { roll2d6, hits } from './rules/rolls.ts';
import { endTurn, resolveShot, takeAim } from './rules/turn.ts';
import type { Body, Rules } from './schema.ts';
import { clone, newState, type DuelState } from './state.ts';

/** Who acts first (option firstPlayer); 'random' draws from the set-up stream. */
function firstSide(m: DuelModel, setup: Rng): number {
  return m.firstPlayer === 'B' ? 1 : m.firstPlayer === 'random' ? setup.int(2) : 0;
}

/** One action on the state (mutating it): the engine's apply, also used by the odds' sampler. */
export function applyAction(m: DuelModel, s: DuelState, action: number, ctx: PlayContext): void {
  const me = s.active;
  const target = m.rules.target;
  if (action === AIM) {
    takeAim(s);
    ctx.tally.addScalar(M.scalar.aimsTaken);
  } else {
    ctx.tally.add(me, M.col.shots);
    const roll = roll2d6(ctx.dice);
    const aim = s.aim[me];
    const hit = hits(roll, aim, target);
    if (ctx.log) ctx.log(`2d6 = ${roll}, + aim ${aim} = ${roll + aim} vs target ${target}: ${hit ? 'hit' : 'miss'}`);
    if (hit) ctx.tally.add(me, M.col.hits);
    if (resolveShot(s, hit)) {
      ctx.tally.add(me, M.col.kills);
      return;
    }
  }
  endTurn(s, m.rules);
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
    legalActions: (s, out) => legalActions(m, s, out),
    apply: (s, action, ctx) => applyAction(m, s, action, ctx),
    observe: (s, side) => observe(m, s, side),
    describeAction: (s, a) => describeAction(m, s, a),
    length: (s) => s.turn,
    clone,
    determinize,
    evaluate: (s, side) => evaluate(m, s, side),
    checkInvariants: (s) => checkInvariants(m, s),
  };
}

export function compile(rules: Rules, body: Body, opts: Options): CompiledGame<DuelState, DuelObservation> {
  return compileModel(buildModel(rules, body, opts));
}
