/** Hornisse landing ([10.6]; spec §3.13.6, §8.2 #60) with injected dice. */
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';
import { A_DEAD, DEAD } from '../../../src/systems/mak/state.ts';
import { setup } from './helpers.ts';

const scene = (suit?: 'Gustav') => setup({
  mercenary: [{ id: 'M1', type: 'AFS', at: '0503' }, { id: 'M2', type: 'AFS', at: '0101' }],
  strahl: { units: [{ id: 'S1', type: 'PKA', at: '0908' }], aircraft: [{ id: 'H', type: 'Hornisse', ...(suit ? { suit } : {}) }] },
}, { first: 'strahl' });

/** Strahl sends the Hornisse on a ground mission (the Mercenaries have no aircraft: no dog-fight, no breakthrough roll). */
function toGround(t: ReturnType<typeof scene>) {
  t.act('H to ground combat mission');
}

describe('Hornisse landing ([10.6])', () => {
  it('lands in any hex its suit could enter and separates into PK41 + PKA, stacked; the PKA may not move or attack', () => {
    const t = scene();
    toGround(t);
    const m = t.game.E.m;
    expect(t.legal().filter((l) => l.startsWith('H lands in')).length).toBe(m.n);
    t.act('H lands in 0603');
    const pk = t.u('H.PK41'), suit = t.u('H.PKA');
    expect(t.s.hex[pk]).toBe(t.hex('0603'));
    expect(t.s.hex[suit]).toBe(t.hex('0603'));
    expect(t.s.status[suit] & DEAD).toBe(0);
    expect(t.s.pts[t.hex('0603') * 2 + 1]).toBe(3); // stacking counts at once ([10.6.5])
    expect(t.has('H lands')).toBe(false);
    expect(t.has('H.PKA attacks')).toBe(false);
    expect(t.has('move H.PKA')).toBe(false);
    expect(t.s.air[0] & A_DEAD).toBe(A_DEAD); // out of the air war, and no VP for it
    expect(t.s.ogp).toEqual([0, 0]);
    t.act('strahl ends the phase'); // T3 / nothing pending
    t.act('mercenary ends the phase');
    expect(t.s.air[0] & A_DEAD).toBe(A_DEAD);
    expect(t.has('H.PKA attacks M1')).toBe(true); // next turn the suit fights
    expect(checkInvariants(m, t.s)).toEqual([]);
  });

  it('#60: landing in an enemy hex, the AA hit on class C gives A: PK41 and PKA both destroyed', () => {
    const t = scene();
    toGround(t);
    // M1's laser (8) against the Hornisse (defense 2): T 6 with no terrain or range modifier; (2,3) hits;
    // endurance (3,3) = 6 on class C: A, which destroys a landing Hornisse ([10.6.3]).
    t.act('H lands in 0503', 2, 3, 3, 3);
    expect(t.log.some((l) => l.includes('T 6, dice (2,3): hit, A (class C)'))).toBe(true);
    const pk = t.u('H.PK41'), suit = t.u('H.PKA');
    expect(t.s.status[pk] & DEAD).toBe(DEAD);
    expect(t.s.status[suit] & DEAD).toBe(DEAD);
    expect(t.s.ogp[0]).toBe(5); // PK41 2 + PKA 3 = the Hornisse's VP
    expect(t.s.occ[t.hex('0503') * 2 + 1]).toBe(0);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });

  it('a survivor of the AA fire lands with a Gustav, and the next phase starts as a continuing CQC', () => {
    const t = scene('Gustav');
    toGround(t);
    t.act('H lands in 0503', 6, 6); // miss
    expect(t.s.status[t.u('H.Gustav')] & DEAD).toBe(0);
    t.act('strahl ends the phase');
    expect(t.legal()).toEqual(expect.arrayContaining(['fight the continuing CQC', 'do nothing in the continuing CQC']));
  });

  it('a flying Hornisse keeps its side in the game when its last ground unit dies; shot down, it would not', () => {
    const t = setup({
      mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0903' }], aircraft: [] },
      strahl: { units: [{ id: 'S1', type: 'PKA', at: '0904' }], aircraft: [{ id: 'H', type: 'Hornisse' }] },
    }, { first: 'strahl' });
    t.act('H to ground combat mission');
    t.act('strahl ends the phase');
    // The AFS kills the PKA in CQC-free offensive fire: S1 gone, the flying Hornisse keeps the Strahl in the game.
    t.act('M1 attacks S1 with L', 1, 1);
    expect(t.s.over).toBe(false);
    expect(t.s.status[t.u('S1')] & DEAD).toBe(DEAD);
  });
});

