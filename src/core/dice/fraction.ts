/** Exact non-negative rationals over BigInt, always reduced. */
export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  constructor(num: bigint, den: bigint = 1n) {
    if (den === 0n) throw new Error('Fraction: zero denominator');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const g = gcd(num < 0n ? -num : num, den);
    this.num = g > 1n ? num / g : num;
    this.den = g > 1n ? den / g : den;
  }

  static of(n: number | bigint, d: number | bigint = 1): Fraction {
    return new Fraction(BigInt(n), BigInt(d));
  }

  static readonly ZERO = new Fraction(0n, 1n);
  static readonly ONE = new Fraction(1n, 1n);

  add(o: Fraction): Fraction {
    return new Fraction(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Fraction): Fraction {
    return new Fraction(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Fraction): Fraction {
    return new Fraction(this.num * o.num, this.den * o.den);
  }
  div(o: Fraction): Fraction {
    return new Fraction(this.num * o.den, this.den * o.num);
  }
  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }
  compare(o: Fraction): number {
    const d = this.num * o.den - o.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  toNumber(): number {
    // Exact enough for any denominator: scale before dividing when both are huge.
    const n = Number(this.num);
    const d = Number(this.den);
    if (Number.isFinite(n) && Number.isFinite(d) && Math.abs(n) < 2 ** 53 && d < 2 ** 53) return n / d;
    const scale = 10n ** 18n;
    return Number((this.num * scale) / this.den) / 1e18;
  }
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
  /** JSON form: the exact "num/den" string (so JSON.stringify never meets a BigInt). */
  toJSON(): string {
    return this.toString();
  }
  isZero(): boolean {
    return this.num === 0n;
  }
  neg(): Fraction {
    return new Fraction(-this.num, this.den);
  }
  /** Multiplies by an integer. */
  scale(k: number | bigint): Fraction {
    return new Fraction(this.num * BigInt(k), this.den);
  }
  /** this^k for an integer k >= 0. */
  pow(k: number): Fraction {
    if (!Number.isInteger(k) || k < 0) throw new Error(`Fraction.pow: exponent must be a non-negative integer, got ${k}`);
    return new Fraction(this.num ** BigInt(k), this.den ** BigInt(k));
  }
  /**
   * Decimal text with `digits` places, rounded half up exactly (no float detour), e.g.
   * 5/12 -> "0.41667" for 5 digits.
   */
  toDecimal(digits = 6): string {
    const neg = this.num < 0n;
    const n = neg ? -this.num : this.num;
    const scale = 10n ** BigInt(digits);
    const q = (n * scale * 2n + this.den) / (2n * this.den);
    const int = q / scale;
    const frac = (q % scale).toString().padStart(digits, '0');
    return `${neg && q !== 0n ? '-' : ''}${int}${digits > 0 ? '.' + frac : ''}`;
  }
  /** Parses "3", "-2", "5/12" or a finite decimal such as "0.35". */
  static parse(text: string): Fraction {
    const t = text.trim();
    let m = /^(-?\d+)\s*\/\s*(\d+)$/.exec(t);
    if (m) return new Fraction(BigInt(m[1]), BigInt(m[2]));
    m = /^(-?)(\d*)(?:\.(\d+))?$/.exec(t);
    if (m && (m[2] !== '' || m[3] !== undefined)) {
      const frac = m[3] ?? '';
      const v = BigInt((m[2] || '0') + frac);
      return new Fraction(m[1] === '-' ? -v : v, 10n ** BigInt(frac.length));
    }
    throw new Error(`not a fraction: '${text}' (expected an integer, a/b or a decimal)`);
  }
  static sum(xs: Iterable<Fraction>): Fraction {
    let n = 0n;
    let d = 1n;
    for (const x of xs) {
      n = n * x.den + x.num * d;
      d = d * x.den;
      const g = gcd(n < 0n ? -n : n, d);
      if (g > 1n) {
        n /= g;
        d /= g;
      }
    }
    return new Fraction(n, d);
  }
  static min(a: Fraction, b: Fraction): Fraction {
    return a.compare(b) <= 0 ? a : b;
  }
  static max(a: Fraction, b: Fraction): Fraction {
    return a.compare(b) >= 0 ? a : b;
  }
}

export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}
