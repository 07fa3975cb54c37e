/**
 * Panzer Vor! and MGV determinisers: at many decision points of random playouts of every bundled
 * scenario, for both sides, the determinised copy looks the same to that side
 * (observe(determinize(s, side), side) deep-equals observe(s, side)), keeps the invariants and the
 * card counts, never changes the original, and does resample what is hidden.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Rng } from '../../src/core/rng/rng.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import type { PlayContext } from '../../src/core/system.ts';
import { Tally } from '../../src/core/tally.ts';
import { compileScenarioDocument, loadScenarioFile, type LoadedScenario } from '../../src/scenario/load.ts';
import type { PvState } from '../../src/systems/panzervor/index.ts';
import type { MgvState } from '../../src/systems/mgv/index.ts';
import { defenderSplitPending } from '../../src/systems/mgv/decisions/missile-split.ts';
import { Frames as MgvFrames } from '../../src/systems/mgv/actions.ts';
import { NO_SEAL, decisionOf, sealedChoice } from '../../src/systems/panzervor/actions.ts';
import { bundledScenarios } from '../helpers/bundled.ts';

interface Visit<S> {
  (state: S, side: number, decision: number): void;
}

/** Random playouts; `visit` at every `every`-th decision (before the move). */
function randomPlayouts<S>(loaded: LoadedScenario, games: number, every: number, visit: Visit<S>, seed = 99): void {
  const game = loaded.compiled;
  const legal = new Int32Array(Math.max(1, game.maxActions));
  for (let g = 0; g < games; g++) {
    const st = gameStreams(seed, g, game.sides.length);
    const ctx: PlayContext = { dice: st.dice, tally: new Tally(game.metrics) };
    const s = game.newGame(st.setup, ctx);
    for (let d = 0; game.result(s) === null && d < game.maxDecisions; d++) {
      const n = game.legalActions(s, legal);
      if (d % every === 0 || n > 1) visit(s as S, game.currentSide(s), d);
      game.apply(s, legal[st.agents[0].int(n)], ctx);
    }
  }
}

/** The shared checks; returns how many states were checked. */
function checkAt(loaded: LoadedScenario, s: unknown, side: number, r: Rng): void {
  const game = loaded.compiled;
  const before = JSON.stringify(s);
  const seen = game.observe(s, side);
  const d = game.determinize!(s, side, r);
  expect(d).not.toBe(s);
  expect(JSON.stringify(s)).toBe(before);
  expect(game.checkInvariants?.(d) ?? []).toEqual([]);
  expect(game.observe(d, side)).toEqual(game.observe(s, side));
  expect(seen).toEqual(game.observe(d, side));
}

