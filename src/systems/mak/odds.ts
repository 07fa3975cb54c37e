/**
 * Exact odds of Ma.K's dice mechanics, enumerated over the 36 ordered pairs of two d6 with the
 * very roll functions the engine uses (rules/rolls.ts), each with a sampler on the same code:
 * `salvo odds mak` / `salvo cards mak`. Mechanics that depend on an absent chart (endurance,
 * dog-fight, artillery) read it from the rules data, whose provenance marks them placeholder.
 */
import { Fraction } from '../../core/dice/fraction.ts';
import type { OddsMechanic, OddsModule, OddsOutcome, OddsParams, OddsRow } from '../../core/odds.ts';
import type { OptionValues } from '../../core/options.ts';
import type { Rng } from '../../core/rng/rng.ts';
import {
  ART_DEVIATE, ART_HIT, HIT, HIT_AUTO_D, MISS, PRODUCT, R_A, R_D, R_M, R_NONE, RESULT_NAMES, SUM,
  arsonSucceeds, artilleryAccuracy, combine, enduranceResult, hitOutcome, laserDepletes, mgBreaks, mineDetected, moraleRecovers, pilotKilled, ratioColumn,
} from './rules/rolls.ts';
import type { RulesData } from './schema.ts';

const F = (n: number | bigint, d: number | bigint = 1) => Fraction.of(n, d);
const modeOf = (v: unknown) => (v === 'product' ? PRODUCT : SUM);

/** Count of ordered pairs (d1, d2) satisfying f. */
function count36(f: (d1: number, d2: number) => boolean): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (f(a, b)) n++;
  return n;
}

/** P(hit) at attack target T ([5.1.1] 3; spec §8.1). */
export function pHit(T: number, mode: number, snakeAlways = false): Fraction {
  return F(count36((a, b) => hitOutcome(a, b, T, mode, snakeAlways) !== MISS), 36);
}

/** Distribution of the endurance result on a class row with a roll modifier (sum or product dice). */
export function enduranceDist(row: readonly string[], bonus: number, mode = SUM): Fraction[] {
  const c = [0, 0, 0, 0];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) c[enduranceResult(row, combine(a, b, mode) + bonus)]++;
  return c.map((x) => F(x, 36));
}

/** P(-, M, A, D) per shot at target T against a class row: the (1,1) hit is an automatic D ([5.1.2]). */
export function shotDist(T: number, mode: number, row: readonly string[], bonus = 0, snakeAlways = false, endMode = SUM): Fraction[] {
  let plain = 0;
  let auto = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
    const h = hitOutcome(a, b, T, mode, snakeAlways);
    if (h === HIT) plain++;
    else if (h === HIT_AUTO_D) auto++;
  }
  const e = enduranceDist(row, bonus, endMode);
  const pPlain = F(plain, 36);
  const out = [0, 1, 2, 3].map((r) => pPlain.mul(e[r]));
  out[R_D] = out[R_D].add(F(auto, 36));
  out[R_NONE] = out[R_NONE].add(F(36 - plain - auto, 36));
  return out;
}

/** One sampled shot with the engine's roll code: '-', 'M', 'A' or 'D'. */
export function sampleShot(rng: Rng, T: number, mode: number, row: readonly string[], bonus = 0, snakeAlways = false, endMode = SUM): string {
  const d1 = rng.die(6);
  const d2 = rng.die(6);
  const h = hitOutcome(d1, d2, T, mode, snakeAlways);
  if (h === MISS) return '-';
  if (h === HIT_AUTO_D) return 'D';
  return RESULT_NAMES[enduranceResult(row, combine(rng.die(6), rng.die(6), endMode) + bonus)];
}

/** P(laser still working after k shots) = (1 - 3/36)^k ([11.2.1]). */
export function pLaserAlive(k: number): Fraction {
  const p = F(count36((a, b) => !laserDepletes(a, b)), 36);
  let r = F(1);
  for (let i = 0; i < k; i++) r = r.mul(p);
  return r;
}

