/**
 * What the lab's server and page say to each other: request bodies, answers and the events of a
 * job's stream. Types only (shared by src/lab/*.ts and the page, src/lab/page/), so the page is
 * checked against the server at compile time.
 */
import type { TopLevelSpec } from 'vega-lite';

/** A scenario or experiment file as the page names it: `bundled:<path>` or a path inside the folder. */
export type FileRef = string;

export interface Force {
  readonly side: string;
  /** "2 × Pz IV Ausf. F2" */
  readonly units: readonly string[];
}

export interface ScenarioEntry {
  readonly ref: FileRef;
  /** Where it is: 'bundled' (shipped with salvo) or 'folder'. */
  readonly origin: 'bundled' | 'folder';
  /** Path shown to the user (relative to the folder, or under salvo's scenarios/). */
  readonly path: string;
  readonly kind: 'scenario' | 'experiment';
  readonly system?: string;
  readonly systemName?: string;
  readonly name?: string;
  readonly sides?: readonly string[];
  readonly forces?: readonly Force[];
  readonly source?: string;
  /** Placeholder numeric rules values in play, of all numeric values in play. */
  readonly placeholders?: { readonly count: number; readonly total: number };
  /** For an experiment: its variants' names. */
  readonly variants?: readonly string[];
  /** The file's problems, one `file:line: path: message` line each (the file does not validate). */
  readonly errors?: readonly string[];
}

export interface AgentInfo {
  readonly name: string;
  readonly description: string;
  readonly params: Readonly<Record<string, number | string | boolean>>;
}

/** A rules value in play, as `salvo list <system> --overrides` shows it, plus its words. */
export interface RulesValue {
  readonly path: string;
  readonly label: string;
  readonly value: number | string | boolean;
  readonly provenance: string;
  readonly ref?: string;
}

export interface OptionInfo {
  readonly name: string;
  readonly value: string | number | boolean;
  readonly values?: readonly (string | number | boolean)[];
  readonly description: string;
}

/** A unit (or other record) the scenario names that another of its kind could replace. */
export interface UnitSlot {
  /** Path in the scenario document, e.g. `scenario.sides.A.units.0.tank`. */
  readonly path: string;
  readonly side?: string;
  readonly current: string;
  readonly currentName: string;
  readonly choices: ReadonlyArray<{ readonly id: string; readonly name: string }>;
}

export interface ScenarioDetail {
  readonly entry: ScenarioEntry;
  readonly agents: readonly AgentInfo[];
  readonly defaultAgents: readonly string[];
  readonly search: boolean;
  readonly games: number;
  readonly seed: number | string;
  readonly values: readonly RulesValue[];
  readonly options: readonly OptionInfo[];
  readonly units: readonly UnitSlot[];
}

export interface PlayRequest {
  readonly file: FileRef;
  /** One agent per side, `name[:k=v...]` (e.g. `mcts:iterations=200`). */
  readonly agents?: readonly string[];
  readonly games?: number | string;
  /** Stop once every win-rate 95% interval half-width is at most this. */
  readonly precision?: number | string;
  readonly seed?: number | string;
}

/** A what-if: one change of the scenario, played against it on the same games. */
export interface WhatIfRequest {
  readonly file: FileRef;
  readonly change:
    | { readonly kind: 'value'; readonly path: string; readonly value: string }
    | { readonly kind: 'option'; readonly name: string; readonly value: string }
    | { readonly kind: 'unit'; readonly path: string; readonly value: string };
  readonly agents?: readonly string[];
  /** Most games per variant (it stops earlier once answered). */
  readonly games?: number | string;
  readonly seed?: number | string;
}

export interface EvenRequest {
  /** Lowest and highest value to search. */
  readonly lo: number | string;
  readonly hi: number | string;
  /** The side brought to 50% (its name; default the first). */
  readonly side?: string;
}

export type JobState = 'queued' | 'running' | 'stopped' | 'done' | 'failed';

export interface JobInfo {
  readonly id: string;
  readonly kind: 'play' | 'whatif' | 'even';
  readonly title: string;
  readonly state: JobState;
}

/** One side's paired change (variant − baseline) of its win rate on the same games. */
export interface PairedSide {
  readonly side: string;
  readonly baseline: number;
  readonly variant: number;
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  /** McNemar's two-sided p-value of the side's win indicator. */
  readonly p: number;
}

export type LabEvent =
  | { readonly type: 'state'; readonly state: JobState; readonly message: string }
  | {
      readonly type: 'play';
      readonly seq: number;
      readonly games: number;
      readonly total: number;
      readonly elapsedMs: number;
      readonly verdict: readonly string[];
      readonly shape: readonly string[];
      readonly specs: Readonly<Record<string, TopLevelSpec>>;
    }
  | {
      readonly type: 'whatif';
      readonly seq: number;
      readonly games: number;
      readonly total: number;
      readonly elapsedMs: number;
      readonly sides: readonly PairedSide[];
      readonly draws?: PairedSide;
      /** Set once the question is answered (or the games ran out). */
      readonly answer?: string;
      readonly spec: TopLevelSpec;
    }
  | { readonly type: 'probe'; readonly value: number; readonly games: number; readonly p: number; readonly lo: number; readonly hi: number; readonly status: string }
  | { readonly type: 'even'; readonly message: string; readonly value: number; readonly found: boolean; readonly confirm: string; readonly spec: TopLevelSpec }
  | { readonly type: 'report'; readonly url: string; readonly dir: string; readonly verdict: readonly string[] }
  | { readonly type: 'error'; readonly message: string };

export interface OddsMechanicInfo {
  readonly name: string;
  readonly description: string;
  readonly needsScenario: boolean;
  readonly params: Readonly<Record<string, { readonly default: string | number | boolean; readonly description: string; readonly values?: readonly (string | number | boolean)[]; readonly min?: number; readonly max?: number }>>;
}

export interface OddsSystemInfo {
  readonly id: string;
  readonly name: string;
  readonly mechanics: readonly OddsMechanicInfo[];
  /** House rules the odds of this system can take: its options and its numeric rules values. */
  readonly options: readonly OptionInfo[];
}

export interface OddsRequest {
  readonly system: string;
  readonly mechanic: string;
  readonly params?: Readonly<Record<string, string>>;
  /** House rules as `path=value` (a rules value, or `options.<name>`), as `salvo cards --set`. */
  readonly sets?: readonly string[];
  /** A scenario whose house rules and forces apply (a mechanic may need one). */
  readonly scenario?: FileRef;
  /** Card size, for printing. */
  readonly size?: string;
}

export interface OddsAnswer {
  readonly title: string;
  readonly description?: string;
  /** The table as HTML (exact fractions on hover), its marks and notes. */
  readonly tableHtml: string;
  readonly specs: readonly TopLevelSpec[];
  readonly changed: number;
  readonly houseRules: readonly string[];
  readonly command: string;
  /** Server time to compute the table and its specs, ms. */
  readonly ms: number;
}

export interface ApiError {
  readonly error: string;
}
