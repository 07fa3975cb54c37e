/**
 * Opposed sorted-dice contests (RISK and its many cousins): both sides roll a pool, sort it
 * high to low, and the i-th highest dice are compared pairwise over the first `pairs` ranks
 * (default: the shorter pool). Each pair is won by the higher die; a tie is cancelled, or goes
 * to the defender or the attacker (tie policy).
 *
 * Exact joint distribution of (attacker wins, defender wins, ties) without enumerating the
 * 6^(a+d) outcomes: dynamic programming over the face values from high to low. The state is
 * (ia, id, aw, dw): how many attacker / defender dice show a face above the current one (so
 * ranks 0..ia-1 of the attacker are already known), and the wins resolved so far. Placing ca
 * attacker and cd defender dice on face v has weight C(a-ia, ca) wA(v)^ca C(d-id, cd) wD(v)^cd
 * (the multinomial count of the sorted multiset), and resolves the ranks whose two dice are
 * now both known: a rank whose attacker die was placed on an earlier (higher) face is an
 * attacker win, the reverse a defender win, both on this face a tie.
 *
 * Arithmetic: exact doubles when the total weight is below 2^53 (10 vs 10 d6 = 6^20 is), else
 * the same kernel runs modulo primes below 2^26 and the weights are rebuilt by the Chinese
 * remainder theorem in BigInt. 10 vs 10 d6 takes a few milliseconds.
 */
import { Dist, binomials } from './exact.ts';
import { Fraction } from './fraction.ts';

export type TiePolicy = 'cancel' | 'defender' | 'attacker';
export const TIE_POLICIES: readonly TiePolicy[] = ['cancel', 'defender', 'attacker'];

export interface ContestOptions {
  /** The attacker's die (default d6). Modifiers: Dist.die(6).add(1). */
  readonly attackerDie?: Dist;
  /** The defender's die (default d6). */
  readonly defenderDie?: Dist;
  /** Who takes a tied pair (default 'cancel': counted apart as a tie). */
  readonly ties?: TiePolicy;
  /** Ranks compared (default and maximum: the shorter pool). */
  readonly pairs?: number;
}

export interface ContestOutcome {
  readonly attackerWins: number;
  readonly defenderWins: number;
  readonly ties: number;
  readonly weight: bigint;
}

/** Joint distribution of one contest's (attacker wins, defender wins, ties). */
export class ContestDist {
  constructor(
    readonly attackerDice: number,
    readonly defenderDice: number,
    readonly pairs: number,
    readonly ties: TiePolicy,
    /** Outcomes with positive weight, sorted by (attackerWins, defenderWins). */
    readonly outcomes: readonly ContestOutcome[],
    readonly total: bigint,
  ) {}

  prob(attackerWins: number, defenderWins: number): Fraction {
    let w = 0n;
    for (const o of this.outcomes) if (o.attackerWins === attackerWins && o.defenderWins === defenderWins) w += o.weight;
    return new Fraction(w, this.total);
  }

  /** Distribution of one count. */
  marginal(which: 'attackerWins' | 'defenderWins' | 'ties'): Dist {
    return Dist.fromPairs(this.outcomes.map((o) => [o[which], o.weight] as const));
  }

  /** Rows with exact probabilities, for tables. */
  table(): Array<{ attackerWins: number; defenderWins: number; ties: number; p: Fraction }> {
    return this.outcomes.map((o) => ({ attackerWins: o.attackerWins, defenderWins: o.defenderWins, ties: o.ties, p: new Fraction(o.weight, this.total) }));
  }
}

const D6 = Dist.die(6);
const TWO_53 = 2n ** 53n;

