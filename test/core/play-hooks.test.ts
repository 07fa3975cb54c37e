/** core/play.ts: the hooks see every decision of THE loop, and cost nothing when absent. */
import { describe, expect, it } from 'vitest';
import { randomAgent, type Agent } from '../../src/core/agent.ts';
import { PlayScratch, playGame, resumeGame } from '../../src/core/play.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import { Tally } from '../../src/core/tally.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { ROOT } from '../helpers/bundled.ts';

const loaded = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
const game = loaded.compiled;
const observer: Agent = { decide: (ctx) => (ctx.observe() === ctx.observe() ? ctx.legal[ctx.n - 1] : -1) };

function agents(): Agent[] {
  return [observer, randomAgent.create(game, 1, {})];
}

describe('playGame hooks', () => {
  it('are called in order, once per decision, and do not change the game', () => {
    const plain = playGame(game, agents(), gameStreams(5, 0, 2), new Tally(game.metrics), new PlayScratch(game));
    const calls: string[] = [];
    let wrapped = 0;
    const hooked = playGame(game, agents(), gameStreams(5, 0, 2), new Tally(game.metrics), new PlayScratch(game), {
      onStart: () => calls.push('start'),
      beforeDecision: (_s, side, legal, n, d) => calls.push(`before ${d} side ${side} n ${n} first ${legal[0]}`),
      onDecision: (_s, side, action) => calls.push(`chose ${side} ${action}`),
      afterApply: (_s, d) => calls.push(`after ${d}`),
      observation: (o) => {
        wrapped++;
        return o;
      },
    });
    expect(hooked.result).toEqual(plain.result);
    expect(hooked.state).toEqual(plain.state);
    expect(calls[0]).toBe('start');
    expect(calls.filter((c) => c.startsWith('before'))).toHaveLength(plain.decisions);
    expect(calls.filter((c) => c.startsWith('after'))).toHaveLength(plain.decisions);
    expect(calls.slice(1, 4)).toEqual(['before 0 side 0 n 2 first 0', 'chose 0 1', 'after 1']);
    // the observation is built and wrapped at most once per decision, and only when an agent asks
    expect(wrapped).toBeGreaterThan(0);
    expect(wrapped).toBeLessThanOrEqual(calls.filter((c) => c.startsWith('before') && c.includes('side 0') && c.includes('n 2')).length);
  });

  it('maxDecisions overrides the safety cap', () => {
    const r = playGame(game, agents(), gameStreams(5, 0, 2), new Tally(game.metrics), new PlayScratch(game), { maxDecisions: 3 });
    expect(r.result).toMatchObject({ reason: 'safety-cap', detail: '3 decisions', winner: -1 });
    expect(r.decisions).toBe(3);
  });

  it('resumeGame from a copy taken mid-game, with copies of the streams, ends as the original', () => {
    const streams = gameStreams(9, 4, 2);
    let snap: { state: unknown; streams: ReturnType<typeof gameStreams> } | null = null;
    const original = playGame(game, agents(), streams, new Tally(game.metrics), new PlayScratch(game), {
      beforeDecision: (s, _side, _l, _n, d) => {
        if (d === 3) snap = { state: game.clone(s), streams: { setup: streams.setup.clone(), dice: streams.dice.clone(), agents: streams.agents.map((a) => a.clone()) } };
      },
    });
    expect(snap).not.toBeNull();
    const resumed = resumeGame(game, snap!.state, agents(), snap!.streams, new Tally(game.metrics), new PlayScratch(game), 3);
    expect(resumed.result).toEqual(original.result);
    expect(resumed.decisions).toBe(original.decisions);
    expect(resumed.state).toEqual(original.state);
  });

  it('a system that offers more legal actions than its maxActions is stopped', () => {
    const liar = { ...game, maxActions: 1 };
    expect(() => playGame(liar, agents(), gameStreams(1, 0, 2), new Tally(game.metrics), new PlayScratch(liar))).toThrow(/more than its maxActions \(1\)/);
  });
});
