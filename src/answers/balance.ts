/**
 * The balance solver: which value of one rules value (a cost, a stat, a table cell) brings a
 * side's win rate to a target? Stochastic bisection on common random numbers (every probe
 * replays games 0..n−1 of the same seed, so probes differ only by the value): each probe plays
 * more games (×4 per step) until its 95% Wilson interval excludes the target (the probe is
 * above or below it) or the most games allowed still include it (the probe is consistent with
 * the target). The win rate is assumed monotone in the value over the range (checked on the
 * probes played: a probe out of order is reported).
 */
import type { RunOptions } from '../run/pool.ts';
import { wilson } from '../analysis/intervals.ts';
import { sideWords } from '../report/text.ts';
import { playVersions } from './probe.ts';
import type { SetEdit } from '../scenario/sets.ts';
import type { Subject } from './subject.ts';

export interface BalanceRequest extends Pick<RunOptions, 'workers'> {
  /** The value to solve for (a `--set` path). */
  readonly path: string;
  readonly lo: number;
  readonly hi: number;
  /** Whole numbers only (default: both ends and the current value are whole). */
  readonly integer: boolean;
  readonly target: number;
  readonly side: number;
  /** Games of a probe's first step; each further step plays 4× as many. */
  readonly firstGames?: number;
  /** Most games of one probe. */
  readonly maxGames?: number;
  /** Continuous values: stop when the bracket is this narrow (default (hi − lo) / 200). */
  readonly tolerance?: number;
  /** Words for the value in messages (default: the path). */
  readonly label?: string;
  /** Other edits kept fixed at every probe. */
  readonly fixed?: readonly SetEdit[];
  readonly onProbe?: (p: Probe) => void;
  /** A probe step starts: these values on this many games each. */
  readonly onStep?: (values: readonly number[], games: number) => void;
  /** Games played of the current probe step. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Plays games 0..n−1 at each value and returns the chosen side's wins (default: the real game on the worker pool). */
  readonly play?: (values: readonly number[], games: number) => Promise<number[]>;
}

export type ProbeStatus = 'above' | 'below' | 'consistent';

export interface Probe {
  readonly value: number;
  readonly games: number;
  readonly wins: number;
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
  readonly status: ProbeStatus;
}

export interface BalanceResult {
  readonly path: string;
  readonly side: number;
  readonly sideName: string;
  readonly target: number;
  readonly range: readonly [number, number];
  readonly integer: boolean;
  /** True when the target is reached inside the range. */
  readonly found: boolean;
  /** The solution (found) or the closest value in the range (not found). */
  readonly value: number;
  /** Where the win rate crosses the target, by linear interpolation between the bracketing probes. */
  readonly crossing: number | null;
  /** Values consistent with the target at 95% (probes whose interval includes it; for continuous values an interval). */
  readonly consistent: { readonly lo: number; readonly hi: number; readonly values?: readonly number[] } | null;
  readonly probes: readonly Probe[];
  /** Probes whose order contradicts a monotone win rate (their intervals do not overlap in the expected order). */
  readonly nonMonotone: readonly number[];
  readonly gamesPlayed: number;
  readonly message: string;
}

/** A real scenario, or (with `req.play`) just the side names. */
export type BalanceSubject = Subject | { readonly sides: readonly string[] };

