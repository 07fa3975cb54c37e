/** Behaviour of the scripted agents (spec §7.4): what each style does in situations built for it. */
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/core/agent.ts';
import { PlayScratch, playGame } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { findSystem } from '../../../src/systems/index.ts';
import type { PvCompiledGame } from '../../../src/systems/panzervor/index.ts';
import { isOver, type PvState } from '../../../src/systems/panzervor/state.ts';
import { cardIndex, choose, compileDoc, legalTexts, loadBundled, setup, step, tankIndex, deciderOf } from './helpers.ts';
import { gameStreams as streamsOf } from '../../../src/core/rng/streams.ts';
import { quickShotChance } from '../../../src/systems/panzervor/agents/eval.ts';
import { K_ENFORCEMENT } from '../../../src/systems/panzervor/model.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import { Action, decisionOf } from '../../../src/systems/panzervor/actions.ts';

const system = findSystem('panzervor')!;
const agent = (name: string, game: PvCompiledGame, side: number, params: Record<string, number> = {}) => {
  const f = system.agents.find((a) => a.name === name)!;
  const defaults = Object.fromEntries(Object.entries(f.params).map(([k, v]) => [k, v.default]));
  return f.create(game, side, { ...defaults, ...params });
};

/** A side that never does anything (passes, discards what it must, never reacts). */
const passive: Agent = { decide: (c) => { for (let i = 0; i < c.n; i++) if (c.legal[i] === 0) return 0; return c.legal[0]; } };

describe('brawler', () => {
  it('closes the distance over a few turns', () => {
    const game = compileDoc({ a: [{ id: 'B', tank: 'm4', hex: '0815', facing: 'N' }], b: [{ id: 'E', tank: 'm4', hex: '0802', facing: 'S' }], hands: [5, 0] });
    const { G, s, ctx } = setup(game, { hands: [{ move: 2, full_speed_ahead: 1, moving_shot_2: 1, fire: 1 }, {}] });
    const B = tankIndex(G, 'B');
    const E = tankIndex(G, 'E');
    const start = G.grid.distance(s.hex[B], s.hex[E]);
    const brawler = agent('brawler', game, 0);
    let guard = 0;
    while (s.turn <= 5 && !isOver(s) && guard++ < 300) step(game, s, ctx, deciderOf(s) === 0 ? brawler : passive);
    expect(start).toBe(13);
    expect(G.grid.distance(s.hex[B], s.hex[E])).toBeLessThanOrEqual(6);
  });

  it('plays Emergency Braking against a likely kill, not against a long shot', () => {
    for (const [hex, expectBrake] of [['0804', true], ['0814', false]] as const) {
      // Firefly (F10) attacks a Pz IV F2 (front 10): any hit kills; adjacent hits are near-certain,
      // at 11 hexes it hits on 11+ (3/36).
      const game = compileDoc({ a: [{ id: 'F', tank: 'firefly', hex: '0803', facing: 'S' }], b: [{ id: 'P', tank: 'pz4f2', hex, facing: 'N' }] });
      const { s, ctx } = setup(game, { hands: [{ fire: 1 }, { emergency_braking: 1 }] });
      choose(game, s, ctx, 'play Fire');
      choose(game, s, ctx, 'F (Firefly) acts');
      choose(game, s, ctx, 'fires at P');
      expect(decisionOf(s)).toBe('reaction');
      const text = step(game, s, ctx, agent('brawler', game, 1));
      expect(text.includes('Emergency Braking')).toBe(expectBrake);
    }
  });

  it('discards Sighted Fire first; the marksman discards Move cards first', () => {
    const game = compileDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0102' }] });
    for (const [name, expected] of [['brawler', 'Sighted Fire 2'], ['marksman', 'Move']] as const) {
      const { s, ctx } = setup(game, { hands: [{ move: 1, sighted_fire_2: 1, fire: 2, moving_shot_1: 1, quick_shot: 1, morale_boost: 1 }, {}] });
      choose(game, s, ctx, 'A: pass');
      choose(game, s, ctx, 'A: end the Event Phase');
      expect(decisionOf(s)).toBe('discard');
      const text = step(game, s, ctx, agent(name, game, 0));
      expect(text).toBe(`A: discard ${expected}`);
    }
  });
});

