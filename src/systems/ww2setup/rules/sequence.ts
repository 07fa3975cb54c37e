/**
 * Set up Sequence (seed; spec §3.1–§3.10): the generator. One concrete seeded set-up, dice taken
 * in the canonical order of spec §8.0 so scripted-dice tests are deterministic:
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
 * The result is plain data (integers and strings; exact inches as "num/den" text; state.ts).
 * Each step's rule is in its section's file (air.ts, barrages.ts, works.ts, lull.ts).
 */
import { Fraction } from '../../../core/dice/fraction.ts';
import type { SetupPlan } from '../model.ts';
import { WORKS_CATEGORIES, type WorksCategory } from '../schema.ts';
import type { BarrageRoll, SetupResult, SideResult, WorksResult } from '../state.ts';
import { airstrikeColumn } from './air.ts';
import { barrageCount, dummyChits, effectiveBarrageDie } from './barrages.ts';
import { rollLullTurn } from './lull.ts';
import { formatDiceExpr, rollDiceExpr, type D6Source } from './rolls.ts';
import { worksDice, worksResult } from './works.ts';

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

