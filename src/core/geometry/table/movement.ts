/**
 * Movement along straight segments over terrain that slows it. A move zone is a shape with a
 * cost factor (allowance spent per unit of distance inside it: 2 for "half speed", 4 for
 * "quarter speed", Infinity for impassable). Where zones overlap the largest factor applies.
 * Callers give parallel arrays (shapes, factors) and a scratch buffer; nothing is allocated.
 */
import { DEG, hypot } from './angles.ts';
import { intervalScratchSize, pointInShape, segmentShapeIntervals, type Shape } from './shapes.ts';

/** Scratch buffer big enough for `maxZones` zones of the given shapes. */
export function movementScratch(shapes: readonly Shape[]): Float64Array {
  let n = 8;
  for (const s of shapes) n += intervalScratchSize(s) + 4;
  return new Float64Array(n * 2 + 64);
}

/**
 * Collects the sorted breakpoints of segment a-b against the zones into scratch[0..k) and
 * returns k (includes 0 and 1).
 */
function breakpoints(ax: number, ay: number, bx: number, by: number, shapes: readonly Shape[], n: number, active: ArrayLike<boolean> | null, scratch: Float64Array): number {
  let k = 0;
  scratch[k++] = 0;
  scratch[k++] = 1;
  const tmpOff = scratch.length >> 1;
  for (let z = 0; z < n; z++) {
    if (active && !active[z]) continue;
    const m = segmentShapeIntervals(shapes[z], ax, ay, bx, by, scratch, tmpOff);
    for (let i = 0; i < 2 * m; i++) {
      const t = scratch[tmpOff + i];
      if (t > 0 && t < 1) scratch[k++] = t;
    }
  }
  for (let i = 1; i < k; i++) {
    const v = scratch[i];
    let j = i - 1;
    while (j >= 0 && scratch[j] > v) {
      scratch[j + 1] = scratch[j];
      j--;
    }
    scratch[j + 1] = v;
  }
  return k;
}

function factorAt(x: number, y: number, shapes: readonly Shape[], factors: ArrayLike<number>, n: number, active: ArrayLike<boolean> | null): number {
  let f = 1;
  for (let z = 0; z < n; z++) {
    if (active && !active[z]) continue;
    if (factors[z] > f && pointInShape(shapes[z], x, y)) f = factors[z];
  }
  return f;
}

/** Allowance spent moving straight from a to b (Infinity if an impassable zone is crossed). */
export function pathCost(ax: number, ay: number, bx: number, by: number, shapes: readonly Shape[], factors: ArrayLike<number>, n: number, active: ArrayLike<boolean> | null, scratch: Float64Array): number {
  const len = hypot(bx - ax, by - ay);
  if (len === 0) return 0;
  const k = breakpoints(ax, ay, bx, by, shapes, n, active, scratch);
  let cost = 0;
  for (let i = 0; i + 1 < k; i++) {
    const t0 = scratch[i];
    const t1 = scratch[i + 1];
    if (t1 <= t0) continue;
    const tm = (t0 + t1) / 2;
    const f = factorAt(ax + (bx - ax) * tm, ay + (by - ay) * tm, shapes, factors, n, active);
    cost += (t1 - t0) * len * f;
  }
  return cost;
}

/**
 * Distance travelled from (x, y) along heading `dir` (degrees) when spending at most `budget`
 * allowance and travelling at most `maxDist`.
 */
export function travelForBudget(x: number, y: number, dir: number, maxDist: number, budget: number, shapes: readonly Shape[], factors: ArrayLike<number>, n: number, active: ArrayLike<boolean> | null, scratch: Float64Array): number {
  if (maxDist <= 0 || budget <= 0) return 0;
  const bx = x + Math.sin(dir * DEG) * maxDist;
  const by = y + Math.cos(dir * DEG) * maxDist;
  const k = breakpoints(x, y, bx, by, shapes, n, active, scratch);
  let left = budget;
  let dist = 0;
  for (let i = 0; i + 1 < k; i++) {
    const t0 = scratch[i];
    const t1 = scratch[i + 1];
    if (t1 <= t0) continue;
    const tm = (t0 + t1) / 2;
    const f = factorAt(x + (bx - x) * tm, y + (by - y) * tm, shapes, factors, n, active);
    const piece = (t1 - t0) * maxDist;
    if (piece * f <= left + 1e-12) {
      left -= piece * f;
      dist += piece;
    } else {
      dist += f === Infinity ? 0 : left / f;
      return dist;
    }
  }
  return dist;
}
