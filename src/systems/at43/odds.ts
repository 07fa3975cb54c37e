/**
 * Exact twins of the AT-43 mechanics for `salvo odds at43` / `salvo cards at43` (spec §8.2), each
 * with a sampler built on the engine's own roll code (rules/rolls.ts, rules/afv.ts).
 */
import { Dist } from '../../core/dice/exact.ts';
import { Fraction } from '../../core/dice/fraction.ts';
import type { OddsCell, OddsMechanic, OddsModule, OddsOutcome, OddsRow } from '../../core/odds.ts';
import type { Rng } from '../../core/rng/rng.ts';
import type { OptionValues } from '../../core/options.ts';
import type { At43Rules } from './schema.ts';
import { facesFor, moraleNeed, rollAuthority, rollCover, rollLocation, rollPool, rollRunOver, templateImpacts, templateRadius, utrNeeded } from './rules/rolls.ts';
import { applyAfvDamage, SP_STRIDE } from './rules/afv.ts';

const F = (n: number | bigint, d: number | bigint = 1) => Fraction.of(n, d);

/** P(one die succeeds) at a need. */
export function pNeed(need: number): Fraction {
  return F(facesFor(need), 6);
}

/** P(one die succeeds) with R re-rolls of misses: 1 - (1-p)^(R+1). */
export function pWithRerolls(need: number, rerolls: number): Fraction {
  const q = Fraction.ONE.sub(pNeed(need));
  let qq = Fraction.ONE;
  for (let i = 0; i <= rerolls; i++) qq = qq.mul(q);
  return Fraction.ONE.sub(qq);
}

/** Successes of a pool (batch re-rolls give the same law as per-die re-rolls). */
export function poolDist(dice: number, need: number, rerolls: number): Dist {
  return Dist.binomial(dice, pWithRerolls(need, rerolls));
}

/** Each of n successes kept with probability p. */
export function thin(d: Dist, p: Fraction): Dist {
  return d.bind((k) => Dist.binomial(k, p));
}

export interface SalvoParams {
  dice: number;
  accuracy: number;
  range: number;
  rerolls: number;
  penetration: number;
  protection: number;
  /** Cover need (0 = no cover). */
  coverNeed: number;
}

/** Kills of a direct-fire salvo on infantry (1 DP each), uncapped: hits -> cover -> damage. */
export function salvoKills(data: At43Rules, p: SalvoParams, damageRerolls = 0): Dist {
  const need = utrNeeded(data.utr, p.accuracy - p.range);
  let d = poolDist(p.dice, need, p.rerolls);
  if (p.coverNeed > 0) d = thin(d, Fraction.ONE.sub(pNeed(p.coverNeed)));
  return thin(d, pWithRerolls(utrNeeded(data.utr, p.penetration - p.protection), damageRerolls));
}

export function sampleSalvoKills(data: At43Rules, p: SalvoParams, rng: Rng): number {
  const hits = rollPool(rng, p.dice, utrNeeded(data.utr, p.accuracy - p.range), p.rerolls);
  const left = p.coverNeed > 0 ? hits - rollCover(rng, hits, p.coverNeed) : hits;
  return rollPool(rng, left, utrNeeded(data.utr, p.penetration - p.protection), 0);
}

/** Authority test: P(side 0 wins) with modifier difference d, ties re-rolled (seed p.55). */
export function authorityWin(d: number): Fraction {
  let win = 0;
  let lose = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
    if (a + d > b) win++;
    else if (a + d < b) lose++;
  }
  return F(win, win + lose);
}

/** Morale: P(rout) within n triggered activations from valiant, no rally (two failures). */
export function routWithin(data: At43Rules, morale: number, n: number): Fraction {
  const pass = pNeed(moraleNeed(data.utr, morale, data.morale.difficulty));
  const q = Fraction.ONE.sub(pass);
  // P(at least 2 failures in n) = 1 - pass^n - n q pass^(n-1)
  let pn = Fraction.ONE;
  for (let i = 0; i < n; i++) pn = pn.mul(pass);
  let pn1 = Fraction.ONE;
  for (let i = 0; i < n - 1; i++) pn1 = pn1.mul(pass);
  const one = n >= 1 ? F(n).mul(q).mul(pn1) : Fraction.ZERO;
  const r = Fraction.ONE.sub(pn).sub(one);
  return r.compare(Fraction.ZERO) < 0 ? Fraction.ZERO : r;
}