describe('marksman', () => {
  it('prefers a side shot over a front shot', () => {
    // Two M4s four hexes away: X shows its front (14), Y its side (9) to the Pz IV F2 (F7).
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0810', facing: 'N' }], b: [{ id: 'X', tank: 'm4', hex: '0806', facing: 'S' }, { id: 'Y', tank: 'm4', hex: '1208', facing: 'N' }] });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}] });
    expect(G.grid.distance(s.hex[tankIndex(G, 'P')], s.hex[tankIndex(G, 'Y')])).toBe(4);
    const m = agent('marksman', game, 0);
    expect(step(game, s, ctx, m)).toBe('A: play Fire');
    expect(step(game, s, ctx, m)).toBe('A: P (PzIV F) acts');
    expect(step(game, s, ctx, m)).toContain('fires at Y (M4)');
    expect(s.aArmour[0]).toBe(9);
  });

  it('keeps Sighted Fire for long shots: plain Fire inside its long range', () => {
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0810', facing: 'N' }], b: [{ id: 'X', tank: 'm4', hex: '0806', facing: 'N' }] });
    const { s, ctx } = setup(game, { hands: [{ fire: 1, sighted_fire_2: 1 }, {}] });
    expect(step(game, s, ctx, agent('marksman', game, 0))).toBe('A: play Fire');
  });

  it('moves out of a threatened position rather than pass when it cannot shoot', () => {
    // The StuG faces away from the enemy and cannot fire (fixed gun); the enemy Firefly can kill it.
    const game = compileDoc({ a: [{ id: 'S', tank: 'stug3f', hex: '0808', facing: 'S' }], b: [{ id: 'F', tank: 'firefly', hex: '0804', facing: 'S' }] });
    const { G, s, ctx } = setup(game, { hands: [{ move: 1 }, {}] });
    const m = agent('marksman', game, 0);
    expect(step(game, s, ctx, m)).toBe('A: play Move');
    let guard = 0;
    while (s.mvTank >= 0 || s.card >= 0) {
      step(game, s, ctx, m);
      if (guard++ > 20) break;
    }
    // It ended somewhere the Firefly threatens less: out of sight, out of range, or front-on.
    const o = game.observe(s, 0);
    expect(o.hex[tankIndex(G, 'S')]).not.toBe(G.grid.indexOfId('0808'));
  });

  it('values a move from its own observation when it made no valuation before (no plan)', () => {
    // The card and the tank are chosen by the test: the agent's first decision is the move itself,
    // without a plan, so it values the end states there (heuristic.ts values(), done when first needed).
    const game = compileDoc({ a: [{ id: 'S', tank: 'stug3f', hex: '0808', facing: 'S' }], b: [{ id: 'F', tank: 'firefly', hex: '0804', facing: 'S' }] });
    const { G, s, ctx } = setup(game, { hands: [{ move: 1 }, {}] });
    choose(game, s, ctx, 'play Move');
    while (decisionOf(s) !== 'move') choose(game, s, ctx, 'S (');
    const m = agent('marksman', game, 0);
    let guard = 0;
    while (s.mvTank >= 0) {
      step(game, s, ctx, m);
      if (guard++ > 20) break;
    }
    expect(game.observe(s, 0).hex[tankIndex(G, 'S')]).not.toBe(G.grid.indexOfId('0808'));
  });

  it('uses a character ability when the engine offers it (just in time)', () => {
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0808', character: { id: 'hana' } }], b: [{ id: 'T', tank: 't34_76', hex: '0802', facing: 'S' }] });
    const { s, ctx } = setup(game, { hands: [{ fire: 1 }, {}], dice: [2, 3, 1, 1] });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'P (PzIV F) acts');
    choose(game, s, ctx, 'fires at T');
    expect(step(game, s, ctx, agent('marksman', game, 0))).toBe('A: Hana Isuzu uses an ability on this roll');
  });
});

