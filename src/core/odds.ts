/**
 * The OddsModule contract: a system's exact mechanics for `salvo odds` and `salvo cards`.
 *
 * A mechanic turns (rules data, options, parameters) into an OddsTable whose value cells are
 * exact Fractions computed from the very rules data the simulator uses (house-rule overrides
 * included). Each cell may list the rules-data paths it was computed from; the odds framework
 * (src/odds) looks up their provenance and marks the cells that depend on a placeholder value.
 * A mechanic may also expose one outcome's exact distribution and a sampler built on the
 * engine's own roll code: the exact-vs-sampled check runs the two against each other.
 *
 * The core never imports a system; systems export `odds: OddsModule` on their GameSystem.
 *
 * A system declares its mechanics with `defineMechanic<R, OV, B>()({...})`: the rules data, option
 * values and scenario block are the system's own types, and the parameter values are typed from
 * the mechanic's specs (`p.distance` is a number, a misspelt name fails to compile), as `agentOf`
 * does for agents.
 */
import type { ParamSpec, ParamValue, ParamValuesOf } from './agent.ts';
import type { Fraction } from './dice/fraction.ts';
import type { OptionValues } from './options.ts';
import { suggest } from './options.ts';
import type { Rng } from './rng/rng.ts';

export type OddsParams = Readonly<Record<string, ParamValue>>;

export interface OddsParamSpec extends ParamSpec {
  /** Numbers must be whole. */
  readonly integer?: boolean;
}

/** A value cell: an exact number and the rules-data paths (dotted) it was computed from. */
export interface OddsCell {
  readonly value: Fraction;
  readonly uses?: readonly string[];
}

export interface OddsColumn {
  readonly name: string;
  readonly label: string;
  /** For value columns: 'probability' (in [0, 1]) or 'expectation' (a mean, a count...). */
  readonly kind?: 'probability' | 'expectation';
}

export interface OddsRow {
  /** One value per key column. */
  readonly key: Readonly<Record<string, string | number>>;
  /** Cells by value-column name; a missing column means "not applicable". */
  readonly cells: Readonly<Record<string, OddsCell | Fraction>>;
}

/** How to chart a table; the renderer builds the Vega-Lite spec. */
export interface OddsChart {
  readonly mark: 'bar' | 'line' | 'heatmap';
  /** Key column on the x axis. */
  readonly x: string;
  /** Value columns drawn (default: all). */
  readonly values?: readonly string[];
  /** Key column that splits the series (line, bar) or gives the rows (heatmap). */
  readonly series?: string;
  /** Only rows whose key values are listed (key column -> allowed values). */
  readonly filter?: Readonly<Record<string, ReadonlyArray<string | number>>>;
  readonly title?: string;
}

export interface OddsTable {
  readonly title: string;
  readonly description?: string;
  readonly keys: readonly OddsColumn[];
  readonly values: readonly OddsColumn[];
  readonly rows: readonly OddsRow[];
  /** Paths every cell depends on (added to each cell's own). */
  readonly uses?: readonly string[];
  readonly charts?: readonly OddsChart[];
  readonly notes?: readonly string[];
  /** Presentation only: a key column whose values become columns in printed (HTML) tables. */
  readonly pivot?: string;
  /**
   * The rows the parameters point at, as key column -> value (e.g. the ratio column of an attack
   * and a defence value): highlighted on cards and odds pages when the user gives a parameter.
   * Key columns named like a parameter are matched without it.
   */
  readonly select?: Readonly<Record<string, string | number>>;
}

export interface OddsOutcome {
  readonly outcome: string | number;
  readonly p: Fraction;
}

export type OddsParamSpecs = Readonly<Record<string, OddsParamSpec>>;

/**
 * One exact mechanic, typed over the system's rules data R, option values OV and scenario block
 * B, and its parameter specs P (the framework resolves and checks the values before any call).
 */
