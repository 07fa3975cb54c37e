/**
 * The engine's switch dispatch (decisions/index.ts legalOf, applyOf, finishOf) against the
 * array dispatch it replaces (core/decision `D.legal`, `D.apply`, `D.finish`): random games played
 * through both from the same position with the same dice give the same legal actions at every
 * decision and the same states, and every kind of decision is met on the way.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import { Tally } from '../../../src/core/tally.ts';
import { D, applyOf, legalOf } from '../../../src/systems/mgv/decisions/index.ts';
import { engineOf } from '../../../src/systems/mgv/engine.ts';
import type { Model } from '../../../src/systems/mgv/model.ts';
import type { MgvState } from '../../../src/systems/mgv/state.ts';
import type { CompiledGame } from '../../../src/core/system.ts';
import { bundledScenarios } from '../../helpers/bundled.ts';

describe('mgv decision dispatch: switch = table', () => {
  it('plays the same random games on every bundled MGV scenario, meeting every kind of decision', () => {
    const kinds = new Set<string>();
    let decisions = 0;
    for (const file of bundledScenarios('mgv')) {
      const L = loadScenarioFile(file);
      const g = L.compiled as CompiledGame<MgvState> & { readonly model: Model };
      const Es = engineOf(g.model);
      const Et = engineOf(g.model, true);
      const l1 = new Int32Array(g.maxActions);
      const l2 = new Int32Array(g.maxActions);
      for (let gi = 0; gi < 12; gi++) {
        const a = gameStreams(7, gi, 2);
        const b = gameStreams(7, gi, 2);
        const c1 = { dice: a.dice, tally: new Tally(g.metrics) };
        const c2 = { dice: b.dice, tally: new Tally(g.metrics) };
        const s1 = g.newGame(a.setup, c1);
        const s2 = g.newGame(b.setup, c2);
        const pick = new Rng([gi + 1, 2, 3, 4]);
        for (let k = 0; k < 3000 && s1.result === null; k++) {
          kinds.add(D.currentKind(s1));
          const n1 = legalOf(Es, s1, l1);
          const n2 = D.legal(Et, s2, l2);
          expect(n1).toBe(n2);
          expect(Array.from(l1.subarray(0, n1))).toEqual(Array.from(l2.subarray(0, n2)));
          const act = l1[pick.int(n1)];
          applyOf(Es, s1, act, c1);
          D.apply(Et, s2, act, c2);
          decisions++;
        }
        expect(s1).toEqual(s2);
        expect(Array.from(c1.tally.cells)).toEqual(Array.from(c2.tally.cells));
      }
    }
    expect(decisions).toBeGreaterThan(1000);
    // the kinds random play meets on the bundled scenarios (a switch case sent to the wrong module fails above)
    for (const k of ['main', 'power', 'move', 'counterJam', 'beacon', 'jam', 'repairDesignate', 'photon', 'attack', 'missileSplit']) expect(kinds).toContain(k);
  });
});
