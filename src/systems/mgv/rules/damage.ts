/**
 * The pentawing damage graph in play (seed §5.6, spec §3.13-§3.14): hit location by vertex,
 * kinetic in-line penetration, thermal destruction, infestation placement and spread,
 * and critical hits (queued during a phase, resolved at its end in the order they occurred).
 */
import type { Rng } from '../../../core/rng/rng.ts';
import type { PlayContext } from '../../../core/system.ts';
import { sectorOf, type Sectors } from '../../../core/geometry/table/index.ts';
import {
  C_B, C_D, C_EXPL, C_MJ, C_MX, C_PO, C_PY, C_S, C_SE, C_SMJ, C_SPREAD, L_CORE_DAMAGE, L_HULL_DAMAGE, L_HULL_DESTROYED, L_PO_FIRST,
  P_POWER, P_WEAPON, type Model,
} from '../model.ts';
import type { MgvState, Unit } from '../state.ts';
import { clearTargets } from '../state.ts';
import { K_B, K_CORE_DAMAGED, K_DAMAGED, K_DESTROYED, S_IDX } from '../metrics.ts';

const CRIT_LINE_NAMES = ['hull cell, damage', 'hull cell, destroyed', 'core cell, damage', 'infestation, hull', 'infestation, core', 'Po first hit', 'Po recurring'];
const CRIT_NAMES = ['-', 'S', 'D', 'Mj', 'Mx', 'Py', 'Se', 'Po', 'B', 'Expl', 'Spread', 'S+Mj'];

const sectorsCache = new WeakMap<Model, Sectors>();
function vertexSectors(m: Model): Sectors {
  let s = sectorsCache.get(m);
  if (!s) {
    s = { bounds: m.data.pentawing.vertexBounds, upperInclusive: [true, true, false] };
    sectorsCache.set(m, s);
  }
  return s;
}

/** Vertex A..D (0..3) for an unsigned bearing off the target's bow (seed §5.6). */
export function vertexOf(m: Model, bearing: number): number {
  return sectorOf(bearing, vertexSectors(m));
}

/** Surface cell hit from a bearing: vertex + 1D6 (or the cell facing the firer under "no random location"). */
export function locateSurface(m: Model, rng: Rng, bearing: number): number {
  const g = m.graph;
  if (m.o.noRandomLocation) {
    const k = Math.min(g.surface.length - 1, Math.floor((bearing / 180) * g.surface.length));
    return g.surface[k];
  }
  return g.vertex[vertexOf(m, bearing) * 6 + rng.int(6)];
}

/** First intact cell from `cell` inward (the exposed surface behind destroyed cells), or -1. */
export function firstIntact(m: Model, u: Unit, cell: number): number {
  let c = cell;
  while (c >= 0 && u.destroyed[c]) c = m.graph.inward[c];
  return c;
}

// ---------------------------------------------------------------------------------------------
// live values of a unit (spec §3.1)

export function payloadPoints(m: Model, i: number, u: Unit): number {
  return Math.max(0, m.units[i].payloadPoints - u.Py);
}

export function mainAttack(m: Model, i: number, u: Unit): number {
  return u.mainGone ? 0 : Math.max(0, m.units[i].attack - u.Mx);
}

export function payloadAttack(m: Model, i: number, u: Unit): number {
  const spec = m.units[i];
  if (spec.payload !== P_WEAPON || u.payGone || m.o.noWeaponPayload) return 0;
  return Math.max(0, spec.payloadPoints - u.Py - u.MxP);
}

export function defenseOf(m: Model, i: number, u: Unit): number {
  const spec = m.units[i];
  const base = Math.max(0, spec.defense - u.D);
  return spec.payload === P_POWER ? base + Math.floor(payloadPoints(m, i, u) * m.data.payloads.powerDefensePerPoint) : base;
}

/** Speed after S hits on the speed track (spec §5.11 [P]). */
export function speedOf(m: Model, i: number, u: Unit): number {
  const fr = m.data.speedLevels.fractions;
  const f = fr[Math.min(u.S, fr.length - 1)];
  const step = m.data.speedLevels.roundTo;
  return Math.floor((m.units[i].speed * f) / step + 1e-9) * step;
}

/** Does the payload weapon take Mj/Mx hits (Dominant Weapon Payloads, seed §5.6)? */
function payloadDominant(m: Model, i: number, u: Unit): boolean {
  if (m.units[i].payload !== P_WEAPON || u.payGone) return false;
  if (u.mainGone) return true;
  if (m.o.dominantMain) return false;
  return payloadAttack(m, i, u) > mainAttack(m, i, u);
}

