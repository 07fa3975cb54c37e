/**
 * Metric sink of a game. A system declares its layout once (at compile time) and writes
 * counters during play with integer row/column indices: no strings, no allocation.
 *
 *  - cells: efficiency counters, rows x columns (e.g. per side x unit type x weapon:
 *    shots, hits, kills), SUMMED over all the games of a batch;
 *  - scalars: per-game quantities (reset before every game) whose distributions are kept
 *    as histograms (e.g. enforcement cards drawn, points destroyed by side A).
 *
 * Integer sums merge exactly in any order, which is what makes results identical for any
 * worker count and batch size.
 */
export interface MetricLayout {
  /** Names of the key columns of each efficiency row, e.g. ['side', 'unit', 'weapon']. */
  readonly rowKeys: readonly string[];
  /** One record per row: values for rowKeys plus constants (e.g. points). */
  readonly rows: ReadonlyArray<Readonly<Record<string, string | number>>>;
  /** Counter names per row, e.g. ['fielded', 'shots', 'hits', 'kills']. */
  readonly columns: readonly string[];
  /** Per-game scalar names; keep values integral so histograms stay small. */
  readonly scalars: readonly string[];
  /** Ratios the report derives from the counters (num/den), with how to give an interval. */
  readonly ratios?: ReadonlyArray<RatioSpec>;
  /**
   * Aggregated views of the efficiency rows for reports, e.g. { name: 'by weapon and range band',
   * keys: ['weapon', 'rangeBand'] }: counters are summed over the other keys (and, in experiments,
   * over all variants), then the ratios recomputed with their intervals.
   */
  readonly views?: ReadonlyArray<{ readonly name: string; readonly keys: readonly string[] }>;
}

export interface RatioSpec {
  readonly name: string;
  readonly num: string;
  readonly den: string;
  /** 'proportion' => Wilson interval on num/den (num <= den); 'rate' => plain ratio. */
  readonly kind: 'proportion' | 'rate';
  /** Multiply the ratio (e.g. 100 for "per 100 points"). */
  readonly scale?: number;
  /** The denominator is a row constant (e.g. 'points') times a counter ('fielded'). */
  readonly denConstant?: string;
  readonly label?: string;
}

export class Tally {
  readonly cells: Float64Array;
  readonly scalars: Float64Array;
  readonly ncols: number;

  constructor(readonly layout: MetricLayout) {
    this.ncols = layout.columns.length;
    this.cells = new Float64Array(layout.rows.length * this.ncols);
    this.scalars = new Float64Array(layout.scalars.length);
  }

  /** Adds v to counter `col` of row `row`. */
  add(row: number, col: number, v = 1): void {
    this.cells[row * this.ncols + col] += v;
  }

  setScalar(i: number, v: number): void {
    this.scalars[i] = v;
  }

  addScalar(i: number, v = 1): void {
    this.scalars[i] += v;
  }

  resetScalars(): void {
    this.scalars.fill(0);
  }

  resetCells(): void {
    this.cells.fill(0);
  }
}

/** Helper for systems: index lookups by name, done once at compile time. */
export function columnIndex(layout: MetricLayout, name: string): number {
  const i = layout.columns.indexOf(name);
  if (i < 0) throw new Error(`metric column '${name}' not in layout`);
  return i;
}

export function scalarIndex(layout: MetricLayout, name: string): number {
  const i = layout.scalars.indexOf(name);
  if (i < 0) throw new Error(`metric scalar '${name}' not in layout`);
  return i;
}

/** A layout whose column, scalar and ratio names are known to the compiler. */
export interface TypedLayout<C extends string, Sc extends string> extends MetricLayout {
  readonly columns: readonly C[];
  readonly scalars: readonly Sc[];
  readonly ratios?: ReadonlyArray<RatioSpec & { readonly num: C; readonly den: C }>;
}

/** Named indices of a layout: `m.col.hits`, `m.scalar.aimsTaken` (a typo fails to compile). */
export interface MetricIndex<C extends string, Sc extends string> {
  readonly col: { readonly [K in C]: number };
  readonly scalar: { readonly [K in Sc]: number };
}

/**
 * Declares a metric layout's names once and returns their indices:
 *   const M = metricNames(['shots', 'hits'], ['aimsTaken']);  ctx.tally.add(row, M.col.hits)
 */
export function metricNames<const C extends string, const Sc extends string>(columns: readonly C[], scalars: readonly Sc[]): MetricIndex<C, Sc> & { readonly columns: readonly C[]; readonly scalars: readonly Sc[] } {
  // Fast-mode objects (Object.fromEntries), not null-prototype dictionaries: `M.col.hits` sits in
  // hot loops, and a dictionary's property is a hash lookup there.
  const indexOf = <N extends string>(names: readonly N[], what: string): Record<N, number> => {
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n)) throw new Error(`metric ${what} '${n}' declared twice`);
      seen.add(n);
    }
    return Object.fromEntries(names.map((n, i) => [n, i])) as Record<N, number>;
  };
  const col = indexOf(columns, 'column');
  const scalar = indexOf(scalars, 'scalar');
  return { col, scalar, columns, scalars };
}
