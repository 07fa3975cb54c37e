/**
 * Shortest paths of a round base around polygonal obstacles: the visibility graph over the
 * obstacles' corners pushed outward by the base radius (plus a margin), searched with Dijkstra.
 * A base "can pass between" two obstacles when the corridor is wider than its diameter; the path
 * length is measured along the path (AT-43 p.48). Works for convex obstacles (concave ones are
 * treated through their corners, which stays safe but may be longer). The corners pushed out
 * for a radius, their distances and clearances are cached per radius (the 32 latest radii; the
 * oldest one's arrays serve the next new radius), so the search allocates little; scratch arrays
 * are sized for the obstacles given.
 */
import { hypot } from './angles.ts';
import { BESIDE_SLACK, pointInShape, pointSegmentDistance2, polygonBesideLine, segmentsIntersect, type Shape } from './shapes.ts';

export interface PathObstacle {
  readonly xs: readonly number[];
  readonly ys: readonly number[];
}

interface CornerSet {
  /** Nodes used: 2 + the corners of the active obstacles. */
  readonly n: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** n × n corner-to-corner distances (rows and columns 0, 1 unused). */
  readonly dist: Float64Array;
  /** n × n corner-to-corner clearance: 0 unknown, 1 clear, 2 blocked. */
  readonly clear: Uint8Array;
}

export class BasePaths {
  private readonly nx: Float64Array;
  private readonly ny: Float64Array;
  private readonly dist: Float64Array;
  private readonly prev: Int32Array;
  private readonly done: Uint8Array;
  private readonly cache = new Map<number, CornerSet>();
  private cacheActive: ArrayLike<number> | null = null;
  private readonly shapes: Shape[];
  /** Bounding box per obstacle: x0, y0, x1, y1. */
  private readonly box: Float64Array;

  constructor(private readonly obstacles: readonly PathObstacle[], private readonly margin = 0.05) {
    let v = 0;
    for (const o of obstacles) v += o.xs.length;
    const n = v + 2;
    this.nx = new Float64Array(n);
    this.ny = new Float64Array(n);
    this.dist = new Float64Array(n);
    this.prev = new Int32Array(n);
    this.done = new Uint8Array(n);
    this.shapes = obstacles.map((o) => ({ kind: 'polygon', xs: o.xs, ys: o.ys }) as Shape);
    this.box = new Float64Array(4 * obstacles.length);
    obstacles.forEach((o, k) => this.box.set([Math.min(...o.xs), Math.min(...o.ys), Math.max(...o.xs), Math.max(...o.ys)], 4 * k));
  }

  /** Distance from segment a-b to obstacle k (0 when they touch or cross). */
  private segDist(k: number, ax: number, ay: number, bx: number, by: number): number {
    const o = this.obstacles[k];
    // a point (a = b, as the start and goal tests ask): one inside test and one distance per edge,
    // the duplicates of the segment form left out (the same values, so the same least one)
    const point = ax === bx && ay === by;
    if (pointInShape(this.shapes[k], ax, ay) || (!point && pointInShape(this.shapes[k], bx, by))) return 0;
    // squared distances, one square root at the end: the square root of the least square is the
    // least distance exactly (sqrt is monotonic and correctly rounded); each corner's distance to
    // the segment is taken once (it ends two edges)
    let d2 = Infinity;
    const m = o.xs.length;
    for (let i = 0, j = m - 1; i < m; j = i++) {
      const cx = o.xs[j], cy = o.ys[j], dx = o.xs[i], dy = o.ys[i];
      if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
      let e = pointSegmentDistance2(ax, ay, cx, cy, dx, dy);
      if (e < d2) d2 = e;
      if (!point) {
        e = pointSegmentDistance2(bx, by, cx, cy, dx, dy);
        if (e < d2) d2 = e;
      }
      e = pointSegmentDistance2(dx, dy, ax, ay, bx, by);
      if (e < d2) d2 = e;
    }
    return Math.sqrt(d2);
  }

  /**
   * Is (x, y) farther than r from obstacle k's bounding box, by more than the slack? Then its
   * distance to the obstacle (segDist of the point) is surely at least r: a certain answer before
   * the exact one.
   */
  private pointFar(k: number, x: number, y: number, r: number): boolean {
    const box = this.box;
    const reach = r + BESIDE_SLACK;
    return x < box[4 * k] - reach || x > box[4 * k + 2] + reach || y < box[4 * k + 1] - reach || y > box[4 * k + 3] + reach;
  }