// ---------------------------------------------------------------------------------------------
// marks

export function queueCrit(s: MgvState, unit: number, line: number, src: number, cell: number): void {
  s.crits.push(unit, line, src, cell);
}

/** Destroys a hull cell: its infestations die with it; queues a "Hull cell, destroyed" roll. */
export function destroyCell(m: Model, s: MgvState, ui: number, cell: number, src: number, ctx: PlayContext): void {
  const u = s.units[ui];
  if (u.destroyed[cell] || m.graph.core[cell]) return;
  u.destroyed[cell] = 1;
  u.hx++;
  u.infest[cell] = 0;
  if (src >= 0) ctx.tally.add(src, K_DESTROYED);
  queueCrit(s, ui, L_HULL_DESTROYED, src, cell);
}

/** Kinetic: mark n cells in line from the impact surface toward the focus (spec §3.8). Returns cells marked. */
export function kineticPenetrate(m: Model, s: MgvState, ui: number, surface: number, n: number, src: number, ctx: PlayContext): number {
  const u = s.units[ui];
  const g = m.graph;
  let c = firstIntact(m, u, surface);
  let marked = 0;
  let left = n;
  const chainAt = s.chains.length;
  s.chains.push(ui, 0);
  while (c >= 0 && left > 0) {
    if (u.destroyed[c]) {
      // option 'count': a destroyed cell on the path uses up one cell of the result
      if (m.o.kineticCount) left--;
      c = g.inward[c];
      continue;
    }
    queueCrit(s, ui, g.core[c] ? L_CORE_DAMAGE : L_HULL_DAMAGE, src, c);
    s.chains.push(c);
    marked++;
    left--;
    if (src >= 0) {
      ctx.tally.add(src, K_DAMAGED);
      if (g.core[c]) ctx.tally.add(src, K_CORE_DAMAGED);
    }
    c = g.inward[c];
  }
  s.chains[chainAt + 1] = marked;
  return marked;
}

/** Thermal: destroy the first intact hull cell of the chain from a located surface cell (spec §3.11). */
export function thermalDestroy(m: Model, s: MgvState, ui: number, surface: number, src: number, rng: Rng, ctx: PlayContext): boolean {
  const u = s.units[ui];
  const g = m.graph;
  let c = surface;
  while (c >= 0 && (u.destroyed[c] || false)) c = g.inward[c];
  if (c >= 0 && !g.core[c]) {
    destroyCell(m, s, ui, c, src, ctx);
    return true;
  }
  // the chain reaches the core first (spec §6 A-6)
  if (m.o.thermalOnCore === 1 && c >= 0) {
    queueCrit(s, ui, L_CORE_DAMAGE, src, c);
    if (src >= 0) {
      ctx.tally.add(src, K_DAMAGED);
      ctx.tally.add(src, K_CORE_DAMAGED);
    }
    return true;
  }
  if (m.o.thermalOnCore === 2) {
    const e = exposedHull(m, u, rng);
    if (e >= 0) {
      destroyCell(m, s, ui, e, src, ctx);
      return true;
    }
  }
  return false;
}

/** A uniformly random intact hull cell that is exposed (surface, or an outward neighbour destroyed). */
function exposedHull(m: Model, u: Unit, rng: Rng): number {
  const g = m.graph;
  let n = 0;
  for (let k = 0; k < g.hull.length; k++) if (isExposed(m, u, g.hull[k])) n++;
  if (n === 0) return -1;
  let r = rng.int(n);
  for (let k = 0; k < g.hull.length; k++) if (isExposed(m, u, g.hull[k]) && r-- === 0) return g.hull[k];
  return -1;
}

function isExposed(m: Model, u: Unit, c: number): boolean {
  if (u.destroyed[c]) return false;
  const out = m.graph.outward[c];
  if (out.length === 0) return true;
  for (let k = 0; k < out.length; k++) if (u.destroyed[out[k]]) return true;
  return false;
}

/** Places one infestation of the given type; returns false if no intact cell of that type exists. */
export function placeInfestation(m: Model, s: MgvState, ui: number, core: boolean, bearing: number, rng: Rng): boolean {
  const u = s.units[ui];
  const g = m.graph;
  if (m.o.infestVertex) {
    if (core) {
      const zone = g.coreZones[rng.int(6)];
      const c = zone.length === 1 ? zone[0] : zone[rng.int(zone.length)];
      u.infest[c]++;
      return true;
    }
    const c = firstIntact(m, u, locateSurface(m, rng, bearing));
    if (c < 0 || g.core[c]) return false;
    u.infest[c]++;
    return true;
  }
  const cells = core ? g.coreCells : g.hull;
  let n = 0;
  for (let k = 0; k < cells.length; k++) if (!u.destroyed[cells[k]]) n++;
  if (n === 0) return false;
  let r = rng.int(n);
  for (let k = 0; k < cells.length; k++) {
    const c = cells[k];
    if (!u.destroyed[c] && r-- === 0) {
      u.infest[c]++;
      return true;
    }
  }
  return false;
}

