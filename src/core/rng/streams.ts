/**
 * streams.ts: the ONLY place where seeds are derived.
 *
 * A run has one seed. Stream (game g, purpose p, sub-index k) of a run gets its own 128-bit
 * xoroshiro128+ state, so a game's dice never depend on which worker played it, on the batch
 * it was in, or on how many random numbers a smarter agent consumed (TAG issues 174/268/275).
 *
 * Stream format 2 (no collisions by construction):
 *   key   = 64-bit run key: the seed as a two's-complement 64-bit integer, or SHA-256 of a word
 *   id    = g·2^24 + p·2^8 + k          (g < 2^40, p < 2^16, k < 2^8: an injective 64-bit packing)
 *   z     = key XOR mix64(id)          (mix64 = SplitMix64's finaliser, a bijection of 64 bits)
 *   state = (mix64(z + γ), mix64(z + 2γ)) (the first two outputs of SplitMix64 seeded with z)
 * Distinct (g, p, k) give distinct ids, hence distinct z, hence distinct first state words:
 * within one run no two streams share a state, for any run of up to 2^40 games.
 * Format 1 chained one 32-bit hash and repeated states from about 10^5 games on.
 */
import { createHash } from 'node:crypto';
import { Rng } from './rng.ts';

/** Version of the derivation above; written into every report's manifest. */
export const STREAM_FORMAT = 2;

/** Stream purposes. Agents use agentBase + side index. */
export const Purpose = {
  setup: 1,
  dice: 2,
  /** Stream for experiment-level randomness that is not part of a game (e.g. variant shuffles). */
  plan: 3,
  agentBase: 16,
} as const;

/** Largest game index + 1 (2^40). */
export const MAX_GAMES = 2 ** 40;
export const MAX_PURPOSE = 0xffff;
export const MAX_SUB = 0xff;

export function mix32(x: number): number {
  x = x >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

// ---- 64-bit arithmetic on (hi, lo) uint32 pairs ----
// Results go out through a typed array, not module variables: a module `let` holding a uint32 of
// 2^30 or more is a heap number, and every write to it would allocate.
const R = new Uint32Array(2); // [hi, lo]

/** High 32 bits of the 64-bit product of two uint32 values (16-bit limbs, exact in doubles). */
function mulHi(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const p00 = a0 * b0;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16);
}

/** SplitMix64's finaliser (Steele, Lea & Flood 2014; constants of Stafford's Mix13) into R. */
function mix64(h: number, l: number): void {
  // z ^= z >>> 30; z *= 0xbf58476d1ce4e5b9 (mod 2^64: lo*lo in full, the cross terms' low words)
  let lo = (l ^ ((l >>> 30) | (h << 2))) >>> 0;
  let hi = (h ^ (h >>> 30)) >>> 0;
  let mh = (mulHi(lo, 0x1ce4e5b9) + Math.imul(lo, 0xbf58476d) + Math.imul(hi, 0x1ce4e5b9)) >>> 0;
  let ml = Math.imul(lo, 0x1ce4e5b9) >>> 0;
  // z ^= z >>> 27; z *= 0x94d049bb133111eb
  lo = (ml ^ ((ml >>> 27) | (mh << 5))) >>> 0;
  hi = (mh ^ (mh >>> 27)) >>> 0;
  mh = (mulHi(lo, 0x133111eb) + Math.imul(lo, 0x94d049bb) + Math.imul(hi, 0x133111eb)) >>> 0;
  ml = Math.imul(lo, 0x133111eb) >>> 0;
  // z ^= z >>> 31
  R[1] = ml ^ ((ml >>> 31) | (mh << 1));
  R[0] = mh ^ (mh >>> 31);
}

/** Exposed for the tests (checked against a BigInt reference): mix64 of a 64-bit value. */
export function mix64BigInt(x: bigint): bigint {
  mix64(Number((x >> 32n) & 0xffffffffn), Number(x & 0xffffffffn));
  return (BigInt(R[0]) << 32n) | BigInt(R[1]);
}

const TWO_64 = 1n << 64n;
const INT_TEXT = /^-?\d+$/;

/**
 * The 64-bit run key of a seed: an integer seed (a number, or a string of decimal digits)
 * is its two's-complement 64-bit value; any other string is hashed with SHA-256.
 */
export function seedKey(seed: number | string): [number, number] {
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) throw new Error(`seed must be a whole number, got ${seed}`);
    return keyOfBigInt(BigInt(seed));
  }
  if (INT_TEXT.test(seed)) {
    const v = BigInt(seed);
    if (v >= -(1n << 63n) && v < TWO_64) return keyOfBigInt(v);
  }
  const d = createHash('sha256').update(`salvo-seed\u0000${seed}`, 'utf8').digest();
  return [d.readUInt32BE(0), d.readUInt32BE(4)];
}

function keyOfBigInt(v: bigint): [number, number] {
  const u = ((v % TWO_64) + TWO_64) % TWO_64;
  return [Number(u >> 32n), Number(u & 0xffffffffn)];
}

/** Is `seed` a valid run seed? (a safe integer, a 64-bit integer written in digits, or a word) */
export function checkSeed(seed: unknown): string | null {
  if (typeof seed === 'number') return Number.isSafeInteger(seed) ? null : `expected a whole number or a word, got ${seed}`;
  if (typeof seed !== 'string' || seed.trim() === '') return 'expected a number or a word';
  if (INT_TEXT.test(seed)) {
    const v = BigInt(seed);
    if (v < -(1n << 63n) || v >= TWO_64) return `a numeric seed must fit in 64 bits, got '${seed.length > 30 ? seed.slice(0, 30) + '…' : seed}'`;
  }
  return null;
}

