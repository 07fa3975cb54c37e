/**
 * Summaries of many games, made only of integer counts and sums so that merging is exact and
 * order-independent: the same games give the same summary for any worker count or batch size.
 * Memory is bounded by the number of distinct values, never by the number of games.
 */
import { END_REASONS, type EndReason, type GameResult } from '../core/system.ts';
import type { GameShape } from '../core/shape.ts';

export interface Summary {
  games: number;
  /** wins[s] = games won by side s. */
  wins: number[];
  draws: number;
  /** Games by end reason. */
  reasons: Record<string, number>;
  /** Games by `${reason}/${detail}` and winner label index (sides..., 'draw'). */
  details: Record<string, number[]>;
  /** Histogram of GameResult.length. */
  length: Record<string, number>;
  /** Per-scalar histogram of values. */
  scalars: Array<Record<string, number>>;
  /** Efficiency counters summed over games (rows x columns, row-major). */
  cells: number[];
  decisions: number;
  /** 32-bit random words drawn, all streams. */
  randomDraws: number;
  /** The shape of the games, when the system declares a lead measure (CompiledGame.lead). */
  shape?: ShapeSummary;
  /**
   * Experiments, every variant but the baseline: sums over games of d and d² where d is the
   * variant's value minus the baseline's on the same game, for every declared metric (scalars,
   * then each column's total over all rows). Integer sums when the metrics are integers.
   */
  paired?: PairedSums;
}

export interface PairedSums {
  d: number[];
  d2: number[];
}

/**
 * Per-game values of every declared metric, for pairing a variant with the baseline game by
 * game: the scalars, then each column's total over all efficiency rows in this game (the tally's
 * cells accumulate over games, so a column's game total is its new total minus the last one).
 */
export class MetricSampler {
  readonly width: number;
  readonly values: Float64Array;
  private readonly prev: Float64Array;
  constructor(
    private readonly nScalars: number,
    private readonly ncols: number,
  ) {
    this.width = nScalars + ncols;
    this.values = new Float64Array(this.width);
    this.prev = new Float64Array(ncols);
  }

  /** This game's values (valid until the next call). */
  sample(scalars: Float64Array, cells: Float64Array): Float64Array {
    const v = this.values;
    const ns = this.nScalars;
    const nc = this.ncols;
    for (let i = 0; i < ns; i++) v[i] = scalars[i];
    for (let c = 0; c < nc; c++) v[ns + c] = -this.prev[c];
    for (let i = 0, c = 0; i < cells.length; i++) {
      v[ns + c] += cells[i];
      if (++c === nc) c = 0;
    }
    for (let c = 0; c < nc; c++) this.prev[c] += v[ns + c];
    return v;
  }
}

export function emptyPaired(width: number): PairedSums {
  return { d: new Array(width).fill(0), d2: new Array(width).fill(0) };
}

/** Adds one game's differences (variant values − the baseline's values at base[at..]). */
export function addPaired(p: PairedSums, values: ArrayLike<number>, base: ArrayLike<number>, at: number): void {
  for (let m = 0; m < values.length; m++) {
    const d = values[m] - base[at + m];
    p.d[m] += d;
    p.d2[m] += d * d;
  }
}

/** Integer counts of the games' shapes (src/core/shape.ts), exactly mergeable. */
export interface ShapeSummary {
  /** The comeback margin the games were counted with (the lead measure's). */
  margin: number;
  /** Games with at least one lead sample. */
  games: number;
  /** Histogram of lead changes per game. */
  changes: Record<string, number>;
  /** Games won by a side. */
  decided: number;
  /** Decided games whose winner trailed by at least `margin` at the end of some turn. */
  comebacks: number;
  /**
   * Decided games by the winner's deepest deficit at a sample (0: never behind), so the comeback
   * rate can be read at any margin. Absent in summaries made before it existed.
   */
  deficits?: Record<string, number>;
  /** Decided games by the turn from which the winner was ahead at every sample to the end. */
  ledFrom: Record<string, number>;
  /** Decided games whose winner was not ahead on the measure at the end (won on objectives, flags...). */
  notAhead: number;
  /** Games by the side that acted first. */
  firstSide: number[];
  /** The first mover's record: [won, drawn, lost]. */
  firstMover: number[];
}

