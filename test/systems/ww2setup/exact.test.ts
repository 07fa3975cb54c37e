/**
 * Exact oracles: spec §8.3 (P1–P26), the sample scenarios of §7.7 (S1 Kursk, S2 Sedan) and the
 * distribution tables of §4.9 (D1, D2, D5, D6, D7, D8), all as exact fractions.
 */
import { describe, expect, it } from 'vitest';
import { Dist } from '../../../src/core/dice/exact.ts';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { diceExprDist, parseDiceExpr } from '../../../src/systems/ww2setup/rules/rolls.ts';
import * as X from '../../../src/systems/ww2setup/exact.ts';
import { commandRepairDist } from '../../../src/systems/ww2setup/odds.ts';
import type { SetupPlan } from '../../../src/systems/ww2setup/model.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { resolvePlan } from '../../../src/systems/ww2setup/check.ts';
import type { RulesData, ScenarioBody } from '../../../src/systems/ww2setup/schema.ts';
import { DATA, planOf } from './helpers.ts';

const F = (n: number, d = 1) => Fraction.of(n, d).toString();
const s = (f: Fraction) => f.toString();
const pmf = (d: Dist) => d.table().map((r) => `${r.outcome}:${r.p}`).join(' ');
const D6 = Dist.die(6);

/** Plan with both sides' airstrike rows replaced and a given Axis modifier (for D2). */
function airPlan(m: number, axisRow: string, alliedRow: string, options: Record<string, string> = {}): SetupPlan {
  const base = planOf({}, options);
  const cells = (r: string) => DATA.airstrikes.rows[r].map(parseDiceExpr);
  return { ...base, axisMod: m, sides: [{ ...base.sides[0], airstrikeCells: cells(axisRow) }, { ...base.sides[1], airstrikeCells: cells(alliedRow) }] as unknown as SetupPlan['sides'] };
}

function scenarioPlan(file: string, options?: Record<string, string | number | boolean>): SetupPlan {
  const l = loadScenarioFile(file);
  const { plan } = resolvePlan(l.input.body as ScenarioBody, l.data as RulesData, { ...l.options, ...options });
  return plan!;
}

