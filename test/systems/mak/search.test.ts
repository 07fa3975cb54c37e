/**
 * The hooks of the generic search agents (lookahead, mcts): evaluate(state, side) in [0, 1], 1 / 0
 * at the end for the winner / loser, and consistent with the outcome (a one-ply lookahead on it beats
 * random play); determinize keeps the observation.
 */
import { describe, expect, it } from 'vitest';
import { gameStreams, streamFor } from '../../../src/core/rng/streams.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import { Tally } from '../../../src/core/tally.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import type { MakGame } from '../../../src/systems/mak/index.ts';
import type { MakState } from '../../../src/systems/mak/state.ts';
import { bundledScenarios } from '../../helpers/bundled.ts';

const files = bundledScenarios('mak');

function run(file: string, games: number, pick: (g: MakGame, s: MakState, side: number, legal: Int32Array, n: number, g2: number) => number, check?: (g: MakGame, s: MakState) => void) {
  const game = loadScenarioFile(file).compiled as MakGame;
  const legal = new Int32Array(game.maxActions);
  const wins = [0, 0];
  for (let g = 0; g < games; g++) {
    const st = gameStreams(77, g, 2);
    const ctx: PlayContext = { dice: st.dice, tally: new Tally(game.metrics) };
    const s = game.newGame(st.setup, ctx);
    while (!game.result(s)) {
      const side = game.currentSide(s);
      const n = game.legalActions(s, legal);
      const a = n === 1 ? legal[0] : pick(game, s, side, legal, n, g);
      check?.(game, s);
      game.apply(s, a, ctx);
    }
    const r = game.result(s)!;
    expect(game.evaluate!(s, r.winner)).toBe(1);
    expect(game.evaluate!(s, 1 - r.winner)).toBe(0);
    wins[r.winner]++;
  }
  return wins;
}

const random = (_g: MakGame, _s: MakState, _side: number, legal: Int32Array, n: number, g: number) => legal[streamFor(g, n, 3).int(n)];

describe('evaluate and determinize on every Ma.K scenario', () => {
  for (const file of files) {
    it(`${file.split('/').pop()}: evaluate in [0, 1]; determinize keeps the observation`, () => {
      let i = 0;
      run(file, 10, random, (game, s) => {
        for (const side of [0, 1]) {
          const v = game.evaluate!(s, side);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        if (i++ % 9 === 0) {
          const side = game.currentSide(s);
          const d = game.determinize!(s, side, streamFor(5, i, 1));
          expect(JSON.stringify(game.observe(d, side).state)).toBe(JSON.stringify(game.observe(s, side).state));
        }
      });
    });
  }
  it('forest-ridge: a one-ply lookahead on evaluate beats random play as the Strahl', () => {
    const file = files.find((f) => f.endsWith('forest-ridge.yaml'))!;
    const scratch = new Int32Array(4096);
    const greedy = (game: MakGame, s: MakState, side: number, legal: Int32Array, n: number, g: number) => {
      if (side === 0) return random(game, s, side, legal, n, g);
      let best = legal[0];
      let bestV = -1;
      const acts = Array.from(legal.subarray(0, n));
      for (const a of acts) {
        let v = 0;
        for (let k = 0; k < 3; k++) {
          const c = game.clone(s);
          game.apply(c, a, { dice: streamFor(g, a, 4 + k), tally: new Tally(game.metrics) });
          v += game.evaluate!(c, side);
        }
        if (v > bestV) { bestV = v; best = a; }
      }
      void scratch;
      return best;
    };
    const base = run(file, 40, random);
    const wins = run(file, 40, greedy);
    expect(wins[1]).toBeGreaterThan(base[1]);
  });
});
