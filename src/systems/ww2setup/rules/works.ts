/**
 * Defensive Works (seed table T6; spec §3.6): roll sets per 200 bases on the table (A3), the
 * defender's extra die, and the trench length (points x 10", option trenchUnit, A21).
 */
import { Fraction } from '../../../core/dice/fraction.ts';
import type { SetupPlan } from '../model.ts';
import type { Ww2Options } from '../options.ts';
import type { WorksCategory } from '../schema.ts';
import type { WorksResult } from '../state.ts';
import { stepUp, type DiceExpr } from './rolls.ts';

/** Roll sets for B bases on the table, per `per` bases (spec §3.6, option rollSets, A3). */
export function rollSetsFor(B: number, per: number, rule: Ww2Options['rollSets']): number {
  switch (rule) {
    case 'ceilMin1':
      return Math.max(1, Math.ceil(B / per));
    case 'floor':
      return Math.floor(B / per);
    case 'round':
      return Math.floor((2 * B + per) / (2 * per)); // half up, exact in integers
    case 'one':
      return 1;
  }
}

/** The dice expression of one works category for one side in one roll set, and the extra die. */
export function worksDice(cell: DiceExpr, defender: boolean, firstSet: boolean, opts: Ww2Options): { expr: DiceExpr; extraDie: boolean } {
  if (!defender) return { expr: cell, extraDie: false };
  const applies = opts.defenderExtraDiePerRollSet || firstSet;
  if (!applies) return { expr: cell, extraDie: false };
  switch (opts.defenderExtraDie) {
    case 'allCategories':
      return { expr: cell, extraDie: true };
    case 'availableOnly':
      return { expr: cell, extraDie: cell.kind !== 'none' };
    case 'stepUp':
      return { expr: stepUp(cell), extraDie: false };
    case 'none':
      return { expr: cell, extraDie: false };
  }
}

/** The totals of a side's works rolls, with the trench length in inches and yards, exact (§3.6, A21). */
export function worksResult(plan: SetupPlan, rollSets: number, t: Record<WorksCategory, number>): WorksResult {
  const inchesAtTable = new Fraction(BigInt(Math.round(t.trenches * plan.trenchInchesPerPoint * 1000)), 1000n);
  // tableInches: the x10" is table inches at the scale played; yardsAtLargeScale: 10" at 20 yd/in.
  const yards = plan.options.trenchUnit === 'tableInches' ? inchesAtTable.scale(plan.yardsPerInch) : inchesAtTable.scale(plan.yardsPerInchLarge);
  const inches = plan.options.trenchUnit === 'tableInches' ? inchesAtTable : yards.div(Fraction.of(plan.yardsPerInch));
  return { rollSets, trenchPoints: t.trenches, trenchInches: inches.toString(), trenchYards: yards.toString(), pillboxes: t.pillboxes, bunkers: t.bunkers, minefields: t.minefields };
}