describe('flag commander', () => {
  it('shoots the enemy flag tank rather than an identical tank', () => {
    const game = compileDoc({
      matchType: 'flag',
      a: [{ id: 'P', tank: 'pz4f2', hex: '0810', facing: 'N', flag: true }],
      b: [{ id: 'X', tank: 'm4', hex: '0806', facing: 'N' }, { id: 'FL', tank: 'm4', hex: '1208', facing: 'N', flag: true }],
    });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}] });
    expect(G.grid.distance(s.hex[0], s.hex[tankIndex(G, 'X')])).toBe(G.grid.distance(s.hex[0], s.hex[tankIndex(G, 'FL')]));
    const f = agent('flag-commander', game, 0);
    step(game, s, ctx, f);
    step(game, s, ctx, f);
    expect(step(game, s, ctx, f)).toContain('fires at FL (M4)');
  });

  it('spends a Reaction to protect its flag tank, not an ordinary one', () => {
    for (const [targetFlag, expectReaction] of [[true, true], [false, false]] as const) {
      const game = compileDoc({
        matchType: 'flag',
        a: [{ id: 'F', tank: 'firefly', hex: '0803', facing: 'S', flag: true }],
        b: [{ id: 'P', tank: 'pz4f2', hex: '0804', facing: 'N', flag: targetFlag }, { id: 'Q', tank: 'm4', hex: '0115', facing: 'N', flag: !targetFlag }],
      });
      const { s, ctx } = setup(game, { hands: [{ fire: 1 }, { emergency_braking: 1 }] });
      choose(game, s, ctx, 'play Fire');
      choose(game, s, ctx, 'F (Firefly) acts');
      choose(game, s, ctx, 'fires at P');
      expect(decisionOf(s)).toBe('reaction');
      expect(step(game, s, ctx, agent('flag-commander', game, 1)).includes('Emergency Braking')).toBe(expectReaction);
    }
  });
});

/** Plays `a`'s move with card k to its end; returns the moving tank's hex id and the steps taken. */
function playMove(game: PvCompiledGame, s: PvState, ctx: PlayContext, a: Agent, tank: string): { hex: string; log: string[] } {
  const log = [step(game, s, ctx, a)];
  let guard = 0;
  while ((s.mvTank >= 0 || s.card >= 0) && guard++ < 20) log.push(step(game, s, ctx, a));
  return { hex: game.G.grid.id(s.hex[tankIndex(game.G, tank)]), log };
}

