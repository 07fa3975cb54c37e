import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../../src/core/rng/rng.ts';
import { GameStreamSet, gameStreams, mix64BigInt, seedKey, streamFor, streamState, Purpose, MAX_GAMES } from '../../../src/core/rng/streams.ts';

describe('Rng', () => {
  it('reproduces a seeded sequence exactly (snapshot: a change here is a versioned event)', () => {
    const r = streamFor(1, 0, Purpose.dice);
    const seq = Array.from({ length: 8 }, () => r.d6());
    expect(seq).toMatchInlineSnapshot(`
      [
        4,
        1,
        6,
        3,
        2,
        2,
        6,
        2,
      ]
    `);
  });

  it('int(n) stays in range and is uniform (chi-square, 6 faces, 600k draws)', () => {
    const r = new Rng([1, 2, 3, 4]);
    const counts = new Array(6).fill(0);
    const N = 600_000;
    for (let i = 0; i < N; i++) counts[r.int(6)]++;
    const e = N / 6;
    const chi2 = counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
    // 5 degrees of freedom: P(chi2 > 20.5) = 0.001.
    expect(chi2).toBeLessThan(20.5);
  });

  it('int(n) never leaves [0, n) for any n (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.integer(), (n, seed) => {
        const r = streamFor(seed >>> 0, 0, 1);
        for (let i = 0; i < 20; i++) {
          const v = r.int(n);
          if (!(Number.isInteger(v) && v >= 0 && v < n)) return false;
        }
        return true;
      }),
    );
  });

  it('int(n) is the rejection-with-modulo draw exactly (division form vs the % definition, any n)', () => {
    // What int(n) must return for a word sequence: reject v >= 2^32 - (2^32 mod n), then v mod n
    // (BigInt arithmetic, independent of the floating-point form int() uses).
    const reference = (words: Rng, n: number): number => {
      if (n <= 1) return 0;
      const N = BigInt(n);
      const limit = 2n ** 32n - (2n ** 32n % N);
      let v = BigInt(words.nextUint32());
      while (v >= limit) v = BigInt(words.nextUint32());
      return Number(v % N);
    };
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 2 ** 32 }), fc.constantFrom(2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32, 3 * 2 ** 30)), fc.integer(), (n, seed) => {
        const r = streamFor(seed >>> 0, 0, 1);
        const words = streamFor(seed >>> 0, 0, 1);
        for (let i = 0; i < 50; i++) if (r.int(n) !== reference(words, n)) return false;
        return r.draws === words.draws;
      }),
      { numRuns: 500 },
    );
  });

  it('float() is in [0, 1) and shuffle is a permutation', () => {
    const r = new Rng([9, 8, 7, 6]);
    for (let i = 0; i < 1000; i++) {
      const f = r.float();
      expect(f >= 0 && f < 1).toBe(true);
    }
    const a = Array.from({ length: 50 }, (_, i) => i);
    r.shuffle(a);
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('clone continues the same sequence without touching the original', () => {
    const r = new Rng([5, 6, 7, 8]);
    r.d6();
    const c = r.clone();
    const a = [r.d6(), r.d6(), r.d6()];
    const b = [c.d6(), c.d6(), c.d6()];
    expect(b).toEqual(a);
  });

  it('rejects the all-zero state', () => {
    expect(() => new Rng([0, 0, 0, 0])).toThrow(/all-zero/);
  });
});

