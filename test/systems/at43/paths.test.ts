/**
 * The core path search's shortcut for a goal closer than the base radius to an obstacle (no leg
 * can end there, so no path, without the search), on the at43 sector55 container: it answers -1
 * exactly for such goals, and every goal beyond the radius on the open table is still reached.
 */
import { describe, expect, it } from 'vitest';
import { BasePaths } from '../../../src/core/geometry/table/paths.ts';
import { pointBoundaryDistance, pointInShape, polygon } from '../../../src/core/geometry/table/shapes.ts';
import { streamFor } from '../../../src/core/rng/streams.ts';

describe('paths to a goal next to an obstacle', () => {
  const P: Array<[number, number]> = [[55, 40], [65, 40], [65, 50], [55, 50]];
  const box = { xs: P.map((p) => p[0]), ys: P.map((p) => p[1]) };
  const shape = polygon(P);
  it('no path when the goal is within r of the obstacle (no straight leg either); a path to every goal beyond it', () => {
    const paths = new BasePaths([box]);
    const out = new Float64Array(40);
    const rng = streamFor(9, 0, 0);
    let near = 0;
    let far = 0;
    let wrong = 0;
    for (let i = 0; i < 3000; i++) {
      const r = 1 + rng.float() * 7;
      // start in the south strip, goal anywhere around the box
      const ax = 10 + rng.float() * 100;
      const ay = 5 + rng.float() * 20;
      const bx = 40 + rng.float() * 40;
      const by = 25 + rng.float() * 40;
      if (pointInShape(shape, bx, by)) continue;
      const gd = pointBoundaryDistance(shape, bx, by);
      const n = paths.path(ax, ay, bx, by, r, null, out);
      if (gd < r - 1e-6) {
        near++;
        // the goal cannot be entered from any side at this radius
        for (let k = 0; k < 16; k++) {
          const t = (k * Math.PI) / 8;
          if (paths.clear(bx + 30 * Math.cos(t), by + 30 * Math.sin(t), bx, by, r, null)) wrong++;
        }
        if (n !== -1 && !paths.clear(ax, ay, bx, by, r, null, true)) wrong++;
      } else if (gd > r + 1e-3) {
        far++;
        if (n <= 0) wrong++;
      }
    }
    expect(near).toBeGreaterThan(100);
    expect(far).toBeGreaterThan(1000);
    expect(wrong).toBe(0);
  });
});
