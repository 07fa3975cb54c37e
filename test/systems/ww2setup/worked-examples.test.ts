/**
 * Spec §8.1 and §8.2 oracles, one named test each, with scripted dice in the canonical order of
 * spec §8.0 (every scripted die must be used, and no more).
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { ww2Options } from '../../../src/systems/ww2setup/options.ts';
import { barrageCount, checkDummyRequest, effectiveBarrageDie } from '../../../src/systems/ww2setup/rules/barrages.ts';
import { barragesAfterLull, carryOver, clearMgJam, lullType, nextRoundStart, recoverDemoralized, reorganizable, repairCombatBase, repairCommandBase, rollLullTurn } from '../../../src/systems/ww2setup/rules/lull.ts';
import { placementLegal, proximityInches } from '../../../src/systems/ww2setup/rules/proximity.ts';
import { barragePhase, newRequestLine, prefill } from '../../../src/systems/ww2setup/rules/request-sheet.ts';
import { sampleSetup } from '../../../src/systems/ww2setup/rules/sequence.ts';
import { rollSetsFor } from '../../../src/systems/ww2setup/rules/works.ts';
import { ALL_OFF, DATA, dice, planErrors, planOf } from './helpers.ts';

const OPT = ww2Options();
const LULL = DATA.lull;
const AIR_ONLY = { ...ALL_OFF, airSuperiority: true, airstrikes: true };
const NO_LULL = { lullMode: 'none' };

describe('§8.1 worked examples of the seed', () => {
  it('O-B1: rate .45 x N = 20 gives 9 barrages', () => {
    expect(barrageCount(45, 20, 'halfUp')).toBe(9);
  });

  it('O-B2: the example forces counted in full (22) give 10; with countAttachedUnits false (20) 9', () => {
    const sides = [{ nation: 'French', subUnits: 8 }, { nation: 'Germans', subUnits: 12, attachedUnits: 2 }] as [any, any];
    const full = planOf({ year: 1940, front: 'West', sides });
    expect(full.N).toBe(22);
    expect(barrageCount(45, full.N, 'halfUp')).toBe(10);
    const stated = planOf({ year: 1940, front: 'West', sides }, { countAttachedUnits: false });
    expect(stated.N).toBe(20);
    expect(barrageCount(45, stated.N, 'halfUp')).toBe(9);
  });

  it('O-B3: 9 real chits allow 0..9 dummies; 10 are rejected', () => {
    for (let k = 0; k <= 9; k++) expect(checkDummyRequest(k, 9, 0, 'barrages')).toBeNull();
    expect(checkDummyRequest(10, 9, 0, 'barrages')).toMatch(/at most 9 dummy chits/);
  });

  it('O-L1: short lull, demoralized unit: no recovery roll, no die used', () => {
    const d = dice();
    expect(recoverDemoralized('short', d, LULL)).toBe(false);
    expect(d.used).toBe(0);
  });

  it('O-L2: long lull, demoralized unit recovers on 5, not on 4', () => {
    expect(recoverDemoralized('long', dice(5), LULL)).toBe(true);
    expect(recoverDemoralized('long', dice(4), LULL)).toBe(false);
  });

  it('O-L3: damaged combat base, short lull: 6 repairs, 5 does not', () => {
    expect(repairCombatBase('short', dice(6), LULL)).toBe(true);
    expect(repairCombatBase('short', dice(5), LULL)).toBe(false);
  });

  it('O-L4: damaged combat base, long lull: 4 repairs, 3 does not', () => {
    expect(repairCombatBase('long', dice(4), LULL)).toBe(true);
    expect(repairCombatBase('long', dice(3), LULL)).toBe(false);
  });

  it('O-L5: proximity die 3 -> lull rolls start on turn 3', () => {
    const plan = planOf({ steps: { ...ALL_OFF, proximity: true } });
    const r = sampleSetup(plan, dice(3), dice(6));
    expect(r.lull.startTurn).toBe(3);
    expect(r.lull.turn).toBe(3);
  });

  it('O-L6: start 3, rolls 2 then 6 -> lull on turn 4, short', () => {
    const d = dice(2, 6);
    const t = rollLullTurn(3, d, LULL.triggerFaces, 'shared');
    expect(t).toBe(4);
    expect(lullType(t, LULL)).toBe('short');
    expect(d.done).toBe(true);
  });

  it('O-L7: start 5, rolls 5, 3, 6 -> lull on turn 7, long', () => {
    const t = rollLullTurn(5, dice(5, 3, 6), LULL.triggerFaces, 'shared');
    expect(t).toBe(7);
    expect(lullType(t, LULL)).toBe('long');
  });

  it('O-L8: start 6, roll 6 -> lull on turn 6, short ("before the seventh")', () => {
    const t = rollLullTurn(6, dice(6), LULL.triggerFaces, 'shared');
    expect([t, lullType(t, LULL)]).toEqual([6, 'short']);
  });

  it('O-L9: only a natural 6 starts a lull (the roll takes no modifier)', () => {
    const d = dice(5, 4, 3, 2, 1, 6);
    expect(rollLullTurn(1, d, LULL.triggerFaces, 'shared')).toBe(6);
    expect(LULL.triggerFaces).toEqual([6]);
    expect(rollLullTurn.length).toBeLessThanOrEqual(5); // (start, dice, faces, roller, rolls): no modifier argument
  });

  it('O-L10: command base with 4 damage, long lull, perPoint, dice 5, 2, 6 -> 2 points (3 rolls at most)', () => {
    const d = dice(5, 2, 6);
    expect(repairCommandBase('long', 4, d, LULL, 'perPoint')).toBe(2);
    expect(d.done).toBe(true);
  });

  it('O-L11: command base with 2 damage, short lull, die 6 -> 1 point (cap 1)', () => {
    const d = dice(6);
    expect(repairCommandBase('short', 2, d, LULL, 'perPoint')).toBe(1);
    expect(d.done).toBe(true);
  });

  it('O-L12: MG jams clear in either lull, no die', () => {
    expect(clearMgJam('short', LULL)).toBe(true);
    expect(clearMgJam('long', LULL)).toBe(true);
  });

  it('O-L13: long lull, 2 pinned and 5 unpinned units: only the 5 unpinned may reorganize', () => {
    const units = [...Array(2)].map(() => ({ pinned: true })).concat([...Array(5)].map(() => ({ pinned: false })));
    expect(reorganizable('long', units, LULL)).toHaveLength(5);
    expect(reorganizable('long', units, LULL).every((u) => !u.pinned)).toBe(true);
    expect(reorganizable('short', units, LULL)).toHaveLength(0);
  });

  it('O-L14: short lull: 4 unused barrages kept, no extra barrage roll; 3 airstrikes lost, fresh airstrike roll', () => {
    const c = carryOver('short', { barrages: 4, airstrikes: 3 }, LULL, OPT);
    expect(c).toMatchObject({ keptBarrages: 4, lostAirstrikes: 3, extraBarrageRoll: false, extraAirRoll: true, redoAirSuperiority: true });
  });

  it('O-L15: long lull, N = 20, Local Attack attacker, new die 4: 4 + round(.25 x 20) = 9 barrages', () => {
    const c = carryOver('long', { barrages: 4, airstrikes: 3 }, LULL, OPT);
    expect(c.extraBarrageRoll && c.extraAirRoll).toBe(true);
    expect(barragesAfterLull('long', c.keptBarrages, { die: 4, mod: 0, rates: DATA.barrages.rates.LocalAttack.Attacker, N: 20, dieMin: 1, dieMax: 6 }, LULL, OPT)).toBe(9);
    expect(barragesAfterLull('short', 4, { die: 4, mod: 0, rates: DATA.barrages.rates.LocalAttack.Attacker, N: 20, dieMin: 1, dieMax: 6 }, LULL, OPT)).toBe(4);
  });

  it('O-M1: minimal set-up, every step off, 2D6 deadline with dice 3, 2 -> round ends on turn 5, short', () => {
    const plan = planOf({ steps: ALL_OFF }, { lullMode: 'deadline2d6' });
    const d = dice(3, 2);
    const r = sampleSetup(plan, d);
    expect(r.lull).toMatchObject({ deadline: 5, turn: 5, type: 'short' });
    expect(d.done).toBe(true);
    expect(r.sides.map((s) => [s.airstrikes, s.barrages, s.dummies, s.works.trenchPoints])).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
  });

  it('A20 / A15: chits in transit return to the pool by default; the round controller options', () => {
    expect(carryOver('long', { barrages: 2, airstrikes: 0, barrageChitsInTransit: 3 }, LULL, OPT).keptBarrages).toBe(5);
    expect(carryOver('long', { barrages: 2, airstrikes: 0, barrageChitsInTransit: 3 }, LULL, ww2Options({ inTransitAtLull: 'lost' })).keptBarrages).toBe(2);
    expect(nextRoundStart(8, dice(), OPT)).toBeNull();
    expect(nextRoundStart(8, dice(4), ww2Options({ multiRound: 'resetWithNewDie' }))).toEqual({ startTurn: 4, turnNumbering: 'reset' });
    expect(nextRoundStart(8, dice(), ww2Options({ multiRound: 'continueCount' }))).toEqual({ startTurn: 9, turnNumbering: 'continue' });
  });
});

/** Airstrike oracle: scripted dice through the generator with only steps 2-3 on. */
function air(body: Parameters<typeof planOf>[0], faces: number[], options: Record<string, string> = {}) {
  const plan = planOf({ ...body, steps: AIR_ONLY }, { ...NO_LULL, ...options });
  const d = dice(...faces);
  const r = sampleSetup(plan, d);
  expect(d.done, `all ${faces.length} scripted dice used (used ${d.used})`).toBe(true);
  return r;
}

