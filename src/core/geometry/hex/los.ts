/**
 * Exact line of sight on a flat-topped hex map (spec panzervor §3.4, the seed's six cases).
 *
 * The firing line runs from the centre of one hex to the centre of another. Everything is decided
 * in the skewed integer frame X = 3q, Y = 2r + q, the image of the real plane (x, y) under the
 * linear map (x, y) -> (2x, 2y/sqrt(3)). Hex centres are integer points and the six vertices of
 * a hex sit at the integer offsets (+-2, 0), (+-1, +-1). Because the map is linear (and
 * orientation-preserving), "crosses the open interior", "runs along an edge" and "passes through
 * a vertex" are the same questions in both frames, and in the skewed frame they are answered with
 * exact integer arithmetic: no tolerance, no sampling, no tie nudging.
 *
 * Contacts of the segment with a hex other than the two end hexes:
 *  - interior: the segment crosses the hex's open interior (positive length inside)   -> case (5)
 *  - edge:     the segment runs along one of its edges with positive overlap          -> cases (2)/(4)/(6)
 *  - vertex:   the segment only touches one or more of its corners                    -> case (3)
 *
 * LOS rule: blocked iff an obstructing hex's interior is crossed (5) or the segment runs along
 * the hex-side shared by two obstructing hexes (6); cases (1)-(4) see.
 */
import { DIR_DQ, DIR_DR } from './directions.ts';

/** Vertex offsets of a hex in the skewed frame, counter-clockwise (interior on the left). */
const VX = [2, 1, -1, -2, -1, 1];
const VY = [0, 1, 1, 0, -1, -1];

/**
 * Index of the first vertex of the edge shared with the neighbour in direction d: the edge runs
 * from vertex EDGE_OF_DIR[d] to vertex EDGE_OF_DIR[d] + 1 (mod 6).
 * Direction offsets in the skewed frame: N (0,-2), NE (3,-1), SE (3,1), S (0,2), SW (-3,1), NW (-3,-1).
 */
const EDGE_OF_DIR = [4, 5, 0, 1, 2, 3];

export const CONTACT_NONE = 0;
export const CONTACT_VERTEX = 1;
export const CONTACT_EDGE = 2;
export const CONTACT_INTERIOR = 3;

/**
 * How the segment from (ax, ay) to (bx, by) (skewed frame) meets the hex centred at (hx, hy).
 * For CONTACT_EDGE, `edgeMask` (if given) receives a 6-bit mask of the directions whose shared
 * hex-side the segment runs along. For CONTACT_INTERIOR, `entry` (if given) receives the entry
 * parameter as [num, den] (t = num / den along the segment), for ordering.
 */
export function contact(ax: number, ay: number, bx: number, by: number, hx: number, hy: number, out?: { edgeMask: number; tNum: number; tDen: number }): number {
  const dx = bx - ax;
  const dy = by - ay;
  // Clip t in [0, 1] against the six open half-planes of the interior: lo < t < hi.
  let loN = 0;
  let loD = 1;
  let hiN = 1;
  let hiD = 1;
  let outside = false;
  for (let i = 0; i < 6; i++) {
    const vx = hx + VX[i];
    const vy = hy + VY[i];
    const j = i === 5 ? 0 : i + 1;
    const ex = VX[j] - VX[i];
    const ey = VY[j] - VY[i];
    // L(P) = cross(E, P - V): > 0 strictly inside this edge's half-plane.
    const a = ex * (ay - vy) - ey * (ax - vx);
    const b = ex * (by - vy) - ey * (bx - vx);
    if (a <= 0 && b <= 0) {
      outside = true;
      break;
    }
    if (a > 0 && b > 0) continue;
    if (a > 0) {
      // t < a / (a - b)
      const n = a;
      const d = a - b;
      if (n * hiD < hiN * d) {
        hiN = n;
        hiD = d;
      }
    } else {
      // t > -a / (b - a)
      const n = -a;
      const d = b - a;
      if (n * loD > loN * d) {
        loN = n;
        loD = d;
      }
    }
  }
  if (!outside && loN * hiD < hiN * loD) {
    if (out) {
      out.tNum = loN;
      out.tDen = loD;
    }
    return CONTACT_INTERIOR;
  }
  // Boundary contacts: edges the segment runs along, then single vertices.
  const len2 = dx * dx + dy * dy;
  let mask = 0;
  for (let d = 0; d < 6; d++) {
    const i = EDGE_OF_DIR[d];
    const j = i === 5 ? 0 : i + 1;
    const p1x = hx + VX[i] - ax;
    const p1y = hy + VY[i] - ay;
    const p2x = hx + VX[j] - ax;
    const p2y = hy + VY[j] - ay;
    if (dx * p1y - dy * p1x !== 0 || dx * p2y - dy * p2x !== 0) continue;
    const t1 = dx * p1x + dy * p1y;
    const t2 = dx * p2x + dy * p2y;
    const lo = Math.max(Math.min(t1, t2), 0);
    const hi = Math.min(Math.max(t1, t2), len2);
    if (lo < hi) mask |= 1 << d;
  }
  if (mask !== 0) {
    if (out) out.edgeMask = mask;
    return CONTACT_EDGE;
  }
  for (let i = 0; i < 6; i++) {
    const px = hx + VX[i] - ax;
    const py = hy + VY[i] - ay;
    if (dx * py - dy * px !== 0) continue;
    const t = dx * px + dy * py;
    if (t >= 0 && t <= len2) return CONTACT_VERTEX;
  }
  return CONTACT_NONE;
}