describe('a Hornisse immobilized in flight (spec §6 A28, option hornisseMLanding)', () => {
  const strafing = (opts: Record<string, unknown> = {}, mapHexes: Record<string, unknown> = {}) => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'AFS', at: '0503' }],
      strahl: { units: [{ id: 'S1', type: 'PKA', at: '0908' }], aircraft: [{ id: 'H', type: 'Hornisse' }] },
    }, { first: 'strahl', opts, map: { hexes: mapHexes } });
    t.act('H to ground combat mission');
    return t;
  };
  it('an M from the AA fire: the owner lands it within 5 hexes; PK41 immobilized (scored), PKA unharmed', () => {
    const t = strafing();
    // AA: M1 laser 8 vs Hornisse defense 2 = T 6, (2,2) hits; endurance on class B (the Hornisse's own) 6: M.
    t.act('H strafes M1', 2, 2, 3, 3);
    const spots = t.legal();
    expect(spots.every((l) => l.startsWith('emergency landing in'))).toBe(true);
    expect(spots).not.toContain('emergency landing in 0503'); // not into the enemy's hex
    const m = t.game.E.m;
    expect(spots.length).toBe(Array.from({ length: m.n }, (_, h) => h).filter((h) => m.grid.distance(h, t.hex('0503')) <= 5 && h !== t.hex('0503')).length);
    t.act('emergency landing in 0705');
    const pk = t.u('H.PK41'), suit = t.u('H.PKA');
    expect(t.s.hex[pk]).toBe(t.hex('0705'));
    expect(t.s.status[pk] & 4).toBe(4); // IMMOBILE
    expect(t.s.status[suit] & (DEAD | 4)).toBe(0);
    expect(t.s.ogp[0]).toBe(2); // the PK41's VP for the immobilization
    expect(checkInvariants(m, t.s)).toEqual([]);
  });
  it('with the option off, the M destroys it in the air', () => {
    const t = strafing({ hornisseMLanding: false });
    t.act('H strafes M1', 2, 2, 3, 3);
    expect(t.s.air[0] & A_DEAD).toBe(A_DEAD);
    expect(t.s.ogp[0]).toBe(5);
    expect(t.has('emergency landing')).toBe(false);
  });
});

describe('re-joining and take-off ([10.6.2], [10.6.4])', () => {
  it('the stacked PK41 and PKA take off as the Hornisse, Used this turn, and may be committed again next turn', () => {
    const t = scene();
    toGround(t);
    t.act('H lands in 0603');
    expect(t.has('H takes off again')).toBe(false); // the suit is done for this phase
    t.act('strahl ends the phase');
    t.act('mercenary ends the phase');
    // Turn 2: the landed Hornisse has no commitment card; its crew may take off again.
    t.act('H takes off again');
    const pk = t.u('H.PK41'), suit = t.u('H.PKA');
    expect(t.s.status[pk] & DEAD).toBe(DEAD);
    expect(t.s.status[suit] & DEAD).toBe(DEAD);
    expect(t.s.occ[t.hex('0603') * 2 + 1]).toBe(0);
    expect(t.s.air[0] & A_DEAD).toBe(0);
    expect(t.has('H lands')).toBe(false); // Used this turn
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
    t.act('strahl ends the phase');
    t.act('mercenary ends the phase');
    expect(t.legal()).toEqual(['H to air combat mission', 'H to ground combat mission', 'H withdrawn from the game']);
  });
  it('taking off from an enemy hex draws AA fire: an A destroys both ([10.6.4])', () => {
    const t = scene();
    toGround(t);
    t.act('H lands in 0503', 4, 6); // AA miss (no laser depletion): it lands with M1
    t.act('strahl ends the phase');
    t.act('pin H.PKA'); // M1 (armed) pins one of them ([9.4])
    t.act('do nothing in the continuing CQC');
    t.act('mercenary ends the phase');
    t.act('do nothing in the continuing CQC');
    t.act('H takes off again', 2, 3, 3, 3);
    expect(t.s.status[t.u('H.PKA')] & DEAD).toBe(DEAD);
    expect(t.s.ogp[0]).toBe(5);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
});

describe('aircraft reinforcements ([12.1])', () => {
  it('a Hornisse arriving on turn 2 flies from then on, may be assigned at once but not withdrawn that turn', () => {
    const t = setup({
      mercenary: [{ id: 'M1', type: 'AFS', at: '0503' }],
      strahl: { units: [{ id: 'S1', type: 'PKA', at: '0908' }], aircraft: [{ id: 'H', type: 'Hornisse', arrives: 2 }] },
    }, { first: 'strahl' });
    expect(t.has('H to')).toBe(false); // not there on turn 1
    t.act('strahl ends the phase');
    t.act('mercenary ends the phase');
    expect(t.log).toContain('H arrives in flight ([12.1])');
    expect(t.legal()).toEqual(['H to air combat mission', 'H to ground combat mission']);
    t.act('H to ground combat mission');
    expect(t.has('H lands in 0603')).toBe(true);
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
});
