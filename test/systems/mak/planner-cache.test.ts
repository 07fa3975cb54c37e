/**
 * The planner's per-decision caches (agents/planner.ts): what is kept for a unit within a decision
 * (its step plan; its best P(hit), read off the legal attacks) is what would be worked out afresh. In check mode every kept value is recomputed at each use and
 * compared (the planner throws on a difference), over games of every bundled scenario with both
 * scripted agents, planned and unplanned (plan=false, the search rollouts' style).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Agent } from '../../../src/core/agent.ts';
import { PlayScratch, playGame } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { createAgent } from '../../../src/scenario/agents.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { Planner, kindTable } from '../../../src/systems/mak/agents/planner.ts';
import type { MakGame } from '../../../src/systems/mak/engine.ts';
import type { MakState } from '../../../src/systems/mak/state.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import { pHitNum, supportScore } from '../../../src/systems/mak/agents/common.ts';
import { PRODUCT, SUM } from '../../../src/systems/mak/rules/rolls.ts';
import { ROOT } from '../../helpers/bundled.ts';

const SCENARIOS = ['forest-ridge', 'town-infantry', 'air-artillery', 'night-convoy', 'stacked-assault'];

/**
 * Plays games [0, games) of a bundled Ma.K scenario; returns every decision. With `intrude`, before
 * each decision a planner of another agent decides on another state (a game's state some decisions
 * back) with the same engine: its arrays within a decision are the engine's, shared.
 */
function play(name: string, agents: readonly string[], games: number, intrude = false): number[] {
  const loaded = loadScenarioFile(join(ROOT, 'scenarios', 'mak', `${name}.yaml`));
  const game = loaded.compiled as MakGame;
  const scratch = new PlayScratch(game);
  const tally = new Tally(game.metrics);
  const log: number[] = [];
  const buf = new Int32Array(game.maxActions);
  let old: MakState | null = null;
  for (let g = 0; g < games; g++) {
    const players: Agent[] = agents.map((a, side) => {
      const inner = createAgent(loaded.system, game, side, a);
      return {
        decide: (ctx) => {
          if (intrude && old !== null && game.result(old) === null) {
            const st = old, on = game.currentSide(st), n = game.legalActions(st, buf);
            createAgent(loaded.system, game, on, 'firebase').decide({ side: on, legal: buf, n, rng: new Rng([1, 2, 3, 4]), observe: () => game.observe(st, on), describe: (x) => game.describeAction(st, x), determinize: () => game.clone(st) });
          }
          if (log.length % 7 === 0) old = ctx.determinize(new Rng([5, 6, 7, 8])) as MakState; // a copy
          const a = inner.decide(ctx);
          log.push(a);
          return a;
        },
      };
    });
    playGame(game, players, gameStreams(3, g, agents.length), tally, scratch);
  }
  return log;
}

describe('the Ma.K planner caches', () => {
  it('a unit\'s step plan and best P(hit) kept within a decision are those worked out afresh (check mode)', () => {
    Planner.check = true;
    try {
      let n = 0;
      for (const name of SCENARIOS) {
        n += play(name, ['assault', 'firebase'], 6).length;
        n += play(name, ['firebase:plan=false', 'assault:plan=false'], 4).length;
      }
      expect(n).toBeGreaterThan(2000);
    } finally {
      Planner.check = false;
    }
  });

  it('planners of one engine share their within-decision arrays: another planner deciding in between changes nothing', () => {
    for (const name of ['forest-ridge', 'town-infantry']) {
      for (const agents of [['assault', 'firebase'], ['firebase:plan=false', 'assault:plan=false']]) {
        const plain = play(name, agents, 4);
        expect(play(name, agents, 4, true)).toEqual(plain);
        expect(plain.length).toBeGreaterThan(100);
      }
    }
  });

  it('without AMUs, only a pilot\'s steps have a support score (the planner asks no other unit\'s)', () => {
    let played = 0;
    for (const name of SCENARIOS) {
      const loaded = loadScenarioFile(join(ROOT, 'scenarios', 'mak', `${name}.yaml`));
      const game = loaded.compiled as MakGame;
      const { E } = game;
      if (E.m.hasAmu) continue;
      played++;
      const scratch = new PlayScratch(game);
      const tally = new Tally(game.metrics);
      let steps = 0;
      for (let g = 0; g < 3; g++) {
        const players: Agent[] = ['assault', 'firebase'].map((a, side) => {
          const inner = createAgent(loaded.system, game, side, a);
          return {
            decide: (ctx) => {
              const s = ctx.determinize(new Rng([1, 2, 3, 4])) as MakState; // a copy of the state
              for (let i = 0; i < ctx.n; i++) {
                const c = ctx.legal[i];
                if (E.A.kindIndexOf(c) !== E.A.kindIndex.move) continue;
                const sup = supportScore(E, s, c, 3);
                if (!E.m.upilot[E.A.read.move.unit(c)]) { steps++; expect(sup).toBeNull(); }
              }
              return inner.decide(ctx);
            },
          };
        });
        playGame(game, players, gameStreams(3, g, 2), tally, scratch);
      }
      expect(steps).toBeGreaterThan(100);
      if (name === 'forest-ridge') expect(E.m.hasPilots).toBe(true);
    }
    expect(played).toBeGreaterThanOrEqual(3);
  });

  it('P(hit) never falls as the target number rises (a unit\'s best P(hit) is that of its best target number)', () => {
    for (const mode of [SUM, PRODUCT]) for (let T = -3; T <= 45; T++) expect(pHitNum(T + 1, mode)).toBeGreaterThanOrEqual(pHitNum(T, mode));
  });

  it('the kind table reads every action code as kindIndexOf does', () => {
    for (const name of SCENARIOS) {
      const { E } = loadScenarioFile(join(ROOT, 'scenarios', 'mak', `${name}.yaml`)).compiled as MakGame;
      const t = kindTable(E);
      expect(t.length).toBe(E.A.size);
      for (let c = 0; c < E.A.size; c++) if (t[c] !== E.A.kindIndexOf(c)) expect(`${c}: ${t[c]}`).toBe(`${c}: ${E.A.kindIndexOf(c)}`);
    }
  });
});
