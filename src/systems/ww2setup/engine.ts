/**
 * ww2setup as a GameSystem of kind 'generator': a "game" is one sampled set-up, with no
 * decisions (the result exists right after newGame). The set-up dice come from the `setup`
 * stream, the lull dice of play from the `dice` stream. Every generated quantity is a per-game
 * scalar, so `salvo run` reports its sampled distribution; per-side sums feed efficiency rows.
 * The sequence itself is the seed's Set up Sequence, rules/sequence.ts (sampleSetup).
 */
import type { OptionValues } from '../../core/options.ts';
import type { CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import type { Rng } from '../../core/rng/rng.ts';
import { resolvePlan } from './check.ts';
import { formatSetup } from './format.ts';
import { checkInvariants } from './invariants.ts';
import { metricLayout, quantities } from './metrics.ts';
import type { SetupPlan } from './model.ts';
import type { D6Source } from './rules/rolls.ts';
import { sampleSetup } from './rules/sequence.ts';
import type { RulesData, ScenarioBody } from './schema.ts';
import { cloneState, newState, type SetupResult, type Ww2State } from './state.ts';

/** The system's compile(): the scenario resolved into its plan (check.ts), then the CompiledGame. */
export function compile(body: ScenarioBody, data: RulesData, options: OptionValues): CompiledGame<Ww2State, SetupResult> {
  const { plan, errors } = resolvePlan(body, data, options);
  if (!plan) throw new Error(errors.map(([p, m]) => `${p}: ${m}`).join('; '));
  return compileSetup(plan);
}

export function compileSetup(plan: SetupPlan): CompiledGame<Ww2State, SetupResult> {
  const qs = quantities(plan);
  const metrics = metricLayout(plan, qs);
  const lengthOf = (s: Ww2State): number => s.setup.lull.turn ?? 0;
  return {
    sides: plan.sides.map((s) => s.id),
    metrics,
    maxDecisions: 0,
    maxActions: 1,
    newGame(setup: Rng, ctx: PlayContext): Ww2State {
      const s = newState(plan, setup, ctx.dice);
      if (ctx.log) for (const line of formatSetup(plan, s.setup).trimEnd().split('\n')) ctx.log(line);
      return s;
    },
    result(s): GameResult {
      return { winner: -1, reason: 'complete', detail: 'set-up generated', length: lengthOf(s) };
    },
    currentSide: () => 0,
    legalActions: () => 0,
    apply() {
      throw new Error('ww2setup is a generator: it has no decisions');
    },
    observe: (s) => s.setup,
    describeAction: () => '(no decisions)',
    length: lengthOf,
    clone: cloneState,
    finish(s, _result, ctx) {
      const r = s.setup;
      qs.forEach((q, i) => ctx.tally.setScalar(i, q.value(r)));
      for (let i = 0; i < 2; i++) {
        const side = r.sides[i];
        const w = side.works;
        const v = [1, r.attacker === i ? 1 : 0, r.air.winner === i ? 1 : 0, side.airstrikes, side.barrages, side.dummies, w.trenchPoints * plan.trenchInchesPerPoint, w.pillboxes, w.bunkers, w.minefields];
        for (let c = 0; c < v.length; c++) if (v[c]) ctx.tally.add(i, c, v[c]);
      }
    },
    checkInvariants,
  };
}

/**
 * generateSetup(input, data, options, rng): the pure entry point. Resolves the scenario body
 * against the rules data and options (throwing on bad input), then samples one set-up.
 */
export function generateSetup(input: ScenarioBody, data: RulesData, options: OptionValues, dice: D6Source, lullDice: D6Source = dice): SetupResult {
  const { plan, errors } = resolvePlan(input, data, options);
  if (!plan) throw new Error(errors.map(([p, m]) => `${p}: ${m}`).join('; '));
  return sampleSetup(plan, dice, lullDice);
}