/** One hex met by a firing line. */
export interface LineContact {
  readonly q: number;
  readonly r: number;
  readonly kind: 'interior' | 'edge' | 'vertex';
  /** For 'edge': directions (0..5) of the neighbours whose shared hex-side the line runs along. */
  readonly edgeDirs: readonly number[];
  /** For 'interior': entry parameter along the line in [0, 1). */
  readonly entry: number;
}

/**
 * Every hex (other than the two end hexes) the centre-to-centre segment meets, with how it meets
 * it. Interior hexes come first, ordered along the line; then edge and vertex contacts.
 */
export function traceLine(aq: number, ar: number, bq: number, br: number): LineContact[] {
  const ax = 3 * aq;
  const ay = 2 * ar + aq;
  const bx = 3 * bq;
  const by = 2 * br + bq;
  const as = -aq - ar;
  const bs = -bq - br;
  const m = 2;
  const q0 = Math.min(aq, bq) - m;
  const q1 = Math.max(aq, bq) + m;
  const r0 = Math.min(ar, br) - m;
  const r1 = Math.max(ar, br) + m;
  const s0 = Math.min(as, bs) - m;
  const s1 = Math.max(as, bs) + m;
  const out = { edgeMask: 0, tNum: 0, tDen: 1 };
  const interior: LineContact[] = [];
  const other: LineContact[] = [];
  for (let q = q0; q <= q1; q++) {
    for (let r = r0; r <= r1; r++) {
      const s = -q - r;
      if (s < s0 || s > s1) continue;
      if ((q === aq && r === ar) || (q === bq && r === br)) continue;
      const c = contact(ax, ay, bx, by, 3 * q, 2 * r + q, out);
      if (c === CONTACT_INTERIOR) {
        interior.push({ q, r, kind: 'interior', edgeDirs: [], entry: out.tNum / out.tDen });
      } else if (c === CONTACT_EDGE) {
        const dirs: number[] = [];
        for (let d = 0; d < 6; d++) if (out.edgeMask & (1 << d)) dirs.push(d);
        other.push({ q, r, kind: 'edge', edgeDirs: dirs, entry: NaN });
      } else if (c === CONTACT_VERTEX) {
        other.push({ q, r, kind: 'vertex', edgeDirs: [], entry: NaN });
      }
    }
  }
  interior.sort((x, y) => x.entry - y.entry);
  return interior.concat(other);
}

/** Hexes (other than the end hexes) whose OPEN interior the line crosses, in order along it. */
export function hexesCrossed(aq: number, ar: number, bq: number, br: number): Array<[number, number]> {
  return traceLine(aq, ar, bq, br)
    .filter((c) => c.kind === 'interior')
    .map((c) => [c.q, c.r] as [number, number]);
}

/** A hex-side crossed by a line: the hex on the near side, the direction of the far hex, and where. */
export interface HexsideCrossing {
  readonly q: number;
  readonly r: number;
  /** Direction (0..5) from (q, r) to the hex beyond the hex-side. */
  readonly dir: number;
  /** Parameter along the line in (0, 1). */
  readonly at: number;
}

/**
 * Every hex-side the centre-to-centre segment crosses transversally through the side's open
 * interior, in order along the line (for rules with walls or ridges on hex-sides). A line that
 * only runs along a hex-side, or passes exactly through a corner, crosses no hex-side there:
 * those contacts are reported by traceLine (kind 'edge' / 'vertex').
 */
