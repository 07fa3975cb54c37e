/**
 * Exact twins of the MGV attack procedures (spec §8.3/§8.4), data-driven: rules data in,
 * tables of outcome -> Fraction out. Used by tests against the engine's roll code and by
 * `salvo odds mgv`. The opposed sorted-dice contest (missiles) uses the core's exact contest.
 */
import { Dist } from '../../core/dice/exact.ts';
import { opposedContest } from '../../core/dice/contest.ts';
import { Fraction } from '../../core/dice/fraction.ts';
import type { MgvRules } from './schema.ts';
import { defineMechanic, type OddsCell, type OddsModule, type OddsRow } from '../../core/odds.ts';
import type { MgvOptions } from './options.ts';
import type { MgvScenario } from './schema.ts';
import { missileColour, rangingPenalty, rollKinetic, rollPhoton, rollThermal } from './rules/combat.ts';
import { jamBand, jamScore } from './rules/movement.ts';
import { diesAtReset } from './rules/reset.ts';

export interface OddsTable {
  readonly id: string;
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: ReadonlyArray<Readonly<Record<string, string | number | Fraction>>>;
}

const D6 = Dist.die(6);

/** Ratio column index for attack A vs defence D (-1 when A <= 0). Mirrors combat.ratioColumn. */
export function columnFor(data: MgvRules, A: number, D: number): number {
  const t = data.ratioColumns.thresholds;
  if (A <= 0) return -1;
  if (D <= 0) return t.length - 1;
  const pct = Math.floor((100 * A) / D);
  let c = 0;
  for (let k = 0; k < t.length; k++) if (pct >= t[k]) c = k;
  return c;
}

/** Kinetic: cells marked for a ratio column (best of the kinetic dice). */
export function kineticCells(data: MgvRules, col: number): Dist {
  if (col < 0) return Dist.constant(0);
  const tab = data.kinetic.table;
  return D6.highestOf(data.kinetic.dice).map((f) => tab[String(f) as '1'][col]);
}

/** Thermal: hull cells destroyed for a ratio column (miss faces score 0). */
export function thermalCells(data: MgvRules, col: number): Dist {
  if (col < 0) return Dist.constant(0);
  const tab = data.thermal.table;
  return D6.map((f) => (data.thermal.missFaces.includes(f) ? 0 : tab[String(f) as '1'][col]));
}

/** Photon dice after the ranging penalty (spec §6 A-1): perFullInch or fitBothExamples. */
export function photonDice(attack: number, error: number, rule: 'perFullInch' | 'fitBothExamples', perInch = -1): number {
  const e = Math.abs(error);
  const pen = rule === 'perFullInch' ? Math.floor(e + 1e-9) : e < 1 ? 0 : Math.max(1, Math.floor(e / 3 + 1e-9));
  return Math.max(0, attack + perInch * pen);
}

/** Photon: joint distribution of (hull hits, core hits) for n dice. */
export function photonHits(data: MgvRules, n: number): Array<{ hull: number; core: number; p: Fraction }> {
  // weights out of 6^n: each die core (1 face), hull (1 face), nothing (4 faces)
  let m = new Map<number, bigint>([[0, 1n]]);
  const hf = data.photon.hullFace >= 1 && data.photon.hullFace <= 6 ? 1n : 0n;
  const cf = data.photon.coreFace >= 1 && data.photon.coreFace <= 6 ? 1n : 0n;
  const none = 6n - hf - cf;
  for (let k = 0; k < n; k++) {
    const next = new Map<number, bigint>();
    for (const [key, w] of m) {
      const h = key >> 8;
      const c = key & 0xff;
      const add = (hh: number, cc: number, ww: bigint) => ww && next.set((hh << 8) | cc, (next.get((hh << 8) | cc) ?? 0n) + ww);
      add(h, c, w * none);
      add(h + 1, c, w * hf);
      add(h, c + 1, w * cf);
    }
    m = next;
  }
  const total = 6n ** BigInt(n);
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([key, w]) => ({ hull: key >> 8, core: key & 0xff, p: new Fraction(w, total) }));
}

