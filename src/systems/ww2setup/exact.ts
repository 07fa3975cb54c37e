/**
 * Exact twins of the generator (spec §4.9, the ExactAnalyzer of §7.1): the distribution of
 * every generated quantity as integer-weighted Dists, built from the same SetupPlan and the same
 * helpers (barrageCount, airstrikeColumn, worksDice, dummyChits) the sampler uses.
 *
 * Roles: with attacker: roll, either side attacks with probability 1/2 (a fair roll-off, ties
 * re-rolled, §3.1), so role-dependent quantities are mixtures over the two role assignments.
 * The lull turn has unbounded support; it is given exactly up to LULL_TAIL − 1 with one bucket
 * "LULL_TAIL or later" (the sampled twin caps the value the same way).
 */
import { Dist } from '../../core/dice/exact.ts';
import { Fraction } from '../../core/dice/fraction.ts';
import type { SetupPlan } from './model.ts';
import { airstrikeColumn } from './rules/air.ts';
import { barrageCount, dummyChits } from './rules/barrages.ts';
import { diceExprDist } from './rules/rolls.ts';
import { worksDice } from './rules/works.ts';
import type { WorksCategory } from './schema.ts';

const D6 = Dist.die(6);
export const LULL_TAIL = 40;

export interface RoleAssignment {
  /** Side index of the attacker. */
  readonly attacker: number;
  readonly p: Fraction;
}

export function roleAssignments(plan: SetupPlan): RoleAssignment[] {
  if (plan.attacker !== 'roll') return [{ attacker: plan.attacker, p: Fraction.ONE }];
  return [
    { attacker: 0, p: Fraction.of(1, 2) },
    { attacker: 1, p: Fraction.of(1, 2) },
  ];
}

function mix(plan: SetupPlan, f: (attacker: number) => Dist): Dist {
  const parts = roleAssignments(plan);
  if (parts.length === 1) return f(parts[0].attacker);
  return Dist.mixtureOf(parts.map((r) => [f(r.attacker), r.p] as const));
}

/** Attacker side index. */
export function attackerDist(plan: SetupPlan): Dist {
  return Dist.fromFractions(roleAssignments(plan).map((r) => [r.attacker, r.p] as const));
}

/** Joint of (natural Axis die − Allied die) as d (−5..5); the signed margin is d + m. */
const DIE_DIFF = D6.sub(D6);

/** Modified Axis roll minus Allied roll (0 when air superiority is not rolled). */
export function airMarginDist(plan: SetupPlan): Dist {
  if (!plan.steps.airSuperiority) return Dist.constant(0);
  return DIE_DIFF.add(plan.axisMod);
}

/** Air superiority: 0 = nobody (tie or not rolled), 1 = sides[0], 2 = sides[1]. */
export function airWinnerDist(plan: SetupPlan): Dist {
  return airMarginDist(plan).map((m) => (m === 0 || !plan.steps.airSuperiority ? 0 : 1 + (m > 0 ? plan.axisIndex : 1 - plan.axisIndex)));
}

/** Airstrikes of side i (spec §3.3), mixing over the natural die difference. */
export function airstrikesDist(plan: SetupPlan, i: number): Dist {
  if (!plan.steps.airSuperiority || !plan.steps.airstrikes) return Dist.constant(0);
  const isAxis = i === plan.axisIndex;
  const cells = plan.sides[i].airstrikeCells;
  return DIE_DIFF.bind((d) => {
    const axisMargin = d + plan.axisMod;
    const signed = isAxis ? axisMargin : -axisMargin;
    const natural = isAxis ? d : -d;
    const col = airstrikeColumn(signed, natural, plan.options, plan.airColumns);
    if (col === null) return Dist.constant(0);
    return diceExprDist(cells[plan.airColumns.indexOf(col)], plan.options.halfDie);
  });
}

