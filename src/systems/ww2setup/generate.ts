/**
 * The set-up generator (spec §3.1–§3.10): one concrete seeded set-up, dice taken in the
 * canonical order of spec §8.0 so scripted-dice tests are deterministic:
 *
 *   1. attacker roll (attacker: roll): sides[0], sides[1], repeated on a tie
 *   2. air superiority: the Axis die, then the Allied die
 *   3. airstrikes: eligible sides, Axis first (one die per '6'/'5,6'/'½D6' cell, n for 'nD6')
 *   4. barrages: sides[0], then sides[1], one die each
 *   5. defensive works: side by side, roll set by roll set, trenches, pillboxes, bunkers,
 *      minefields: the row's dice, then the defender's extra die
 *   6. proximity: one die (also the lull start turn)
 *   7. lull: the 2D6 deadline (deadline mode), or during play one lull die per turn (shared)
 *
 * The result is plain data (integers and strings; exact inches as "num/den" text).
 */
import { Fraction } from '../../core/dice/fraction.ts';
import { WORKS_CATEGORIES } from './data.ts';
import { diceCount, formatDiceExpr, halfOf, rollDiceExpr, stepUp, type D6Source, type DiceExpr } from './dice-expr.ts';
import type { Ww2Options } from './options.ts';
import { resolvePlan, type ScenarioBody, type SetupPlan } from './scenario.ts';
import type { RulesData, WorksCategory } from './rules-schema.ts';
import type { OptionValues } from '../../core/options.ts';

export interface BarrageRoll {
  readonly die: number;
  readonly mod: number;
  readonly effectiveDie: number;
  readonly rate100: number;
  readonly N: number;
  readonly count: number;
}

export interface WorksResult {
  readonly rollSets: number;
  /** Points of the "Trenches (x10")" column. */
  readonly trenchPoints: number;
  /** Trench length in table inches (points x 10", or converted under trenchUnit yardsAtLargeScale), exact. */
  readonly trenchInches: string;
  readonly trenchYards: string;
  readonly pillboxes: number;
  readonly bunkers: number;
  readonly minefields: number;
}

export interface SideResult {
  readonly id: string;
  readonly nation: string;
  readonly role: 'Attacker' | 'Defender';
  readonly airstrikes: number;
  /** Column (signed margin) rolled on the airstrike table, or null when the side did not roll. */
  readonly airstrikeColumn: number | null;
  readonly airstrikeCell: string | null;
  readonly barrage: BarrageRoll | null;
  readonly barrages: number;
  readonly dummyCap: number | null;
  readonly dummies: number;
  readonly works: WorksResult;
}

export interface SetupResult {
  readonly attacker: number;
  readonly defender: number;
  /** Attacker-roll pairs [sides[0], sides[1]] when attacker: roll (ties re-rolled). */
  readonly attackerRolls: ReadonlyArray<readonly [number, number]>;
  readonly air: {
    readonly rolled: boolean;
    readonly axisSide: number;
    readonly axisDie: number;
    readonly axisMod: number;
    readonly alliedDie: number;
    /** Side index with air superiority, or -1 (tie or not rolled). */
    readonly winner: number;
    /** Modified Axis roll minus Allied roll. */
    readonly axisMargin: number;
  };
  readonly sides: readonly [SideResult, SideResult];
  readonly proximity: { readonly rolled: boolean; readonly die: number; readonly yards: number | null; readonly inches: string | null; readonly inchesDecimal: number | null };
  readonly lull: { readonly mode: Ww2Options['lullMode']; readonly startTurn: number | null; readonly deadline: number | null; readonly turn: number | null; readonly type: 'short' | 'long' | null; readonly rolls: readonly number[] };
  readonly warnings: readonly string[];
}

/** Barrages for a rate in hundredths and N sub-units, with the rounding option (spec §3.4, A7). */
export function barrageCount(rate100: number, N: number, rounding: Ww2Options['rounding']): number {
  const x = rate100 * N; // hundredths of a barrage, an exact integer
  const q = Math.floor(x / 100);
  const rem = x - q * 100;
  switch (rounding) {
    case 'halfUp':
      return rem >= 50 ? q + 1 : q;
    case 'halfEven':
      return rem > 50 ? q + 1 : rem < 50 ? q : q % 2 === 0 ? q : q + 1;
    case 'floor':
      return q;
  }
}