/** Spread from `cell` (seed §5.6): 1-5 the numbered flat-neighbour, 6 the home cell. */
export function spreadFrom(m: Model, u: Unit, cell: number, rng: Rng): number {
  const r = rng.int(6);
  let c = r === 5 ? cell : m.graph.nbr[cell * 5 + r];
  if (c < 0 || u.destroyed[c]) {
    if (m.o.spreadLost) return -1;
    c = cell;
  }
  u.infest[c]++;
  return c;
}

// ---------------------------------------------------------------------------------------------
// critical hits

/** Applies one hit code to unit ui (immediately). */
export function applyCode(m: Model, s: MgvState, ui: number, code: number, src: number, rng: Rng, ctx: PlayContext, cell: number): void {
  const u = s.units[ui];
  switch (code) {
    case C_S:
      u.S++;
      return;
    case C_D:
      u.D++;
      return;
    case C_MJ:
      if (payloadDominant(m, ui, u)) u.MjP++;
      else u.Mj++;
      return;
    case C_MX:
      if (payloadDominant(m, ui, u)) {
        if (m.o.mxDestroyed) u.payGone = true;
        else u.MxP++;
      } else if (m.o.mxDestroyed) u.mainGone = true;
      else u.Mx++;
      return;
    case C_PY:
      u.Py++;
      return;
    case C_SE:
      u.Se++;
      return;
    case C_PO: {
      u.Po++;
      u.poSrc = src;
      // the first roll of a Po hit is immediate (seed §6.0)
      const c2 = m.crit[L_PO_FIRST * 6 + rng.int(6)];
      if (ctx.log) ctx.log(`  ${m.units[ui].id} Po first hit: ${CRIT_NAMES[c2]}`);
      if (c2 !== C_PO) applyCode(m, s, ui, c2, src, rng, ctx, cell);
      return;
    }
    case C_B:
      u.B++;
      u.bSrc = src;
      u.bInf = false;
      if (src >= 0) ctx.tally.add(src, K_B);
      ctx.tally.addScalar(m.units[ui].side === 0 ? S_IDX.bHitsA : S_IDX.bHitsB);
      if (ctx.tally.scalars[S_IDX.firstBTurn] === 0) ctx.tally.setScalar(S_IDX.firstBTurn, s.turn);
      return;
    case C_SMJ:
      applyCode(m, s, ui, C_S, src, rng, ctx, cell);
      applyCode(m, s, ui, C_MJ, src, rng, ctx, cell);
      return;
    case C_EXPL: {
      // destroy one adjoining intact hull cell (seed §5.6: explosions destroy adjoining cells)
      if (cell < 0) return;
      const nb = m.graph.hullNbrs[cell];
      let n = 0;
      for (let k = 0; k < nb.length; k++) if (!u.destroyed[nb[k]]) n++;
      if (n === 0) return;
      let r = rng.int(n);
      for (let k = 0; k < nb.length; k++) {
        if (!u.destroyed[nb[k]] && r-- === 0) {
          destroyCell(m, s, ui, nb[k], src, ctx);
          return;
        }
      }
      return;
    }
    case C_SPREAD:
      if (cell >= 0) spreadFrom(m, u, cell, rng);
      return;
    default:
      return;
  }
}

/** End of phase: one roll per queued damage occurrence, in order (explosions append more). */
export function resolveCrits(m: Model, s: MgvState, rng: Rng, ctx: PlayContext): void {
  const q = s.crits;
  for (let k = 0; k < q.length; k += 4) {
    const ui = q[k];
    if (!s.units[ui].alive) continue;
    const code = m.crit[q[k + 1] * 6 + rng.int(6)];
    if (code !== 0) ctx.tally.addScalar(S_IDX.crits);
    if (ctx.log && code !== 0) ctx.log(`  critical on ${m.units[ui].id} (${CRIT_LINE_NAMES[q[k + 1]]}): ${CRIT_NAMES[code]}`);
    applyCode(m, s, ui, code, q[k + 2], rng, ctx, q[k + 3]);
  }
  if (q.length !== 0) q.length = 0;
  if (s.chains.length !== 0) s.chains.length = 0;
  clearTargets(s);
}
