/**
 * The seed's worked examples and the spec's §8 oracles T01-T38 (§8.1, §8.2) and the pentawing
 * reconstruction checks (§8.5), as named tests. The exact probabilities of §8.3-§8.4: exact.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { Dist } from '../../../src/core/dice/exact.ts';
import { turnCost } from '../../../src/core/geometry/table/index.ts';
import { compareSorted, modifiers, ratioColumn, rangingPenalty, rollKinetic, rollPhoton, canTarget, SLOT_MAIN, missileAttackDice } from '../../../src/systems/mgv/rules/combat.ts';
import { defenseOf, kineticPenetrate, spreadFrom, thermalDestroy, destroyCell, vertexOf, applyCode, resolveCrits } from '../../../src/systems/mgv/rules/damage.ts';
import { recurringDamage, repairUnit } from '../../../src/systems/mgv/rules/reset.ts';
import { C_D, C_PO } from '../../../src/systems/mgv/model.ts';
import { photonDice, repairChance } from '../../../src/systems/mgv/odds.ts';
import { MGV_RULES_DATA } from '../../../src/systems/mgv/data/rules.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import type { MgvRules } from '../../../src/systems/mgv/schema.ts';
import { FixedDice, compile, ctxWith, doc, duel, newState } from './helpers.ts';
import { allowanceOf, moveLeg } from '../../../src/systems/mgv/rules/movement.ts';
import { canLaunchBeacon, launchBeacon } from '../../../src/systems/mgv/rules/payloads.ts';

const data = stripProvenance<MgvRules>(MGV_RULES_DATA);
const F = (n: number, d = 1) => Fraction.of(n, d);
const T = data.ratioColumns.thresholds;

describe('seed worked examples (spec §8.1)', () => {
  it('T01: kinetic 11 vs 6 with target moved: 12, 200%, column "200"', () => {
    const { g, m } = duel();
    const { s } = newState(g);
    s.units[1].pMoved = 3; // moved more than 2" in the preceding phase, in LOS
    expect(11 + modifiers(m, s, 0, 0, 1)).toBe(12);
    expect(ratioColumn(T, 12, 6)).toBe(5);
    expect(data.ratioColumns.labels[5]).toBe('200');
  });

  it('T02: as T01 with dice (2, 5): best die 5, 3 cells marked in line from the surface', () => {
    const { m } = duel();
    expect(rollKinetic(new FixedDice([2, 5]), 2, m.kinetic, ratioColumn(T, 12, 6))).toBe(3);
  });

  it('T03: kinetic 11 vs 6 without the bonus: 183% -> column "150", 2 cells', () => {
    const { m } = duel();
    expect(Math.floor((100 * 11) / 6)).toBe(183);
    expect(ratioColumn(T, 11, 6)).toBe(4);
    expect(rollKinetic(new FixedDice([2, 5]), 2, m.kinetic, 4)).toBe(2);
  });

  it('T04/T05/T34: missile dice: 8 -> 4 (+1 target fired -> 5); 11 -> 5 (round down)', () => {
    const { g, m } = duel('missile', 'kinetic');
    const { s } = newState(g);
    expect(missileAttackDice(m, s, 0, SLOT_MAIN, 1)).toBe(5); // Whiptail attack 11
    const g2 = duel('kinetic', 'missile');
    const st = newState(g2.g).s;
    expect(missileAttackDice(g2.m, st, 1, SLOT_MAIN, 0)).toBe(4); // Mako attack 8
    st.units[0].pFired = true;
    expect(missileAttackDice(g2.m, st, 1, SLOT_MAIN, 0)).toBe(5);
  });

  it('T06: the missile example (5,5,2 | 4,1 vs 6,4,3,3,1 | none): 1 core and 2 hull infestations', () => {
    expect(compareSorted([5, 5, 2], 3, [6, 4, 3, 3, 1], 5, 0)).toBe(1);
    expect(compareSorted([4, 1], 2, [], 0, 0)).toBe(2);
  });

  it('T07: photon dice 6,5,5,3,2,1,1: 1 core hit and 2 hull hits', () => {
    const out = new Int32Array(2);
    rollPhoton(new FixedDice([6, 5, 5, 3, 2, 1, 1]), 7, 5, 6, out);
    expect([out[0], out[1]]).toEqual([2, 1]);
  });

  it('T08: photon 8, estimate 25", actual 21.75": perFullInch -> 5 dice; fitBothExamples -> 7 (the seed\'s printed result)', () => {
    expect(photonDice(8, 25 - 21.75, 'perFullInch')).toBe(5);
    expect(photonDice(8, 25 - 21.75, 'fitBothExamples')).toBe(7);
  });

  it('T09/T10: ranging error 1.75" -> penalty 1 under both rules; 0.4" -> 0', () => {
    expect(rangingPenalty(1.75, false)).toBe(1);
    expect(rangingPenalty(1.75, true)).toBe(1);
    expect(rangingPenalty(0.4, false)).toBe(0);
    expect(rangingPenalty(0.4, true)).toBe(0);
  });

  it('T11: Figure 1: move 2", turn 40°, move 4", turn 80°, 1/2" left: 7.5" spent of an 8" allowance', () => {
    const { g, m } = compile(doc([{ id: 'w', side: 'A', model: 'Whiptail', x: 5, y: 5, heading: 0, weapon: 'kinetic' }, { id: 'e', side: 'B', model: 'Mako', x: 30, y: 30, heading: 0, weapon: 'kinetic' }]));
    const { s, ctx } = newState(g);
    s.units[0].allowance = allowanceOf(m, s, 0);
    expect(s.units[0].allowance).toBe(8);
    moveLeg(m, s, 0, 0, 2, false, ctx);
    moveLeg(m, s, 0, 40, 4, false, ctx);
    moveLeg(m, s, 0, 80, 0, false, ctx);
    expect(s.units[0].allowance).toBeCloseTo(0.5);
    expect(s.units[0].moved).toBeCloseTo(6);
  });

  it('T12/T34: power module 5 points -> +2 defence; 4 points -> +2', () => {
    const five = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 5, y: 5, weapon: 'kinetic', payload: { type: 'power', points: 4 } }, { id: 'b', side: 'B', model: 'Mako', x: 30, y: 30, weapon: 'kinetic' }], { overrides: { 'mgvs.Mako.payload': 5 } }));
    const { s } = newState(five.g);
    expect(defenseOf(five.m, 0, s.units[0])).toBe(6 + 2);
    const f5 = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 5, y: 5, weapon: 'kinetic', payload: { type: 'power', points: 5 } }, { id: 'b', side: 'B', model: 'Mako', x: 30, y: 30, weapon: 'kinetic' }], { overrides: { 'mgvs.Mako.payload': 5 } }));
    expect(defenseOf(f5.m, 0, newState(f5.g).s.units[0])).toBe(6 + 2);
  });

  it('T13: 4 power points suppress 4 of 5 Po hits: exactly 1 recurring Po roll per Reset', () => {
    const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 5, y: 5, weapon: 'kinetic', payload: { type: 'power', points: 4 } }, { id: 'b', side: 'B', model: 'Mako', x: 30, y: 30, weapon: 'kinetic' }]));
    const { s } = newState(g);
    s.units[0].Po = 5;
    const dice = new FixedDice([1, 1, 1, 1, 1, 1]);
    recurringDamage(m, s, ctxWith(g, dice));
    expect(dice.used()).toBe(1);
  });

  it('Reset 5a: one infestation roll per infestation present at the start, in any cell (the first, the last, several); none without', () => {
    const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 5, y: 5, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 30, y: 30, weapon: 'kinetic' }]));
    const last = m.graph.n - 1;
    for (const [cells, rolls] of [[[], 0], [[0], 1], [[last], 1], [[last, last, 3], 3]] as const) {
      const { s } = newState(g);
      for (const c of cells) s.units[1].infest[c]++;
      const dice = new FixedDice(Array(8).fill(1)); // 1s: no spread, no hit (the snapshot's rolls only)
      recurringDamage(m, s, ctxWith(g, dice));
      expect(dice.used()).toBe(rolls);
    }
  });

  it('T14: sample log: power "+2", then one D hit on a defence-6 base: 6 - 1 + 2 = 7', () => {
    const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 5, y: 5, weapon: 'kinetic', payload: { type: 'power', points: 4 } }, { id: 'b', side: 'B', model: 'Mako', x: 30, y: 30, weapon: 'kinetic' }]));
    const { s, ctx } = newState(g);
    applyCode(m, s, 0, C_D, -1, ctx.dice, ctx, -1);
    expect(defenseOf(m, 0, s.units[0])).toBe(7);
  });

  it('T15: an S hit repaired costs one repair point', () => {
    const { g, m } = duel();
    const { s } = newState(g);
    s.units[0].S = 1;
    repairUnit(m, s, 0, 0, ctxWith(g, new FixedDice([6, 6])));
    expect(s.units[0].S).toBe(0);
    expect(s.units[0].repairLeft).toBe(1);
  });
});

describe('rule mechanics (spec §8.2)', () => {
  it('T20: facing-change costs', () => {
    expect([0, 1, 30, 45, 46, 90, 91, 135, 136, 180].map((d) => turnCost(d, data.turnCost.step, data.turnCost.cost))).toEqual([0, 0.5, 0.5, 0.5, 1, 1, 1.5, 1.5, 2, 2]);
  });

  it('T21: ranges for attack 8 and 11 by weapon, as the engine applies them (a target just inside / just outside)', () => {
    const r = (w: 'kinetic' | 'missile' | 'thermal' | 'photon', a: number) => (data.weapons[w].rangePerPoint === 0 ? Infinity : data.weapons[w].rangePerPoint * a);
    expect([r('kinetic', 8), r('missile', 8), r('thermal', 8), r('photon', 8)]).toEqual([16, 24, 24, Infinity]);
    expect([r('kinetic', 11), r('missile', 11), r('thermal', 11)]).toEqual([22, 33, 33]);
    // a Mako (attack 8) and a Whiptail (attack 11) fire straight ahead at a target d" away (every
    // target is spotted by a friend standing beside it, for the indirect missile)
    const reaches = (model: string, w: string, d: number) => {
      const { g, m } = compile(doc([
        { id: 'a', side: 'A', model, x: 18, y: 1, heading: 0, weapon: w },
        { id: 'f', side: 'A', model: 'Mako', x: 20, y: 1 + d, heading: 0, weapon: 'kinetic' },
        { id: 'b', side: 'B', model: 'Mako', x: 18, y: 1 + d, heading: 180, weapon: 'kinetic' },
      ], { options: { measure: 'centre' } }, { board: { width: 36, height: 40 } }));
      return canTarget(m, newState(g).s, 0, SLOT_MAIN, 2);
    };
    for (const [model, a] of [['Mako', 8], ['Whiptail', 11]] as const) {
      expect([reaches(model, 'kinetic', 2 * a - 0.1), reaches(model, 'kinetic', 2 * a + 0.1)], `${model} kinetic`).toEqual([true, false]);
      expect([reaches(model, 'missile', 3 * a - 0.1), reaches(model, 'missile', 3 * a + 0.1)], `${model} missile`).toEqual([true, false]);
      expect([reaches(model, 'thermal', 3 * a - 0.1), reaches(model, 'thermal', 3 * a + 0.1)], `${model} thermal`).toEqual([true, false]);
      expect(reaches(model, 'photon', 38), `${model} photon`).toBe(true);
    }
  });

  it('T22: arcs: kinetic 29° in / 31° out; photon 89° in / 91° out; missile and thermal 179° in', () => {
    const at = (w: string, deg: number) => {
      const x = 18 + 8 * Math.sin((deg * Math.PI) / 180);
      const y = 18 + 8 * Math.cos((deg * Math.PI) / 180);
      const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 18, heading: 0, weapon: w }, { id: 'b', side: 'B', model: 'Mako', x, y, heading: 0, weapon: 'kinetic' }]));
      return canTarget(m, newState(g).s, 0, SLOT_MAIN, 1);
    };
    expect([at('kinetic', 29), at('kinetic', 31)]).toEqual([true, false]);
    expect([at('photon', 89), at('photon', 91)]).toEqual([true, false]);
    expect([at('missile', 179), at('thermal', 179)]).toEqual([true, true]);
  });

  it('T23: bearings 20/60/120/170 -> vertices A/B/C/D; rear-shot +1 for kinetic only at 170°', () => {
    const { m } = duel();
    expect([20, 60, 120, 170].map((b) => vertexOf(m, b))).toEqual([0, 1, 2, 3]);
    const rear = (w: string, deg: number) => {
      // target at the centre heading 0; firer at `deg` off its bow, 6" away, facing the target
      const x = 18 + 6 * Math.sin((deg * Math.PI) / 180);
      const y = 18 + 6 * Math.cos((deg * Math.PI) / 180);
      const { g, m: mm } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x, y, heading: (deg + 180) % 360, weapon: w }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 18, heading: 0, weapon: 'kinetic' }]));
      return modifiers(mm, newState(g).s, 0, w === 'kinetic' ? 0 : 1, 1);
    };
    expect(rear('kinetic', 170)).toBe(1);
    expect(rear('kinetic', 120)).toBe(0);
    expect(rear('missile', 170)).toBe(0);
  });

  it('T27: beacons: 2 points = 6 beacons; at most 6 launched in one turn; a placement at 30.5" is illegal, at 29.9" legal', () => {
    // the beacon is placed next to the target, half an inch short of its centre (payloads.ts launchBeacon)
    const mk = (y: number, points = 2, model = 'Whiptail') => compile(doc([{ id: 'a', side: 'A', model, x: 3, y: 2, weapon: 'photon', payload: { type: 'beacons', points } }, { id: 'b', side: 'B', model: 'Mako', x: 3, y, heading: 180, weapon: 'kinetic' }]));
    const near = mk(31.9);
    const st = newState(near.g).s;
    expect(st.units[0].beaconsLeft).toBe(6);
    expect(canLaunchBeacon(near.m, st, 0, 1)).toBe(true);
    const far = mk(33); // the placement point at 30.5"
    expect(canLaunchBeacon(far.m, newState(far.g).s, 0, 1)).toBe(false);
    const edge = mk(32.4); // target centre at 30.4", the placement point at 29.9": within range
    expect(canLaunchBeacon(edge.m, newState(edge.g).s, 0, 1)).toBe(true);
    // a Mako with 4 points has 12 beacons, but launches 6 at most in a turn
    const many = mk(20, 4, 'Mako');
    const { s, ctx } = newState(many.g);
    expect(s.units[0].beaconsLeft).toBe(12);
    let launched = 0;
    while (canLaunchBeacon(many.m, s, 0, 1) && launched < 20) (launchBeacon(many.m, s, 0, 0, 1, ctx), launched++);
    expect(launched).toBe(6);
    expect(s.units[0].beaconsLeft).toBe(6);
  });

  it('T28: a paralyzed kinetic MGV fires at 1.9" only; never missile/photon/thermal, nor beacons', () => {
    const at = (w: string, d: number) => {
      const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 18, y: 10, heading: 0, weapon: w }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 10 + d, heading: 0, weapon: 'kinetic' }]));
      const { s } = newState(g);
      s.units[0].jam = 3;
      return canTarget(m, s, 0, SLOT_MAIN, 1);
    };
    expect([at('kinetic', 1.9), at('kinetic', 2.1)]).toEqual([true, false]);
    expect([at('missile', 1.9), at('photon', 1.9), at('thermal', 1.9)]).toEqual([false, false, false]);
    // nor launch beacons
    const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 10, heading: 0, weapon: 'photon', payload: { type: 'beacons', points: 2 } }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 20, heading: 0, weapon: 'kinetic' }]));
    const { s } = newState(g);
    expect(canLaunchBeacon(m, s, 0, 1)).toBe(true);
    s.units[0].jam = 3;
    expect(canLaunchBeacon(m, s, 0, 1)).toBe(false);
  });

  it('T29-T32: repair chances (Mj 2/3, infestation 1/2, S with two dice 3/4; module +1: 5/6, 2/3, 8/9)', () => {
    const R = data.repair;
    expect(repairChance(R.Mj.successMin, false)).toEqual(F(2, 3));
    expect(repairChance(R.infestation.successMin, false)).toEqual(F(1, 2));
    const two = (p: Fraction) => Fraction.ONE.sub(Fraction.ONE.sub(p).mul(Fraction.ONE.sub(p)));
    expect(two(repairChance(R.S.successMin, false))).toEqual(F(3, 4));
    expect(repairChance(R.Mj.successMin, true)).toEqual(F(5, 6));
    expect(repairChance(R.infestation.successMin, true)).toEqual(F(2, 3));
    expect(two(repairChance(R.S.successMin, true))).toEqual(F(8, 9));
  });

  it('T33: trap and smoke chances: oil 1/3, chemical 1/2, neutralizer 2/3, smoke blocks 1/3', () => {
    const d6 = Dist.die(6);
    expect(d6.probAtLeast(data.terrain.oil.trap!.min)).toEqual(F(1, 3));
    expect(d6.probAtLeast(data.terrain.chemical.trap!.min)).toEqual(F(1, 2));
    expect(d6.probAtLeast(data.terrain.neutralizer.trap!.min)).toEqual(F(2, 3));
    expect(d6.probAtMost(data.terrainRules.smokeBlockMax)).toEqual(F(1, 3));
  });

  it('T35: "target moved" and "target fired" give +1 at most', () => {
    const { g, m } = duel();
    const { s } = newState(g);
    s.units[1].pMoved = 5;
    s.units[1].pFired = true;
    s.units[1].pBeacon = true;
    expect(modifiers(m, s, 0, 0, 1)).toBe(1);
  });

  it('T36: thermal die 1 or 2 destroys nothing in any column', () => {
    for (let c = 0; c < 7; c++) {
      expect(data.thermal.table['1'][c]).toBe(0);
      expect(data.thermal.table['2'][c]).toBe(0);
    }
  });

  it('T37: destroying an infested hull cell removes both infestations', () => {
    const { g, m } = duel();
    const { s, ctx } = newState(g);
    const c = m.graph.ids.indexOf('R4-3');
    s.units[1].infest[c] = 2;
    destroyCell(m, s, 1, c, -1, ctx);
    expect(s.units[1].infest[c]).toBe(0);
    expect(s.units[1].hx).toBe(1);
  });

  it('T38: infestation spread roll 6 -> the home cell', () => {
    const { g, m } = duel();
    const { s } = newState(g);
    const c = m.graph.ids.indexOf('R3-2');
    spreadFrom(m, s.units[1], c, new FixedDice([6]));
    expect(s.units[1].infest[c]).toBe(1);
  });
});

describe('pentawing reconstruction (spec §8.5)', () => {
  const { m, g } = duel();
  const G = m.graph;
  const id = (s: string) => G.ids.indexOf(s);
  it('36 cells: 26 hull, 10 core; <= 5 flat-neighbours; adjacency symmetric', () => {
    expect(G.n).toBe(36);
    expect(G.hull.length).toBe(26);
    expect(G.coreCells.length).toBe(10);
    for (let c = 0; c < G.n; c++) {
      for (let k = 0; k < 5; k++) {
        const o = G.nbr[c * 5 + k];
        if (o < 0) continue;
        let back = false;
        for (let q = 0; q < 5; q++) if (G.nbr[o * 5 + q] === c) back = true;
        expect(back, `${G.ids[c]} <-> ${G.ids[o]}`).toBe(true);
      }
      if (G.inward[c] >= 0) expect(G.ring[G.inward[c]]).toBe(G.ring[c] - 1);
    }
  });
  it('vertex overlaps: A5 = B2 = R4-5; A4 = B1; B4 = C1 = R4-7; C4 = D1 = R4-10', () => {
    const v = (vx: number, die: number) => G.vertex[vx * 6 + die - 1];
    expect([v(0, 5), v(1, 2)]).toEqual([id('R4-5'), id('R4-5')]);
    expect(v(0, 4)).toBe(v(1, 1));
    expect([v(1, 4), v(2, 1)]).toEqual([id('R4-7'), id('R4-7')]);
    expect([v(2, 4), v(3, 1)]).toEqual([id('R4-10'), id('R4-10')]);
  });
  it('kinetic A2 n=4 marks R4-2, R3-2, R2-1, R1-1 (2 hull + 2 core rolls); B2 n=3 marks R4-5, R3-4, R2-3', () => {
    const { s, ctx } = newState(g);
    kineticPenetrate(m, s, 1, id('R4-2'), 4, -1, ctx);
    expect(s.chains.slice(2).map((c) => G.ids[c])).toEqual(['R4-2', 'R3-2', 'R2-1', 'R1-1']);
    expect(s.crits.filter((_, k) => k % 4 === 1)).toEqual([0, 0, 2, 2]);
    const t = newState(g);
    kineticPenetrate(m, t.s, 1, id('R4-5'), 3, -1, t.ctx);
    expect(t.s.chains.slice(2).map((c) => G.ids[c])).toEqual(['R4-5', 'R3-4', 'R2-3']);
  });
  it('with R4-5 destroyed, a kinetic hit on B2 with n=2 marks R3-4, R2-3 (exposed surface)', () => {
    const { s, ctx } = newState(g);
    s.units[1].destroyed[id('R4-5')] = 1;
    s.units[1].hx = 1;
    kineticPenetrate(m, s, 1, id('R4-5'), 2, -1, ctx);
    expect(s.chains.slice(2).map((c) => G.ids[c])).toEqual(['R3-4', 'R2-3']);
  });
  it('with R4-5 and R3-4 destroyed, a thermal hit on B2 is lost (chain reaches the core)', () => {
    const { s, ctx } = newState(g);
    for (const c of ['R4-5', 'R3-4']) s.units[1].destroyed[id(c)] = 1;
    s.units[1].hx = 2;
    expect(thermalDestroy(m, s, 1, id('R4-5'), -1, ctx.dice, ctx)).toBe(false);
    expect(s.units[1].hx).toBe(2);
  });
  it('spread from R3-2 with roll 4 -> R4-3; from R4-1 with roll 4 (no such neighbour) -> home', () => {
    const { s } = newState(g);
    spreadFrom(m, s.units[1], id('R3-2'), new FixedDice([4]));
    expect(s.units[1].infest[id('R4-3')]).toBe(1);
    spreadFrom(m, s.units[1], id('R4-1'), new FixedDice([4]));
    expect(s.units[1].infest[id('R4-1')]).toBe(1);
  });
  it('a Po hit rolls "Po first hit" at once (always at least one effect)', () => {
    const { s, ctx } = newState(g);
    applyCode(m, s, 1, C_PO, -1, new FixedDice([4]), ctx, -1); // powerFirst[3] = D
    expect(s.units[1].Po).toBe(1);
    expect(s.units[1].D).toBe(1);
    resolveCrits(m, s, ctx.dice, ctx);
  });
});
