/**
 * Any-point line of sight and hexside crossings of arbitrary segments on a flat-topped hex map
 * (Ma.K [6.1.1]: "a straight line from any point of the viewer's hex to any point of the target's
 * hex"; reusable by every hex system with hexside features such as ridges and walls).
 *
 * Same exact frame as los.ts: skewed integer coordinates X = 3q, Y = 2r + q, where hex centres
 * and corners are integer points. Segments here run between arbitrary rational points, written as
 * integers over a common scale `s` (a point (x, y) stands for (x / s, y / s)); every test is an
 * exact integer sign test.
 *
 * A segment is obstructed when it
 *  - crosses the open interior of an obstructing hex (other than the two end hexes), or
 *  - runs along the hex-side shared by two obstructing hexes, or
 *  - crosses a featured hex-side (ridge, wall) transversally, through its open interior or through a
 *    corner where features lie on both sides of the line (a chain cannot be slipped through at a
 *    corner), and the rules say that crossing blocks (e.g. Ma.K's Type I/II distance rule).
 * Touching a corner or running along a single obstructing hex's side does not obstruct.
 *
 * `anyPointLos` searches for one clear segment: centre to centre, then every pair of the 7 points
 * (centre and corners) of the two hexes, then, when all of these are blocked, the extremal lines
 * through two corners of the region between the hexes (a clear segment, if any, can be moved until
 * its line touches two corners of the obstacles or of the end hexes: the classic visibility
 * argument), each clipped to the two end hexes. The last step is exact within the coordinate
 * range where products stay below 2^53 (distances up to about 20 hexes); beyond it the answer is
 * the 49-pair answer.
 */
import { DIR_DQ, DIR_DR } from './directions.ts';

const VX = [2, 1, -1, -2, -1, 1];
const VY = [0, 1, 1, 0, -1, -1];
/** First corner of the side shared with the neighbour in direction d (see los.ts). */
const EDGE_OF_DIR = [4, 5, 0, 1, 2, 3];

export interface SegmentRules {
  /** The hex (axial) obstructs when it lies between viewer and target. */
  blocksHex(q: number, r: number): boolean;
  /** The hex-side between (q, r) and its neighbour in direction `dir` carries a feature (ridge, wall). */
  sideFeature?(q: number, r: number, dir: number): boolean;
  /** A transversal crossing of a featured hex-side from (q, r) into its neighbour in direction `dir` obstructs. */
  crossingBlocks?(q: number, r: number, dir: number): boolean;
}

/**
 * Contact of the segment P->Q (scale s) with the hex at axial (q, r): 3 interior, 2 edge (mask in
 * out.edgeMask), 1 vertex, 0 none. Same logic as los.ts `contact`, with scaled corners.
 */
function contactScaled(px: number, py: number, qx: number, qy: number, s: number, q: number, r: number, out: { edgeMask: number }): number {
  const hx = 3 * q * s;
  const hy = (2 * r + q) * s;
  let loN = 0, loD = 1, hiN = 1, hiD = 1;
  let outside = false;
  for (let i = 0; i < 6; i++) {
    const vx = hx + VX[i] * s;
    const vy = hy + VY[i] * s;
    const j = i === 5 ? 0 : i + 1;
    const ex = VX[j] - VX[i];
    const ey = VY[j] - VY[i];
    const a = ex * (py - vy) - ey * (px - vx);
    const b = ex * (qy - vy) - ey * (qx - vx);
    if (a <= 0 && b <= 0) { outside = true; break; }
    if (a > 0 && b > 0) continue;
    if (a > 0) {
      const n = a, d = a - b;
      if (n * hiD < hiN * d) { hiN = n; hiD = d; }
    } else {
      const n = -a, d = b - a;
      if (n * loD > loN * d) { loN = n; loD = d; }
    }
  }
  if (!outside && loN * hiD < hiN * loD) return 3;
  const dx = qx - px;
  const dy = qy - py;
  const len2 = dx * dx + dy * dy;
  let mask = 0;
  for (let d = 0; d < 6; d++) {
    const i = EDGE_OF_DIR[d];
    const j = i === 5 ? 0 : i + 1;
    const p1x = hx + VX[i] * s - px, p1y = hy + VY[i] * s - py;
    const p2x = hx + VX[j] * s - px, p2y = hy + VY[j] * s - py;
    if (dx * p1y - dy * p1x !== 0 || dx * p2y - dy * p2x !== 0) continue;
    const t1 = dx * p1x + dy * p1y;
    const t2 = dx * p2x + dy * p2y;
    if (Math.max(Math.min(t1, t2), 0) < Math.min(Math.max(t1, t2), len2)) mask |= 1 << d;
  }
  if (mask) { out.edgeMask = mask; return 2; }
  return 0;
}

