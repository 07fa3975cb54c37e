/**
 * Spec §8.2: the worked examples of the seed as engine tests with injected dice (and, where the
 * engine does not play the mechanic yet, through the pure roll functions it would use).
 * The number in each test name is the row of the spec's table.
 */
import { describe, expect, it } from 'vitest';
import { DIR_NAMES } from '../../../src/core/geometry/hex/directions.ts';
import { MAX_W, UNARMED } from '../../../src/systems/mak/model.ts';
import { attackTargetOf, weaponReady, K_DEFENSIVE } from '../../../src/systems/mak/rules/combat.ts';
import { startPhase } from '../../../src/systems/mak/engine.ts';
import { moraleRecovery } from '../../../src/systems/mak/rules/morale.ts';
import { stepCost } from '../../../src/systems/mak/rules/movement.ts';
import {
  R_A, R_D, allocateLoss, artilleryLandsOn, attackTarget, breakthroughUnits, chargeHexes, enduranceResult, maySpot, mineAfterShot, mineAttacks,
  moraleRecovers, neuSpotterMp, ogp, pilotAdvance, pilotKilled, pilotVp, rangeMod, requestCode, resultCode, smokeValue, stackLegal,
} from '../../../src/systems/mak/rules/rolls.ts';
import { ARMLESS, BROKEN, DEAD, IMMOBILE, PINNED } from '../../../src/systems/mak/state.ts';
import { defaultData, setup, type Setup } from './helpers.ts';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';

const data = defaultData();

function moveTo(t: Setup, unit: string, hexId: string): void {
  const m = t.game.E.m;
  const from = t.s.hex[t.u(unit)];
  for (let d = 0; d < 6; d++) if (m.grid.nbr[from * 6 + d] === t.hex(hexId)) return t.act(`move ${unit} ${DIR_NAMES[d]} to ${hexId}`);
  throw new Error(`${hexId} is not next to ${unit}`);
}

const fig3 = (mode: 'sum' | 'product') =>
  setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }] }, { opts: { diceMode: mode }, map: { hexes: { '0503': { terrain: ['forest'] } } } });

describe('§8.2 the attack roll (Fig. 3, [5.1.1]-[5.1.3], [18.1.2])', () => {
  it('1: AFS laser 8 vs PKA def 2 at range 2 (+1) in forest (-2), sum mode, dice (2,3): T 5, R 5, hit', () => {
    const t = fig3('sum');
    t.act('M1 attacks S1 with L (T 5)', 2, 3, 6, 6);
    expect(t.log.join('\n')).toMatch(/T 5, dice \(2,3\) R 5: hit/);
  });
  it('2: same, dice (1,5): R 6, miss', () => {
    const t = fig3('sum');
    t.act('M1 attacks S1 with L (T 5)', 1, 5);
    expect(t.log.join('\n')).toMatch(/R 6: miss/);
  });
  it('3: product mode, dice (2,3): R 6, miss', () => {
    const t = fig3('product');
    t.act('M1 attacks S1 with L (T 5)', 2, 3);
    expect(t.log.join('\n')).toMatch(/R 6: miss/);
  });
  it('4: product mode, dice (1,5): R 5, hit', () => {
    const t = fig3('product');
    t.act('M1 attacks S1 with L (T 5)', 1, 5, 6, 6);
    expect(t.log.join('\n')).toMatch(/R 5: hit/);
  });
  it('5: a hit on a PKA (durability B), endurance roll 3: D, the unit is removed', () => {
    expect(enduranceResult(data.endurance.B, 3)).toBe(R_D);
    const t = fig3('sum');
    t.act('M1 attacks S1 with L (T 5)', 2, 3, 1, 2);
    expect(t.s.status[t.u('S1')] & DEAD).toBe(DEAD);
    expect(t.game.result(t.s)?.winner).toBe(0);
  });
  it('6: laser attack on a target in forest across one ridge: terrain total -4', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0503' }], strahl: [{ id: 'S1', type: 'PKA', at: '0803' }] }, {
      map: { hexes: { '0803': { terrain: ['forest'] } }, hexsides: [{ a: '0703', b: '0803', feature: 'ridge' }, { a: '0704', b: '0803', feature: 'ridge' }, { a: '0703', b: '0802', feature: 'ridge' }] },
    });
    const m = t.game.E.m;
    const a = t.hex('0503'), b = t.hex('0803');
    expect(m.hexAtk[(b * 6 + 0) * 2 + 0] + m.sideAtk(a, b, 0)).toBe(-4);
  });
  it('7: indirect rocket, range 9, attack - defense = 9, target in forest: T = 9 - 1 - 3 = 5', () => {
    const T = 9 + data.terrain.forest.attack.R + (rangeMod(data.range.upTo, data.range.mod.R, 9) ?? NaN) + data.rules.indirectMod;
    expect(T).toBe(5);
  });
  it('8: attack 10, attacker pilot -1, defense 5, target pilot +1: T = 3', () => {
    expect(attackTarget(10, -1, 5, 1, 0)).toBe(3);
  });
  it("8 (engine): Giger's +1 attack and +2 defense enter every attack target", () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503', pilot: 'strahl-10' }] });
    expect(t.has('M1 attacks S1 with L (T 5)')).toBe(true); // 8 - (2 + 2) + 1
  });
  it('9: Heinrich Giger, 1st Lt (3), modifiers 1, 2, 0: 6 VP', () => {
    const g = data.pilots['strahl-10'];
    expect(pilotVp([g.attack, g.defense, g.dogfight], g.rankVp)).toBe(6);
  });
});