/** The exact contest of `a` attacker dice against `d` defender dice. */
export function opposedContest(a: number, d: number, opts: ContestOptions = {}): ContestDist {
  if (!Number.isInteger(a) || a < 0 || !Number.isInteger(d) || d < 0) throw new Error(`opposedContest: dice counts must be non-negative integers, got ${a} v ${d}`);
  const dieA = opts.attackerDie ?? D6;
  const dieD = opts.defenderDie ?? D6;
  const ties = opts.ties ?? 'cancel';
  if (!TIE_POLICIES.includes(ties)) throw new Error(`opposedContest: ties must be one of ${TIE_POLICIES.join(', ')}, got '${ties}'`);
  const maxPairs = Math.min(a, d);
  const m = opts.pairs ?? maxPairs;
  if (!Number.isInteger(m) || m < 0 || m > maxPairs) throw new Error(`opposedContest: pairs must be an integer in 0..${maxPairs}, got ${m}`);

  // Face values of both dice, high to low, with each side's weight on them (0 = cannot show).
  const values = [...new Set([...dieA.outcomes, ...dieD.outcomes])].sort((x, y) => y - x);
  const wA = values.map((v) => dieA.weightOf(v));
  const wD = values.map((v) => dieD.weightOf(v));
  const total = dieA.total ** BigInt(a) * dieD.total ** BigInt(d);

  const layout = new Layout(a, d, m);
  let raw: bigint[];
  if (total < TWO_53) {
    raw = Array.from(kernel(layout, values.length, wA, wD, 0), (x) => BigInt(x));
  } else {
    // Enough primes that their product exceeds any weight (every weight is at most the total).
    const primes: number[] = [];
    let prod = 1n;
    for (const p of PRIMES) {
      if (prod > total) break;
      primes.push(p);
      prod *= BigInt(p);
    }
    if (prod <= total) throw new Error('opposedContest: pools too large for the modular kernel');
    const residues = primes.map((p) => kernel(layout, values.length, wA, wD, p));
    raw = crt(residues, primes);
  }

  // Final states: every die placed (ia = a, id = d); ties = m - aw - dw.
  const merged = new Map<string, ContestOutcome>();
  for (let aw = 0; aw <= m; aw++) {
    for (let dw = 0; aw + dw <= m; dw++) {
      const w = raw[layout.index(a, d, aw, dw)];
      if (w === 0n) continue;
      const t = m - aw - dw;
      const o: ContestOutcome =
        ties === 'cancel' ? { attackerWins: aw, defenderWins: dw, ties: t, weight: w } : ties === 'defender' ? { attackerWins: aw, defenderWins: dw + t, ties: 0, weight: w } : { attackerWins: aw + t, defenderWins: dw, ties: 0, weight: w };
      const key = `${o.attackerWins},${o.defenderWins},${o.ties}`;
      const prev = merged.get(key);
      merged.set(key, prev ? { ...prev, weight: prev.weight + w } : o);
    }
  }
  const outcomes = [...merged.values()].sort((x, y) => x.attackerWins - y.attackerWins || x.defenderWins - y.defenderWins || x.ties - y.ties);
  let sum = 0n;
  for (const o of outcomes) sum += o.weight;
  if (sum !== total) throw new Error(`opposedContest: weights sum to ${sum}, expected ${total}`);
  return new ContestDist(a, d, m, ties, outcomes, total);
}

class Layout {
  readonly size: number;
  readonly m1: number;
  readonly d1: number;
  constructor(
    readonly a: number,
    readonly d: number,
    readonly m: number,
  ) {
    this.m1 = m + 1;
    this.d1 = d + 1;
    this.size = (a + 1) * (d + 1) * this.m1 * this.m1;
  }
  index(ia: number, id: number, aw: number, dw: number): number {
    return ((ia * this.d1 + id) * this.m1 + aw) * this.m1 + dw;
  }
}