/** Barrage count of side i in a role (one die, clamped/modified, rounded: spec §3.4, D5). */
export function barragesInRole(plan: SetupPlan, i: number, role: 'Attacker' | 'Defender'): Dist {
  if (!plan.steps.barrages) return Dist.constant(0);
  const mod = plan.sides[i].barrageMod;
  return D6.map((f) => {
    const e = Math.min(plan.dieMax, Math.max(plan.dieMin, f + mod));
    return barrageCount(plan.rates[role][e - plan.dieMin], plan.N, plan.options.rounding);
  });
}

export function barragesDist(plan: SetupPlan, i: number): Dist {
  return mix(plan, (att) => barragesInRole(plan, i, att === i ? 'Attacker' : 'Defender'));
}

/** Barrages of sides[0] minus barrages of sides[1] (independent dice given the roles). */
export function barrageDifferenceDist(plan: SetupPlan): Dist {
  return mix(plan, (att) => barragesInRole(plan, 0, att === 0 ? 'Attacker' : 'Defender').sub(barragesInRole(plan, 1, att === 1 ? 'Attacker' : 'Defender')));
}

/** Dummy chits of side i: a function of its barrages (and airstrikes under some caps). */
export function dummiesDist(plan: SetupPlan, i: number): Dist {
  if (!plan.steps.barrages || !plan.steps.dummies) return Dist.constant(0);
  const policy = plan.sides[i].dummies;
  const cap = plan.options.dummyChitsCap;
  return mix(plan, (att) => {
    const b = barragesInRole(plan, i, att === i ? 'Attacker' : 'Defender');
    if (cap === 'barrages') return b.map((x) => dummyChits(policy, x, 0, cap).taken);
    // Barrages and airstrikes of one side use different dice: independent.
    const a = airstrikesDist(plan, i);
    return b.combine(a, (x, y) => dummyChits(policy, x, y, cap).taken);
  });
}

/** One works category of side i in a role, summed over the roll sets (spec §3.6, D6/D7). */
export function worksInRole(plan: SetupPlan, i: number, c: WorksCategory, role: 'Attacker' | 'Defender'): Dist {
  let acc = Dist.constant(0);
  for (let set = 0; set < plan.rollSets; set++) {
    const { expr, extraDie } = worksDice(plan.sides[i].worksCells[c], role === 'Defender', set === 0, plan.options);
    acc = acc.add(diceExprDist(expr, plan.options.halfDie));
    if (extraDie) acc = acc.add(D6);
  }
  return acc;
}

export function worksDist(plan: SetupPlan, i: number, c: WorksCategory): Dist {
  return mix(plan, (att) => worksInRole(plan, i, c, att === i ? 'Attacker' : 'Defender'));
}

/** Trench length in table inches (points × inches per point). */
export function trenchInchesDist(plan: SetupPlan, i: number): Dist {
  return worksDist(plan, i, 'trenches').map((p) => p * plan.trenchInchesPerPoint);
}

export function proximityDieDist(plan: SetupPlan): Dist {
  return plan.steps.proximity || plan.options.lullMode === 'proximityDie' ? D6 : Dist.constant(0);
}

export function proximityYardsDist(plan: SetupPlan): Dist {
  return plan.steps.proximity ? D6.map((f) => plan.proximityYards[f - 1]) : Dist.constant(0);
}

/** Proximity in table inches as exact fractions (yards / yards per inch). */
export function proximityInches(plan: SetupPlan): Array<{ die: number; yards: number; inches: Fraction; p: Fraction }> {
  return [1, 2, 3, 4, 5, 6].map((f) => ({ die: f, yards: plan.proximityYards[f - 1], inches: Fraction.of(plan.proximityYards[f - 1], plan.yardsPerInch), p: Fraction.of(1, 6) }));
}

