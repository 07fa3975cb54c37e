/**
 * Heroes who change units (seed p.53, p.76; spec §3.10.3, §3.12.2): a hero pilot placed on foot
 * when his AFV is lost, and W33, a lone hero joining an officer-less unit in the control phase
 * (his card leaves the sequence, the unit's drills are his at once, his Morale is the unit's).
 */
import { describe, expect, it } from 'vitest';
import { A, F } from '../../../src/systems/at43/actions.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import { damageAfvUnit, damageInfantry, killFighter, moraleOf, officerOf } from '../../../src/systems/at43/rules/losses.ts';
import { SP_STRIDE } from '../../../src/systems/at43/rules/afv.ts';
import { DR_OVERWATCH, DR_TAKE_COVER, type At43State } from '../../../src/systems/at43/state.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import { compile, doc, FixedDice, place, start, withDice } from './helpers.ts';
import { checkRandomPlayouts } from '../../helpers/playout.ts';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { randomAgent, resolveAgentParams } from '../../../src/core/agent.ts';

const badDog = (x: number, y: number, extra: Record<string, unknown> = {}) => ({ id: 'bad-dog', profile: 'fire-toad', count: 1, officer: 'captain', hero: 'borz', x, y, formation: 'line', ...extra });
const troopers = (x: number, y: number) => ({ id: 'steel', profile: 'steel-trooper', count: 6, x, y, formation: 'line' });
const golems = (x: number, y: number) => ({ id: 'golems', profile: 'storm-golem', count: 6, x, y, formation: 'blob' });

function unitIndex(g: At43Game, id: string): number {
  return g.model.units.findIndex((u) => u.id === id);
}

/** Plays round 1 with every unit doing nothing (the officer-less ones not paying), the troopers paying for Take cover! and Overwatch!, up to the first 'join' frame or round 2. */
function playRoundToJoin(g: At43Game, s: At43State, ctx: PlayContext, steel: number): void {
  const legal = new Int32Array(g.maxActions);
  for (let i = 0; i < 400 && s.round === 1 && F.top(s.pending) !== 'join'; i++) {
    const n = g.legalActions(s, legal);
    const acts = Array.from(legal.subarray(0, n));
    const top = F.top(s.pending);
    let a = acts[0];
    if (top === 'pay') a = A.encode.pay(s.unit === steel ? 1 : 0);
    else if (top === 'wager') a = A.encode.wager(0);
    else if (top === null && s.unit === steel && acts.includes(A.encode.drill(2))) a = A.encode.drill(2);
    else if (top === null && s.unit === steel && acts.includes(A.encode.drill(1))) a = A.encode.drill(1);
    else if (acts.includes(A.encode.end())) a = A.encode.end();
    else if (acts.includes(A.encode.turn(0))) a = A.encode.turn(0);
    g.apply(s, a, ctx);
  }
}