const scratch = { edgeMask: 0 };

/**
 * Is the segment P->Q (scaled skewed frame, scale s) clear, with (aq, ar) and (bq, br) the end hexes
 * (never obstructing)? Allocation-free.
 */
export function segmentClear(px: number, py: number, qx: number, qy: number, s: number, aq: number, ar: number, bq: number, br: number, rules: SegmentRules): boolean {
  // Axial box of the segment, with a margin of 2.
  const q0 = Math.floor(Math.min(px, qx) / (3 * s)) - 2;
  const q1 = Math.ceil(Math.max(px, qx) / (3 * s)) + 2;
  const dx = qx - px;
  const dy = qy - py;
  const len2 = dx * dx + dy * dy;
  const yLo = Math.min(py, qy), yHi = Math.max(py, qy);
  for (let q = q0; q <= q1; q++) {
    // The y-range of the segment within this column's slab x in [3q - 2, 3q + 2] (a hex's width),
    // so the scan follows the segment (O(length)) instead of its whole bounding box. Only the scan
    // range is rounded; every obstruction test below is exact.
    let ya = yLo, yb = yHi;
    if (dx !== 0) {
      const xa = (3 * q - 2) * s, xb = (3 * q + 2) * s;
      const ta = (xa - px) / dx, tb = (xb - px) / dx;
      const t0 = Math.max(0, Math.min(ta, tb)), t1 = Math.min(1, Math.max(ta, tb));
      if (t0 > t1 + 1e-9) continue; // the segment does not reach this column's slab
      const y0 = py + t0 * dy, y1 = py + t1 * dy;
      ya = Math.min(y0, y1);
      yb = Math.max(y0, y1);
    }
    // y = 2r + q  =>  r in [(ya - q) / 2, (yb - q) / 2], with a margin of 2 rows
    const r0 = Math.floor((ya / s - q) / 2) - 2;
    const r1 = Math.ceil((yb / s - q) / 2) + 2;
    for (let r = r0; r <= r1; r++) {
      const isEnd = (q === aq && r === ar) || (q === bq && r === br);
      if (!isEnd && rules.blocksHex(q, r)) {
        const c = contactScaled(px, py, qx, qy, s, q, r, scratch);
        if (c === 3) return false;
        if (c === 2) {
          for (let d = 0; d < 6; d++) {
            if (!(scratch.edgeMask & (1 << d))) continue;
            const nq = q + DIR_DQ[d], nr = r + DIR_DR[d];
            const nEnd = (nq === aq && nr === ar) || (nq === bq && nr === br);
            if (!nEnd && rules.blocksHex(nq, nr)) return false;
          }
        }
      }
      if (!rules.sideFeature) continue;
      // Featured sides owned by this hex: directions 0..2 (the others belong to the neighbours).
      const hx = 3 * q * s;
      const hy = (2 * r + q) * s;
      for (let d = 0; d < 3; d++) {
        if (!rules.sideFeature(q, r, d)) continue;
        const i = EDGE_OF_DIR[d];
        const j = i === 5 ? 0 : i + 1;
        const p1x = hx + VX[i] * s - px, p1y = hy + VY[i] * s - py;
        const p2x = hx + VX[j] * s - px, p2y = hy + VY[j] * s - py;
        const s1 = dx * p1y - dy * p1x;
        const s2 = dx * p2y - dy * p2x;
        // Direction of travel across this side: towards the neighbour in d, or back into (q, r).
        const along = (DIR_DQ[d] * 3) * dx + (2 * DIR_DR[d] + DIR_DQ[d]) * dy;
        const crossFrom = (): boolean => (along > 0 ? rules.crossingBlocks?.(q, r, d) ?? true : rules.crossingBlocks?.(q + DIR_DQ[d], r + DIR_DR[d], (d + 3) % 6) ?? true);
        if ((s1 > 0 && s2 < 0) || (s1 < 0 && s2 > 0)) {
          const ex = p2x - p1x, ey = p2y - p1y;
          const t1 = ex * (0 - p1y) - ey * (0 - p1x);
          const t2 = ex * (dy - p1y) - ey * (dx - p1x);
          if ((t1 > 0 && t2 < 0) || (t1 < 0 && t2 > 0)) {
            if (crossFrom()) return false;
          }
          continue;
        }
        // Corner passes: a corner of this featured side lies strictly inside the segment, the side
        // leaves the line to one side, and another featured side at that corner leaves to the other.
        for (let k = 0; k < 2; k++) {
          const cx = k === 0 ? p1x : p2x, cy = k === 0 ? p1y : p2y;
          const sOther = k === 0 ? s2 : s1;
          if (dx * cy - dy * cx !== 0 || sOther === 0) continue;
          const t = dx * cx + dy * cy;
          if (!(t > 0 && t < len2)) continue;
          if (cornerHasFeatureOnSide(q, r, i + k, -Math.sign(sOther), dx, dy, s, px, py, rules) && along !== 0 && crossFrom()) return false;
        }
      }
    }
  }
  return true;
}