/** AFV state after k damage successes of `dmg` each: outcome = frame-destroyed (2), immobilised (1), running (0). */
export function afvChain(data: At43Rules, frame: number, prop: number, weaponSP: number, nWeapons: number, k: number, dmg: number, policy: 'mostSP' | 'first'): { status: Dist; weaponsLost: Dist } {
  const status = new Map<number, bigint>();
  const lost = new Map<number, bigint>();
  const sp = new Int32Array(SP_STRIDE);
  const faces = data.location.faces;
  const total = 6 ** k;
  for (let code = 0; code < total; code++) {
    sp.fill(0);
    sp[0] = frame;
    sp[1] = prop;
    for (let w = 0; w < nWeapons; w++) sp[2 + w] = weaponSP;
    let c = code;
    let dead = false;
    for (let i = 0; i < k && !dead; i++) {
      const face = c % 6;
      c = Math.floor(c / 6);
      dead = applyAfvDamage(sp, 0, nWeapons, faces[face], dmg, policy);
    }
    const st = dead ? 2 : sp[1] <= 0 ? 1 : 0;
    let wl = 0;
    for (let w = 0; w < nWeapons; w++) if (sp[2 + w] <= 0) wl++;
    status.set(st, (status.get(st) ?? 0n) + 1n);
    lost.set(wl, (lost.get(wl) ?? 0n) + 1n);
  }
  return { status: Dist.fromPairs(status), weaponsLost: Dist.fromPairs(lost) };
}

export function sampleAfvStatus(data: At43Rules, frame: number, prop: number, weaponSP: number, nWeapons: number, k: number, dmg: number, policy: 'mostSP' | 'first', rng: Rng): number {
  const sp = new Int32Array(SP_STRIDE);
  sp[0] = frame;
  sp[1] = prop;
  for (let w = 0; w < nWeapons; w++) sp[2 + w] = weaponSP;
  for (let i = 0; i < k; i++) if (applyAfvDamage(sp, 0, nWeapons, rollLocation(rng, data.location.faces), dmg, policy)) return 2;
  return sp[1] <= 0 ? 1 : 0;
}

/** Indirect fire: successes s after re-rolls; radius and deviation follow (seed p.65-66). */
export function templateDist(data: At43Rules, dice: number, accuracy: number, range: number, rerolls: number): Dist {
  return poolDist(dice, utrNeeded(data.utr, accuracy - range), rerolls);
}

const P = (p: Fraction, uses?: string[]): OddsCell => ({ value: p, uses });
const num = (v: unknown, d: number) => (typeof v === 'number' ? v : d);
const asRules = (d: unknown) => d as At43Rules;
const outcomes = (d: Dist): OddsOutcome[] => d.table().map((r) => ({ outcome: r.outcome, p: r.p }));