describe('a hero pilot on foot (seed p.53, p.76)', () => {
  it('the model gives Borz a unit on foot (placed later), and a slot in the steel troopers (★★ soldiers), none in the golems', () => {
    const g = compile(doc([badDog(60, 10), troopers(60, 30)], [golems(60, 80)]));
    const m = g.model;
    const pilot = unitIndex(g, 'borz-on-foot');
    expect(pilot).toBe(3); // after every unit of the scenario
    expect(m.units[unitIndex(g, 'bad-dog')].pilotUnit).toBe(pilot);
    expect(m.units[pilot].fielded).toBe(0);
    expect(m.units[unitIndex(g, 'steel')].joinSlots.map((j) => j.hero)).toEqual(['borz']);
    expect(m.units[unitIndex(g, 'golems')].joinSlots).toEqual([]);
    const { s } = start(g);
    expect(s.members[pilot]).toBe(0);
    expect(s.alive[m.units[pilot].first]).toBe(0);
    expect(s.members[unitIndex(g, 'steel')]).toBe(6);
  });

  it('Bad Dog destroyed: Borz stands where it stood, a valiant unit of his own led by himself', () => {
    const g = compile(doc([badDog(60, 10), troopers(60, 30)], [golems(60, 80)]));
    const { s, ctx } = start(g);
    const bd = g.model.units[0].first;
    const pilot = unitIndex(g, 'borz-on-foot');
    const pf = g.model.units[pilot].first;
    killFighter(g.env, s, bd, ctx);
    expect(s.members[0]).toBe(0);
    expect(s.members[pilot]).toBe(1);
    expect([s.fx[pf], s.fy[pf], s.leader[pilot]]).toEqual([s.fx[bd], s.fy[bd], pf]);
    expect(officerOf(g.model, s, pilot)?.title).toBe('captain');
    expect(g.checkInvariants!(s)).toEqual([]);
  });

  it('under heroes.pilotOnFoot: eject, a destroyed Bad Dog leaves no pilot; an ejecting one does', () => {
    const d = doc([badDog(60, 10), troopers(60, 30)], [golems(60, 80)], {}, { options: { 'heroes.pilotOnFoot': 'eject' } });
    const g = compile(d);
    const pilot = unitIndex(g, 'borz-on-foot');
    const r = start(g);
    killFighter(g.env, r.s, g.model.units[0].first, r.ctx);
    expect(r.s.members[pilot]).toBe(0);
    const r2 = start(g);
    killFighter(g.env, r2.s, g.model.units[0].first, r2.ctx, true);
    expect(r2.s.members[pilot]).toBe(1);
  });

  it('an immobilised Bad Dog whose pilot ejects (the eject decision) puts Borz on foot', () => {
    const g = compile(doc([badDog(60, 10)], [golems(60, 80)], { firstRoundAuthorityWinner: 'A' }));
    const { s, ctx } = start(g, new FixedDice([6, 6, 6, 6, 6, 6])); // the morale test of the immobilised unit passes
    const bd = g.model.units[0].first;
    const pilot = unitIndex(g, 'borz-on-foot');
    s.sp[bd * SP_STRIDE + 1] = 0; // propulsion destroyed
    g.apply(s, A.encode.order(0), ctx);
    g.apply(s, A.encode.order(1), ctx);
    g.apply(s, A.encode.first(0), ctx);
    g.apply(s, A.encode.turn(0), ctx);
    expect(F.top(s.pending)).toBe('eject');
    g.apply(s, A.encode.eject(1), ctx);
    expect(s.alive[bd]).toBe(0);
    expect(s.members[pilot]).toBe(1);
    expect(s.result).toBeNull(); // the side still has a fighter on the table
  });
});

