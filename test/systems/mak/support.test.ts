/**
 * Air war, artillery and indirect fire in the engine, with injected dice: the Air Commitment as a
 * secret simultaneous choice (hidden in the other side's observation, resampled by determinize),
 * dog-fight losses and breakthrough ([10.2.1], [10.3]), strafing with anti-aircraft fire ([10.4]),
 * artillery landing and postponement ([17.1.6], spec §8.2 #38-#39), indirect fire with a spotter and
 * the friendly-area prohibition (#51-#53).
 */
import { describe, expect, it } from 'vitest';
import { streamFor } from '../../../src/core/rng/streams.ts';
import { A_AIR, A_DEAD, A_GROUND } from '../../../src/systems/mak/state.ts';
import { DEAD } from '../../../src/systems/mak/state.ts';
import { setup } from './helpers.ts';
import { checkInvariants } from '../../../src/systems/mak/invariants.ts';

const airForces = () =>
  setup({
    mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }], aircraft: [{ id: 'Falke', type: 'Falke' }] },
    strahl: {
      units: [{ id: 'S1', type: 'PKA', at: '0906' }],
      aircraft: [{ id: 'PK40a', type: 'PK40' }, { id: 'PK40b', type: 'PK40' }, { id: 'PK40c', type: 'PK40' }, { id: 'HornisseA', type: 'Hornisse' }, { id: 'HornisseB', type: 'Hornisse' }],
    },
  });

describe('Air Commitment ([10.1.1]): secret and simultaneous', () => {
  it('each side assigns every aircraft; the first card is hidden from the second side until both are revealed', () => {
    const t = airForces();
    expect(t.legal()).toEqual(['Falke to air combat mission', 'Falke to ground combat mission']);
    t.act('Falke to ground combat mission');
    expect(t.game.currentSide(t.s)).toBe(1);
    const o1 = t.game.observe(t.s, 1);
    expect(o1.state.air[0] & (A_AIR | A_GROUND)).toBe(0);
    expect(t.game.observe(t.s, 0).state.air[0] & A_GROUND).toBe(A_GROUND);
    // determinize keeps what side 1 sees and resamples the hidden card.
    const seen = JSON.stringify(o1.state);
    for (let i = 0; i < 5; i++) {
      const d = t.game.determinize!(t.s, 1, streamFor(3, i, 0));
      expect(JSON.stringify(t.game.observe(d, 1).state)).toBe(seen);
    }
  });
  it('12-14: dog-fight, Falke (4) against 3 PK40 + 2 Hornisse (12): column 3:1, 1d6 2 -> losses 1/4: the Falke falls, no Strahl unit', () => {
    const t = airForces();
    t.act('Falke to air combat mission');
    for (const a of ['PK40a', 'PK40b', 'PK40c', 'HornisseA']) t.act(`${a} to air combat mission`);
    t.act('HornisseB to air combat mission', 2);
    expect(t.s.air[0] & A_DEAD).toBe(A_DEAD);
    expect(t.s.air.slice(1).every((x) => !(x & A_DEAD))).toBe(true);
    expect(t.s.ogp[1]).toBe(4);
  });
  it('17: the Strahl send none to air combat: the Falke breaks through; loss 4 takes two PK40 (fewest VP)', () => {
    const t = airForces();
    t.act('Falke to air combat mission');
    for (const a of ['PK40a', 'PK40b', 'PK40c', 'HornisseA']) t.act(`${a} to ground combat mission`);
    t.act('HornisseB to ground combat mission', 4);
    expect(t.s.air.map((x) => (x & A_DEAD ? 1 : 0))).toEqual([0, 1, 1, 0, 0, 0]);
    expect(t.s.ogp[0]).toBe(6);
  });
});