describe('§8.2 movement ([7.1.5], [14.2.2])', () => {
  it('10: a hover unit entering desert across a ridge pays 5 MP; a 4-MP hover cannot enter', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0101' }], strahl: [{ id: 'S1', type: 'Nutrocker', at: '0503' }] }, {
      first: 'strahl', map: { hexes: { '0603': { terrain: ['desert'] } }, hexsides: [{ a: '0503', b: '0603', feature: 'ridge' }] },
      data: (d) => { d.units.Nutrocker.mp2 = 8; },
    });
    const m = t.game.E.m;
    const from = t.hex('0503');
    let d = 0;
    while (m.grid.nbr[from * 6 + d] !== t.hex('0603')) d++;
    expect(stepCost(m, t.s, t.u('S1'), from, d)).toBe(10);
    expect(t.legal().some((x) => x.includes('to 0603'))).toBe(false);
  });
  it('11: infantry charge is counted in hexes: 2, not 4 along a road; defensive fire at it gets +1 ([14.2.3], A17)', () => {
    expect(chargeHexes()).toBe(2);
    const road = ['0107', '0207', '0307', '0407', '0507'];
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0107' }], strahl: [{ id: 'S1', type: 'PKA', at: '0407' }, { id: 'S2', type: 'PKA', at: '0607' }] }, { map: { roads: [road] } });
    moveTo(t, 'M1', '0207');
    expect(t.legal().filter((x) => x.startsWith('move M1'))).toEqual([]);
    expect(t.has('M1 enters')).toBe(false); // the enemy is 2 road hexes on: out of charge reach
    const u = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0107' }], strahl: [{ id: 'S1', type: 'PKA', at: '0307' }] }, { map: { roads: [road] } });
    moveTo(u, 'M1', '0207');
    expect(u.has('S1 fires L at M1 (T 10)')).toBe(true); // T3 as it comes adjacent: not yet charging
    u.act('strahl passes');
    u.act('M1 enters 0307 for close quarters combat');
    expect(u.legal()).toEqual(expect.arrayContaining(['S1 fires L at M1 (T 11)'])); // 8 - 0 + 2 (range 1) + 1 (charging)
  });
  it('road: a 4-MP walker moves 8 road hexes along row 07 (spec §7.6)', () => {
    const road = ['0107', '0207', '0307', '0407', '0507', '0607', '0707', '0807', '0907', '1007'];
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0107' }], strahl: [{ id: 'S1', type: 'PKA', at: '1001' }] }, { map: { roads: [road] } });
    for (let i = 1; i <= 8; i++) moveTo(t, 'M1', road[i]);
    expect(t.s.mp[t.u('M1')]).toBe(0);
    expect(t.legal().some((x) => x.startsWith('move M1'))).toBe(false);
  });
});

