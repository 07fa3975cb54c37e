/**
 * The shared random-playout battery on every bundled AT-43 scenario with every agent, the
 * property tests of spec §8.3, determinism, and the hidden-information check (observations never
 * leak the opponent's card order or an unrevealed wager; determinize keeps what the side saw).
 */
import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { checkRandomPlayouts } from '../../helpers/playout.ts';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import { Tally } from '../../../src/core/tally.ts';
import { randomAgent, resolveAgentParams, type AgentFactory } from '../../../src/core/agent.ts';
import { groupCoherent } from '../../../src/core/geometry/table/groups.ts';
import { Dist } from '../../../src/core/dice/exact.ts';
import { A, F } from '../../../src/systems/at43/actions.ts';
import { assaultAgent, gunlineAgent, objectiveAgent } from '../../../src/systems/at43/agents/index.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import { pNeed, pWithRerolls, poolDist } from '../../../src/systems/at43/odds.ts';
import { utrNeeded } from '../../../src/systems/at43/rules/rolls.ts';
import { PH_ACT, type At43State } from '../../../src/systems/at43/state.ts';
import { RULES } from './helpers.ts';

const files = bundledScenarios('at43');
const AGENTS = ['random', 'gunline', 'assault', 'objective'];

describe('random playouts (shared battery)', () => {
  it('there are at least three bundled AT-43 scenarios', () => expect(files.length).toBeGreaterThanOrEqual(3));
  for (const f of files) {
    for (const a of AGENTS)
      it(`${f.split('/').pop()}: ${a} vs ${AGENTS[(AGENTS.indexOf(a) + 1) % AGENTS.length]}`, () => {
        const st = checkRandomPlayouts({ scenario: f, games: a === 'random' ? 6 : 4, seed: 7, agents: [a, AGENTS[(AGENTS.indexOf(a) + 1) % AGENTS.length]] });
        expect(st.reasons['safety-cap'] ?? 0).toBe(0);
      });
  }
});

function play(file: string, fs: AgentFactory[], seed: number, games: number, each?: (g: At43Game, s: At43State, action: number) => void) {
  const L = loadScenarioFile(file);
  const g = L.compiled as unknown as At43Game;
  const tally = new Tally(g.metrics);
  const scratch = new PlayScratch(L.compiled);
  const out: string[] = [];
  for (let i = 0; i < games; i++) {
    const agents = fs.map((f, side) => f.create(g, side, resolveAgentParams(f, {})[0]));
    const r = playGame(L.compiled, agents, gameStreams(seed, i, 2), tally, scratch, each ? { onDecision: (s, _side, action) => each(g, s as At43State, action) } : {});
    out.push(`${r.result.winner}:${r.result.reason}:${r.result.detail}:${r.result.length}:${r.decisions}`);
  }
  return { out, cells: Array.from(tally.cells) };
}

describe('determinism', () => {
  it('same seed, same games and tallies; another seed differs', () => {
    const a = play(files[0], [gunlineAgent, assaultAgent], 99, 8);
    const b = play(files[0], [gunlineAgent, assaultAgent], 99, 8);
    expect(b.out).toEqual(a.out);
    expect(b.cells).toEqual(a.cells);
    expect(play(files[0], [gunlineAgent, assaultAgent], 100, 8).out).not.toEqual(a.out);
  });
});

