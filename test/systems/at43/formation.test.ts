/**
 * Set-up (issue 19): a unit's officer stands in the rank farthest from the nearest enemy unit, as
 * near its middle as the unit's cohesion allows, so that nearest-first removal (p.67) does not
 * take him first; a scenario may still place him in the centre (`leader: centre`), the placement
 * of units without officer.
 */
import { describe, expect, it } from 'vitest';
import { fireSalvo } from '../../../src/systems/at43/rules/shooting.ts';
import { compile, doc, start, withDice } from './helpers.ts';

const troopers = (extra: Record<string, unknown> = {}) => ({ id: 's', profile: 'steel-trooper', count: 6, officer: 'sergeant', x: 60, y: 20, formation: 'line', ...extra });
const golems = (x: number, y: number, extra: Record<string, unknown> = {}) => ({ id: 'g', profile: 'storm-golem', count: 9, x, y, formation: 'blob', ...extra });

describe('the officer out of the front rank', () => {
  it('six troopers in two ranks facing golems to the north: the sergeant stands in the middle of the rear rank', () => {
    const g = compile(doc([troopers()], [golems(60, 70)]));
    const { s } = start(g);
    const L = s.leader[0];
    const ys = [0, 1, 2, 3, 4, 5].map((f) => s.fy[f]);
    expect(s.fy[L]).toBe(Math.min(...ys)); // the rank farthest from the golems (lowest y)
    expect(s.fx[L]).toBe(60); // the middle of that rank
    expect(s.officer[0]).toBe(1);
  });
  it('facing an enemy to the south, the rear rank is the northern one', () => {
    const g = compile(doc([golems(60, 5)], [troopers({ y: 70 })]));
    const { s } = start(g);
    const U = g.model.units[1];
    const ys = Array.from({ length: 6 }, (_, i) => s.fy[U.first + i]);
    expect(s.fy[s.leader[1]]).toBe(Math.max(...ys));
  });
  it('a large blob keeps its officer within 10 cm of every member (cohesion, p.46-47)', () => {
    const g = compile(doc([{ ...troopers(), count: 16, formation: 'blob' }], [golems(60, 80)]));
    const { s } = start(g);
    const L = s.leader[0];
    for (let f = 0; f < 16; f++) expect(Math.hypot(s.fx[f] - s.fx[L], s.fy[f] - s.fy[L]) - 3).toBeLessThanOrEqual(10 + 1e-9);
    const ys = Array.from({ length: 16 }, (_, f) => s.fy[f]);
    expect(s.fy[L]).toBeLessThan(Math.max(...ys)); // not in the front rank
  });
  it('`leader: centre` keeps the member nearest the placement point (front rank of two); units without officer too', () => {
    const g = compile(doc([troopers({ leader: 'centre' })], [golems(60, 70)]));
    const { s } = start(g);
    const ys = [0, 1, 2, 3, 4, 5].map((f) => s.fy[f]);
    expect(s.fy[s.leader[0]]).toBe(Math.max(...ys));
    const h = compile(doc([troopers({ officer: undefined })], [golems(60, 70)]));
    expect(start(h).s.fy[0]).toBe(Math.max(...ys));
  });
  it('a salvo from the front kills the front rank before the sergeant (nearest first, p.67)', () => {
    for (const [leader, survives] of [['rear', true], ['centre', false]] as const) {
      const g = compile(doc([troopers({ leader })], [golems(60, 50)]));
      const { s } = start(g);
      const w = g.model.weapons.findIndex((x) => x.id === 'nanoblaster');
      // golems fire: every die hits and wounds (dice of 6); three impacts after the re-rolls
      const { ctx } = withDice(g, new Array(60).fill(6));
      for (let f = g.model.units[1].first + 3; f < g.model.units[1].first + 9; f++) s.alive[f] = 0;
      s.members[1] = 3;
      s.geom++;
      fireSalvo(g.env, s, 1, w, 0, 0, false, ctx);
      expect(s.members[0]).toBe(3);
      expect(s.officer[0] === 1, leader).toBe(survives);
    }
  });
});