const utrMechanic: OddsMechanic = {
  name: 'utr',
  description: 'Universal Table of Resolution: P(success) per die for every (action value, difficulty), with 0, 1 and 2 re-rolls',
  params: {
    maxValue: { default: 12, description: 'largest action value and difficulty listed', min: 1, max: 30, integer: true },
    dice: { default: 7, description: 'dice in the pool (exact-vs-sampled check)', min: 1, max: 40, integer: true },
    av: { default: 3, description: 'action value (check)', min: 0, max: 30, integer: true },
    d: { default: 5, description: 'difficulty (check)', min: 0, max: 30, integer: true },
    rerolls: { default: 1, description: 're-rolls (check)', min: 0, max: 5, integer: true },
  },
  table(data, _o, q) {
    const d = asRules(data);
    const max = num(q.maxValue, 12);
    const rows: OddsRow[] = [];
    for (let av = 0; av <= max; av++)
      for (let df = 0; df <= max; df++) {
        const need = utrNeeded(d.utr, av - df);
        rows.push({ key: { actionValue: av, difficulty: df, need: need === 0 ? 'auto-fail' : need === 1 ? 'auto' : `${need}+` }, cells: { rr0: P(pWithRerolls(need, 0)), rr1: P(pWithRerolls(need, 1)), rr2: P(pWithRerolls(need, 2)) } });
      }
    return {
      title: 'Universal Table of Resolution: P(success) per die',
      keys: [{ name: 'actionValue', label: 'action value' }, { name: 'difficulty', label: 'difficulty' }, { name: 'need', label: 'result needed' }],
      values: [{ name: 'rr0', label: 'no re-roll', kind: 'probability' }, { name: 'rr1', label: '1 re-roll', kind: 'probability' }, { name: 'rr2', label: '2 re-rolls', kind: 'probability' }],
      rows,
      uses: ['utr'],
      charts: [{ mark: 'heatmap', x: 'difficulty', series: 'actionValue', values: ['rr0'], title: 'P(success), no re-roll' }],
    };
  },
  exact: (data, _o, q) => outcomes(poolDist(num(q.dice, 7), utrNeeded(asRules(data).utr, num(q.av, 3) - num(q.d, 5)), num(q.rerolls, 1))),
  sample: (data, _o, q, rng) => rollPool(rng, num(q.dice, 7), utrNeeded(asRules(data).utr, num(q.av, 3) - num(q.d, 5)), num(q.rerolls, 1)),
  checkParams: [{ dice: 7, av: 3, d: 5, rerolls: 1 }, { dice: 6, av: 5, d: 4, rerolls: 0 }, { dice: 3, av: 2, d: 7, rerolls: 2 }],
};

const COVERS = [0, 5, 4, 3];
const salvoMechanic: OddsMechanic = {
  name: 'salvo',
  description: 'Kills per direct-fire salvo on infantry by range band and cover (none, 5+, 4+, 3+): default 6 laser rifles vs storm golems',
  params: {
    weapon: { default: 'laser-rifle', description: 'weapon id' },
    shooters: { default: 6, description: 'fighters firing', min: 1, max: 40, integer: true },
    protection: { default: 6, description: 'target Protection', min: 0, max: 30, integer: true },
    range: { default: 4, description: 'range band (check)', min: 0, max: 20, integer: true },
    cover: { default: 0, description: 'cover need, 0 = no cover (check)', min: 0, max: 6, integer: true },
  },
  validate(data, _o, q) {
    return asRules(data).weapons[String(q.weapon)] ? [] : [['weapon', `unknown weapon '${q.weapon}'; expected one of ${Object.keys(asRules(data).weapons).join(', ')}`]];
  },
  table(data, _o, q) {
    const d = asRules(data);
    const w = d.weapons[String(q.weapon)];
    const rows: OddsRow[] = [];
    for (let r = 0; r <= 10; r++)
      for (const c of COVERS) {
        const k = salvoKills(d, { dice: w.attackRate * num(q.shooters, 6), accuracy: w.accuracy, range: r, rerolls: w.rerolls, penetration: w.penetration, protection: num(q.protection, 6), coverNeed: c });
        rows.push({ key: { range: r, cover: c === 0 ? 'none' : `${c}+` }, cells: { mean: P(k.mean(), [`weapons.${q.weapon}`]), atLeastOne: P(k.probAtLeast(1), [`weapons.${q.weapon}`]) } });
      }
    return {
      title: `Kills per salvo: ${q.shooters} × ${q.weapon} vs Protection ${q.protection}`,
      keys: [{ name: 'range', label: 'range band' }, { name: 'cover', label: 'cover test' }],
      values: [{ name: 'mean', label: 'expected kills', kind: 'expectation' }, { name: 'atLeastOne', label: 'P(≥1 kill)', kind: 'probability' }],
      rows,
      uses: ['utr', 'cover'],
      charts: [{ mark: 'line', x: 'range', series: 'cover', values: ['mean'] }],
    };
  },
  exact(data, _o, q) {
    const d = asRules(data);
    const w = d.weapons[String(q.weapon ?? 'laser-rifle')];
    return outcomes(salvoKills(d, { dice: w.attackRate * num(q.shooters, 6), accuracy: w.accuracy, range: num(q.range, 4), rerolls: w.rerolls, penetration: w.penetration, protection: num(q.protection, 6), coverNeed: num(q.cover, 0) }));
  },
  sample(data, _o, q, rng) {
    const d = asRules(data);
    const w = d.weapons[String(q.weapon ?? 'laser-rifle')];
    return sampleSalvoKills(d, { dice: w.attackRate * num(q.shooters, 6), accuracy: w.accuracy, range: num(q.range, 4), rerolls: w.rerolls, penetration: w.penetration, protection: num(q.protection, 6), coverNeed: num(q.cover, 0) }, rng);
  },
  checkParams: [{ weapon: 'laser-rifle', shooters: 6, range: 4, protection: 6, cover: 0 }, { weapon: 'nanoblaster', shooters: 7, range: 5, protection: 5, cover: 5 }, { weapon: 'laser-rifle', shooters: 6, range: 2, protection: 6, cover: 4 }],
};

