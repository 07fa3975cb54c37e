/** Worked examples EX-21 ... EX-39 of spec §8.1 (seed p8-p14, FAQ), each a named test. */
import { describe, expect, it } from 'vitest';
import { NOT_ELIGIBLE, eligibility } from '../../../src/systems/panzervor/rules/fire.ts';
import { turretDir } from '../../../src/systems/panzervor/rules/board.ts';
import { isOver, END_ELIMINATION, END_POINTS, FACE_BACK, FACE_FRONT, FACE_REMOVED, PHASE_ACTION, PHASE_EVENT, STAG } from '../../../src/systems/panzervor/state.ts';
import { canChoose, cardIndex, choose, compileDoc, legalTexts, passTurn, setup, tankIndex, toPhase } from './helpers.ts';
import { decisionOf } from '../../../src/systems/panzervor/actions.ts';

describe('Enforcement cards and events (seed p8, p12)', () => {
  it('EX-21: "Tread Damage" with 4 tanks on the map and dice 5, 6, 3: tank #3 (two re-rolls) becomes Immobile', () => {
    const game = compileDoc({
      a: [{ id: 'T1', tank: 'm4', hex: '0808' }, { id: 'T2', tank: 'm4', hex: '0908' }, { id: 'T3', tank: 'm4', hex: '1008' }, { id: 'T4', tank: 'm4', hex: '1108' }],
      b: [{ tank: 'm4', hex: '0102' }],
    });
    const { G, s, ctx } = setup(game, { deckTop: ['tread_damage'], dice: [5, 6, 3], draw: true });
    expect(ctx.dice.used).toBe(3);
    expect(s.immobile.slice(0, 4)).toEqual([0, 0, 1, 0]);
    expect(s.immobile[tankIndex(G, 'T3')]).toBe(1);
    // An Immobile tank may not use a Move card.
    choose(game, s, ctx, 'A: pass');
    toPhase(s, PHASE_ACTION);
    s.hand[0][cardIndex(G, 'move')]++;
    s.handSize[0]++;
    s.deck.splice(s.deck.lastIndexOf(cardIndex(G, 'move')), 1);
    choose(game, s, ctx, 'play Move');
    expect(canChoose(game, s, 'T3 (M4) acts')).toBe(false);
    expect(canChoose(game, s, 'T1 (M4) acts')).toBe(true);
  });

  it('EX-23: "Morale Boost" drawing Move, Tread Damage, Fire: Move and Fire join the hand, Tread Damage is discarded without effect and not replaced, but counts', () => {
    const game = compileDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0102' }] });
    const { G, s, ctx } = setup(game, { hands: [{ morale_boost: 1 }, {}], deckTop: ['move', 'tread_damage', 'fire'] });
    choose(game, s, ctx, 'A: pass');
    const before = s.handSize[0];
    choose(game, s, ctx, 'play Morale Boost');
    expect(s.handSize[0] - before).toBe(-1 + 2);
    expect(s.hand[0][cardIndex(G, 'move')]).toBe(1);
    expect(s.hand[0][cardIndex(G, 'fire')]).toBe(1);
    expect(s.enfDrawn).toBe(1);
    expect(s.enfPile[cardIndex(G, 'tread_damage')]).toBe(1);
    expect(s.immobile[0]).toBe(0); // no effect outside the Draw Phase
    expect(decisionOf(s)).toBe('event');
  });

  it('EX-24: "Maintenance" cannot take an Enforcement card from the discard pile', () => {
    const game = compileDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0102' }] });
    const { G, s, ctx } = setup(game, { hands: [{ maintenance_repair: 1 }, {}], discard: { fire: 1 } });
    // Put an Enforcement card in the discard pile (it never goes there in play: it has its own pile).
    const td = cardIndex(G, 'tread_damage');
    s.deck.splice(s.deck.indexOf(td), 1);
    s.discard[td]++;
    choose(game, s, ctx, 'A: pass');
    choose(game, s, ctx, 'play Maintenance/Repair');
    expect(decisionOf(s)).toBe('maintenance');
    expect(legalTexts(game, s)).toEqual(['A: Maintenance, take Fire from the discard pile']);
    choose(game, s, ctx, 'take Fire');
    expect(s.hand[0][cardIndex(G, 'fire')]).toBe(1);
  });

  it('EX-25: "Recovery": a removed two-sided character comes back face down on a chosen tank; a face-down one turns face up', () => {
    const game = compileDoc({
      a: [{ id: 'P', tank: 'pz4f2', hex: '0808', character: { id: 'hana' } }, { id: 'Q', tank: 'm4', hex: '0908' }, { id: 'R', tank: 'm4', hex: '1008', character: { id: 'yukari' } }],
      b: [{ tank: 'm4', hex: '0102' }],
    });
    const { G, s, ctx } = setup(game, { hands: [{ recovery: 2 }, {}] });
    const hana = G.cTypeId.indexOf('hana');
    const yukari = G.cTypeId.indexOf('yukari');
    s.chFace[hana] = FACE_REMOVED;
    s.chTank[hana] = -1;
    s.chFace[yukari] = FACE_BACK;
    choose(game, s, ctx, 'A: pass');
    choose(game, s, ctx, 'play Recovery');
    expect(decisionOf(s)).toBe('recovery');
    const texts = legalTexts(game, s);
    // Hana may go on a tank without a character: P or Q, not R; Yukari can be turned face up.
    expect(texts).toContain('A: Recovery places Hana Isuzu on P (PzIV F)');
    expect(texts).toContain('A: Recovery places Hana Isuzu on Q (M4)');
    expect(texts).not.toContain('A: Recovery places Hana Isuzu on R (M4)');
    expect(texts).toContain('A: Recovery turns Yukari Akiyama face up');
    choose(game, s, ctx, 'places Hana Isuzu on Q');
    expect(s.chTank[hana]).toBe(tankIndex(G, 'Q'));
    expect(s.chFace[hana]).toBe(FACE_BACK); // two-sided: face down
    // Next turn, the other Recovery turns Yukari face up.
    s.eventsPlayed = 0;
    toPhase(s, PHASE_EVENT);
    choose(game, s, ctx, 'play Recovery');
    choose(game, s, ctx, 'turns Yukari Akiyama face up');
    expect(s.chFace[yukari]).toBe(FACE_FRONT);
  });

  it('EX-26: End Phase with 7 cards: discard exactly 2 of the player\'s choice', () => {
    const game = compileDoc({ a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0102' }] });
    const { G, s, ctx } = setup(game, { hands: [{ move: 3, fire: 2, ricochet: 2 }, {}] });
    choose(game, s, ctx, 'A: pass');
    choose(game, s, ctx, 'A: end the Event Phase');
    expect(decisionOf(s)).toBe('discard');
    expect(legalTexts(game, s)).toEqual(['A: discard Move', 'A: discard Fire', 'A: discard Ricochet']);
    choose(game, s, ctx, 'discard Ricochet');
    expect(decisionOf(s)).toBe('discard');
    choose(game, s, ctx, 'discard Ricochet');
    expect(s.handSize[0]).toBe(5);
    expect(s.hand[0][cardIndex(G, 'ricochet')]).toBe(0);
    expect(s.active).toBe(1); // the turn is over
  });
});

describe('characters (seed p13, FAQ)', () => {
  it('EX-22: Hana\'s +2 declared after seeing a natural 5 at distance 6: 7 hits; she turns face down; a second use removes her', () => {
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0808', character: { id: 'hana' } }], b: [{ id: 'T', tank: 't34_76', hex: '0802', facing: 'S' }] });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 2 }, {}], dice: [2, 3, 1, 1] });
    const hana = G.cTypeId.indexOf('hana');
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'P (PzIV F) acts');
    choose(game, s, ctx, 'fires at T (T34/76) (distance 6)');
    expect(s.aNat[0]).toBe(5);
    expect(decisionOf(s)).toBe('ability');
    choose(game, s, ctx, 'Hana Isuzu uses an ability');
    expect(s.aNat[0] + s.aMod[0] + s.aAttAb[0]).toBe(7);
    expect(s.aDNat[0]).toBe(2);
    expect(s.chFace[hana]).toBe(FACE_BACK);
    // Her back side (+1): a natural 5 needs only +1 at distance 6.
    s.actionsPlayed = 0;
    toPhase(s, PHASE_ACTION);
    ctx.dice.push(2, 3, 1, 1);
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'P (PzIV F) acts');
    choose(game, s, ctx, 'fires at T (T34/76)');
    choose(game, s, ctx, 'Hana Isuzu uses an ability');
    expect(s.chFace[hana]).toBe(FACE_REMOVED);
    expect(s.chTank[hana]).toBe(-1);
  });

  it('EX-31: Duck Team: front movement +2 on a "Firing Advance" move, then back attack +1 on its attack roll; then removed', () => {
    const game = compileDoc({ a: [{ id: 'D', tank: 'type89', hex: '0812', character: { id: 'duck' } }], b: [{ id: 'T', tank: 'm4', hex: '0802', facing: 'S' }] });
    const { G, s, ctx } = setup(game, { hands: [{ firing_advance: 1 }, {}] });
    const duck = G.cTypeId.indexOf('duck');
    choose(game, s, ctx, 'play Firing Advance');
    choose(game, s, ctx, 'D (89) acts');
    choose(game, s, ctx, 'Duck Team adds a movement bonus');
    expect(s.mvMp).toBe(5);
    expect(s.chFace[duck]).toBe(FACE_BACK);
    for (const h of ['0811', '0810', '0809', '0808', '0807']) choose(game, s, ctx, `forward to ${h}`);
    choose(game, s, ctx, 'stop');
    expect(decisionOf(s)).toBe('target');
    // distance 5, size 0, card -1: a natural 5 misses (4 < 5); the back side's +1 makes 5.
    ctx.dice.push(2, 3, 1, 1);
    choose(game, s, ctx, 'fires at T (M4) (distance 5)');
    expect(decisionOf(s)).toBe('ability');
    choose(game, s, ctx, 'Duck Team uses an ability');
    expect(s.aDNat[0]).toBe(2);
    expect(s.chFace[duck]).toBe(FACE_REMOVED);
  });

  it('EX-32: Yukari\'s front +2 and back +1 never go on the same damage roll (one ability per roll)', () => {
    // M4 (F6) against a Pz IV F2 front (10) at 3: natural 2 -> 8, +2 -> 10 destroys (offered);
    // after that use no second ability on the roll. A roll needing +3 gets no offer at all.
    const game = compileDoc({ a: [{ id: 'M', tank: 'm4', hex: '0808', character: { id: 'yukari' } }], b: [{ id: 'P', tank: 'pz4f2', hex: '0805', facing: 'S' }, { id: 'Q', tank: 'pz4f2', hex: '1505', facing: 'S' }] });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}], dice: [6, 6, 1, 1] });
    const yukari = G.cTypeId.indexOf('yukari');
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'M (M4) acts');
    choose(game, s, ctx, 'fires at P (PzIV F)');
    expect(s.aDNat[0]).toBe(2);
    expect(decisionOf(s)).toBe('ability');
    choose(game, s, ctx, 'Yukari Akiyama uses an ability');
    expect(s.aAttDAb[0]).toBe(2);
    expect(s.chFace[yukari]).toBe(FACE_BACK);
    expect(decisionOf(s)).not.toBe('ability'); // no second use on this roll
    expect(s.alive[tankIndex(G, 'P')]).toBe(0);

    const armour = compileDoc({ a: [{ id: 'M', tank: 'm4', hex: '0808', character: { id: 'yukari' } }], b: [{ id: 'P', tank: 'pz4f2', hex: '0805', facing: 'S' }, { id: 'Q', tank: 'pz4f2', hex: '1505' }], overrides: { 'tanks.pz4f2.armour.front': 11 } });
    const r = setup(armour, { hands: [{ fire: 1 }, {}], dice: [6, 6, 1, 1] });
    choose(armour, r.s, r.ctx, 'play Fire');
    choose(armour, r.s, r.ctx, 'M (M4) acts');
    choose(armour, r.s, r.ctx, 'fires at P (PzIV F)');
    // 2 + 6 = 8 needs +3 against 11: +2 alone is not enough and +2 +1 is not allowed.
    expect(decisionOf(r.s)).not.toBe('ability');
    expect(r.s.alive[tankIndex(armour.G, 'P')]).toBe(1);
    expect(r.s.chFace[armour.G.cTypeId.indexOf('yukari')]).toBe(FACE_FRONT);
  });

  it('EX-33: two characters with Combat Sense: still only one Combat Sense per turn', () => {
    const game = compileDoc({ a: [{ id: 'M', tank: 'pz4f2', hex: '0808', character: { id: 'miho' } }, { id: 'K', tank: 'm4', hex: '0908', character: { id: 'maho' } }], b: [{ tank: 'm4', hex: '0102' }] });
    const { s, ctx } = setup(game, { hands: [{ move: 3 }, {}] });
    expect(canChoose(game, s, 'Combat Sense')).toBe(false); // not before the first card (nothing to gain)
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'M (PzIV F) acts');
    choose(game, s, ctx, 'stop');
    const texts = legalTexts(game, s);
    expect(texts).toContain('A: Miho Nishizumi uses Combat Sense');
    expect(texts).toContain('A: Maho Nishizumi uses Combat Sense');
    choose(game, s, ctx, 'Maho Nishizumi uses Combat Sense');
    expect(s.allowance).toBe(2);
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'K (M4) acts');
    choose(game, s, ctx, 'stop');
    expect(s.actionsPlayed).toBe(2);
    expect(legalTexts(game, s)).toEqual(['A: pass (no more Action cards)']);
  });
});

