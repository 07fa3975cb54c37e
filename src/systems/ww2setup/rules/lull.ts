/**
 * Combat lulls (spec §3.10–§3.12; seed Combat Lulls, Lull Feature table, footnotes ¹ ² ³):
 * pure functions over the lull features of the rules data, for a round controller or a combat
 * engine to call. Dice come from a D6Source; a procedure that needs no die takes none (O-L1,
 * O-L12). The generator itself plays one round (multiRound 'singleRound', spec §6 A15): its lull
 * turn is rollLullTurn's.
 */
import { Fraction } from '../../../core/dice/fraction.ts';
import type { Ww2Options } from '../options.ts';
import type { RulesData } from '../schema.ts';
import { barrageCount, effectiveBarrageDie } from './barrages.ts';
import { diceExprDist, parseDiceExpr, rollDiceExpr, type D6Source, type HalfDie } from './rolls.ts';

export type LullType = 'short' | 'long';
type LullFeatures = RulesData['lull']['short'];

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

/** Short if the lull falls on turn shortIfTurnAtMost (6) or earlier, "before the seventh game turn". */
export function lullType(turn: number, lull: RulesData['lull']): LullType {
  return turn <= lull.shortIfTurnAtMost ? 'short' : 'long';
}

function features(lull: RulesData['lull'], type: LullType): LullFeatures {
  return type === 'short' ? lull.short : lull.long;
}

/** One die against a face list ('6', '4-6', '5,6'); 'None' means the roll is not allowed (no die). */
function faceRoll(cell: string, dice: D6Source): boolean {
  const e = parseDiceExpr(cell);
  if (e.kind === 'none') return false;
  if (e.kind !== 'faces') throw new Error(`lull feature '${cell}' must be a face list such as '6' or '4-6'`);
  return e.faces.includes(dice.d6());
}

/** Damaged combat base: repaired on 6 (short) or 4–6 (long). O-L3, O-L4. */
export function repairCombatBase(type: LullType, dice: D6Source, lull: RulesData['lull']): boolean {
  return faceRoll(features(lull, type).combatRepair, dice);
}

/**
 * Damaged command base: points repaired, at most 1 (short) or 3 (long) (footnote ¹).
 * perPoint: one roll per point up to the cap; singleRoll: one roll repairs up to the cap (A17).
 * O-L10, O-L11.
 */
export function repairCommandBase(type: LullType, damage: number, dice: D6Source, lull: RulesData['lull'], mode: Ww2Options['commandRepair']): number {
  const f = features(lull, type);
  const tries = Math.min(damage, f.commandRepairMax);
  if (tries <= 0) return 0;
  if (mode === 'singleRoll') return faceRoll(f.commandRepair, dice) ? tries : 0;
  let repaired = 0;
  for (let k = 0; k < tries; k++) if (faceRoll(f.commandRepair, dice)) repaired++;
  return repaired;
}

/** Demoralized unit: no recovery in a short lull (no die used); 5–6 in a long one. O-L1, O-L2. */
export function recoverDemoralized(type: LullType, dice: D6Source, lull: RulesData['lull']): boolean {
  return faceRoll(features(lull, type).demoralizedRecovery, dice);
}

/** MG jams clear automatically in both lulls (no die). O-L12. */
export function clearMgJam(type: LullType, lull: RulesData['lull']): boolean {
  return features(lull, type).mgJam === 'auto';
}

/** Units that may be reorganized: long lulls only, unpinned units only (footnote ²). O-L13. */
export function reorganizable<U extends { pinned: boolean }>(type: LullType, units: readonly U[], lull: RulesData['lull']): U[] {
  return features(lull, type).reorganize ? units.filter((u) => !u.pinned) : [];
}

/**
 * Long-lull trench line (repair R7, option longLullTrench): ½D6 × 10 table inches, a fixed 5",
 * or ½D6 × 10 yards (returned in yards). Short lulls: none (hasty dig-in only).
 */
export function lullTrench(type: LullType, dice: D6Source, lull: RulesData['lull'], mode: Ww2Options['longLullTrench'], half: HalfDie): { inches: number; yards: number | null } {
  const e = parseDiceExpr(features(lull, type).trenchline);
  if (e.kind === 'none') return { inches: 0, yards: null };
  if (mode === 'fixed5in') return { inches: 5, yards: null };
  const points = rollDiceExpr(e, dice, half);
  return mode === 'halfD6x10in' ? { inches: 10 * points, yards: null } : { inches: 0, yards: 10 * points };
}

export interface RoundPools {
  readonly barrages: number;
  readonly airstrikes: number;
  /** Real barrage chits still on the request sheet. */
  readonly barrageChitsInTransit?: number;
}

export interface CarryOver {
  /** Barrages kept for the next round (unused + in transit under returnToPool). */
  readonly keptBarrages: number;
  readonly lostAirstrikes: number;
  /** Roll barrages again and add (long lulls only). */
  readonly extraBarrageRoll: boolean;
  /** Roll airstrikes again (both lulls); redo air superiority first per option (A18). */
  readonly extraAirRoll: boolean;
  readonly redoAirSuperiority: boolean;
}

/** End-of-round pools (footnote ³, §3.12; A18, A20). O-L14, O-L15. */
export function carryOver(type: LullType, pools: RoundPools, lull: RulesData['lull'], opts: Ww2Options): CarryOver {
  const f = features(lull, type);
  const transit = pools.barrageChitsInTransit ?? 0;
  return {
    keptBarrages: pools.barrages + (opts.inTransitAtLull === 'returnToPool' ? transit : 0),
    lostAirstrikes: pools.airstrikes,
    extraBarrageRoll: f.extraBarrageRoll,
    extraAirRoll: f.extraAirRoll,
    redoAirSuperiority: f.extraAirRoll && opts.lullAirRedoesSuperiority,
  };
}

/** Barrages after a lull: kept + (long lull) a fresh roll at the given N. O-L15. */
export function barragesAfterLull(
  type: LullType,
  kept: number,
  roll: { die: number; mod: number; rates: readonly number[]; N: number; dieMin: number; dieMax: number },
  lull: RulesData['lull'],
  opts: Ww2Options,
): number {
  if (!features(lull, type).extraBarrageRoll) return kept;
  const eff = effectiveBarrageDie(roll.die, roll.mod, { dieMin: roll.dieMin, dieMax: roll.dieMax, options: opts });
  return kept + barrageCount(roll.rates[eff - roll.dieMin], roll.N, opts.rounding);
}

/** After a lull (A15): the next round's lull start turn, or null when the game ends. */
export function nextRoundStart(lullTurnValue: number, dice: D6Source, opts: Ww2Options): { startTurn: number; turnNumbering: 'reset' | 'continue' } | null {
  switch (opts.multiRound) {
    case 'singleRound':
      return null;
    case 'resetWithNewDie':
      return { startTurn: dice.d6(), turnNumbering: 'reset' };
    case 'continueCount':
      return { startTurn: lullTurnValue + 1, turnNumbering: 'continue' };
  }
}

/** Exact: P(repair) of a face-list lull feature (1/6, 1/2, 1/3, or 0 when not allowed). */
export function featureProbability(cell: string): Fraction {
  const e = parseDiceExpr(cell);
  if (e.kind === 'none') return Fraction.ZERO;
  return diceExprDist(e, 'up').prob(1);
}