  /**
   * Can a base of radius r travel straight from a to b without touching an active obstacle? With
   * `fromStart`, a base already closer than r to an obstacle may leave as long as it never gets
   * closer to it than it is at a (a formation standing next to a wall can still walk away).
   */
  clear(ax: number, ay: number, bx: number, by: number, r: number, active: ArrayLike<number> | null, fromStart = false): boolean {
    const reach = r + 1e-6;
    const x0 = Math.min(ax, bx) - reach;
    const x1 = Math.max(ax, bx) + reach;
    const y0 = Math.min(ay, by) - reach;
    const y1 = Math.max(ay, by) + reach;
    const box = this.box;
    for (let k = 0; k < this.obstacles.length; k++) {
      if (active && !active[k]) continue;
      // farther than r along an axis from the obstacle's bounding box: no contact possible
      if (x0 > box[4 * k + 2] || x1 < box[4 * k] || y0 > box[4 * k + 3] || y1 < box[4 * k + 1]) continue;
      // every corner farther than r from the leg's line, on one side: segDist would find d > r
      // (shapes.ts polygonBesideLine), the same `continue` without the edge by edge distances
      if (polygonBesideLine(ax, ay, bx, by, this.obstacles[k].xs, this.obstacles[k].ys, r)) continue;
      const d = this.segDist(k, ax, ay, bx, by);
      if (d >= r && d > 0) continue; // clear of it whatever the start allows
      let d0 = -1;
      let need = r;
      if (fromStart) {
        d0 = this.segDist(k, ax, ay, ax, ay);
        if (d0 < r) need = Math.max(0, d0 - 1e-6);
      }
      if (d < need) return false;
      if (need === 0 && d === 0 && (d0 >= 0 ? d0 : this.segDist(k, ax, ay, ax, ay)) > 0) return false;
    }
    return true;
  }

  /**
   * The pushed-out corners for radius r (nodes 2.., as in path()), with the corner-to-corner
   * distances and a lazily filled clearance table: they depend on r and the active obstacles only.
   */
  private corners(r: number, active: ArrayLike<number> | null): CornerSet {
    if (active !== this.cacheActive) {
      this.cache.clear();
      this.cacheActive = active;
    }
    const hit = this.cache.get(r);
    if (hit) return hit;
    // full: the oldest radius makes room, and its arrays are reused when they fit
    let spare: CornerSet | null = null;
    if (this.cache.size >= 32) {
      const [oldest, set] = this.cache.entries().next().value as [number, CornerSet];
      this.cache.delete(oldest);
      spare = set;
    }
    const total = this.nx.length;
    const x = spare ? spare.x : new Float64Array(total);
    const y = spare ? spare.y : new Float64Array(total);
    let n = 2;
    const push = r + this.margin;
    for (let k = 0; k < this.obstacles.length; k++) {
      if (active && !active[k]) continue;
      const o = this.obstacles[k];
      const m = o.xs.length;
      let cx = 0;
      let cy = 0;
      for (let i = 0; i < m; i++) {
        cx += o.xs[i];
        cy += o.ys[i];
      }
      cx /= m;
      cy /= m;
      for (let i = 0; i < m; i++) {
        // outward along the bisector of the two edge normals, far enough to clear both edges
        const px = o.xs[(i + m - 1) % m], py = o.ys[(i + m - 1) % m];
        const qx = o.xs[(i + 1) % m], qy = o.ys[(i + 1) % m];
        const vx = o.xs[i], vy = o.ys[i];
        let n1x = vy - py, n1y = -(vx - px);
        let n2x = qy - vy, n2y = -(qx - vx);
        const l1 = hypot(n1x, n1y) || 1;
        const l2 = hypot(n2x, n2y) || 1;
        n1x /= l1; n1y /= l1; n2x /= l2; n2y /= l2;
        // orient the normals away from the centroid
        if ((vx - cx) * n1x + (vy - cy) * n1y < 0) { n1x = -n1x; n1y = -n1y; }
        if ((vx - cx) * n2x + (vy - cy) * n2y < 0) { n2x = -n2x; n2y = -n2y; }
        let bxv = n1x + n2x;
        let byv = n1y + n2y;
        const lb = hypot(bxv, byv) || 1;
        bxv /= lb;
        byv /= lb;
        const cosHalf = Math.max(0.2, bxv * n1x + byv * n1y);
        x[n] = vx + (bxv * push) / cosHalf;
        y[n] = vy + (byv * push) / cosHalf;
        n++;
      }
    }
    const reuse = spare !== null && spare.n === n;
    const dist = reuse ? spare!.dist : new Float64Array(n * n);
    for (let u = 2; u < n; u++) for (let v = 2; v < n; v++) dist[u * n + v] = hypot(x[v] - x[u], y[v] - y[u]);
    const clear = reuse ? spare!.clear.fill(0) : new Uint8Array(n * n);
    const set: CornerSet = { n, x, y, dist, clear };
    this.cache.set(r, set);
    return set;
  }