/**
 * Opposed sorted-dice contest (seed §5.2): a attack vs d defence d6, both sorted high to low
 * and paired; an attack die hits if higher than its pair (ties per `tie`) or if it is
 * unpaired. Built on the core's exact contest (src/core/dice/contest.ts): hits = attacker wins
 * over the paired ranks + the unpaired attack dice.
 */
export function missileHits(a: number, d: number, tie: 'cancel' | 'attacker' | 'defender' = 'cancel'): Dist {
  if (a <= 0) return Dist.constant(0);
  const extra = Math.max(0, a - d);
  if (d <= 0) return Dist.constant(a);
  return opposedContest(a, d, { ties: tie }).marginal('attackerWins').map((w) => w + extra);
}

/** Missile: joint (core infestations, hull infestations) for given dice and secret splits. */
export function missileInfestations(attDice: number, attCore: number, defDice: number, defCore: number, tie: 'cancel' | 'attacker' | 'defender' = 'cancel'): Array<{ core: number; hull: number; p: Fraction }> {
  const core = missileHits(attCore, defCore, tie);
  const hull = missileHits(attDice - attCore, defDice - defCore, tie);
  const rows: Array<{ core: number; hull: number; p: Fraction }> = [];
  for (const rc of core.table()) for (const rh of hull.table()) rows.push({ core: rc.outcome, hull: rh.outcome, p: rc.p.mul(rh.p) });
  return rows;
}

/** Jamming: effect distribution for net jamming points J (spec §5.8 [P]). */
export function jammingEffects(data: MgvRules, J: number): Array<{ effect: string; p: Fraction }> {
  if (J <= 0) return [{ effect: 'none', p: Fraction.ONE }];
  const d = D6.map((f) => {
    const score = f + J;
    const i = data.jamming.bands.findIndex((b) => score <= b.max);
    return i < 0 ? data.jamming.bands.length - 1 : i;
  });
  return d.table().map((r) => ({ effect: data.jamming.bands[r.outcome].effect, p: r.p }));
}

/** Sudden death chance per Reset for a number of B hits (spec §5.7 [P]). */
export function deathChance(data: MgvRules, bHits: number): Fraction {
  if (bHits <= 0) return Fraction.ZERO;
  if (bHits >= data.death.automaticAt) return Fraction.ONE;
  const min = data.death.minRollByBHits[Math.min(bHits, data.death.minRollByBHits.length) - 1];
  return D6.probAtLeast(min);
}

/** Chance a repair die succeeds (with the repair-module bonus if `module`). */
export function repairChance(min: number, module: boolean, bonus = 1): Fraction {
  return D6.probAtLeast(min - (module ? bonus : 0));
}

function distRows(d: Dist, label: string): Array<Record<string, string | number | Fraction>> {
  return d.table().map((r) => ({ [label]: r.outcome, p: r.p }));
}

