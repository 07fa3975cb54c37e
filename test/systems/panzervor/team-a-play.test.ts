/**
 * Play fixes for the side that moves second in fake-battle (issue 19, Team A): named style
 * parameters of the marksman and the anvil, each off by default, each tested on a position built
 * for it. Measurements: docs/agents.md, Panzer Vor!.
 */
import { describe, expect, it } from 'vitest';
import { checkAgentChoices } from '../../../src/agents/resolve.ts';
import { parseAgentChoice } from '../../../src/core/agent.ts';
import { system } from '../../../src/systems/panzervor/index.ts';
import { decisionOf } from '../../../src/systems/panzervor/actions.ts';
import { PHASE_EVENT } from '../../../src/systems/panzervor/state.ts';
import { agent, choose, compileDoc, legalTexts, setup, step, toPhase } from './helpers.ts';

describe('ricochetFirst: the one Reaction of an action kept for the Ricochet (seed p12)', () => {
  // A Firefly (F10) fires at an adjacent Pz IV F2: any hit kills. The Pz IV's side holds
  // Emergency Braking (W2, attack -2) and Ricochet (W3, cancels a hit); one Reaction per action.
  const game = compileDoc({ a: [{ id: 'F', tank: 'firefly', hex: '0803', facing: 'S' }], b: [{ id: 'P', tank: 'pz4f2', hex: '0804', facing: 'N' }] });
  const attack = (dice: number[]) => {
    const { s, ctx } = setup(game, { hands: [{ fire: 1 }, { emergency_braking: 1, ricochet: 1 }], dice });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'F (Firefly) acts');
    choose(game, s, ctx, 'fires at P');
    expect(decisionOf(s)).toBe('reaction');
    return { s, ctx };
  };

  for (const name of ['marksman', 'anvil']) {
    it(`${name}: by default Emergency Braking at W2, and the hit (natural 10 - 2) kills`, () => {
      const { s, ctx } = attack([5, 5, 3, 3]);
      expect(step(game, s, ctx, agent(name, game, 1))).toContain('Emergency Braking');
      expect(s.alive[1]).toBe(0);
    });

    it(`${name}: with ricochetFirst=1 no Reaction at W2, then Ricochet cancels the hit at W3`, () => {
      const { s, ctx } = attack([5, 5, 3, 3]);
      const a = agent(name, game, 1, { ricochetFirst: 1 });
      expect(step(game, s, ctx, a)).toBe('B: no Reaction');
      expect(decisionOf(s)).toBe('reaction');
      expect(step(game, s, ctx, a)).toContain('Ricochet');
      expect(s.alive[1]).toBe(1);
      // The Ricochet is spent, the Emergency Braking kept.
      expect(s.hand[1][game.G.kId.indexOf('emergency_braking')]).toBe(1);
      expect(s.hand[1][game.G.kId.indexOf('ricochet')]).toBe(0);
    });
  }

  it('without a Ricochet in hand, ricochetFirst=1 still plays Emergency Braking', () => {
    const { s, ctx } = setup(game, { hands: [{ fire: 1 }, { emergency_braking: 1, move: 1 }] });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'F (Firefly) acts');
    choose(game, s, ctx, 'fires at P');
    expect(step(game, s, ctx, agent('anvil', game, 1, { ricochetFirst: 1 }))).toContain('Emergency Braking');
  });
});

describe("quickShotWeight: the opponent's Quick Shot is put off, not avoided, by standing still", () => {
  // A Pz IV F2 six hexes from a Firefly (any hit kills it), a Move card in hand and no shot: the
  // Firefly's side may hold one of the three Quick Shots (W1, seed p12) that A has not seen.
  const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0810', facing: 'S' }], b: [{ id: 'F', tank: 'firefly', hex: '0804', facing: 'N' }], hands: [1, 5] });
  const decide = (params: Record<string, number>, seen: Record<string, number> = {}) => {
    const { s, ctx } = setup(game, { hands: [{ move: 1 }, { fire: 5 }], discard: seen });
    return step(game, s, ctx, agent('anvil', game, 0, params));
  };

  it('by default the likely Quick Shot prices the move out: pass', () => {
    expect(decide({})).toBe('A: pass (no more Action cards)');
  });

  it('with every Quick Shot in the discard pile the same position is worth a move', () => {
    expect(decide({}, { quick_shot: 3 })).toBe('A: play Move');
  });

  it('with quickShotWeight=0.5 the move is played', () => {
    expect(decide({ quickShotWeight: 0.5 })).toBe('A: play Move');
    expect(decide({ quickShotWeight: 0.5 }, { quick_shot: 3 })).toBe('A: play Move');
  });
});