export function hexsidesCrossed(aq: number, ar: number, bq: number, br: number): HexsideCrossing[] {
  const ax = 3 * aq;
  const ay = 2 * ar + aq;
  const dx = 3 * bq - ax;
  const dy = 2 * br + bq - ay;
  const hexes: Array<[number, number]> = [[aq, ar], ...hexesCrossed(aq, ar, bq, br)];
  const out: HexsideCrossing[] = [];
  for (const [q, r] of hexes) {
    const hx = 3 * q;
    const hy = 2 * r + q;
    for (let d = 0; d < 6; d++) {
      const i = EDGE_OF_DIR[d];
      const j = i === 5 ? 0 : i + 1;
      const p1x = hx + VX[i] - ax;
      const p1y = hy + VY[i] - ay;
      const p2x = hx + VX[j] - ax;
      const p2y = hy + VY[j] - ay;
      // Proper intersection: the edge's ends strictly on opposite sides of the line, and the line's
      // ends strictly on opposite sides of the edge.
      const s1 = dx * p1y - dy * p1x;
      const s2 = dx * p2y - dy * p2x;
      if (!((s1 > 0 && s2 < 0) || (s1 < 0 && s2 > 0))) continue;
      const ex = p2x - p1x;
      const ey = p2y - p1y;
      const t1 = ex * (0 - p1y) - ey * (0 - p1x);
      const t2 = ex * (dy - p1y) - ey * (dx - p1x);
      if (!((t1 > 0 && t2 < 0) || (t1 < 0 && t2 > 0))) continue;
      // Keep each crossing once: from the hex the line leaves (the side pointing along the line).
      if (ex * dy - ey * dx === 0) continue;
      const leaving = (DIR_DQ[d] * 3) * dx + (2 * DIR_DR[d] + DIR_DQ[d]) * dy > 0;
      if (!leaving) continue;
      out.push({ q, r, dir: d, at: t1 / (t1 - t2) });
    }
  }
  out.sort((x, y) => x.at - y.at);
  return out;
}

/** Result of a line-of-sight check with the seed's case number (Diagrams 8-9). */
export interface LosResult {
  readonly clear: boolean;
  /**
   * Seed case: 1 no obstructing hex met; 2 the line runs along a hex-side of one obstructing hex;
   * 3 it only touches corners of obstructing hexes; 4 it runs along hex-sides of several separated
   * obstructing hexes; 5 it crosses an obstructing hex (blocked); 6 it runs along the hex-side
   * shared by two adjacent obstructing hexes (blocked).
   */
  readonly case: 1 | 2 | 3 | 4 | 5 | 6;
}

/**
 * Line of sight from hex a to hex b (axial), given which hexes obstruct. The end hexes never
 * obstruct their own line. Exact: see the header. Only obstructing hexes decide the case, in any
 * order (a crossed interior blocks whatever else is met), so each hex of traceLine's region is
 * asked whether it obstructs first and only those are traced: the same answer as filtering
 * traceLine's contacts, without tracing the open ground (a whole-map LOS table is built per scenario).
 */
export function lineOfSight(aq: number, ar: number, bq: number, br: number, blocks: (q: number, r: number) => boolean): LosResult {
  if (aq === bq && ar === br) return { clear: true, case: 1 };
  const ax = 3 * aq;
  const ay = 2 * ar + aq;
  const bx = 3 * bq;
  const by = 2 * br + bq;
  const out = { edgeMask: 0, tNum: 0, tDen: 1 };
  let edgeHexes = 0;
  let vertexHexes = 0;
  let shared = false;
  const s0 = Math.min(-aq - ar, -bq - br) - 2;
  const s1 = Math.max(-aq - ar, -bq - br) + 2;
  for (let q = Math.min(aq, bq) - 2, q1 = Math.max(aq, bq) + 2; q <= q1; q++) {
    for (let r = Math.min(ar, br) - 2, r1 = Math.max(ar, br) + 2; r <= r1; r++) {
      const s = -q - r;
      if (s < s0 || s > s1 || (q === aq && r === ar) || (q === bq && r === br) || !blocks(q, r)) continue;
      const c = contact(ax, ay, bx, by, 3 * q, 2 * r + q, out);
      if (c === CONTACT_INTERIOR) return { clear: false, case: 5 };
      if (c === CONTACT_EDGE) {
        edgeHexes++;
        for (let d = 0; d < 6; d++) {
          if ((out.edgeMask & (1 << d)) === 0) continue;
          const nq = q + DIR_DQ[d];
          const nr = r + DIR_DR[d];
          const isEnd = (nq === aq && nr === ar) || (nq === bq && nr === br);
          if (!isEnd && blocks(nq, nr)) shared = true;
        }
      } else if (c === CONTACT_VERTEX) vertexHexes++;
    }
  }
  if (shared) return { clear: false, case: 6 };
  if (edgeHexes >= 2) return { clear: true, case: 4 };
  if (edgeHexes === 1) return { clear: true, case: 2 };
  if (vertexHexes > 0) return { clear: true, case: 3 };
  return { clear: true, case: 1 };
}

/** Boolean form of lineOfSight, for callers that do not need the case. */
export function losClear(aq: number, ar: number, bq: number, br: number, blocks: (q: number, r: number) => boolean): boolean {
  return lineOfSight(aq, ar, bq, br, blocks).clear;
}