/** The tables `salvo odds mgv` prints; parameters: attack, defense, dice, error, attackDice, defenseDice, attackCore, defenseCore, J. */
export function oddsTables(data: MgvRules, q: Readonly<Record<string, number | string>> = {}): OddsTable[] {
  const num = (k: string, d: number) => (q[k] === undefined ? d : Number(q[k]));
  const labels = data.ratioColumns.labels;
  const tables: OddsTable[] = [];
  const kin: Array<Record<string, string | number | Fraction>> = [];
  const the: Array<Record<string, string | number | Fraction>> = [];
  labels.forEach((lab, col) => {
    for (const r of kineticCells(data, col).table()) kin.push({ column: lab, cells: r.outcome, p: r.p });
    for (const r of thermalCells(data, col).table()) the.push({ column: lab, cells: r.outcome, p: r.p });
  });
  tables.push({ id: 'kinetic', title: 'Kinetic: cells marked in line, by ratio column (best of 2D6)', columns: ['column', 'cells', 'p'], rows: kin });
  tables.push({ id: 'thermal', title: 'Thermal: hull cells destroyed, by ratio column (1D6, 1-2 miss)', columns: ['column', 'cells', 'p'], rows: the });
  if (q.attack !== undefined && q.defense !== undefined) {
    const col = columnFor(data, num('attack', 0), num('defense', 1));
    tables.push({ id: 'kinetic-at', title: `Kinetic ${q.attack} vs ${q.defense} (column ${col < 0 ? '-' : labels[col]})`, columns: ['cells', 'p'], rows: distRows(kineticCells(data, col), 'cells') });
    tables.push({ id: 'thermal-at', title: `Thermal ${q.attack} vs ${q.defense} (column ${col < 0 ? '-' : labels[col]})`, columns: ['cells', 'p'], rows: distRows(thermalCells(data, col), 'cells') });
  }
  const dice = q.dice !== undefined ? num('dice', 8) : photonDice(num('attack', 8), num('error', 0), (q.rangingPenalty as 'perFullInch') ?? 'perFullInch', data.modifiers.perRangingInch);
  tables.push({ id: 'photon', title: `Photon: ${dice} dice (5 = hull hit, 6 = core hit)`, columns: ['hull', 'core', 'p'], rows: photonHits(data, dice) });
  const ad = num('attackDice', 4);
  const dd = num('defenseDice', 5);
  const ac = num('attackCore', Math.ceil(ad / 2));
  const dc = num('defenseCore', Math.ceil((2 * dd) / 3));
  tables.push({ id: 'missile', title: `Missile: ${ac}/${ad} attack dice on core vs ${dc}/${dd} defence dice on core`, columns: ['core', 'hull', 'p'], rows: missileInfestations(ad, ac, dd, dc) });
  const jam: Array<Record<string, string | number | Fraction>> = [];
  for (let J = 1; J <= 6; J++) for (const r of jammingEffects(data, J)) jam.push({ J, effect: r.effect, p: r.p });
  tables.push({ id: 'jamming', title: 'Jamming: effect by net jammer points J', columns: ['J', 'effect', 'p'], rows: jam });
  const death: Array<Record<string, string | number | Fraction>> = [];
  for (let b = 1; b <= data.death.automaticAt; b++) death.push({ bHits: b, p: deathChance(data, b) });
  tables.push({ id: 'death', title: 'Sudden death per Reset by B hits', columns: ['bHits', 'p'], rows: death });
  return tables;
}

// ---------------------------------------------------------------------------------------------
// OddsModule mechanics (salvo odds mgv <mechanic>): exact tables, outcome distributions, and
// samplers built on the engine's own roll code (combat.ts).

function flatTable(t: Record<string, number[]>): Int8Array {
  const out = new Int8Array(42);
  for (let f = 1; f <= 6; f++) for (let c = 0; c < 7; c++) out[(f - 1) * 7 + c] = t[String(f)][c];
  return out;
}

const pathsRatio = ['ratioColumns.thresholds'];
const P = (v: Fraction): OddsCell => ({ value: v });

/** Declares a mechanic over MGV's rules data and options, its parameters typed from their specs. */
const mechanic = defineMechanic<MgvRules, MgvOptions, MgvScenario>();

