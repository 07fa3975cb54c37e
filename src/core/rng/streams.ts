/**
 * streams.ts: the ONLY place where seeds are derived.
 *
 * A run has one seed. Game `g` of a run gets its own independent streams, one per purpose
 * (setup, dice, and one per agent), derived by hashing (run seed, game index, purpose).
 * So a game's dice never depend on which worker played it, on the batch it was in, or on
 * how many random numbers a smarter agent consumed (TAG issues 174/268/275).
 *
 * Mixing: a 32-bit avalanche hash (lowbias32, Wellons 2018) chained over the inputs fills
 * the 128-bit xoroshiro128+ state, so distinct (seed, game, purpose) give unrelated states.
 */
import { Rng } from './rng.ts';

/** Stream purposes. Agents use AGENT_BASE + side index. */
export const Purpose = {
  setup: 1,
  dice: 2,
  /** Stream for experiment-level randomness that is not part of a game (e.g. variant shuffles). */
  plan: 3,
  agentBase: 16,
} as const;

export function mix32(x: number): number {
  x = x >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Normalise a user seed (any safe integer, or a string) into two 32-bit words. */
export function seedWords(seed: number | string): [number, number] {
  if (typeof seed === 'string') {
    let h1 = 0x9e3779b9;
    let h2 = 0x85ebca6b;
    for (let i = 0; i < seed.length; i++) {
      h1 = mix32(h1 ^ seed.charCodeAt(i));
      h2 = mix32(h2 + seed.charCodeAt(i) + i);
    }
    return [h1, h2];
  }
  if (!Number.isSafeInteger(seed)) throw new Error(`seed must be a safe integer, got ${seed}`);
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  return [lo, hi];
}

/** The 128-bit state for (run seed, game index, purpose). Pure function. */
export function streamState(seed: number | string, game: number, purpose: number): [number, number, number, number] {
  const [lo, hi] = seedWords(seed);
  const g = game >>> 0;
  const gHi = Math.floor(game / 4294967296) >>> 0;
  let h = mix32(lo ^ 0x243f6a88);
  h = mix32(h ^ hi ^ 0x85a308d3);
  h = mix32(h ^ g ^ 0x13198a2e);
  h = mix32(h ^ gHi ^ 0x03707344);
  h = mix32(h ^ purpose ^ 0xa4093822);
  const s0 = mix32(h ^ 0x299f31d0);
  const s1 = mix32(s0 ^ 0x082efa98);
  const s2 = mix32(s1 ^ 0xec4e6c89);
  const s3 = mix32(s2 ^ 0x452821e6);
  // Never all zero (the generator would stay at zero).
  return [s0, s1, s2, s3 === 0 && (s0 | s1 | s2) === 0 ? 1 : s3];
}

export function streamFor(seed: number | string, game: number, purpose: number): Rng {
  return new Rng(streamState(seed, game, purpose));
}

/** All the streams of one game. */
export interface GameStreams {
  readonly setup: Rng;
  readonly dice: Rng;
  readonly agents: Rng[];
}

export function gameStreams(seed: number | string, game: number, sides: number): GameStreams {
  const agents: Rng[] = [];
  for (let s = 0; s < sides; s++) agents.push(streamFor(seed, game, Purpose.agentBase + s));
  return {
    setup: streamFor(seed, game, Purpose.setup),
    dice: streamFor(seed, game, Purpose.dice),
    agents,
  };
}