export async function solveBalance(subject: BalanceSubject, req: BalanceRequest): Promise<BalanceResult> {
  const first = req.firstGames ?? 1000;
  const max = Math.max(first, req.maxGames ?? 16_000);
  const probes = new Map<number, Probe>();
  let gamesPlayed = 0;

  const status = (lo: number, hi: number): ProbeStatus => (lo > req.target ? 'above' : hi < req.target ? 'below' : 'consistent');
  /** Plays one or more values together (common random numbers), each until it is decided. */
  const probe = async (values: number[], most = max): Promise<Probe[]> => {
    let open = values.filter((v) => !probes.has(v));
    for (let n = first; open.length > 0; n = Math.min(most, n * 4)) {
      req.onStep?.(open, n);
      const winsAt = req.play
        ? await req.play(open, n)
        : !('loaded' in subject)
          ? []
          : (await playVersions(subject, open.map((v) => ({ name: `${req.path}=${v}`, sets: [...(req.fixed ?? []), { path: req.path, value: v }] })), { games: n, workers: req.workers, onProgress: req.onProgress })).map((r) => r.wins[req.side]);
      gamesPlayed += n * open.length;
      const still: number[] = [];
      winsAt.forEach((wins, i) => {
        const [lo, hi] = wilson(wins, n);
        const p: Probe = { value: open[i], games: n, wins, p: wins / n, lo, hi, status: status(lo, hi) };
        probes.set(open[i], p);
        if (p.status === 'consistent' && n < most) still.push(open[i]);
        else req.onProbe?.(p);
      });
      if (n >= most) break;
      open = still;
    }
    return values.map((v) => probes.get(v)!);
  };

  const round = (x: number) => (req.integer ? Math.round(x) : x);
  const [pLo, pHi] = await probe([req.lo, req.hi]);
  // Which way the win rate moves with the value (from the two ends).
  const rising = pHi.p >= pLo.p;
  const below = (p: Probe) => p.status === (rising ? 'below' : 'above');
  const aboveSide = (p: Probe) => p.status === (rising ? 'above' : 'below');

  let found = false;
  let a = req.lo;
  let b = req.hi;
  let hit: number | null = null;
  if (pLo.status === 'consistent') hit = req.lo;
  else if (pHi.status === 'consistent') hit = req.hi;
  else if (pLo.status === pHi.status) {
    // Both ends on the same side of the target: no value in the range reaches it. A few
    // values inside, on the first step's games only, draw the curve.
    const inside = [1, 2, 3].map((k) => round(req.lo + ((req.hi - req.lo) * k) / 4)).filter((v, i, a) => v > req.lo && v < req.hi && a.indexOf(v) === i);
    await probe(inside, first);
    return finish(false, null);
  }
  const tol = req.integer ? 1 : (req.tolerance ?? (req.hi - req.lo) / 200);
  while (hit === null && b - a > tol) {
    const m = req.integer ? Math.floor((a + b) / 2) : (a + b) / 2;
    if (m === a || m === b) break;
    const [pm] = await probe([m]);
    if (pm.status === 'consistent') hit = m;
    else if (below(pm)) a = m;
    else b = m;
  }
  found = true;
  if (hit !== null) {
    if (req.integer) {
      // Walk out from the consistent value until each side's neighbour excludes the target.
      for (let x = hit - 1; x >= req.lo; x--) if ((await probe([x]))[0].status !== 'consistent') break;
      for (let x = hit + 1; x <= req.hi; x++) if ((await probe([x]))[0].status !== 'consistent') break;
    } else {
      // Bracket the consistent region on both sides with a few more bisections.
      let l = req.lo;
      let r = hit;
      for (let i = 0; i < 5 && r - l > tol; i++) {
        const m = (l + r) / 2;
        const [pm] = await probe([m]);
        if (pm.status === 'consistent') r = m;
        else l = m;
      }
      l = hit;
      r = req.hi;
      for (let i = 0; i < 5 && r - l > tol; i++) {
        const m = (l + r) / 2;
        const [pm] = await probe([m]);
        if (pm.status === 'consistent') l = m;
        else r = m;
      }
    }
  }
  return finish(found, hit);

  function finish(ok: boolean, _hit: number | null): BalanceResult {
    const list = [...probes.values()].sort((x, y) => x.value - y.value);
    const closest = list.reduce((best, p) => (Math.abs(p.p - req.target) < Math.abs(best.p - req.target) ? p : best), list[0]);
    const crossing = interpolateCrossing(list, req.target);
    const cons = list.filter((p) => p.status === 'consistent');
    let consistent: BalanceResult['consistent'] = null;
    if (cons.length) {
      consistent = req.integer
        ? { lo: cons[0].value, hi: cons[cons.length - 1].value, values: cons.map((p) => p.value) }
        : continuousConsistent(list, req.target) ?? { lo: cons[0].value, hi: cons[cons.length - 1].value };
    }
    let value = closest.value;
    if (ok && !req.integer && crossing !== null) value = crossing;
    if (ok && req.integer && crossing !== null && cons.length === 0) {
      // Between two whole values: the one whose estimate is nearer the target.
      value = closest.value;
    }
    value = round(value);
    const nonMonotone = list.filter((p, i) => i > 0 && (rising ? p.hi < list[i - 1].lo : p.lo > list[i - 1].hi)).map((p) => p.value);
    const sideName = sideWords(subject.sides[req.side]);
    const what = req.label ?? req.path;
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    const best = probes.get(value) ?? closest;
    const rateOf = (p: Probe) => `${pct(p.p)}, ${pct(p.lo)}–${pct(p.hi)}, ${p.games.toLocaleString('en-US')} games`;
    let message: string;
    if (!ok) {
      message = `No value of ${what} in ${fmt(req.lo)}..${fmt(req.hi)} brings ${sideName} to ${pct(req.target)}: it ranges from ${pct(pLoOf(list).p)} to ${pct(list[list.length - 1].p)}; the closest is ${fmt(closest.value)} (${rateOf(closest)}).`;
    } else if (consistent) {
      message = `${what} = ${fmt(value)} brings ${sideName} to ${pct(req.target)} of games won (${rateOf(best)}); values consistent with ${pct(req.target)} at 95%: ${consistent.values ? consistent.values.join(', ') : `${fmt(consistent.lo)} to ${fmt(consistent.hi)}`}.`;
    } else {
      const i = crossing === null ? -1 : list.findIndex((p) => p.value > crossing);
      const [a, b] = i > 0 ? [list[i - 1], list[i]] : [closest, closest];
      message = `No single value of ${what} gives ${sideName} exactly ${pct(req.target)}: the win rate crosses it between ${fmt(a.value)} (${rateOf(a)}) and ${fmt(b.value)} (${rateOf(b)}), at about ${fmt(crossing ?? value)}; the closest is ${fmt(value)}.`;
    }
    return { path: req.path, side: req.side, sideName, target: req.target, range: [req.lo, req.hi], integer: req.integer, found: ok, value, crossing, consistent, probes: list, nonMonotone, gamesPlayed, message };
  }
}