function emptyShape(margin: number, sides: number): ShapeSummary {
  return { margin, games: 0, changes: {}, decided: 0, comebacks: 0, deficits: {}, ledFrom: {}, notAhead: 0, firstSide: new Array(sides).fill(0), firstMover: [0, 0, 0] };
}

/** Records one finished game's shape (the tracker after `end(state)`), every count at once. */
export function addShape(s: Summary, t: GameShape, r: GameResult): void {
  new SummaryRecorder(s, 0).shape(t, r);
}

export function emptySummary(sides: number, scalarCount: number, cellCount: number): Summary {
  const reasons: Record<string, number> = {};
  for (const r of END_REASONS) reasons[r] = 0;
  return {
    games: 0,
    wins: new Array(sides).fill(0),
    draws: 0,
    reasons,
    details: {},
    length: {},
    scalars: Array.from({ length: scalarCount }, () => ({})),
    cells: new Array(cellCount).fill(0),
    decisions: 0,
    randomDraws: 0,
  };
}

function bump(h: Record<string, number>, key: number | string, by = 1): void {
  h[key] = (h[key] ?? 0) + by;
}

// The details row of the last game recorded: most games of a batch end the same way, and the row's
// key (`reason/detail`) is a new string each time, hashed at every lookup; comparing the two short
// strings with the last game's is cheaper.
let lastSummary: Summary | null = null;
let lastReason = '';
let lastDetail = '';
let lastRow: number[] = [];

/** The game's row of s.details (created at the first game that ends this way). */
function detailsRow(s: Summary, r: GameResult): number[] {
  if (s === lastSummary && r.reason === lastReason && r.detail === lastDetail) return lastRow;
  const key = `${r.reason}/${r.detail || '-'}`;
  lastRow = s.details[key] ??= new Array(s.wins.length + 1).fill(0);
  lastSummary = s;
  lastReason = r.reason;
  lastDetail = r.detail;
  return lastRow;
}

/** Records one finished game, every count at once (the runner records with a SummaryRecorder). */
export function addGame(s: Summary, r: GameResult, scalars: ArrayLike<number>, decisions: number, randomDraws: number): void {
  const recorder = new SummaryRecorder(s, 0);
  recorder.game(r, scalars, decisions, randomDraws);
  recorder.flush();
}

/** Histogram slots a SummaryRecorder counts in arrays before they reach the records (whole values 0..255). */
const SMALL = 256;

/**
 * One of a summary's histograms (value -> games) as the runner fills it game after game: whole
 * values in [0, SMALL) are counted in an array and added to the record by flush(); any other
 * value goes to the record at once. Integer keys are enumerated in ascending order whatever the
 * order they were added in, and the others keep their order, so the record after flush() is the
 * one bump() game by game gives, key order included. With no slots every value goes straight to
 * the record.
 */
class Histogram {
  private readonly small: Float64Array;
  private any = false;
  constructor(
    readonly into: Record<string, number>,
    private readonly slots: number,
  ) {
    this.small = new Float64Array(slots);
  }
  add(value: number): void {
    if (value >= 0 && value < this.slots && (value | 0) === value) {
      this.small[value]++;
      this.any = true;
    } else bump(this.into, value);
  }
  flush(): void {
    if (!this.any) return;
    const small = this.small;
    for (let v = 0; v < small.length; v++) {
      if (small[v] === 0) continue;
      bump(this.into, v, small[v]);
      small[v] = 0;
    }
    this.any = false;
  }
}

/**
 * Records a batch's finished games into one summary, with the whole-number histograms (lengths,
 * scalars, the shape's counts) kept in arrays and a run of games with the same end reason kept in
 * a count until flush(): a record's keyed update per histogram per game was a tenth of a duel's
 * cost. A new end reason enters the record in the order of first occurrence, as game by game.
 * The summary is complete only after flush(). With `slots` 0 only the end reason waits (addGame
 * flushes at once).
 */