  /**
   * Shortest path for a base of radius r from a to b around the active obstacles. Writes the
   * waypoints after a (the last is b) as (x, y) pairs into out and returns their number, or -1
   * when b cannot be reached. `out` needs 2 × (corners + 1) numbers. The corner cache is keyed by
   * r and by the identity of `active`: pass a new array (not a mutated one) for another active set.
   */
  path(ax: number, ay: number, bx: number, by: number, r: number, active: ArrayLike<number> | null, out: Float64Array): number {
    if (this.clear(ax, ay, bx, by, r, active, true)) {
      out[0] = bx;
      out[1] = by;
      return 1;
    }
    // a goal closer than r to an obstacle: every leg into it from a corner is blocked (its distance
    // is at most the goal's, an end of the leg) and the straight way just failed, so no path
    for (let k = 0; k < this.obstacles.length; k++) if ((!active || active[k]) && !this.pointFar(k, bx, by, r) && this.segDist(k, bx, by, bx, by) < r) return -1;
    const { nx, ny, dist, prev, done } = this;
    // node 0 = start, node 1 = goal, then the pushed-out corners of the active obstacles (cached per r)
    const cs = this.corners(r, active);
    nx[0] = ax;
    ny[0] = ay;
    nx[1] = bx;
    ny[1] = by;
    const n = cs.n;
    for (let i = 2; i < n; i++) {
      nx[i] = cs.x[i];
      ny[i] = cs.y[i];
    }
    for (let i = 0; i < n; i++) {
      dist[i] = Infinity;
      prev[i] = -1;
      done[i] = 0;
    }
    dist[0] = 0;
    for (;;) {
      let u = -1;
      let best = Infinity;
      for (let i = 0; i < n; i++) if (!done[i] && dist[i] < best) {
        best = dist[i];
        u = i;
      }
      if (u < 0 || u === 1) break;
      done[u] = 1;
      for (let v = 1; v < n; v++) {
        if (done[v]) continue;
        // corner to corner: distance and clearance cached with the corners (same values)
        const cc = u >= 2 && v >= 2 ? u * n + v : -1;
        const d = cc >= 0 ? cs.dist[cc] : hypot(nx[v] - nx[u], ny[v] - ny[u]);
        if (dist[u] + d >= dist[v]) continue;
        if (cc >= 0) {
          if (cs.clear[cc] === 0) cs.clear[cc] = this.clear(nx[u], ny[u], nx[v], ny[v], r, active, false) ? 1 : 2;
          if (cs.clear[cc] === 2) continue;
        } else if (!this.clear(nx[u], ny[u], nx[v], ny[v], r, active, u === 0)) continue;
        dist[v] = dist[u] + d;
        prev[v] = u;
      }
    }
    if (!Number.isFinite(dist[1])) return -1;
    // walk back from the goal, then reverse into out
    let c = 0;
    for (let v = 1; v !== 0; v = prev[v]) c++;
    let i = c - 1;
    for (let v = 1; v !== 0; v = prev[v]) {
      out[2 * i] = nx[v];
      out[2 * i + 1] = ny[v];
      i--;
    }
    return c;
  }
}

/** Length of a path from (ax, ay) through `n` waypoints. */
export function pathLength(ax: number, ay: number, pts: Float64Array, n: number): number {
  let len = 0;
  let x = ax;
  let y = ay;
  for (let i = 0; i < n; i++) {
    len += hypot(pts[2 * i] - x, pts[2 * i + 1] - y);
    x = pts[2 * i];
    y = pts[2 * i + 1];
  }
  return len;
}
