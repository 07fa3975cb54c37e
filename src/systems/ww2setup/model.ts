/**
 * The compiled per-scenario model: a SetupPlan is the scenario body resolved against the rules
 * data and options (check.ts resolvePlan), every table row looked up once (nation rows, Axis air
 * row, barrage rates, works rows, proximity), so that sampling a set-up is a few dice and array
 * reads.
 */
import type { DiceExpr } from './rules/rolls.ts';
import type { Ww2Options } from './options.ts';
import type { Intensity, Scale, Steps, Terrain, WorksCategory } from './schema.ts';

export interface SidePlan {
  readonly index: number;
  readonly id: string;
  readonly nation: string;
  readonly label: string;
  readonly bloc: 'Axis' | 'Allied';
  readonly subUnits: number;
  readonly attachedUnits: number;
  readonly bases: number;
  readonly airstrikeRow: string;
  /** Airstrike cells by column index (columns in SetupPlan.airColumns). */
  readonly airstrikeCells: readonly DiceExpr[];
  readonly airstrikeCellText: readonly string[];
  readonly barrageRow: string;
  readonly barrageMod: number;
  readonly worksRow: string | null;
  readonly worksCells: Readonly<Record<WorksCategory, DiceExpr>>;
  readonly dummies: 'max' | 'none' | number;
  /** Rules-data paths behind this side's airstrikes, barrages and works (provenance marks). */
  readonly paths: { readonly airstrikes: readonly string[]; readonly barrages: readonly string[]; readonly works: readonly string[] };
}

export interface SetupPlan {
  readonly year: number;
  readonly front: string;
  readonly intensity: Intensity;
  readonly terrain: Terrain;
  readonly scale: Scale;
  readonly steps: Steps;
  /** Side index of the attacker, or 'roll'. */
  readonly attacker: number | 'roll';
  readonly sides: readonly [SidePlan, SidePlan];
  /** Side that rolls as the Axis player (the one with the modifier), spec §3.2. */
  readonly axisIndex: number;
  readonly axisMod: number;
  /** Where the modifier comes from, e.g. 'Germany / RussiaPoland / 1943'. */
  readonly axisSource: string;
  readonly airColumns: readonly number[];
  /** Barrage rates in hundredths by role, index = clamped die − 1. */
  readonly rates: Readonly<Record<'Attacker' | 'Defender', readonly number[]>>;
  readonly dieMin: number;
  readonly dieMax: number;
  /** N: sub-units on the battlefield, both sides. */
  readonly N: number;
  /** B: bases on the table, both sides. */
  readonly B: number;
  readonly rollSets: number;
  readonly trenchInchesPerPoint: number;
  readonly proximityYards: readonly number[];
  readonly yardsPerInch: number;
  readonly yardsPerInchLarge: number;
  readonly lull: { readonly triggerFaces: readonly number[]; readonly shortIfTurnAtMost: number; readonly deadlineDice: number };
  readonly options: Ww2Options;
  readonly warnings: readonly string[];
  /** Rules-data paths the plan reads (for provenance lists). */
  readonly dataPaths: readonly string[];
  /** Paths behind the air-superiority roll, proximity and the lull (provenance marks). */
  readonly paths: { readonly air: readonly string[]; readonly proximity: readonly string[]; readonly lull: readonly string[] };
}