export class SummaryRecorder {
  private readonly length: Histogram;
  private readonly scalars: Histogram[];
  private changes: Histogram | undefined;
  private deficits: Histogram | undefined;
  private ledFrom: Histogram | undefined;
  private reason = '';
  private reasonGames = 0;
  constructor(
    readonly summary: Summary,
    private readonly slots = SMALL,
  ) {
    this.length = new Histogram(summary.length, slots);
    this.scalars = summary.scalars.map((h) => new Histogram(h, slots));
  }

  /** One finished game. */
  game(r: GameResult, scalars: ArrayLike<number>, decisions: number, randomDraws: number): void {
    const s = this.summary;
    s.games++;
    if (r.winner >= 0) s.wins[r.winner]++;
    else s.draws++;
    // The end reason: counted while it repeats the last game's, added to the record when it changes.
    if (r.reason === this.reason) this.reasonGames++;
    else {
      this.flushReason();
      this.reason = r.reason;
      this.reasonGames = 1;
    }
    detailsRow(s, r)[r.winner >= 0 ? r.winner : s.wins.length]++;
    this.length.add(r.length);
    for (let i = 0; i < scalars.length; i++) this.scalars[i].add(scalars[i]);
    s.decisions += decisions;
    s.randomDraws += randomDraws;
  }

  /** One finished game's shape (the tracker after `end(state)`). */
  shape(t: GameShape, r: GameResult): void {
    if (t.samples === 0) return;
    const s = this.summary;
    const sh = (s.shape ??= emptyShape(t.measure.comebackMargin, s.wins.length));
    sh.games++;
    (this.changes ??= new Histogram(sh.changes, this.slots)).add(t.changes);
    if (t.firstSide >= 0) {
      sh.firstSide[t.firstSide]++;
      sh.firstMover[r.winner < 0 ? 1 : r.winner === t.firstSide ? 0 : 2]++;
    }
    if (r.winner < 0 || r.winner > 1) return;
    sh.decided++;
    const deficit = r.winner === 0 ? Math.max(0, -t.minLead) : Math.max(0, t.maxLead);
    if (deficit >= sh.margin) sh.comebacks++;
    (this.deficits ??= new Histogram((sh.deficits ??= {}), this.slots)).add(deficit);
    const since = r.winner === 0 ? t.aheadSinceA : t.aheadSinceB;
    if (since < 0) sh.notAhead++;
    else (this.ledFrom ??= new Histogram(sh.ledFrom, this.slots)).add(since);
  }

  /** Adds the counts kept back to the summary's records; the summary is then complete. */
  flush(): Summary {
    this.flushReason();
    this.length.flush();
    for (const h of this.scalars) h.flush();
    this.changes?.flush();
    this.deficits?.flush();
    this.ledFrom?.flush();
    return this.summary;
  }

  private flushReason(): void {
    if (this.reasonGames > 0) bump(this.summary.reasons, this.reason, this.reasonGames);
    this.reasonGames = 0;
  }
}

export function addCells(s: Summary, cells: ArrayLike<number>): void {
  for (let i = 0; i < cells.length; i++) s.cells[i] += cells[i];
}

/** a += b (exact: integer sums). */
export function mergeSummary(a: Summary, b: Summary): Summary {
  a.games += b.games;
  for (let i = 0; i < a.wins.length; i++) a.wins[i] += b.wins[i];
  a.draws += b.draws;
  for (const [k, v] of Object.entries(b.reasons)) bump(a.reasons, k, v);
  for (const [k, row] of Object.entries(b.details)) {
    const mine = (a.details[k] ??= new Array(row.length).fill(0));
    for (let i = 0; i < row.length; i++) mine[i] += row[i];
  }
  for (const [k, v] of Object.entries(b.length)) bump(a.length, k, v);
  b.scalars.forEach((h, i) => {
    for (const [k, v] of Object.entries(h)) bump(a.scalars[i], k, v);
  });
  for (let i = 0; i < a.cells.length; i++) a.cells[i] += b.cells[i];
  a.decisions += b.decisions;
  a.randomDraws += b.randomDraws;
  if (b.paired !== undefined) {
    const p = (a.paired ??= emptyPaired(b.paired.d.length));
    for (let i = 0; i < b.paired.d.length; i++) {
      p.d[i] += b.paired.d[i];
      p.d2[i] += b.paired.d2[i];
    }
  }
  if (b.shape !== undefined) mergeShape((a.shape ??= emptyShape(b.shape.margin, b.shape.firstSide.length)), b.shape);
  return a;
}