describe('playing as Panzer Vor! players do (issue 19)', () => {
  it('every style shoots the enemy flag tank in a Flag Battle rather than an identical tank', () => {
    // The flag-commander test's position: two M4s at the same distance, FL the flag tank (p14: the match is lost with it).
    for (const name of ['brawler', 'marksman', 'flag-commander']) {
      const game = compileDoc({
        matchType: 'flag',
        a: [{ id: 'P', tank: 'pz4f2', hex: '0810', facing: 'N', flag: true }],
        b: [{ id: 'X', tank: 'm4', hex: '0806', facing: 'N' }, { id: 'FL', tank: 'm4', hex: '1208', facing: 'N', flag: true }],
      });
      const { s, ctx } = setup(game, { hands: [{ fire: 1 }, {}] });
      const a = agent(name, game, 0);
      step(game, s, ctx, a);
      step(game, s, ctx, a);
      expect(step(game, s, ctx, a), name).toContain('fires at FL (M4)');
    }
  });

  it('the flag commander spends Reactions for any tank when the match has no flags', () => {
    // The brawler's Emergency Braking position (a Firefly adjacent: a near-certain kill), an elimination match.
    const game = compileDoc({ a: [{ id: 'F', tank: 'firefly', hex: '0803', facing: 'S' }], b: [{ id: 'P', tank: 'pz4f2', hex: '0804', facing: 'N' }] });
    const { s, ctx } = setup(game, { hands: [{ fire: 1 }, { emergency_braking: 1 }] });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'F (Firefly) acts');
    choose(game, s, ctx, 'fires at P');
    expect(decisionOf(s)).toBe('reaction');
    expect(step(game, s, ctx, agent('flag-commander', game, 1))).toContain('Emergency Braking');
  });

  it('keeps Combat Sense for a shot: no second Move card (spec §7.3)', () => {
    // Miho's Pz IV far from the enemy, the turn's card played, two Move cards left: the engine offers Combat Sense.
    for (const name of ['brawler', 'marksman', 'flag-commander']) {
      const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0815', facing: 'N', character: { id: 'miho' } }], b: [{ id: 'E', tank: 'm4', hex: '0802', facing: 'S' }] });
      const { s, ctx } = setup(game, { hands: [{ move: 2 }, {}] });
      s.actionsPlayed = s.allowance;
      expect(legalTexts(game, s)).toContain('A: Miho Nishizumi uses Combat Sense');
      expect(step(game, s, ctx, agent(name, game, 0)), name).toBe('A: pass (no more Action cards)');
    }
  });

  it('counts the Quick Shots the opponent may hold (seed p6, p12)', () => {
    const game = compileDoc({ a: [{ tank: 'pz4f2', hex: '0808' }], b: [{ tank: 'firefly', hex: '0803', facing: 'S' }], hands: [5, 5] });
    const G = game.G;
    const qs = cardIndex(G, 'quick_shot');
    const total = G.deckInit.filter((k) => k === qs).length;
    expect(total).toBe(3);
    // Every Quick Shot in sight (own hand or discard pile): none can be held.
    for (const [own, discard] of [[3, 0], [1, 2]]) {
      const { s } = setup(game, { hands: [{ quick_shot: own, move: 1 }, { fire: 5 }], discard: { quick_shot: discard } });
      expect(quickShotChance(game.observe(s, 0), 0)).toBe(0);
    }
    // Three unseen among the opponent's 5 cards and the draw pile (Enforcement cards never stay in a hand).
    const { s } = setup(game, { hands: [{ move: 1 }, { fire: 5 }] });
    const o = game.observe(s, 0);
    const enf = s.deck.filter((k) => G.kType[k] === K_ENFORCEMENT).length;
    const pool = 5 + o.deckSize - enf;
    let none = 1;
    for (let i = 0; i < 5; i++) none *= (pool - 3 - i) / (pool - i);
    expect(quickShotChance(o, 0)).toBeCloseTo(1 - none, 12);
    expect(quickShotChance(o, 0)).toBeGreaterThan(0.15);
  });

  it('does not drive across a Firefly\'s sights while the opponent may hold a Quick Shot (W1)', () => {
    // The marksman's Pz IV, 5 hexes in front of a Firefly that kills it with any hit: moving away
    // invites a Quick Shot after the move; with every Quick Shot in the discard pile it moves.
    const game = compileDoc({ a: [{ id: 'S', tank: 'pz4f2', hex: '0808', facing: 'N' }], b: [{ id: 'F', tank: 'firefly', hex: '0803', facing: 'S' }], hands: [5, 5] });
    for (const [discard, moves] of [[{}, false], [{ quick_shot: 3 }, true]] as const) {
      const { s, ctx } = setup(game, { hands: [{ move: 1 }, { fire: 2, move: 3 }], discard });
      const { hex, log } = playMove(game, s, ctx, agent('marksman', game, 0), 'S');
      expect(hex !== '0808', log.join(' / ')).toBe(moves);
    }
  });

  it('a second mover places out of the first mover\'s reach; with the zones far apart the brawler still places forward', () => {
    // fake-battle: A places first, B moves first, the zones 5 hexes apart. saunders-flag: 13 hexes apart.
    for (const [file, far] of [['fake-battle.yaml', false], ['saunders-flag.yaml', true]] as const) {
      const game = loadBundled(file);
      const G = game.G;
      const streams = streamsOf(1, 0, 2);
      const s = game.newGame(streams.setup, { dice: streams.dice, tally: new Tally(game.metrics) });
      expect(decisionOf(s)).toBe('place');
      expect(deciderOf(s)).toBe(0);
      expect(G.movesFirst).toBe(1);
      const out = new Int32Array(game.maxActions);
      const n = game.legalActions(s, out);
      const enemy = G.grid.indexOfId(file === 'fake-battle.yaml' ? '1011' : '1708');
      const dist = (a: number) => G.grid.distance(Action.read.place.hex(a), enemy);
      let lo = 99;
      let hi = 0;
      for (let i = 0; i < n; i++) {
        lo = Math.min(lo, dist(out[i]));
        hi = Math.max(hi, dist(out[i]));
      }
      step(game, s, { dice: streams.dice, tally: new Tally(game.metrics) }, agent('brawler', game, 0));
      const placed = G.sideTanks[0].find((t) => s.hex[t] >= 0)!;
      const d = G.grid.distance(s.hex[placed], enemy);
      expect(hi - lo).toBeGreaterThanOrEqual(4);
      if (far) expect(d).toBe(lo);
      else expect(d).toBeGreaterThanOrEqual(hi - 1);
    }
  });
});