function ratioMechanic(kind: 'kinetic' | 'thermal') {
  const cells = kind === 'kinetic' ? kineticCells : thermalCells;
  return mechanic({
    name: kind,
    description: kind === 'kinetic' ? 'Kinetic: cells marked in line by attack vs defence (best of 2D6 on the Kinetic table)' : 'Thermal: hull cells destroyed by attack vs defence (1D6, 1-2 always miss)',
    params: {
      attack: { default: kind === 'kinetic' ? 11 : 8, min: 0, max: 60, integer: true, description: 'modified attack value' },
      defense: { default: 6, min: 0, max: 60, integer: true, description: 'target defence' },
    },
    table(data, _o, p) {
      const d = data;
      const labels = d.ratioColumns.labels;
      const max = kind === 'kinetic' ? 4 : 3;
      const at = columnFor(d, p.attack, p.defense);
      const rows: OddsRow[] = labels.map((lab, col) => {
        const dist = cells(d, col);
        const c: Record<string, OddsCell> = { mean: { value: dist.mean() } };
        for (let k = 0; k <= max; k++) c[`p${k}`] = P(dist.prob(k));
        return { key: { column: lab }, cells: c };
      });
      return {
        title: kind === 'kinetic' ? 'Kinetic fire: cells marked by ratio column' : 'Thermal fire: hull cells destroyed by ratio column',
        keys: [{ name: 'column', label: 'ratio column (% attack/defence)' }],
        values: [{ name: 'mean', label: 'mean cells', kind: 'expectation' }, ...Array.from({ length: max + 1 }, (_, k) => ({ name: `p${k}`, label: `${k} cells`, kind: 'probability' as const }))],
        rows,
        uses: [kind === 'kinetic' ? 'kinetic.table' : 'thermal.table', ...pathsRatio],
        charts: [{ mark: 'bar', x: 'column', values: ['mean'], title: kind === 'kinetic' ? 'Kinetic: mean cells by column' : 'Thermal: mean destroyed cells by column' }],
        ...(at >= 0 ? { select: { column: labels[at] } } : {}), // the column of attack vs defence (highlighted on cards)
      };
    },
    exact(data, _o, p) {
      const d = data;
      return cells(d, columnFor(d, p.attack, p.defense)).table().map((r) => ({ outcome: r.outcome, p: r.p }));
    },
    sample(data, _o, p, rng) {
      const d = data;
      const col = columnFor(d, p.attack, p.defense);
      if (col < 0) return 0;
      if (kind === 'kinetic') return rollKinetic(rng, d.kinetic.dice, flatTable(d.kinetic.table), col);
      const miss = new Uint8Array(8);
      for (const f of d.thermal.missFaces) miss[f] = 1;
      return rollThermal(rng, miss, flatTable(d.thermal.table), col);
    },
    checkParams: [{ attack: 11, defense: 6 }, { attack: 12, defense: 6 }, { attack: 4, defense: 6 }, { attack: 8, defense: 2 }],
  });
}

const photonMechanic = mechanic({
  name: 'photon',
  description: 'Photon fire: hull and core damage hits for an attack value and a ranging error (5 = hull, 6 = core)',
  params: {
    attack: { default: 8, min: 0, max: 40, integer: true, description: 'photon attack value after other modifiers' },
    error: { default: 0, min: 0, max: 100, description: 'ranging error in inches' },
  },
  table(data, options, p) {
    const d = data;
    const rule = options['photon.rangingPenalty'] === 'fitBothExamples' ? 'fitBothExamples' : 'perFullInch';
    const n = photonDice(p.attack, p.error, rule, d.modifiers.perRangingInch);
    const rows: OddsRow[] = photonHits(d, n).map((r) => ({ key: { hull: r.hull, core: r.core }, cells: { p: P(r.p) } }));
    return {
      title: `Photon: ${n} dice (attack ${p.attack}, ranging error ${p.error}")`,
      keys: [{ name: 'hull', label: 'hull hits' }, { name: 'core', label: 'core hits' }],
      values: [{ name: 'p', label: 'probability', kind: 'probability' }],
      rows,
      uses: ['photon.hullFace', 'photon.coreFace', 'modifiers.perRangingInch'],
      charts: [{ mark: 'heatmap', x: 'hull', series: 'core', values: ['p'] }],
      pivot: 'hull',
    };
  },
  exact(data, options, p) {
    const d = data;
    const rule = options['photon.rangingPenalty'] === 'fitBothExamples' ? 'fitBothExamples' : 'perFullInch';
    return photonHits(d, photonDice(p.attack, p.error, rule, d.modifiers.perRangingInch)).map((r) => ({ outcome: `${r.hull}h${r.core}c`, p: r.p }));
  },
  sample(data, options, p, rng) {
    const d = data;
    const fit = options['photon.rangingPenalty'] === 'fitBothExamples';
    const n = Math.max(0, p.attack + d.modifiers.perRangingInch * rangingPenalty(p.error, fit));
    const out = new Int32Array(2);
    rollPhoton(rng, n, d.photon.hullFace, d.photon.coreFace, out);
    return `${out[0]}h${out[1]}c`;
  },
  checkParams: [{ attack: 8, error: 3.25 }, { attack: 5, error: 0 }],
});

