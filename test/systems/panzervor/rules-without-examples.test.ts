/** Rules without a worked example in the seed, Smokescreen, scenario cards, turn limit. */
import { describe, expect, it } from 'vitest';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { NOT_ELIGIBLE, eligibility } from '../../../src/systems/panzervor/rules/fire.ts';
import type { PvCompiledGame } from '../../../src/systems/panzervor/index.ts';
import { isOver, END_FLAG, END_TURN_LIMIT } from '../../../src/systems/panzervor/state.ts';
import { canChoose, choose, compileDoc, legalTexts, passTurn, scenarioDoc, setup, tankIndex, type DocSpec, deciderOf } from './helpers.ts';
import { decisionOf } from '../../../src/systems/panzervor/actions.ts';

function withDoc(d: DocSpec, mutate: (doc: any) => void): PvCompiledGame {
  const doc = scenarioDoc(d) as any;
  mutate(doc);
  return compileScenarioDocument(doc, 'more.yaml').compiled as PvCompiledGame;
}

describe('rules without a seed example', () => {
  it('A-27: a flag tank destroyed by a Quick Shot in its own turn ends the match at once', () => {
    const game = compileDoc({
      matchType: 'flag',
      a: [{ id: 'FA', tank: 'pz4f2', hex: '0810', facing: 'N', flag: true }, { id: 'A2', tank: 'm4', hex: '0115' }],
      b: [{ id: 'FB', tank: 'firefly', hex: '0804', facing: 'S', flag: true }],
    });
    const { s, ctx } = setup(game, { hands: [{ commander: 1 }, { quick_shot: 1 }] });
    choose(game, s, ctx, 'play Commander!');
    choose(game, s, ctx, 'FA (PzIV F) acts');
    choose(game, s, ctx, 'forward to 0809');
    choose(game, s, ctx, 'stop');
    expect(decisionOf(s)).toBe('reaction');
    ctx.dice.push(6, 6, 6, 6);
    choose(game, s, ctx, 'Quick Shot by FB');
    expect(decisionOf(s)).toBe('over');
    expect(s.endReason).toBe(END_FLAG);
    expect(game.result(s)).toEqual({ winner: 1, reason: 'victory', detail: 'flag', length: 1 });
  });

  it('A-26: an assault gun turns with a Move card at the normal cost (1 MP in place)', () => {
    const game = compileDoc({ a: [{ id: 'S', tank: 'stug3f', hex: '0808', facing: 'N' }], b: [{ tank: 'm4', hex: '0102' }] });
    const { s, ctx } = setup(game, { hands: [{ move: 1 }, {}] });
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'S (Stg III) acts');
    choose(game, s, ctx, 'turns right 2 hex-sides to SE');
    expect(s.mvMp).toBe(2);
  });

  it('Smokescreen (placeholder card): blocks sight into its hex until its owner\'s next turn', () => {
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0810' }], b: [{ id: 'K', tank: 'm4', hex: '0806', facing: 'S' }], overrides: { 'deck.composition.smokescreen': 1 } });
    const { G, s, ctx } = setup(game, { hands: [{ smokescreen: 1 }, {}] });
    const P = tankIndex(G, 'P');
    const K = tankIndex(G, 'K');
    expect(eligibility(G, s, K, 0, P, 0, false)).toBe(0);
    choose(game, s, ctx, 'play Smokescreen');
    choose(game, s, ctx, 'P (PzIV F) acts');
    expect(s.smokeHex).toEqual([s.hex[P]]);
    passTurn(game, s, ctx);
    expect(s.active).toBe(1);
    expect(eligibility(G, s, K, 0, P, 0, false)).toBe(NOT_ELIGIBLE);
    passTurn(game, s, ctx);
    expect(s.smokeHex).toEqual([]); // gone at the owner's next turn
    expect(eligibility(G, s, K, 0, P, 0, false)).toBe(0);
  });

  it('scenario cards: generic effects, each usable once, outside the hand limit', () => {
    const game = withDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0810', immobile: true }, { id: 'Q', tank: 'm4', hex: '0910' }], b: [{ id: 'K', tank: 'm4', hex: '0102' }] }, (doc) => {
      doc.scenario.sides.A.scenarioCards = [
        { name: 'Orders', effect: 'extraAction' },
        { name: 'Supplies', effect: 'draw', value: 2 },
        { name: 'Field repair', effect: 'repair' },
      ];
    });
    const { G, s, ctx } = setup(game, { hands: [{ move: 2 }, {}] });
    const texts = legalTexts(game, s);
    expect(texts).toContain('A: play scenario card Supplies');
    expect(texts).toContain('A: play scenario card Field repair');
    expect(texts).not.toContain('A: play scenario card Orders'); // the allowance is not used up yet
    choose(game, s, ctx, 'scenario card Field repair');
    expect(s.immobile[tankIndex(G, 'P')]).toBe(0);
    choose(game, s, ctx, 'scenario card Supplies');
    expect(s.handSize[0]).toBe(4);
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'P (PzIV F) acts');
    choose(game, s, ctx, 'stop');
    choose(game, s, ctx, 'scenario card Orders');
    expect(s.allowance).toBe(2);
    expect(canChoose(game, s, 'play Move')).toBe(true);
    expect(s.scenarioCards[0]).toEqual([]);
    expect(decisionOf(s)).toBe('action');
  });

  it('a scenario turn limit ends the match with no winner', () => {
    const game = withDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0102' }], options: { stagnation: false } }, (doc) => (doc.scenario.maxTurns = 3));
    const { s, ctx } = setup(game, {});
    let guard = 0;
    while (!isOver(s) && guard++ < 20) passTurn(game, s, ctx);
    expect(s.endReason).toBe(END_TURN_LIMIT);
    expect(game.result(s)).toEqual({ winner: -1, reason: 'turn-limit', detail: '3 turns', length: 3 });
  });
});

