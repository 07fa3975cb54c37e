/**
 * Panzer Vor! The Senshadou Boardgame (Kokusai Tsushinsha, 2014): card-driven tactical tank
 * combat on a hex map. Spec: /work/shared/rules/panzervor.md; coverage: RULES.md.
 */
import { sideToAct } from '../../core/decision/stack.ts';
import { defineSystem, type CompiledGame, type CompileInput, type GameResult, type PlayContext } from '../../core/system.ts';
import type { Rng } from '../../core/rng/rng.ts';
import { checkScenario } from './check.ts';
import { rulesData } from './data/index.ts';
import { describeAction } from './actions.ts';
import { apply, legalActions, newGame } from './engine.ts';
import { checkInvariants } from './invariants.ts';
import { observe, type PvObservation } from './observe.ts';
import { oddsModule } from './odds.ts';
import { options } from './options.ts';
import { rulesSchema, scenarioSchema, type RulesData, type ScenarioBody } from './schema.ts';
import { END_ELIMINATION, END_FLAG, END_POINTS, S_OVER, cloneState, type PvState } from './state.ts';
import { buildStatic, type PvStatic } from './model.ts';
import { X_LOST_A, X_PTS_A } from './metrics.ts';
import { agents } from './agents/index.ts';
import { evaluate } from './evaluate.ts';
import { determinize } from './determinize.ts';
import { withPvLead } from './lead.ts';

export type { PvState, PvObservation, PvStatic };

export interface PvCompiledGame extends CompiledGame<PvState, PvObservation> {
  /** The static tables (tests and tools). */
  readonly G: PvStatic;
}

/** Builds the CompiledGame of a validated scenario. */
export function compilePanzerVor(input: CompileInput<RulesData, ScenarioBody, typeof options>): PvCompiledGame {
  const G = buildStatic(input.scenario.body, input.data, input.options);
  let zoneMax = 1;
  for (const z of G.tZone) if (z) zoneMax = Math.max(zoneMax, z.length);
  const maxActions = Math.max(
    zoneMax * 6,
    G.nT * 6,
    2 + G.nK + 3 * G.nC + 8,
    2 + 2 * G.nT * 2,
    1 + G.nK * G.nT * 2,
    1 + G.nC * (G.nT + 1),
    2 * G.nT + G.nK,
    8 + G.nC,
  );
  return {
    G,
    sides: G.sideNames,
    metrics: G.layout,
    maxDecisions: 100_000,
    maxActions,
    newGame: (setup: Rng, ctx: PlayContext) => newGame(G, setup, ctx),
    result(s: PvState): GameResult | null {
      if (s.step !== S_OVER) return null;
      switch (s.endReason) {
        case END_ELIMINATION:
          return { winner: s.winner, reason: 'victory', detail: 'elimination', length: s.turn };
        case END_FLAG:
          return { winner: s.winner, reason: 'victory', detail: 'flag', length: s.turn };
        case END_POINTS:
          return { winner: s.winner, reason: 'forced-end', detail: 'points', length: s.turn };
        default:
          return { winner: -1, reason: 'turn-limit', detail: `${G.maxTurns} turns`, length: s.turn };
      }
    },
    // The side of the top pending frame (a Reaction window, an Eavesdropping answer), else the decider.
    currentSide: (s) => sideToAct(s.pending, s.decider),
    legalActions: (s, out) => legalActions(G, s, out),
    apply: (s, a, ctx) => apply(G, s, a, ctx),
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

export const system = defineSystem({
  info: {
    id: 'panzervor',
    name: 'Panzer Vor! The Senshadou Boardgame',
    seedFile: '001_ca03e5832a6dc339.txt',
    spec: 'panzervor.md',
    lengthUnit: 'player turns',
    kind: 'game', information: 'imperfect', search: true,
  },
  scenarioSchema,
  rulesData,
  rulesSchema,
  options,
  agents,
  defaultAgents: ['marksman', 'marksman'],
  dataInUse(b, d): string[] {
    const roots = new Set<string>(['rules', 'deck']);
    for (const side of [b.sides.A, b.sides.B]) {
      for (const u of side.units) {
        roots.add(`tanks.${u.tank}`);
        if (u.character) roots.add(`characters.${u.character.id}`);
      }
      for (const c of side.characters) roots.add(`characters.${c.id}`);
    }
    for (const [id, n] of Object.entries(d.deck.composition)) if (n > 0 && !b.deck.remove.includes(id)) roots.add(`cards.${id}`);
    roots.add(`terrain.${b.map.defaultTerrain}`);
    for (const t of Object.values(b.map.terrain)) roots.add(`terrain.${t}`);
    return [...roots];
  },
  checkScenario: (body, data, opts) => checkScenario(body, data, opts),
  compile: (input) => withPvLead(compilePanzerVor(input)),
  odds: oddsModule,
});