function pLoOf(list: readonly Probe[]): Probe {
  return list[0];
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toPrecision(4);
}

/** Linear interpolation of the value where the estimated win rate crosses the target (first crossing). */
export function interpolateCrossing(sorted: readonly Pick<Probe, 'value' | 'p'>[], target: number): number | null {
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if ((a.p - target) * (b.p - target) <= 0 && a.p !== b.p) return a.value + ((target - a.p) * (b.value - a.value)) / (b.p - a.p);
    if (a.p === target) return a.value;
  }
  return null;
}

/**
 * Continuous values: the set {x : lo(x) ≤ target ≤ hi(x)} of the interval bounds interpolated
 * linearly between neighbouring probes (its ends fall between a consistent probe and an excluded one).
 */
export function continuousConsistent(sorted: readonly Pick<Probe, 'value' | 'lo' | 'hi'>[], target: number): { lo: number; hi: number } | null {
  if (sorted.length < 2) return null;
  const first = sorted[0].value;
  const last = sorted[sorted.length - 1].value;
  const steps = 2000;
  let a = Infinity;
  let b = -Infinity;
  let j = 0;
  for (let i = 0; i <= steps; i++) {
    const x = first + ((last - first) * i) / steps;
    while (j < sorted.length - 2 && sorted[j + 1].value < x) j++;
    const p = sorted[j];
    const q = sorted[j + 1];
    const w = q.value === p.value ? 0 : (x - p.value) / (q.value - p.value);
    const lo = p.lo + w * (q.lo - p.lo);
    const hi = p.hi + w * (q.hi - p.hi);
    if (lo <= target && target <= hi) {
      a = Math.min(a, x);
      b = Math.max(b, x);
    }
  }
  return a <= b ? { lo: a, hi: b } : null;
}