const templateMechanic: OddsMechanic = {
  name: 'template',
  description: 'Indirect fire: successes, explosion radius, impacts per fighter and deviation (cm) by range band',
  params: {
    weapon: { default: 'grenade-launcher', description: 'weapon id (with an area of effect)' },
    shooters: { default: 2, description: 'fighters firing', min: 1, max: 20, integer: true },
    dice: { default: 2, description: 'dice (check)', min: 1, max: 40, integer: true },
    accuracy: { default: 2, description: 'Accuracy (check)', min: 0, max: 30, integer: true },
    range: { default: 7, description: 'range band (check)', min: 0, max: 20, integer: true },
  },
  table(data, _o, q) {
    const d = asRules(data);
    const w = d.weapons[String(q.weapon)];
    const dice = w.attackRate * num(q.shooters, 2);
    const rows: OddsRow[] = [];
    for (let r = 0; r <= 10; r++) {
      const s = templateDist(d, dice, w.accuracy, r, w.rerolls);
      for (const row of s.table()) {
        const rad = templateRadius(w.aoe, row.outcome, d.template.capCm);
        rows.push({ key: { range: r, successes: row.outcome, radius: rad, impactsEach: templateImpacts(w.aoe, row.outcome, d.template.capCm, d.template.impactsOverCap), deviationCm: (dice - row.outcome) * d.template.deviationPerMissCm }, cells: { p: P(row.p) } });
      }
    }
    return { title: `Template: ${q.shooters} × ${q.weapon}`, keys: [{ name: 'range', label: 'range band' }, { name: 'successes', label: 'successes' }, { name: 'radius', label: 'radius (cm)' }, { name: 'impactsEach', label: 'impacts each' }, { name: 'deviationCm', label: 'deviation (cm)' }], values: [{ name: 'p', label: 'probability', kind: 'probability' }], rows, uses: ['template', 'utr'] };
  },
  exact: (data, _o, q) => outcomes(templateDist(asRules(data), num(q.dice, 2), num(q.accuracy, 2), num(q.range, 7), 0)),
  sample: (data, _o, q, rng) => rollPool(rng, num(q.dice, 2), utrNeeded(asRules(data).utr, num(q.accuracy, 2) - num(q.range, 7)), 0),
  checkParams: [{ dice: 2, accuracy: 2, range: 7 }, { dice: 6, accuracy: 3, range: 3 }],
};