describe('§8.3 exact probabilities', () => {
  it('P1: P(tie) in the attacker roll is 1/6', () => expect(s(X.attackerRollTieProbability())).toBe('1/6'));

  it('P2-P4: P(Axis AS) by modifier; P(tie) for m = 0 and ±5', () => {
    const pAxis = (m: number) => s(X.airWinnerDist({ ...planOf({}), axisMod: m }).prob(1));
    expect([0, 1, 2, 3, 4].map(pAxis)).toEqual(['5/12', '7/12', '13/18', '5/6', '11/12']);
    expect([-1, -2, -3, -4, -5].map(pAxis)).toEqual(['5/18', '1/6', '1/12', '1/36', '0']);
    const tie = (m: number) => s(X.airWinnerDist({ ...planOf({}), axisMod: m }).prob(0));
    expect([tie(0), tie(5), tie(-5)]).toEqual(['1/6', '1/36', '1/36']);
  });

  it('P5: E[airstrikes], Germany/UK/USSR row, Axis, m = 0, reading A = 23/24', () => {
    expect(s(X.airstrikesDist(airPlan(0, 'GER_UK_USSR', 'GER_UK_USSR'), 0).mean())).toBe('23/24');
  });

  it('P6: E[airstrikes], US, Allied, m = -5, reading A = 421/72', () => {
    expect(s(X.airstrikesDist(airPlan(-5, 'FR_JAP_IT', 'US'), 1).mean())).toBe('421/72');
  });

  it('P7: P(at least one airstrike), France/Japan/Italy Axis row, m = +3 = 35/54', () => {
    expect(s(X.airstrikesDist(airPlan(3, 'FR_JAP_IT', 'US'), 0).probAtLeast(1))).toBe('35/54');
  });

  it('P8: mean of ½D6 is 2 (up) and 3/2 (down)', () => {
    expect(s(diceExprDist(parseDiceExpr('½D6'), 'up').mean())).toBe('2');
    expect(s(diceExprDist(parseDiceExpr('halfD6'), 'down').mean())).toBe('3/2');
  });

  it('P9: P(2D6 >= 7) = 7/12', () => expect(s(diceExprDist(parseDiceExpr('2D6'), 'up').probAtLeast(7))).toBe('7/12'));

  it('P10: E[barrages], Major Offensive attacker, N = 20, mod 0 = 25/3', () => {
    expect(s(X.barragesInRole(planOf({ intensity: 'MajorOffensive' }), 0, 'Attacker').mean())).toBe('25/3');
  });

  it('P11: E[rate], Naval Barrage attacker, mod 0 = .575', () => {
    expect(s(D6.map((f) => DATA.barrages.rates.NavalBarrage.Attacker[f - 1]).mean().div(Fraction.of(100)))).toBe(F(575, 1000));
  });

  it('P12: P(0 barrages), Local Attack defender, mod 0 = 1/3 (for N >= 10: below, .05 x N also rounds to 0); mod -1: 1/2', () => {
    expect(s(X.barragesInRole({ ...planOf({ intensity: 'LocalAttack' }), N: 9 }, 1, 'Defender').prob(0))).toBe('1/2'); // the spec's "any N >= 1" is loose
    for (const n of [10, 20, 22, 90]) {
      const p = { ...planOf({ intensity: 'LocalAttack' }), N: n };
      expect(s(X.barragesInRole(p, 1, 'Defender').prob(0)), `N=${n}`).toBe('1/3');
    }
    const p = planOf({ intensity: 'LocalAttack' });
    const minus = { ...p, sides: [p.sides[0], { ...p.sides[1], barrageMod: -1 }] as unknown as SetupPlan['sides'] };
    expect(s(X.barragesInRole(minus, 1, 'Defender').prob(0))).toBe('1/2');
  });

  it('P13: E[pillboxes], Japanese Island Garrison defender (2D6 + 1D6), 1 set = 21/2', () => {
    const p = planOf({ front: 'PacificIsland', attacker: 'B', sides: [{ nation: 'Japanese' }, { nation: 'Americans' }] });
    expect(s(X.worksDist(p, 0, 'pillboxes').mean())).toBe('21/2');
  });

  it('P14: P(minefields >= 30), British Africa attacker (6D6), 1 set = 17/864', () => {
    const p = planOf({ year: 1942, front: 'Mediterranean', sides: [{ nation: 'British' }, { nation: 'Italians' }] });
    expect(s(X.worksDist(p, 0, 'minefields').probAtLeast(30))).toBe('17/864');
  });

  it('P15: E[proximity yards], Open = 1060/3', () => expect(s(X.proximityYardsDist(planOf({ terrain: 'Open' })).mean())).toBe('1060/3'));

  it('P16, P17: P(lull on turn 1) = 1/36; P(L = t) = (1/6)(1 - (5/6)^t) for t <= 6', () => {
    const L = X.lullTurnDist(planOf({}));
    expect(s(L.prob(1))).toBe('1/36');
    for (let t = 1; t <= 6; t++) expect(L.prob(t).equals(Fraction.of(1, 6).mul(Fraction.ONE.sub(Fraction.of(5, 6).pow(t))))).toBe(true);
    expect([2, 3, 4, 5, 6, 7].map((t) => s(L.prob(t)))).toEqual(['11/216', '91/1296', '671/7776', '4651/46656', '31031/279936', '155155/1679616']);
  });

  it('P18: P(short lull), standard mode = 124781/279936; P(long) = 155155/279936', () => {
    expect(s(X.shortLullProbability(planOf({})))).toBe('124781/279936');
    expect(s(Fraction.ONE.sub(X.shortLullProbability(planOf({}))))).toBe('155155/279936');
  });

  it('P19: P(short | proximity die d) = 1 - (5/6)^(7-d)', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => s(X.shortLullGivenStart(planOf({}), d)))).toEqual(['31031/46656', '4651/7776', '671/1296', '91/216', '11/36', '1/6']);
  });

  it('P20: E[lull turn] = 17/2', () => expect(s(X.meanLullTurn(planOf({})))).toBe('17/2'));

  it('P21: P(short lull), 2D6 deadline = 5/12 (E[L] = 7)', () => {
    const p = planOf({}, { lullMode: 'deadline2d6' });
    expect([s(X.shortLullProbability(p)), s(X.meanLullTurn(p))]).toEqual(['5/12', '7']);
  });

  it("P22: P(short lull) with lullRoller 'each' = 8668326491/13060694016", () => {
    const p = planOf({}, { lullRoller: 'each' });
    expect(s(X.lullTurnProbability(p))).toBe('11/36');
    expect(s(X.shortLullProbability(p))).toBe('8668326491/13060694016');
  });

  it('P23: long lull, 3+ damage, perPoint: Binomial(3, 1/3): 8/27, 12/27, 6/27, 1/27; mean 1', () => {
    const d = commandRepairDist(DATA, 'long', 3, 'perPoint');
    expect(pmf(d)).toBe('0:8/27 1:4/9 2:2/9 3:1/27');
    expect(s(d.mean())).toBe('1');
  });

  it('P24: same, singleRoll: P(3) = 1/3, P(0) = 2/3; mean 1', () => {
    const d = commandRepairDist(DATA, 'long', 5, 'singleRoll');
    expect(pmf(d)).toBe('0:2/3 3:1/3');
    expect(s(d.mean())).toBe('1');
  });

  it('P25: Kursk S1: P(GER barrages > SOV barrages) = 2/3', () => {
    expect(s(X.barrageDifferenceDist(scenarioPlan('scenarios/ww2setup/kursk-1943.yaml')).probWhere((x) => x > 0))).toBe('2/3');
  });

  it('P26: Sedan S2, N = 20: P(GER barrages > FRA barrages) = 31/36, P(=) = 1/12', () => {
    const d = X.barrageDifferenceDist(scenarioPlan('scenarios/ww2setup/sedan-1940.yaml'));
    expect([s(d.probWhere((x) => x > 0)), s(d.prob(0))]).toEqual(['31/36', '1/12']);
  });
});

