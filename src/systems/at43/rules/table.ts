/**
 * Table queries on a game state, as the rulebook defines them (GENERAL RULES p.46-49, SHOOTING
 * p.63-67): edge distances, contact and engagement, line of sight with Size occlusion, the zone of
 * fire, cover and the mêlée. Pure definitions, no cache and no module state: the reference. The
 * engine's hot loops use their fast twins of the same names in table-cache.ts (caches and
 * conservative shortcuts), checked equal to these by `test/systems/at43/table-cache.test.ts`.
 * The small exact primitives (gap, gapBelow, membersOf) are shared by both.
 */
import { basesSee, circleTouchesConvex, edgeGap, inZoneOfCover, zoneOfCover, zoneOfFire } from '../../../core/geometry/table/groups.ts';
import { pointBoundaryDistance, segmentTouchesShape, type Shape } from '../../../core/geometry/table/shapes.ts';
import type { Model } from '../model.ts';
import type { At43State } from '../state.ts';

// Local binding of the hot core function (one module-binding lookup at load, not per call).
const edgeGapF = edgeGap;

/** Alive members of unit u into out; returns their number. */
export function membersOf(m: Model, s: At43State, u: number, out: Int32Array): number {
  const U = m.units[u];
  let n = 0;
  for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f]) out[n++] = f;
  return n;
}

/** Edge-to-edge distance between the bases of fighters a and b (seed p.46). */
export function gap(m: Model, s: At43State, a: number, b: number): number {
  return edgeGapF(s.fx[a], s.fy[a], m.fRadius[a], s.fx[b], s.fy[b], m.fRadius[b]);
}

/** Leader-to-leader distance between two units (seed p.46). */
export function unitDistance(m: Model, s: At43State, u: number, v: number): number {
  return gap(m, s, s.leader[u], s.leader[v]);
}

/** Is the edge gap between fighters a and b below c? Squared-distance rejection first (same answer as gap() < c). */
export function gapBelow(m: Model, s: At43State, a: number, b: number, c: number): boolean {
  const dx = s.fx[b] - s.fx[a];
  const dy = s.fy[b] - s.fy[a];
  const R = m.fRadius[a] + m.fRadius[b] + c;
  const d2 = dx * dx + dy * dy;
  if (R > 0 && d2 > R * R * (1 + 1e-9) + 1e-9) return false;
  return Math.sqrt(d2) - m.fRadius[a] - m.fRadius[b] < c;
}

/** Fighter f (alive or not) within contact (less than 2.5 cm, p.46) of an alive enemy fighter, AFVs included. */
export function fighterTouches(m: Model, s: At43State, f: number): boolean {
  const c = m.rules.contact.cm;
  for (let g = 0; g < m.nF; g++) if (s.alive[g] && m.fSide[g] !== m.fSide[f] && gap(m, s, f, g) < c) return true;
  return false;
}

/** Fighter f engaged: in contact with an enemy (p.56; AFVs are never engaged). */
export function fighterEngaged(m: Model, s: At43State, f: number): boolean {
  return m.fAfv[f] === 0 && fighterTouches(m, s, f);
}

/** Does an alive fighter of u touch an enemy? */
export function unitTouches(m: Model, s: At43State, u: number): boolean {
  const U = m.units[u];
  for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f] && fighterTouches(m, s, f)) return true;
  return false;
}

/** Unit u engaged: one of its members is (p.56); units of AFVs never are. */
export function unitEngaged(m: Model, s: At43State, u: number): boolean {
  return !m.units[u].afv && unitTouches(m, s, u);
}

/**
 * Line of sight from fighter a to fighter b (p.48-49): one of the five lines between the two bases
 * (core basesSee) clear. A line is blocked by a terrain element, or an alive AFV other than a and
 * b (AFVs are obstacles; soldiers never block), whose Size is at least b's.
 */
export function sees(m: Model, s: At43State, a: number, b: number): boolean {
  const size = m.fSize[b];
  const blocked = (ax: number, ay: number, bx: number, by: number): boolean => {
    for (const T of m.terrain) if (T.size >= size && segmentTouchesShape(T.shape, ax, ay, bx, by)) return true;
    for (const f of m.afvFighters) {
      if (f === a || f === b || !s.alive[f] || m.fSize[f] < size) continue;
      const dx = bx - ax;
      const dy = by - ay;
      const l2 = dx * dx + dy * dy || 1;
      let t = ((s.fx[f] - ax) * dx + (s.fy[f] - ay) * dy) / l2;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = ax + t * dx - s.fx[f];
      const ey = ay + t * dy - s.fy[f];
      if (ex * ex + ey * ey < m.fRadius[f] * m.fRadius[f]) return true;
    }
    return false;
  };
  return basesSee(s.fx[a], s.fy[a], m.fRadius[a], s.fx[b], s.fy[b], m.fRadius[b], blocked);
}

/** Does fighter a see at least one alive member of unit v? */
export function seesUnit(m: Model, s: At43State, a: number, v: number): boolean {
  const V = m.units[v];
  for (let f = V.first; f < V.first + V.count; f++) if (s.alive[f] && sees(m, s, a, f)) return true;
  return false;
}

/**
 * Fighters caught in the zone of fire of unit u shooting at unit v (seed p.63-65), sorted by
 * distance to the shooting leader (ties in fighter order), written to out; returns their number.
 * The zone joins the extremities of both units (a single targeted AFV: that AFV alone; a mêlée
 * target: every engaged unit, A20). Ignored: members of u, v and the mêlée, grounded fighters,
 * units under "Knee to the ground!" (`kneeBit` of s.drills), smaller fighters (option A2).
 */
