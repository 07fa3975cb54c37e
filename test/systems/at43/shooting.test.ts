/**
 * Shooting rules fixed against the rulebook (issue 20 item 5), each on a constructed position:
 *  - p.58 "Only free units can shoot": a unit that moves into contact is engaged and cannot shoot
 *    afterwards (today's main judged freedom only at the start of the activation; replay:
 *    `salvo replay scenarios/at43/access-route.yaml --game 36 --agents random,random`, round 3,
 *    ks8 moves 2.2 cm into contact, then fires); shooting first and then charging stays legal (FAQ Q2);
 *  - p.66-67 the zone of cover behind a low wall reaches `cover.depthCm` (10) behind it, not to
 *    the table edge.
 */
import { describe, expect, it } from 'vitest';
import { A } from '../../../src/systems/at43/actions.ts';
import { N_DIRS } from '../../../src/systems/at43/model.ts';
import * as pure from '../../../src/systems/at43/rules/table.ts';
import { underCover, unitEngaged } from '../../../src/systems/at43/rules/table-cache.ts';
import { compile, doc, start } from './helpers.ts';

const troopers = (id: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ id, profile: 'steel-trooper', count: 6, officer: 'sergeant', x, y, formation: 'line', ...extra });
const golems = (id: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ id, profile: 'storm-golem', count: 6, officer: 'overseer-alpha', x, y, formation: 'blob', ...extra });

function legalOf(g: ReturnType<typeof compile>, s: ReturnType<typeof start>['s']): number[] {
  const out = new Int32Array(g.maxActions);
  return Array.from(out.subarray(0, g.legalActions(s, out)));
}

describe('only free units shoot (seed p.58)', () => {
  const setup = () => {
    const g = compile(doc([troopers('s', 60, 20)], [golems('g', 60, 36)], { firstRoundAuthorityWinner: 'A' }));
    const { s, ctx } = start(g);
    g.apply(s, A.encode.order(0), ctx);
    g.apply(s, A.encode.order(1), ctx);
    g.apply(s, A.encode.first(0), ctx);
    g.apply(s, A.encode.turn(0), ctx); // the troopers activate, free
    return { g, s, ctx };
  };
  it('a unit that combat-moves into contact may not shoot afterwards; it may fight', () => {
    const { g, s, ctx } = setup();
    expect(s.engagedAtStart).toBe(0);
    expect(legalOf(g, s).some((a) => A.is(a, 'shoot'))).toBe(true); // free: it may shoot before moving
    g.apply(s, A.encode.move(0, N_DIRS + 1), ctx); // toward the golems' leader: into contact
    expect(unitEngaged(g.model, s, 0)).toBe(true);
    const legal = legalOf(g, s);
    expect(legal.some((a) => A.is(a, 'shoot'))).toBe(false);
    expect(legal).toContain(A.encode.fight());
  });
  it('shoot, then combat-move into contact, then fight (FAQ Q2) stays legal', () => {
    const { g, s, ctx } = setup();
    const shot = legalOf(g, s).find((a) => A.is(a, 'shoot'))!;
    g.apply(s, shot, ctx);
    g.apply(s, A.encode.move(0, N_DIRS + 1), ctx);
    expect(unitEngaged(g.model, s, 0)).toBe(true);
    expect(legalOf(g, s)).toContain(A.encode.fight());
  });
  it('a unit that moves without reaching contact may still shoot after its move', () => {
    const { g, s, ctx } = setup();
    g.apply(s, A.encode.move(0, 4), ctx); // heading 180° (toward y = 0, away from the golems)
    expect(unitEngaged(g.model, s, 0)).toBe(false);
    expect(legalOf(g, s).some((a) => A.is(a, 'shoot'))).toBe(true);
  });
});

describe('the zone of cover has a depth (seed p.66-67, option cover.depthCm)', () => {
  // a low wall (Size 1) across x 40-80 at y 40-42; golems shoot from the south, 35 cm away
  const wall = [{ id: 'wall', polygon: [[40, 40], [80, 40], [80, 42], [40, 42]], size: 1, cover: true }];
  const covered = (y: number, depth?: number) => {
    const g = compile(doc([troopers('s', 60, y)], [golems('g', 60, 5)], { terrain: wall }, depth === undefined ? {} : { options: { 'cover.depthCm': depth } }));
    const { s } = start(g);
    const fast = underCover(g.model, s, 1, 0, false);
    expect(pure.underCover(g.model, s, 1, 0, false)).toBe(fast); // the twins agree
    return fast;
  };
  it('troopers right behind the wall are under cover', () => {
    expect(covered(45)).toBe(true);
    expect(covered(45, 2.5)).toBe(true);
  });
  it('troopers 18 cm behind it are not: the wall no longer hides them', () => {
    expect(covered(60)).toBe(false);
  });
  it('with no depth limit (cover.depthCm: 0) the whole zone beyond the wall gives cover', () => {
    expect(covered(60, 0)).toBe(true);
    expect(covered(80, 0)).toBe(true);
  });
  it('in contact only (cover.depthCm: 2.5): 8 cm behind is too far', () => {
    expect(covered(51, 10)).toBe(true);
    expect(covered(51, 2.5)).toBe(false);
  });
});