describe('§7.7 S1 Kursk 1943 (bundled scenario), exact', () => {
  const p = scenarioPlan('scenarios/ww2setup/kursk-1943.yaml');
  it('Axis modifier 0; P(German AS), P(tie), P(Soviet AS) = 5/12, 1/6, 5/12', () => {
    expect(p.axisMod).toBe(0);
    expect(pmf(X.airWinnerDist(p))).toBe('0:1/6 1:5/12 2:5/12');
  });
  it('airstrikes, each side: 7/12, 1/8 x3, 1/72 x3; mean 23/24', () => {
    for (const i of [0, 1]) {
      expect(pmf(X.airstrikesDist(p, i))).toBe('0:7/12 1:1/8 2:1/8 3:1/8 4:1/72 5:1/72 6:1/72');
      expect(s(X.airstrikesDist(p, i).mean())).toBe('23/24');
    }
  });
  it('barrages: GER uniform {4,5,6,9,12,14} (25/3), SOV uniform {2,3,4,6,9,11} (35/6); P(>, =, <) = 2/3, 1/12, 1/4; E[total] = 85/6', () => {
    expect(pmf(X.barragesDist(p, 0))).toBe('4:1/6 5:1/6 6:1/6 9:1/6 12:1/6 14:1/6');
    expect(pmf(X.barragesDist(p, 1))).toBe('2:1/6 3:1/6 4:1/6 6:1/6 9:1/6 11:1/6');
    const d = X.barrageDifferenceDist(p);
    expect([d.probWhere((x) => x > 0), d.prob(0), d.probWhere((x) => x < 0)].map(s)).toEqual(['2/3', '1/12', '1/4']);
    expect(s(X.barragesDist(p, 0).add(X.barragesDist(p, 1)).mean())).toBe('85/6');
  });
  it('works: 1 roll set; GER trench 35", pillboxes 2, bunkers 0, minefields 21/2; SOV trench 105", 11/2, 11/2, 21', () => {
    expect(p.rollSets).toBe(1);
    const means = (i: number) => [s(X.trenchInchesDist(p, i).mean()), ...(['pillboxes', 'bunkers', 'minefields'] as const).map((c) => s(X.worksDist(p, i, c).mean()))];
    expect(means(0)).toEqual(['35', '2', '0', '21/2']);
    expect(means(1)).toEqual(['105', '11/2', '11/2', '21']);
  });
  it('proximity (Open, Medium): uniform over 4, 20/3, 10, 40/3, 50/3, 20 inches; mean 106/9 (353⅓ yd)', () => {
    expect(X.proximityInches(p).map((r) => s(r.inches))).toEqual(['4', '20/3', '10', '40/3', '50/3', '20']);
    expect(s(Fraction.sum(X.proximityInches(p).map((r) => r.inches.mul(r.p))))).toBe('106/9');
    expect(s(X.proximityYardsDist(p).mean())).toBe('1060/3');
  });
  it('lull: start uniform 1..6; P(short) = 124781/279936; E[L] = 17/2', () => {
    expect(pmf(X.proximityDieDist(p))).toBe('1:1/6 2:1/6 3:1/6 4:1/6 5:1/6 6:1/6');
    expect([s(X.shortLullProbability(p)), s(X.meanLullTurn(p))]).toEqual(['124781/279936', '17/2']);
  });
});