describe('defensive abilities, ability order, deck exhaustion, simplified armour', () => {
  const defDoc = (options: Record<string, unknown> = {}) =>
    compileDoc({
      a: [{ id: 'P', tank: 'pz4f2', hex: '0808', character: { id: 'hana' } }],
      b: [{ id: 'T', tank: 'm4', hex: '0802', facing: 'S', character: { id: 'shy' } }],
      options,
      overrides: { 'characters.shy': { name: 'Shy', school: 'X', front: [{ kind: 'defAttack', value: -2 }], back: [{ kind: 'defDamage', value: -3 }] } },
    });

  it('a defensive attack ability turns a hit into a miss after the roll (attacker first, then defender: A-02)', () => {
    const game = defDoc();
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}], dice: [3, 3] });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'P (PzIV F) acts');
    choose(game, s, ctx, 'fires at T');
    // Natural 6 at distance 6 hits; Hana is not needed, so the defender decides: Shy's -2 makes it miss.
    expect(deciderOf(s)).toBe(1);
    choose(game, s, ctx, 'Shy uses an ability');
    expect(s.aDefAb[0]).toBe(-2);
    expect(s.missed).toBe(true);
    expect(s.chFace[G.cTypeId.indexOf('shy')]).toBe(1);
  });

  it('attacker first: the attacker cannot answer the defender\'s ability on the same roll; defender first: it can', () => {
    // Natural 5 at distance 6: Hana (+2) makes it hit; then Shy (-2) makes it miss again.
    const first = defDoc();
    const a = setup(first, { hands: [{ fire: 1 }, {}], dice: [2, 3] });
    choose(first, a.s, a.ctx, 'play Fire');
    choose(first, a.s, a.ctx, 'P (PzIV F) acts');
    choose(first, a.s, a.ctx, 'fires at T');
    choose(first, a.s, a.ctx, 'Hana Isuzu uses an ability');
    choose(first, a.s, a.ctx, 'Shy uses an ability');
    expect(a.s.missed).toBe(true);
    const second = defDoc({ abilityOrder: 'defenderFirst' });
    const b = setup(second, { hands: [{ fire: 1 }, {}], dice: [2, 3] });
    choose(second, b.s, b.ctx, 'play Fire');
    choose(second, b.s, b.ctx, 'P (PzIV F) acts');
    choose(second, b.s, b.ctx, 'fires at T');
    // The roll misses already: the defender has nothing to do and the attacker decides.
    expect(deciderOf(b.s)).toBe(0);
    choose(second, b.s, b.ctx, 'Hana Isuzu uses an ability');
    expect(b.s.aNat[0] + b.s.aMod[0] + b.s.aAttAb[0]).toBe(7);
  });

  it('a defensive damage ability saves the tank after a killing damage roll', () => {
    const game = defDoc();
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}], dice: [6, 6, 4, 4] });
    s.chFace[G.cTypeId.indexOf('shy')] = 1; // Shy's back side: defensive damage -3
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'P (PzIV F) acts');
    choose(game, s, ctx, 'fires at T');
    // 8 + 7 = 15 against the M4's front 14: destroyed, unless Shy takes 3 off.
    expect(s.aDNat[0]).toBe(8);
    choose(game, s, ctx, 'Shy uses an ability');
    expect(s.alive[tankIndex(G, 'T')]).toBe(1);
  });

  it('an empty deck is refilled from the discard pile (A-16), or the draw is skipped', () => {
    for (const mode of ['reshuffleDiscards', 'skipDraw'] as const) {
      const game = compileDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0102' }], options: { onDeckEmpty: mode } });
      const { G, s, ctx } = setup(game, {});
      // Everything but three cards goes to the discard pile; the deck runs dry.
      const moved = s.deck.splice(0, s.deck.length - 1);
      for (const k of moved) s.discard[k]++;
      passTurn(game, s, ctx); // B draws the last card
      passTurn(game, s, ctx); // A draws from an empty deck
      const held = s.handSize[0] + s.handSize[1];
      expect(game.checkInvariants!(s)).toEqual([]);
      if (mode === 'skipDraw') expect(held).toBe(1);
      else {
        expect(held).toBe(2);
        expect(s.deck.length).toBeGreaterThan(60);
      }
      void G;
    }
  });

  it('simplified armour uses the side armour from every direction', () => {
    const game = compileDoc({ a: [{ id: 'F', tank: 'firefly', hex: '0805' }], b: [{ id: 'T', tank: 't34_76', hex: '0808', facing: 'N' }], options: { simplifiedArmour: true } });
    const { s, ctx } = setup(game, { hands: [{ fire: 1 }, {}], dice: [6, 6, 1, 1] });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'F (Firefly) acts');
    choose(game, s, ctx, 'fires at T');
    expect(s.aArmour[0]).toBe(11); // side, although the Firefly is in the T34's front arc
  });
});