const afvMechanic: OddsMechanic = {
  name: 'afv',
  description: 'AFV part-damage chain after k damage successes (default Fire Toad: frame 4, propulsion 2, two 1-SP weapons)',
  params: {
    profile: { default: 'fire-toad', description: 'AFV profile id' },
    damage: { default: 1, description: 'Damage per success', min: 1, max: 5, integer: true },
    k: { default: 4, description: 'damage successes (check)', min: 0, max: 7, integer: true },
  },
  table(data, o, q) {
    const d = asRules(data);
    const p = d.profiles[String(q.profile)];
    const rows: OddsRow[] = [];
    for (let k = 0; k <= 7; k++) {
      const c = afvChain(d, p.frameSP, p.propulsionSP, p.weaponSP, p.weapons.length, k, num(q.damage, 1), (o['location.weaponPick'] as 'mostSP') ?? 'mostSP');
      rows.push({ key: { successes: k }, cells: { destroyed: P(c.status.prob(2)), immobilised: P(c.status.prob(1)), weaponsLost: P(c.weaponsLost.mean()) } });
    }
    return { title: `AFV damage chain: ${q.profile}`, keys: [{ name: 'successes', label: 'damage successes' }], values: [{ name: 'destroyed', label: 'P(destroyed)', kind: 'probability' }, { name: 'immobilised', label: 'P(immobilised, not destroyed)', kind: 'probability' }, { name: 'weaponsLost', label: 'expected weapons lost', kind: 'expectation' }], rows, uses: ['location', `profiles.${q.profile}`], charts: [{ mark: 'line', x: 'successes', values: ['destroyed', 'immobilised'] }] };
  },
  exact(data, _o, q) {
    const d = asRules(data);
    const p = d.profiles[String(q.profile ?? 'fire-toad')];
    return outcomes(afvChain(d, p.frameSP, p.propulsionSP, p.weaponSP, p.weapons.length, num(q.k, 4), num(q.damage, 1), 'mostSP').status);
  },
  sample(data, _o, q, rng) {
    const d = asRules(data);
    const p = d.profiles[String(q.profile ?? 'fire-toad')];
    return sampleAfvStatus(d, p.frameSP, p.propulsionSP, p.weaponSP, p.weapons.length, num(q.k, 4), num(q.damage, 1), 'mostSP', rng);
  },
  checkParams: [{ profile: 'fire-toad', k: 4 }, { profile: 'wraith-golgoth', k: 5, damage: 2 }],
};

const moraleMechanic: OddsMechanic = {
  name: 'morale',
  description: 'Morale test pass probability and rout within n triggered activations (no rally)',
  params: {
    morale: { default: 7, description: 'unit Morale (check)', min: 0, max: 20, integer: true },
    n: { default: 2, description: 'triggered activations (check)', min: 0, max: 10, integer: true },
  },
  table(data) {
    const d = asRules(data);
    const rows: OddsRow[] = [];
    for (let m = 2; m <= 14; m++) rows.push({ key: { morale: m }, cells: { pass: P(pNeed(moraleNeed(d.utr, m, d.morale.difficulty))), rout2: P(routWithin(d, m, 2)), rout3: P(routWithin(d, m, 3)), rout4: P(routWithin(d, m, 4)) } });
    return { title: 'Morale', keys: [{ name: 'morale', label: 'unit Morale' }], values: [{ name: 'pass', label: 'P(pass)', kind: 'probability' }, { name: 'rout2', label: 'P(rout within 2)', kind: 'probability' }, { name: 'rout3', label: 'P(rout within 3)', kind: 'probability' }, { name: 'rout4', label: 'P(rout within 4)', kind: 'probability' }], rows, uses: ['morale', 'utr'] };
  },
  exact: (data, _o, q) => {
    const p = routWithin(asRules(data), num(q.morale, 7), num(q.n, 2));
    return [{ outcome: 'rout', p }, { outcome: 'stands', p: Fraction.ONE.sub(p) }];
  },
  sample(data, _o, q, rng) {
    const d = asRules(data);
    const need = moraleNeed(d.utr, num(q.morale, 7), d.morale.difficulty);
    let fails = 0;
    for (let i = 0; i < num(q.n, 2); i++) if (rollPool(rng, 1, need, 0) === 0) fails++;
    return fails >= 2 ? 'rout' : 'stands';
  },
  checkParams: [{ morale: 7, n: 2 }, { morale: 6, n: 3 }],
};