/** The modified barrage die, clamped or rejected (spec §6 A5). */
export function effectiveBarrageDie(die: number, mod: number, plan: Pick<SetupPlan, 'dieMin' | 'dieMax' | 'options'>, who = 'a side'): number {
  const e = die + mod;
  if (e >= plan.dieMin && e <= plan.dieMax) return e;
  if (plan.options.barrageBounds === 'strict') throw new Error(`barrage roll of ${who}: die ${die} ${mod >= 0 ? '+' : '-'} ${Math.abs(mod)} = ${e} is outside the table (${plan.dieMin}..${plan.dieMax}); barrageBounds is 'strict'`);
  return e < plan.dieMin ? plan.dieMin : plan.dieMax;
}

/** Signed margin a side rolls on (positive = won), or null when it does not roll (spec §3.3, A1). */
export function airstrikeColumn(signed: number, naturalSigned: number, opts: Ww2Options, columns: readonly number[]): number | null {
  let s = signed;
  if (opts.airMargin === 'natural' && s !== 0) s = Math.sign(s) * Math.max(1, Math.abs(naturalSigned));
  const eligible = opts.airstrikeEligibility === 'winnerOnly' ? s >= 1 : opts.airstrikeEligibility === 'winnerAndLoserBy1' ? s >= 1 || s === -1 : s >= -1;
  if (!eligible || s < columns[0]) return null;
  return Math.min(s, columns[columns.length - 1]);
}

/** Dummy chits a side takes (spec §3.5, A19). */
export function dummyChits(policy: 'max' | 'none' | number, barrages: number, airstrikes: number, cap: Ww2Options['dummyChitsCap']): { cap: number | null; taken: number } {
  const c = cap === 'barrages' ? barrages : cap === 'barragesPlusAirstrikes' ? barrages + airstrikes : null;
  const most = c ?? barrages + airstrikes;
  const taken = policy === 'none' ? 0 : policy === 'max' ? most : Math.min(policy, most);
  return { cap: c, taken };
}

/** Checks a dummy request against the cap (oracle O-B3): null when allowed, else the message. */
export function checkDummyRequest(requested: number, barrages: number, airstrikes: number, cap: Ww2Options['dummyChitsCap']): string | null {
  if (!Number.isInteger(requested) || requested < 0) return `dummy chits must be a whole number >= 0, got ${requested}`;
  const c = cap === 'barrages' ? barrages : cap === 'barragesPlusAirstrikes' ? barrages + airstrikes : Infinity;
  return requested > c ? `at most ${c} dummy chits (the real chits of the barrage roll${cap === 'barragesPlusAirstrikes' ? ' plus airstrikes' : ''}), ${requested} requested` : null;
}

/** The dice expression of one works category for one side in one roll set, and the extra die. */
export function worksDice(cell: DiceExpr, defender: boolean, firstSet: boolean, opts: Ww2Options): { expr: DiceExpr; extraDie: boolean } {
  if (!defender) return { expr: cell, extraDie: false };
  const applies = opts.defenderExtraDiePerRollSet || firstSet;
  if (!applies) return { expr: cell, extraDie: false };
  switch (opts.defenderExtraDie) {
    case 'allCategories':
      return { expr: cell, extraDie: true };
    case 'availableOnly':
      return { expr: cell, extraDie: cell.kind !== 'none' };
    case 'stepUp':
      return { expr: stepUp(cell), extraDie: false };
    case 'none':
      return { expr: cell, extraDie: false };
  }
}

/** Lull turn from a start turn: one die per turn (or one per player), a lull face ends it (§3.10). */
export function rollLullTurn(startTurn: number, dice: D6Source, triggerFaces: readonly number[], roller: Ww2Options['lullRoller'], rolls?: number[]): number {
  for (let t = startTurn; t < startTurn + 100_000; t++) {
    const a = dice.d6();
    rolls?.push(a);
    let hit = triggerFaces.includes(a);
    if (roller === 'each') {
      const b = dice.d6();
      rolls?.push(b);
      hit = hit || triggerFaces.includes(b);
    }
    if (hit) return t;
  }
  throw new Error('no lull in 100000 turns: check lull.triggerFaces');
}

