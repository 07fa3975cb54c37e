/**
 * Exact odds of Panzer Vor!'s two rolls, built on core/dice/exact.ts and on the very roll
 * functions the engine uses (rules/rolls.ts), so exact and sampled numbers come from one
 * definition (design convention 8). `salvo odds` / reference cards use `oddsModule`.
 *
 *   P(hit)            = P(2d6 + mods >= d), 0 at extreme range unless the modifiers allow it
 *   P(destroy | hit)  = P(2d6 + firepower + rangeMod(d) + mods >= armour)
 *   P(destroy)        = P(hit) * P(destroy | hit)      (the rolls are independent)
 */
import { TWO_D6 } from '../../core/dice/exact.ts';
import { Fraction } from '../../core/dice/fraction.ts';
import { defineMechanic, type OddsModule, type OddsParams, type OddsRow } from '../../core/odds.ts';
import type { Rng } from '../../core/rng/rng.ts';
import { suggest } from '../../core/options.ts';
import { attackHits, destroys, extremeMode, rangeModifier, roll2d6, XR_POSITIVE } from './rules/rolls.ts';
import type { PvOptions } from './options.ts';
import type { RulesData, ScenarioBody } from './schema.ts';

export interface AttackOddsOptions {
  /** First extreme-range distance (option extremeRangeFrom, default 13). */
  readonly extremeFrom?: number;
  /** Option extremeRangeNeeds (default 'positiveCardOrCharacter'). */
  readonly extremeNeeds?: string;
  /** Card + attacking-crew modifier inside `mods` (for the extreme-range rule; default: all of mods). */
  readonly cardCharMod?: number;
}

function xr(o: AttackOddsOptions) {
  return { from: o.extremeFrom ?? 13, mode: o.extremeNeeds ? extremeMode(o.extremeNeeds) : XR_POSITIVE };
}

/** P(hit) at distance d with total attack modifier `mods` (size + card + reaction + character ...). */
export function pHit(d: number, mods: number, o: AttackOddsOptions = {}): Fraction {
  const { from, mode } = xr(o);
  const cc = o.cardCharMod ?? mods;
  return TWO_D6.probWhere((n) => attackHits(n, mods, d, from, mode, cc));
}

/**
 * P(hit) when the attacking crew holds an attack ability `value` used just in time (only when it
 * turns a miss into a hit, seed p13): the hit probability and the probability the counter is spent.
 */
export function pHitWithAbility(d: number, mods: number, value: number, o: AttackOddsOptions = {}): { p: Fraction; consumed: Fraction } {
  const { from, mode } = xr(o);
  const cc = o.cardCharMod ?? mods;
  const without = (n: number) => attackHits(n, mods, d, from, mode, cc);
  const withAb = (n: number) => attackHits(n, mods + value, d, from, mode, cc + value);
  return {
    p: TWO_D6.probWhere((n) => without(n) || withAb(n)),
    consumed: TWO_D6.probWhere((n) => !without(n) && withAb(n)),
  };
}

/** P(destroy | hit): firepower against armour at distance d, with extra damage modifiers. */
export function pDestroyGivenHit(firepower: number, armour: number, d: number, dmgMods = 0, rangeMods: readonly number[] = [2, 1, 0]): Fraction {
  const m = rangeModifier(rangeMods, d) + dmgMods;
  return TWO_D6.probWhere((n) => destroys(n, firepower, m, armour));
}

/** Same, with a damage ability `value` used just in time; also the probability it is spent. */
export function pDestroyWithAbility(firepower: number, armour: number, d: number, value: number, dmgMods = 0, rangeMods: readonly number[] = [2, 1, 0]): { p: Fraction; consumed: Fraction } {
  const m = rangeModifier(rangeMods, d) + dmgMods;
  const without = (n: number) => destroys(n, firepower, m, armour);
  const withAb = (n: number) => destroys(n, firepower, m + value, armour);
  return { p: TWO_D6.probWhere((n) => without(n) || withAb(n)), consumed: TWO_D6.probWhere((n) => !without(n) && withAb(n)) };
}

/** P(destroy) per shot (independent rolls). */
export function pDestroyPerShot(hit: Fraction, destroyGivenHit: Fraction): Fraction {
  return hit.mul(destroyGivenHit);
}

/** P(at least one kill in k independent shots). */
export function pAtLeastOneKill(perShot: Fraction, k: number): Fraction {
  let miss = Fraction.ONE;
  const q = Fraction.ONE.sub(perShot);
  for (let i = 0; i < k; i++) miss = miss.mul(q);
  return Fraction.ONE.sub(miss);
}

// ---------------------------------------------------------------- OddsModule

/** Declares a mechanic over Panzer Vor!'s rules data and options, its parameters typed from their specs. */
const mechanic = defineMechanic<RulesData, PvOptions, ScenarioBody>();
const extremeOpts = (o: PvOptions) => ({ extremeFrom: o.extremeRangeFrom, extremeNeeds: o.extremeRangeNeeds });

