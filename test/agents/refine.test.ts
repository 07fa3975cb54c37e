/**
 * Policy switching's refinement (`mcts:refine=N`, src/agents/switching.ts): the followed agent's
 * top actions race its choice on paired simulations, so mcts can play an action no agent of its
 * portfolio plays; off, the old choices; a game with it replays exactly; its budget is simulations.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../src/agents/resolve.ts';
import { PolicySwitch } from '../../src/agents/switching.ts';
import { PlayScratch, playGame } from '../../src/core/play.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import { Tally } from '../../src/core/tally.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { AIM, FIRE } from '../../src/systems/duel/actions.ts';
import { ROOT } from '../helpers/bundled.ts';
import { duel, lastWound } from './duel-positions.ts';
import { playChecked, replay } from './helpers.ts';

const game = duel.compiled;

const switcher = (choice: string) => createAgent(duel.system, game, 0, choice) as PolicySwitch<unknown>;
/** A portfolio whose every agent aims at the last wound (the blunder). */
const blunderers = 'mcts:portfolio=patient+patient/aimTo=3:opponent=trigger-happy:refineAt=always';

describe('mcts refinement (refine=N)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('plays the better action no portfolio agent plays, on evidence; without refinement the blunder stands', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const on = switcher(`${blunderers}:refine=256`);
      expect(on.decide(lastWound(seed))).toBe(FIRE);
      expect([on.agreed, on.refined, on.departed, on.lastDeparted]).toEqual([1, 1, 1, true]);
      expect(on.gain).toBeGreaterThan(0.15);
      expect(switcher(`${blunderers}:refine=0`).decide(lastWound(seed))).toBe(AIM);
      // Where the portfolio agrees, refinement is asked for explicitly (refineAt=always).
      expect(switcher(`${blunderers}:refine=256:refineAt=disagree`).decide(lastWound(seed))).toBe(AIM);
      // The departure needs z standard errors: with an impossible z, the followed agent's choice stands.
      expect(switcher(`${blunderers}:refine=256:z=100`).decide(lastWound(seed))).toBe(AIM);
    }
  });

  it("off (refine=0), mcts makes the old choices whatever the refinement's other parameters", () => {
    const pv = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`);
    const plain = playChecked(pv, ['mcts:iterations=8', 'marksman'], 7, 0, 40);
    expect(plain.asked).toBeGreaterThan(10);
    expect(playChecked(pv, ['mcts:iterations=8:refine=0:refineAt=always:width=9:z=0', 'marksman'], 7, 0, 40).actions).toEqual(plain.actions);
    // On and never departing (z out of reach, at the searched decisions only): the same choices.
    expect(playChecked(pv, ['mcts:iterations=8:refine=24:z=100', 'marksman'], 7, 0, 40).actions).toEqual(plain.actions);
    // On and allowed to depart, it departs (the test above can fail).
    const agents = [createAgent(pv.system, pv.compiled, 0, 'mcts:iterations=8:refine=24:z=0'), createAgent(pv.system, pv.compiled, 1, 'marksman')];
    playGame(pv.compiled, agents, gameStreams(7, 0, 2), new Tally(pv.compiled.metrics), new PlayScratch(pv.compiled));
    expect((agents[0] as PolicySwitch<unknown>).departed).toBeGreaterThan(0);
  });

  it('leaves the real game alone, and a game with it replays exactly', () => {
    const pv = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`);
    const choice = 'mcts:iterations=16:alloc=halving:refine=24:refineAt=always:z=1';
    const once = playChecked(pv, [choice, 'marksman'], 7, 0, 40);
    expect(playChecked(pv, [choice, 'marksman'], 7, 0, 40).actions).toEqual(once.actions);
    for (let g = 0; g < 3; g++) {
      const d = playChecked(duel, [`${blunderers}:refine=32:z=1`, 'patient'], 9, g);
      expect(playChecked(duel, [`${blunderers}:refine=32:z=1`, 'patient'], 9, g).actions).toEqual(d.actions);
      expect(replay(duel, d.actions, 9, g)).toEqual({ result: d.result, dice: d.dice });
    }
  });

  it('spends at most `refine` simulations a decision, whatever the clock says', () => {
    const run = () => {
      const m = switcher(`${blunderers}:refine=40:z=2`);
      return [m.decide(lastWound(2)), m.lastRefineSims, m.departed];
    };
    const calm = run();
    expect(calm[1]).toBeGreaterThan(0);
    expect(calm[1]).toBeLessThanOrEqual(40);
    // A clock that jumps an hour at every reading changes nothing.
    let t = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (t += 3.6e6));
    vi.spyOn(Date, 'now').mockImplementation(() => (t += 3.6e6));
    expect(run()).toEqual(calm);
  });
});