function mergeShape(a: ShapeSummary, b: ShapeSummary): void {
  a.games += b.games;
  for (const [k, v] of Object.entries(b.changes)) bump(a.changes, k, v);
  a.decided += b.decided;
  a.comebacks += b.comebacks;
  if (b.deficits !== undefined) for (const [k, v] of Object.entries(b.deficits)) bump((a.deficits ??= {}), k, v);
  for (const [k, v] of Object.entries(b.ledFrom)) bump(a.ledFrom, k, v);
  a.notAhead += b.notAhead;
  for (let i = 0; i < b.firstSide.length; i++) a.firstSide[i] += b.firstSide[i];
  for (let i = 0; i < 3; i++) a.firstMover[i] += b.firstMover[i];
}

/**
 * Paired outcomes of a variant against the baseline on the same game indices (common random
 * numbers), from side 0's point of view: table[b][v] with 0 = side 0 won, 1 = draw, 2 = side 0 lost.
 */
export type PairTable = number[][];

export function emptyPairTable(): PairTable {
  return [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
}

export function outcomeCode(r: GameResult): 0 | 1 | 2 {
  return r.winner === 0 ? 0 : r.winner < 0 ? 1 : 2;
}

export function mergePairs(a: PairTable, b: PairTable): PairTable {
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) a[i][j] += b[i][j];
  return a;
}

/** The merged summaries of a plan's variants and their paired tables against the baseline. */
export interface Totals {
  /** summaries[v]; absent until variant v's first batch is merged (its sizes come from the game). */
  summaries: Summary[];
  pairs: PairTable[];
}

export function emptyTotals(variants: number): Totals {
  return { summaries: [], pairs: Array.from({ length: variants }, emptyPairTable) };
}

/** totals += one batch's (or one partial's) summaries and pairs; exact, in any order. */
export function mergeInto(t: Totals, r: { readonly summaries: readonly Summary[]; readonly pairs: readonly PairTable[] }): Totals {
  r.summaries.forEach((s, i) => {
    if (t.summaries[i] === undefined) t.summaries[i] = emptySummary(s.wins.length, s.scalars.length, s.cells.length);
    mergeSummary(t.summaries[i], s);
  });
  r.pairs.forEach((p, i) => mergePairs(t.pairs[i], p));
  return t;
}

function sortedRecord<T>(r: Record<string, T>, numeric: boolean): Record<string, T> {
  const keys = Object.keys(r).sort(numeric ? (a, b) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0) : undefined);
  const out: Record<string, T> = {};
  for (const k of keys) out[k] = r[k];
  return out;
}

/**
 * The same summary with every keyed table in sorted key order: merging in a different order
 * (other workers, shards, a resumed run) then gives byte-identical JSON, not only equal values.
 */
export function canonicalSummary(s: Summary): Summary {
  return {
    ...s,
    reasons: sortedRecord(s.reasons, false),
    details: sortedRecord(s.details, false),
    length: sortedRecord(s.length, true),
    scalars: s.scalars.map((h) => sortedRecord(h, true)),
    ...(s.shape ? { shape: { ...s.shape, changes: sortedRecord(s.shape.changes, true), ledFrom: sortedRecord(s.shape.ledFrom, true), ...(s.shape.deficits ? { deficits: sortedRecord(s.shape.deficits, true) } : {}) } } : {}),
  };
}

export type { EndReason };