describe('greedy, the cheap search policy (issue 19 item 1)', () => {
  it('its rank puts its own choice first at every decision', () => {
    const game = loadBundled('fake-battle.yaml');
    const tally = new Tally(game.metrics);
    const scratch = new PlayScratch(game);
    let checked = 0;
    for (let g = 0; g < 6; g++) {
      const inner = [agent('greedy', game, 0), agent('greedy', game, 1)];
      const checking = inner.map((a): Agent => ({
        decide(ctx) {
          const chosen = a.decide(ctx);
          const v = new Float64Array(ctx.n);
          a.rank!(ctx, v);
          let best = 0;
          for (let i = 1; i < ctx.n; i++) if (v[i] > v[best]) best = i;
          // Ties: the choice is among the best.
          expect(v[ctx.legal.indexOf(chosen)]).toBe(v[best]);
          checked++;
          return chosen;
        },
      }));
      const { result } = playGame(game, checking, gameStreams(11, g, 2), tally, scratch);
      expect(result.winner).toBeGreaterThanOrEqual(-1);
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('strength against the random baseline (fake battle, both seats)', () => {
  for (const name of ['brawler', 'marksman', 'flag-commander', 'greedy', 'anvil']) {
    it(`${name} beats random in most games`, () => {
      const game = loadBundled('fake-battle.yaml');
      const scratch = new PlayScratch(game);
      const tally = new Tally(game.metrics);
      const rnd = system.agents.find((a) => a.name === 'random')!;
      let wins = 0;
      const N = 60;
      for (let g = 0; g < N; g++) {
        const me = g % 2;
        const agents = [0, 1].map((side) => (side === me ? agent(name, game, side) : rnd.create(game, side, {})));
        const r = playGame(game, agents, gameStreams(2024, g, 2), tally, scratch);
        if (r.result.winner === me) wins++;
      }
      // Random wins well under half against any of them (>= 65% for the heuristic over 60 games).
      expect(wins / N).toBeGreaterThanOrEqual(0.65);
    });
  }
});

describe('agent parameters', () => {
  it('every heuristic declares named parameters with defaults and bounds', () => {
    for (const name of ['brawler', 'marksman', 'flag-commander']) {
      const f = system.agents.find((a) => a.name === name)!;
      expect(Object.keys(f.params).length).toBeGreaterThan(2);
      for (const [k, spec] of Object.entries(f.params)) {
        expect(spec.description.length).toBeGreaterThan(10);
        // `setup` names a set-up ('own' or the anvil's, anvil.ts); every other parameter is a number.
        if (k === 'setup') expect(spec.values).toEqual(['own', 'anvil']);
        else expect(typeof spec.default).toBe('number');
      }
    }
    expect(system.agents.map((a) => a.name)).toEqual(['random', 'brawler', 'marksman', 'flag-commander', 'greedy', 'anvil']);
    // mcts's rollouts and priors (agents/index.ts says why the marksman and not greedy).
    expect(system.searchPolicy).toBe('marksman');
    expect(legalTexts).toBeTypeOf('function');
    expect(cardIndex).toBeTypeOf('function');
  });
});