describe('§8.2 air war ([10.2.1], [10.3])', () => {
  it('12: Mercenaries with only a Falke (DF 4) take a loss of 3: no unit lost', () => {
    expect(allocateLoss([4], [4], 3)).toBe(0);
  });
  it('13: Strahl 3 x PK40 (2) + 2 x Hornisse (3), loss 3: one Hornisse', () => {
    const mask = allocateLoss([2, 2, 2, 3, 3], [3, 3, 3, 5, 5], 3);
    expect([0, 1, 2, 3, 4].filter((i) => mask & (1 << i)).map((i) => (i < 3 ? 'PK40' : 'Hornisse'))).toEqual(['Hornisse']);
  });
  it('14: same force, loss 4: two PK40', () => {
    const mask = allocateLoss([2, 2, 2, 3, 3], [3, 3, 3, 5, 5], 4);
    expect([0, 1, 2, 3, 4].filter((i) => mask & (1 << i)).map((i) => (i < 3 ? 'PK40' : 'Hornisse'))).toEqual(['PK40', 'PK40']);
  });
  it('15: counts 6 vs 3: breakthrough with 3', () => expect(breakthroughUnits(6, 3)).toBe(3));
  it('16: counts 5 vs 3: no breakthrough', () => expect(breakthroughUnits(5, 3)).toBe(0));
  it('17: Mercenaries assign none, Strahl 2: breakthrough with 2', () => expect(breakthroughUnits(2, 0)).toBe(2));
});

const fig2 = () =>
  setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0503' }, { id: 'M2', type: 'SAFS', at: '0403' }], strahl: [{ id: 'S1', type: 'PKA', at: '0803' }] });