/** Fire attack on infantry or a pilot ([19.4.2]): strength 2d6, then 2d6 <= strength - defense + terrain. */
export function pFireAttack(defense: number, terrainMod: number, mode = SUM): Fraction {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
    const T = a + b - defense + terrainMod;
    n += count36((c, d) => hitOutcome(c, d, T, mode) !== MISS);
  }
  return F(n, 1296);
}

/** Dog-fight losses ([10.2.1]) at one ratio column: distribution of (aggressor loss, defender loss). */
export function dogfightDist(data: RulesData, aggressor: number, defender: number): OddsOutcome[] {
  const col = ratioColumn(data.dogfight.ratios, aggressor, defender);
  const m = new Map<string, number>();
  for (let d = 0; d < 6; d++) {
    const [a, b] = defender <= 0 ? [0, data.dogfight.breakthrough[d]] : data.dogfight.cells[d][col];
    const k = `${a}/${b}`;
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m.entries()].map(([outcome, c]) => ({ outcome, p: F(c, 6) }));
}

/** Artillery accuracy by request type ([17.2.1]): on target / deviates / no effect. */
export function artilleryDist(n: number, equalIsHit: boolean): Fraction[] {
  const c = [0, 0, 0];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) c[artilleryAccuracy(a + b, n, equalIsHit)]++;
  return c.map((x) => F(x, 36));
}

const asData = (d: unknown) => d as RulesData;
const CLASSES = ['A', 'B', 'C', 'D'] as const;
const classRow = (data: RulesData, c: string): readonly string[] => data.endurance[c as 'A'];

const hit: OddsMechanic = {
  name: 'hit',
  description: 'P(hit) by attack target T, sum and product dice modes (spec §8.1; seed [5.1.1]).',
  params: { mode: { default: 'sum', values: ['sum', 'product'], description: 'dice mode for the sampled twin' }, T: { default: 7, min: -2, max: 40, integer: true, description: 'attack target for the sampled twin' } },
  table() {
    const rows: OddsRow[] = [];
    for (let T = -1; T <= 36; T++) {
      if (T > 13 && ![15, 16, 18, 20, 24, 25, 30, 36].includes(T)) continue;
      rows.push({ key: { T }, cells: { sum: pHit(T, SUM), product: pHit(T, PRODUCT) } });
    }
    return {
      title: 'P(hit) by attack target',
      description: 'Hit iff T >= 0 and R <= T; R = d1 + d2 (sum) or d1 x d2 (product).',
      keys: [{ name: 'T', label: 'attack target T' }],
      values: [{ name: 'sum', label: 'sum mode', kind: 'probability' }, { name: 'product', label: 'product mode', kind: 'probability' }],
      rows,
      charts: [{ mark: 'line', x: 'T', title: 'P(hit) by attack target' }],
    };
  },
  exact: (_d, _o, p) => {
    const ph = pHit(Number(p.T), modeOf(p.mode));
    return [{ outcome: 'hit', p: ph }, { outcome: 'miss', p: F(1).sub(ph) }];
  },
  sample: (_d, _o, p, rng) => (hitOutcome(rng.die(6), rng.die(6), Number(p.T), modeOf(p.mode)) === MISS ? 'miss' : 'hit'),
  checkParams: [{ mode: 'sum', T: 5 }, { mode: 'product', T: 12 }, { mode: 'product', T: 5 }],
};