/**
 * Is there a featured side at corner `ci` of hex (q, r) whose far end lies strictly on side `sign`
 * of the line (direction dx, dy through P)? The three sides at a corner: two of this hex, one
 * between its two neighbours there.
 */
function cornerHasFeatureOnSide(q: number, r: number, ci: number, sign: number, dx: number, dy: number, s: number, px: number, py: number, rules: SegmentRules): boolean {
  const c = ((ci % 6) + 6) % 6;
  const hx = 3 * q * s, hy = (2 * r + q) * s;
  const cx = hx + VX[c] * s, cy = hy + VY[c] * s;
  // The hexes around the corner: this one and the neighbours across the two sides meeting there.
  const dirs = [EDGE_DIR_OF_CORNER_START[c], EDGE_DIR_OF_CORNER_END[c]];
  const hexes: Array<[number, number]> = [[q, r], [q + DIR_DQ[dirs[0]], r + DIR_DR[dirs[0]]], [q + DIR_DQ[dirs[1]], r + DIR_DR[dirs[1]]]];
  for (const [hq, hr] of hexes) {
    for (let d = 0; d < 6; d++) {
      if (!rules.sideFeature!(hq, hr, d)) continue;
      const i = EDGE_OF_DIR[d];
      const j = i === 5 ? 0 : i + 1;
      const bx = 3 * hq * s, by = (2 * hr + hq) * s;
      const ax1 = bx + VX[i] * s, ay1 = by + VY[i] * s, ax2 = bx + VX[j] * s, ay2 = by + VY[j] * s;
      let fx: number, fy: number;
      if (ax1 === cx && ay1 === cy) { fx = ax2; fy = ay2; } else if (ax2 === cx && ay2 === cy) { fx = ax1; fy = ay1; } else continue;
      const side = Math.sign(dx * (fy - py) - dy * (fx - px));
      if (side === sign) return true;
    }
  }
  return false;
}