describe('§8.2 defensive fire ([5.4], Figs. 2, 4, 5)', () => {
  it('18: a PKA attacked from 2 hexes that survives may fire back at the attacker', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }] });
    t.act('M1 attacks S1 with L', 6, 5);
    expect(t.legal()).toEqual(expect.arrayContaining(['S1 fires L at M1 (T 8)', 'S1 fires PF at M1 (T 9)', 'strahl passes']));
  });
  it('19 (Fig. 2): defensive fire against the AFS at 3 hexes, not against the SAFS at 4', () => {
    const t = fig2();
    expect(t.game.E.m.grid.distance(t.hex('0503'), t.hex('0803'))).toBe(3);
    expect(t.game.E.m.grid.distance(t.hex('0403'), t.hex('0803'))).toBe(4);
    t.act('M2 attacks S1 with L', 4, 6);
    expect(t.has('strahl passes')).toBe(false);
    t.act('M1 attacks S1 with L', 4, 6);
    expect(t.has('S1 fires L at M1')).toBe(true);
  });
  it('20: an AFS and a SAFS in different hexes cannot declare a simultaneous attack', () => {
    expect(fig2().legal().some((x) => x.startsWith('simultaneous'))).toBe(false);
  });
  const stacked = () => setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0503' }, { id: 'M2', type: 'SAFS', at: '0503' }], strahl: [{ id: 'S1', type: 'PKA', at: '0703' }] });
  it('21 (Fig. 5): the first attack kills the PKA; the second still rolls and its laser check applies', () => {
    const t = stacked();
    t.act('simultaneous attack from 0503 on S1', 1, 1, 6, 6);
    expect(t.s.status[t.u('S1')] & DEAD).toBe(DEAD);
    expect(t.s.wdis[t.u('M2') * MAX_W]).toBe(1);
  });
  it('22 (Fig. 5): the PKA survives both: exactly one defensive attack, at either attacker', () => {
    const t = stacked();
    t.act('simultaneous attack from 0503 on S1', 4, 6, 4, 6);
    expect(t.legal()).toEqual(expect.arrayContaining(['S1 fires L at M1 (T 8)', 'S1 fires L at M2 (T 7)']));
    t.act('S1 fires L at M2', 6, 4);
    expect(t.has('strahl passes')).toBe(false);
    expect(t.has('mercenary ends the phase')).toBe(true);
  });
  it('23 (Fig. 5): separate attacks: the PKA may reply after each', () => {
    const t = stacked();
    t.act('M1 attacks S1 with L', 4, 6);
    t.act('S1 fires L at M1', 4, 6);
    t.act('M2 attacks S1 with L', 4, 6);
    expect(t.has('S1 fires L at M2')).toBe(true);
  });
  it('24 (Fig. 4): a PKA moving through 3 hexes adjacent to an AFS gives it 3 defensive opportunities', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0504' }], strahl: [{ id: 'S1', type: 'PKA', at: '0502' }] }, { first: 'strahl' });
    const m = t.game.E.m;
    const ring = [0, 1, 2].map((d) => m.grid.id(m.grid.nbr[t.hex('0504') * 6 + d]));
    let chances = 0;
    for (const h of ring) {
      moveTo(t, 'S1', h);
      if (t.has('M1 fires L at S1')) {
        chances++;
        t.act('mercenary passes');
      }
    }
    expect(chances).toBe(3);
  });
});

const cqcHex = (merc: number, strahl: number) =>
  setup({
    mercenary: Array.from({ length: merc }, (_, i) => ({ id: `M${i + 1}`, type: 'AFS', at: '0403' })),
    strahl: Array.from({ length: strahl }, (_, i) => ({ id: `S${i + 1}`, type: 'PKA', at: '0403' })),
  });