export interface OddsMechanic<R = any, OV = OptionValues, B = any, P extends OddsParamSpecs = OddsParamSpecs> {
  readonly name: string;
  readonly description: string;
  readonly params: P;
  /**
   * The mechanic's table. `scenario` is the validated `scenario:` block when the user gave
   * --scenario (systems whose mechanics depend on a scenario's forces use it; others ignore it).
   */
  table(data: R, options: OV, params: ParamValuesOf<P>, scenario?: B): OddsTable;
  /** Exact distribution of one outcome at these parameters (for the exact-vs-sampled check). */
  exact?(data: R, options: OV, params: ParamValuesOf<P>, scenario?: B): readonly OddsOutcome[];
  /** One sampled outcome with the engine's own roll code. */
  sample?(data: R, options: OV, params: ParamValuesOf<P>, rng: Rng, scenario?: B): string | number;
  /**
   * Why this mechanic has no sampled twin (`exact` and `sample`), when it has none: e.g. a table
   * derived from other mechanics' exact values. The conformance battery requires the pair or this.
   */
  readonly noSampledTwin?: string;
  /** Parameter settings the exact-vs-sampled check covers (default: the defaults alone). */
  readonly checkParams?: readonly OddsParams[];
  /** Checks that need the rules data (unknown unit id...): [param, message]. */
  validate?(data: R, options: OV, params: ParamValuesOf<P>, scenario?: B): Array<[string, string]>;
  /** Shown on reference cards (default true). */
  readonly card?: boolean;
  /** Parameter settings shown on reference cards (default: the defaults alone). */
  readonly cardParams?: readonly OddsParams[];
  /** Needs a scenario (--scenario) to mean anything (default false). */
  readonly needsScenario?: boolean;
}

export interface OddsModule<R = any, OV = any, B = any> {
  readonly mechanics: readonly OddsMechanic<R, OV, B, OddsParamSpecs>[];
}

/**
 * Declares a mechanic of a system with rules data R, option values OV and scenario block B,
 * inferring its parameter names and value types from the specs:
 *   const m = defineMechanic<RulesData, PvOptions, ScenarioBody>()({ name, params: { distance: {...} }, table: (d, o, p) => ... p.distance ... })
 */
export function defineMechanic<R, OV, B = unknown>() {
  return <const P extends OddsParamSpecs>(m: OddsMechanic<R, OV, B, P>): OddsMechanic<R, OV, B, P> => m;
}

export function findMechanic(m: OddsModule, name: string): OddsMechanic | undefined {
  return m.mechanics.find((x) => x.name === name);
}

/**
 * Resolves parameters given as text (command line) or values against the specs: defaults
 * filled in, types coerced to the default's type, ranges and allowed values checked.
 * Errors are [param, message].
 */
export function resolveOddsParams(mech: OddsMechanic, given: Readonly<Record<string, unknown>>): [Record<string, ParamValue>, Array<[string, string]>] {
  const out: Record<string, ParamValue> = {};
  const errors: Array<[string, string]> = [];
  for (const [k, s] of Object.entries(mech.params)) out[k] = s.default;
  for (const [k, raw] of Object.entries(given)) {
    const spec = mech.params[k];
    if (!spec) {
      const known = Object.keys(mech.params);
      errors.push([k, `mechanic '${mech.name}' has no parameter '${k}'${suggest(k, known)}${known.length ? `; parameters: ${known.join(', ')}` : ' (it takes none)'}`]);
      continue;
    }
    let v: unknown = raw;
    if (typeof spec.default === 'number' && typeof raw === 'string') v = raw.trim() === '' ? NaN : Number(raw);
    if (typeof spec.default === 'boolean' && typeof raw === 'string') v = raw === 'true' ? true : raw === 'false' ? false : raw;
    if (typeof v !== typeof spec.default || (typeof v === 'number' && !Number.isFinite(v))) {
      errors.push([k, `expected a ${typeof spec.default}${spec.values ? ` (one of ${spec.values.join(', ')})` : ''}, got '${String(raw)}'`]);
      continue;
    }
    if (typeof v === 'number') {
      if (spec.integer && !Number.isInteger(v)) {
        errors.push([k, `expected a whole number, got ${v}`]);
        continue;
      }
      if ((spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max)) {
        errors.push([k, `expected a number in [${spec.min ?? '-inf'}, ${spec.max ?? 'inf'}], got ${v}`]);
        continue;
      }
    }
    if (spec.values && !spec.values.includes(v as ParamValue)) {
      errors.push([k, `expected one of ${spec.values.join(', ')}, got '${String(raw)}'${typeof v === 'string' ? suggest(v, spec.values.map(String)) : ''}`]);
      continue;
    }
    out[k] = v as ParamValue;
  }
  return [out, errors];
}

/** The cell's exact value whether given bare or as an OddsCell. */
export function cellValue(c: OddsCell | Fraction): Fraction {
  return 'value' in c ? c.value : c;
}

export function cellUses(c: OddsCell | Fraction): readonly string[] {
  return 'value' in c ? (c.uses ?? []) : [];
}
