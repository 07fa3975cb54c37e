/**
 * mcts's policy switching (src/agents/switching.ts): it follows the portfolio agent whose
 * continuation wins, plays the portfolio's common choice without searching, infers the opponent's
 * agent from its choices (the loop's Agent.seen), and a game with it replays exactly.
 */
import { describe, expect, it } from 'vitest';
import { checkAgentChoices, createAgent } from '../../src/agents/resolve.ts';
import { PolicySwitch, schedule } from '../../src/agents/switching.ts';
import { parseAgentChoice, type Agent } from '../../src/core/agent.ts';
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

describe('mcts policy switching', () => {
  it('is the default mode, over every scripted agent of the system', () => {
    const m = switcher('mcts');
    expect(m).toBeInstanceOf(PolicySwitch);
    expect(m.modelWeights(1).map(([name]) => name)).toEqual(['trigger-happy', 'patient', 'random']);
  });

  it('follows the portfolio agent whose continuation wins the position (trigger-happy fires, patient would aim)', () => {
    expect(createAgent(duel.system, game, 0, 'patient').decide(lastWound(1))).toBe(AIM);
    for (let seed = 1; seed <= 3; seed++) {
      const m = switcher('mcts:portfolio=patient+trigger-happy:opponent=trigger-happy:iterations=64');
      expect(m.decide(lastWound(seed))).toBe(FIRE);
      expect(m.lastPick).toBe(1);
      expect(m.lastValues[1]).toBeGreaterThan(m.lastValues[0] + 0.2);
    }
    // Alone in its portfolio, patient is followed without a search: its blunder stands.
    const alone = switcher('mcts:portfolio=patient:iterations=64');
    expect(alone.decide(lastWound(1))).toBe(AIM);
    expect([alone.lastPick, alone.searched, alone.agreed]).toEqual([-1, 0, 1]);
  });

  it("infers the opponent's agent from its choices, told by the game loop", () => {
    for (const opponent of ['patient', 'trigger-happy']) {
      for (let g = 0; g < 3; g++) {
        const agents = [createAgent(duel.system, game, 0, 'mcts:iterations=4'), createAgent(duel.system, game, 1, opponent)];
        playGame(game, agents, gameStreams(3, g, 2), new Tally(game.metrics), new PlayScratch(game));
        const w = (agents[0] as PolicySwitch<unknown>).modelWeights(1).sort((x, y) => y[1] - x[1]);
        expect(w[0][0]).toBe(opponent);
        expect(w[0][1]).toBeGreaterThan(0.6);
      }
    }
    // A fixed opponent model is not inferred.
    const fixed = createAgent(duel.system, game, 0, 'mcts:opponent=patient') as PolicySwitch<unknown>;
    expect(fixed.modelWeights(1)).toEqual([['patient', 1]]);
  });

  it('tells an agent of the other sides\' choices only (forced moves excluded), and nothing else changes', () => {
    const told: Array<[number, number, number, number]> = [];
    const watcher = (side: number): Agent => {
      const inner = createAgent(duel.system, game, side, 'patient');
      return { decide: (c) => inner.decide(c), seen: (view, s, a) => void told.push([view.side, s, a, view.n]) };
    };
    const chosen: Array<[number, number, number]> = [];
    const opts = { onDecision: (_s: unknown, side: number, action: number, n: number) => void (n > 1 && chosen.push([side, action, n])) };
    const a = playGame(game, [watcher(0), createAgent(duel.system, game, 1, 'trigger-happy')], gameStreams(2, 0, 2), new Tally(game.metrics), new PlayScratch(game), opts);
    const b = playGame(game, [createAgent(duel.system, game, 0, 'patient'), createAgent(duel.system, game, 1, 'trigger-happy')], gameStreams(2, 0, 2), new Tally(game.metrics), new PlayScratch(game));
    expect(a.result).toEqual(b.result);
    expect(told.length).toBeGreaterThan(0);
    expect(told).toEqual(chosen.filter(([side]) => side === 1).map(([side, action, n]) => [0, side, action, n]));
  });

  it('leaves the real game alone, and a game with it replays exactly', () => {
    const pv = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`);
    const r = playChecked(pv, ['mcts:iterations=8', 'marksman'], 7, 0, 40);
    expect(r.asked).toBeGreaterThan(10);
    for (let g = 0; g < 3; g++) {
      const once = playChecked(duel, ['mcts:iterations=16', 'patient'], 9, g);
      expect(playChecked(duel, ['mcts:iterations=16', 'patient'], 9, g).actions).toEqual(once.actions);
      expect(replay(duel, once.actions, 9, g)).toEqual({ result: once.result, dice: once.dice });
    }
    // Through the game loop (with Agent.seen), twice: the same game.
    const run = () => playGame(game, [createAgent(duel.system, game, 0, 'mcts:iterations=16'), createAgent(duel.system, game, 1, 'patient')], gameStreams(4, 2, 2), new Tally(game.metrics), new PlayScratch(game));
    const x = run();
    const y = run();
    expect([x.result, x.decisions]).toEqual([y.result, y.decisions]);
  });

  it('with a margin, keeps the agent it followed unless another is shown better by that many standard errors', () => {
    // patient (first: the one followed before any search) aims; trigger-happy fires, about 0.2 better
    const pick = (margin: number) => {
      const m = switcher(`mcts:portfolio=patient+trigger-happy:opponent=trigger-happy:iterations=64:margin=${margin}`);
      return [m.decide(lastWound(1)), m.lastPick];
    };
    expect(pick(0)).toEqual([FIRE, 1]);
    expect(pick(2)).toEqual([FIRE, 1]);
    expect(pick(100)).toEqual([AIM, 0]);
  });

  it('infers the opponent among `models` when given, not the portfolio', () => {
    expect(switcher('mcts:portfolio=patient+trigger-happy:models=patient').modelWeights(1).map(([name]) => name)).toEqual(['patient', 'random']);
    const agents = [createAgent(duel.system, game, 0, 'mcts:portfolio=patient+trigger-happy:models=trigger-happy+patient:iterations=4'), createAgent(duel.system, game, 1, 'patient')];
    playGame(game, agents, gameStreams(3, 0, 2), new Tally(game.metrics), new PlayScratch(game));
    const w = (agents[0] as PolicySwitch<unknown>).modelWeights(1);
    expect(w.map(([name]) => name)).toEqual(['trigger-happy', 'patient', 'random']);
    expect(w[1][1]).toBeGreaterThan(0.6);
  });

  it('with every=turn searches at most once per turn', () => {
    const pv = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`);
    const agents = [createAgent(pv.system, pv.compiled, 0, 'mcts:iterations=8:every=turn'), createAgent(pv.system, pv.compiled, 1, 'brawler')];
    const { state } = playGame(pv.compiled, agents, gameStreams(5, 0, 2), new Tally(pv.compiled.metrics), new PlayScratch(pv.compiled));
    const m = agents[0] as PolicySwitch<unknown>;
    expect(m.searched).toBeGreaterThan(0);
    expect(m.searched).toBeLessThanOrEqual(pv.compiled.length(state) + 1);
  });
});