describe('optional rules (seed p13)', () => {
  it('EX-27: Wreckage: entering a clear hex holding a wreck costs 2 MP', () => {
    const game = compileDoc({ a: [{ id: 'T', tank: 'tiger1', hex: '0808' }, { id: 'W', tank: 'm4', hex: '0807' }], b: [{ tank: 'm4', hex: '0102' }], options: { wreckage: true } });
    const { G, s, ctx } = setup(game, { hands: [{ move: 1 }, {}] });
    const W = tankIndex(G, 'W');
    s.alive[W] = 0;
    s.wreck[W] = 1; // a wreck lies in 0807
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'T (Tiger I) acts');
    choose(game, s, ctx, 'forward to 0807');
    expect(s.mvMp).toBe(1);
    expect(s.hex[tankIndex(G, 'T')]).toBe(s.hex[W]); // tank and wreck share the hex
    expect(canChoose(game, s, 'stop')).toBe(true);
    expect(game.checkInvariants!(s)).toEqual([]);
  });

  it('EX-28: Wreckage: a line through two wreck hexes is -1 once; the target\'s own wreck hex does not count', () => {
    const game = compileDoc({
      a: [{ id: 'F', tank: 'pz4f2', hex: '0505' }, { id: 'W1', tank: 'm4', hex: '0605' }, { id: 'W2', tank: 'm4', hex: '0805' }],
      b: [{ id: 'T', tank: 'm4', hex: '1006', facing: 'S' }, { id: 'W3', tank: 'm4', hex: '0101' }],
      options: { wreckage: true },
    });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}], dice: [6, 6, 1, 1] });
    for (const w of ['W1', 'W2', 'W3']) {
      s.alive[tankIndex(G, w)] = 0;
      s.wreck[tankIndex(G, w)] = 1;
    }
    s.hex[tankIndex(G, 'W3')] = s.hex[tankIndex(G, 'T')]; // a wreck in the target's hex
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'F (PzIV F) acts');
    choose(game, s, ctx, 'fires at T (M4)');
    expect(s.aMod[0]).toBe(0 /* size */ + 0 /* card */ - 1 /* wrecks, once */);
    // Without the wrecks on the line, no modifier even though the target stands in a wreck hex.
    const r = setup(game, { hands: [{ fire: 1 }, {}], dice: [6, 6, 1, 1] });
    r.s.alive[tankIndex(G, 'W3')] = 0;
    r.s.wreck[tankIndex(G, 'W3')] = 1;
    r.s.hex[tankIndex(G, 'W3')] = r.s.hex[tankIndex(G, 'T')];
    choose(game, r.s, r.ctx, 'play Fire');
    choose(game, r.s, r.ctx, 'F (PzIV F) acts');
    choose(game, r.s, r.ctx, 'fires at T (M4)');
    expect(r.s.aMod[0]).toBe(0);
  });

  it('EX-29: Turret Rotation: rotate 60 degrees to a target upper right (-2); next turn no penalty; back to straight ahead (-2)', () => {
    // Pz IV at 0810 facing N; target R at 1008 (bearing -60: two hexes NE); target S straight ahead at 0806.
    const game = compileDoc({
      a: [{ id: 'P', tank: 'pz4f2', hex: '0810', facing: 'N' }],
      b: [{ id: 'R', tank: 'churchill', hex: '1008', facing: 'S' }, { id: 'S', tank: 'churchill', hex: '0806', facing: 'S' }],
      options: { turretRotation: true },
      overrides: { 'tanks.churchill.armour.front': 30, 'tanks.churchill.armour.side': 30, 'tanks.churchill.armour.rear': 30 },
    });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 3 }, {}], dice: [6, 6, 1, 1] });
    const P = tankIndex(G, 'P');
    const fireAt = (label: string) => {
      choose(game, s, ctx, 'play Fire');
      choose(game, s, ctx, 'P (PzIV F) acts');
      choose(game, s, ctx, `fires at ${label}`);
    };
    fireAt('R (Churchill)');
    expect(s.turret[P]).toBe(1); // one hex-side clockwise
    expect(turretDir(G, s, P)).toBe(1);
    expect(s.aMod[0]).toBe(1 /* size */ - 2 /* turret */);
    passTurn(game, s, ctx);
    passTurn(game, s, ctx);
    ctx.dice.push(6, 6, 1, 1);
    fireAt('R (Churchill)');
    expect(s.turret[P]).toBe(1);
    expect(s.aMod[0]).toBe(1);
    passTurn(game, s, ctx);
    passTurn(game, s, ctx);
    ctx.dice.push(6, 6, 1, 1);
    fireAt('S (Churchill)');
    expect(s.turret[P]).toBe(0); // back to forward: the marker may be removed
    expect(s.aMod[0]).toBe(1 - 2);
  });

  it('EX-30: Turret Rotation 2 with "Firing Advance": at most 2 hex-sides in the whole turn', () => {
    const game = compileDoc({
      a: [{ id: 'P', tank: 'pz4f2', hex: '0810', facing: 'N' }],
      b: [{ id: 'S', tank: 'm4', hex: '0806', facing: 'S' }],
      options: { turretRotation: true },
    });
    const twice = setup(game, { hands: [{ firing_advance: 1 }, {}] });
    const { G, s, ctx } = twice;
    choose(game, s, ctx, 'play Firing Advance');
    choose(game, s, ctx, 'P (PzIV F) acts');
    choose(game, s, ctx, 'stop');
    expect(decisionOf(s)).toBe('turret');
    choose(game, s, ctx, 'turret of P (PzIV F) to offset 2'); // uses both hex-sides
    expect(s.rotUsed[tankIndex(G, 'P')]).toBe(2);
    // The target straight ahead would need two more hex-sides: not eligible, no attack possible.
    expect(eligibility(G, s, tankIndex(G, 'P'), 0, tankIndex(G, 'S'), -1, false)).toBe(NOT_ELIGIBLE);
    expect(decisionOf(s)).toBe('action');

    const once = setup(game, { hands: [{ firing_advance: 1 }, {}], dice: [6, 6, 1, 1] });
    choose(game, once.s, once.ctx, 'play Firing Advance');
    choose(game, once.s, once.ctx, 'P (PzIV F) acts');
    choose(game, once.s, once.ctx, 'stop');
    choose(game, once.s, once.ctx, 'turret of P (PzIV F) to offset 1');
    expect(decisionOf(once.s)).toBe('target');
    choose(game, once.s, once.ctx, 'fires at S (M4)'); // rotates back one more: 2 in total
    expect(once.s.rotUsed[tankIndex(G, 'P')]).toBe(2);
    expect(once.s.aMod[0]).toBe(0 - 1 /* card */ - 2 /* turret */);
  });

  it('EX-34: Cutting Through: passing an occupied clear hex costs 2 MP and the tank may not stop there', () => {
    const game = compileDoc({ a: [{ id: 'T', tank: 'tiger1', hex: '0808' }, { id: 'F', tank: 'm4', hex: '0807' }], b: [{ tank: 'm4', hex: '0102' }], options: { cuttingThrough: true } });
    const { G, s, ctx } = setup(game, { hands: [{ move: 1 }, {}] });
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'T (Tiger I) acts');
    choose(game, s, ctx, 'forward to 0807');
    expect(s.mvMp).toBe(1);
    expect(canChoose(game, s, 'stop')).toBe(false);
    expect(game.checkInvariants!(s)).toEqual([]);
    choose(game, s, ctx, 'forward to 0806');
    expect(s.hex[tankIndex(G, 'T')]).toBe(G.grid.indexOfId('0806'));
    // With too few MP to leave the occupied hex, it may not be entered at all.
    const slow = compileDoc({ a: [{ id: 'T', tank: 'charb1', hex: '0808' }, { id: 'F', tank: 'm4', hex: '0807' }], b: [{ tank: 'm4', hex: '0102' }], options: { cuttingThrough: true } });
    const r = setup(slow, { hands: [{ move: 1 }, {}] });
    choose(slow, r.s, r.ctx, 'play Move');
    choose(slow, r.s, r.ctx, 'T (B1) acts');
    expect(r.s.mvMp).toBe(2);
    expect(canChoose(slow, r.s, 'forward to 0807')).toBe(false);
  });
});

