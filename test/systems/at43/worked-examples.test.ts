/**
 * The seed's worked examples W1-W38 (spec §8.1) with injected dice; W33 (a lone hero joining a
 * unit in the control phase) is in heroes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { A, F } from '../../../src/systems/at43/actions.ts';
import { controllerOf } from '../../../src/systems/at43/rules/control.ts';
import { applyAfvDamage, PART_FRAME, PART_PROPULSION, PART_WEAPON, SP_STRIDE } from '../../../src/systems/at43/rules/afv.ts';
import { damageAfvUnit, damageInfantry, splitShare } from '../../../src/systems/at43/rules/losses.ts';
import { fight } from '../../../src/systems/at43/rules/melee.ts';
import { allowance } from '../../../src/systems/at43/rules/movement.ts';
import { rangeBand, rollPool, rollRunOver, templateImpacts, templateRadius, utrNeeded } from '../../../src/systems/at43/rules/rolls.ts';
import { coverNeed, fireSalvo, readyShooters } from '../../../src/systems/at43/rules/shooting.ts';
import { caughtInZone, sees, underCover } from '../../../src/systems/at43/rules/table-cache.ts';
import { deviateTemplate } from '../../../src/core/geometry/table/groups.ts';
import { groupCoherent } from '../../../src/core/geometry/table/groups.ts';
import { N_DIRS } from '../../../src/systems/at43/model.ts';
import { DR_KNEE, DR_OVERWATCH, DR_OVERWATCH_SPECIAL, DR_SPLIT, DR_TAKE_COVER, PH_ACT, ST_DISORGANIZED } from '../../../src/systems/at43/state.ts';
import { compile, doc, FixedDice, line, place, RULES, start, withDice } from './helpers.ts';

const U = RULES.utr;
const troopers = (id: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ id, profile: 'steel-trooper', count: 6, x, y, formation: 'line', ...extra });
const golems = (id: string, x: number, y: number, count = 9, extra: Record<string, unknown> = {}) => ({ id, profile: 'storm-golem', count, x, y, formation: 'blob', ...extra });

describe('general rules', () => {
  it('W1 leaders 30-39.99 cm apart: range 3', () => {
    expect(rangeBand(30, 10)).toBe(3);
    expect(rangeBand(39.99, 10)).toBe(3);
    expect(rangeBand(29.99, 10)).toBe(2);
  });
  it('W2 cohesion holds in the starting formation; a member 10.5 cm from the leader breaks it', () => {
    const g = compile(doc([troopers('s', 60, 20)], [golems('g', 60, 80)]));
    const { s } = start(g);
    const m = g.model;
    const mem = [0, 1, 2, 3, 4, 5];
    expect(groupCoherent(s.fx, s.fy, m.fRadius, mem, 6, s.leader[0], 10, 2.5)).toBe(true);
    place(g, s, 0, [[60, 20], [64, 20], [68, 20], [72, 20], [56, 20], [73.5, 20]]);
    expect(groupCoherent(s.fx, s.fy, m.fRadius, mem, 6, 0, 10, 2.5)).toBe(false);
  });
  it('W3 a soldier unit between two others does not block line of sight', () => {
    const g = compile(doc([troopers('u1', 60, 10)], [golems('u2', 60, 40), troopers('u3', 60, 70)]));
    const { s } = start(g);
    expect(sees(g.model, s, s.leader[0], s.leader[2])).toBe(true);
  });
  it('W4 a container higher than the soldiers hides them', () => {
    const g = compile(doc([golems('golem', 60, 10, 1)], [troopers('t', 60, 70)], { terrain: [{ id: 'c', polygon: [[40, 30], [80, 30], [80, 40], [40, 40]], size: 3, cover: false }] }));
    const { s } = start(g);
    for (let f = 1; f < 7; f++) expect(sees(g.model, s, 0, f)).toBe(false);
  });
  it('W5 AV 4 vs D 6: diff -2, need 5', () => expect(utrNeeded(U, 4 - 6)).toBe(5));
  it('W6 six reaper-blade impacts on steel troopers, dice [3,4,5,6,1,2]: 4 eliminated', () => {
    const g = compile(doc([troopers('s', 60, 20)], [golems('g', 60, 80)]));
    const { s } = start(g);
    expect(utrNeeded(U, 7 - 5)).toBe(3);
    const { ctx } = withDice(g, [3, 4, 5, 6, 1, 2]);
    const blades = g.model.weapons.findIndex((w) => w.id === 'reaper-blades');
    expect(damageInfantry(g.env, s, 0, 6, blades, 60, 80, ctx)).toBe(4);
    expect(s.members[0]).toBe(2);
  });
});

describe('armoured fighting vehicles', () => {
  const toad = (id: string, count = 1) => ({ id, profile: 'fire-toad', count, x: 60, y: 20, formation: 'line' });
  it('W7 four sonic-cannon impacts on a Fire Toad, 2 damage successes, locations [3,1]: frame -1, propulsion -1', () => {
    const g = compile(doc([toad('ft')], [golems('g', 60, 80)]));
    const { s } = start(g);
    const w = g.model.weapons.findIndex((x) => x.id === 'medium-sonic-cannon');
    const { ctx } = withDice(g, [4, 5, 1, 2, 3, 1]);
    damageAfvUnit(g.env, s, 0, 4, w, 60, 80, ctx);
    expect(s.sp.slice(0, 4)).toEqual([3, 1, 1, 1]);
  });
  it('W8 location 6 (a light laser cannon) and 2: cannon destroyed, propulsion 0 -> immobilised', () => {
    const sp = [4, 1, 1, 1, 0, 0];
    applyAfvDamage(sp, 0, 4, PART_WEAPON, 1, 'first');
    applyAfvDamage(sp, 0, 4, PART_PROPULSION, 1, 'first');
    expect(sp).toEqual([4, 0, 0, 1, 0, 0]);
  });
  it('W9 a destroyed part passes the damage to the frame; excess damage overflows to the frame', () => {
    const sp = [4, 0, 1, 1, 0, 0];
    applyAfvDamage(sp, 0, 4, PART_PROPULSION, 1, 'first');
    expect(sp[0]).toBe(3);
    const sp2 = [4, 2, 1, 1, 0, 0];
    applyAfvDamage(sp2, 0, 4, PART_PROPULSION, 3, 'first');
    expect([sp2[0], sp2[1]]).toEqual([3, 0]);
    expect(applyAfvDamage(sp2, 0, 4, PART_FRAME, 3, 'first')).toBe(true);
  });
  it('W26 five impacts on three Fire Toads: 2, 2, 1 (the farthest gets 1)', () => expect([0, 1, 2].map((r) => splitShare(5, 3, r))).toEqual([2, 2, 1]));
  it('W38 AFV rush over a free soldier, an engaged soldier and a support weapon, dice [4,3]', () => {
    const d = new FixedDice([4, 3]);
    expect(rollRunOver(d, false, false, RULES.runOver.freeNeed, RULES.runOver.engagedNeed)).toBe(false);
    expect(rollRunOver(d, false, true, RULES.runOver.freeNeed, RULES.runOver.engagedNeed)).toBe(true);
    expect(rollRunOver(d, true, false, RULES.runOver.freeNeed, RULES.runOver.engagedNeed)).toBe(true);
    expect(d.used()).toBe(2);
  });
});

describe('the round: tactical and activation phases', () => {
  const six = (side: string) => Array.from({ length: 6 }, (_, i) => troopers(`${side}${i}`, 10 + i * 18, side === 'a' ? 10 : 80, i === 0 ? { officer: 'sergeant' } : {}));
  it('W10 players alternate: A activates a unit, then B, then A', () => {
    const g = compile(doc(six('a'), six('b')));
    const { s, ctx } = start(g);
    const order: number[] = [];
    const legal = new Int32Array(g.maxActions);
    let guard = 0;
    while (order.length < 6 && guard++ < 500) {
      const n = g.legalActions(s, legal);
      let a = legal[0];
      for (let i = 0; i < n; i++) if (A.is(legal[i], 'end') || (A.is(legal[i], 'turn') && A.get(legal[i], 'turn', 'option') === 0) || A.is(legal[i], 'pay')) a = legal[i];
      if (A.is(a, 'first')) a = A.encode.first(0);
      g.apply(s, a, ctx);
      if (s.phase === PH_ACT && order[order.length - 1] !== s.unit) order.push(s.unit);
    }
    expect(order.map((u) => g.model.units[u].side)).toEqual([0, 1, 0, 1, 0, 1]);
  });
  it('W11 Commander LP 8 and 6 units: LP pool 14', () => {
    const g = compile(doc(six('a'), six('b'), {}, { overrides: { 'officers.sergeant.lp': 8 } }));
    const { s } = start(g);
    expect(s.lp[0]).toBe(14);
  });
  it('W12 wagers: Sergeant (rank 1) 0-2, Captain (rank 4) 0-5', () => {
    const g1 = compile(doc(six('a'), six('b')));
    expect(g1.maxWager(start(g1).s, 0)).toBe(2);
    const six4 = six('a').map((u, i) => (i === 0 ? { ...u, officer: 'captain' } : u));
    const g2 = compile(doc(six4, six('b')));
    expect(g2.maxWager(start(g2).s, 0)).toBe(5);
  });
  it('W13 Commander eliminated, no other officer: Authority 0, LP 0 (pool = units only, no wager)', () => {
    const g = compile(doc(six('a'), six('b')));
    const { s } = start(g);
    expect(g.lpPool(s, 0)).toBe(6 + 6);
    s.officer[0] = 0; // the Sergeant falls: the company has no Commander left
    expect(g.maxWager(s, 0)).toBe(0);
    expect(g.lpPool(s, 0)).toBe(6);
    s.status[3] = ST_DISORGANIZED; // and a disorganized unit does not count
    expect(g.lpPool(s, 0)).toBe(5);
  });
  it('W14 Kenton: delay (2 LP), then an extra activation (2 LP) with one unit without officer (+1 LP) = 5 LP; no second delay', () => {
    const g = compile(doc(six('a'), six('b')));
    const { s, ctx } = start(g);
    for (const u of [0, 1, 2, 3, 4, 5]) g.apply(s, A.encode.order(u), ctx);
    for (const u of [6, 7, 8, 9, 10, 11]) g.apply(s, A.encode.order(u), ctx);
    g.apply(s, A.encode.wager(0), ctx);
    g.apply(s, A.encode.wager(0), ctx);
    g.apply(s, A.encode.first(0), ctx);
    if (F.top(s.pending) === 'first') g.apply(s, A.encode.first(0), ctx);
    s.active = 0;
    const lp0 = s.lp[0];
    g.apply(s, A.encode.turn(1), ctx); // delay
    expect(s.active).toBe(1);
    g.apply(s, A.encode.turn(0), ctx); // B plays a unit
    if (F.top(s.pending) === 'pay') g.apply(s, A.encode.pay(1), ctx);
    g.apply(s, A.encode.end(), ctx);
    expect(s.active).toBe(0);
    const legal = new Int32Array(g.maxActions);
    const n = g.legalActions(s, legal);
    const acts = Array.from(legal.slice(0, n));
    expect(acts).not.toContain(A.encode.turn(1)); // a second consecutive delay is illegal
    expect(acts).toContain(A.encode.turn(2));
    g.apply(s, A.encode.turn(2), ctx); // extra activation
    g.apply(s, A.encode.pickExtra(0), ctx); // the officer's unit first
    expect(s.unit).toBe(0);
    g.apply(s, A.encode.end(), ctx);
    expect(s.unit).toBe(1); // the second unit at once
    g.apply(s, A.encode.pay(1), ctx);
    expect(lp0 - s.lp[0]).toBe(5);
  });
  it('W15 steel troopers rush 20 cm, and no member may shoot afterwards', () => {
    const g = compile(doc([troopers('s', 60, 20, { officer: 'sergeant' })], [golems('g', 60, 70)], { firstRoundAuthorityWinner: 'A' }));
    const { s, ctx } = start(g);
    expect(allowance(g.model, s, 0, true)).toBe(20);
    g.apply(s, A.encode.order(0), ctx);
    g.apply(s, A.encode.order(1), ctx);
    g.apply(s, A.encode.first(0), ctx);
    g.apply(s, A.encode.turn(0), ctx);
    const y0 = s.fy[0];
    g.apply(s, A.encode.move(1, 0), ctx); // heading 0 = +y, toward the golems
    const legal = new Int32Array(g.maxActions);
    const n = g.legalActions(s, legal);
    expect(Array.from(legal.slice(0, n)).some((a) => A.is(a, 'shoot'))).toBe(false);
    expect(s.fy[0]).toBeCloseTo(y0 + 20, 5);
  });
  it('W32 a valiant Sierra Able of 3 fails its morale test with 0 LP: disorganized, activated, no action', () => {
    const g = compile(doc([troopers('s', 60, 20, { officer: 'sergeant' })], [golems('g', 60, 70)], { firstRoundAuthorityWinner: 'A' }));
    const { s, ctx } = start(g, new FixedDice([1, 1, 1, 1, 1, 1]));
    for (const f of [3, 4, 5]) {
      s.alive[f] = 0;
      s.members[0]--;
    }
    g.apply(s, A.encode.order(0), ctx);
    g.apply(s, A.encode.order(1), ctx);
    g.apply(s, A.encode.first(0), ctx);
    s.lp[0] = 0;
    g.apply(s, A.encode.turn(0), ctx);
    expect(s.status[0]).toBe(ST_DISORGANIZED);
    expect(s.active).toBe(1); // the activation ended at once
  });
  it('W37 five members, three grounded: they stand and do nothing; two grounded: the unit acts', () => {
    for (const [grounded, acts] of [[3, false], [2, true]] as const) {
      const g = compile(doc([{ ...troopers('s', 60, 20, { officer: 'sergeant' }), count: 5 }], [golems('g', 60, 70)], { firstRoundAuthorityWinner: 'A' }));
      const { s, ctx } = start(g);
      for (let f = 0; f < grounded; f++) s.grounded[f] = 1;
      g.apply(s, A.encode.order(0), ctx);
      g.apply(s, A.encode.order(1), ctx);
      g.apply(s, A.encode.first(0), ctx);
      g.apply(s, A.encode.turn(0), ctx);
      expect(s.grounded.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
      expect(s.unit === 0 && s.phase === PH_ACT).toBe(acts);
    }
  });
});

describe('shooting', () => {
  it('W16 KS-8 in Overwatch with Split fire: the rifles fire, the marker stays with the grenade launchers; engaged later, it is lost', () => {
    const ks8 = { id: 'ks8', profile: 'krasny-soldat', count: 8, officer: 'praporshik', specialWeapons: [{ weapon: 'grenade-launcher', count: 2 }], x: 60, y: 20, formation: 'blob' };
    const g = compile(doc([ks8], [golems('g256', 60, 60, 9, { officer: 'overseer-alpha' }), golems('g260', 44, 20, 6)], { firstRoundAuthorityWinner: 'B' }));
    const { s, ctx } = start(g);
    s.drills[0] = DR_OVERWATCH | DR_SPLIT;
    g.apply(s, A.encode.order(0), ctx);
    g.apply(s, A.encode.order(1), ctx);
    g.apply(s, A.encode.order(2), ctx);
    g.apply(s, A.encode.first(1), ctx);
    g.apply(s, A.encode.turn(0), ctx); // .256 activates
    g.apply(s, A.encode.move(0, 4), ctx); // moves 14 cm toward the KS-8 (heading 180)
    expect(F.top(s.pending)).toBe('overwatch');
    const legal = new Int32Array(g.maxActions);
    const n = g.legalActions(s, legal);
    expect(Array.from(legal.slice(0, n))).toContain(A.encode.overwatch(2));
    g.apply(s, A.encode.overwatch(2), ctx);
    expect(s.drills[0] & DR_OVERWATCH_SPECIAL).toBeTruthy();
    expect(s.drills[0] & DR_OVERWATCH).toBe(0);
    g.apply(s, A.encode.end(), ctx);
    // KS-8 plays, then .260 charges into contact: the marker is removed without a shot
    g.apply(s, A.encode.turn(0), ctx);
    s.drills[0] |= DR_OVERWATCH_SPECIAL;
    g.apply(s, A.encode.end(), ctx);
    g.apply(s, A.encode.turn(0), ctx);
    g.apply(s, A.encode.pay(1), ctx);
    g.apply(s, A.encode.move(1, 8 + 0), ctx); // rush toward the KS-8
    expect(F.top(s.pending)).not.toBe('overwatch');
    expect(s.drills[0] & (DR_OVERWATCH | DR_OVERWATCH_SPECIAL)).toBe(0);
  });
  it('W17 three Iron Rains with two light MG each: one salvo of 3 MG before moving, a second of 3 after', () => {
    const g = compile(doc([{ id: 'ir', profile: 'iron-rain', count: 3, x: 60, y: 20, formation: 'line' }], [golems('g', 60, 60)]));
    const { s, ctx } = start(g);
    const mg = g.model.weapons.findIndex((w) => w.id === 'light-mg');
    expect(readyShooters(g.model, s, 0, mg, 1, 0)).toBe(3);
    expect(fireSalvo(g.env, s, 0, mg, 1, 0, false, ctx)).toBe(3 * 3);
    expect(readyShooters(g.model, s, 0, mg, 1, 0)).toBe(3);
    fireSalvo(g.env, s, 0, mg, 1, 0, false, ctx);
    expect(readyShooters(g.model, s, 0, mg, 1, 0)).toBe(0);
  });
  it('W18 seven nanoblasters at range 5, first roll [5,1,2,3,4,2,1], re-roll [1,2,3,4,4,2]: 1 impact', () => {
    const d = new FixedDice([5, 1, 2, 3, 4, 2, 1, 1, 2, 3, 4, 4, 2]);
    expect(utrNeeded(U, 3 - 5)).toBe(5);
    expect(rollPool(d, 7, 5, 1)).toBe(1);
    expect(d.used()).toBe(13);
  });
  it('W19 only 3 of 6 troopers see .272: 3 dice', () => {
    const g = compile(doc([troopers('sa', 60, 20)], [golems('u272', 60, 70, 6)], { terrain: [{ id: 'c', polygon: [[20, 25], [59, 25], [59, 35], [20, 35]], size: 3, cover: false }] }));
    const { s } = start(g);
    place(g, s, 0, [[62, 20], [66, 20], [70, 20], [50, 20], [46, 20], [42, 20]]);
    place(g, s, 1, [[62, 70], [66, 70], [70, 70], [62, 74], [66, 74], [70, 74]]);
    const laser = g.model.weapons.findIndex((w) => w.id === 'laser-rifle');
    expect(readyShooters(g.model, s, 0, laser, 1, 0)).toBe(3);
  });
  const zoneDoc = () => doc([troopers('sa', 60, 10)], [golems('u264', 60, 70, 6), golems('u256', 60, 40, 3)]);
  it('W20 six troopers hit .264 three times, .256 stands in the zone of fire: all 3 impacts to .256', () => {
    const g = compile(zoneDoc());
    const { s } = start(g);
    const out = new Int32Array(64);
    expect(caughtInZone(g.model, s, 0, 1, out, DR_KNEE)).toBe(3);
    for (let i = 0; i < 3; i++) expect(g.model.fUnit[out[i]]).toBe(2);
    // 6 dice all hit (range 5: need 4+), then 3 bystander damage dice, all successes
    const { ctx } = withDice(g, [6, 6, 6, 1, 1, 1, 6, 6, 6]);
    const laser = g.model.weapons.findIndex((w) => w.id === 'laser-rifle');
    fireSalvo(g.env, s, 0, laser, 1, 0, false, ctx);
    expect(s.members[2]).toBe(0);
    expect(s.members[1]).toBe(6);
  });
  it('W21 same, .256 under "Knee to the ground!": all 3 impacts to .264', () => {
    const g = compile(zoneDoc());
    const { s } = start(g);
    s.drills[2] = DR_KNEE;
    const out = new Int32Array(64);
    expect(caughtInZone(g.model, s, 0, 1, out, DR_KNEE)).toBe(0);
    const { ctx } = withDice(g, [6, 6, 6, 1, 1, 1, 6, 6, 6]);
    const laser = g.model.weapons.findIndex((w) => w.id === 'laser-rifle');
    fireSalvo(g.env, s, 0, laser, 1, 0, false, ctx);
    expect(s.members[2]).toBe(3);
    expect(s.members[1]).toBe(3);
  });
  it('W22 two grenade launchers (AoE 3): 2 successes radius 6, no deviation; 0 successes radius 3, deviation 2 cm', () => {
    expect(templateRadius(3, 2, 10)).toBe(6);
    expect(templateRadius(3, 0, 10)).toBe(3);
    expect((2 - 0) * RULES.template.deviationPerMissCm).toBe(2);
  });
  it('W23 KS-8 grenade launchers Acc 2 at range 7, dice [2,3], direction 4: need 6, both miss, 2 cm away from the shooter', () => {
    const d = new FixedDice([2, 3, 4]);
    const need = utrNeeded(U, 2 - 7);
    expect(need).toBe(6);
    expect(rollPool(d, 2, need, 0)).toBe(0);
    const out = new Float64Array(2);
    deviateTemplate(0, 70, 0, 0, RULES.template.directionDeg[d.d6() - 1], 2, out);
    expect(out[1]).toBeCloseTo(72, 9);
    expect(templateRadius(2 > 0 ? 3 : 3, 0, 10)).toBe(3);
  });
  it('W24 six light grenade launchers, 4 successes: radius 12 capped to 10, 2 impacts each, survivors grounded', () => {
    expect(templateRadius(3, 4, RULES.template.capCm)).toBe(10);
    expect(templateImpacts(3, 4, RULES.template.capCm, RULES.template.impactsOverCap)).toBe(2);
    const g = compile(doc([{ id: 'lancelots', profile: 'lancelot', count: 3, x: 60, y: 10, formation: 'line' }], [troopers('t', 60, 40)]));
    const { s } = start(g);
    // 3 successes of 3 dice (need 4+ at range 2... all hit), damage tests all fail: every trooper grounded
    const { ctx } = withDice(g, [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const lgl = g.model.weapons.findIndex((w) => w.id === 'light-grenade-launcher');
    fireSalvo(g.env, s, 0, lgl, 1, 0, false, ctx);
    expect(s.grounded.slice(3, 9).filter((x) => x === 1).length).toBeGreaterThanOrEqual(3);
  });
  const coverDoc = () => doc([troopers('sa', 60, 10)], [troopers('t', 60, 60)], { terrain: [{ id: 'wall', polygon: [[40, 50], [62, 50], [62, 52], [40, 52]], size: 1, cover: true }] });
  for (const [behind, covered] of [[4, true], [3, true], [2, false]] as const) {
    it(`W25 a 6-trooper unit with ${behind} members behind cover: ${covered ? 'cover tests for all impacts' : 'no cover test'}`, () => {
      const g = compile(coverDoc());
      const { s } = start(g);
      // members 0..behind-1 right behind the wall, the others far to the right in the open
      const pts: Array<[number, number]> = [];
      for (let i = 0; i < 6; i++) pts.push(i < behind ? [44 + i * 4, 56] : [100 + i * 4, 56]);
      place(g, s, 1, pts);
      expect(underCover(g.model, s, 0, 1, false)).toBe(covered);
    });
  }
  it('W27 "Take cover!" against overwatch fire: cover tests at 5+, not 4+', () => {
    const g = compile(coverDoc());
    expect(coverNeed(g.model, DR_TAKE_COVER, true)).toBe(5);
    expect(coverNeed(g.model, DR_TAKE_COVER, false)).toBe(4);
    expect(coverNeed(g.model, 0, false)).toBe(5);
  });
  it('W28 the shooting leader 8 cm from the cover edge: no cover tests', () => {
    const g = compile(coverDoc());
    const { s } = start(g);
    place(g, s, 1, line(6, 50, 56));
    expect(underCover(g.model, s, 0, 1, false)).toBe(true);
    place(g, s, 0, line(6, 52, 40));
    expect(underCover(g.model, s, 0, 1, false)).toBe(false);
  });
  it('W29 Sierra Able, 6 laser rifles at range 4, all hit; 4 damage successes vs Prot 6: the 4 golems nearest the shooting leader removed', () => {
    const g = compile(doc([troopers('sa', 60, 10)], [golems('g', 60, 57, 9)]));
    const { s } = start(g);
    const L = s.leader[0];
    const laser = g.model.weapons.findIndex((w) => w.id === 'laser-rifle');
    const d = (f: number) => (s.fx[f] - s.fx[L]) ** 2 + (s.fy[f] - s.fy[L]) ** 2;
    const byDist = [6, 7, 8, 9, 10, 11, 12, 13, 14].sort((a, b) => d(a) - d(b));
    const { ctx } = withDice(g, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1]);
    fireSalvo(g.env, s, 0, laser, 1, 0, false, ctx);
    expect(s.members[1]).toBe(5);
    const dead = byDist.filter((f) => !s.alive[f]);
    expect(dead).toEqual(byDist.slice(0, 4));
  });
  it('W35 a hero takes no impact while another member remains; alone, he does', () => {
    const g = compile(doc([troopers('sa', 60, 10)], [{ ...troopers('b', 60, 40), officer: 'sergeant', hero: 'borz' }]));
    const { s } = start(g);
    const laser = g.model.weapons.findIndex((w) => w.id === 'laser-rifle');
    const { ctx } = withDice(g, [6, 6, 6, 6, 6, 6, 6, 6]);
    damageInfantry(g.env, s, 1, 8, laser, 60, 10, ctx);
    expect(s.members[1]).toBe(0); // five fall first, then the hero alone
    const g2 = compile(doc([troopers('sa', 60, 10)], [{ ...troopers('b', 60, 40), officer: 'sergeant', hero: 'borz' }]));
    const r2 = start(g2);
    damageInfantry(g2.env, r2.s, 1, 5, laser, 60, 10, withDice(g2, [6, 6, 6, 6, 6]).ctx);
    expect(r2.s.alive[g2.model.units[1].first]).toBe(1);
  });
});

describe('close combat and control', () => {
  it('W30 troopers 1,2 vs golems of .256 and trooper 3 + leader vs golems of .260: two combats; a special weapon bearer rolls no dice', () => {
    const g = compile(doc([{ ...troopers('sa', 60, 40), count: 5, specialWeapons: [{ weapon: 'missile-launcher', count: 1 }] }], [golems('u256', 40, 70, 3), golems('u260', 80, 70, 3)]));
    const { s } = start(g);
    place(g, s, 0, [[66, 40], [50, 40], [54, 40], [70, 40], [58, 40]]);
    place(g, s, 1, [[50, 44.5], [54, 44.5], [46, 44.5]]);
    place(g, s, 2, [[66, 44.5], [70, 44.5], [74, 44.5]]);
    place(g, s, 1, [[50, 44.5], [54, 44.5], [46, 44.5]]);
    const d = new FixedDice(new Array(40).fill(1));
    const combats = fight(g.env, s, 0, { dice: d, tally: start(g).ctx.tally });
    expect(combats).toBe(2);
    // 4 knife-armed troopers in contact (the bearer at 58,40 touches nobody): 4 dice, no damage dice (all 1s miss)
    expect(d.used()).toBe(4);
  });
  it('W31 two troopers with combat knives (4, 1/0) vs Combat 5, dice [4,2]: need 4, 1 impact', () => {
    expect(utrNeeded(U, 4 - 5)).toBe(4);
    expect(rollPool(new FixedDice([4, 2]), 2, 4, 0)).toBe(1);
  });
  it('W36 objective: side A 3 infantry within 10 cm, side B 3 infantry + 1 AFV: nobody controls', () => {
    const g = compile(doc([{ ...troopers('a', 60, 40), count: 3 }], [{ ...troopers('b', 60, 50), count: 3 }, { id: 'ft', profile: 'fire-toad', count: 1, x: 70, y: 45, formation: 'line' }], { objectives: [{ id: 'o', x: 60, y: 45 }] }));
    const { s } = start(g);
    expect(controllerOf(g.model, s, 0)).toBe(-1);
    s.alive[0] = 0;
    expect(controllerOf(g.model, s, 0)).toBe(1);
  });
});

describe('single-AFV targeting (p.61)', () => {
  it('a unit of Fire Toads: one single AFV may be targeted, and it takes every impact', () => {
    const g = compile(doc([{ id: 'ir', profile: 'iron-rain', count: 1, x: 60, y: 20, formation: 'line' }], [{ id: 'ft', profile: 'fire-toad', count: 3, x: 60, y: 45, formation: 'line' }], {}, { overrides: { 'weapons.light-mg.penetration': 12 } }));
    const { s } = start(g);
    const mg = g.model.weapons.findIndex((w) => w.id === 'light-mg');
    const far = 3; // the last Fire Toad of the line
    // 3 dice all hit (need 4+ at range 2), 3 damage successes (Pen 12 vs Prot 12: 4+), locations 3, 4, 5: frame
    const { ctx } = withDice(g, [6, 6, 6, 6, 6, 6, 3, 4, 5]);
    fireSalvo(g.env, s, 0, mg, 1, 0, false, ctx, far);
    expect(s.sp[far * 6]).toBe(1);
    for (const f of [1, 2]) expect(s.sp[f * 6]).toBe(4);
  });
});

describe('shooting into a mêlée (p.61, A20)', () => {
  it('impacts go to the nearest fighters of the whole mêlée, friends included', () => {
    const g = compile(doc([troopers('shooters', 60, 10), { ...troopers('friends', 60, 40), count: 2 }], [golems('foes', 60, 44.5, 2)]));
    const { s } = start(g);
    place(g, s, 1, [[58, 40], [62, 40]]);
    place(g, s, 2, [[58, 44.5], [62, 44.5]]);
    const laser = g.model.weapons.findIndex((w) => w.id === 'laser-rifle');
    // 6 dice: two hits (range 2: need 3+), then two damage tests at 4+ (friends, Prot 5 vs Pen 5) both succeed
    const { ctx } = withDice(g, [6, 6, 1, 1, 1, 1, 6, 6]);
    fireSalvo(g.env, s, 0, laser, 2, 0, false, ctx);
    expect(s.members[1]).toBe(0); // the two friendly troopers, nearer the shooters, fall
    expect(s.members[2]).toBe(2);
  });
});

describe('artillery strikes (optional rule, p.60)', () => {
  it('3 LP, once per round per player, before an activation; resolved as indirect fire at a fixed need', () => {
    const g = compile(doc([troopers('s', 60, 20, { officer: 'sergeant' })], [golems('g', 60, 60, 9)], { firstRoundAuthorityWinner: 'A' }, { options: { 'artillery.enabled': true } }));
    const { s, ctx: c0 } = start(g);
    g.apply(s, A.encode.order(0), c0);
    g.apply(s, A.encode.order(1), c0);
    g.apply(s, A.encode.first(0), c0);
    const legal = new Int32Array(g.maxActions);
    let n = g.legalActions(s, legal);
    expect(Array.from(legal.slice(0, n))).toContain(A.encode.artillery(1));
    const lp = s.lp[0];
    // 3 dice at 4+: 6, 6, 6 -> radius 9 (no deviation); 9 golems under it, damage 8 vs 6 (3+): all fail on 1s -> grounded
    const { ctx } = withDice(g, [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    g.apply(s, A.encode.artillery(1), ctx);
    expect(lp - s.lp[0]).toBe(3);
    expect(s.grounded.slice(6, 15).some((x) => x === 1)).toBe(true);
    n = g.legalActions(s, legal);
    expect(Array.from(legal.slice(0, n)).some((a) => A.is(a, 'artillery'))).toBe(false);
  });
});

import { compileScenarioDocument } from '../../../src/scenario/load.ts';

describe('heroes lead units of their category and Type (p.76)', () => {
  const errorOf = (unit: Record<string, unknown>): string => {
    try {
      compileScenarioDocument(doc([unit], [golems('g', 60, 70)]), 'test.yaml');
      return '';
    } catch (e) {
      return String((e as Error).message);
    }
  };
  it('W34 Newton (soldier ★) may lead Type 1 soldiers, not Type 2 steel troopers', () => {
    expect(errorOf({ ...troopers('s', 60, 20), officer: 'captain', hero: 'newton' })).toMatch(/may only lead soldier units of Type 1/);
    expect(errorOf({ id: 'k', profile: 'krasny-soldat', count: 6, officer: 'captain', hero: 'newton', x: 60, y: 20 })).toBe('');
  });
  it('W34 Borz aboard Bad Dog may lead only a Fire Toad unit; on foot, steel troopers (★★)', () => {
    expect(errorOf({ id: 'ft', profile: 'fire-toad', count: 2, officer: 'sergeant', hero: 'borz', x: 60, y: 20 })).toBe('');
    expect(errorOf({ id: 'ir', profile: 'iron-rain', count: 2, officer: 'sergeant', hero: 'borz', x: 60, y: 20 })).toMatch(/may only lead fire-toad units/);
    expect(errorOf({ ...troopers('s', 60, 20), officer: 'sergeant', hero: 'borz' })).toBe('');
  });
});

describe('combat drills are lost on engagement (p.59)', () => {
  it('a unit under "Take cover!" charged into contact loses the drill', () => {
    const g = compile(doc([troopers('s', 60, 20, { officer: 'sergeant' })], [golems('g', 60, 38, 6, { officer: 'overseer-alpha' })], { firstRoundAuthorityWinner: 'B' }));
    const { s, ctx } = start(g);
    s.drills[0] = DR_TAKE_COVER | DR_KNEE;
    g.apply(s, A.encode.order(0), ctx);
    g.apply(s, A.encode.order(1), ctx);
    g.apply(s, A.encode.first(1), ctx);
    g.apply(s, A.encode.turn(0), ctx);
    g.apply(s, A.encode.move(1, N_DIRS + 0), ctx); // the golems rush into contact
    expect(s.drills[0]).toBe(0);
  });
});