const damage: OddsMechanic = {
  name: 'damage',
  description: 'P(D / A / M) per shot by attack target and durability class; the indirect +1 column for units outside the centre hex (placeholder endurance table, spec §5.1).',
  params: {
    mode: { default: 'sum', values: ['sum', 'product'], description: 'dice mode of the hit roll' },
    outside: { default: false, description: 'indirect attack, unit outside the target hex (+1 endurance, [5.5.3])' },
    class: { default: 'B', values: ['A', 'B', 'C', 'D'], description: 'durability class (sampled twin)' },
    T: { default: 5, min: -2, max: 36, integer: true, description: 'attack target (sampled twin)' },
  },
  table(d, o, p) {
    const data = asData(d);
    const mode = modeOf(p.mode);
    const bonus = p.outside ? data.rules.outsideCentreBonus : 0;
    const rows: OddsRow[] = [];
    for (const c of CLASSES) for (let T = 0; T <= 13; T++) {
      const x = shotDist(T, mode, classRow(data, c), bonus, o.snakeEyesAutoHit === true);
      const uses = [`endurance.${c}`];
      rows.push({ key: { class: c, T }, cells: { D: { value: x[R_D], uses }, A: { value: x[R_A], uses }, M: { value: x[R_M], uses }, DAM: { value: x[R_D].add(x[R_A]).add(x[R_M]), uses } } });
    }
    return {
      title: `P(result) per shot by attack target and durability (${p.mode} mode${p.outside ? ', outside the centre hex +1' : ''})`,
      keys: [{ name: 'class', label: 'durability' }, { name: 'T', label: 'attack target T' }],
      values: [{ name: 'D', label: 'P(D)', kind: 'probability' }, { name: 'A', label: 'P(A)', kind: 'probability' }, { name: 'M', label: 'P(M)', kind: 'probability' }, { name: 'DAM', label: 'P(any)', kind: 'probability' }],
      rows,
      notes: ['The endurance table is a PLACEHOLDER (spec §5.1): only class B roll 3 = D is from the seed.'],
      charts: [{ mark: 'line', x: 'T', values: ['D'], series: 'class', title: 'P(D) per shot' }],
    };
  },
  exact(d, o, p) {
    const data = asData(d);
    const x = shotDist(Number(p.T), modeOf(p.mode), classRow(data, String(p.class)), p.outside ? data.rules.outsideCentreBonus : 0, o.snakeEyesAutoHit === true);
    return [0, 1, 2, 3].map((r) => ({ outcome: RESULT_NAMES[r], p: x[r] }));
  },
  sample(d, o, p, rng) {
    const data = asData(d);
    return sampleShot(rng, Number(p.T), modeOf(p.mode), classRow(data, String(p.class)), p.outside ? data.rules.outsideCentreBonus : 0, o.snakeEyesAutoHit === true);
  },
  checkParams: [{ mode: 'sum', T: 5, class: 'B', outside: false }, { mode: 'product', T: 7, class: 'C', outside: true }],
  cardParams: [{ mode: 'sum', outside: false, class: 'B', T: 5 }, { mode: 'product', outside: false, class: 'B', T: 5 }, { mode: 'sum', outside: true, class: 'B', T: 5 }],
};

const usage: OddsMechanic = {
  name: 'usage',
  description: 'Laser life and depletion over k shots ({5,6} or {6,6}, [11.2.1]); machine-gun breakdown ({6,6}, [11.2.2]).',
  params: { k: { default: 3, min: 0, max: 50, integer: true, description: 'shots' } },
  table() {
    const rows: OddsRow[] = [];
    const mg = F(count36((a, b) => mgBreaks(a, b, false)), 36);
    for (let k = 0; k <= 12; k++) {
      const alive = pLaserAlive(k);
      let mgAlive = F(1);
      for (let i = 0; i < k; i++) mgAlive = mgAlive.mul(F(1).sub(mg));
      rows.push({ key: { k }, cells: { laserAlive: alive, laserDepleted: F(1).sub(alive), mgBroken: F(1).sub(mgAlive) } });
    }
    return {
      title: 'Weapon usage limits over k shots',
      keys: [{ name: 'k', label: 'shots' }],
      values: [{ name: 'laserAlive', label: 'P(laser working)', kind: 'probability' }, { name: 'laserDepleted', label: 'P(laser depleted)', kind: 'probability' }, { name: 'mgBroken', label: 'P(vehicle MG broken)', kind: 'probability' }],
      rows,
      notes: ['Infantry MGs never break ([14.2.4]). The Anti-AFS rifle loses one turn instead ([14.4.4]).'],
      charts: [{ mark: 'line', x: 'k', title: 'usage limits' }],
    };
  },
  exact: (_d, _o, p) => {
    const a = pLaserAlive(Number(p.k));
    return [{ outcome: 'working', p: a }, { outcome: 'depleted', p: F(1).sub(a) }];
  },
  sample(_d, _o, p, rng) {
    for (let i = 0; i < Number(p.k); i++) if (laserDepletes(rng.die(6), rng.die(6))) return 'depleted';
    return 'working';
  },
};