const missileMechanic = mechanic({
  name: 'missile',
  description: 'Missile fire: core and hull infestations for given dice and secret splits (sorted dice compared high to high, ties cancel)',
  params: {
    attackDice: { default: 5, min: 0, max: 30, integer: true, description: 'attack dice (attack / 2 + modifiers)' },
    attackCore: { default: 3, min: 0, max: 30, integer: true, description: 'attack dice on core (black)' },
    defenseDice: { default: 5, min: 0, max: 30, integer: true, description: 'defence dice (defence value)' },
    defenseCore: { default: 5, min: 0, max: 30, integer: true, description: 'defence dice on core (black)' },
  },
  validate(_d, _o, p) {
    const e: Array<[string, string]> = [];
    if (p.attackCore > p.attackDice) e.push(['attackCore', `expected at most attackDice (${p.attackDice}), got ${p.attackCore}`]);
    if (p.defenseCore > p.defenseDice) e.push(['defenseCore', `expected at most defenseDice (${p.defenseDice}), got ${p.defenseCore}`]);
    return e;
  },
  table(_data, options, p) {
    const tie = options['missile.tie'];
    const rows: OddsRow[] = missileInfestations(p.attackDice, p.attackCore, p.defenseDice, p.defenseCore, tie).map((r) => ({ key: { core: r.core, hull: r.hull }, cells: { p: P(r.p) } }));
    return {
      title: `Missile: ${p.attackCore} core + ${p.attackDice - p.attackCore} hull attack dice vs ${p.defenseCore} core + ${p.defenseDice - p.defenseCore} hull defence dice`,
      keys: [{ name: 'core', label: 'core infestations' }, { name: 'hull', label: 'hull infestations' }],
      values: [{ name: 'p', label: 'probability', kind: 'probability' }],
      rows,
      charts: [{ mark: 'heatmap', x: 'hull', series: 'core', values: ['p'] }],
      pivot: 'hull',
    };
  },
  exact(_data, options, p) {
    const tie = options['missile.tie'];
    return missileInfestations(p.attackDice, p.attackCore, p.defenseDice, p.defenseCore, tie).map((r) => ({ outcome: `${r.core}c${r.hull}h`, p: r.p }));
  },
  sample(_data, options, p, rng) {
    const tie = options['missile.tie'] === 'attacker' ? 1 : options['missile.tie'] === 'defender' ? 2 : 0;
    const core = missileColour(rng, p.attackCore, p.defenseCore, tie);
    const hull = missileColour(rng, p.attackDice - p.attackCore, p.defenseDice - p.defenseCore, tie);
    return `${core}c${hull}h`;
  },
  checkParams: [{ attackDice: 5, attackCore: 3, defenseDice: 5, defenseCore: 5 }, { attackDice: 4, attackCore: 2, defenseDice: 6, defenseCore: 4 }],
});