describe('air-to-ground attack ([10.4])', () => {
  it('the units in the target hex fire once each at the aircraft first; a D destroys it before it attacks', () => {
    const t = setup({
      mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }, { id: 'M2', type: 'AFS', at: '0203' }], aircraft: [{ id: 'Falke', type: 'Falke' }] },
      strahl: [{ id: 'S1', type: 'PKA', at: '0906' }],
    }, { first: 'strahl' });
    t.act('Falke to ground combat mission');
    // Strahl first player's phase: nothing to strafe for the Mercenaries yet; end it.
    t.act('strahl ends the phase');
    t.act('Falke strafes S1 in 0906', 1, 1);
    expect(t.s.air[0] & A_DEAD).toBe(A_DEAD);
    expect(t.log.join('\n')).toMatch(/AA S1 -> Falke: T \d+, dice \(1,1\): hit, D/);
  });
  it('aircraft equipment ([11.4]): a missile once (M terrain column), the laser marker +1 dog-fight until it depletes', () => {
    const eq = () => setup({
      mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }], aircraft: [{ id: 'Falke', type: 'Falke', equipment: ['missile', 'laser'] }] },
      strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'PK40a', type: 'PK40' }] },
    }, { map: { hexes: { '0906': { terrain: ['forest'] } } } });
    const t = eq();
    t.act('Falke to ground combat mission');
    t.act('PK40a to ground combat mission');
    expect(t.legal().filter((l) => l.startsWith('Falke strafes S1'))).toEqual(['Falke strafes S1 in 0906', 'Falke strafes S1 in 0906 with a missile', 'Falke strafes S1 in 0906 with its laser equipment']);
    // AA miss (6,6); the missile: 12 - 2 + forest on the M column; (6,6) misses.
    t.act('Falke strafes S1 in 0906 with a missile', 6, 6, 6, 6);
    const T = 12 - 2 + t.game.E.m.hexAtk[(t.hex('0906') * 6 + 5) * 2];
    expect(t.log.some((l) => l.includes(`Falke -> S1 (a missile): T ${T},`))).toBe(true);
    expect(t.s.eqMissile[0]).toBe(0);
    // Dog-fight: Falke 4 + 1 (laser marker) against PK40 2 when both fly the air mission.
    const u = eq();
    u.act('Falke to air combat mission');
    u.act('PK40a to air combat mission', 1);
    expect(u.log.some((l) => l.includes('air combat mercenary 1 (5), strahl 1 (2)'))).toBe(true);
    // The laser marker depletes on (5,6) like any laser: gone, and with it the +1.
    const v = eq();
    v.act('Falke to ground combat mission');
    v.act('PK40a to ground combat mission');
    v.act('Falke strafes S1 in 0906 with its laser equipment', 6, 6, 5, 6);
    expect(v.s.eqLaser[0]).toBe(0);
  });
  it('a surviving aircraft attacks with terrain but no range modifier, then is used', () => {
    const t = setup({
      mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }], aircraft: [{ id: 'Falke', type: 'Falke' }] },
      strahl: [{ id: 'S1', type: 'PKA', at: '0906' }],
    }, { map: { hexes: { '0906': { terrain: ['forest'] } } } });
    t.act('Falke to ground combat mission');
    // AA: PKA laser 8 vs Falke def 2 = T 6, dice (6,6) miss; then Falke laser 8 - 2 - 2 (forest) = 4: dice (1,2) hit, endurance (6,6) none.
    t.act('Falke strafes S1 in 0906', 6, 6, 1, 2, 6, 6);
    expect(t.log.join('\n')).toMatch(/Falke -> S1: T 4/);
    expect(t.has('Falke strafes')).toBe(false);
  });
});

describe('voluntary withdrawal ([10.1.4])', () => {
  it('not on turn 1; from turn 2 an aircraft may be withdrawn on the card: gone when revealed, no VP to anyone', () => {
    const t = setup({
      mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }], aircraft: [{ id: 'Falke', type: 'Falke' }] },
      strahl: [{ id: 'S1', type: 'PKA', at: '0906' }],
    });
    expect(t.legal()).toEqual(['Falke to air combat mission', 'Falke to ground combat mission']);
    t.act('Falke to air combat mission');
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase');
    expect(t.legal()).toEqual(['Falke to air combat mission', 'Falke to ground combat mission', 'Falke withdrawn from the game']);
    t.act('Falke withdrawn from the game');
    expect(t.s.air[0] & A_DEAD).toBe(A_DEAD);
    expect(t.s.ogp).toEqual([0, 0]);
    expect(t.log).toContain('Falke is withdrawn from the game ([10.1.4])');
    expect(checkInvariants(t.game.E.m, t.s)).toEqual([]);
  });
});