describe('§7.7 S2 Sedan 1940 (bundled scenario, N = 20), exact', () => {
  const p = scenarioPlan('scenarios/ww2setup/sedan-1940.yaml');
  it('Axis modifier +2; P(German AS), P(tie), P(French AS) = 13/18, 1/9, 1/6', () => {
    expect([p.axisMod, p.N]).toEqual([2, 20]);
    expect(pmf(X.airWinnerDist(p))).toBe('0:1/9 1:13/18 2:1/6');
  });
  it('airstrikes: GER 5/18, 7/36 x3, 5/108 x3 (mean 67/36); FRA 203/216, 1/24, 1/108, 1/108 (mean 19/216)', () => {
    expect(pmf(X.airstrikesDist(p, 0))).toBe('0:5/18 1:7/36 2:7/36 3:7/36 4:5/108 5:5/108 6:5/108');
    expect(s(X.airstrikesDist(p, 0).mean())).toBe('67/36');
    expect(pmf(X.airstrikesDist(p, 1))).toBe('0:203/216 1:1/24 2:1/108 3:1/108');
    expect(s(X.airstrikesDist(p, 1).mean())).toBe('19/216');
  });
  it('barrages: GER {3,3,4,5,7,8} mean 5 (N = 22: {3,3,4,6,8,9} mean 11/2); FRA {0,0,1,2,3,4} mean 5/3 either way', () => {
    expect(pmf(X.barragesDist(p, 0))).toBe('3:1/3 4:1/6 5:1/6 7:1/6 8:1/6');
    expect(s(X.barragesDist(p, 0).mean())).toBe('5');
    const p22 = scenarioPlan('scenarios/ww2setup/sedan-1940.yaml', { countAttachedUnits: true });
    expect(p22.N).toBe(22);
    expect(pmf(X.barragesDist(p22, 0))).toBe('3:1/3 4:1/6 6:1/6 8:1/6 9:1/6');
    expect(s(X.barragesDist(p22, 0).mean())).toBe('11/2');
    for (const q of [p, p22]) expect(pmf(X.barragesDist(q, 1))).toBe('0:1/3 1:1/6 2:1/6 3:1/6 4:1/6');
  });
  it("roll sets for B = 160: 1 under ceilMin1, 0 under floor", () => {
    expect(p.rollSets).toBe(1);
    expect(scenarioPlan('scenarios/ww2setup/sedan-1940.yaml', { rollSets: 'floor' }).rollSets).toBe(0);
  });
  it('works: GER trench ½D6 x 10" (mean 20"), nothing else; FRA placeholder row +1D6: trench 55", pillboxes 1D6, bunkers 1D6, minefields ½D6 + 1D6', () => {
    expect(s(X.trenchInchesDist(p, 0).mean())).toBe('20');
    expect((['pillboxes', 'bunkers', 'minefields'] as const).map((c) => s(X.worksDist(p, 0, c).mean()))).toEqual(['0', '0', '0']);
    expect(s(X.trenchInchesDist(p, 1).mean())).toBe('55');
    expect(X.worksDist(p, 1, 'pillboxes').equals(D6)).toBe(true);
    expect(X.worksDist(p, 1, 'bunkers').equals(D6)).toBe(true);
    expect(pmf(X.worksDist(p, 1, 'minefields'))).toBe('2:1/18 3:1/9 4:1/6 5:1/6 6:1/6 7:1/6 8:1/9 9:1/18');
  });
  it('proximity (Constricted, Large): 4, 8, 10, 12.5, 15, 20 inches', () => {
    expect(X.proximityInches(p).map((r) => s(r.inches))).toEqual(['4', '8', '10', '25/2', '15', '20']);
  });
});

