/**
 * The order of the activation's legal actions that the scripted agents rely on: the shots (shoot,
 * shootAfv) lead the list, before the moves, close combat, drills and end (decisions/activation.ts),
 * and no other decision lists a shot. agents/common.ts scanShots stops at the first action after
 * the shots, so a shot listed later would be missed: checked over random playouts on every bundled
 * scenario, with every shot counted.
 */
import { describe, expect, it } from 'vitest';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { randomAgent, resolveAgentParams } from '../../../src/core/agent.ts';
import { A } from '../../../src/systems/at43/actions.ts';

const isShot = (a: number) => A.is(a, 'shoot') || A.is(a, 'shootAfv');

describe('AT-43 legal actions: the shots lead the list', () => {
  for (const file of bundledScenarios('at43'))
    it(file.split('/').pop()!, () => {
      const L = loadScenarioFile(file);
      const g = L.compiled;
      const tally = new Tally(g.metrics);
      const scratch = new PlayScratch(g);
      let shots = 0;
      let late = 0;
      for (let i = 0; i < 6; i++) {
        const agents = [0, 1].map((side) => randomAgent.create(g, side, resolveAgentParams(randomAgent, {})[0]));
        playGame(g, agents, gameStreams(19, i, 2), tally, scratch, {
          beforeDecision: (_s, _side, legal, n) => {
            let k = 0;
            while (k < n && isShot(legal[k])) k++;
            shots += k;
            for (let j = k; j < n; j++) if (isShot(legal[j])) late++;
          },
        });
      }
      expect(shots).toBeGreaterThan(0); // shots were offered
      expect(late).toBe(0);
    });
});