describe('§8.2 close quarters combat ([9.0]-[9.5], Figs. 10-15)', () => {
  it('25: 2 phase units vs 4 anti-phase units: 2 pinned, chosen by the phase player', () => {
    const t = cqcHex(2, 4);
    expect(t.legal()).toEqual(['pin S1', 'pin S2', 'pin S3', 'pin S4']);
    t.act('pin S2');
    t.act('pin S4');
    const pinned = ['S1', 'S2', 'S3', 'S4'].filter((id) => t.s.status[t.u(id)] & PINNED);
    expect(pinned).toEqual(['S2', 'S4']);
    expect(t.legal()).toEqual(['fight the continuing CQC', 'do nothing in the continuing CQC']);
  });
  it('26: one of the two phase units immobilized: 1 pinned', () => {
    const t = cqcHex(2, 4);
    t.s.status[t.u('M1')] |= IMMOBILE;
    t.s.pending.depth = 0;
    startPhase(t.game.E, t.s, t.ctx);
    t.act('pin S3');
    expect(['S1', 'S2', 'S3', 'S4'].filter((id) => t.s.status[t.u(id)] & PINNED)).toEqual(['S3']);
  });
  const approach = (defenders = 1) =>
    setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: Array.from({ length: defenders }, (_, i) => ({ id: `S${i + 1}`, type: 'PKA', at: '0403' })) });
  it('27 (Fig. 10): immobilized by defensive fire in the adjacent hex, the AFS does not enter', () => {
    const t = approach();
    t.act('M1 enters 0403 for close quarters combat');
    t.act('S1 fires L at M1 (T 9)', 2, 2, 3, 3);
    // S1 has fired and no other defender is in 0403: the window closes by itself.
    expect(t.s.status[t.u('M1')] & IMMOBILE).toBe(IMMOBILE);
    expect(t.s.hex[t.u('M1')]).toBe(t.hex('0303'));
    expect(t.has('mercenary ends the phase')).toBe(true);
    expect(t.has('M1 fires')).toBe(false);
  });
  it('28 (Fig. 10): immobilized after entering, the AFS still makes its CQC attack; 30: unarmed at a fixed 4', () => {
    const t = approach();
    t.act('M1 enters 0403 for close quarters combat');
    t.act('strahl passes');
    expect(t.s.hex[t.u('M1')]).toBe(t.hex('0403'));
    t.act('S1 fires L at M1', 2, 2, 3, 3);
    expect(t.s.status[t.u('M1')] & IMMOBILE).toBe(IMMOBILE);
    expect(t.legal()).toEqual(expect.arrayContaining(['M1 fires L at S1 (T 8)', 'M1 fires unarmed at S1 (T 4)']));
  });
  it('29: a defender that fired in the adjacent window may not fire in the same-hex window', () => {
    const t = approach(2);
    t.act('M1 enters 0403 for close quarters combat');
    t.act('S1 fires L at M1', 6, 4);
    t.act('strahl passes');
    expect(t.legal().filter((x) => x.includes('fires'))).toEqual(['S2 fires L at M1 (T 9)', 'S2 fires PF at M1 (T 10)', 'S2 fires unarmed at M1 (T 4)']);
  });
  it('30: unarmed combat against a defense-5 target uses the fixed, unmodified 4', () => {
    const t = approach();
    const m = t.game.E.m;
    m.udef[t.u('S1')] = 5; // the model is the test's own copy
    expect(attackTargetOf(m, t.s, t.u('M1'), UNARMED, t.u('S1'))).toBe(4);
  });
  it('67 (Fig. 15): every anti-phase unit in the hex pinned: no defensive fire at an approaching unit', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0403' }, { id: 'M2', type: 'SAFS', at: '0201' }], strahl: [{ id: 'S1', type: 'PKA', at: '0403' }] });
    t.act('do nothing in the continuing CQC');
    expect(t.s.status[t.u('S1')] & PINNED).toBe(PINNED);
    moveTo(t, 'M2', '0302');
    moveTo(t, 'M2', '0303');
    expect(t.game.E.m.grid.distance(t.hex('0303'), t.hex('0403'))).toBe(1);
    expect(t.has('strahl passes')).toBe(false);
  });
  it('68: counter-entry: the defender moves into the AFS\'s hex; the CQC is fought there', () => {
    const t = approach(2);
    t.act('M1 enters 0403 for close quarters combat');
    t.act('S2 counter-enters');
    expect(t.s.hex[t.u('S2')]).toBe(t.hex('0303'));
    expect(t.s.hex[t.u('M1')]).toBe(t.hex('0303'));
    expect(t.legal()).toEqual(expect.arrayContaining(['M1 fires L at S2 (T 8)']));
  });
});

describe('§8.2 stacking ([8.2], Fig. 9)', () => {
  it('31: Type I + Type I + Type II = 4 points: legal', () => expect(stackLegal([1, 1, 2], 0)).toBe(true));
  it('32: 3 x Type I + Type II = 5 points: illegal', () => expect(stackLegal([1, 1, 1, 2], 0)).toBe(false));
  it('33: 2 NeuSpotters alone: illegal; with a Type II: legal', () => {
    expect(stackLegal([1, 1], 2)).toBe(false);
    expect(stackLegal([1, 1, 2], 2)).toBe(true);
  });
  it('34: 4 ground + 4 strafing aircraft: legal (separate counts)', () => expect(stackLegal([1, 1, 1, 1, 3, 3, 3, 3], 0)).toBe(true));
  it('engine: a move that would leave 5 points in a hex is not offered', () => {
    const t = setup({ mercenary: [1, 2, 3, 4].map((i) => ({ id: `M${i}`, type: 'AFS', at: '0303' })).concat([{ id: 'M5', type: 'AFS', at: '0304' }]), strahl: [{ id: 'S1', type: 'PKA', at: '1001' }] });
    expect(t.legal().some((x) => x.startsWith('move M5') && x.endsWith('0303'))).toBe(false);
  });
});