/**
 * Samples one set-up. `dice` gives the set-up dice (steps 1–7), `lullDice` the lull dice of play
 * (default: the same source, continuing the canonical order).
 */
export function sampleSetup(plan: SetupPlan, dice: D6Source, lullDice: D6Source = dice): SetupResult {
  const o = plan.options;
  const S = plan.sides;

  // 1. Attacker and defender (§3.1): high roller chooses (option), ties re-rolled (A8).
  const attackerRolls: Array<[number, number]> = [];
  let attacker: number;
  if (plan.attacker === 'roll') {
    for (;;) {
      const a = dice.d6();
      const b = dice.d6();
      attackerRolls.push([a, b]);
      if (a !== b) {
        const high = a > b ? 0 : 1;
        attacker = o.attackerRollWinner === 'attacks' ? high : 1 - high;
        break;
      }
    }
  } else attacker = plan.attacker;
  const defender = 1 - attacker;

  // 2. Air superiority (§3.2): only the Axis roll is modified (A9: the margin is of modified rolls).
  const ax = plan.axisIndex;
  let axisDie = 0;
  let alliedDie = 0;
  let axisMargin = 0;
  let winner = -1;
  const airRolled = plan.steps.airSuperiority;
  if (airRolled) {
    axisDie = dice.d6();
    alliedDie = dice.d6();
    axisMargin = axisDie + plan.axisMod - alliedDie;
    winner = axisMargin > 0 ? ax : axisMargin < 0 ? 1 - ax : -1;
  }

  // 3. Airstrikes (§3.3): eligible sides, Axis first.
  const airstrikes = [0, 0];
  const airCol: Array<number | null> = [null, null];
  const airCell: Array<string | null> = [null, null];
  if (airRolled && plan.steps.airstrikes) {
    for (const i of [ax, 1 - ax]) {
      const signed = i === ax ? axisMargin : 0 - axisMargin; // 0 - x: never -0
      const natural = i === ax ? axisDie - alliedDie : alliedDie - axisDie;
      const col = airstrikeColumn(signed, natural, o, plan.airColumns);
      if (col === null) continue;
      const k = plan.airColumns.indexOf(col);
      airCol[i] = col;
      airCell[i] = formatDiceExpr(S[i].airstrikeCells[k]);
      airstrikes[i] = rollDiceExpr(S[i].airstrikeCells[k], dice, o.halfDie);
    }
  }

  // 4. Barrages (§3.4): sides[0] then sides[1].
  const barrage: Array<BarrageRoll | null> = [null, null];
  if (plan.steps.barrages) {
    for (let i = 0; i < 2; i++) {
      const die = dice.d6();
      const role = i === attacker ? 'Attacker' : 'Defender';
      const eff = effectiveBarrageDie(die, S[i].barrageMod, plan, S[i].id);
      const rate100 = plan.rates[role][eff - plan.dieMin];
      barrage[i] = { die, mod: S[i].barrageMod, effectiveDie: eff, rate100, N: plan.N, count: barrageCount(rate100, plan.N, o.rounding) };
    }
  }

  // 5. Defensive works (§3.6).
  const works: WorksResult[] = [];
  for (let i = 0; i < 2; i++) {
    const tot: Record<WorksCategory, number> = { trenches: 0, pillboxes: 0, bunkers: 0, minefields: 0 };
    for (let set = 0; set < plan.rollSets; set++) {
      for (const c of WORKS_CATEGORIES) {
        const { expr, extraDie } = worksDice(S[i].worksCells[c], i === defender, set === 0, o);
        tot[c] += rollDiceExpr(expr, dice, o.halfDie);
        if (extraDie) tot[c] += dice.d6();
      }
    }
    works.push(worksResult(plan, plan.rollSets, tot));
  }

  // 6. Proximity (§3.8); the same unmodified die is the lull start turn (§3.10).
  const needDie = plan.steps.proximity || o.lullMode === 'proximityDie';
  const pd = needDie ? dice.d6() : 0;
  let yards: number | null = null;
  let inches: Fraction | null = null;
  if (plan.steps.proximity) {
    yards = plan.proximityYards[pd - 1];
    inches = new Fraction(BigInt(yards), BigInt(plan.yardsPerInch));
  }

  // 7. Lull (§3.10).
  const rolls: number[] = [];
  let startTurn: number | null = null;
  let deadline: number | null = null;
  let turn: number | null = null;
  if (o.lullMode === 'proximityDie') {
    startTurn = pd;
    turn = rollLullTurn(pd, lullDice, plan.lull.triggerFaces, o.lullRoller, rolls);
  } else if (o.lullMode === 'deadline2d6') {
    deadline = 0;
    for (let k = 0; k < plan.lull.deadlineDice; k++) deadline += dice.d6();
    turn = deadline;
  }

  const sides = [0, 1].map((i): SideResult => {
    const b = barrage[i];
    const count = b?.count ?? 0;
    const d = plan.steps.barrages && plan.steps.dummies ? dummyChits(S[i].dummies, count, airstrikes[i], o.dummyChitsCap) : { cap: null, taken: 0 };
    return {
      id: S[i].id,
      nation: S[i].nation,
      role: i === attacker ? 'Attacker' : 'Defender',
      airstrikes: airstrikes[i],
      airstrikeColumn: airCol[i],
      airstrikeCell: airCell[i],
      barrage: b,
      barrages: count,
      dummyCap: d.cap,
      dummies: d.taken,
      works: works[i],
    };
  }) as [SideResult, SideResult];

  return {
    attacker,
    defender,
    attackerRolls,
    air: { rolled: airRolled, axisSide: ax, axisDie, axisMod: plan.axisMod, alliedDie, winner, axisMargin },
    sides,
    proximity: { rolled: needDie, die: pd, yards, inches: inches?.toString() ?? null, inchesDecimal: inches?.toNumber() ?? null },
    lull: { mode: o.lullMode, startTurn, deadline, turn, type: turn === null ? null : turn <= plan.lull.shortIfTurnAtMost ? 'short' : 'long', rolls },
    warnings: plan.warnings,
  };
}

