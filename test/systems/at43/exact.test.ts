/** Spec §8.2: the 24 exact values P1-P24, from the exact twins (odds.ts) over the rules data. */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { afvChain, authorityWin, pNeed, pWithRerolls, poolDist, routWithin, salvoKills, templateDist } from '../../../src/systems/at43/odds.ts';
import { moraleNeed, utrNeeded } from '../../../src/systems/at43/rules/rolls.ts';
import { RULES } from './helpers.ts';

const f = (n: number, d = 1) => Fraction.of(n, d).toString();
const s = (x: Fraction) => x.toString();
const U = RULES.utr;

describe('exact values P1-P24 (spec §8.2)', () => {
  it('P1 single die 6 / 5+ / 4+ / 3+ / 2+', () => expect([6, 5, 4, 3, 2].map((n) => s(pNeed(n)))).toEqual([f(1, 6), f(1, 3), f(1, 2), f(2, 3), f(5, 6)]));
  it('P2 5+ with one re-roll = 5/9', () => expect(s(pWithRerolls(5, 1))).toBe(f(5, 9)));
  it('P3 4+ with one re-roll = 3/4', () => expect(s(pWithRerolls(4, 1))).toBe(f(3, 4)));
  it('P4 6 with two re-rolls = 91/216', () => expect(s(pWithRerolls(6, 2))).toBe(f(91, 216)));
  const w18 = poolDist(7, utrNeeded(U, 3 - 5), 1);
  it('P5 W18 exactly one impact = 143360/4782969', () => expect(s(w18.prob(1))).toBe('143360/4782969'));
  it('P6 W18 zero impacts = 16384/4782969', () => expect(s(w18.prob(0))).toBe('16384/4782969'));
  it('P7 W29 all six laser dice hit at 4+ = 1/64', () => expect(s(poolDist(6, utrNeeded(U, 5 - 4), 0).prob(6))).toBe(f(1, 64)));
  it('P8 W29 exactly 4 of 6 damage successes at 4+ = 15/64', () => expect(s(poolDist(6, utrNeeded(U, 5 - 6), 0).prob(4))).toBe(f(15, 64)));
  it('P9 W6 exactly 4 of 6 at 3+ = 80/243', () => expect(s(poolDist(6, utrNeeded(U, 7 - 5), 0).prob(4))).toBe(f(80, 243)));
  it('P10 W31 exactly one hit from 2 dice at 4+ = 1/2', () => expect(s(poolDist(2, utrNeeded(U, 4 - 5), 0).prob(1))).toBe(f(1, 2)));
  it('P11 a laser rifle shot at range 4 kills a golem: 1/4, cover 5+ 1/6, Take cover 4+ 1/8', () => {
    const one = (c: number) => s(salvoKills(RULES, { dice: 1, accuracy: 5, range: 4, rerolls: 0, penetration: 5, protection: 6, coverNeed: c }).prob(1));
    expect([one(0), one(5), one(4)]).toEqual([f(1, 4), f(1, 6), f(1, 8)]);
  });
  it('P12 authority, equal modifiers = 1/2', () => expect(s(authorityWin(0))).toBe(f(1, 2)));
  it('P13 authority +1 = 21/31', () => expect(s(authorityWin(1))).toBe(f(21, 31)));
  it('P14 authority +2 = 13/16', () => expect(s(authorityWin(2))).toBe(f(13, 16)));
  it('P15 location propulsion / frame / weapon = 1/3, 1/2, 1/6', () => {
    const c = [0, 1, 2].map((p) => f(RULES.location.faces.filter((x) => x === p).length, 6));
    expect(c).toEqual([f(1, 3), f(1, 2), f(1, 6)]);
  });
  it('P16 two grenade launchers at 6: 0 / 1 / 2 hits = 25/36, 10/36, 1/36', () => {
    const d = templateDist(RULES, 2, 2, 7, 0);
    expect([0, 1, 2].map((k) => s(d.prob(k)))).toEqual([f(25, 36), f(10, 36), f(1, 36)]);
  });
  it('P17 run-over free / engaged = 1/3, 2/3', () => expect([s(pNeed(RULES.runOver.freeNeed)), s(pNeed(RULES.runOver.engagedNeed))]).toEqual([f(1, 3), f(2, 3)]));
  it('P18 morale 7/8/9 pass 1/2; 6 -> 1/3; 10 -> 2/3', () => {
    const p = (m: number) => s(pNeed(moraleNeed(U, m, RULES.morale.difficulty)));
    expect([p(7), p(8), p(9), p(6), p(10)]).toEqual([f(1, 2), f(1, 2), f(1, 2), f(1, 3), f(2, 3)]);
  });
  it('P19 morale 7 routs within two triggered activations = 1/4', () => expect(s(routWithin(RULES, 7, 2))).toBe(f(1, 4)));
  it('P20 cover test cancels 5+ / 4+ / 3+ = 1/3, 1/2, 2/3', () => expect([5, 4, 3].map((n) => s(pNeed(n)))).toEqual([f(1, 3), f(1, 2), f(2, 3)]));
  it('P21 laser rifle auto-fails from range 11; at range 0 needs 2+', () => {
    expect(utrNeeded(U, 5 - 11)).toBe(0);
    expect(utrNeeded(U, 5 - 10)).toBe(6);
    expect(s(pNeed(utrNeeded(U, 5 - 0)))).toBe(f(5, 6));
  });
  it('P22 Fire Toad frame destroyed by exactly 4 Damage-1 successes = 1/16', () => {
    const p = RULES.profiles['fire-toad'];
    expect(s(afvChain(RULES, p.frameSP, p.propulsionSP, p.weaponSP, p.weapons.length, 4, 1, 'mostSP').status.prob(2))).toBe(f(1, 16));
  });
  it('P23 expected hits, 6 laser rifles at range 4 = 3', () => expect(s(poolDist(6, utrNeeded(U, 5 - 4), 0).mean())).toBe('3'));
  it('P24 expected golem kills per Sierra Able salvo at range 4 = 3/2', () => expect(s(salvoKills(RULES, { dice: 6, accuracy: 5, range: 4, rerolls: 0, penetration: 5, protection: 6, coverNeed: 0 }).mean())).toBe(f(3, 2)));
  it('calibration: 7 nanoblasters at range 5 vs Prot 5 -> 35/18 trooper kills', () => expect(s(salvoKills(RULES, { dice: 7, accuracy: 3, range: 5, rerolls: 1, penetration: 4, protection: 5, coverNeed: 0 }).mean())).toBe(f(35, 18)));
});
