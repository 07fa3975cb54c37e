/** Movement (p.48, p.58): paths around high obstacles measured along the path, formations kept, rush and run-over. */
import { describe, expect, it } from 'vitest';
import { groupCoherent } from '../../../src/core/geometry/table/groups.ts';
import { pointShapeDistance } from '../../../src/core/geometry/table/shapes.ts';
import { MAX_UNITS, N_DIRS } from '../../../src/systems/at43/model.ts';
import { moveUnit } from '../../../src/systems/at43/rules/movement.ts';
import { compile, doc, FixedDice, start, withDice } from './helpers.ts';

describe('movement', () => {
  it('a unit walks around a container toward an objective behind it, the full 14 cm measured along the path, never touching it', () => {
    const g = compile(doc([{ id: 's', profile: 'steel-trooper', count: 4, officer: 'sergeant', x: 60, y: 30, formation: 'line' }], [{ id: 'g', profile: 'storm-golem', count: 1, x: 10, y: 85, formation: 'blob' }], {
      terrain: [{ id: 'c', polygon: [[50, 36], [70, 36], [70, 46], [50, 46]], size: 3, cover: false }],
      objectives: [{ id: 'o', x: 60, y: 60 }],
    }));
    const { s, ctx } = start(g);
    const x0 = s.fx.slice(0, 4);
    const y0 = s.fy.slice(0, 4);
    const d = moveUnit(g.env, s, 0, false, N_DIRS + MAX_UNITS + 0, ctx);
    expect(d).toBeCloseTo(14, 6);
    const shape = g.model.terrain[0].shape;
    for (let f = 0; f < 4; f++) expect(pointShapeDistance(shape, s.fx[f], s.fy[f])).toBeGreaterThanOrEqual(1.5 - 1e-6);
    // every member moved the same way (the formation is kept), and no farther than 14 cm in a straight line
    for (let f = 1; f < 4; f++) expect(s.fx[f] - x0[f]).toBeCloseTo(s.fx[0] - x0[0], 6);
    expect(Math.hypot(s.fx[0] - x0[0], s.fy[0] - y0[0])).toBeLessThanOrEqual(14 + 1e-6);
    expect(groupCoherent(s.fx, s.fy, g.model.fRadius, [0, 1, 2, 3], 4, s.leader[0], 10, 2.5)).toBe(true);
  });
  it('a combat move toward an enemy unit stops in contact (engaged), never overlapping', () => {
    const g = compile(doc([{ id: 's', profile: 'steel-trooper', count: 1, x: 60, y: 30, formation: 'line' }], [{ id: 'g', profile: 'storm-golem', count: 1, x: 60, y: 42, formation: 'blob' }]));
    const { s, ctx } = start(g);
    moveUnit(g.env, s, 0, false, N_DIRS + 1, ctx);
    const gap = Math.hypot(s.fx[0] - s.fx[1], s.fy[0] - s.fy[1]) - 3;
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(2.5);
  });
  it('an AFV rush runs over the infantry on its swept path (W38 thresholds) and moves survivors aside', () => {
    const g = compile(doc([{ id: 'ft', profile: 'fire-toad', count: 1, x: 60, y: 10, formation: 'line' }], [{ id: 't', profile: 'steel-trooper', count: 2, x: 60, y: 25, formation: 'line' }]));
    const { s } = start(g);
    s.fx[1] = 60; s.fy[1] = 20; s.fx[2] = 61; s.fy[2] = 26; s.geom++;
    const { ctx } = withDice(g, [5, 4]); // first fighter on the path dies on 5+, the second survives a 4
    moveUnit(g.env, s, 0, true, 0, ctx); // rush north 25 cm (Movement 15 + 10)
    expect(s.fy[0]).toBeCloseTo(35, 6);
    expect(s.alive[1] + s.alive[2]).toBe(1);
    const survivor = s.alive[1] ? 1 : 2;
    expect(Math.hypot(s.fx[survivor] - s.fx[0], s.fy[survivor] - s.fy[0]) - 3.5 - 1.5).toBeGreaterThanOrEqual(0);
    expect(new FixedDice([]).used()).toBe(0);
  });
});

describe('a goal beside an obstacle (the generator 3 cm north of a container)', () => {
  it('the formation goes round the container to the nearest place where it fits, and reaches the control radius', () => {
    // sector55's geometry: a 10 × 10 container, the objective 3 cm beyond its far edge
    const g = compile(doc([{ id: 's', profile: 'steel-trooper', count: 6, officer: 'sergeant', x: 84, y: 15, formation: 'line' }], [{ id: 'g', profile: 'storm-golem', count: 1, x: 10, y: 85, formation: 'blob' }], {
      terrain: [{ id: 'c', polygon: [[55, 40], [65, 40], [65, 50], [55, 50]], size: 3, cover: false }],
      objectives: [{ id: 'o', x: 60, y: 53 }],
    }));
    const { s, ctx } = start(g);
    const O = { x: 60, y: 53 };
    const within = () => [0, 1, 2, 3, 4, 5].filter((f) => Math.hypot(s.fx[f] - O.x, s.fy[f] - O.y) - 1.5 <= 10).length;
    for (let k = 0; k < 5; k++) moveUnit(g.env, s, 0, false, N_DIRS + MAX_UNITS + 0, ctx);
    expect(within()).toBeGreaterThanOrEqual(3); // without the push it stopped against the container, none within 10 cm
    const shape = g.model.terrain[0].shape;
    for (let f = 0; f < 6; f++) expect(pointShapeDistance(shape, s.fx[f], s.fy[f])).toBeGreaterThanOrEqual(1.5 - 1e-6);
  });
});