describe('§8.2 procedural cases with scripted dice', () => {
  it('O-A1: Germany v USSR 1941 (m = +4), dice 1, 6: USSR by 1 -> ½D6, die 5 -> 3 airstrikes; Germany 0', () => {
    const r = air({ year: 1941 }, [1, 6, 5]);
    expect(r.air).toMatchObject({ axisMod: 4, axisMargin: -1, winner: 1 });
    expect(r.sides[1]).toMatchObject({ airstrikeColumn: 1, airstrikeCell: '½D6', airstrikes: 3 });
    expect(r.sides[0].airstrikes).toBe(0);
  });

  it('O-A2: Japan v China 1943 (m = 0), dice 4, 4: tie -> no airstrikes; under C both roll None in column 0', () => {
    const sides = [{ nation: 'Japanese' }, { nation: 'Chinese' }] as [any, any];
    for (const reading of ['winnerOnly', 'winnerAndLoserBy1', 'fullSignedMargin']) {
      const r = air({ front: 'China', sides }, [4, 4], { airstrikeEligibility: reading });
      expect(r.air.winner).toBe(-1);
      expect(r.sides.map((s) => s.airstrikes)).toEqual([0, 0]);
    }
    const c = air({ front: 'China', sides }, [4, 4], { airstrikeEligibility: 'fullSignedMargin' });
    expect(c.sides.map((s) => s.airstrikeCell)).toEqual(['–', '–']);
  });

  it('O-A3: Japan Island Garrison v US 1945 (m = -5), dice 6, 1: tie -> none; under C the US rolls ½D6 in column 0', () => {
    const sides = [{ nation: 'Japanese' }, { nation: 'Americans' }] as [any, any];
    const a = air({ year: 1945, front: 'PacificIsland', sides }, [6, 1]);
    expect(a.air).toMatchObject({ axisMod: -5, axisMargin: 0, winner: -1 });
    expect(a.sides.map((s) => s.airstrikes)).toEqual([0, 0]);
    const c = air({ year: 1945, front: 'PacificIsland', sides }, [6, 1, 3], { airstrikeEligibility: 'fullSignedMargin' });
    expect(c.sides[1]).toMatchObject({ airstrikeColumn: 0, airstrikeCell: '½D6', airstrikes: 2 });
  });

  it('O-A4: Germany v Poland 1939 (m = +4), dice 6, 1: margin 9 -> "+5 or more" -> 1D6, die 4 -> 4', () => {
    const r = air({ year: 1939, sides: [{ nation: 'Germans' }, { nation: 'Poles' }] }, [6, 1, 4]);
    expect(r.air.axisMargin).toBe(9);
    expect(r.sides[0]).toMatchObject({ airstrikeColumn: 5, airstrikeCell: '1D6', airstrikes: 4 });
  });

  it('O-A5: Germany v France 1940 (m = +2), dice 3, 4: Germany by 1 -> ½D6, die 1 -> 1; France 0 under A and B', () => {
    const body = { year: 1940, front: 'West', sides: [{ nation: 'Germans' }, { nation: 'French' }] as [any, any] };
    const a = air(body, [3, 4, 1]);
    expect(a.sides.map((s) => s.airstrikes)).toEqual([1, 0]);
    const b = air(body, [3, 4, 1], { airstrikeEligibility: 'winnerAndLoserBy1' });
    expect(b.sides[1]).toMatchObject({ airstrikeColumn: -1, airstrikeCell: '–', airstrikes: 0 });
  });

  it('O-A6: Germany v US, Africa/Italy 1943 (m = -3), dice 6, 2: Germany by 1 -> ½D6 (6 -> 3); US: A 0, B "5,6" 5 -> 1, 4 -> 0', () => {
    const body = { front: 'Mediterranean', sides: [{ nation: 'Germans' }, { nation: 'Americans' }] as [any, any] };
    const a = air(body, [6, 2, 6]);
    expect(a.sides.map((s) => s.airstrikes)).toEqual([3, 0]);
    const b5 = air(body, [6, 2, 6, 5], { airstrikeEligibility: 'winnerAndLoserBy1' });
    expect(b5.sides[1]).toMatchObject({ airstrikeColumn: -1, airstrikeCell: '5,6', airstrikes: 1 });
    expect(air(body, [6, 2, 6, 4], { airstrikeEligibility: 'winnerAndLoserBy1' }).sides[1].airstrikes).toBe(0);
  });

  it('O-A7: Italians v UK, Africa/Italy 1942 (German m = -1), dice 6, 1: Italy by 4 -> France/Japan/Italy row +4 = ½D6', () => {
    const r = air({ year: 1942, front: 'Mediterranean', sides: [{ nation: 'Italians' }, { nation: 'British' }] }, [6, 1, 2]);
    expect(r.air).toMatchObject({ axisMod: -1, axisMargin: 4 });
    expect(r.sides[0]).toMatchObject({ airstrikeColumn: 4, airstrikeCell: '½D6', airstrikes: 1 });
  });

  it("O-A8: undefinedAxisModifier 'error', Germany v France 1942: scenario rejected ('–' cell)", () => {
    const body = { year: 1942, front: 'West', sides: [{ nation: 'Germans' }, { nation: 'French' }] as [any, any] };
    expect(planErrors(body, { undefinedAxisModifier: 'error' })[0][1]).toMatch(/no value \('–'\) for Germany \/ FranceBelgium in 1942/);
    expect(planOf(body).warnings.join()).toMatch(/ahistoricalFrontYear/);
    expect(planOf(body).axisMod).toBe(0);
  });

  it('O-B4: Americans 1944 (+3), Major Offensive attacker, N = 20, die 4: 7 -> clamp 6 -> .70 x 20 = 14', () => {
    const plan = planOf({ year: 1944, front: 'West', intensity: 'MajorOffensive', steps: { ...ALL_OFF, barrages: true }, sides: [{ nation: 'Americans' }, { nation: 'Germans' }] }, NO_LULL);
    const r = sampleSetup(plan, dice(4, 1));
    expect(r.sides[0].barrage).toMatchObject({ die: 4, mod: 3, effectiveDie: 6, rate100: 70, N: 20, count: 14 });
  });

  it('O-B5: .35 x 90 = 31.5 -> 32 (the float trap Math.round(0.35 * 90) gives 31); .70 x 45 = 31.5 -> 32', () => {
    expect(Math.round(0.35 * 90)).toBe(31); // the trap the integer formula avoids
    expect(barrageCount(35, 90, 'halfUp')).toBe(32);
    expect(barrageCount(70, 45, 'halfUp')).toBe(32);
  });

  it('O-B6: Japanese 1945 (-3), Naval Barrage defender, N = 40, die 3: 0 -> clamp 1 -> .00 -> 0', () => {
    const plan = planOf({ year: 1945, front: 'PacificIsland', intensity: 'NavalBarrage', steps: { ...ALL_OFF, barrages: true }, sides: [{ nation: 'Americans', subUnits: 20 }, { nation: 'Japanese', subUnits: 20 }] }, NO_LULL);
    const r = sampleSetup(plan, dice(1, 3));
    expect(r.sides[1].barrage).toMatchObject({ die: 3, mod: -3, effectiveDie: 1, rate100: 0, N: 40, count: 0 });
  });

  it('O-B7: Stalemated Front defender, die 6, N = 20: .30 x 20 = 6', () => {
    expect(barrageCount(DATA.barrages.rates.StalematedFront.Defender[5], 20, 'halfUp')).toBe(6);
  });

  it('O-B8: Local Attack defender, die 3, N = 10: .05 x 10 = 0.5 -> 1 (half up); halfEven 0; floor 0', () => {
    const r = DATA.barrages.rates.LocalAttack.Defender[2];
    expect(r).toBe(5);
    expect([barrageCount(r, 10, 'halfUp'), barrageCount(r, 10, 'halfEven'), barrageCount(r, 10, 'floor')]).toEqual([1, 0, 0]);
  });

  it("O-B9: barrageBounds 'strict', Americans 1944, die 4: error (effective die 7)", () => {
    expect(() => effectiveBarrageDie(4, 3, { dieMin: 1, dieMax: 6, options: ww2Options({ barrageBounds: 'strict' }) })).toThrow(/= 7 is outside the table/);
    expect(effectiveBarrageDie(4, 3, { dieMin: 1, dieMax: 6, options: OPT })).toBe(6);
    const errs = planErrors({ year: 1944, front: 'West', sides: [{ nation: 'Americans' }, { nation: 'Germans' }] }, { barrageBounds: 'strict' });
    expect(errs.map((e) => e[1]).join()).toMatch(/modifier \+3 makes modified rolls 4..9/);
  });

  const WORKS_ONLY = { ...ALL_OFF, defensiveWorks: true };

  it('O-D1: Russian defender 1943, 1 set: trench 3+4+5 -> 120"; pillboxes 3+2 = 5; bunkers 1+6 = 7; minefields 15+6 = 21', () => {
    const plan = planOf({ attacker: 'B', steps: WORKS_ONLY, sides: [{ nation: 'Russians' }, { nation: 'Germans' }] }, NO_LULL);
    const d = dice(3, 4, 5, 6, 2, 1, 6, 1, 2, 3, 4, 5, 6, /* German attacker: */ 2, 3, 1, 1, 1);
    const r = sampleSetup(plan, d);
    expect(d.done).toBe(true);
    expect(r.sides[0].works).toMatchObject({ rollSets: 1, trenchPoints: 12, trenchInches: '120', pillboxes: 5, bunkers: 7, minefields: 21 });
    expect(r.sides[1].works).toMatchObject({ trenchPoints: 2, pillboxes: 2, bunkers: 0, minefields: 3 });
  });

  it("O-D2: American defender, Pacific: trench 6+6+1 -> 130\", pillboxes 2, bunkers 3, minefields 4; 'availableOnly': 130\", the rest 0 and no dice", () => {
    const body = { front: 'Pacific', attacker: 'B', steps: WORKS_ONLY, sides: [{ nation: 'Americans' }, { nation: 'Japanese' }] as [any, any] };
    const jap = [1, 1, 1, 1, 1, 1, 1]; // Japanese Field Force attacker: 1D6 x 4 categories... (4 dice)
    const a = sampleSetup(planOf(body, NO_LULL), dice(6, 6, 1, 2, 3, 4, ...jap.slice(0, 4)));
    expect(a.sides[0].works).toMatchObject({ trenchInches: '130', pillboxes: 2, bunkers: 3, minefields: 4 });
    const d = dice(6, 6, 1, ...jap.slice(0, 4));
    const b = sampleSetup(planOf(body, { ...NO_LULL, defenderExtraDie: 'availableOnly' }), d);
    expect(d.done).toBe(true);
    expect(b.sides[0].works).toMatchObject({ trenchInches: '130', pillboxes: 0, bunkers: 0, minefields: 0 });
  });

  it('O-D3: B = 450 -> roll sets ceilMin1 3, floor 2, round 2, one 1', () => {
    expect((['ceilMin1', 'floor', 'round', 'one'] as const).map((r) => rollSetsFor(450, 200, r))).toEqual([3, 2, 2, 1]);
  });

  it('O-D4: B = 120 -> roll sets ceilMin1 1, floor 0 (no defensive works)', () => {
    expect([rollSetsFor(120, 200, 'ceilMin1'), rollSetsFor(120, 200, 'floor')]).toEqual([1, 0]);
    const plan = planOf({ steps: WORKS_ONLY, sides: [{ nation: 'Germans', bases: 60 }, { nation: 'Russians', bases: 60 }] }, { ...NO_LULL, rollSets: 'floor' });
    const d = dice();
    expect(sampleSetup(plan, d).sides[1].works).toMatchObject({ rollSets: 0, trenchPoints: 0, pillboxes: 0, bunkers: 0, minefields: 0 });
  });

  it('O-D5: British attacker, Africa, 1 set: trench [6,6,6] -> 180"; pillboxes [2]; bunkers ½D6 [4] -> 2; minefields [1x6] -> 6', () => {
    const plan = planOf({ year: 1942, front: 'Mediterranean', steps: WORKS_ONLY, sides: [{ nation: 'British' }, { nation: 'Italians' }] }, NO_LULL);
    // Italian defender (German South row + 1 die each): 2D6+1, ½D6+1, 0+1, 1D6+1 = 8 dice.
    const d = dice(6, 6, 6, 2, 4, 1, 1, 1, 1, 1, 1, ...[1, 1, 1, 1, 1, 1, 1, 1]);
    const r = sampleSetup(plan, d);
    expect(r.sides[0].works).toMatchObject({ trenchInches: '180', pillboxes: 2, bunkers: 2, minefields: 6 });
    expect(d.done).toBe(true);
  });

  it('O-P1: Open, die 3: 300 yd -> Large 15", Medium 10", Small 7.5"; lull rolls start on turn 3', () => {
    expect(DATA.proximity.yards.Open[2]).toBe(300);
    expect(['Large', 'Medium', 'Small'].map((s) => proximityInches(300, DATA.proximity.yardsPerInch[s as 'Large']).toString())).toEqual(['15', '10', '15/2']);
    const r = sampleSetup(planOf({ terrain: 'Open', scale: 'Medium', steps: { ...ALL_OFF, proximity: true } }), dice(3, 6));
    expect(r.proximity).toMatchObject({ die: 3, yards: 300, inches: '10' });
    expect(r.lull.startTurn).toBe(3);
  });

  it('O-P2: Constricted, die 4, Medium: 250 yd -> 25/3" (8⅓"); lull start 4', () => {
    const r = sampleSetup(planOf({ terrain: 'Constricted', scale: 'Medium', steps: { ...ALL_OFF, proximity: true } }), dice(4, 6));
    expect(r.proximity).toMatchObject({ yards: 250, inches: '25/3' });
    expect(r.lull.startTurn).toBe(4);
  });

  it('O-P3: Wide Open, die 6, Small: 1000 yd -> 25"; lull start 6', () => {
    const r = sampleSetup(planOf({ terrain: 'WideOpen', scale: 'Small', steps: { ...ALL_OFF, proximity: true } }), dice(6, 6));
    expect(r.proximity).toMatchObject({ yards: 1000, inches: '25' });
    expect(r.lull.startTurn).toBe(6);
  });

  it('O-P4: Open die 1 (120 yd), Large scale: an attacker base 5.9" away is illegal (118 yd), 6.0" is legal', () => {
    expect(placementLegal(5.9, 120, 20)).toBe(false);
    expect(placementLegal('6.0', 120, 20)).toBe(true);
  });

  const MAX = DATA.requestSheet.maxBarrageChitsPerTurn;
  const chits = (barrages: number, airstrikes = 0, dummies = 0) => ({ barrages, airstrikes, dummies });
  const arrivalTurn = (boxes: number, placedOn: number): number => {
    const line = newRequestLine(boxes);
    for (let t = 1; t <= 10; t++) {
      const r = barragePhase(line, t === placedOn ? chits(1) : chits(0), MAX);
      if (r.arrived.barrages) return t;
    }
    return -1;
  };

  it('O-R1: one progress box (placeholder): placed on turn 2, arrives on turn 4', () => {
    expect(DATA.requestSheet.progressBoxes).toBe(1);
    expect(arrivalTurn(1, 2)).toBe(4);
  });

  it('O-R2: no progress box: placed on turn 2, arrives on turn 3 (1-turn delay)', () => {
    expect(arrivalTurn(0, 2)).toBe(3);
  });

  it('O-R3: two progress boxes: placed on turn 2, arrives on turn 5 (3-turn delay)', () => {
    expect(arrivalTurn(2, 2)).toBe(5);
  });

  it('O-R4: set-up pre-fill, 8 in Wait and 8 in Request: 8 markers on turn 1, 8 on turn 2', () => {
    const line = newRequestLine(1);
    expect(prefill(line, chits(8), chits(8), MAX, 'perBox')).toBeNull();
    expect(barragePhase(line, chits(0), MAX).arrived.barrages).toBe(8);
    expect(barragePhase(line, chits(0), MAX).arrived.barrages).toBe(8);
    expect(prefill(newRequestLine(1), chits(8), chits(8), MAX, 'total')).toMatch(/at most 8 real barrage chits in the Request and Wait boxes together/);
  });

  it('O-R5: 9 real barrage chits in one turn are rejected; any number of airstrike or dummy chits is accepted', () => {
    expect(() => barragePhase(newRequestLine(1), chits(9), MAX)).toThrow(/at most 8 real barrage chits/);
    const line = newRequestLine(0);
    barragePhase(line, chits(8, 20, 30), MAX);
    const r = barragePhase(line, chits(0), MAX);
    expect(r.arrived).toEqual({ barrages: 8, airstrikes: 20, dummies: 0 });
    expect(r.dummiesReturned).toBe(30);
  });

  it('attacker roll-off: ties re-rolled, the high roller attacks (A8); canonical order sides[0], sides[1]', () => {
    const plan = planOf({ attacker: 'roll', steps: ALL_OFF }, NO_LULL);
    const d = dice(3, 3, 2, 5);
    const r = sampleSetup(plan, d);
    expect(r.attackerRolls).toEqual([
      [3, 3],
      [2, 5],
    ]);
    expect([r.attacker, r.defender]).toEqual([1, 0]);
    expect(sampleSetup(planOf({ attacker: 'roll', steps: ALL_OFF }, { ...NO_LULL, attackerRollWinner: 'defends' }), dice(2, 5)).attacker).toBe(0);
    expect(Fraction.of(1, 6).equals(Fraction.of(1, 6))).toBe(true);
  });
});
