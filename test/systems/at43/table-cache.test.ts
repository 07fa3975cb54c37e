/**
 * The fast twin (rules/table-cache.ts: caches keyed to geometry versions, conservative shortcuts)
 * against the pure definitions (rules/table.ts) over random playouts on every bundled scenario:
 * line of sight (the cache kept across moves and states, invalidated by moved fighters and moved or
 * destroyed AFVs, as the rules' notes of what they moved or killed tell syncGeom: a note naming the
 * wrong unit or fighter fails here; seesNow's convex-obstacle shortcut), sight of a whole unit
 * (witness, clear view, one obstacle across the unit), who can shoot (the carriers in sight, all of
 * them when the two units stand in clear view), contact and engagement, the zone of fire (empty at once
 * when no third unit stands near the line of fire), cover and the mêlée;
 * the "surely far apart" shortcuts never answer far for bases within reach. Queries alternate
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
import * as pure from '../../../src/systems/at43/rules/table.ts';
import * as fast from '../../../src/systems/at43/rules/table-cache.ts';
import { anyReadyShooter, carrierOk, carriersSee, readyCarriers, readyShooters } from '../../../src/systems/at43/rules/shooting.ts';
import { convexSeparatesDiscs, convexSeparatesDiscsIn } from '../../../src/core/geometry/table/groups.ts';
import { segmentTouchesShape, polygon } from '../../../src/core/geometry/table/shapes.ts';
import { streamFor } from '../../../src/core/rng/streams.ts';
import { DR_KNEE, type At43State } from '../../../src/systems/at43/state.ts';

const OUT_P = new Int32Array(512);
const OUT_F = new Int32Array(512);
const MASK_P = new Uint8Array(64);
const MASK_F = new Uint8Array(64);
const CARRIERS = new Int32Array(64);

/** Disagreements between the twins on state s, by kind. */
function check(m: Model, s: At43State, bad: Record<string, number>): void {
  const miss = (k: string) => (bad[k] = (bad[k] ?? 0) + 1);
  const c = m.rules.contact.cm;
  for (let a = 0; a < m.nF; a++) {
    for (let b = 0; b < m.nF; b++) {
      if (a === b) continue;
      const p = pure.sees(m, s, a, b);
      if (fast.sees(m, s, a, b) !== p) miss('sees');
      if (fast.seesNow(m, s, a, b) !== p) miss('seesNow');
    }
    if (fast.fighterTouches(m, s, a) !== pure.fighterTouches(m, s, a)) miss('fighterTouches');
    if (fast.fighterEngaged(m, s, a) !== pure.fighterEngaged(m, s, a)) miss('fighterEngaged');
    for (let v = 0; v < m.units.length; v++) {
      if (s.alive[a] && fast.seesUnit(m, s, a, v) !== pure.seesUnit(m, s, a, v)) miss('seesUnit');
      // "surely far" shortcuts: never for a base within reach of an alive member
      if (fast.baseFarFromUnit(m, s, s.fx[a], s.fy[a], m.fRadius[a], v, c)) {
        const V = m.units[v];
        for (let g = V.first; g < V.first + V.count; g++) if (s.alive[g] && pure.gap(m, s, a, g) <= c) miss('baseFarFromUnit');
      }
    }
  }
  for (let u = 0; u < m.units.length; u++) {
    if (fast.unitTouches(m, s, u) !== pure.unitTouches(m, s, u)) miss('unitTouches');
    if (fast.unitEngaged(m, s, u) !== pure.unitEngaged(m, s, u)) miss('unitEngaged');
    if (s.members[u] > 0 && !m.units[u].afv && fast.meleeOf(m, s, u, MASK_F) !== pure.meleeOf(m, s, u, MASK_P)) miss('meleeOf');
    else if (s.members[u] > 0 && !m.units[u].afv && MASK_F.some((x, i) => x !== MASK_P[i])) miss('meleeOf');
    for (let v = 0; v < m.units.length; v++) {
      if (u === v || s.members[u] === 0 || s.members[v] === 0) continue;
      if (fast.unitsFarApart(m, s, u, v, c)) {
        const U = m.units[u];
        const V = m.units[v];
        for (let f = U.first; f < U.first + U.count; f++) for (let g = V.first; g < V.first + V.count; g++) if (s.alive[f] && s.alive[g] && pure.gap(m, s, f, g) <= c) miss('unitsFarApart');
      }
      if (m.units[u].side === m.units[v].side) continue;
      // who can shoot (direct fire): the carriers that see a member of v, one by one (the fast
      // twins skip the lines when the two units stand in clear view)
      for (const w of m.units[u].weaponTypes) {
        if (m.weapons[w].aoe > 0) continue;
        const nc = readyCarriers(m, s, u, w, CARRIERS);
        for (let group = 0; group < 3; group++) {
          let seen = 0;
          for (let i = 0; i < nc; i++) if (carrierOk(m, CARRIERS[i], group) && pure.seesUnit(m, s, CARRIERS[i], v)) seen++;
          if (readyShooters(m, s, u, w, v, group) !== seen) miss('readyShooters');
          if (anyReadyShooter(m, s, u, w, v, group) !== seen > 0) miss('anyReadyShooter');
          if (group === 0 && carriersSee(m, s, CARRIERS, nc, v) !== seen > 0) miss('carriersSee');
        }
      }
      for (const tc of [false, true]) if (fast.underCover(m, s, u, v, tc) !== pure.underCover(m, s, u, v, tc)) miss('underCover');
      const np = pure.caughtInZone(m, s, u, v, OUT_P, DR_KNEE);
      const nf = fast.caughtInZone(m, s, u, v, OUT_F, DR_KNEE);
      if (np !== nf || OUT_P.subarray(0, np).some((x, i) => x !== OUT_F[i])) miss('caughtInZone');
      if (!m.units[v].afv && pure.unitEngaged(m, s, v) && pure.meleeOf(m, s, v, MASK_P) > 1) {
        fast.meleeOf(m, s, v, MASK_F);
        const mp = pure.caughtInZone(m, s, u, v, OUT_P, DR_KNEE, -1, MASK_P);
        const mf = fast.caughtInZone(m, s, u, v, OUT_F, DR_KNEE, -1, MASK_F);
        if (mp !== mf || OUT_P.subarray(0, mp).some((x, i) => x !== OUT_F[i])) miss('caughtInZone (mêlée)');
      }
    }
  }
}

describe('table-cache.ts gives the answers of table.ts', () => {
  for (const file of bundledScenarios('at43'))
    it(file.split('/').pop()!, () => {
      const L = loadScenarioFile(file);
      const g = L.compiled as unknown as At43Game;
      const tally = new Tally(g.metrics);
      const scratch = new PlayScratch(L.compiled);
      const bad: Record<string, number> = {};
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
            if (d % 2 === 0) {
              check(g.model, s, bad);
              checks++;
            }
            if (old && d % 6 === 0) check(g.model, old, bad); // an older state in between
            if (d % 7 === 0) old = g.clone(s);
          },
        });
      }
      expect(checks).toBeGreaterThan(50);
      expect(moved).toBeGreaterThan(5); // the caches were exercised across moves
      expect(bad).toEqual({});
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