/** Direction d whose side starts (EDGE_OF_DIR[d] === c) or ends (EDGE_OF_DIR[d] + 1 === c) at corner c. */
const EDGE_DIR_OF_CORNER_START = [2, 3, 4, 5, 0, 1];
const EDGE_DIR_OF_CORNER_END = [1, 2, 3, 4, 5, 0];

/** Centre-to-centre LOS with the same rules (spec option `centerToCenter`). */
export function centreLos(aq: number, ar: number, bq: number, br: number, rules: SegmentRules): boolean {
  if (aq === bq && ar === br) return true;
  return segmentClear(3 * aq, 2 * ar + aq, 3 * bq, 2 * br + bq, 1, aq, ar, bq, br, rules);
}

/** Points sampled per hex: centre then the six corners (offsets in the skewed frame). */
const PX = [0, 2, 1, -1, -2, -1, 1];
const PY = [0, 0, 1, 1, 0, -1, -1];

/** Any-point LOS between two hexes (see the header). */
export function anyPointLos(aq: number, ar: number, bq: number, br: number, rules: SegmentRules): boolean {
  if (aq === bq && ar === br) return true;
  const ax = 3 * aq, ay = 2 * ar + aq, bx = 3 * bq, by = 2 * br + bq;
  for (let i = 0; i < 7; i++) for (let j = 0; j < 7; j++) {
    if (segmentClear(ax + PX[i], ay + PY[i], bx + PX[j], by + PY[j], 1, aq, ar, bq, br, rules)) return true;
  }
  return extremalSearch(aq, ar, bq, br, rules);
}

/** [lo, hi] of t (as fractions n/d, d > 0) where u + t (v - u) lies in the closed hex (q, r); null if never. */
function chord(ux: number, uy: number, wx: number, wy: number, q: number, r: number): [number, number, number, number] | null {
  const hx = 3 * q, hy = 2 * r + q;
  let loN = -1e18, loD = 1, hiN = 1e18, hiD = 1;
  for (let i = 0; i < 6; i++) {
    const vx = hx + VX[i], vy = hy + VY[i];
    const j = i === 5 ? 0 : i + 1;
    const ex = VX[j] - VX[i], ey = VY[j] - VY[i];
    // L(t) = a + t b >= 0 (inside or on this side's line)
    const a = ex * (uy - vy) - ey * (ux - vx);
    const b = ex * wy - ey * wx;
    if (b === 0) { if (a < 0) return null; continue; }
    if (b > 0) { // t >= -a / b
      const n = -a, d = b;
      if (n * loD > loN * d) { loN = n; loD = d; }
    } else { // t <= a / -b
      const n = a, d = -b;
      if (n * hiD < hiN * d) { hiN = n; hiD = d; }
    }
  }
  if (loN * hiD > hiN * loD) return null;
  return [loN, loD, hiN, hiD];
}

const SAFE = 2 ** 24;