const attackRoll = mechanic({
  name: 'attack-roll',
  description: 'P(hit) by distance and net attack modifier (the modifier counted as a card/character modifier for the extreme-range rule); seed p10-p11',
  params: {
    maxDistance: { default: 15, min: 1, max: 40, integer: true, description: 'largest distance tabulated' },
    distance: { default: 7, min: 1, max: 40, integer: true, description: 'distance for the exact-vs-sampled check' },
    modifier: { default: 0, min: -10, max: 10, integer: true, description: 'net modifier for the exact-vs-sampled check' },
  },
  table(_data, options, params) {
    const rows: OddsRow[] = [];
    for (let d = 1; d <= params.maxDistance; d++) {
      for (let m = -3; m <= 3; m++) rows.push({ key: { distance: d, modifier: m }, cells: { pHit: { value: pHit(d, m, extremeOpts(options)) } } });
    }
    return {
      title: 'Attack roll: P(hit)',
      description: 'Hit iff 2d6 + modifiers >= distance; from the extreme-range distance only with a positive card/character modifier (option extremeRangeNeeds).',
      keys: [{ name: 'distance', label: 'distance (hexes)' }, { name: 'modifier', label: 'net attack modifier' }],
      values: [{ name: 'pHit', label: 'P(hit)', kind: 'probability' }],
      rows,
      charts: [{ mark: 'line', x: 'distance', series: 'modifier', title: 'P(hit) by distance' }],
      pivot: 'modifier',
    };
  },
  exact: (_d, options, p) => {
    const h = pHit(p.distance, p.modifier, extremeOpts(options));
    return [{ outcome: 'hit', p: h }, { outcome: 'miss', p: Fraction.ONE.sub(h) }];
  },
  sample: (_d, options, p, rng: Rng) => {
    const o = extremeOpts(options);
    const m = p.modifier;
    return attackHits(roll2d6(rng), m, p.distance, o.extremeFrom, extremeMode(o.extremeNeeds), m) ? 'hit' : 'miss';
  },
  checkParams: [{ distance: 7, modifier: 0 }, { distance: 7, modifier: -1 }, { distance: 14, modifier: 2 }, { distance: 13, modifier: 0 }],
});

const damageRoll = mechanic({
  name: 'damage-roll',
  description: 'P(destroy | hit) by firepower minus armour and range band; seed p11',
  params: {
    margin: { default: -7, min: -30, max: 30, integer: true, description: 'firepower - armour for the exact-vs-sampled check' },
    distance: { default: 3, min: 1, max: 40, integer: true, description: 'distance for the exact-vs-sampled check' },
  },
  table(data) {
    const rm = data.rules.damageRangeMods;
    const rows: OddsRow[] = [];
    for (let margin = -14; margin <= 0; margin++) {
      for (const d of [1, 2, 3]) rows.push({ key: { margin, band: d === 3 ? '3+' : String(d) }, cells: { pDestroy: { value: pDestroyGivenHit(margin, 0, d, 0, rm) } } });
    }
    return {
      title: 'Damage roll: P(destroy | hit)',
      description: 'Destroyed iff 2d6 + firepower + range modifier >= armour of the arc hit.',
      keys: [{ name: 'margin', label: 'firepower - armour' }, { name: 'band', label: 'distance' }],
      values: [{ name: 'pDestroy', label: 'P(destroy | hit)', kind: 'probability' }],
      rows,
      uses: ['rules.damageRangeMods'],
      charts: [{ mark: 'line', x: 'margin', series: 'band', title: 'P(destroy | hit) by firepower - armour' }],
      pivot: 'band',
    };
  },
  exact: (data, _o, p) => {
    const h = pDestroyGivenHit(p.margin, 0, p.distance, 0, data.rules.damageRangeMods);
    return [{ outcome: 'destroyed', p: h }, { outcome: 'survives', p: Fraction.ONE.sub(h) }];
  },
  sample: (data, _o, p, rng) => destroys(roll2d6(rng), p.margin, rangeModifier(data.rules.damageRangeMods, p.distance), 0) ? 'destroyed' : 'survives',
  checkParams: [{ margin: -7, distance: 3 }, { margin: -11, distance: 1 }, { margin: -4, distance: 2 }],
});

const ARCS = ['front', 'side', 'rear'] as const;

