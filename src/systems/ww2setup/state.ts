/**
 * The state of a ww2setup "game": one generated set-up (plain data: integers and strings, exact
 * inches as "num/den" text), complete as soon as it exists (a generator has no decisions).
 */
import type { SetupPlan } from './model.ts';
import type { Ww2Options } from './options.ts';
import type { D6Source } from './rules/rolls.ts';
import { sampleSetup } from './rules/sequence.ts';

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

export interface Ww2State {
  setup: SetupResult;
}

/** A new game: one set-up sampled from the set-up dice (steps 1–7) and the lull dice of play. */
export function newState(plan: SetupPlan, dice: D6Source, lullDice: D6Source): Ww2State {
  return { setup: sampleSetup(plan, dice, lullDice) };
}

export function cloneState(s: Ww2State): Ww2State {
  return structuredClone(s);
}