describe('crewEngine: Combat Sense with a Recovery crew to turn it face up again (seed p13)', () => {
  // Miho (Combat Sense) on the Pz IV, Saori (Recovery, then Aide) on the StuG; the turn's Action
  // card played, two Move cards left and no shot: the engine offers Combat Sense.
  const position = (saori: boolean) => {
    const game = compileDoc({
      a: [{ id: 'P', tank: 'pz4f2', hex: '0815', facing: 'N', character: { id: 'miho' } }, { id: 'S', tank: 'stug3f', hex: '0915', facing: 'N', ...(saori ? { character: { id: 'saori' } } : {}) }],
      b: [{ id: 'E', tank: 'm4', hex: '0802', facing: 'S' }],
    });
    const { s, ctx } = setup(game, { hands: [{ move: 2 }, {}] });
    s.actionsPlayed = s.allowance;
    expect(legalTexts(game, s)).toContain('A: Miho Nishizumi uses Combat Sense');
    return { game, s, ctx };
  };

  it('by default Combat Sense is kept for a shot (spec §7.3)', () => {
    const { game, s, ctx } = position(true);
    expect(step(game, s, ctx, agent('anvil', game, 0))).toBe('A: pass (no more Action cards)');
  });

  it('with crewEngine=1 Combat Sense; Saori then turns Miho face up and her Aide draws two cards', () => {
    const { game, s, ctx } = position(true);
    const a = agent('anvil', game, 0, { crewEngine: 1 });
    expect(step(game, s, ctx, a)).toBe('A: Miho Nishizumi uses Combat Sense');
    const log: string[] = [];
    for (let i = 0; i < 12 && s.active === 0; i++) log.push(step(game, s, ctx, a));
    expect(log).toContain('A: Saori Takebe uses Recovery');
    expect(log).toContain('A: Recovery turns Miho Nishizumi face up');
    expect(log).toContain('A: Saori Takebe uses Aide');
  });

  it('with crewEngine=1 but no Recovery crew: Combat Sense kept', () => {
    const { game, s, ctx } = position(false);
    expect(step(game, s, ctx, agent('anvil', game, 0, { crewEngine: 1 }))).toBe('A: pass (no more Action cards)');
  });
});

describe('runClock: with a points lead, draw toward the Forced End (seed p14)', () => {
  // A's Event Phase with five cards, Morale Boost among them: playing it (draw 3) overflows the
  // hand limit, so by default it is kept.
  const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0815', facing: 'N' }], b: [{ id: 'E', tank: 'm4', hex: '0802', facing: 'S' }] });
  const decide = (params: Record<string, number>, lead: number) => {
    const { s, ctx } = setup(game, { hands: [{ morale_boost: 1, fire: 2, move: 2 }, {}] });
    s.pointsKilled[0] = Math.max(0, lead);
    s.pointsKilled[1] = Math.max(0, -lead);
    toPhase(s, PHASE_EVENT);
    expect(legalTexts(game, s)).toContain('A: play Morale Boost');
    return step(game, s, ctx, agent('anvil', game, 0, params));
  };

  it('by default Morale Boost is kept when it would overflow the hand', () => {
    expect(decide({}, 6)).toBe('A: end the Event Phase');
  });

  it('with runClock=1 and the lead it is played; level or behind it is kept', () => {
    expect(decide({ runClock: 1 }, 6)).toBe('A: play Morale Boost');
    expect(decide({ runClock: 1 }, 0)).toBe('A: end the Event Phase');
    expect(decide({ runClock: 1 }, -5)).toBe('A: end the Event Phase');
  });
});

describe("mcts's portfolio (agents/index.ts searchPortfolio)", () => {
  it("plays the four fixes in the anvil's and the marksman's slots, the anvil's placing on the flank; every slot resolves", () => {
    const fixes = 'quickShotWeight=0.5:ricochetFirst=1:runClock=1:crewEngine=1';
    expect(system.searchPortfolio).toEqual([`anvil:flank=1:${fixes}`, 'brawler:setup=anvil', 'flag-commander:setup=anvil', 'greedy:setup=anvil', `marksman:${fixes}`]);
    expect(checkAgentChoices(system, system.searchPortfolio!.map(parseAgentChoice), 'portfolio')).toEqual([]);
  });
});