describe('stagnant match and guns (seed p11, p14)', () => {
  it('EX-35: Enforcement draws 3, 9, 14 (Morale Boost) and 20 (Draw Phase): the 4th is resolved, shuffled into the deck, and ends the match when drawn again', () => {
    // A high hand limit keeps End Phase discards out of the picture.
    const game = compileDoc({ a: [{ id: 'A1', tank: 'm4', hex: '0808' }], b: [{ id: 'B1', tank: 'm4', hex: '0102' }], overrides: { 'rules.handLimit': 30 } });
    const kinds = ['move', 'fire', 'full_speed_ahead', 'sighted_fire_1', 'move_or_fire'];
    let next = 0;
    const harmless = (n: number) => Array.from({ length: n }, () => kinds[next++ % kinds.length]);
    // Draw k happens in turn k (one per Draw Phase) except draws 12-14, made by a Morale Boost in turn 11.
    const top = [...harmless(2), 'desperate_situation', ...harmless(5), 'tread_damage', ...harmless(4), 'desperate_situation', ...harmless(5), 'tread_damage'];
    const { G, s, ctx } = setup(game, { hands: [{ morale_boost: 1 }, {}], deckTop: top, draw: true, dice: [] });
    s.pointsKilled = [4, 0];
    const drawsSoFar = () => 78 - s.deck.length - 1; // one card (Morale Boost) was in hand from the start
    while (s.turn < 11) passTurn(game, s, ctx);
    expect(s.turn).toBe(11);
    expect(s.enfDrawn).toBe(2); // draws 3 and 9
    expect(drawsSoFar()).toBe(11);
    expect(s.active).toBe(0);
    choose(game, s, ctx, 'A: pass');
    choose(game, s, ctx, 'play Morale Boost');
    expect(s.enfDrawn).toBe(3); // draw 14
    expect(drawsSoFar()).toBe(14);
    while (s.turn < 17) passTurn(game, s, ctx);
    expect(drawsSoFar()).toBe(20 - 1); // 20 drawn, the 4th Enforcement card returned to the deck
    expect(s.enfDrawn).toBe(4);
    expect(s.stagArmed).toBe(true);
    // Its effect was applied (Tread Damage: the drawing side's only tank is Immobile) ...
    expect(s.immobile[tankIndex(G, s.active === 0 ? 'A1' : 'B1')]).toBe(1);
    // ... and the card went back into the deck (shuffled), not to the Enforcement pile.
    const marked = s.deck.filter((c) => c >= STAG);
    expect(marked).toEqual([cardIndex(G, 'tread_damage') + STAG]);
    expect(s.enfPile[cardIndex(G, 'tread_damage')]).toBe(1);
    const discardBefore = s.discard.reduce((a, b) => a + b, 0);
    expect(discardBefore).toBe(1); // the Morale Boost: discards were not shuffled in
    // Play on until the marked card is drawn: the match ends at once on points (4 to 0).
    const pos = s.deck.length - 1 - s.deck.lastIndexOf(marked[0]);
    let guard = 0;
    while (!isOver(s) && guard++ < 200) passTurn(game, s, ctx);
    expect(decisionOf(s)).toBe('over');
    expect(s.endReason).toBe(END_POINTS);
    expect(s.winner).toBe(0);
    expect(drawsSoFar()).toBe(19 + pos + 1); // ended exactly when the marked card came up
    const r = game.result(s)!;
    expect(r.reason).toBe('forced-end');
    expect(r.detail).toBe('points');
  });

  it('EX-35 (equal points): a Forced End with equal totals is a draw', () => {
    const game = compileDoc({ a: [{ id: 'A1', tank: 'm4', hex: '0808' }], b: [{ id: 'B1', tank: 'm4', hex: '0102' }], options: { stagnationThreshold: 1 } });
    const { s, ctx } = setup(game, { deckTop: ['desperate_situation'], draw: true });
    expect(s.stagArmed).toBe(true);
    s.pointsKilled = [3, 3];
    let guard = 0;
    while (!isOver(s) && guard++ < 200) passTurn(game, s, ctx);
    expect(s.endReason).toBe(END_POINTS);
    expect(game.result(s)!.winner).toBe(-1);
  });

  it('EX-36: an M3 Lee firing without declaring a gun uses the secondary gun; both guns are offered by name', () => {
    const game = compileDoc({ a: [{ id: 'L', tank: 'm3lee', hex: '0808', facing: 'N' }], b: [{ id: 'T', tank: 'm4', hex: '0804', facing: 'S' }] });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}] });
    const L = tankIndex(G, 'L');
    expect(G.gRole[2 * L]).toBe('main');
    expect(G.gRole[2 * L + 1]).toBe('secondary');
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'L (M3) acts');
    const texts = legalTexts(game, s);
    expect(texts).toContain('A: L (M3) fires at T (M4) with its main gun (distance 4)');
    expect(texts).toContain('A: L (M3) fires at T (M4) with its secondary gun (distance 4)');
    // The undeclared default is the secondary gun: it is listed first.
    expect(texts[0]).toContain('secondary');
    ctx.dice.push(6, 6, 1, 1);
    choose(game, s, ctx, 'with its secondary gun');
    expect(s.aGun[0]).toBe(1);
  });

  it('EX-37: StuG III (fixed gun) facing N at 0808 cannot fire at 0909 (bearing -120) until a Move card turns it to SE', () => {
    const game = compileDoc({ a: [{ id: 'S', tank: 'stug3f', hex: '0808', facing: 'N' }], b: [{ id: 'T', tank: 'm4', hex: '0909', facing: 'S' }] });
    const { G, s, ctx } = setup(game, { hands: [{ move: 1, fire: 1 }, {}] });
    const S = tankIndex(G, 'S');
    const T = tankIndex(G, 'T');
    expect(eligibility(G, s, S, 0, T, 0, false)).toBe(NOT_ELIGIBLE);
    expect(canChoose(game, s, 'play Fire')).toBe(false);
    choose(game, s, ctx, 'play Move');
    choose(game, s, ctx, 'S (Stg III) acts');
    choose(game, s, ctx, 'turns right 2 hex-sides to SE');
    choose(game, s, ctx, 'stop');
    expect(eligibility(G, s, S, 0, T, 0, false)).toBe(0);
  });

  it('EX-38: the last enemy tank destroyed in the middle of a "Volley Fire" ends the match at once', () => {
    const game = compileDoc({
      a: [{ id: 'F1', tank: 'firefly', hex: '0808' }, { id: 'F2', tank: 'firefly', hex: '0908' }, { id: 'F3', tank: 'firefly', hex: '1008' }],
      b: [{ id: 'T', tank: 'm4', hex: '0904', facing: 'N' }],
    });
    const { G, s, ctx } = setup(game, { hands: [{ volley_fire: 1 }, {}], dice: [6, 6, 6, 6] });
    choose(game, s, ctx, 'play Volley Fire');
    choose(game, s, ctx, 'F1 (Firefly) acts');
    choose(game, s, ctx, 'fires at T (M4)');
    expect(s.alive[tankIndex(G, 'T')]).toBe(0);
    expect(decisionOf(s)).toBe('over');
    expect(s.endReason).toBe(END_ELIMINATION);
    expect(game.result(s)).toEqual({ winner: 0, reason: 'victory', detail: 'elimination', length: 1 });
  });

  it('EX-38 (volley continues): until the target falls, the other tanks fire at the same target', () => {
    const game = compileDoc({
      a: [{ id: 'F1', tank: 'firefly', hex: '0808' }, { id: 'F2', tank: 'firefly', hex: '0908' }],
      b: [{ id: 'T', tank: 'm4', hex: '0904' }, { id: 'U', tank: 'm4', hex: '1004' }],
    });
    const { s, ctx } = setup(game, { hands: [{ volley_fire: 1 }, {}], dice: [1, 1] });
    choose(game, s, ctx, 'play Volley Fire');
    choose(game, s, ctx, 'F1 (Firefly) acts');
    choose(game, s, ctx, 'fires at T (M4)'); // misses
    expect(decisionOf(s)).toBe('tank');
    choose(game, s, ctx, 'F2 (Firefly) acts');
    expect(legalTexts(game, s).filter((t) => t.includes('fires at'))).toEqual(['A: F2 (Firefly) fires at T (M4) (distance 4)']);
  });

  it('EX-39: a Training scenario\'s deck has no Recovery cards, unless the scenario keeps them', () => {
    const base = { a: [{ tank: 'm4', hex: '0808' }], b: [{ tank: 'm4', hex: '0102' }] };
    const rec = (g: ReturnType<typeof compileDoc>) => g.G.deckInit.filter((k) => g.G.kId[k] === 'recovery').length;
    const normal = compileDoc(base);
    expect(rec(normal)).toBe(2);
    const training = compileDoc({ ...base, training: true });
    expect(rec(training)).toBe(0);
    expect(training.G.deckInit.length).toBe(76);
    expect(training.G.totalCards).toBe(78); // set aside, not destroyed
    const kept = compileDoc({ ...base, training: true, deck: { keep: ['recovery'] } });
    expect(rec(kept)).toBe(2);
    const off = compileDoc({ ...base, training: true, options: { trainingRemovesRecovery: false } });
    expect(rec(off)).toBe(2);
  });
});