const infantry: OddsMechanic = {
  name: 'infantry',
  description: 'Fire attack on infantry by defence ([19.4.2]); morale recovery by net modifier ([14.3.2]).',
  params: { defense: { default: 0, min: 0, max: 6, integer: true, description: 'infantry defense (sampled twin)' } },
  table() {
    const rows: OddsRow[] = [];
    for (let m = -3; m <= 4; m++) {
      const key = { modifier: m };
      const cells: Record<string, Fraction> = { recover: F([1, 2, 3, 4, 5, 6].filter((d) => moraleRecovers(d, m)).length, 6) };
      if (m >= 0 && m <= 3) cells.fireHit = pFireAttack(m, 0);
      rows.push({ key, cells });
    }
    return {
      title: 'Infantry: morale recovery by net modifier; fire attack hit by defence (modifier column read as defence 0-3)',
      keys: [{ name: 'modifier', label: 'net modifier / defence' }],
      values: [{ name: 'recover', label: 'P(recover) 1d6 + m <= 4', kind: 'probability' }, { name: 'fireHit', label: 'P(fire attack hits), defence = m', kind: 'probability' }],
      rows,
    };
  },
  exact: (_d, _o, p) => {
    const f = pFireAttack(Number(p.defense), 0);
    return [{ outcome: 'hit', p: f }, { outcome: 'miss', p: F(1).sub(f) }];
  },
  sample(_d, _o, p, rng) {
    const T = rng.die(6) + rng.die(6) - Number(p.defense);
    return hitOutcome(rng.die(6), rng.die(6), T, SUM) === MISS ? 'miss' : 'hit';
  },
};

const misc: OddsMechanic = {
  name: 'misc',
  description: 'Arson by squads, mine detection, fire ignition, pilot death after A/M and D, unarmed combat (seed values).',
  params: {},
  table() {
    const row = (name: string, p: Fraction): OddsRow => ({ key: { event: name }, cells: { p } });
    return {
      title: 'Other seed mechanics',
      keys: [{ name: 'event', label: 'event' }],
      values: [{ name: 'p', label: 'probability', kind: 'probability' }],
      rows: [
        row('arson, 1 squad (2d6 <= 5)', F(count36((a, b) => arsonSucceeds(a + b, 1)), 36)),
        row('arson, 2 squads (-2)', F(count36((a, b) => arsonSucceeds(a + b, 2)), 36)),
        row('arson, 3 squads (-3)', F(count36((a, b) => arsonSucceeds(a + b, 3)), 36)),
        row('engineer mine detection (1d6 <= 5)', F([1, 2, 3, 4, 5, 6].filter((d) => mineDetected(d)).length, 6)),
        row('fire ignition after D on a building (2d6 <= 4)', F(count36((a, b) => a + b <= 4), 36)),
        row('pilot killed after A or M (2d6 >= 7)', F(count36((a, b) => pilotKilled(a + b, R_A)), 36)),
        row('pilot killed after D (2d6 >= 4)', F(count36((a, b) => pilotKilled(a + b, R_D)), 36)),
        row('unarmed hit, sum mode (fixed 4)', pHit(4, SUM)),
        row('unarmed hit, product mode (fixed 4)', pHit(4, PRODUCT)),
      ],
    };
  },
  exact: () => {
    const p = F(count36((a, b) => pilotKilled(a + b, R_M)), 36);
    return [{ outcome: 'killed', p }, { outcome: 'survives', p: F(1).sub(p) }];
  },
  sample: (_d, _o, _p, rng) => (pilotKilled(rng.die(6) + rng.die(6), R_M) ? 'killed' : 'survives'),
};