describe('streams', () => {
  it('are a pure function of (seed, game, purpose)', () => {
    expect(streamState(42, 7, Purpose.dice)).toEqual(streamState(42, 7, Purpose.dice));
    expect(streamState('kursk', 7, Purpose.dice)).toEqual(streamState('kursk', 7, Purpose.dice));
  });

  it('mix64 matches a BigInt reference of SplitMix64\'s finaliser (property)', () => {
    const M = (1n << 64n) - 1n;
    const ref = (x: bigint): bigint => {
      let z = x;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M;
      return z ^ (z >> 31n);
    };
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: M }), (x) => mix64BigInt(x) === ref(x)), { numRuns: 2000 });
    expect(mix64BigInt(0n)).toBe(0n);
    // Published SplitMix64 output for seed 1234567 (first value): mix64(1234567 + γ).
    expect(ref((1234567n + 0x9e3779b97f4a7c15n) & M)).toBe(6457827717110365317n);
    expect(mix64BigInt((1234567n + 0x9e3779b97f4a7c15n) & M)).toBe(6457827717110365317n);
  });

  it('seeds: any 64-bit integer (number or digits) or a word; digits and numbers agree', () => {
    expect(seedKey(1)).toEqual([0, 1]);
    expect(seedKey('1')).toEqual([0, 1]);
    expect(seedKey(-1)).toEqual([0xffffffff, 0xffffffff]);
    expect(seedKey('18446744073709551615')).toEqual([0xffffffff, 0xffffffff]);
    expect(seedKey('kursk')).not.toEqual(seedKey('Kursk'));
    expect(streamState('9007199254740993', 0, Purpose.dice)).not.toEqual(streamState('9007199254740992', 0, Purpose.dice));
  });

  it('no repeated state among 4,000,000 streams (1,000,000 games x 4 purposes)', () => {
    const G = 1_000_000;
    const purposes = [Purpose.setup, Purpose.dice, Purpose.agentBase, Purpose.agentBase + 1];
    const first = new BigUint64Array(G * purposes.length);
    let i = 0;
    for (let g = 0; g < G; g++) {
      for (const p of purposes) {
        const s = streamState(1, g, p);
        first[i++] = (BigInt(s[0] >>> 0) << 32n) | BigInt(s[1] >>> 0);
      }
    }
    first.sort();
    let repeats = 0;
    for (let j = 1; j < first.length; j++) if (first[j] === first[j - 1]) repeats++;
    // Distinct first words already make the 128-bit states distinct.
    expect(repeats).toBe(0);
  });

  it('differ across games, purposes, sub-indices and seeds, up to game 2^40 - 1', () => {
    expect(streamState(1, 0, Purpose.dice)).not.toEqual(streamState(1, 0, Purpose.setup));
    expect(streamState(1, 0, Purpose.dice)).not.toEqual(streamState(2, 0, Purpose.dice));
    expect(streamState(1, 0, Purpose.dice, 1)).not.toEqual(streamState(1, 0, Purpose.dice, 0));
    expect(streamState(1, 2 ** 32, Purpose.dice)).not.toEqual(streamState(1, 0, Purpose.dice));
    expect(streamState(1, MAX_GAMES - 1, Purpose.dice)).not.toEqual(streamState(1, MAX_GAMES - 2, Purpose.dice));
    expect(() => streamState(1, MAX_GAMES, Purpose.dice)).toThrow(/2\^40/);
    expect(() => streamState(1, 0, 70000)).toThrow(/purpose/);
  });

  it("an agent's draws never move the game's dice (separate streams per purpose)", () => {
    const a = gameStreams(3, 11, 2);
    const b = gameStreams(3, 11, 2);
    for (let i = 0; i < 1000; i++) b.agents[0].nextUint32(); // a greedy agent thinking hard
    expect(Array.from({ length: 20 }, () => a.dice.d6())).toEqual(Array.from({ length: 20 }, () => b.dice.d6()));
  });

  it("a game's streams, derived at first draw, are streamFor's streams (even after the worker moved to another seed)", () => {
    const g = gameStreams('tuesday', 77, 3);
    const later = gameStreams(9, 5, 2); // another seed in between: g keeps its own run key
    const want = (p: number): number[] => {
      const r = streamFor('tuesday', 77, p);
      return Array.from({ length: 8 }, () => r.nextUint32());
    };
    expect(g.dice.draws).toBe(0);
    expect(Array.from({ length: 8 }, () => g.dice.nextUint32())).toEqual(want(Purpose.dice));
    expect(g.setup.state()).toEqual(streamState('tuesday', 77, Purpose.setup)); // state() derives too
    const c = g.agents[2].clone();
    expect(Array.from({ length: 8 }, () => c.nextUint32())).toEqual(want(Purpose.agentBase + 2));
    expect(g.agents[2].draws).toBe(0);
    expect(later.dice.state()).toEqual(streamState(9, 5, Purpose.dice));
    expect(() => gameStreams(1, -1, 2)).toThrow(/game index/);
  });

  it("a re-aimed stream set (the runner's, one per batch) gives each game exactly gameStreams' draws, counted from zero", () => {
    const set = new GameStreamSet(2);
    for (const [seed, game] of [[1, 0], [1, 1], ['tuesday', 77], [1, 2 ** 33]] as const) {
      set.aim(seed, game);
      const fresh = gameStreams(seed, game, 2);
      // Draw unevenly, so that a stream left half-used by one game would show in the next.
      expect(Array.from({ length: 5 }, () => set.dice.nextUint32())).toEqual(Array.from({ length: 5 }, () => fresh.dice.nextUint32()));
      expect(set.agents[1].d6()).toBe(fresh.agents[1].d6());
      expect(set.draws()).toBe(6);
      expect(set.setup.draws).toBe(0);
    }
    expect(() => set.aim(1, -1)).toThrow(/game index/);
    expect(() => new Rng([1, 2, 3, 4]).aim(new Uint32Array(2), 0)).toThrow(/deferred/);
  });

  it('adjacent game streams are uncorrelated (first d6 of consecutive games)', () => {
    let same = 0;
    const N = 60_000;
    let prev = streamFor(5, 0, Purpose.dice).d6();
    for (let g = 1; g < N; g++) {
      const v = streamFor(5, g, Purpose.dice).d6();
      if (v === prev) same++;
      prev = v;
    }
    const p = 1 / 6;
    expect(Math.abs(same / N - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / N));
  });
});
