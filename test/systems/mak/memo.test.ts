/**
 * The planner's memo (agents/memo.ts): a plan read back is the plan computed afresh. Games played
 * on an engine whose memo is warm (other games played first) take every decision that the same
 * games take on a freshly compiled engine, whose memo starts empty; and the table reads back only
 * keys equal in full.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Agent } from '../../../src/core/agent.ts';
import { PlayScratch, playGame } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { createAgent } from '../../../src/scenario/agents.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { PlanMemo } from '../../../src/systems/mak/agents/memo.ts';
import { ROOT } from '../../helpers/bundled.ts';
import { agentChoice, setup } from './helpers.ts';

/** What a new agent chooses for the side to act (its planner shares the engine's memo), described. */
const choice = agentChoice;

/** Every decision of games [from, to) of `file` with `agents`, on `loaded` (its memo as it is). */
function decisions(loaded: ReturnType<typeof loadScenarioFile>, agents: readonly string[], from: number, to: number): number[] {
  const game = loaded.compiled;
  const scratch = new PlayScratch(game);
  const tally = new Tally(game.metrics);
  const log: number[] = [];
  for (let g = from; g < to; g++) {
    const players: Agent[] = agents.map((name, side) => {
      const inner = createAgent(loaded.system, game, side, name);
      return { decide: (ctx) => { const a = inner.decide(ctx); log.push(a); return a; } };
    });
    playGame(game, players, gameStreams(5, g, agents.length), tally, scratch);
  }
  return log;
}

describe('the Ma.K planner memo', () => {
  for (const [name, agents] of [['forest-ridge', ['assault', 'firebase']]] as const) {
    it(`${name}: games with a warm memo decide as on a fresh engine`, () => {
      const file = join(ROOT, 'scenarios', 'mak', `${name}.yaml`);
      const warm = loadScenarioFile(file);
      decisions(warm, agents, 100, 130);
      const cold = loadScenarioFile(file);
      expect(warm.compiled).not.toBe(cold.compiled);
      const a = decisions(warm, agents, 0, 20);
      const b = decisions(cold, agents, 0, 20);
      expect(a.length).toBeGreaterThan(400);
      expect(a).toEqual(b);
    });
  }

  it('on every bundled scenario, each plan read back is the plan computed afresh (check mode)', () => {
    PlanMemo.check = true;
    try {
      for (const name of ['forest-ridge', 'town-infantry', 'air-artillery', 'night-convoy', 'stacked-assault']) {
        const loaded = loadScenarioFile(join(ROOT, 'scenarios', 'mak', `${name}.yaml`));
        decisions(loaded, ['assault', 'firebase'], 0, 12);
        decisions(loaded, ['firebase', 'assault'], 0, 12);
      }
    } finally {
      PlanMemo.check = false;
    }
  });

  it('a plan depends on the movement points left: the same position with fewer is planned again', () => {
    // M1 in the corner, the PKA far off: with 8 half-MP the plan goes south first, with 7 south-east.
    const units = { mercenary: [{ id: 'M1', type: 'AFS', at: '0101' }], strahl: [{ id: 'S1', type: 'PKA', at: '0708' }] };
    const t = setup(units);
    const u = t.u('M1');
    expect(t.s.mp[u]).toBe(8);
    for (const name of ['assault', 'firebase']) {
      t.s.mp[u] = 8;
      expect(choice(t, name)).toBe('move M1 S to 0102');
      t.s.mp[u] = 7;
      expect(choice(t, name)).toBe('move M1 SE to 0201');
    }
  });

  it('an unarmed unit\'s shelter is read back only for the same movement points: as on a fresh engine', () => {
    // The NeuSpotter S1 next to the AFS M1 (agents.test.ts): where it shelters depends on how far it can walk.
    const units = { mercenary: [{ id: 'M1', type: 'AFS', at: '0504' }], strahl: [{ id: 'S1', type: 'NeuSpotter', at: '0503' }, { id: 'S2', type: 'PKA', at: '0807' }] };
    const warm = setup(units, { first: 'strahl' });
    const u = warm.u('S1');
    const full = warm.s.mp[u];
    const seen = new Set<string>();
    for (const name of ['assault', 'firebase']) {
      for (let mp = full; mp >= 2; mp--) {
        warm.s.mp[u] = mp;
        const cold = setup(units, { first: 'strahl' });
        cold.s.mp[u] = mp;
        const c = choice(warm, name);
        expect(c).toBe(choice(cold, name));
        seen.add(c);
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('reads back only a key equal in full, with its plan', () => {
    const memo = new PlanMemo();
    const prev = Int32Array.from([-1, 0, 1, -2]); // a path 2 <- 1 <- 0
    const k = new Int32Array(8);
    const key = (xs: number[]): number => { k.set(xs); return xs.length; };
    expect(memo.find(k, key([1, 2, 3]))).toBeUndefined();
    memo.store(2, prev, 0, 4);
    expect(Array.from(memo.find(k, key([1, 2, 3])) ?? [])).toEqual([2, 3, 2, 1, 0, 1, 2, 3]);
    expect(memo.find(k, key([1, 2, 4]))).toBeUndefined();
    expect(memo.find(k, key([1, 2, 3, 0]))).toBeUndefined();
    expect(memo.find(k, key([1, 2]))).toBeUndefined();
    expect(memo.find(k, key([5, 6, 7, 8, 9, 10, 11, 12]))).toBeUndefined();
    memo.store(-1, prev, 0, 4);
    expect(memo.find(k, key([5, 6, 7, 8, 9, 10, 11, 12]))?.[0]).toBe(-1);
    expect(memo.find(k, key([1, 2, 3]))?.[0]).toBe(2);
  });

  it('gives a position the same id while it is kept, and never one id to two positions', () => {
    const memo = new PlanMemo();
    const k = new Int32Array(4);
    const id = (xs: number[]): number => { k.fill(0).set(xs); return memo.intern(k, xs.length); };
    const a = id([1, 2, 3]);
    expect(id([1, 2, 3])).toBe(a);
    const b = id([1, 2, 4]);
    expect(b).not.toBe(a);
    expect(id([1, 2])).not.toBe(a);
    expect(id([1, 2, 3, 0])).not.toBe(a);
    expect(id([1, 2, 3])).toBe(a);
    // Past MAX_ENTRIES positions the table is emptied: a position comes back with a new id, never an old one.
    const seen = new Set<number>([a, b]);
    for (let i = 0; i < 20_000; i++) seen.add(id([7, i]));
    const again = id([1, 2, 3]);
    expect(seen.has(again)).toBe(false);
  });
});