const dogfight: OddsMechanic = {
  name: 'dogfight',
  description: 'Dog-fight losses (aggressor/defender rating points) by ratio column; PLACEHOLDER chart (spec §5.5).',
  params: { aggressor: { default: 6, min: 0, max: 60, integer: true, description: 'aggressor dog-fight total' }, defender: { default: 4, min: 0, max: 60, integer: true, description: 'defender dog-fight total (0 = breakthrough)' } },
  table(d) {
    const data = asData(d);
    const rows: OddsRow[] = [];
    const cols = [...data.dogfight.ratios.map((r, i) => ({ name: `${r}:1`, i })), { name: 'breakthrough', i: -1 }];
    for (const c of cols) {
      let ea = F(0);
      let ed = F(0);
      for (let k = 0; k < 6; k++) {
        const [a, b] = c.i < 0 ? [0, data.dogfight.breakthrough[k]] : data.dogfight.cells[k][c.i];
        ea = ea.add(F(a, 6));
        ed = ed.add(F(b, 6));
      }
      rows.push({ key: { column: c.name }, cells: { aggressorLoss: { value: ea, uses: ['dogfight'] }, defenderLoss: { value: ed, uses: ['dogfight'] } } });
    }
    return {
      title: 'Dog-fight: expected rating points lost per column (placeholder chart)',
      keys: [{ name: 'column', label: 'ratio column' }],
      values: [{ name: 'aggressorLoss', label: 'E[aggressor loss]', kind: 'expectation' }, { name: 'defenderLoss', label: 'E[defender loss]', kind: 'expectation' }],
      rows,
      notes: ['PLACEHOLDER, not from the rulebook (spec §5.5).'],
    };
  },
  exact: (d, _o, p) => dogfightDist(asData(d), Number(p.aggressor), Number(p.defender)),
  sample(d, _o, p, rng) {
    const data = asData(d);
    const k = rng.int(6);
    const col = ratioColumn(data.dogfight.ratios, Number(p.aggressor), Number(p.defender));
    const [a, b] = Number(p.defender) <= 0 ? [0, data.dogfight.breakthrough[k]] : data.dogfight.cells[k][col];
    return `${a}/${b}`;
  },
};

const artillery: OddsMechanic = {
  name: 'artillery',
  description: 'Artillery accuracy by request type a-e: on target / deviates one hex / no effect; PLACEHOLDER target numbers (spec §5.6).',
  params: { type: { default: 'a', values: ['a', 'b', 'c', 'd', 'e'], description: 'request type (sampled twin)' } },
  table(d, o) {
    const data = asData(d);
    const eq = o.artilleryEqualIs !== 'deviate';
    const rows: OddsRow[] = (['a', 'b', 'c', 'd', 'e'] as const).map((t) => {
      const x = artilleryDist(data.artillery.targetNumber[t], eq);
      const uses = [`artillery.targetNumber.${t}`];
      return { key: { type: t }, cells: { hit: { value: x[ART_HIT], uses }, deviate: { value: x[ART_DEVIATE], uses }, none: { value: x[2], uses } } };
    });
    return {
      title: 'Artillery accuracy by request type (placeholder target numbers)',
      keys: [{ name: 'type', label: 'request type' }],
      values: [{ name: 'hit', label: 'on target', kind: 'probability' }, { name: 'deviate', label: 'deviates', kind: 'probability' }, { name: 'none', label: 'no effect', kind: 'probability' }],
      rows,
      notes: ['PLACEHOLDER, not from the rulebook (spec §5.6).'],
    };
  },
  exact(d, o, p) {
    const x = artilleryDist(asData(d).artillery.targetNumber[String(p.type) as 'a'], o.artilleryEqualIs !== 'deviate');
    return [{ outcome: 'hit', p: x[0] }, { outcome: 'deviate', p: x[1] }, { outcome: 'none', p: x[2] }];
  },
  sample(d, o, p, rng) {
    const r = artilleryAccuracy(rng.die(6) + rng.die(6), asData(d).artillery.targetNumber[String(p.type) as 'a'], o.artilleryEqualIs !== 'deviate');
    return r === 0 ? 'hit' : r === 1 ? 'deviate' : 'none';
  },
};

/** P(a landing Hornisse is destroyed) by the AA fire of `shooters` units at T each ([10.6.3]): class C, A/M/D destroy. */
export function pLandingLost(T: number, shooters: number, mode: number, data: RulesData, snakeAlways = false): Fraction {
  const x = shotDist(T, mode, data.endurance.C, 0, snakeAlways);
  const survive = F(1).sub(x[R_D]).sub(x[R_A]).sub(x[R_M]);
  let all = F(1);
  for (let i = 0; i < shooters; i++) all = all.mul(survive);
  return F(1).sub(all);
}