export function caughtInZone(m: Model, s: At43State, u: number, v: number, out: Int32Array, kneeBit: number, single = -1, melee: Uint8Array | null = null): number {
  const shooters = new Int32Array(m.nF);
  const targets = new Int32Array(m.nF);
  const ns = membersOf(m, s, u, shooters);
  let nt = 0;
  if (single >= 0) targets[nt++] = single;
  else if (melee) {
    for (let f = 0; f < m.nF; f++) if (s.alive[f] && melee[m.fUnit[f]]) targets[nt++] = f;
  } else nt = membersOf(m, s, v, targets);
  if (ns === 0 || nt === 0) return 0;
  const quad = new Float64Array(8);
  zoneOfFire(s.fx, s.fy, m.fRadius, shooters, ns, s.leader[u], targets, nt, single >= 0 ? single : s.leader[v], quad);
  const rule = m.opts['zoneOfFire.sizeRule'];
  const sShoot = m.units[u].profile.size;
  const sTarget = m.units[v].profile.size;
  const lx = s.fx[s.leader[u]];
  const ly = s.fy[s.leader[u]];
  const d2 = (f: number) => (s.fx[f] - lx) ** 2 + (s.fy[f] - ly) ** 2;
  const caught: number[] = [];
  for (let f = 0; f < m.nF; f++) {
    const w = m.fUnit[f];
    if (w === u || w === v || (melee && melee[w]) || s.drills[w] & kneeBit || !s.alive[f] || s.grounded[f]) continue;
    const z = m.fSize[f];
    if (rule === 'either' && (z < sShoot || z < sTarget)) continue;
    if (rule === 'both' && z < sShoot && z < sTarget) continue;
    if (circleTouchesConvex(quad, 4, s.fx[f], s.fy[f], m.fRadius[f])) caught.push(f);
  }
  caught.sort((a, b) => d2(a) - d2(b) || a - b);
  caught.forEach((f, i) => (out[i] = f));
  return caught.length;
}

/**
 * Does fighter f stand close enough behind obstacle `shape` to hide behind it (seed p.66): his
 * base within `cover.depthCm` of its edge (0: no limit)? A low wall shelters the fighters close
 * behind it, not the whole zone beyond it to the table edge.
 */
export function withinCoverDepth(m: Model, s: At43State, f: number, shape: Shape): boolean {
  const depth = m.opts['cover.depthCm'];
  return depth <= 0 || pointBoundaryDistance(shape, s.fx[f], s.fy[f]) - m.fRadius[f] <= depth;
}

/**
 * Is unit v under cover against unit u (seed p.66-67)? At least half of its members hidden (seen
 * by no member of u) or behind cover: inside the zone of cover of an obstacle whose Size is the
 * fighter's minus 1 (or minus 2, "debatable", under Take cover: A21) and within `cover.depthCm`
 * of it, unless the shooting leader is within `negateCm` of that obstacle's edge.
 */
export function underCover(m: Model, s: At43State, u: number, v: number, takeCover: boolean): boolean {
  const targets = new Int32Array(m.nF);
  const shooters = new Int32Array(m.nF);
  const nt = membersOf(m, s, v, targets);
  if (nt === 0) return false;
  const ns = membersOf(m, s, u, shooters);
  const L = s.leader[u];
  const wedge = new Float64Array(8);
  let covered = 0;
  for (let i = 0; i < nt; i++) {
    const f = targets[i];
    let hidden = true;
    for (let j = 0; j < ns; j++) if (sees(m, s, shooters[j], f)) hidden = false;
    let behind = false;
    for (const T of m.terrain) {
      const low = m.fSize[f] - T.size;
      if (!T.cover || !(low === 1 || (takeCover && low === 2))) continue;
      if (pointBoundaryDistance(T.shape, s.fx[L], s.fy[L]) - m.fRadius[L] < m.rules.cover.negateCm) continue;
      zoneOfCover(s.fx, s.fy, m.fRadius, shooters, ns, L, T.xs, T.ys, wedge);
      if (inZoneOfCover(wedge, s.fx[f], s.fy[f], m.fRadius[f]) && withinCoverDepth(m, s, f, T.shape)) behind = true;
    }
    if (hidden || behind) covered++;
  }
  return covered >= nt * m.rules.cover.halfRule;
}

/**
 * The mêlée around infantry unit v (p.61): v and every infantry unit in contact with a unit of it,
 * friend or foe, transitively. Marks them in `mask` (cleared first); returns how many units it holds.
 */
export function meleeOf(m: Model, s: At43State, v: number, mask: Uint8Array): number {
  mask.fill(0);
  mask[v] = 1;
  let n = 1;
  const c = m.rules.contact.cm;
  for (let grew = true; grew; ) {
    grew = false;
    for (let b = 0; b < m.units.length; b++) {
      const B = m.units[b];
      if (mask[b] || B.afv) continue;
      let touches = false;
      for (let g = B.first; g < B.first + B.count && !touches; g++) {
        if (!s.alive[g]) continue;
        for (let f = 0; f < m.nF && !touches; f++) if (s.alive[f] && mask[m.fUnit[f]] && m.fSide[f] !== B.side && gap(m, s, f, g) < c) touches = true;
      }
      if (touches) {
        mask[b] = 1;
        n++;
        grew = true;
      }
    }
  }
  return n;
}
