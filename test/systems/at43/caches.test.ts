/**
 * The geometry caches (rules/table.ts) against fresh computations over random playouts on every
 * bundled scenario: line of sight (seesNow's convex-obstacle shortcut against the core's five-line
 * basesSee; the cache kept across moves and states, invalidated by moved fighters and
 * moved or destroyed AFVs) and contact (per fighter, per geometry version). Queries alternate
 * between the played state and an older clone, as search agents do.
 */
import { describe, expect, it } from 'vitest';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { randomAgent, resolveAgentParams } from '../../../src/core/agent.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import type { Model } from '../../../src/systems/at43/model.ts';
import { fighterTouches, gap, sees, seesNow, seesReference } from '../../../src/systems/at43/rules/table.ts';
import type { At43State } from '../../../src/systems/at43/state.ts';

function check(m: Model, s: At43State): number {
  let bad = 0;
  for (let a = 0; a < m.nF; a++) {
    for (let b = 0; b < m.nF; b++) {
      if (a === b) continue;
      const fresh = seesNow(m, s, a, b);
      if (sees(m, s, a, b) !== fresh || seesReference(m, s, a, b) !== fresh) bad++;
    }
    let touch = false;
    for (let g = 0; g < m.nF; g++) if (s.alive[g] && m.units[m.fUnit[g]].side !== m.units[m.fUnit[a]].side && gap(m, s, a, g) < m.rules.contact.cm) touch = true;
    if (fighterTouches(m, s, a) !== touch) bad++;
  }
  return bad;
}

describe('geometry caches agree with fresh computations', () => {
  for (const file of bundledScenarios('at43'))
    it(file.split('/').pop()!, () => {
      const L = loadScenarioFile(file);
      const g = L.compiled as unknown as At43Game;
      const tally = new Tally(g.metrics);
      const scratch = new PlayScratch(L.compiled);
      let bad = 0;
      let checks = 0;
      let moved = 0;
      for (let i = 0; i < 3; i++) {
        const agents = [0, 1].map((side) => randomAgent.create(g, side, resolveAgentParams(randomAgent, {})[0]));
        let old: At43State | null = null;
        let lastX: number[] = [];
        playGame(L.compiled, agents, gameStreams(11, i, 2), tally, scratch, {
          beforeDecision: (st, _side, _legal, _n, d) => {
            const s = st as At43State;
            if (lastX.some((x, k) => x !== s.fx[k])) moved++;
            lastX = s.fx.slice();
            bad += check(g.model, s);
            checks++;
            if (old && d % 3 === 0) bad += check(g.model, old); // an older state in between
            if (d % 7 === 0) old = g.clone(s);
          },
        });
      }
      expect(checks).toBeGreaterThan(50);
      expect(moved).toBeGreaterThan(5); // the caches were exercised across moves
      expect(bad).toBe(0);
    });
});