describe('§4.9 distribution tables', () => {
  const D1: Record<number, string[]> = {
    4: ['11/12', '1/18', '1/36', '1/12', '1/9', '5/36', '1/6', '5/12', '1/36', '0', '0', '0', '0'],
    3: ['5/6', '1/12', '1/12', '1/9', '5/36', '1/6', '5/36', '5/18', '1/18', '1/36', '0', '0', '0'],
    2: ['13/18', '1/9', '1/6', '5/36', '1/6', '5/36', '1/9', '1/6', '1/12', '1/18', '1/36', '0', '0'],
    1: ['7/12', '5/36', '5/18', '1/6', '5/36', '1/9', '1/12', '1/12', '1/9', '1/12', '1/18', '1/36', '0'],
    0: ['5/12', '1/6', '5/12', '5/36', '1/9', '1/12', '1/18', '1/36', '5/36', '1/9', '1/12', '1/18', '1/36'],
    [-1]: ['5/18', '5/36', '7/12', '1/9', '1/12', '1/18', '1/36', '0', '1/6', '5/36', '1/9', '1/12', '1/12'],
    [-2]: ['1/6', '1/9', '13/18', '1/12', '1/18', '1/36', '0', '0', '5/36', '1/6', '5/36', '1/9', '1/6'],
    [-3]: ['1/12', '1/12', '5/6', '1/18', '1/36', '0', '0', '0', '1/9', '5/36', '1/6', '5/36', '5/18'],
    [-4]: ['1/36', '1/18', '11/12', '1/36', '0', '0', '0', '0', '1/12', '1/9', '5/36', '1/6', '5/12'],
    [-5]: ['0', '1/36', '35/36', '0', '0', '0', '0', '0', '1/18', '1/12', '1/9', '5/36', '7/12'],
  };
  it('D1: air superiority by Axis modifier, every cell', () => {
    for (const [m, row] of Object.entries(D1)) {
      const d = X.airMarginDist({ ...planOf({}), axisMod: Number(m) });
      const cells = [d.probWhere((x) => x > 0), d.prob(0), d.probWhere((x) => x < 0), d.prob(1), d.prob(2), d.prob(3), d.prob(4), d.probAtLeast(5), d.prob(-1), d.prob(-2), d.prob(-3), d.prob(-4), d.probAtMost(-5)];
      expect(cells.map(s), `m = ${m}`).toEqual(row);
    }
  });

  // m: [Axis G/UK/USSR, Axis Fr/Jap/It, Allied US, Allied G/UK/USSR, Allied Fr/Jap/It] means, reading A
  const D2: Record<number, string[]> = {
    4: ['65/24', '229/108', '1/18', '1/18', '1/216'],
    3: ['55/24', '89/54', '5/24', '1/6', '1/54'],
    2: ['67/36', '251/216', '11/24', '1/3', '19/216'],
    1: ['17/12', '163/216', '65/72', '43/72', '23/108'],
    0: ['23/24', '47/108', '37/24', '23/24', '47/108'],
    [-1]: ['43/72', '23/108', '19/8', '17/12', '163/216'],
    [-2]: ['1/3', '19/216', '79/24', '67/36', '251/216'],
    [-3]: ['1/6', '1/54', '101/24', '55/24', '89/54'],
    [-4]: ['1/18', '1/216', '41/8', '65/24', '229/108'],
    [-5]: ['0', '0', '421/72', '109/36', '557/216'],
  };
  it('D2: expected airstrikes per side and row, reading A, every cell', () => {
    for (const [m, row] of Object.entries(D2)) {
      const mm = Number(m);
      const got = [
        X.airstrikesDist(airPlan(mm, 'GER_UK_USSR', 'US'), 0).mean(),
        X.airstrikesDist(airPlan(mm, 'FR_JAP_IT', 'US'), 0).mean(),
        X.airstrikesDist(airPlan(mm, 'GER_UK_USSR', 'US'), 1).mean(),
        X.airstrikesDist(airPlan(mm, 'GER_UK_USSR', 'GER_UK_USSR'), 1).mean(),
        X.airstrikesDist(airPlan(mm, 'GER_UK_USSR', 'FR_JAP_IT'), 1).mean(),
      ];
      expect(got.map(s), `m = ${m}`).toEqual(row);
    }
  });

  it('D2: example pmfs (m = +2 Axis G/UK/USSR; m = +2 Allied Fr/Jap/It; m = -5 Allied US)', () => {
    expect(pmf(X.airstrikesDist(airPlan(2, 'GER_UK_USSR', 'FR_JAP_IT'), 0))).toBe('0:5/18 1:7/36 2:7/36 3:7/36 4:5/108 5:5/108 6:5/108');
    expect(pmf(X.airstrikesDist(airPlan(2, 'GER_UK_USSR', 'FR_JAP_IT'), 1))).toBe('0:203/216 1:1/24 2:1/108 3:1/108');
    expect(pmf(X.airstrikesDist(airPlan(-5, 'GER_UK_USSR', 'US'), 1))).toBe('0:1/36 1:11/216 2:23/324 3:59/648 4:5/54 5:73/648 6:43/324 7:13/108 8:65/648 9:13/162 10:13/216 11:13/324 12:13/648');
  });

  it('D2: alternative readings B and C (spec decimals, 3 places), and the US at m = 0: 1.542 (A), 1.588 (B), 1.921 (C)', () => {
    const e = (m: number, reading: string, axisRow: string, alliedRow: string, side: number) => X.airstrikesDist(airPlan(m, axisRow, alliedRow, { airstrikeEligibility: reading }), side).mean().toNumber();
    expect(e(0, 'winnerAndLoserBy1', 'GER_UK_USSR', 'US', 1)).toBeCloseTo(1.588, 3);
    expect(e(0, 'fullSignedMargin', 'GER_UK_USSR', 'US', 1)).toBeCloseTo(1.921, 3);
    expect(e(4, 'winnerAndLoserBy1', 'GER_UK_USSR', 'US', 0)).toBeCloseTo(2.713, 3);
    expect(e(4, 'fullSignedMargin', 'GER_UK_USSR', 'US', 1)).toBeCloseTo(0.194, 3);
    expect(e(-5, 'fullSignedMargin', 'GER_UK_USSR', 'US', 1)).toBeCloseTo(5.903, 3);
    expect(e(-5, 'fullSignedMargin', 'GER_UK_USSR', 'GER_UK_USSR', 1)).toBeCloseTo(3.037, 3);
    expect(e(-2, 'winnerAndLoserBy1', 'FR_JAP_IT', 'FR_JAP_IT', 1)).toBeCloseTo(1.162, 3);
  });

  // D5 (modifier 0), by face: N = 10, 20, 22, 30, 40. Stalemated Front - Def follows the seed's
  // T3 (.05 .05 .10 .15 .20 .30); the spec's D5 row used the typo of its §7.1 RATE constant.
  const D5: Record<string, number[][]> = {
    'LocalAttack.Attacker': [[2, 2, 2, 3, 4, 4], [3, 3, 4, 5, 7, 8], [3, 3, 4, 6, 8, 9], [5, 5, 6, 8, 11, 12], [6, 6, 8, 10, 14, 16]],
    'LocalAttack.Defender': [[0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 3, 4], [0, 0, 1, 2, 3, 4], [0, 0, 2, 3, 5, 6], [0, 0, 2, 4, 6, 8]],
    'MajorOffensive.Attacker': [[2, 3, 3, 5, 6, 7], [4, 5, 6, 9, 12, 14], [4, 6, 7, 10, 13, 15], [6, 8, 9, 14, 18, 21], [8, 10, 12, 18, 24, 28]],
    'MajorOffensive.Defender': [[1, 2, 2, 3, 5, 6], [2, 3, 4, 6, 9, 11], [2, 3, 4, 7, 10, 12], [3, 5, 6, 9, 14, 17], [4, 6, 8, 12, 18, 22]],
    'NavalBarrage.Attacker': [[4, 4, 5, 7, 7, 9], [7, 8, 10, 13, 14, 17], [8, 9, 11, 14, 15, 19], [11, 12, 15, 20, 21, 26], [14, 16, 20, 26, 28, 34]],
    'NavalBarrage.Defender': [[0, 1, 1, 2, 3, 4], [0, 1, 2, 4, 6, 8], [0, 1, 2, 4, 7, 9], [0, 2, 3, 6, 9, 12], [0, 2, 4, 8, 12, 16]],
    'StalematedFront.Attacker': [[1, 1, 2, 2, 2, 2], [2, 2, 3, 3, 3, 4], [2, 2, 3, 3, 3, 4], [3, 3, 5, 5, 5, 6], [4, 4, 6, 6, 6, 8]],
    'StalematedFront.Defender': [[1, 1, 1, 2, 2, 3], [1, 1, 2, 3, 4, 6], [1, 1, 2, 3, 4, 7], [2, 2, 3, 5, 6, 9], [2, 2, 4, 6, 8, 12]],
  };
  it('D5: barrage counts by die face for N = 10, 20, 22, 30, 40 (half-up rounding)', () => {
    for (const [key, rows] of Object.entries(D5)) {
      const [int, role] = key.split('.') as ['LocalAttack', 'Attacker'];
      [10, 20, 22, 30, 40].forEach((N, k) => {
        const p = { ...planOf({ intensity: int }), N };
        const d = X.barragesInRole(p, role === 'Attacker' ? 0 : 1, role);
        expect(d.equals(Dist.faces(rows[k])), `${key} N=${N}`).toBe(true);
      });
    }
  });

  it('D4: mean rate in hundredths by modifier (faces clamped), e.g. Local Attack attacker -3..+3', () => {
    const mean = (col: number[], m: number) => s(D6.map((f) => col[Math.min(6, Math.max(1, f + m)) - 1]).mean());
    expect([-3, -2, -1, 0, 1, 2, 3].map((m) => mean(DATA.barrages.rates.LocalAttack.Attacker, m))).toEqual(['95/6', '35/2', '125/6', '25', '175/6', '100/3', '110/3']);
    expect([-3, -2, -1, 0, 1, 2, 3].map((m) => mean(DATA.barrages.rates.NavalBarrage.Attacker, m))).toEqual(['115/3', '130/3', '295/6', '115/2', '395/6', '220/3', '475/6']);
    expect(mean(DATA.barrages.rates.StalematedFront.Defender, 0)).toBe('85/6'); // seed T3 (spec D4 printed 65/6 from the §7.1 typo)
  });

  it('D6: ½D6 + 1D6 and 3D6 pmfs; means and variances of the defender versions', () => {
    expect(pmf(diceExprDist(parseDiceExpr('½D6'), 'up').add(D6))).toBe('2:1/18 3:1/9 4:1/6 5:1/6 6:1/6 7:1/6 8:1/9 9:1/18');
    expect(pmf(D6.repeatSum(3))).toBe('3:1/216 4:1/72 5:1/36 6:5/108 7:5/72 8:7/72 9:25/216 10:1/8 11:1/8 12:25/216 13:7/72 14:5/72 15:5/108 16:1/36 17:1/72 18:1/216');
    const rows: Array<[string, string, string]> = [['-', '7/2', '35/12'], ['½D6', '11/2', '43/12'], ['1D6', '7', '35/6'], ['2D6', '21/2', '35/4'], ['3D6', '14', '35/3'], ['4D6', '35/2', '175/12'], ['5D6', '21', '35/2'], ['6D6', '49/2', '245/12']];
    for (const [e, mean, v] of rows) {
      const d = diceExprDist(parseDiceExpr(e), 'up').add(D6);
      expect([s(d.mean()), s(d.variance())], e).toEqual([mean, v]);
    }
  });

  it('D7: expected works per row, attacker and defender (a), one roll set', () => {
    const expected: Record<string, string[]> = {
      GER_West1940: ['20', '0', '0', '0', '55', '7/2', '7/2', '7/2'],
      GER_West1944_45: ['35', '2', '2', '7/2', '70', '11/2', '11/2', '7'],
      GER_East1943_45: ['35', '2', '0', '21/2', '70', '11/2', '7/2', '14'],
      GER_South: ['70', '2', '0', '7/2', '105', '11/2', '7/2', '7'],
      SOV_1943: ['70', '2', '2', '35/2', '105', '11/2', '11/2', '21'],
      SOV_1944_45: ['20', '0', '0', '7', '55', '7/2', '7/2', '21/2'],
      JAP_IslandGarrison: ['70', '7', '7', '14', '105', '21/2', '21/2', '35/2'],
      GBR_Africa: ['105', '7/2', '2', '21', '140', '7', '11/2', '49/2'],
      GBR_Europe1940: ['20', '0', '0', '2', '55', '7/2', '7/2', '11/2'],
    };
    for (const [row, exp] of Object.entries(expected)) {
      const cells = DATA.defensiveWorks.rows[row];
      const got: string[] = [];
      for (const def of [false, true])
        for (const c of ['trenches', 'pillboxes', 'bunkers', 'minefields'] as const) {
          let d = diceExprDist(parseDiceExpr(cells[c]), 'up');
          if (def) d = d.add(D6);
          got.push(s(c === 'trenches' ? d.mean().scale(10) : d.mean()));
        }
      expect(got, row).toEqual(exp);
    }
  });

  it('D7 (b) availableOnly: a US Pacific defender gets 3.5 pillboxes on average under (a), none under (b)', () => {
    const body = { front: 'Pacific', attacker: 'B', sides: [{ nation: 'Americans' }, { nation: 'Japanese' }] as [any, any] };
    expect(s(X.worksDist(planOf(body), 0, 'pillboxes').mean())).toBe('7/2');
    expect(s(X.worksDist(planOf(body, { defenderExtraDie: 'availableOnly' }), 0, 'pillboxes').mean())).toBe('0');
    expect(s(X.worksDist(planOf(body, { defenderExtraDie: 'stepUp' }), 0, 'pillboxes').mean())).toBe('2');
  });

  it('D8: covariance of proximity yards and lull start, Open terrain = 850/3', () => {
    const Y = planOf({ terrain: 'Open' }).proximityYards;
    const eYpd = Fraction.sum(Y.map((y, i) => Fraction.of(y * (i + 1), 6)));
    expect(s(eYpd.sub(Fraction.of(1060, 3).mul(Fraction.of(7, 2))))).toBe('850/3');
  });

  it('T7 means: Constricted 695/3, Open 1060/3, Wide Open 1550/3', () => {
    expect(['Constricted', 'Open', 'WideOpen'].map((t) => s(X.proximityYardsDist(planOf({ terrain: t })).mean()))).toEqual(['695/3', '1060/3', '1550/3']);
  });

  it('lull turn tail: the exact distribution sums to 1 with its "40 or later" bucket', () => {
    const d = X.lullTurnDist(planOf({}));
    expect(d.table().reduce((a, r) => a.add(r.p), Fraction.ZERO).equals(Fraction.ONE)).toBe(true);
    expect(d.max).toBe(X.LULL_TAIL);
  });
});
