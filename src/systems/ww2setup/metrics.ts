/**
 * The MetricLayout of a set-up run: one efficiency row per side (counts summed over set-ups) and
 * the generated quantities as per-game scalars. Each quantity has its sampled value (read from a
 * SetupResult) and its exact distribution (exact.ts); one list serves three purposes: the
 * per-game scalars (so `salvo run` gives their sampled distributions), the exact-vs-sampled
 * tests, and the odds module's `setup` mechanic.
 */
import type { Dist } from '../../core/dice/exact.ts';
import type { MetricLayout } from '../../core/tally.ts';
import * as X from './exact.ts';
import type { SetupPlan } from './model.ts';
import type { WorksCategory } from './schema.ts';
import type { SetupResult } from './state.ts';

/** Efficiency columns per side, in the order finish() adds them (engine.ts). */
export const COLUMNS = ['games', 'attacking', 'airSuperiority', 'airstrikes', 'barrages', 'dummies', 'trenchInches', 'pillboxes', 'bunkers', 'minefields'] as const;

export function metricLayout(plan: SetupPlan, qs: readonly Quantity[]): MetricLayout {
  return {
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
}

export interface Quantity {
  /** Scalar name, e.g. 'barrages_GER'. */
  readonly key: string;
  readonly label: string;
  readonly value: (r: SetupResult) => number;
  readonly exact: (plan: SetupPlan) => Dist;
}

const WORKS: ReadonlyArray<[Exclude<WorksCategory, 'trenches'>, string]> = [
  ['pillboxes', 'pillboxes'],
  ['bunkers', 'bunkers'],
  ['minefields', 'minefield sections'],
];

/** The quantities a plan generates (steps that are off contribute nothing). */
export function quantities(plan: SetupPlan): Quantity[] {
  const q: Quantity[] = [];
  const steps = plan.steps;
  if (plan.attacker === 'roll') q.push({ key: 'attacker', label: 'attacker (side index)', value: (r) => r.attacker, exact: X.attackerDist });
  if (steps.airSuperiority) {
    q.push({ key: 'airWinner', label: `air superiority (0 none, 1 ${plan.sides[0].id}, 2 ${plan.sides[1].id})`, value: (r) => r.air.winner + 1, exact: X.airWinnerDist });
    q.push({ key: 'airMargin', label: `air margin (modified ${plan.sides[plan.axisIndex].id} roll − ${plan.sides[1 - plan.axisIndex].id} roll)`, value: (r) => r.air.axisMargin, exact: X.airMarginDist });
  }
  for (const s of plan.sides) {
    const i = s.index;
    if (steps.airSuperiority && steps.airstrikes) q.push({ key: `airstrikes_${s.id}`, label: `airstrikes ${s.id}`, value: (r) => r.sides[i].airstrikes, exact: (p) => X.airstrikesDist(p, i) });
    if (steps.barrages) q.push({ key: `barrages_${s.id}`, label: `barrages ${s.id}`, value: (r) => r.sides[i].barrages, exact: (p) => X.barragesDist(p, i) });
    if (steps.barrages && steps.dummies) q.push({ key: `dummies_${s.id}`, label: `dummy chits ${s.id}`, value: (r) => r.sides[i].dummies, exact: (p) => X.dummiesDist(p, i) });
    if (steps.defensiveWorks) {
      q.push({ key: `trenchInches_${s.id}`, label: `trench inches ${s.id}`, value: (r) => r.sides[i].works.trenchPoints * plan.trenchInchesPerPoint, exact: (p) => X.trenchInchesDist(p, i) });
      for (const [c, label] of WORKS) q.push({ key: `${c}_${s.id}`, label: `${label} ${s.id}`, value: (r) => r.sides[i].works[c], exact: (p) => X.worksDist(p, i, c) });
    }
  }
  if (steps.proximity) q.push({ key: 'proximityYards', label: 'setup proximity (yards)', value: (r) => r.proximity.yards ?? 0, exact: X.proximityYardsDist });
  if (plan.options.lullMode === 'proximityDie') q.push({ key: 'lullStart', label: 'lull rolls start (turn)', value: (r) => r.lull.startTurn ?? 0, exact: X.proximityDieDist });
  if (plan.options.lullMode !== 'none') {
    q.push({ key: 'lullTurn', label: `lull turn (${X.LULL_TAIL} = ${X.LULL_TAIL} or later)`, value: (r) => Math.min(r.lull.turn ?? 0, X.LULL_TAIL), exact: (p) => X.lullTurnDist(p) });
    q.push({ key: 'shortLull', label: 'short lull (1) or long (0)', value: (r) => (r.lull.type === 'short' ? 1 : 0), exact: X.shortLullDist });
  }
  return q;
}