describe('mcts opening budget (opening)', () => {
  it('searches the decisions before the first turn (the set-up) with `opening` simulations, the rest with `iterations`', () => {
    const pv = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`);
    for (const [side, seed] of [[0, 3], [1, 4]]) {
      const m = createAgent(pv.system, pv.compiled, side, 'mcts:iterations=10:opening=50:alloc=even:refine=0') as PolicySwitch<unknown>;
      const spent: Array<[number, number]> = [];
      const watched: Agent = {
        decide(ctx) {
          const before = m.searched;
          const a = m.decide(ctx);
          if (m.searched > before) spent.push([pv.compiled.length(ctx.determinize(ctx.rng)), m.lastCounts.reduce((x, y) => x + y, 0)]);
          return a;
        },
        seen: (view, s, a) => m.seen(view, s, a),
      };
      const agents = side === 0 ? [watched, createAgent(pv.system, pv.compiled, 1, 'brawler')] : [createAgent(pv.system, pv.compiled, 0, 'anvil'), watched];
      playGame(pv.compiled, agents, gameStreams(seed, 0, 2), new Tally(pv.compiled.metrics), new PlayScratch(pv.compiled));
      // Five portfolio agents, the even split and no refinement (Panzer Vor!'s defaults refine): 10 simulations each at the set-up, 2 each after it.
      expect(spent.filter(([len]) => len === 0).length).toBeGreaterThan(0);
      expect(spent.filter(([len]) => len > 0).length).toBeGreaterThan(0);
      for (const [len, sims] of spent) expect(sims).toBe(len === 0 ? 50 : 10);
    }
  });
});

describe('mcts sequential halving (alloc=halving)', () => {
  const five = 'patient+patient/aimTo=3+trigger-happy+patient/aimTo=4+patient/aimTo=5';

  it('schedules rounds that keep the better half, the last round taking the rest of the budget', () => {
    expect(schedule(5, 96, 'halving')).toEqual({ survivors: [5, 3, 2], sims: [6, 10, 18] });
    expect(schedule(6, 96, 'halving')).toEqual({ survivors: [6, 3, 2], sims: [5, 10, 18] });
    expect(schedule(4, 96, 'halving')).toEqual({ survivors: [4, 2], sims: [12, 24] });
    expect(schedule(5, 96, 'even')).toEqual({ survivors: [5], sims: [19] });
    // Two agents, or a budget too small to share: one round, the even split.
    expect(schedule(2, 96, 'halving')).toEqual(schedule(2, 96, 'even'));
    expect(schedule(5, 4, 'halving')).toEqual({ survivors: [5, 3, 2], sims: [1, 1, 1] });
  });

  it('gives the agent that is clearly best most of the budget, and follows it', () => {
    // Four aimers and trigger-happy, which fires and wins about 0.6 to their 0.1: it stays to the last round.
    for (let seed = 1; seed <= 4; seed++) {
      const m = switcher(`mcts:portfolio=${five}:opponent=trigger-happy:iterations=96:alloc=halving`);
      expect(m.decide(lastWound(seed))).toBe(FIRE);
      expect(m.lastPick).toBe(2);
      expect(m.lastCounts[2]).toBe(34);
      expect([...m.lastCounts].sort((a, b) => a - b)).toEqual([6, 6, 16, 34, 34]);
      expect(m.lastValues[2]).toBeGreaterThan(Math.max(...[0, 1, 3, 4].map((i) => m.lastValues[i])) + 0.2);
      const even = switcher(`mcts:portfolio=${five}:opponent=trigger-happy:iterations=96:alloc=even`);
      expect(even.decide(lastWound(seed))).toBe(FIRE);
      expect([...even.lastCounts]).toEqual([19, 19, 19, 19, 19]);
    }
  });

  it('with a margin and refinement, can follow an agent late in the portfolio (its values are kept for every agent)', () => {
    // trigger-happy is the third of five: the margin compares it with the agent held on the stored
    // values, and its refinement races on them. With the values of agents 2-4 lost (the store sized
    // for the switch's 34 simulations an agent but indexed 130 apart), the margin kept `patient`.
    for (let seed = 1; seed <= 4; seed++) {
      const m = switcher(`mcts:portfolio=${five}:opponent=trigger-happy:iterations=96:alloc=halving:margin=2:refine=96`);
      expect(m.decide(lastWound(seed))).toBe(FIRE);
      expect(m.lastPick).toBe(2);
      expect(Number.isFinite(m.gain)).toBe(true);
    }
  });

  it('stops when the agents left all choose the same action', () => {
    // trigger-happy and patient/aimTo=0 both fire: once they are the last two, the action is decided.
    const m = switcher('mcts:portfolio=patient+trigger-happy+patient/aimTo=0+patient/aimTo=3+patient/aimTo=4:opponent=trigger-happy:iterations=96:alloc=halving');
    expect(m.decide(lastWound(1))).toBe(FIRE);
    expect([...m.lastCounts]).toEqual([16, 16, 16, 6, 6]);
  });

  it('with two agents is the even split, to the last value', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const [h, e] = ['halving', 'even'].map((alloc) => switcher(`mcts:portfolio=patient+trigger-happy:iterations=64:alloc=${alloc}`));
      expect(h.decide(lastWound(seed))).toBe(e.decide(lastWound(seed)));
      expect([...h.lastValues]).toEqual([...e.lastValues]);
    }
  });

  it('with a margin, compares over the simulations both agents played', () => {
    const pick = (margin: number) => {
      const m = switcher(`mcts:portfolio=${five}:opponent=trigger-happy:iterations=96:alloc=halving:margin=${margin}`);
      return [m.decide(lastWound(1)), m.lastPick];
    };
    expect(pick(2)).toEqual([FIRE, 2]);
    expect(pick(100)).toEqual([AIM, 0]);
    // random (followed before any search) is dropped after 6 simulations: trigger-happy's advantage
    // is weighed on those 6 pairs, not on 34 (paired with nothing), and is not 2 standard errors.
    const m = switcher('mcts:portfolio=random+patient+trigger-happy+patient/aimTo=3+patient/aimTo=4:opponent=trigger-happy:iterations=96:alloc=halving:margin=2');
    m.decide(lastWound(3));
    expect([m.lastPick, m.lastCounts[0], m.lastCounts[2]]).toEqual([0, 6, 34]);
  });

  it('leaves the real game alone, and a game with it replays exactly', () => {
    const pv = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`);
    const once = playChecked(pv, ['mcts:iterations=16:alloc=halving', 'marksman'], 7, 0, 40);
    expect(once.asked).toBeGreaterThan(10);
    expect(playChecked(pv, ['mcts:iterations=16:alloc=halving', 'marksman'], 7, 0, 40).actions).toEqual(once.actions);
    const duelFive = `mcts:portfolio=${five}:iterations=24:alloc=halving`;
    for (let g = 0; g < 3; g++) {
      const game1 = playChecked(duel, [duelFive, 'patient'], 9, g);
      expect(playChecked(duel, [duelFive, 'patient'], 9, g).actions).toEqual(game1.actions);
      expect(replay(duel, game1.actions, 9, g)).toEqual({ result: game1.result, dice: game1.dice });
    }
  });
});