describe('W33: a lone hero joins a unit in the control phase (p.76)', () => {
  it('Borz joins steel troopers holding Take cover! and Overwatch!: he gets both, leads them, his Morale is theirs, his card is gone', () => {
    const g = compile(doc([badDog(20, 10), troopers(60, 30)], [golems(60, 85)], { firstRoundAuthorityWinner: 'A' }));
    const { s, ctx } = start(g);
    const steel = unitIndex(g, 'steel');
    const pilot = unitIndex(g, 'borz-on-foot');
    const pf = g.model.units[pilot].first;
    killFighter(g.env, s, g.model.units[0].first, ctx); // Bad Dog destroyed before the cards are laid
    place(g, s, pilot, [[60, 35.5]]); // 0.5 cm behind the trooper at (60, 32) (two rows of three): within 10 cm of all, in contact with one
    s.fired[pf] = 1; // he has already fired: Overwatch! is his all the same (p.76)
    expect(moraleOf(g.model, s, steel)).toBe(7); // the troopers' own Morale
    playRoundToJoin(g, s, ctx, steel);
    expect(F.top(s.pending)).toBe('join');
    expect(s.drills[steel] & (DR_TAKE_COVER | DR_OVERWATCH)).toBe(DR_TAKE_COVER | DR_OVERWATCH);
    const legal = new Int32Array(g.maxActions);
    const n = g.legalActions(s, legal);
    expect(Array.from(legal.subarray(0, n))).toEqual([A.encode.join(0), A.encode.join(steel + 1)]);
    g.apply(s, A.encode.join(steel + 1), ctx);
    const slot = g.model.units[steel].joinSlots[0].fighter;
    expect(s.members[steel]).toBe(7);
    expect(s.members[pilot]).toBe(0);
    expect(s.leader[steel]).toBe(slot);
    expect([s.fx[slot], s.fy[slot]]).toEqual([60, 35.5]);
    expect(officerOf(g.model, s, steel)?.title).toBe('captain');
    expect(moraleOf(g.model, s, steel)).toBe(8); // the captain's Morale now
    expect(s.drills[steel] & (DR_TAKE_COVER | DR_OVERWATCH)).toBe(DR_TAKE_COVER | DR_OVERWATCH); // the unit's drills, his at once
    expect(s.round).toBe(2);
    expect(s.seq[0]).not.toContain(pilot); // his card has left the sequence
    expect(g.lpPool(s, 0)).toBe(10 + 1); // the captain commands now: his LP + one unit on the table
    expect(g.checkInvariants!(s)).toEqual([]);
  });

  it('out of the unit\'s cohesion (3 cm from the nearest trooper) he may not join, and the round simply ends', () => {
    const g = compile(doc([badDog(20, 10), troopers(60, 30)], [golems(60, 85)], { firstRoundAuthorityWinner: 'A' }));
    const { s, ctx } = start(g);
    const steel = unitIndex(g, 'steel');
    const pilot = unitIndex(g, 'borz-on-foot');
    killFighter(g.env, s, g.model.units[0].first, ctx);
    place(g, s, pilot, [[60, 38]]); // gap 3 cm to the nearest trooper, at (60, 32)
    playRoundToJoin(g, s, ctx, steel);
    expect(s.round).toBe(2);
    expect(s.members[pilot]).toBe(1);
    expect(s.officer[steel]).toBe(0);
  });

  it('a unit that has an officer cannot be joined', () => {
    const g = compile(doc([badDog(20, 10), { ...troopers(60, 30), officer: 'sergeant' }], [golems(60, 85)], { firstRoundAuthorityWinner: 'A' }));
    const { s, ctx } = start(g);
    const steel = unitIndex(g, 'steel');
    const pilot = unitIndex(g, 'borz-on-foot');
    killFighter(g.env, s, g.model.units[0].first, ctx);
    place(g, s, pilot, [[60, 35.5]]);
    playRoundToJoin(g, s, ctx, steel);
    expect(s.round).toBe(2);
    expect(s.members[pilot]).toBe(1);
    expect(s.officer[steel]).toBe(1);
  });

  it('the joined hero is protected while troopers remain (p.77), and his death leaves the unit without officer', () => {
    const g = compile(doc([badDog(20, 10), troopers(60, 30)], [golems(60, 85)], { firstRoundAuthorityWinner: 'A' }));
    const { s, ctx } = start(g);
    const steel = unitIndex(g, 'steel');
    const pilot = unitIndex(g, 'borz-on-foot');
    killFighter(g.env, s, g.model.units[0].first, ctx);
    place(g, s, pilot, [[60, 35.5]]);
    playRoundToJoin(g, s, ctx, steel);
    g.apply(s, A.encode.join(steel + 1), ctx);
    const slot = g.model.units[steel].joinSlots[0].fighter;
    // five impacts that all kill, fired from right behind him: the troopers fall, the hero stands
    const laser = g.model.weapons.findIndex((w) => w.id === 'laser-rifle');
    damageInfantry(g.env, s, steel, 5, laser, 60, 36, withDice(g, [6, 6, 6, 6, 6]).ctx);
    expect(s.alive[slot]).toBe(1);
    expect(s.members[steel]).toBe(2);
    killFighter(g.env, s, slot, ctx);
    expect(s.officer[steel]).toBe(0);
    expect(s.members[steel]).toBe(1);
    expect(s.alive[s.leader[steel]]).toBe(1);
    expect(g.checkInvariants!(s)).toEqual([]);
  });
});

