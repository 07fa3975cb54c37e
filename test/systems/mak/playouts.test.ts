/**
 * Random and scripted playouts with invariants on every bundled Ma.K scenario, determinism of a
 * replayed game, clone independence, and the agents' behaviour: the scripted heuristics really use
 * defensive fire and close quarters combat, and beat random play.
 */
import { describe, expect, it } from 'vitest';
import { relative } from 'node:path';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { findAgent } from '../../../src/scenario/agents.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { M } from '../../../src/systems/mak/metrics.ts';
import { checkRandomPlayouts } from '../../helpers/playout.ts';
import { bundledScenarios, ROOT } from '../../helpers/bundled.ts';

const files = bundledScenarios('mak');

function play(file: string, agents: string[], games: number, seed = 5) {
  const loaded = loadScenarioFile(file);
  const game = loaded.compiled;
  const tally = new Tally(game.metrics);
  const scratch = new PlayScratch(game);
  const wins = [0, 0];
  for (let g = 0; g < games; g++) {
    const streams = gameStreams(seed, g, 2);
    const ag = agents.map((a, side) => findAgent(loaded.system, a)!.create(game, side, {}));
    const { result } = playGame(game, ag, streams, tally, scratch);
    if (result.winner >= 0) wins[result.winner]++;
  }
  const col = (c: number) => {
    let s = 0;
    for (let r = 0; r < game.metrics.rows.length; r++) s += tally.cells[r * tally.ncols + c];
    return s;
  };
  return { wins, shots: col(M.col.shots), defensive: col(M.col.defensiveShots), cqc: col(M.col.cqcShots) };
}

describe('Ma.K playouts', () => {
  it('there are bundled Ma.K scenarios', () => expect(files.length).toBeGreaterThanOrEqual(1));
  for (const file of files) {
    const name = relative(ROOT, file);
    it(`${name}: random playouts keep every invariant and end by the rules`, () => {
      const st = checkRandomPlayouts({ scenario: file, games: 60, seed: 99, cloneEvery: 5 });
      expect(st.reasons['safety-cap'] ?? 0).toBe(0);
      expect(st.games).toBe(60);
    });
    for (const agents of [['assault', 'firebase'], ['firebase', 'assault'], ['assault', 'assault']]) {
      it(`${name}: ${agents.join(' vs ')} playouts keep every invariant`, () => {
        const st = checkRandomPlayouts({ scenario: file, games: 8, seed: 7, agents, cloneEvery: 11 });
        expect(st.games).toBe(8);
      });
    }
  }
  it('forest-ridge: the heuristics fire defensively and fight close quarters combat', () => {
    const r = play(files.find((f) => f.endsWith('forest-ridge.yaml'))!, ['assault', 'assault'], 60);
    expect(r.defensive).toBeGreaterThan(0);
    expect(r.cqc).toBeGreaterThan(0);
  });
  it('forest-ridge: the same seed replays the same game', () => {
    const f = files.find((x) => x.endsWith('forest-ridge.yaml'))!;
    expect(play(f, ['assault', 'firebase'], 30, 3)).toEqual(play(f, ['assault', 'firebase'], 30, 3));
  });
  it('forest-ridge: each heuristic beats random play from either side (scripts/mak-misplays.ts --vs-random measures by how much)', () => {
    const f = files.find((x) => x.endsWith('forest-ridge.yaml'))!;
    const base = play(f, ['random', 'random'], 60).wins;
    for (const agent of ['assault', 'firebase']) {
      expect(play(f, [agent, 'random'], 60).wins[0]).toBeGreaterThan(base[0] + 15); // random wins about a quarter as the mercenary
      expect(play(f, ['random', agent], 60).wins[1]).toBeGreaterThan(base[1]);
    }
  });
});