function worksResult(plan: SetupPlan, rollSets: number, t: Record<WorksCategory, number>): WorksResult {
  const inchesAtTable = new Fraction(BigInt(Math.round(t.trenches * plan.trenchInchesPerPoint * 1000)), 1000n);
  // tableInches: the x10" is table inches at the scale played; yardsAtLargeScale: 10" at 20 yd/in.
  const yards = plan.options.trenchUnit === 'tableInches' ? inchesAtTable.scale(plan.yardsPerInch) : inchesAtTable.scale(plan.yardsPerInchLarge);
  const inches = plan.options.trenchUnit === 'tableInches' ? inchesAtTable : yards.div(Fraction.of(plan.yardsPerInch));
  return { rollSets, trenchPoints: t.trenches, trenchInches: inches.toString(), trenchYards: yards.toString(), pillboxes: t.pillboxes, bunkers: t.bunkers, minefields: t.minefields };
}

/** Dice a works category uses for one side and set (for documentation and tests). */
export function worksDiceCount(cell: DiceExpr, defender: boolean, firstSet: boolean, opts: Ww2Options): number {
  const { expr, extraDie } = worksDice(cell, defender, firstSet, opts);
  return diceCount(expr) + (extraDie ? 1 : 0);
}

export { halfOf };

/**
 * generateSetup(input, data, options, rng): the pure entry point. Resolves the scenario body
 * against the rules data and options (throwing on bad input), then samples one set-up.
 */
export function generateSetup(input: ScenarioBody, data: RulesData, options: OptionValues, dice: D6Source, lullDice: D6Source = dice): SetupResult {
  const { plan, errors } = resolvePlan(input, data, options);
  if (!plan) throw new Error(errors.map(([p, m]) => `${p}: ${m}`).join('; '));
  return sampleSetup(plan, dice, lullDice);
}