describe('Panzer Vor! determinize', () => {
  for (const file of bundledScenarios('panzervor')) {
    it(`${file.split('/').pop()}: observation kept, hidden cards redealt`, () => {
      const loaded = loadScenarioFile(file);
      const r = new Rng([7, 7, 7, 7]);
      let checked = 0;
      let handChanged = 0;
      let deckChanged = 0;
      randomPlayouts<PvState>(loaded, 4, 5, (s, side, dec) => {
        if (dec % 5 !== 0) return;
        for (const who of [side, 1 - side]) {
          checkAt(loaded, s, who, r);
          const d = loaded.compiled.determinize!(s, who, r) as PvState;
          const opp = 1 - who;
          // Own hand untouched; opponent's hand size kept; the unseen multiset (opponent's hand + pile) kept.
          expect(d.hand[who]).toEqual(s.hand[who]);
          expect(d.handSize).toEqual(s.handSize);
          expect(d.hand[opp].reduce((a, b) => a + b, 0)).toBe(s.handSize[opp]);
          const unseen = (x: PvState) => {
            const c = x.hand[opp].slice();
            for (const k of x.deck) c.length > k ? c[k]++ : (c[k] = (c[k] ?? 0) + 1);
            return c.map((v) => v ?? 0).join();
          };
          expect(unseen(d)).toBe(unseen(s));
          if (d.hand[opp].join() !== s.hand[opp].join()) handChanged++;
          if (d.deck.join() !== s.deck.join()) deckChanged++;
          checked++;
        }
      });
      expect(checked).toBeGreaterThan(50);
      expect(handChanged).toBeGreaterThan(checked / 4);
      expect(deckChanged).toBeGreaterThan(checked / 2);
    });
  }

  it('resamples the secret simultaneous ability choice of the opposing attacker only', () => {
    // The Fake Battle with secret simultaneous ability choices (spec §6 A-02), and Miho given
    // defensive abilities so that a defender has something to decide while the secret is pending.
    const file = bundledScenarios('panzervor').find((f) => f.endsWith('/fake-battle.yaml'))!;
    const doc = parse(readFileSync(file, 'utf8'));
    doc.options = { ...(doc.options ?? {}), abilityOrder: 'simultaneous' };
    doc.overrides = { ...(doc.overrides ?? {}), 'characters.miho.front': [{ kind: 'defAttack', value: -2 }], 'characters.miho.back': [{ kind: 'defDamage', value: -1 }] };
    const loaded = compileScenarioDocument(doc, file);
    const r = new Rng([3, 1, 4, 1]);
    let secrets = 0;
    let varied = 0;
    /** The sealed choice (a character or -1, kept in the defender's ability decision) of a state, or NO_SEAL. */
    const secretOf = (s: PvState): number => sealedChoice(s.pending);
    randomPlayouts<PvState>(loaded, 40, 1, (s, side) => {
      const L = s.layer;
      if (decisionOf(s) !== 'ability' || secretOf(s) === NO_SEAL) return;
      const G = (loaded.compiled as unknown as { G: { tSide: Int8Array } }).G;
      const attacker = G.tSide[s.aAtt[L]];
      expect(side).toBe(1 - attacker);
      checkAt(loaded, s, side, r);
      const values = new Set<number>();
      for (let k = 0; k < 20; k++) values.add(secretOf(loaded.compiled.determinize!(s, side, r) as PvState));
      if (values.size > 1) varied++;
      // The attacker knows its own choice.
      for (let k = 0; k < 5; k++) expect(secretOf(loaded.compiled.determinize!(s, attacker, r) as PvState)).toBe(secretOf(s));
      secrets++;
    });
    expect(secrets).toBeGreaterThan(0);
    expect(varied).toBeGreaterThan(0);
  });
});

describe('MGV determinize', () => {
  for (const file of bundledScenarios('mgv')) {
    it(`${file.split('/').pop()}: observation kept, secret split redrawn for the defender`, () => {
      const loaded = loadScenarioFile(file);
      const r = new Rng([5, 5, 5, 5]);
      let checked = 0;
      randomPlayouts<MgvState>(loaded, 3, 7, (s, side, dec) => {
        if (dec % 7 !== 0 && !defenderSplitPending(s)) return;
        for (const who of [side, 1 - side]) checkAt(loaded, s, who, r);
        checked++;
        if (defenderSplitPending(s)) {
          const attDice = MgvFrames.arg(s.pending, 'missileSplit', 'attDice');
          const values = new Set<number>();
          for (let k = 0; k < 30; k++) {
            const d = loaded.compiled.determinize!(s, side, r) as MgvState;
            expect(d.secret.attCore).toBeGreaterThanOrEqual(0);
            expect(d.secret.attCore).toBeLessThanOrEqual(attDice);
            values.add(d.secret.attCore);
          }
          if (attDice > 0) expect(values.size).toBeGreaterThan(1);
          // The attacker keeps its own split.
          expect((loaded.compiled.determinize!(s, 1 - side, r) as MgvState).secret.attCore).toBe(s.secret.attCore);
        }
      });
      expect(checked).toBeGreaterThan(10);
    });
  }

  it('a missile duel reaches the secret defence split (the hidden-information case is exercised)', () => {
    const loaded = loadScenarioFile(bundledScenarios('mgv').find((f) => f.endsWith('sample-duel.yaml'))!);
    let splits = 0;
    randomPlayouts<MgvState>(loaded, 10, 1000, (s) => {
      if (defenderSplitPending(s)) splits++;
    });
    expect(splits).toBeGreaterThan(0);
  });
});