function extremalSearch(aq: number, ar: number, bq: number, br: number, rules: SegmentRules): boolean {
  // Corners of every hex in the axial box spanned by the two hexes (obstacles and end hexes alike).
  const q0 = Math.min(aq, bq) - 1, q1 = Math.max(aq, bq) + 1;
  const s0 = Math.min(-aq - ar, -bq - br) - 1, s1 = Math.max(-aq - ar, -bq - br) + 1;
  const r0 = Math.min(ar, br) - 1, r1 = Math.max(ar, br) + 1;
  const seen = new Set<number>();
  const xs: number[] = [];
  const ys: number[] = [];
  const ox = 3 * aq, oy = 2 * ar + aq; // translate so the viewer sits at the origin (small numbers)
  for (let q = q0; q <= q1; q++) for (let r = r0; r <= r1; r++) {
    const s = -q - r;
    if (s < s0 || s > s1) continue;
    const isEnd = (q === aq && r === ar) || (q === bq && r === br);
    let relevant = isEnd || rules.blocksHex(q, r);
    if (!relevant && rules.sideFeature) for (let d = 0; d < 6; d++) if (rules.sideFeature(q, r, d)) relevant = true;
    if (!relevant) continue;
    for (let i = 0; i < 6; i++) {
      const x = 3 * q + VX[i] - ox, y = 2 * r + q + VY[i] - oy;
      const key = (x + 4096) * 8192 + (y + 4096);
      if (seen.has(key)) continue;
      seen.add(key);
      xs.push(x);
      ys.push(y);
    }
  }
  for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) {
    const ux = xs[i], uy = ys[i], wx = xs[j] - ux, wy = ys[j] - uy;
    const ca = chord(ux + ox, uy + oy, wx, wy, aq, ar);
    if (!ca) continue;
    const cb = chord(ux + ox, uy + oy, wx, wy, bq, br);
    if (!cb) continue;
    // Pick the chord ends that face each other: A's far end and B's near end along the line.
    const aHiBeforeBLo = ca[2] * cb[1] <= cb[0] * ca[3];
    const [tAn, tAd] = aHiBeforeBLo ? [ca[2], ca[3]] : [ca[0], ca[1]];
    const [tBn, tBd] = aHiBeforeBLo ? [cb[0], cb[1]] : [cb[2], cb[3]];
    const S = tAd * tBd;
    const px = (ux * tAd + tAn * wx) * tBd, py = (uy * tAd + tAn * wy) * tBd;
    const qx = (ux * tBd + tBn * wx) * tAd, qy = (uy * tBd + tBn * wy) * tAd;
    if (px === qx && py === qy) continue;
    if (Math.abs(px) + Math.abs(py) + Math.abs(qx) + Math.abs(qy) > SAFE || S > SAFE) continue;
    // Back to absolute coordinates at scale S.
    if (segmentClear(px + ox * S, py + oy * S, qx + ox * S, qy + oy * S, S, aq, ar, bq, br, rules)) return true;
  }
  return false;
}

/**
 * Does hex h (axial hq, hr) meet the closed convex hull of hexes a and b? Every segment from a point
 * of hex a to a point of hex b lies in that hull, so a hex that does not meet it can neither obstruct
 * nor un-obstruct any of them: a dynamic obstruction (a smoke or fire marker) outside the hull leaves
 * the any-point LOS of a and b as it was. The hull is the centre segment swept by the hexagon, so h
 * meets it exactly when the centre segment meets the closed hexagon of twice the size around h's
 * centre; exact integer test in the skewed frame, allocation-free.
 */
export function hexMeetsHull(aq: number, ar: number, bq: number, br: number, hq: number, hr: number): boolean {
  const hx = 3 * hq, hy = 2 * hr + hq;
  const px = 3 * aq - hx, py = 2 * ar + aq - hy, qx = 3 * bq - hx, qy = 2 * br + bq - hy;
  // Clip t in [0, 1] (as fractions) against the 6 closed half-planes of the doubled hexagon.
  let loN = 0, loD = 1, hiN = 1, hiD = 1;
  for (let i = 0; i < 6; i++) {
    const j = i === 5 ? 0 : i + 1;
    const vx = 2 * VX[i], vy = 2 * VY[i];
    const ex = VX[j] - VX[i], ey = VY[j] - VY[i];
    const a = ex * (py - vy) - ey * (px - vx);
    const b = ex * (qy - vy) - ey * (qx - vx);
    if (a < 0 && b < 0) return false;
    if (a >= 0 && b >= 0) continue;
    if (a < 0) { // t >= -a / (b - a)
      const n = -a, d = b - a;
      if (n * loD > loN * d) { loN = n; loD = d; }
    } else { // t <= a / (a - b)
      const n = a, d = a - b;
      if (n * hiD < hiN * d) { hiN = n; hiD = d; }
    }
  }
  return loN * hiD <= hiN * loD;
}
