/**
 * compile(): the CompiledGame of one scenario. The engine owns the set-up and the end of the
 * match; a turn's phases are rules/turn.ts's, and every decision, with what follows it, is a
 * module of decisions/ dispatched by `D` on the pending frame (the phase's main decision when none):
 *
 *   set-up: place* -> placeCharacter* -> turns: Draw -> Action (main, then a card's tank, move,
 *   turret, target, reaction, eavesdrop, ability decisions: decisions/sequence.ts) -> Event (main,
 *   extraAction, maintenance, recovery) -> End (discard) -> the opponent's turn ... -> the end.
 */
import { sideToAct } from '../../core/decision/stack.ts';
import type { CompileInput, CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import { describeAction } from './actions.ts';
import { D } from './decisions/index.ts';
import { continueSetup, placeTank } from './decisions/place.ts';
import { determinize } from './determinize.ts';
import { evaluate } from './evaluate.ts';
import { checkInvariants } from './invariants.ts';
import { X_ENF, X_LOST_A, X_PTS_A, C_FIELDED } from './metrics.ts';
import { K_ENFORCEMENT, buildStatic, type PvStatic } from './model.ts';
import { observe, type PvObservation } from './observe.ts';
import type { options } from './options.ts';
import { addToHand } from './rules/deck.ts';
import type { RulesData, ScenarioBody } from './schema.ts';
import { END_ELIMINATION, END_FLAG, END_NONE, END_POINTS, cloneState, newState, type PvState } from './state.ts';

export interface PvCompiledGame extends CompiledGame<PvState, PvObservation> {
  /** The static tables (tests and tools). */
  readonly G: PvStatic;
}

/**
 * Set-up (seed p6, spec §2.1): deck shuffled with the set-up stream, starting hands dealt (the
 * first-moving side first), Enforcement cards purged from them and shuffled back (they do not count
 * as drawn, A-06), fixed placements made; then either the placement decisions or the first turn.
 */
export function newGame(G: PvStatic, setup: { shuffle(deck: number[]): void }, ctx: PlayContext): PvState {
  const s = newState(G);
  setup.shuffle(s.deck);
  const order = [G.movesFirst, 1 - G.movesFirst];
  for (const side of order) for (let i = 0; i < G.startingHand[side] && s.deck.length > 0; i++) addToHand(s, side, s.deck.pop()!);
  const aside: number[] = [];
  for (const side of order) {
    for (;;) {
      let found = 0;
      const h = s.hand[side];
      for (let k = 0; k < G.nK; k++) {
        if (G.kType[k] === K_ENFORCEMENT && h[k] > 0) {
          for (let c = 0; c < h[k]; c++) aside.push(k);
          found += h[k];
          s.handSize[side] -= h[k];
          h[k] = 0;
        }
      }
      if (found === 0) break;
      for (let i = 0; i < found && s.deck.length > 0; i++) addToHand(s, side, s.deck.pop()!);
    }
  }
  if (aside.length > 0) {
    for (const k of aside) s.deck.push(k);
    setup.shuffle(s.deck);
    if (G.opt.stagnationCountSetupEnforcement) {
      s.enfDrawn += aside.length;
      ctx.tally.addScalar(X_ENF, aside.length);
    }
  }
  for (let t = 0; t < G.nT; t++) for (let g = 0; g < G.nG[t]; g++) ctx.tally.add(G.gRow[2 * t + g], C_FIELDED);
  // Fixed placements, then the queue of placements left to the agents.
  const queues: number[][] = [[], []];
  for (let t = 0; t < G.nT; t++) {
    if (G.tStartHex[t] >= 0 && G.tStartFacing[t] >= 0) placeTank(G, s, t, G.tStartHex[t], G.tStartFacing[t]);
    else queues[G.tSide[t]].push(t);
  }
  const first = G.placesFirst;
  if (G.opt.placementOrder === 'alternate') {
    const a = queues[first];
    const b = queues[1 - first];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i < a.length) s.placeQueue.push(a[i]);
      if (i < b.length) s.placeQueue.push(b[i]);
    }
  } else {
    s.placeQueue.push(...queues[first], ...queues[1 - first]);
  }
  continueSetup(G, s, ctx);
  return s;
}

/** How the match ended (seed p14): elimination, the flag tank, points at a Forced End (a draw on equal points), the turn limit. */
export function resultOf(G: PvStatic, s: PvState): GameResult | null {
  switch (s.endReason) {
    case END_NONE:
      return null;
    case END_ELIMINATION:
      return { winner: s.winner, reason: 'victory', detail: 'elimination', length: s.turn };
    case END_FLAG:
      return { winner: s.winner, reason: 'victory', detail: 'flag', length: s.turn };
    case END_POINTS:
      return { winner: s.winner, reason: 'forced-end', detail: 'points', length: s.turn };
    default:
      return { winner: -1, reason: 'turn-limit', detail: `${G.maxTurns} turns`, length: s.turn };
  }
}

/** The largest number of legal actions any decision of this scenario can offer. */
function maxActionsOf(G: PvStatic): number {
  let zoneMax = 1;
  for (const z of G.tZone) if (z) zoneMax = Math.max(zoneMax, z.length);
  return Math.max(
    zoneMax * 6,
    G.nT * 6,
    2 + G.nK + 3 * G.nC + 8,
    2 + 2 * G.nT * 2,
    1 + G.nK * G.nT * 2,
    1 + G.nC * (G.nT + 1),
    2 * G.nT + G.nK,
    8 + G.nC,
  );
}

/** Builds the CompiledGame of a validated scenario. */
export function compile(input: CompileInput<RulesData, ScenarioBody, typeof options>): PvCompiledGame {
  const G = buildStatic(input.scenario.body, input.data, input.options);
  return {
    G,
    sides: G.sideNames,
    metrics: G.layout,
    maxDecisions: 100_000,
    maxActions: maxActionsOf(G),
    newGame: (setup, ctx) => newGame(G, setup, ctx),
    result: (s) => resultOf(G, s),
    // The side of the pending decision (a set-up placement, a Reaction window, an ability...), else the active player.
    currentSide: (s) => sideToAct(s.pending, s.active),
    legalActions: (s, out) => D.legal(G, s, out),
    apply: (s, a, ctx) => D.apply(G, s, a, ctx),
    observe: (s, side) => observe(G, s, side),
    describeAction: (s, a) => describeAction(G, s, a),
    length: (s) => s.turn,
    clone: cloneState,
    finish(s, _result, ctx) {
      for (let side = 0; side < 2; side++) {
        ctx.tally.setScalar(X_PTS_A + side, s.pointsKilled[side]);
        ctx.tally.setScalar(X_LOST_A + side, s.tanksLost[side]);
      }
    },
    checkInvariants: (s) => checkInvariants(G, s),
    evaluate: (s, side) => evaluate(G, s, side),
    determinize: (s, side, rng) => determinize(G, s, side, rng),
  };
}
