/**
 * The guided mcts: its policy and priors, tree reuse, its parameters' checks, and results that do
 * not depend on the worker count.
 */
import { describe, expect, it } from 'vitest';
import { MctsSearch, VAR_FLOOR, pairedZ, tCritical } from '../../src/agents/mcts.ts';
import { Ranker } from '../../src/agents/priors.ts';
import { SimDecision } from '../../src/agents/search.ts';
import { agentEnv, checkAgentChoices, createAgent, findAgent, searchPolicyOf, withSystemDefaults } from '../../src/agents/resolve.ts';
import { mctsAgent } from '../../src/agents/mcts.ts';
import { parseAgentChoice, type Agent, type DecisionContext } from '../../src/core/agent.ts';
import { PlayScratch, determinizeFor, playGame } from '../../src/core/play.ts';
import { Rng } from '../../src/core/rng/rng.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import { Tally } from '../../src/core/tally.ts';
import { runPlan } from '../../src/run/pool.ts';
import type { RunPlan } from '../../src/run/plan.ts';
import { compileScenarioDocument, loadScenarioFile } from '../../src/scenario/load.ts';
import { parseSource } from '../../src/scenario/yaml-file.ts';
import { AIM, FIRE } from '../../src/systems/duel/actions.ts';
import type { DuelState } from '../../src/systems/duel/state.ts';
import { ROOT } from '../helpers/bundled.ts';
import { readFileSync } from 'node:fs';
import { playChecked } from './helpers.ts';