/** Per-turn probability that the lull roll starts a lull. */
export function lullTurnProbability(plan: SetupPlan): Fraction {
  const f = new Set(plan.lull.triggerFaces.filter((x) => x >= 1 && x <= 6)).size;
  const one = Fraction.of(f, 6);
  return plan.options.lullRoller === 'shared' ? one : Fraction.ONE.sub(Fraction.ONE.sub(one).pow(2));
}

/**
 * Lull turn L (0 under lullMode 'none'), exact up to LULL_TAIL − 1, with LULL_TAIL meaning
 * "LULL_TAIL or later". Proximity mode: L = start + G − 1 with G geometric (spec §3.10.3):
 * P(L = t) = Σ_{d ≤ min(6,t)} (1/6) q (1−q)^(t−d);  P(L ≥ T) = Σ_d (1/6)(1−q)^max(0, T−d).
 */
export function lullTurnDist(plan: SetupPlan, tail = LULL_TAIL): Dist {
  const mode = plan.options.lullMode;
  if (mode === 'none') return Dist.constant(0);
  if (mode === 'deadline2d6') return D6.repeatSum(plan.lull.deadlineDice).map((t) => Math.min(t, tail));
  const q = lullTurnProbability(plan);
  const miss = Fraction.ONE.sub(q);
  const sixth = Fraction.of(1, 6);
  const rows: Array<[number, Fraction]> = [];
  for (let t = 1; t < tail; t++) {
    let p = Fraction.ZERO;
    for (let d = 1; d <= Math.min(6, t); d++) p = p.add(sixth.mul(q).mul(miss.pow(t - d)));
    rows.push([t, p]);
  }
  let pTail = Fraction.ZERO;
  for (let d = 1; d <= 6; d++) pTail = pTail.add(sixth.mul(miss.pow(Math.max(0, tail - d))));
  rows.push([tail, pTail]);
  return Dist.fromFractions(rows);
}

/** P(short lull): the lull falls on turn shortIfTurnAtMost or earlier (exact, no tail cut). */
export function shortLullProbability(plan: SetupPlan): Fraction {
  const S = plan.lull.shortIfTurnAtMost;
  const mode = plan.options.lullMode;
  if (mode === 'none') return Fraction.ZERO;
  if (mode === 'deadline2d6') return D6.repeatSum(plan.lull.deadlineDice).probAtMost(S);
  const miss = Fraction.ONE.sub(lullTurnProbability(plan));
  let pLong = Fraction.ZERO; // P(L >= S + 1)
  for (let d = 1; d <= 6; d++) pLong = pLong.add(Fraction.of(1, 6).mul(miss.pow(Math.max(0, S + 1 - d))));
  return Fraction.ONE.sub(pLong);
}

export function shortLullDist(plan: SetupPlan): Dist {
  return plan.options.lullMode === 'none' ? Dist.constant(0) : Dist.bernoulli(shortLullProbability(plan));
}

/** E[L] exactly: 7/2 + 1/q − 1 in proximity mode, 7·(dice/2) in deadline mode. */
export function meanLullTurn(plan: SetupPlan): Fraction {
  const mode = plan.options.lullMode;
  if (mode === 'none') return Fraction.ZERO;
  if (mode === 'deadline2d6') return D6.repeatSum(plan.lull.deadlineDice).mean();
  return Fraction.of(7, 2).add(Fraction.ONE.div(lullTurnProbability(plan))).sub(Fraction.ONE);
}


/** P(short lull | lull rolls start on turn d) = 1 − (1−q)^(S + 1 − d) (spec §3.10.3, P19). */
export function shortLullGivenStart(plan: SetupPlan, d: number): Fraction {
  const miss = Fraction.ONE.sub(lullTurnProbability(plan));
  return Fraction.ONE.sub(miss.pow(Math.max(0, plan.lull.shortIfTurnAtMost + 1 - d)));
}

/** P(the attacker roll-off ties on one attempt) (spec §3.1, P1). */
export function attackerRollTieProbability(): Fraction {
  return DIE_DIFF.prob(0);
}
