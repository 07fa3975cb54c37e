/**
 * Rng: the one random source of the engine, a thin mutable wrapper over pure-rand's
 * xoroshiro128+ (the in-place `next()` of pure-rand v8, no allocation per draw).
 *
 * Every method draws from the 32-bit output with rejection, so integers are exactly
 * uniform (no modulo bias). Nothing in src/ may use Math.random for game logic.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

type Generator = ReturnType<typeof xoroshiro128plusFromState>;

const TWO_32 = 4294967296;

/** The state handed to pure-rand, which copies it: one array for every stream a game starts. */
const START = [0, 0, 0, 0];

function generator(state: ArrayLike<number>): Generator {
  if ((state[0] | state[1] | state[2] | state[3]) === 0) {
    throw new Error('Rng: an all-zero xoroshiro128+ state never leaves zero');
  }
  START[0] = state[0] | 0;
  START[1] = state[1] | 0;
  START[2] = state[2] | 0;
  START[3] = state[3] | 0;
  return xoroshiro128plusFromState(START);
}

/**
 * Derives a deferred stream's state words (streams.ts) into `out`: (run key, game index,
 * purpose) -> state. Written into a buffer so that starting a stream allocates only pure-rand's
 * generator.
 */
export type StreamDerivation = (key: Uint32Array, game: number, purpose: number, out: Int32Array) => void;

/** The derivation's output buffer (a stream's state is copied out of it at once). */
const DERIVED = new Int32Array(4);

export class Rng {
  /** The generator; null until first used when the stream is deferred. */
  private gen: Generator | null = null;
  /** Number of 32-bit words drawn so far (for the "random draws per game" benchmark figure). */
  draws = 0;
  // A deferred stream (streams.ts gameStreams): what derives its state on first use.
  private key: Uint32Array | null;
  private game: number;
  private readonly purpose: number;
  private readonly derive: StreamDerivation | null;

  /**
   * From a full 128-bit state; or, with `state` null, a deferred stream whose state
   * `derive(key, game, purpose)` gives at its first draw (a game's unused streams cost nothing).
   */
  constructor(state: readonly [number, number, number, number] | null, key: Uint32Array | null = null, game = 0, purpose = 0, derive: StreamDerivation | null = null) {
    this.key = key;
    this.game = game;
    this.purpose = purpose;
    this.derive = derive;
    if (state !== null) this.gen = generator(state);
    else if (key === null || derive === null) throw new Error('Rng: a deferred stream needs its key and derivation');
  }

  /**
   * Re-aims a deferred stream at another game of a run (the runner keeps one set of streams per
   * worker and re-aims it for each game instead of allocating new ones): as new, no draws made.
   */
  aim(key: Uint32Array, game: number): void {
    if (this.derive === null) throw new Error('Rng: only a deferred stream can be re-aimed');
    this.key = key;
    this.game = game;
    this.gen = null;
    this.draws = 0;
  }

  private start(): Generator {
    // (a deferred stream always has key and derive: see the constructor)
    (this.derive as StreamDerivation)(this.key as Uint32Array, this.game, this.purpose, DERIVED);
    return (this.gen = generator(DERIVED));
  }

  /** Raw unsigned 32-bit draw. */
  nextUint32(): number {
    this.draws++;
    return (this.gen ?? this.start()).next() >>> 0;
  }

  /** Uniform integer in [0, n), n in [1, 2^32]. */
  int(n: number): number {
    if (n <= 1) return 0;
    // limit = 2^32 - (2^32 mod n) and v mod n, written with a division and a floor: both are
    // exact below 2^53, and a `%` on doubles is a call to fmod (about 3x slower where `int` is
    // not inlined into a caller with a constant n).
    const limit = Math.floor(TWO_32 / n) * n;
    let v = this.nextUint32();
    while (v >= limit) v = this.nextUint32();
    return v - Math.floor(v / n) * n;
  }

  /** Uniform integer in [lo, hi] inclusive. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** One die with `sides` faces: 1..sides. */
  die(sides: number): number {
    return 1 + this.int(sides);
  }

  /** One six-sided die. */
  d6(): number {
    return 1 + this.int(6);
  }

  /** Uniform float in [0, 1) with 53 bits of precision (two draws). */
  float(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /** In-place Fisher-Yates shuffle of arr[from..to). */
  shuffle<T>(arr: { length: number; [i: number]: T }, from = 0, to = arr.length): void {
    for (let i = to - 1; i > from; i--) {
      const j = from + this.int(i - from + 1);
      const t = arr[i];
      arr[i] = arr[j];
      arr[j] = t;
    }
  }

  /** Uniformly chosen element (the array must not be empty). */
  pick<T>(arr: ArrayLike<T>): T {
    return arr[this.int(arr.length)];
  }

  /** Snapshot of the generator state (for golden tests and clones). */
  state(): [number, number, number, number] {
    const s = (this.gen ?? this.start()).getState();
    return [s[0], s[1], s[2], s[3]];
  }

  /** An independent copy that continues the same sequence. */
  clone(): Rng {
    const r = new Rng(this.state());
    r.draws = this.draws;
    return r;
  }
}