const duelFile = `${ROOT}/scenarios/duel/high-noon.yaml`;
const duel = loadScenarioFile(duelFile);
const pv = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`);

/** An agent that records its decisions' contexts' choice counters. */
function recording(inner: Agent, log: number[]): Agent {
  return { decide: (ctx) => (log.push(ctx.choices ?? -1), inner.decide(ctx)) };
}

describe('mcts guided by a policy', () => {
  it("takes the system's searchPolicy by default and an agent of the system as policy=", () => {
    expect(agentEnv(duel.system, duel.compiled).searchPolicy).toBe('trigger-happy');
    const m = createAgent(duel.system, duel.compiled, 0, 'mcts:mode=tree') as MctsSearch<unknown>;
    playGame(duel.compiled, [m, createAgent(duel.system, duel.compiled, 1, 'random')], gameStreams(1, 0, 2), new Tally(duel.compiled.metrics), new PlayScratch(duel.compiled));
    // trigger-happy ranks fire first: the root's first candidate is FIRE, AIM the alternative.
    const kids = m.root!.children!;
    expect(kids.map((k) => k.action)).toEqual([FIRE, AIM]);
    expect(kids[0].prior).toBeGreaterThan(kids[1].prior);
    const m2 = createAgent(duel.system, duel.compiled, 0, 'mcts:mode=tree:policy=patient') as MctsSearch<unknown>;
    playGame(duel.compiled, [m2, createAgent(duel.system, duel.compiled, 1, 'random')], gameStreams(1, 0, 2), new Tally(duel.compiled.metrics), new PlayScratch(duel.compiled));
    expect(m2.root!.children![0].action).toBe(AIM); // patient is asked only below full aim (then firing is forced): it aims
  });

  it("falls back on the system's first default agent when it declares no searchPolicy", () => {
    expect(searchPolicyOf({ ...duel.system, searchPolicy: undefined })).toBe('patient');
    expect(searchPolicyOf({ ...duel.system, searchPolicy: undefined, defaultAgents: ['random', 'patient'] })).toBeUndefined();
    expect(searchPolicyOf({ ...duel.system, info: { ...duel.system.info, search: false } })).toBeUndefined();
  });

  it('width 1 plays exactly its policy (no search); with a search it only departs from it on evidence', () => {
    for (let g = 0; g < 6; g++) {
      const a = playChecked(duel, ['mcts:mode=tree:policy=patient:width=1', 'random'], 4, g).actions;
      const b = playChecked(duel, ['patient', 'random'], 4, g).actions;
      expect(a).toEqual(b);
    }
  });

  it('keeps the choice of its control agent, not of its rollout policy, when nothing beats it', () => {
    // width 1: no alternative to race; the control (patient) decides, the rollouts play trigger-happy.
    for (let g = 0; g < 4; g++) {
      const a = playChecked(duel, ['mcts:mode=tree:control=patient:width=1:iterations=4', 'random'], 4, g).actions;
      expect(a).toEqual(playChecked(duel, ['patient', 'random'], 4, g).actions);
    }
  });

  it("takes a system's declared defaults (searchDefaults) as its own defaults, and names a bad one", () => {
    const sys = { ...duel.system, searchDefaults: { mcts: { control: 'patient', iterations: 7 } } };
    const f = findAgent(sys, 'mcts')!;
    expect(f.params.iterations.default).toBe(7);
    expect(f.params.control.default).toBe('patient');
    expect(f.params.depth.default).toBe(mctsAgent.params.depth.default);
    expect(findAgent(sys, 'mcts')).toBe(f); // made once per system
    expect(findAgent(duel.system, 'mcts')!.params.iterations.default).toBe(mctsAgent.params.iterations.default);
    const trace = playChecked({ ...duel, system: sys }, ['mcts:mode=tree:width=1', 'random'], 4, 0).actions;
    expect(trace).toEqual(playChecked(duel, ['patient', 'random'], 4, 0).actions); // its control is patient
    expect(() => withSystemDefaults({ ...duel.system, searchDefaults: { mcts: { iters: 7 } } }, mctsAgent)).toThrow(/searchDefaults\.mcts\.iters: agent 'mcts' has no parameter 'iters'/);
  });

  it('rejects a policy that is not an agent of the system, or mcts itself', () => {
    const bad = checkAgentChoices(duel.system, [parseAgentChoice('mcts:policy=marksman'), parseAgentChoice('mcts:policy=mcts'), parseAgentChoice('mcts:policy=patient')], 'agents');
    expect(bad.map((i) => i.path)).toEqual(['agents.0', 'agents.1']);
    expect(bad[0].message).toMatch(/parameter 'policy': unknown agent 'marksman' for duel/);
    expect(bad[1].message).toMatch(/cannot name 'mcts' itself/);
  });

  it('the policy rollouts never touch the real game (state, dice, tally) on an imperfect-information system', () => {
    const r = playChecked(pv, ['mcts:mode=tree:policy=marksman:iterations=6:depth=4', 'marksman'], 31, 0, 60);
    expect(r.asked).toBeGreaterThan(10);
  });
});

describe('the search departs from its policy where the policy blunders', () => {
  it("fires at the last wound instead of aiming into the enemy's full aim (policy patient would aim)", () => {
    const game = duel.compiled;
    const state = game.newGame(gameStreams(1, 0, 2).setup, { dice: new Rng([5, 5, 5, 5]), tally: new Tally(game.metrics) }) as DuelState;
    state.wounds = [1, 1];
    state.aim = [0, 2]; // the enemy fires next at 2d6+2 >= 8 (72%); aiming gives it that shot
    state.active = 0;
    const legal = new Int32Array(game.maxActions);
    const n = game.legalActions(state, legal);
    const ctx = (seed: number): DecisionContext => ({
      side: 0, legal, n, rng: new Rng([seed, 2, 3, 4]),
      observe: () => game.observe(state, 0),
      describe: (a) => game.describeAction(state, a),
      determinize: (r) => determinizeFor(game, state, 0, r),
    });
    expect(createAgent(duel.system, game, 0, 'patient').decide(ctx(1))).toBe(AIM);
    for (let seed = 1; seed <= 5; seed++) {
      expect(createAgent(duel.system, game, 0, 'mcts:mode=tree:policy=patient:iterations=256').decide(ctx(seed))).toBe(FIRE);
      // With width 1 there is nothing to race: it plays its policy's blunder.
      expect(createAgent(duel.system, game, 0, 'mcts:mode=tree:policy=patient:width=1').decide(ctx(seed))).toBe(AIM);
    }
  });
});

describe('priors from the policy', () => {
  const game = duel.compiled;
  const s = game.newGame(new Rng([1, 2, 3, 4]), { dice: new Rng([1, 1, 1, 1]), tally: new Tally(game.metrics) });
  const legal = new Int32Array(2);
  const n = game.legalActions(s, legal);
  const ctx = new SimDecision(game, legal, new Rng([3, 3, 3, 3])).at(s, 0, legal, n);
  const cand = new Int32Array(2);
  const prior = new Float64Array(2);

  it("follow the policy's rank, halving down its order, and put a given first choice first", () => {
    const ranker = new Ranker(2);
    const th = createAgent(duel.system, game, 0, 'trigger-happy');
    expect(ranker.candidates(th, ctx, 4, cand, prior)).toBe(2);
    expect([cand[0], cand[1]]).toEqual([FIRE, AIM]);
    expect(prior[0]).toBeCloseTo(2 / 3, 12);
    expect(ranker.candidates(th, ctx, 4, cand, prior, AIM)).toBe(2);
    expect([cand[0], cand[1]]).toEqual([AIM, FIRE]);
  });

  it("of a policy without rank: its choice, then its choices with the earlier ones removed from the list; none: uniform", () => {
    const ranker = new Ranker(2);
    const asked: number[] = [];
    const aimer: Agent = { decide: (c: DecisionContext) => (asked.push(c.n), c.legal.subarray(0, c.n).includes(AIM) ? AIM : c.legal[0]) };
    expect(ranker.candidates(aimer, ctx, 4, cand, prior)).toBe(2);
    expect([cand[0], cand[1]]).toEqual([AIM, FIRE]);
    expect(asked).toEqual([2, 1]);
    expect(ctx.n).toBe(2); // the context is given back as it came
    // A policy that ignores the list it is given ends its order there.
    const stubborn: Agent = { decide: () => AIM };
    expect(ranker.candidates(stubborn, ctx, 4, cand, prior)).toBe(1);
    expect(ranker.candidates(null, ctx, 1, cand, prior)).toBe(2);
    expect([prior[0], prior[1]]).toEqual([0.5, 0.5]);
  });
});

describe('the paired test', () => {
  it('is the mean paired difference over its standard error, on the indices both sides have', () => {
    expect(pairedZ([1, 1, 0, 1], [0, 1, 0, 0])).toBeCloseTo(0.5 / Math.sqrt(1 / 3 / 4), 12);
    expect(pairedZ([1], [0])).toBe(0); // one pair says nothing
    // Pairs that differ by the same amount weigh as differences of spread 0.1 (VAR_FLOOR), not as proof.
    expect(pairedZ([0.6, 0.7, 0.5], [0.5, 0.6, 0.4])).toBeCloseTo(0.1 / Math.sqrt(VAR_FLOOR / 3), 12);
    expect(pairedZ([0.6, 0.7, 0.5], [0.6, 0.7, 0.5])).toBe(0);
    expect(tCritical(3, 1000)).toBeCloseTo(3, 1);
    expect(tCritical(2, 2)).toBeGreaterThan(3.5); // the t quantile on few pairs is far above z
  });
});

describe('tree reuse', () => {
  it('keeps the subtree only when its own choice was the last; otherwise decides exactly as a fresh tree', () => {
    const game = pv.compiled;
    let reused = 0;
    let fresh = 0;
    for (let g = 0; g < 2; g++) {
      const keep = createAgent(pv.system, game, 0, 'mcts:mode=tree:policy=marksman:iterations=8:depth=3') as MctsSearch<unknown>;
      const never = createAgent(pv.system, game, 0, 'mcts:mode=tree:policy=marksman:iterations=8:depth=3:reuse=false') as MctsSearch<unknown>;
      const choices: number[] = [];
      const side0: Agent = {
        decide(ctx) {
          // Both searches get the same stream state; the game follows the reusing one.
          const copy = Object.create(ctx) as DecisionContext;
          Object.defineProperty(copy, 'rng', { value: ctx.rng.clone() });
          const before = ctx.choices;
          const a = keep.decide(ctx);
          const b = never.decide(copy);
          expect(never.reused).toBe(false);
          if (keep.reused) {
            reused++;
            expect(before).toBe(choices.at(-1)! + 1);
          } else {
            fresh++;
            expect(a).toBe(b);
          }
          choices.push(before!);
          return a;
        },
      };
      const log: number[] = [];
      playGame(game, [side0, recording(createAgent(pv.system, game, 1, 'marksman'), log)], gameStreams(12, g, 2), new Tally(game.metrics), new PlayScratch(game), { maxDecisions: 120 });
    }
    expect(reused).toBeGreaterThan(3);
    expect(fresh).toBeGreaterThan(3);
  });
});

describe('mcts on the worker pool', () => {
  it('gives the same results for 0 and 2 workers and any batch size', async () => {
    const doc = parseSource(duelFile, readFileSync(duelFile, 'utf8')).data;
    compileScenarioDocument(doc, duelFile);
    const plan: RunPlan = { kind: 'run', id: 'high-noon', name: 'x', seed: 5, games: 60, baseline: -1, variants: [{ name: 'v', label: 'v', tags: {}, file: duelFile, doc, agents: [parseAgentChoice('mcts:iterations=12'), parseAgentChoice('patient')] }] };
    const inline = await runPlan(plan, { workers: 0, batchSize: 60 });
    const pooled = await runPlan(plan, { workers: 2, batchSize: 7 });
    expect(pooled.summaries).toEqual(inline.summaries);
    expect(inline.summaries[0].wins[0]).toBeGreaterThan(30);
  });
});
