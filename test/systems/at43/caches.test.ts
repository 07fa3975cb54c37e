/**
 * The geometry caches (rules/table.ts) against fresh computations over random playouts on every
 * bundled scenario: line of sight (seesNow's convex-obstacle shortcut against the core's five-line
 * basesSee; the cache kept across moves and states, invalidated by moved fighters and
 * moved or destroyed AFVs) and contact (per fighter, per geometry version). Queries alternate
 * between the played state and an older clone, as search agents do.
 */
import { describe, expect, it } from 'vitest';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { randomAgent, resolveAgentParams } from '../../../src/core/agent.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import type { Model } from '../../../src/systems/at43/model.ts';
import { fighterTouches, gap, sees, seesNow, seesReference, seesUnit, unitTouches } from '../../../src/systems/at43/rules/table.ts';
import { convexSeparatesDiscs, convexSeparatesDiscsIn } from '../../../src/core/geometry/table/groups.ts';
import { segmentTouchesShape, polygon } from '../../../src/core/geometry/table/shapes.ts';
import { streamFor } from '../../../src/core/rng/streams.ts';
import type { At43State } from '../../../src/systems/at43/state.ts';

function check(m: Model, s: At43State): number {
  let bad = 0;
  for (let a = 0; a < m.nF; a++) {
    for (let b = 0; b < m.nF; b++) {
      if (a === b) continue;
      const fresh = seesNow(m, s, a, b);
      if (sees(m, s, a, b) !== fresh || seesReference(m, s, a, b) !== fresh) bad++;
    }
    let touch = false;
    for (let g = 0; g < m.nF; g++) if (s.alive[g] && m.units[m.fUnit[g]].side !== m.units[m.fUnit[a]].side && gap(m, s, a, g) < m.rules.contact.cm) touch = true;
    if (fighterTouches(m, s, a) !== touch) bad++;
    // a whole unit at once (the obstacle-across-the-discs shortcut) against the pairs
    for (let v = 0; v < m.units.length; v++) {
      if (!s.alive[a]) continue;
      let any = false;
      for (let f = m.units[v].first; f < m.units[v].first + m.units[v].count; f++) if (s.alive[f] && seesNow(m, s, a, f)) any = true;
      if (seesUnit(m, s, a, v) !== any) bad++;
    }
  }
  for (let u = 0; u < m.units.length; u++) {
    let touch = false;
    for (let f = m.units[u].first; f < m.units[u].first + m.units[u].count; f++)
      for (let g = 0; g < m.nF; g++) if (s.alive[f] && s.alive[g] && m.fSide[g] !== m.fSide[f] && gap(m, s, f, g) < m.rules.contact.cm) touch = true;
    if (unitTouches(m, s, u) !== touch) bad++;
  }
  return bad;
}

describe('geometry caches agree with fresh computations', () => {
  for (const file of bundledScenarios('at43'))
    it(file.split('/').pop()!, () => {
      const L = loadScenarioFile(file);
      const g = L.compiled as unknown as At43Game;
      const tally = new Tally(g.metrics);
      const scratch = new PlayScratch(L.compiled);
      let bad = 0;
      let checks = 0;
      let moved = 0;
      for (let i = 0; i < 3; i++) {
        const agents = [0, 1].map((side) => randomAgent.create(g, side, resolveAgentParams(randomAgent, {})[0]));
        let old: At43State | null = null;
        let lastX: number[] = [];
        playGame(L.compiled, agents, gameStreams(11, i, 2), tally, scratch, {
          beforeDecision: (st, _side, _legal, _n, d) => {
            const s = st as At43State;
            if (lastX.some((x, k) => x !== s.fx[k])) moved++;
            lastX = s.fx.slice();
            bad += check(g.model, s);
            checks++;
            if (old && d % 3 === 0) bad += check(g.model, old); // an older state in between
            if (d % 7 === 0) old = g.clone(s);
          },
        });
      }
      expect(checks).toBeGreaterThan(50);
      expect(moved).toBeGreaterThan(5); // the caches were exercised across moves
      expect(bad).toBe(0);
    });
});

describe('convexSeparatesDiscs (core): every segment between the two discs meets the polygon', () => {
  it('random discs and a square and a triangle: no counter-example among sampled segments', () => {
    const rng = streamFor(5, 0, 0);
    const polys = [
      [[55, 40], [65, 40], [65, 50], [55, 50]],
      [[50, 40], [70, 44], [58, 52]],
    ] as Array<Array<[number, number]>>;
    let separated = 0;
    let wrong = 0;
    for (let i = 0; i < 4000; i++) {
      const P = polys[i % 2];
      const shape = polygon(P);
      const xs = P.map((p) => p[0]);
      const ys = P.map((p) => p[1]);
      const ax = rng.float() * 120, ay = rng.float() * 90, ar = 1 + rng.float() * 10;
      const bx = rng.float() * 120, by = rng.float() * 90, br = 1 + rng.float() * 10;
      if (!convexSeparatesDiscs(ax, ay, ar, bx, by, br, xs, ys)) continue;
      separated++;
      for (let k = 0; k < 50; k++) {
        const ra = ar * Math.sqrt(rng.float()), ta = rng.float() * 2 * Math.PI;
        const rb = br * Math.sqrt(rng.float()), tb = rng.float() * 2 * Math.PI;
        if (!segmentTouchesShape(shape, ax + ra * Math.cos(ta), ay + ra * Math.sin(ta), bx + rb * Math.cos(tb), by + rb * Math.sin(tb))) wrong++;
      }
    }
    expect(separated).toBeGreaterThan(50);
    expect(wrong).toBe(0);
  });
  it('with the polygon\'s bounding circle given, the same answers (its shortcut never changes one)', () => {
    const rng = streamFor(6, 0, 0);
    const polys = [
      [[55, 40], [65, 40], [65, 50], [55, 50]],
      [[50, 40], [70, 44], [58, 52]],
    ] as Array<Array<[number, number]>>;
    let separated = 0;
    let differ = 0;
    const d6 = new Float64Array(6);
    for (let i = 0; i < 20000; i++) {
      const P = polys[i % 2];
      const xs = P.map((p) => p[0]);
      const ys = P.map((p) => p[1]);
      const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
      const bound = Float64Array.of((x0 + x1) / 2, (y0 + y1) / 2, Math.hypot(x1 - x0, y1 - y0) / 2);
      // discs around the polygon, some of them grazing or overlapping it
      for (let k = 0; k < 6; k += 3) {
        d6[k] = 40 + rng.float() * 40;
        d6[k + 1] = 28 + rng.float() * 36;
        d6[k + 2] = 0.5 + rng.float() * 8;
      }
      const plain = convexSeparatesDiscsIn(d6, xs, ys);
      if (plain) separated++;
      if (convexSeparatesDiscsIn(d6, xs, ys, 1e-6, bound) !== plain) differ++;
    }
    expect(separated).toBeGreaterThan(200);
    expect(differ).toBe(0);
  });
  it('an obstacle beside the line between the discs does not separate them', () => {
    expect(convexSeparatesDiscs(10, 10, 3, 100, 10, 3, [50, 60, 60, 50], [20, 20, 30, 30])).toBe(false);
    expect(convexSeparatesDiscs(10, 10, 3, 100, 10, 3, [50, 60, 60, 50], [0, 0, 30, 30])).toBe(true);
    // the obstacle touches one disc: unsure, so false
    expect(convexSeparatesDiscs(10, 10, 3, 100, 10, 3, [12, 60, 60, 12], [0, 0, 30, 30])).toBe(false);
  });
});