describe('§8.2 mines, smoke, artillery, O.G.P. ([19.1], [19.2], [17.1], O.G.P.)', () => {
  it('35: passing through 2 minefield hexes: 4 attacks', () => expect(mineAttacks(2)).toBe(4));
  it('36: artillery mines from 18 by 5: capped at 20', () => expect(mineAfterShot(18, 5, data.rules.mineCap)).toBe(20));
  it('37: smoke laid turn 3: "2" in turn 3, "1" in turn 4, gone in turn 5', () => {
    expect([3, 4, 5].map((t) => smokeValue(3, t))).toEqual([2, 1, 0]);
  });
  it('38: artillery requested on turn 2 lands on turn 3', () => expect(artilleryLandsOn(2)).toBe(3));
  it('40: observer group 3 with requester group 2: illegal', () => {
    expect(requestCode(3, 2, false)).toBe('');
    expect(['a', 'b', 'c', 'd', 'e']).toEqual([requestCode(1, 1, true), requestCode(2, 1, false), requestCode(2, 2, true), requestCode(3, 1, false), requestCode(3, 3, true)]);
  });
  it('41: O.G.P. = 10 + (-2) - 4 = 4', () => expect(ogp(10, -2, 4)).toBe(4));
  it('engine: destroying a PKA scores its 3 VP for the Mercenaries', () => {
    const t = fig3('sum');
    t.act('M1 attacks S1 with L (T 5)', 2, 3, 1, 2);
    expect(t.s.ogp).toEqual([3, 0]);
  });
});