const authorityMechanic: OddsMechanic = {
  name: 'authority',
  description: 'Authority test: P(win) by modifier difference (Authority + wager), ties re-rolled',
  params: { difference: { default: 1, description: 'my modifier minus theirs (check)', min: -12, max: 12, integer: true } },
  table() {
    const rows: OddsRow[] = [];
    for (let dd = -6; dd <= 6; dd++) rows.push({ key: { difference: dd }, cells: { win: P(authorityWin(dd)) } });
    return { title: 'Authority test', keys: [{ name: 'difference', label: 'my modifier − theirs' }], values: [{ name: 'win', label: 'P(win)', kind: 'probability' }], rows, charts: [{ mark: 'line', x: 'difference' }] };
  },
  exact: (_d, _o, q) => {
    const p = authorityWin(num(q.difference, 1));
    return [{ outcome: 0, p }, { outcome: 1, p: Fraction.ONE.sub(p) }];
  },
  sample: (_d, _o, q, rng) => rollAuthority(rng, num(q.difference, 1), 0),
  checkParams: [{ difference: 0 }, { difference: 1 }, { difference: 2 }],
};

const runOverMechanic: OddsMechanic = {
  name: 'runover',
  description: 'Run-over by a rushing AFV: P(eliminated) for a free, an engaged fighter and a support weapon',
  params: { engaged: { default: false, description: 'the fighter is engaged (check)' } },
  table(data) {
    const d = asRules(data);
    return {
      title: 'Run-over',
      keys: [{ name: 'fighter', label: 'fighter' }],
      values: [{ name: 'p', label: 'P(eliminated)', kind: 'probability' }],
      rows: [
        { key: { fighter: 'free' }, cells: { p: P(pNeed(d.runOver.freeNeed)) } },
        { key: { fighter: 'engaged' }, cells: { p: P(pNeed(d.runOver.engagedNeed)) } },
        { key: { fighter: 'support weapon' }, cells: { p: P(Fraction.ONE) } },
      ],
      uses: ['runOver'],
    };
  },
  exact: (data, _o, q) => {
    const p = pNeed(q.engaged ? asRules(data).runOver.engagedNeed : asRules(data).runOver.freeNeed);
    return [{ outcome: 1, p }, { outcome: 0, p: Fraction.ONE.sub(p) }];
  },
  sample: (data, _o, q, rng) => (rollRunOver(rng, false, Boolean(q.engaged), asRules(data).runOver.freeNeed, asRules(data).runOver.engagedNeed) ? 1 : 0),
  checkParams: [{ engaged: false }, { engaged: true }],
};

const coverMechanic: OddsMechanic = {
  name: 'cover',
  description: 'Cover tests: P(an impact is cancelled) at 5+, under "Take cover!" (option) and at 3+',
  params: {
    impacts: { default: 4, description: 'impacts tested (check)', min: 0, max: 40, integer: true },
    need: { default: 5, description: 'cover need (check)', min: 2, max: 6, integer: true },
  },
  table(data, o) {
    const d = asRules(data);
    const tc = Number(o['cover.takeCoverNeed'] ?? 4);
    return {
      title: 'Cover tests',
      keys: [{ name: 'test', label: 'cover test' }],
      values: [{ name: 'p', label: 'P(impact cancelled)', kind: 'probability' }],
      rows: [
        { key: { test: `cover ${d.cover.need}+` }, cells: { p: P(pNeed(d.cover.need)) } },
        { key: { test: `Take cover! ${tc}+` }, cells: { p: P(pNeed(tc)) } },
        { key: { test: '3+ (fan sheet S1)' }, cells: { p: P(pNeed(3)) } },
      ],
      uses: ['cover'],
    };
  },
  exact: (_d, _o, q) => outcomes(Dist.binomial(num(q.impacts, 4), pNeed(num(q.need, 5)))),
  sample: (_d, _o, q, rng) => rollCover(rng, num(q.impacts, 4), num(q.need, 5)),
  checkParams: [{ impacts: 4, need: 5 }, { impacts: 3, need: 4 }],
};

export const at43Odds: OddsModule = {
  mechanics: [utrMechanic, salvoMechanic, templateMechanic, afvMechanic, moraleMechanic, authorityMechanic, runOverMechanic, coverMechanic],
};

export type { OptionValues };