describe('pilots and lone heroes under random playouts', () => {
  // Bad Dog beside the steel troopers, golems coming: the pilot is often placed, sometimes joins
  const d = doc([badDog(60, 40), troopers(60, 30)], [{ ...golems(50, 60), count: 9, specialWeapons: [{ weapon: 'sonic-gun', count: 2 }] }, { ...golems(75, 60), id: 'golems-2', count: 9, specialWeapons: [{ weapon: 'sonic-gun', count: 2 }] }], { rounds: 6 });
  it('invariants hold at every decision; pilots are placed and lone heroes join in some games', () => {
    const L = compileScenarioDocument(d, 'heroes.yaml');
    const g = L.compiled as unknown as At43Game;
    const tally = new Tally(g.metrics);
    const scratch = new PlayScratch(L.compiled);
    const pilot = unitIndex(g, 'borz-on-foot');
    let placed = 0;
    let joins = 0;
    const bad: string[] = [];
    for (let i = 0; i < 60; i++) {
      const agents = [0, 1].map((side) => randomAgent.create(g, side, resolveAgentParams(randomAgent, {})[0]));
      let seen = false;
      playGame(L.compiled, agents, gameStreams(5, i, 2), tally, scratch, {
        // Bad Dog starts immobilised with one frame SP left: its pilot ejects or it falls soon
        onStart: (st) => {
          const s = st as At43State;
          const bd = g.model.units[0].first;
          s.sp[bd * SP_STRIDE] = 1;
          s.sp[bd * SP_STRIDE + 1] = 0;
        },
        onDecision: (_s, _side, a) => {
          if (A.is(a, 'join') && A.read.join.target(a) > 0) joins++;
        },
        afterApply: (st) => {
          const s = st as At43State;
          if (!seen && s.members[pilot] > 0) (seen = true), placed++;
          bad.push(...g.checkInvariants!(s));
        },
      });
    }
    expect(bad).toEqual([]);
        expect(placed).toBeGreaterThan(3);
    expect(joins).toBeGreaterThan(0);
  });
  it('the shared battery (clones, serialisation, hidden information) with random and heuristic agents', () => {
    const L = compileScenarioDocument(d, 'heroes.yaml');
    expect(checkRandomPlayouts({ scenario: L, games: 6, seed: 3 }).reasons['safety-cap'] ?? 0).toBe(0);
    expect(checkRandomPlayouts({ scenario: L, games: 4, seed: 4, agents: ['assault', 'gunline'] }).games).toBe(4);
  });
});

describe('a hero aboard an AFV is shielded by his unit (seed p.77, option heroes.aboardAfv)', () => {
  // Foxtrot Toxic: Bad Dog (Borz, the first fighter and leader) and two Fire Toads; a salvo's
  // impacts on the whole unit. Dice of 4: every damage test (4+) succeeds and every location is
  // the frame, so each impact costs the AFV it hits one frame SP.
  const foxtrot = { id: 'foxtrot', profile: 'fire-toad', count: 3, officer: 'sergeant', hero: 'borz', x: 60, y: 12, formation: 'line' };
  const frames = (aboardAfv?: string, single = false) => {
    const g = compile(doc([foxtrot], [golems(60, 80)], {}, aboardAfv ? { options: { 'heroes.aboardAfv': aboardAfv } } : {}));
    const { s } = start(g);
    const U = g.model.units[0];
    const w = g.model.weapons.findIndex((x) => x.id === 'light-laser-cannon');
    const { ctx } = withDice(g, new Array(40).fill(4));
    // the shots come from just south of Bad Dog: he is the nearest AFV
    damageAfvUnit(g.env, s, 0, 3, w, s.fx[U.first], s.fy[U.first] - 10, ctx, single ? U.first : -1);
    return [0, 1, 2].map((i) => s.sp[(U.first + i) * SP_STRIDE]);
  };
  it('a salvo at the whole unit: Bad Dog takes nothing while the other AFVs stand; the nearer of them takes the extra impact', () => {
    const [bad, a, b] = frames();
    expect(bad).toBe(4);
    expect([a, b].sort()).toEqual([2, 3]);
  });
  it('targeted alone (p.61, "he can be specifically targeted"), Bad Dog takes every impact', () => {
    expect(frames(undefined, true)).toEqual([1, 4, 4]);
  });
  it('heroes.aboardAfv: exposed (spec §3.12.3) splits the impacts over all three', () => {
    expect(frames('exposed')).toEqual([3, 3, 3]);
  });
  it('alone in his unit, he takes the impacts', () => {
    const g = compile(doc([{ ...foxtrot, count: 1 }], [golems(60, 80)]));
    const { s } = start(g);
    const w = g.model.weapons.findIndex((x) => x.id === 'light-laser-cannon');
    const f = g.model.units[0].first;
    damageAfvUnit(g.env, s, 0, 2, w, s.fx[f], s.fy[f] - 10, withDice(g, new Array(10).fill(4)).ctx);
    expect(s.sp[f * SP_STRIDE]).toBe(2);
  });
});