describe('property tests (spec §8.3)', () => {
  it('utrNeeded is monotone non-increasing, with its boundaries at -6/-5, -4/-3, -2/-1, +1/+2, +3/+4, +5/+6', () => {
    const faces = (d: number) => 7 - (utrNeeded(RULES.utr, d) === 0 ? 7 : utrNeeded(RULES.utr, d) === 1 ? 0 : utrNeeded(RULES.utr, d));
    for (let d = -12; d < 12; d++) expect(faces(d + 1)).toBeGreaterThanOrEqual(faces(d));
    const changes: number[] = [];
    for (let d = -12; d < 12; d++) if (utrNeeded(RULES.utr, d) !== utrNeeded(RULES.utr, d + 1)) changes.push(d);
    expect(changes).toEqual([-6, -4, -2, 1, 3, 5]);
  });
  it('re-rolls never decrease hits; with no re-roll the pool is a plain binomial', () => {
    for (const need of [2, 3, 4, 5, 6])
      for (let r = 0; r < 3; r++) expect(pWithRerolls(need, r + 1).compare(pWithRerolls(need, r))).toBeGreaterThanOrEqual(0);
    for (const need of [2, 4, 6]) expect(poolDist(5, need, 0).equals(Dist.binomial(5, pNeed(need)))).toBe(true);
  });
  it('over playouts: LP never negative, pools exclude disorganized units, no shot while engaged or after a rush, cohesion kept by every move', () => {
    let moves = 0;
    let rounds = 0;
    let shots = 0;
    const salvos = new Map<string, number>();
    let lastTurns = 0;
    for (const f of files) {
      let lastRound = 0;
      play(f, [randomAgent as AgentFactory, gunlineAgent], 5, 6, (g, s, action) => {
        const m = g.model;
        expect(s.lp[0]).toBeGreaterThanOrEqual(0);
        expect(s.lp[1]).toBeGreaterThanOrEqual(0);
        if (F.top(s.pending) === 'order' && s.seq[0].length === 0 && s.seq[1].length === 0 && s.round !== lastRound) {
          // fresh round: unspent LP were lost, the pool is recomputed (disorganized units excluded)
          lastRound = s.round;
          rounds++;
          expect(s.lp[0]).toBe(g.lpPool(s, 0));
          expect(s.lp[1]).toBe(g.lpPool(s, 1));
        }
        if (s.phase === PH_ACT && F.top(s.pending) === null && (A.is(action, 'shoot') || A.is(action, 'shootAfv'))) {
          expect(s.engagedAtStart).toBe(0);
          expect(s.moved).not.toBe(2);
          // never twice with the same weapon on the same fighter: salvos of a type <= copies carried
          const k = A.is(action, 'shoot') ? A.get(action, 'shoot', 'weapon') : A.get(action, 'shootAfv', 'weapon');
          if (s.turns < lastTurns) salvos.clear(); // a new game
          lastTurns = s.turns;
          const key = `${s.turns}:${s.unit}:${k}`;
          salvos.set(key, (salvos.get(key) ?? 0) + 1);
          const U = m.units[s.unit];
          const w = U.weaponTypes[k];
          let copies = 0;
          for (let sl = 0; sl < 4; sl++) if (m.fSlots[U.first * 4 + sl] === w || m.fSlots[(U.first + U.count - 1) * 4 + sl] === w) copies = Math.max(copies, sl + 1);
          expect(salvos.get(key)!).toBeLessThanOrEqual(Math.max(1, copies));
          shots++;
        }
        if (s.phase === PH_ACT && F.top(s.pending) === null && A.is(action, 'move')) {
          const u = s.unit;
          const U = m.units[u];
          const mem: number[] = [];
          for (let k = U.first; k < U.first + U.count; k++) if (s.alive[k]) mem.push(k);
          const before = groupCoherent(s.fx, s.fy, m.fRadius, mem, mem.length, s.leader[u], 10, 2.5);
          const copy = g.clone(s);
          g.apply(copy, action, { dice: new Rng([3, 1, 4, 1]), tally: new Tally(g.metrics) });
          const mem2 = mem.filter((k) => copy.alive[k] === 1);
          if (before && mem2.length === mem.length && !U.afv) {
            moves++;
            expect(groupCoherent(copy.fx, copy.fy, m.fRadius, mem2, mem2.length, copy.leader[u], 10, 2.5)).toBe(true);
          }
        }
      });
    }
    expect(moves).toBeGreaterThan(20);
    expect(shots).toBeGreaterThan(20);
    expect(rounds).toBeGreaterThan(10);
  });
});

describe('hidden information', () => {
  it('observe() withholds the opponent card order and an unrevealed wager; determinize() keeps the observation', () => {
    const L = loadScenarioFile(files[0]);
    const g = L.compiled as unknown as At43Game;
    let checked = 0;
    play(files[0], [randomAgent as AgentFactory, objectiveAgent], 3, 4, (_g, s) => {
      for (const side of [0, 1]) {
        const o = g.observe(s, side);
        expect(JSON.stringify(o, (k, v) => (k === 'model' ? undefined : v))).not.toContain('"seq"');
        const d = g.determinize!(s, side, new Rng([7, 7, 7, side + 1]));
        const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === 'model' ? undefined : v)));
        expect(isDeepStrictEqual(strip(g.observe(d, side)), strip(o))).toBe(true);
        checked++;
      }
      if (F.top(s.pending) === 'wager' && s.wager[0] >= 0) {
        expect(g.observe(s, 1).opponentWager).toBe(-1);
      }
    });
    expect(checked).toBeGreaterThan(100);
  });
  it('evaluate() is a probability and favours the side with more army left', () => {
    const L = loadScenarioFile(files[0]);
    const g = L.compiled as unknown as At43Game;
    const s = g.newGame(new Rng([1, 2, 3, 4]), { dice: new Rng([1, 1, 1, 1]), tally: new Tally(g.metrics) });
    expect(g.evaluate!(s, 0)).toBeCloseTo(0.5, 1);
    const U = g.model.units[2];
    for (let f = U.first; f < U.first + U.count; f++) s.alive[f] = 0;
    s.members[2] = 0;
    expect(g.evaluate!(s, 0)).toBeGreaterThan(0.6);
    expect(g.evaluate!(s, 1)).toBeLessThan(0.4);
  });
});

import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';

describe('optional rules under the playout battery', () => {
  it('artillery strikes, mêlée strike-back, 3+ Take cover, no ending on obstacles: random and heuristic games stay sound', () => {
    for (const f of files) {
      const d = parse(readFileSync(f, 'utf8'));
      d.options = { ...(d.options ?? {}), 'artillery.enabled': true, 'opt.meleeStrikeBack': true, 'cover.takeCoverNeed': 3, 'opt.endOnObstacles': false };
      const L = compileScenarioDocument(d, f);
      expect(checkRandomPlayouts({ scenario: L, games: 4, seed: 11 }).reasons['safety-cap'] ?? 0).toBe(0);
      expect(checkRandomPlayouts({ scenario: L, games: 3, seed: 12, agents: ['assault', 'gunline'] }).games).toBe(3);
    }
  });
});

describe('generic search agents (lookahead, mcts) through evaluate and determinize', () => {
  for (const f of files)
    it(`${f.split('/').pop()}: lookahead vs gunline, assault vs mcts`, () => {
      expect(checkRandomPlayouts({ scenario: f, games: 1, seed: 21, agents: ['lookahead', 'gunline'] }).games).toBe(1);
      expect(checkRandomPlayouts({ scenario: f, games: 1, seed: 22, agents: ['assault', 'mcts:iterations=12'] }).games).toBe(1);
    });
});