describe('other seed statements', () => {
  it('an Immobile tank may not use a move-and-attack card (A-10 strict), or for its attack part with the option', () => {
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0808', immobile: true }], b: [{ id: 'T', tank: 'm4', hex: '0804' }] });
    const strict = setup(game, { hands: [{ moving_shot_2: 1, fire: 1 }, {}] });
    expect(canChoose(game, strict.s, 'play Moving Shot 2')).toBe(false);
    expect(canChoose(game, strict.s, 'play Fire')).toBe(true);
    const lax = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0808', immobile: true }], b: [{ id: 'T', tank: 'm4', hex: '0804' }], options: { immobileMoveAndAttack: 'attackOnly' } });
    const r = setup(lax, { hands: [{ moving_shot_2: 1 }, {}] });
    choose(lax, r.s, r.ctx, 'play Moving Shot 2');
    choose(lax, r.s, r.ctx, 'P (PzIV F) acts');
    expect(decisionOf(r.s)).toBe('target'); // straight to the attack, no movement
  });

  it('an Inoperative tank may neither move nor attack', () => {
    const game = compileDoc({ a: [{ id: 'P', tank: 'pz4f2', hex: '0808', inoperative: true }, { id: 'Q', tank: 'm4', hex: '0115' }], b: [{ id: 'T', tank: 'm4', hex: '0804' }] });
    const { s, ctx } = setup(game, { hands: [{ move: 1, fire: 1 }, {}] });
    expect(canChoose(game, s, 'play Fire')).toBe(false);
    choose(game, s, ctx, 'play Move');
    expect(canChoose(game, s, 'P (PzIV F) acts')).toBe(false);
    expect(decisionOf(s)).not.toBe('move');
  });
});