const jammingMechanic = mechanic({
  name: 'jamming',
  description: 'Jamming: effect by net jammer points (jammer points - 2 per committed power point)',
  params: {
    J: { default: 3, min: 1, max: 12, integer: true, description: 'net jammer points for the exact-vs-sampled check' },
  },
  table(data) {
    const d = data;
    const rows: OddsRow[] = [];
    for (let J = 1; J <= 7; J++) {
      const c: Record<string, OddsCell> = {};
      for (const r of jammingEffects(d, J)) c[r.effect] = P(r.p);
      rows.push({ key: { J }, cells: c });
    }
    const effects = [...new Set(d.jamming.bands.map((b) => b.effect))];
    return { title: 'Jamming table', keys: [{ name: 'J', label: 'net jammer points' }], values: effects.map((e) => ({ name: e, label: e, kind: 'probability' as const })), rows, uses: ['jamming.bands'] };
  },
  exact: (data, _o, p) => byOutcome(jammingEffects(data, p.J).map((r) => ({ outcome: r.effect, p: r.p }))),
  // the engine's roll (rules/movement.ts jamScore) and band lookup (jamBand)
  sample: (data, _o, p, rng) => data.jamming.bands[jamBand(data.jamming.bands, jamScore(rng, p.J))].effect,
  checkParams: [{ J: 1 }, { J: 3 }, { J: 5 }],
});

/** Outcomes with the same name merged (two table bands may share an effect). */
function byOutcome(rows: ReadonlyArray<{ outcome: string; p: Fraction }>): Array<{ outcome: string; p: Fraction }> {
  const out: Array<{ outcome: string; p: Fraction }> = [];
  for (const r of rows) {
    const same = out.find((o) => o.outcome === r.outcome);
    if (same) same.p = same.p.add(r.p);
    else out.push({ outcome: r.outcome, p: r.p });
  }
  return out;
}

const deathMechanic = mechanic({
  name: 'death',
  description: 'Sudden (brain) death chance per Reset by B hits',
  params: {
    bHits: { default: 2, min: 1, max: 20, integer: true, description: 'B hits for the exact-vs-sampled check' },
  },
  table(data) {
    const d = data;
    const rows: OddsRow[] = [];
    for (let b = 1; b <= d.death.automaticAt; b++) rows.push({ key: { bHits: b }, cells: { p: P(deathChance(d, b)) } });
    return { title: 'Death table', keys: [{ name: 'bHits', label: 'B hits' }], values: [{ name: 'p', label: 'death per Reset', kind: 'probability' }], rows, uses: ['death'], charts: [{ mark: 'line', x: 'bHits' }] };
  },
  exact: (data, _o, p) => {
    const q = deathChance(data, p.bHits);
    return [{ outcome: 'dies', p: q }, { outcome: 'lives', p: Fraction.ONE.sub(q) }];
  },
  // the engine's roll (rules/reset.ts diesAtReset)
  sample: (data, _o, p, rng) => (diesAtReset(data.death, p.bHits, rng) ? 'dies' : 'lives'),
  checkParams: [{ bHits: 1 }, { bHits: 2 }, { bHits: 3 }],
});

export const mgvOddsModule: OddsModule<MgvRules, MgvOptions, MgvScenario> = {
  mechanics: [ratioMechanic('kinetic'), ratioMechanic('thermal'), photonMechanic, missileMechanic, jammingMechanic, deathMechanic],
};

export const mgvOdds = {
  mechanics: mgvOddsModule.mechanics,
  description: 'Exact MGV attack outcomes: kinetic/thermal by ratio column, photon hits, missile infestations (opposed sorted dice), jamming, death',
  params: ['attack', 'defense', 'dice', 'error', 'rangingPenalty', 'attackDice', 'defenseDice', 'attackCore', 'defenseCore'],
  tables: (data: MgvRules, q?: Readonly<Record<string, number | string>>) => oddsTables(data, q),
  kineticCells,
  thermalCells,
  photonHits,
  photonDice,
  missileHits,
  missileInfestations,
  jammingEffects,
  deathChance,
  repairChance,
  columnFor,
};