const landing: OddsMechanic = {
  name: 'landing',
  description: 'Hornisse landing in an enemy hex ([10.6.3], spec §8.2 #60): P(destroyed, PK41 and suit together) by the AA attack target and the number of enemy units firing; class C with A, M or D destroying (placeholder endurance table, spec §5.1).',
  params: {
    mode: { default: 'sum', values: ['sum', 'product'], description: 'dice mode of the AA rolls' },
    T: { default: 7, min: -2, max: 36, integer: true, description: 'AA attack target (sampled twin)' },
    shooters: { default: 1, min: 1, max: 8, integer: true, description: 'enemy units in the hex (sampled twin)' },
  },
  table(d, o, p) {
    const data = asData(d);
    const mode = modeOf(p.mode);
    const rows: OddsRow[] = [];
    for (let T = 2; T <= 12; T++) {
      const uses = ['endurance.C'];
      rows.push({ key: { T }, cells: Object.fromEntries([1, 2, 3].map((k) => [`k${k}`, { value: pLandingLost(T, k, mode, data, o.snakeEyesAutoHit === true), uses }])) });
    }
    return {
      title: `Landing Hornisse destroyed by AA fire (${p.mode} mode)`,
      keys: [{ name: 'T', label: 'AA attack target T' }],
      values: [1, 2, 3].map((k) => ({ name: `k${k}`, label: `${k} unit(s) firing`, kind: 'probability' as const })),
      rows,
      notes: ['The endurance table is a PLACEHOLDER (spec §5.1). Given a hit at T = 7 (sum), P(destroyed) = 38/63 (spec §8.2 #60).'],
    };
  },
  exact(d, o, p) {
    const f = pLandingLost(Number(p.T), Number(p.shooters), modeOf(p.mode), asData(d), o.snakeEyesAutoHit === true);
    return [{ outcome: 'destroyed', p: f }, { outcome: 'lands', p: F(1).sub(f) }];
  },
  sample(d, o, p, rng) {
    const data = asData(d);
    for (let i = 0; i < Number(p.shooters); i++) if (sampleShot(rng, Number(p.T), modeOf(p.mode), data.endurance.C, 0, o.snakeEyesAutoHit === true) !== '-') return 'destroyed';
    return 'lands';
  },
  checkParams: [{ mode: 'sum', T: 7, shooters: 1 }, { mode: 'product', T: 9, shooters: 2 }],
};

const arson: OddsMechanic = {
  name: 'arson',
  description: 'Engineer arson ([14.4.2], spec §6 A18): P(fire) by the number of stacked squads, 2d6 - n (n >= 2) <= 5 (seed values).',
  params: { squads: { default: 1, min: 1, max: 6, integer: true, description: 'engineer squads in the attempt' } },
  table(d) {
    const at = asData(d).rules.arsonAtMost;
    return {
      title: 'Arson: P(fire) by squads',
      keys: [{ name: 'squads', label: 'squads' }],
      values: [{ name: 'p', label: 'P(fire)', kind: 'probability' }],
      rows: [1, 2, 3, 4].map((n) => ({ key: { squads: n }, cells: { p: F(count36((a, b) => arsonSucceeds(a + b, n, at)), 36) } })),
    };
  },
  exact(d, _o, p) {
    const f = F(count36((a, b) => arsonSucceeds(a + b, Number(p.squads), asData(d).rules.arsonAtMost)), 36);
    return [{ outcome: 'fire', p: f }, { outcome: 'none', p: F(1).sub(f) }];
  },
  sample: (d, _o, p, rng) => (arsonSucceeds(rng.die(6) + rng.die(6), Number(p.squads), asData(d).rules.arsonAtMost) ? 'fire' : 'none'),
  checkParams: [{ squads: 1 }, { squads: 3 }],
};

export const oddsModule: OddsModule = { mechanics: [hit, damage, usage, infantry, misc, dogfight, artillery, landing, arson] };
export type { OddsParams, OptionValues };
