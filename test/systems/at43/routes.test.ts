/**
 * movement.ts routeOf (the routes memo): a route read back is the route computed afresh, on the
 * sector55 table (the container beside the generator objective), for goals asked again with one of
 * the six inputs changed (or none), narrow and wide formations.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { streamFor } from '../../../src/core/rng/streams.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import { route, routeOf } from '../../../src/systems/at43/rules/movement.ts';
import { ROOT } from '../../helpers/bundled.ts';

describe('the routes memo', () => {
  it('reads back the route computed afresh, whichever input differs', () => {
    const m = (loadScenarioFile(join(ROOT, 'scenarios', 'at43', 'sector55.yaml')).compiled as unknown as At43Game).model;
    const a = new Float64Array(1024);
    const b = new Float64Array(1024);
    const rng = streamFor(3, 0, 0);
    const asked: number[][] = [];
    let compared = 0;
    let detours = 0;
    for (let i = 0; i < 600; i++) {
      let q: number[];
      if (i % 3 === 0 || asked.length === 0) {
        // start in the south strip, the goal the objective or anywhere near the container
        const goal = rng.float() < 0.5 ? [60, 53] : [45 + rng.float() * 30, 35 + rng.float() * 25];
        q = [10 + rng.float() * 100, 5 + rng.float() * 20, goal[0], goal[1], i % 2 ? 2 + rng.float() * 6 : 20 + rng.float() * 30, 0.5 + rng.float() * 3];
      } else {
        // an input asked before with one of its six numbers changed (or none)
        q = asked[Math.floor(rng.float() * asked.length)].slice();
        const k = Math.floor(rng.float() * 7);
        if (k < 6) q[k] += k < 4 ? 3 : 0.5;
      }
      asked.push(q);
      const n = routeOf(m, q[0], q[1], q[2], q[3], q[4], q[5], a);
      const n0 = route(m, q[0], q[1], q[2], q[3], q[4], q[5], b);
      expect(n).toBe(n0);
      expect(Array.from(a.subarray(0, 2 * n))).toEqual(Array.from(b.subarray(0, 2 * n0)));
      compared++;
      if (n0 > 1) detours++;
    }
    expect(compared).toBe(600);
    expect(detours).toBeGreaterThan(50); // the container is in the way of many
  });

  it('reads back the right route when the table is full (sets shared, the older way evicted or promoted)', () => {
    // a model of its own (a fresh table), far more routes than the table's 4,096 records, asked
    // again in an order that hits both ways of a set, misses evicted ones and revisits promoted ones
    const m = (loadScenarioFile(join(ROOT, 'scenarios', 'at43', 'sector55.yaml')).compiled as unknown as At43Game).model;
    const a = new Float64Array(1024);
    const b = new Float64Array(1024);
    const rng = streamFor(5, 0, 0);
    const asked: number[][] = [];
    for (let i = 0; i < 12000; i++) {
      const fresh = i < 6000 || rng.float() < 0.2;
      const q = fresh
        ? [10 + rng.float() * 100, 5 + rng.float() * 20, rng.float() < 0.5 ? 60 : 45 + rng.float() * 30, rng.float() < 0.5 ? 53 : 35 + rng.float() * 25, 2 + rng.float() * 20, 0.5 + rng.float() * 3]
        : asked[i % 2 ? asked.length - 1 - Math.floor(rng.float() * 50) : Math.floor(rng.float() * asked.length)];
      if (fresh) asked.push(q);
      const n = routeOf(m, q[0], q[1], q[2], q[3], q[4], q[5], a);
      const n0 = route(m, q[0], q[1], q[2], q[3], q[4], q[5], b);
      if (n !== n0 || a.subarray(0, 2 * n).some((x, j) => x !== b[j])) throw new Error(`route ${i} read back wrong: ${q.join(', ')}`);
    }
  });
});
