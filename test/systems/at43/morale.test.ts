/**
 * Morale triggers fixed against the rulebook (issue 20 item 5, seed p.74-75), on constructed
 * positions:
 *  - a unit of AFVs tests its morale when one of its members is "destroyed or abandoned": a pilot
 *    ejecting from an immobilised AFV now triggers the test (today's main rolled none);
 *  - a Type 1/2 unit tests when it "has fallen to 3 members or fewer": a unit fielded with 3
 *    (or a lone hero placed on foot) never fell and is not tested at every activation.
 */
import { describe, expect, it } from 'vitest';
import { A, F } from '../../../src/systems/at43/actions.ts';
import { SP_STRIDE } from '../../../src/systems/at43/rules/afv.ts';
import { moraleTriggered } from '../../../src/systems/at43/rules/losses.ts';
import { PH_ACT, ST_DISORGANIZED, ST_VALIANT } from '../../../src/systems/at43/state.ts';
import { compile, doc, FixedDice, start } from './helpers.ts';

const golems = { id: 'g', profile: 'storm-golem', count: 6, officer: 'overseer-alpha', x: 60, y: 80, formation: 'blob' };

describe('morale tests (seed p.74-75)', () => {
  it('a pilot abandoning his immobilised AFV makes the unit of AFVs test its morale', () => {
    const toads = { id: 'foxtrot', profile: 'fire-toad', count: 3, officer: 'sergeant', x: 60, y: 12, formation: 'line' };
    const g = compile(doc([toads], [golems], { firstRoundAuthorityWinner: 'A' }));
    const dice = new FixedDice([1, 1, 1]);
    const { s, ctx } = start(g, dice);
    const f = g.model.units[0].first + 2;
    s.sp[f * SP_STRIDE + 1] = 0; // one Fire Toad immobilised, the others mobile
    g.apply(s, A.encode.order(0), ctx);
    g.apply(s, A.encode.order(1), ctx);
    g.apply(s, A.encode.first(0), ctx);
    g.apply(s, A.encode.turn(0), ctx);
    expect(F.top(s.pending)).toBe('eject');
    expect(dice.used()).toBe(0); // not entirely immobilised: no test at activation
    g.apply(s, A.encode.eject(1), ctx);
    expect(s.alive[f]).toBe(0);
    expect(dice.used()).toBe(1); // the test, Morale 7 (the sergeant) vs 8: 4+, a 1 fails
    expect(s.status[0]).toBe(ST_DISORGANIZED);
  });
  it('keeping the immobilised AFV rolls no test', () => {
    const toads = { id: 'foxtrot', profile: 'fire-toad', count: 3, officer: 'sergeant', x: 60, y: 12, formation: 'line' };
    const g = compile(doc([toads], [golems], { firstRoundAuthorityWinner: 'A' }));
    const dice = new FixedDice([1, 1, 1]);
    const { s, ctx } = start(g, dice);
    s.sp[(g.model.units[0].first + 2) * SP_STRIDE + 1] = 0;
    for (const a of [A.encode.order(0), A.encode.order(1), A.encode.first(0), A.encode.turn(0), A.encode.eject(0)]) g.apply(s, a, ctx);
    expect(dice.used()).toBe(0);
    expect(s.status[0]).toBe(ST_VALIANT);
  });
  it('a unit fielded with 3 troopers is not tested at its activation; one fielded with 6 and down to 3 is', () => {
    for (const [count, tested] of [[3, false], [6, true]] as const) {
      const troopers = { id: 's', profile: 'steel-trooper', count, officer: 'sergeant', x: 60, y: 20, formation: 'line' };
      const g = compile(doc([troopers], [golems], { firstRoundAuthorityWinner: 'A' }));
      const dice = new FixedDice([1, 1, 1]);
      const { s, ctx } = start(g, dice);
      for (let f = 3; f < count; f++) {
        s.alive[f] = 0;
        s.members[0]--;
      }
      expect(moraleTriggered(g.model, s, 0)).toBe(tested);
      for (const a of [A.encode.order(0), A.encode.order(1), A.encode.first(0), A.encode.turn(0)]) g.apply(s, a, ctx);
      expect(dice.used()).toBe(tested ? 1 : 0);
      expect(s.status[0]).toBe(tested ? ST_DISORGANIZED : ST_VALIANT);
      // tested and failed: the side may pay 2 LP to rally it; not tested: it acts
      expect(F.top(s.pending)).toBe(tested ? 'rally' : null);
      expect(s.phase === PH_ACT && s.unit === 0).toBe(true);
    }
  });
  it('a hero pilot placed on foot (a unit of one, fielded with none) is not tested at his activations', () => {
    const badDog = { id: 'bad-dog', profile: 'fire-toad', count: 1, officer: 'sergeant', hero: 'borz', x: 60, y: 12, formation: 'line' };
    const g = compile(doc([badDog], [golems]));
    const { s } = start(g);
    const pilot = g.model.units.findIndex((u) => u.id === 'borz-on-foot');
    const P = g.model.units[pilot];
    s.alive[P.first] = 1;
    s.members[pilot] = 1;
    s.officer[pilot] = 1;
    expect(moraleTriggered(g.model, s, pilot)).toBe(false);
  });
});