describe('artillery ([17.1], [17.2])', () => {
  const arty = (first: 'mercenary' | 'strahl' = 'mercenary') =>
    setup({
      mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203', role: 'command' }, { id: 'M2', type: 'AFS', at: '0101' }], artillery: [{ id: 'battery', type: 'II', rounds: 2, perTurn: 1 }] },
      strahl: [{ id: 'S1', type: 'PKA', at: '0603' }],
    }, { first });
  it('38: requested on turn 1, the strike lands at the start of the requester\'s phase of turn 2, before any move', () => {
    const t = arty();
    t.act('M1 requests battery on 0603 (S1)');
    expect(t.s.artVp[0]).toBe(1);
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase', 3, 3, 1, 2, 1, 1);
    // type a: 2d6 = 6 <= 9 on target; one area roll (1,2): T = 12 - 3 - 2 = 7 -> hit; endurance (1,1) -> D.
    expect(t.s.status[t.u('S1')] & DEAD).toBe(DEAD);
    expect(t.log.join('\n')).toMatch(/on target/);
  });
  it('artillery mines ([19.1.6], #36): a shot raises the hex by the type\'s increment, capped at 20; the unit there is attacked only when it moves', () => {
    const t = arty();
    const h = t.hex('0603');
    expect(t.legal().filter((l) => l.startsWith('M1 requests battery mines')).length).toBe(7); // S1's hex and its 6 neighbours
    t.act('M1 requests battery mines on 0603 (by S1)');
    t.act('mercenary ends the phase');
    t.act('strahl ends the phase', 3, 3); // type a: 6 <= 9, on target
    expect(t.s.mine[h]).toBe(4); // type II: +4 (placeholder increment)
    expect(t.s.status[t.u('S1')] & DEAD).toBe(0);
    t.act('mercenary ends the phase');
    // S1 leaves the mined hex: the minefield (4) attacks it: T 4 - 2 = 2, (6,6) misses.
    t.act('move S1 N to 0602', 6, 6);
    expect(t.log.some((l) => l.includes('minefield 0603 (4) -> S1: T 2'))).toBe(true);
    const u = arty();
    u.s.mine[u.hex('0603')] = 18;
    u.act('M1 requests battery mines on 0603 (by S1)');
    u.act('mercenary ends the phase');
    u.act('strahl ends the phase', 3, 3);
    expect(u.s.mine[u.hex('0603')]).toBe(20); // 18 + 4, capped at 20 ([19.1.6], spec §8.2 #36)
  });
  it('39: a friendly unit in the target hex postpones the strike', () => {
    const t = arty();
    t.act('M1 requests battery on 0603 (S1)');
    t.s.hex[t.u('M2')] = t.s.hex[t.u('S1')];
    t.s.occ[t.s.hex[t.u('S1')] * 2 + 0]++;
    t.s.occ[t.hex('0101') * 2 + 0]--;
    t.act('mercenary ends the phase');
    t.act('do nothing in the continuing CQC'); // M2 and S1 now share 0603
    t.act('strahl ends the phase');
    expect(t.log.join('\n')).toMatch(/postponed/);
    expect(t.s.rqOn[0]).toBe(1);
  });
  it('the observer may not move or attack after requesting, and one round per turn is the battery\'s limit', () => {
    const t = arty();
    t.act('M1 requests battery on 0603 (S1)');
    expect(t.legal().some((x) => x.startsWith('move M1') || x.startsWith('M1 attacks'))).toBe(false);
    expect(t.legal().some((x) => x.includes('requests'))).toBe(false);
  });
});

describe('indirect fire with a spotter ([5.5])', () => {
  const ind = (spotter = '0504', friendNear = false) =>
    setup({
      mercenary: [{ id: 'M1', type: 'DollHouse', at: '0203' }, { id: 'M2', type: 'AFS', at: spotter }, ...(friendNear ? [{ id: 'M3', type: 'AFS', at: '0805' }] : [])],
      strahl: [{ id: 'S1', type: 'PKA', at: '0804' }],
    }, { map: { hexes: { '0303': { terrain: ['forest'] }, '0304': { terrain: ['forest'] }, '0302': { terrain: ['forest'] }, '0403': { terrain: ['forest'] }, '0404': { terrain: ['forest'] } } } });
  it('a rocket unit without its own LOS fires indirectly when a spotter sees the target (-3, area of 1)', () => {
    const t = ind();
    const m = t.game.E.m;
    expect(m.los(t.hex('0203'), t.hex('0804'), 0)).toBe(false);
    expect(t.has('M1 fires R indirectly at 0804')).toBe(true);
    // T = 12 - 3 + 0 (R at range 6) - 2 = 7: dice (2,2) hit, endurance (1,2) D.
    t.act('M1 fires R indirectly at 0804', 2, 2, 1, 2);
    expect(t.s.status[t.u('S1')] & DEAD).toBe(DEAD);
    expect(t.s.ammo[t.u('M1') * 3 + 1]).toBe(3);
  });
  it('51: an area that would include a friendly unit is refused', () => {
    expect(ind('0504', true).has('M1 fires R indirectly')).toBe(false);
  });
  it('52/53: a spotter that spent more than half its MP cannot spot', () => {
    const t = ind();
    t.s.mp[t.u('M2')] = 2; // spent 3 of 4 MP
    expect(t.has('M1 fires R indirectly')).toBe(false);
    t.s.mp[t.u('M2')] = 4; // spent 2 of 4 MP: allowed
    expect(t.has('M1 fires R indirectly')).toBe(true);
  });
  it('spotting from the air ([10.5]): with no ground spotter, a ground-mission Falke spots, then is Used', () => {
    const air = () => setup({
      mercenary: { units: [{ id: 'M1', type: 'DollHouse', at: '0203' }], aircraft: [{ id: 'Falke', type: 'Falke' }] },
      strahl: [{ id: 'S1', type: 'PKA', at: '0804' }],
    }, { map: { hexes: { '0303': { terrain: ['forest'] }, '0304': { terrain: ['forest'] }, '0302': { terrain: ['forest'] }, '0403': { terrain: ['forest'] }, '0404': { terrain: ['forest'] } } } });
    const c = air();
    c.act('Falke to air combat mission');
    expect(c.has('M1 fires R indirectly')).toBe(false); // on the air mission it spots for nobody
    const t = air();
    t.act('Falke to ground combat mission');
    expect(t.has('Falke strafes S1')).toBe(true);
    t.act('M1 fires R indirectly at 0804', 6, 6); // miss
    expect(t.log).toContain('Falke spots from the air ([10.5])');
    expect(t.has('Falke strafes S1')).toBe(false); // its duty is done
  });
});
