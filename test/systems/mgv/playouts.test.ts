/**
 * The shared random-playout battery on every bundled MGV scenario, heuristic games,
 * determinism, and graph monotonicity (destroyed cells stay destroyed).
 */
import { describe, expect, it } from 'vitest';
import { checkRandomPlayouts } from '../../helpers/playout.ts';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { closerAgent, standoffAgent } from '../../../src/systems/mgv/agents/index.ts';
import { randomAgent, resolveAgentParams, type AgentFactory } from '../../../src/core/agent.ts';
import type { MgvState } from '../../../src/systems/mgv/state.ts';
import { SAMPLE } from './helpers.ts';

const files = bundledScenarios('mgv');

describe('random playouts (shared battery)', () => {
  it('there are bundled MGV scenarios', () => expect(files.length).toBeGreaterThanOrEqual(3));
  for (const f of files) {
    it(`random agents: ${f.split('/').pop()}`, () => {
      const st = checkRandomPlayouts({ scenario: f, games: 12, seed: 7 });
      expect(st.games).toBe(12);
      expect(st.reasons['safety-cap'] ?? 0).toBe(0);
    });
    it(`heuristic agents: ${f.split('/').pop()}`, () => {
      const st = checkRandomPlayouts({ scenario: f, games: 6, seed: 8, agents: ['closer', 'standoff'] });
      expect(st.games).toBe(6);
    });
  }
});

function play(file: string, fs: AgentFactory[], seed: number, games: number, each?: (s: MgvState) => void) {
  const L = loadScenarioFile(file);
  const g = L.compiled;
  const tally = new Tally(g.metrics);
  const scratch = new PlayScratch(g);
  const out: string[] = [];
  for (let i = 0; i < games; i++) {
    const agents = fs.map((f, side) => f.create(g, side, resolveAgentParams(f, {})[0]));
    const r = playGame(g, agents, gameStreams(seed, i, 2), tally, scratch, each ? { onDecision: (s) => each(s as MgvState) } : {});
    out.push(`${r.result.winner}:${r.result.reason}:${r.result.detail}:${r.result.length}:${r.decisions}`);
  }
  return { out, cells: Array.from(tally.cells) };
}

describe('determinism', () => {
  it('same seed, same games and tallies; another seed differs', () => {
    const a = play(SAMPLE, [closerAgent, standoffAgent], 99, 15);
    const b = play(SAMPLE, [closerAgent, standoffAgent], 99, 15);
    expect(b.out).toEqual(a.out);
    expect(b.cells).toEqual(a.cells);
    const c = play(SAMPLE, [closerAgent, standoffAgent], 100, 15);
    expect(c.out).not.toEqual(a.out);
  });
});

describe('graph monotonicity over playouts', () => {
  it('destroyed cells stay destroyed; B hits never decrease; the dead stay dead', () => {
    let prev: { d: number[][]; b: number[]; alive: boolean[] } | null = null;
    let turn = -1;
    play(SAMPLE, [randomAgent, closerAgent], 3, 10, (s) => {
      if (s.turn < turn) prev = null; // a new game
      turn = s.turn;
      const now = { d: s.units.map((u) => u.destroyed.slice()), b: s.units.map((u) => u.B), alive: s.units.map((u) => u.alive) };
      if (prev) {
        for (let i = 0; i < now.d.length; i++) {
          for (let c = 0; c < now.d[i].length; c++) if (prev.d[i][c]) expect(now.d[i][c]).toBe(1);
          expect(now.b[i]).toBeGreaterThanOrEqual(prev.b[i]);
          if (!prev.alive[i]) expect(now.alive[i]).toBe(false);
        }
      }
      prev = now;
    });
  });
});