describe('mcts portfolio and opponent parameters', () => {
  it('are checked like agent choices: an unknown name, a bad parameter, mcts itself', () => {
    const bad = checkAgentChoices(duel.system, [parseAgentChoice('mcts:portfolio=patient+triger-happy'), parseAgentChoice('mcts:portfolio=patient/aimTo=99'), parseAgentChoice('mcts:portfolio=mcts+patient'), parseAgentChoice('mcts:opponent=marksman'), parseAgentChoice('mcts:portfolio=patient/aimTo=2+trigger-happy:opponent=random'), parseAgentChoice('mcts:models=patient+brawler')], 'agents');
    expect(bad.map((i) => i.path)).toEqual(['agents.0', 'agents.1', 'agents.2', 'agents.3', 'agents.5']);
    expect(bad[0].message).toMatch(/parameter 'portfolio': unknown agent 'triger-happy' for duel \(did you mean 'trigger-happy'\?\)/);
    expect(bad[1].message).toMatch(/parameter 'portfolio': agent 'patient' parameter 'aimTo' must be within/);
    expect(bad[2].message).toMatch(/parameter 'portfolio' cannot name 'mcts' itself/);
    expect(bad[3].message).toMatch(/parameter 'opponent': unknown agent 'marksman'/);
    expect(bad[4].message).toMatch(/parameter 'models': unknown agent 'brawler'/);
  });
});