/** The DP; mod = 0 means plain (exact below 2^53) arithmetic. Returns final weights by index. */
function kernel(L: Layout, nFaces: number, wA: readonly bigint[], wD: readonly bigint[], mod: number): Float64Array {
  const { a, d, m, m1 } = L;
  const B = binomials(Math.max(a, d));
  const big = BigInt(mod);
  // coef[side][face][rest][c] = C(rest, c) * w^c (mod p)
  const coefTable = (w: readonly bigint[], n: number): Float64Array[][] =>
    w.map((wf) => {
      const rows: Float64Array[] = [];
      for (let rest = 0; rest <= n; rest++) {
        const row = new Float64Array(rest + 1);
        for (let c = 0; c <= rest; c++) {
          let x = B[rest][c] * wf ** BigInt(c);
          if (mod) x %= big;
          row[c] = Number(x);
        }
        rows.push(row);
      }
      return rows;
    });
  const cA = coefTable(wA, a);
  const cD = coefTable(wD, d);
  let cur = new Float64Array(L.size);
  let next = new Float64Array(L.size);
  cur[L.index(0, 0, 0, 0)] = 1;
  const block = m1 * m1;
  for (let f = 0; f < nFaces; f++) {
    const last = f === nFaces - 1;
    next.fill(0);
    for (let ia = 0; ia <= a; ia++) {
      const restA = a - ia;
      for (let id = 0; id <= d; id++) {
        const base = L.index(ia, id, 0, 0);
        // Skip empty states quickly.
        let any = false;
        for (let i = 0; i < block; i++)
          if (cur[base + i] !== 0) {
            any = true;
            break;
          }
        if (!any) continue;
        const restD = d - id;
        const lo = Math.min(ia, id, m);
        const caFrom = last ? restA : 0;
        const cdFrom = last ? restD : 0;
        for (let ca = caFrom; ca <= restA; ca++) {
          const kA = cA[f][restA][ca];
          if (kA === 0) continue;
          const na = ia + ca;
          for (let cd = cdFrom; cd <= restD; cd++) {
            const kD = cD[f][restD][cd];
            if (kD === 0) continue;
            const nd = id + cd;
            let k = kA * kD;
            if (mod) k %= mod;
            // Ranks [lo, hi) are resolved on this face.
            const hi = Math.min(na, nd, m);
            let dA = 0;
            let dD = 0;
            if (hi > lo) {
              if (ia < id) dD = Math.min(id, hi) - lo; // defender's die was higher on those ranks
              else if (id < ia) dA = Math.min(ia, hi) - lo;
            }
            const target = L.index(na, nd, dA, dD);
            const span = Math.min(ia, id, m);
            for (let aw = 0; aw <= span; aw++) {
              const row = base + aw * m1;
              const trow = target + aw * m1;
              for (let dw = 0; aw + dw <= span; dw++) {
                const w = cur[row + dw];
                if (w === 0) continue;
                if (mod) next[trow + dw] = (next[trow + dw] + ((w * k) % mod)) % mod;
                else next[trow + dw] += w * k;
              }
            }
          }
        }
      }
    }
    const t = cur;
    cur = next;
    next = t;
  }
  return cur;
}

/** Chinese remainder reconstruction of non-negative weights below the product of the primes. */
function crt(residues: Float64Array[], primes: number[]): bigint[] {
  const P = primes.map(BigInt);
  const M = P.reduce((x, y) => x * y, 1n);
  const parts = P.map((p) => {
    const Mi = M / p;
    return Mi * modInverse(Mi % p, p);
  });
  const out: bigint[] = new Array(residues[0].length);
  for (let i = 0; i < out.length; i++) {
    let x = 0n;
    for (let j = 0; j < P.length; j++) {
      const r = residues[j][i];
      if (r !== 0) x += BigInt(r) * parts[j];
    }
    out[i] = x % M;
  }
  return out;
}

function modInverse(a: bigint, p: bigint): bigint {
  let [r0, r1] = [a, p];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % p) + p) % p;
}

/** Primes just below 2^26: products of two residues stay below 2^52 (exact in a double). */
const PRIMES: number[] = (() => {
  const out: number[] = [];
  for (let n = 2 ** 26 - 1; out.length < 12; n -= 2) {
    let prime = true;
    for (let q = 3; q * q <= n; q += 2)
      if (n % q === 0) {
        prime = false;
        break;
      }
    if (prime) out.push(n);
  }
  return out;
})();