describe('§8.2 weapons and usage ([5.1.1] 3, [11.2], [14.2.4], [14.4.4])', () => {
  it('42: a laser shot at T = -1 with dice (6,5): miss, laser depleted', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }] }, { map: { hexes: { '0503': { terrain: ['forest'] } } }, data: (d) => { d.units.AFS.weapons[0].attack = 2; } });
    t.act('M1 attacks S1 with L (T -1)', 6, 5);
    expect(t.log.join('\n')).toMatch(/miss, laser depleted/);
    expect(t.s.wdis[t.u('M1') * MAX_W]).toBe(1);
  });
  it('43: a rocket shot at T = -2: miss, one round spent', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'DollHouse', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }] }, { data: (d) => { d.units.DollHouse.weapons[1].attack = 0; } });
    t.act('M1 attacks S1 with R (T -2)', 1, 2);
    expect(t.s.ammo[t.u('M1') * MAX_W + 1]).toBe(3);
  });
  it('44: infantry MG, dice (6,6): the weapon does not break', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }] });
    t.act('M1 attacks S1 with MG', 6, 6);
    expect(t.s.wdis[t.u('M1') * MAX_W]).toBe(0);
  });
  it('45: vehicle MG, dice (6,6): broken after the shot', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'DollHouse', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }] }, { data: (d) => { d.units.DollHouse.weapons = [{ type: 'MG', attack: 6, range: 3, ammo: 0, indirect: false }]; } });
    t.act('M1 attacks S1 with MG', 6, 6);
    expect(t.s.wdis[t.u('M1') * MAX_W]).toBe(1);
  });
  it('46: an AAR squad rolling (5,6) on turn 4 cannot fire its rifle on turn 5, may on turn 6', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AARSQ', at: '0403' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }] });
    t.s.turn = 4;
    t.act('M1 attacks S1 with L', 5, 6);
    const m = t.game.E.m;
    t.s.turn = 5;
    expect(weaponReady(m, t.s, t.u('M1'), 0, K_DEFENSIVE)).toBe(false);
    t.s.turn = 6;
    expect(weaponReady(m, t.s, t.u('M1'), 0, K_DEFENSIVE)).toBe(true);
  });
  it('47: infantry taking an A result: morale broken, not disarmed', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'InfSQ', at: '0503' }] }, { data: (d) => { d.units.InfSQ.side = 'either'; } });
    t.act('M1 attacks S1 with L', 2, 2, 3, 3);
    expect(t.s.status[t.u('S1')] & (BROKEN | ARMLESS)).toBe(BROKEN);
  });
  it('48/49: broken infantry in forest (-2) with an enemy within 3 (+1): 1d6 5 recovers, 6 stays broken', () => {
    for (const [d, want] of [[5, 0], [6, BROKEN]] as const) {
      const t = setup({ mercenary: [{ id: 'M1', type: 'InfSQ', at: '0403' }], strahl: [{ id: 'S1', type: 'PKA', at: '0603' }] }, { map: { hexes: { '0403': { terrain: ['forest'] } } } });
      t.s.status[t.u('M1')] |= BROKEN;
      t.dice.queue.push(d);
      moraleRecovery(t.game.E.m, t.s, t.ctx);
      expect(t.s.status[t.u('M1')] & BROKEN).toBe(want);
      expect(moraleRecovers(d, -2 + 1)).toBe(want === 0);
    }
  });
  it('57: a Krachen Vogel fires its PF twice in defensive fire in one phase; a third time is refused', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0502' }], strahl: [{ id: 'S1', type: 'KrachenVogel', at: '0504' }] });
    const m = t.game.E.m;
    const ring = [0, 1, 2].map((d) => m.grid.id(m.grid.nbr[t.hex('0504') * 6 + d]));
    let shots = 0;
    for (const h of ring) {
      moveTo(t, 'M1', h);
      if (t.has('S1 fires PF at M1')) {
        t.act('S1 fires PF at M1', 6, 6);
        shots++;
      }
    }
    expect(shots).toBe(2);
    expect(t.s.ammo[t.u('S1') * MAX_W]).toBe(4);
  });
  it('58: a Doll House fires rockets defensively once per phase; the second is refused', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'DollHouse', at: '0504' }], strahl: [{ id: 'S1', type: 'PKA', at: '0502' }] }, { first: 'strahl' });
    const m = t.game.E.m;
    moveTo(t, 'S1', m.grid.id(m.grid.nbr[t.hex('0504') * 6 + 0]));
    t.act('M1 fires R at S1', 6, 6); // one shot per unit per opportunity: the window closes
    moveTo(t, 'S1', m.grid.id(m.grid.nbr[t.hex('0504') * 6 + 1]));
    expect(t.has('M1 fires R at S1')).toBe(false);
    expect(t.has('M1 fires G at S1')).toBe(true);
  });
  it('59: a PKA entering a friendly depot hex with no enemy reloads its PF to 2/2', () => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0101' }], strahl: [{ id: 'S1', type: 'PKA', at: '0805' }] }, { first: 'strahl', map: { depots: [{ hex: '0806', owner: 'strahl' }] } });
    t.s.ammo[t.u('S1') * MAX_W + 1] = 0;
    moveTo(t, 'S1', '0806');
    expect(t.s.ammo[t.u('S1') * MAX_W + 1]).toBe(2);
  });
});

