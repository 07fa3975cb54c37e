/**
 * Bradley–Terry ratings of a round robin (every loadout against every other): P(i beats j) =
 * σ(θi − θj), draws counted as half a win to each. Fitted by the MM algorithm of Hunter (2004,
 * "MM algorithms for generalized Bradley–Terry models", Ann. Statist. 32:384), with one drawn
 * virtual game between every pair played (a weak prior that keeps an unbeaten item finite).
 * Intervals: the observed Fisher information, with θ constrained to sum to zero (its
 * Moore–Penrose inverse is (I + J/k)⁻¹ − J/k since I·1 = 0). A rating is shown as the expected
 * score against an average opponent, σ(θi), with its 95% interval.
 */
import { Z95 } from './intervals.ts';

export interface Match {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  /** Wins of a, wins of b, draws. */
  readonly winsA: number;
  readonly winsB: number;
  readonly draws: number;
}

export interface Rating {
  readonly item: string;
  readonly theta: number;
  readonly se: number;
  /** Expected score against an average opponent, with its 95% interval. */
  readonly score: number;
  readonly lo: number;
  readonly hi: number;
  readonly games: number;
}

export interface MatchupCell {
  readonly row: string;
  readonly col: string;
  /** Row's predicted score against col. */
  readonly predicted: number;
  /** Row's observed score (wins + draws/2) against col, NaN when not played. */
  readonly observed: number;
  readonly games: number;
}

export interface BradleyTerry {
  readonly ratings: readonly Rating[];
  readonly matrix: readonly MatchupCell[];
  /** A cycle i beats j beats … beats i, each step significant at 95%, when results are intransitive. */
  readonly cycle: readonly string[] | null;
  readonly iterations: number;
}

const sigma = (x: number) => 1 / (1 + Math.exp(-x));

export function fitBradleyTerry(matches: readonly Match[], prior = 1): BradleyTerry {
  const items = [...new Set(matches.flatMap((m) => [m.a, m.b]))].sort();
  const k = items.length;
  const ix = new Map(items.map((x, i) => [x, i]));
  const n = Array.from({ length: k }, () => new Float64Array(k)); // games between i and j
  const s = Array.from({ length: k }, () => new Float64Array(k)); // score of i against j
  for (const m of matches) {
    const i = ix.get(m.a)!;
    const j = ix.get(m.b)!;
    if (i === j) continue;
    n[i][j] += m.games;
    n[j][i] += m.games;
    s[i][j] += m.winsA + m.draws / 2;
    s[j][i] += m.winsB + m.draws / 2;
  }
  const played = n.map((row) => row.map((x) => (x > 0 ? 1 : 0)));
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++)
      if (i !== j && played[i][j]) {
        n[i][j] += prior;
        s[i][j] += prior / 2;
      }
  let gamma = new Float64Array(k).fill(1);
  let it = 0;
  for (; it < 10_000; it++) {
    const next = new Float64Array(k);
    for (let i = 0; i < k; i++) {
      let w = 0;
      let den = 0;
      for (let j = 0; j < k; j++) {
        if (i === j || n[i][j] === 0) continue;
        w += s[i][j];
        den += n[i][j] / (gamma[i] + gamma[j]);
      }
      next[i] = den > 0 ? w / den : gamma[i];
    }
    // Normalise to a geometric mean of 1 (θ sums to zero).
    let logSum = 0;
    for (let i = 0; i < k; i++) logSum += Math.log(next[i]);
    const g = Math.exp(logSum / k);
    let change = 0;
    for (let i = 0; i < k; i++) {
      next[i] /= g;
      change = Math.max(change, Math.abs(Math.log(next[i]) - Math.log(gamma[i])));
    }
    gamma = next;
    if (change < 1e-10) break;
  }
  const theta = Array.from(gamma, Math.log);
  // Fisher information and its constrained inverse.
  const info = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      if (i === j || n[i][j] === 0) continue;
      const p = sigma(theta[i] - theta[j]);
      const v = n[i][j] * p * (1 - p);
      info[i][i] += v;
      info[i][j] -= v;
    }
  const aug = info.map((row) => row.map((x) => x + 1 / k));
  const inv = invert(aug);
  const cov = inv.map((row) => row.map((x) => x - 1 / k));
  const ratings: Rating[] = items.map((item, i) => {
    const se = Math.sqrt(Math.max(0, cov[i][i]));
    let games = 0;
    for (let j = 0; j < k; j++) if (played[i][j]) games += n[i][j] - prior;
    return { item, theta: theta[i], se, score: sigma(theta[i]), lo: sigma(theta[i] - Z95 * se), hi: sigma(theta[i] + Z95 * se), games };
  });
  const matrix: MatchupCell[] = [];
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      const games = played[i][j] ? n[i][j] - prior : 0;
      matrix.push({ row: items[i], col: items[j], predicted: sigma(theta[i] - theta[j]), observed: games > 0 ? (s[i][j] - prior / 2) / games : NaN, games });
    }
  ratings.sort((a, b) => b.theta - a.theta);
  return { ratings, matrix, cycle: findCycle(items, matrix), iterations: it };
}

/**
 * A cycle in the "beats" graph (i → j when i's observed score against j is above one half with
 * its 95% interval), by depth-first search; null when the significant results are transitive.
 */
export function findCycle(items: readonly string[], matrix: readonly MatchupCell[]): string[] | null {
  const beats = new Map<string, string[]>(items.map((x) => [x, []]));
  for (const c of matrix) {
    if (!(c.games > 0)) continue;
    const se = Math.sqrt(Math.max(c.observed * (1 - c.observed), 1e-12) / c.games);
    if (c.observed - Z95 * se > 0.5) beats.get(c.row)!.push(c.col);
  }
  const state = new Map<string, 0 | 1 | 2>();
  const stack: string[] = [];
  const dfs = (u: string): string[] | null => {
    state.set(u, 1);
    stack.push(u);
    for (const v of beats.get(u)!) {
      if (state.get(v) === 1) return [...stack.slice(stack.indexOf(v)), v];
      if (!state.get(v)) {
        const c = dfs(v);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(u, 2);
    return null;
  };
  for (const x of items) if (!state.get(x)) {
    const c = dfs(x);
    if (c) return c;
  }
  return null;
}

/** Gauss–Jordan inverse of a small symmetric positive-definite matrix. */
function invert(m: number[][]): number[][] {
  const k = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: k }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < k; c++) {
    let piv = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
    [a[c], a[piv]] = [a[piv], a[c]];
    const d = a[c][c];
    for (let j = 0; j < 2 * k; j++) a[c][j] /= d;
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = a[r][c];
      if (f !== 0) for (let j = 0; j < 2 * k; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((row) => row.slice(k));
}
