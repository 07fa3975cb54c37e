/** Worked examples EX-01 ... EX-20 of spec §8.1 (seed p6-p12), each a named test. */
import { describe, expect, it } from 'vitest';
import { Tally } from '../../../src/core/tally.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import { rulesData } from '../../../src/systems/panzervor/data/index.ts';
import { NOT_ELIGIBLE, eligibility } from '../../../src/systems/panzervor/rules/fire.ts';
import { newGame } from '../../../src/systems/panzervor/engine.ts';
import { attackHits, destroys, rangeModifier, XR_POSITIVE } from '../../../src/systems/panzervor/rules/rolls.ts';
import type { RulesData } from '../../../src/systems/panzervor/schema.ts';
import { K_ENFORCEMENT } from '../../../src/systems/panzervor/model.ts';

import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import type { PvCompiledGame } from '../../../src/systems/panzervor/index.ts';
import { canChoose, cardIndex, choose, compileDoc, legalTexts, loadBundled, scenarioDoc, scriptedCtx, setup, tankIndex, deciderOf } from './helpers.ts';
import { decisionOf } from '../../../src/systems/panzervor/actions.ts';

const data = stripProvenance<RulesData>(rulesData);

describe('set-up and turn structure (seed p6, p8)', () => {
  it('EX-01: 96 cards in the box; removing the 18 Scenario cards leaves a 78-card deck', () => {
    const regular = Object.values(data.deck.composition).reduce((a, b) => a + b, 0);
    expect(regular).toBe(78);
    expect(data.deck.scenarioCardsInBox).toBe(18);
    expect(regular + data.deck.scenarioCardsInBox).toBe(96);
    const game = loadBundled('fake-battle.yaml');
    expect(game.G.deckInit.length).toBe(78);
    expect(game.G.totalCards).toBe(78);
  });

  it('EX-02: Enforcement cards in a starting hand are set aside, replaced (repeatedly), then shuffled back; none counts as drawn', () => {
    // A zone placement makes newGame stop before the first Draw Phase.
    const doc = scenarioDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0115' }], hands: [5, 0] }) as any;
    delete doc.scenario.sides.A.units[0].hex;
    doc.scenario.sides.A.units[0].zone = { center: '0808', radius: 1 };
    const game = compileScenarioDocument(doc, 'ex02.yaml').compiled as PvCompiledGame;
    const G = game.G;
    const want = ['move', 'fire', 'tread_damage', 'move', 'fire', 'desperate_situation', 'sighted_fire_1'].map((id) => cardIndex(G, id));
    let shuffles = 0;
    const setupRng = {
      shuffle(a: number[]) {
        shuffles++;
        if (shuffles > 1) return;
        const arr = Array.from({ length: a.length }, (_, i) => a[i]);
        for (const k of want) arr.splice(arr.indexOf(k), 1);
        const full = arr.concat(want.slice().reverse()); // top of the deck = last element
        for (let i = 0; i < full.length; i++) a[i] = full[i];
      },
    };
    const ctx = scriptedCtx([], false);
    (ctx as { tally: Tally }).tally = new Tally(game.metrics);
    const s = newGame(G, setupRng, ctx);
    // The 5 dealt: move, fire, TREAD, move, fire -> tread aside, replacement DESPERATE -> aside, replacement sighted fire.
    const hand = s.hand[0];
    expect(hand[cardIndex(G, 'move')]).toBe(2);
    expect(hand[cardIndex(G, 'fire')]).toBeGreaterThanOrEqual(2);
    expect(hand[cardIndex(G, 'sighted_fire_1')]).toBeGreaterThanOrEqual(1);
    for (let k = 0; k < G.nK; k++) if (G.kType[k] === K_ENFORCEMENT) expect(hand[k]).toBe(0);
    expect(shuffles).toBe(2); // the deck was shuffled again with the set-aside cards in it
    expect(decisionOf(s)).toBe('place');
    expect(s.enfDrawn).toBe(0);
    expect(s.handSize[0]).toBe(5);
    // All 6 Enforcement cards are back in the deck.
    let enf = 0;
    for (const k of s.deck) if (G.kType[k] === K_ENFORCEMENT) enf++;
    expect(enf).toBe(6);
    expect(s.deck.length).toBe(78 - 5);
  });

  it('EX-03: when A ends its turn, B\'s Draw Phase starts and only B decides (except Reactions)', () => {
    const game = compileDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0115' }] });
    const { s, ctx } = setup(game, { hands: [{ move: 1 }, { fire: 1 }] });
    choose(game, s, ctx, 'A: pass');
    expect(decisionOf(s)).toBe('event');
    choose(game, s, ctx, 'A: end the Event Phase');
    expect(s.active).toBe(1);
    expect(s.turn).toBe(2);
    expect(s.handSize[1]).toBe(2); // B drew its card
    expect(deciderOf(s)).toBe(1);
    expect(decisionOf(s)).toBe('action');
  });

  it('EX-04: one Action card per turn: after a Move card an Attack card is rejected (no Combat Sense)', () => {
    const game = compileDoc({ a: [{ id: 'X', tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0804' }] });
    const { s, ctx } = setup(game, { hands: [{ move: 1, fire: 1 }, {}] });
    expect(canChoose(game, s, 'play Fire')).toBe(true);
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'X (M4) acts');
    choose(game, s, ctx, 'stop');
    expect(decisionOf(s)).toBe('action');
    expect(legalTexts(game, s)).toEqual(['A: pass (no more Action cards)']);
  });
});

describe('firing (seed p10-p11)', () => {
  it('EX-07: Pz IV Ausf. D (Range 7) cannot attack at 8 hexes, can at 7', () => {
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4d', hex: '0809' }], b: [{ id: 'F', tank: 't34_76', hex: '0801' }, { id: 'S', tank: 't34_76', hex: '1508' }] });
    const { G, s } = setup(game);
    const P = tankIndex(G, 'P');
    expect(G.grid.distance(s.hex[P], s.hex[tankIndex(G, 'F')])).toBe(8);
    expect(eligibility(G, s, P, 0, tankIndex(G, 'F'), 0, false)).toBe(NOT_ELIGIBLE);
    s.hex[tankIndex(G, 'F')] = G.grid.indexOfId('0802');
    expect(G.grid.distance(s.hex[P], s.hex[tankIndex(G, 'F')])).toBe(7);
    expect(eligibility(G, s, P, 0, tankIndex(G, 'F'), 0, false)).toBe(0);
  });

  it('EX-08: at distance 7 with no modifiers a natural 7 hits and a 6 misses', () => {
    expect(attackHits(7, 0, 7, 13, XR_POSITIVE, 0)).toBe(true);
    expect(attackHits(6, 0, 7, 13, XR_POSITIVE, 0)).toBe(false);
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4d', hex: '0809' }], b: [{ id: 'T', tank: 't34_76', hex: '0802', facing: 'S' }] });
    const hit = setup(game, { hands: [{ fire: 1 }, {}], dice: [3, 4, 1, 1] });
    choose(game, hit.s, hit.ctx, 'play Fire');
    choose(game, hit.s, hit.ctx, 'P (PzIV D) acts');
    choose(game, hit.s, hit.ctx, 'fires at T (T34/76)');
    expect(hit.s.aNat[0]).toBe(7);
    expect(hit.s.aDNat[0]).toBe(2); // a hit goes on to the damage roll
    expect(hit.s.missed).toBe(false);
    const miss = setup(game, { hands: [{ fire: 1 }, {}], dice: [3, 3] });
    choose(game, miss.s, miss.ctx, 'play Fire');
    choose(game, miss.s, miss.ctx, 'P (PzIV D) acts');
    choose(game, miss.s, miss.ctx, 'fires at T (T34/76)');
    expect(miss.s.aNat[0]).toBe(6);
    expect(miss.s.aDNat[0]).toBe(-1);
    expect(miss.s.missed).toBe(true);
    expect(decisionOf(miss.s)).toBe('event'); // "If the attack misses, the Action Phase ends"
  });

  it('EX-09: "Moving Shot 2" against a Tiger II (size +1) at 7: net -1, a natural 8 hits, a 7 misses', () => {
    expect(attackHits(8, 1 - 2, 7, 13, XR_POSITIVE, -2)).toBe(true);
    expect(attackHits(7, 1 - 2, 7, 13, XR_POSITIVE, -2)).toBe(false);
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0809' }], b: [{ id: 'T', tank: 'tiger2', hex: '0802', facing: 'S' }] });
    for (const [d1, d2, hits] of [[4, 4, true], [3, 4, false]] as const) {
      const { s, ctx } = setup(game, { hands: [{ moving_shot_2: 1 }, {}], dice: [d1, d2, 1, 1] });
      choose(game, s, ctx, 'play Moving Shot 2');
      choose(game, s, ctx, 'P (PzIV F) acts');
      expect(decisionOf(s)).toBe('move');
      choose(game, s, ctx, 'stop'); // the modifier applies even without moving (seed p10)
      choose(game, s, ctx, 'fires at T (Tiger II)');
      expect(s.aMod[0]).toBe(-1);
      expect(s.aDNat[0] >= 0).toBe(hits);
    }
  });

  it('EX-10: IS-2 at 14 with "Sighted Fire 2": 12 hits, 11 misses, 11 + Nonna\'s +1 hits and Nonna is removed', () => {
    const game = compileDoc({ a: [{ id: 'I', tank: 'is2', hex: '0816', character: { id: 'nonna' } }], b: [{ id: 'T', tank: 'm4', hex: '0802', facing: 'S' }] });
    const G = game.G;
    const nonna = G.cTypeId.indexOf('nonna');
    const run = (dice: number[]) => {
      const r = setup(game, { hands: [{ sighted_fire_2: 1 }, {}], dice });
      choose(game, r.s, r.ctx, 'play Sighted Fire 2');
      choose(game, r.s, r.ctx, 'I (IS-2) acts');
      choose(game, r.s, r.ctx, 'fires at T (M4) (distance 14)');
      return r;
    };
    const twelve = run([6, 6, 1, 1]);
    expect(twelve.s.aDNat[0]).toBe(2); // hit, no ability needed: Nonna is not offered
    expect(twelve.s.chFace[nonna]).toBe(0);
    const eleven = run([6, 5, 1, 1]);
    expect(decisionOf(eleven.s)).toBe('ability'); // the natural 11 misses unless Nonna is used
    expect(legalTexts(game, eleven.s)).toContain('A: Nonna uses an ability on this roll');
    choose(game, eleven.s, eleven.ctx, 'keep the character');
    expect(eleven.s.aDNat[0]).toBe(-1);
    expect(eleven.s.missed).toBe(true);
    const nonnaUsed = run([6, 5, 1, 1]);
    choose(game, nonnaUsed.s, nonnaUsed.ctx, 'Nonna uses an ability');
    expect(nonnaUsed.s.aAttAb[0]).toBe(1);
    expect(nonnaUsed.s.aDNat[0]).toBe(2); // 11 + 2 + 1 = 14 >= 14: hit
    expect(nonnaUsed.s.chFace[nonna]).toBe(2); // one-sided: removed from the map
    expect(nonnaUsed.s.chTank[nonna]).toBe(-1);
  });

  it('EX-11: at 13 hexes a plain attack card misses automatically although 12 + size 1 = 13', () => {
    expect(attackHits(12, 1, 13, 13, XR_POSITIVE, 0)).toBe(false);
    expect(attackHits(12, 1, 12, 13, XR_POSITIVE, 0)).toBe(true);
    // The engine does not offer an attack that must miss; a positive card modifier makes it possible.
    const game = compileDoc({ a: [{ id: 'I', tank: 'is2', hex: '0815' }], b: [{ id: 'T', tank: 'tiger2', hex: '0802' }] });
    const { G, s } = setup(game, { hands: [{ fire: 1, sighted_fire_1: 1 }, {}] });
    const I = tankIndex(G, 'I');
    const T = tankIndex(G, 'T');
    expect(G.grid.distance(s.hex[I], s.hex[T])).toBe(13);
    expect(eligibility(G, s, I, 0, T, 0, false)).toBe(NOT_ELIGIBLE);
    expect(eligibility(G, s, I, 0, T, 1, false)).toBe(0);
    expect(canChoose(game, s, 'play Fire')).toBe(false);
    expect(canChoose(game, s, 'play Sighted Fire 1')).toBe(true);
  });

  it('EX-12: Pz IV D (Firepower 3) hits a T34/76 front (14), damage 10: 13 at 3+ hexes, 15 adjacent, 14 at 2 (derived)', () => {
    const rm = data.rules.damageRangeMods;
    expect(destroys(10, 3, rangeModifier(rm, 3), 14)).toBe(false);
    expect(10 + 3 + rangeModifier(rm, 3)).toBe(13);
    expect(destroys(10, 3, rangeModifier(rm, 1), 14)).toBe(true);
    expect(10 + 3 + rangeModifier(rm, 1)).toBe(15);
    expect(destroys(10, 3, rangeModifier(rm, 2), 14)).toBe(true);
    // Through the engine: adjacent, front arc, damage natural 10 destroys.
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4d', hex: '0808' }, { id: 'P2', tank: 'pz4d', hex: '0115' }], b: [{ id: 'T', tank: 't34_76', hex: '0807', facing: 'S' }, { id: 'U', tank: 't34_76', hex: '1515' }] });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}], dice: [6, 6, 5, 5] });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'P (PzIV D) acts');
    choose(game, s, ctx, 'fires at T (T34/76) (distance 1)');
    expect(s.aArmour[0]).toBe(14);
    expect(s.alive[tankIndex(G, 'T')]).toBe(0);
  });

  it('EX-13: a turreted Pz IV fires at a T34 in its own rear arc; the Pz IV is in the T34\'s side arc: side armour', () => {
    // Pz IV at 0808 facing N; T34 two hexes behind it at 0810 facing SE: the Pz IV is due north of
    // the T34, 120 degrees from its facing (side arc).
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4d', hex: '0808', facing: 'N' }], b: [{ id: 'T', tank: 't34_76', hex: '0810', facing: 'SE' }] });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}], dice: [6, 6, 1, 1] });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'P (PzIV D) acts');
    choose(game, s, ctx, 'fires at T (T34/76)');
    expect(s.aArmour[0]).toBe(G.tArm[3 * tankIndex(G, 'T') + 1]);
    expect(s.aArmour[0]).toBe(11);
  });
});

describe('reactions (seed p12)', () => {
  const duel = (aCards: Record<string, number>, bCards: Record<string, number>, dice: number[] = []) => {
    const game = compileDoc({
      a: [{ id: 'O', tank: 'pz4f2', hex: '0810', facing: 'N' }],
      b: [{ id: 'K', tank: 'tiger1', hex: '0804', facing: 'S' }],
    });
    return { game, ...setup(game, { hands: [aCards, bCards], dice }) };
  };

  it('EX-14: Emergency Braking must be declared before the attack roll; afterwards it cannot be played', () => {
    const { game, s, ctx } = duel({ fire: 1 }, { emergency_braking: 1 }, [6, 6, 1, 1]);
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'O (PzIV F) acts');
    choose(game, s, ctx, 'fires at K (Tiger I)');
    expect(decisionOf(s)).toBe('reaction'); // W2: before the roll
    expect(legalTexts(game, s)).toContain('B: Emergency Braking');
    choose(game, s, ctx, 'B: no Reaction');
    // The attack roll has been made; no window opens for Emergency Braking any more.
    expect(s.aNat[0]).toBe(12);
    expect(decisionOf(s)).not.toBe('reaction');
    expect(s.aDNat[0]).toBe(2);
    expect(s.hand[1][cardIndex(game.G, 'emergency_braking')]).toBe(1);
  });

  it('EX-15: "Commander!" answered by a Quick Shot that misses: the attack proceeds; no further Reaction on this action', () => {
    const { game, s, ctx } = duel({ commander: 1 }, { quick_shot: 1, emergency_braking: 1, poor_line_of_sight: 1, ricochet: 1 });
    choose(game, s, ctx, 'play Commander!');
    choose(game, s, ctx, 'O (PzIV F) acts');
    choose(game, s, ctx, 'forward to 0809');
    choose(game, s, ctx, 'stop');
    expect(decisionOf(s)).toBe('reaction'); // W1: the moved tank may be shot at
    ctx.dice.push(1, 1); // the Quick Shot misses (2 - 1 + 0 < 5)
    choose(game, s, ctx, 'B: Quick Shot by K (Tiger I)');
    expect(s.aNat[1]).toBe(2);
    expect(decisionOf(s)).toBe('target'); // Ooarai continues with its attack
    ctx.dice.push(6, 6, 6, 6);
    choose(game, s, ctx, 'fires at K (Tiger I)');
    // No Emergency Braking / Poor Line of Sight / Ricochet: one Reaction per action.
    expect(s.aNat[0]).toBe(12);
    expect(s.aDNat[0]).toBe(12);
    expect(s.hand[1][cardIndex(game.G, 'emergency_braking')]).toBe(1);
    expect(s.hand[1][cardIndex(game.G, 'ricochet')]).toBe(1);
  });

  it('EX-16 / EX-19: "Moving Shot 2" answered by a Quick Shot: only Eavesdropping may answer it, and it cancels it', () => {
    const { game, s, ctx } = duel({ moving_shot_2: 1, emergency_braking: 1, ricochet: 1, eavesdropping: 1 }, { quick_shot: 1 });
    choose(game, s, ctx, 'play Moving Shot 2');
    choose(game, s, ctx, 'O (PzIV F) acts');
    choose(game, s, ctx, 'forward to 0809');
    choose(game, s, ctx, 'stop');
    choose(game, s, ctx, 'B: Quick Shot by K (Tiger I)');
    expect(decisionOf(s)).toBe('eavesdrop');
    expect(legalTexts(game, s)).toEqual(['A: no Eavesdropping', 'A: Eavesdropping cancels the Reaction']);
    choose(game, s, ctx, 'Eavesdropping cancels');
    expect(s.aNat[1]).toBe(-1); // the Quick Shot never fired
    expect(decisionOf(s)).toBe('target');
  });

  it('EX-17: "Coordinated Move": a Quick Shot targets the tank that has just moved, and only then', () => {
    const game = compileDoc({
      a: [{ id: 'X', tank: 'm4', hex: '0510', facing: 'N' }, { id: 'Y', tank: 'm4', hex: '1110', facing: 'N' }],
      b: [{ id: 'K', tank: 'tiger1', hex: '0804', facing: 'S' }],
    });
    const { G, s, ctx } = setup(game, { hands: [{ coordinated_move: 1 }, { quick_shot: 1 }] });
    choose(game, s, ctx, 'play Coordinated Move');
    choose(game, s, ctx, 'X (M4) acts');
    choose(game, s, ctx, 'forward to 0509');
    choose(game, s, ctx, 'stop');
    expect(decisionOf(s)).toBe('reaction');
    expect(s.mvTank).toBe(tankIndex(G, 'X')); // the Quick Shot would target X
    choose(game, s, ctx, 'B: no Reaction');
    choose(game, s, ctx, 'Y (M4) acts');
    choose(game, s, ctx, 'forward to 1109');
    choose(game, s, ctx, 'stop');
    expect(decisionOf(s)).toBe('reaction');
    expect(s.mvTank).toBe(tankIndex(G, 'Y')); // now only Y may be targeted
    choose(game, s, ctx, 'B: no Reaction');
    expect(decisionOf(s)).toBe('action'); // the card is over: no window for either tank
    expect(s.hand[1][cardIndex(G, 'quick_shot')]).toBe(1);
  });

  it('EX-18: "Ricochet" cannot answer "Sharpshooter" (no attack roll)', () => {
    const { game, s, ctx } = duel({ sharpshooter: 1 }, { ricochet: 1 }, [6, 6]);
    choose(game, s, ctx, 'play Sharpshooter');
    choose(game, s, ctx, 'O (PzIV F) acts');
    choose(game, s, ctx, 'fires at K (Tiger I)');
    expect(s.aNat[0]).toBe(-1); // no attack roll
    expect(s.aDNat[0]).toBe(12); // straight to the damage roll, no window for Ricochet
    expect(s.hand[1][cardIndex(game.G, 'ricochet')]).toBe(1);
  });
});

describe('Enforcement cards (seed p12)', () => {
  it('EX-20: "Desperate Situation!" in the Draw Phase: no movement or attack (nor Combat Sense), Events still allowed', () => {
    const game = compileDoc({ a: [{ id: 'M', tank: 'pz4f2', hex: '0808', character: { id: 'miho' } }], b: [{ tank: 'm4', hex: '0804' }] });
    const { s, ctx } = setup(game, { hands: [{ move: 1, fire: 1, morale_boost: 1 }, {}], deckTop: ['desperate_situation'], draw: true });
    expect(s.desperate).toBe(true);
    expect(s.enfDrawn).toBe(1);
    expect(legalTexts(game, s)).toEqual(['A: pass (no more Action cards)']);
    choose(game, s, ctx, 'A: pass');
    expect(decisionOf(s)).toBe('event');
    const texts = legalTexts(game, s);
    expect(texts).toContain('A: play Morale Boost');
    expect(texts.some((t) => t.includes('Combat Sense'))).toBe(false);
  });
});