const shot = mechanic({
  name: 'shot',
  description: 'P(destroy) per shot, attacker tank against target tank, by distance and arc hit (plain attack card)',
  params: {
    attacker: { default: 'pz4f2', description: 'attacking tank id' },
    target: { default: 'm4', description: 'target tank id' },
    gun: { default: 'only', values: ['only', 'main', 'secondary'], description: 'gun role (multi-gun tanks)' },
    cardMod: { default: 0, min: -5, max: 5, integer: true, description: 'attack modifier of the Action card' },
    distance: { default: 5, min: 1, max: 40, integer: true, description: 'distance for the exact-vs-sampled check' },
    arc: { default: 'front', values: ['front', 'side', 'rear'], description: 'arc hit, for the exact-vs-sampled check' },
  },
  validate(data, _o, p) {
    const d = data;
    const out: Array<[string, string]> = [];
    for (const k of ['attacker', 'target'] as const) {
      const id = p[k];
      if (!d.tanks[id]) out.push([k, `unknown tank '${id}'${suggest(id, Object.keys(d.tanks))}`]);
    }
    const a = d.tanks[p.attacker];
    if (a && !a.guns.some((g) => g.role === p.gun)) out.push(['gun', `tank '${p.attacker}' has no '${p.gun}' gun (it has ${a.guns.map((g) => g.role).join(', ')})`]);
    return out;
  },
  table(data, options, p) {
    const d = data;
    const a = d.tanks[p.attacker];
    const t = d.tanks[p.target];
    const g = a.guns.find((x) => x.role === p.gun) ?? a.guns[0];
    const rows: OddsRow[] = [];
    const cardMod = p.cardMod;
    for (let dist = 1; dist <= g.range; dist++) {
      const hit = pHit(dist, t.size + cardMod, { ...extremeOpts(options), cardCharMod: cardMod });
      const cells: Record<string, { value: Fraction }> = { pHit: { value: hit } };
      for (const arc of ARCS) {
        const armour = options.simplifiedArmour ? t.armour.side : t.armour[arc];
        cells[arc] = { value: pDestroyPerShot(hit, pDestroyGivenHit(g.firepower, armour, dist, 0, d.rules.damageRangeMods)) };
      }
      rows.push({ key: { distance: dist }, cells });
    }
    return {
      title: `${a.name} (${g.role} gun) against ${t.name}: P(destroy) per shot`,
      keys: [{ name: 'distance', label: 'distance (hexes)' }],
      values: [{ name: 'pHit', label: 'P(hit)', kind: 'probability' }, ...ARCS.map((arc) => ({ name: arc, label: `P(destroy), ${arc} armour`, kind: 'probability' as const }))],
      rows,
      uses: [`tanks.${p.attacker}`, `tanks.${p.target}`, 'rules.damageRangeMods'],
      charts: [{ mark: 'line', x: 'distance', title: 'P(destroy) per shot by distance and arc' }],
    };
  },
  // one shot: the attack roll, then (on a hit) the damage roll, with the engine's roll functions
  exact: (data, options, p) => {
    const { g, t, armour } = shotSetup(data, options, p);
    const hit = pHit(p.distance, t.size + p.cardMod, { ...extremeOpts(options), cardCharMod: p.cardMod });
    const kill = pDestroyPerShot(hit, pDestroyGivenHit(g.firepower, armour, p.distance, 0, data.rules.damageRangeMods));
    return [{ outcome: 'miss', p: Fraction.ONE.sub(hit) }, { outcome: 'hit, survives', p: hit.sub(kill) }, { outcome: 'destroyed', p: kill }];
  },
  sample: (data, options, p, rng) => {
    const { g, t, armour } = shotSetup(data, options, p);
    const o = extremeOpts(options);
    if (!attackHits(roll2d6(rng), t.size + p.cardMod, p.distance, o.extremeFrom, extremeMode(o.extremeNeeds), p.cardMod)) return 'miss';
    return destroys(roll2d6(rng), g.firepower, rangeModifier(data.rules.damageRangeMods, p.distance), armour) ? 'destroyed' : 'hit, survives';
  },
  checkParams: [
    { attacker: 'pz4f2', target: 'm4', gun: 'only', cardMod: 0, distance: 5, arc: 'front' },
    { attacker: 'firefly', target: 'pz4f2', gun: 'only', cardMod: 1, distance: 3, arc: 'side' },
    { attacker: 'pz4f2', target: 'm4', gun: 'only', cardMod: 2, distance: 13, arc: 'rear' },
  ],
  cardParams: [{ attacker: 'pz4f2', target: 'm4', gun: 'only', cardMod: 0 }, { attacker: 'firefly', target: 'pz4f2', gun: 'only', cardMod: 0 }],
});

/** The gun, target and armour value of a `shot` check. */
function shotSetup(data: RulesData, options: PvOptions, p: { attacker: string; target: string; gun: string; arc: string }) {
  const a = data.tanks[p.attacker];
  const t = data.tanks[p.target];
  const g = a.guns.find((x) => x.role === p.gun) ?? a.guns[0];
  const arc = ARCS.find((x) => x === p.arc) ?? 'front';
  return { g, t, armour: options.simplifiedArmour ? t.armour.side : t.armour[arc] };
}

export const oddsModule: OddsModule<RulesData, PvOptions, ScenarioBody> = { mechanics: [attackRoll, damageRoll, shot] };

export type { OddsParams };
