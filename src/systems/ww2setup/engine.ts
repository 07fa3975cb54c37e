/**
 * ww2setup as a GameSystem of kind 'generator': a "game" is one sampled set-up, with no
 * decisions (the result exists right after newGame). The set-up dice come from the `setup`
 * stream, the lull dice of play from the `dice` stream. Every generated quantity is a per-game
 * scalar, so `salvo run` reports its sampled distribution; per-side sums feed efficiency rows.
 */
import type { CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import type { MetricLayout } from '../../core/tally.ts';
import type { Rng } from '../../core/rng/rng.ts';
import { formatSetup } from './format.ts';
import { sampleSetup, type SetupResult } from './generate.ts';
import { quantities } from './quantities.ts';
import type { SetupPlan } from './scenario.ts';

export interface Ww2State {
  setup: SetupResult;
}

const COLUMNS = ['games', 'attacking', 'airSuperiority', 'airstrikes', 'barrages', 'dummies', 'trenchInches', 'pillboxes', 'bunkers', 'minefields'] as const;

export function compileSetup(plan: SetupPlan): CompiledGame<Ww2State, SetupResult> {
  const qs = quantities(plan);
  const metrics: MetricLayout = {
    rowKeys: ['side', 'nation'],
    rows: plan.sides.map((s) => ({ side: s.id, nation: s.nation })),
    columns: COLUMNS,
    scalars: qs.map((q) => q.key),
    ratios: [
      { name: 'attackRate', num: 'attacking', den: 'games', kind: 'proportion', label: 'share of set-ups as attacker' },
      { name: 'airSuperiorityRate', num: 'airSuperiority', den: 'games', kind: 'proportion', label: 'air superiority' },
      { name: 'airstrikesPerGame', num: 'airstrikes', den: 'games', kind: 'rate', label: 'airstrikes per set-up' },
      { name: 'barragesPerGame', num: 'barrages', den: 'games', kind: 'rate', label: 'barrages per set-up' },
      { name: 'dummiesPerGame', num: 'dummies', den: 'games', kind: 'rate', label: 'dummy chits per set-up' },
      { name: 'trenchInchesPerGame', num: 'trenchInches', den: 'games', kind: 'rate', label: 'trench inches per set-up' },
      { name: 'pillboxesPerGame', num: 'pillboxes', den: 'games', kind: 'rate', label: 'pillboxes per set-up' },
      { name: 'bunkersPerGame', num: 'bunkers', den: 'games', kind: 'rate', label: 'bunkers per set-up' },
      { name: 'minefieldsPerGame', num: 'minefields', den: 'games', kind: 'rate', label: 'minefield sections per set-up' },
    ],
  };
  const lengthOf = (s: Ww2State): number => s.setup.lull.turn ?? 0;
  return {
    sides: plan.sides.map((s) => s.id),
    metrics,
    maxDecisions: 0,
    maxActions: 1,
    newGame(setup: Rng, ctx: PlayContext): Ww2State {
      const r = sampleSetup(plan, setup, ctx.dice);
      if (ctx.log) for (const line of formatSetup(plan, r).trimEnd().split('\n')) ctx.log(line);
      return { setup: r };
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
    clone: (s) => structuredClone(s),
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
    checkInvariants(s) {
      const bad: string[] = [];
      const r = s.setup;
      for (const side of r.sides) {
        if (side.dummyCap !== null && side.dummies > side.dummyCap) bad.push(`${side.id}: ${side.dummies} dummies above the cap ${side.dummyCap}`);
        for (const v of [side.airstrikes, side.barrages, side.dummies, side.works.pillboxes, side.works.bunkers, side.works.minefields]) if (!(Number.isInteger(v) && v >= 0)) bad.push(`${side.id}: bad count ${v}`);
      }
      if (r.attacker === r.defender) bad.push('attacker and defender are the same side');
      return bad;
    },
  };
}