// The run key of the last seed seen (a worker plays many games of one seed); a new seed gets a
// new array, so deferred streams keep the key they were made with.
let lastSeed: number | string | undefined;
let runKey = new Uint32Array(2);

function keyOf(seed: number | string): Uint32Array {
  if (seed !== lastSeed) {
    runKey = Uint32Array.from(seedKey(seed));
    lastSeed = seed;
  }
  return runKey;
}

function checkStream(game: number, purpose: number, sub: number): void {
  if (!(Number.isInteger(game) && game >= 0 && game < MAX_GAMES)) throw new Error(`game index must be a whole number in [0, 2^40), got ${game}`);
  if (!(Number.isInteger(purpose) && purpose >= 0 && purpose <= MAX_PURPOSE)) throw new Error(`stream purpose must be in [0, ${MAX_PURPOSE}], got ${purpose}`);
  if (!(Number.isInteger(sub) && sub >= 0 && sub <= MAX_SUB)) throw new Error(`stream sub-index must be in [0, ${MAX_SUB}], got ${sub}`);
}

/** The 128-bit state for (run seed, game index, purpose, sub-index). Pure function. */
export function streamState(seed: number | string, game: number, purpose: number, sub = 0): [number, number, number, number] {
  const key = keyOf(seed);
  checkStream(game, purpose, sub);
  stateWords(key, game, purpose, sub);
  return [W[0], W[1], W[2], W[3]];
}

/** The state words of the last stateWords call (int32). */
const W = new Int32Array(4);

/** streamState's derivation into W (arguments already checked). */
function stateWords(key: Uint32Array, game: number, purpose: number, sub: number): void {
  // id = game·2^24 + purpose·2^8 + sub, as (hi, lo)
  mix64(Math.floor(game / 256) >>> 0, (((game % 256) << 24) | (purpose << 8) | sub) >>> 0);
  const zHi = (R[0] ^ key[0]) >>> 0;
  const zLo = (R[1] ^ key[1]) >>> 0;
  // SplitMix64: s_i = mix64(z + i·γ), γ = 0x9e3779b97f4a7c15
  let lo = zLo + 0x7f4a7c15;
  mix64((zHi + 0x9e3779b9 + (lo > 0xffffffff ? 1 : 0)) >>> 0, lo >>> 0);
  W[0] = R[0];
  W[1] = R[1];
  lo = zLo + 0xfe94f82a; // 2γ mod 2^64 = 0x3c6ef372fe94f82a
  mix64((zHi + 0x3c6ef372 + (lo > 0xffffffff ? 1 : 0)) >>> 0, lo >>> 0);
  // mix64 is a bijection with mix64(0) = 0, so both words are zero only if γ = 0: never.
  W[2] = R[0];
  W[3] = R[1];
}

/** A deferred game stream's state, into `out` (Rng calls it at the stream's first draw). */
function deferredState(key: Uint32Array, game: number, purpose: number, out: Int32Array): void {
  stateWords(key, game, purpose, 0);
  out[0] = W[0];
  out[1] = W[1];
  out[2] = W[2];
  out[3] = W[3];
}

export function streamFor(seed: number | string, game: number, purpose: number, sub = 0): Rng {
  return new Rng(streamState(seed, game, purpose, sub));
}

/** All the streams of one game. */
export interface GameStreams {
  readonly setup: Rng;
  readonly dice: Rng;
  readonly agents: Rng[];
}

/**
 * The streams of game `game`, each the stream of streamState(seed, game, purpose); a stream's
 * state is derived at its first draw, so a game that never uses one (a duel's set-up, an agent
 * that draws nothing) does not pay for it.
 */
export function gameStreams(seed: number | string, game: number, sides: number): GameStreams {
  return new GameStreamSet(sides).aim(seed, game);
}

/**
 * A game's streams that the runner re-aims at each new game (`aim`), so that playing a batch
 * allocates no streams per game. What a game draws is exactly what gameStreams gives it.
 */
export class GameStreamSet implements GameStreams {
  readonly setup: Rng;
  readonly dice: Rng;
  readonly agents: Rng[] = [];

  constructor(sides: number) {
    if (!(sides >= 0 && Purpose.agentBase + sides <= MAX_PURPOSE)) throw new Error(`a game has 0 to ${MAX_PURPOSE - Purpose.agentBase} sides, got ${sides}`);
    const unaimed = new Uint32Array(2); // replaced by the run key at the first aim()
    this.setup = new Rng(null, unaimed, 0, Purpose.setup, deferredState);
    this.dice = new Rng(null, unaimed, 0, Purpose.dice, deferredState);
    for (let s = 0; s < sides; s++) this.agents.push(new Rng(null, unaimed, 0, Purpose.agentBase + s, deferredState));
  }

  /** Aims every stream at game `game` of the run with seed `seed` (as new: nothing drawn). */
  aim(seed: number | string, game: number): this {
    const key = keyOf(seed);
    checkStream(game, Purpose.setup, 0);
    this.setup.aim(key, game);
    this.dice.aim(key, game);
    for (let s = 0; s < this.agents.length; s++) this.agents[s].aim(key, game);
    return this;
  }

  /** Random words drawn by every stream since the last aim. */
  draws(): number {
    let n = this.setup.draws + this.dice.draws;
    for (let s = 0; s < this.agents.length; s++) n += this.agents[s].draws;
    return n;
  }
}