describe('§8.2 pilots, spotting, AMU ([18.2], [18.3], [5.5.1], [16.2.5]) and indirect endurance ([5.5.3])', () => {
  it('50: indirect hit, endurance 5: the adjacent unit reads 6', () => {
    expect(enduranceResult(data.endurance.B, 5 + data.rules.outsideCentreBonus)).toBe(enduranceResult(data.endurance.B, 6));
    expect(enduranceResult(data.endurance.B, 5)).toBe(R_A);
  });
  it('52/53: a spotter that spent 3 of 6 MP may spot; 4 of 6 may not', () => {
    expect(maySpot(3, 6, false)).toBe(true);
    expect(maySpot(4, 6, false)).toBe(false);
  });
  it('62: pilot escape after a D with 2d6 = 3: the pilot survives', () => expect(pilotKilled(3, R_D)).toBe(false));
  it('63: pilot creation rolls 6 then 2: ground +2, dog-fight 0', () => {
    expect([data.pilotCreation.ground[5], data.pilotCreation.dogfight[1]]).toEqual([2, 0]);
  });
  it('64: advancement roll 6 (+1 = 7) reads as 6: +2, capped at 4', () => {
    expect(pilotAdvance(0, 6, data.pilotCreation.ground)).toBe(2);
    expect(pilotAdvance(3, 6, data.pilotCreation.ground)).toBe(4);
  });
  it('65: a NeuSpotter carrying an AMU: MP 6 -> 3', () => expect(neuSpotterMp(6, true)).toBe(3));
  it('result codes', () => expect(resultCode('D')).toBe(R_D));
});

describe('defensive positions ([12.3], spec §6 A32)', () => {
  const dp = (cap: 'hex' | 'oneUnit') =>
    setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503' }, { id: 'S2', type: 'PKA', at: '0503' }] }, { opts: { defPosCapacity: cap }, map: { defensivePositions: [{ hex: '0503', value: -2 }] } });
  it('a -2 marker shelters every unit of the hex by default', () => {
    expect(dp('hex').legal()).toEqual(expect.arrayContaining(['M1 attacks S1 with L (T 5)', 'M1 attacks S2 with L (T 5)']));
  });
  it('with oneUnit, only one unit shelters under it', () => {
    expect(dp('oneUnit').legal()).toEqual(expect.arrayContaining(['M1 attacks S1 with L (T 5)', 'M1 attacks S2 with L (T 7)']));
  });
});

describe('pilot escape ([18.2], optional rule, spec §8.2 #62)', () => {
  const giger = (opts: Record<string, unknown> = {}) =>
    setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0503', pilot: 'strahl-10' }, { id: 'S2', type: 'PKA', at: '0806' }] }, { opts: { pilotEscape: true, ...opts } });
  it('62: the unit takes a D, 2d6 = 3: the pilot survives (no pilot VP), the pilot unit is placed in the hex, the unit is removed', () => {
    const t = giger();
    t.act('M1 attacks S1 with L', 2, 2, 1, 2, 1, 2);
    expect(t.s.status[t.u('S1')] & DEAD).toBe(DEAD);
    expect(t.s.ogp[0]).toBe(3);
    expect(t.log.join('\n')).toMatch(/pilot of S1: 2d6 3: escapes/);
    const p = t.u('S1.pilot');
    expect(t.s.status[p] & DEAD).toBe(0);
    expect(t.s.hex[p]).toBe(t.hex('0503'));
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
  it('after a D, 2d6 = 4 kills Giger: his 6 VP are scored with the PKA\'s 3', () => {
    const t = giger();
    t.act('M1 attacks S1 with L', 2, 2, 1, 2, 2, 2);
    expect(t.s.ogp[0]).toBe(9);
  });
  it('after an M, 2d6 = 6 the pilot escapes and the unit is removed (A21 literal reading); with the option off it stays', () => {
    const t = giger();
    t.act('M1 attacks S1 with L', 2, 2, 3, 3, 3, 3);
    expect(t.s.status[t.u('S1')] & DEAD).toBe(DEAD);
    const u = giger({ escapeRemovesUnitOnAM: false });
    u.act('M1 attacks S1 with L', 2, 2, 3, 3, 3, 3);
    expect(u.s.status[u.u('S1')] & (DEAD | IMMOBILE)).toBe(IMMOBILE);
  });
});
