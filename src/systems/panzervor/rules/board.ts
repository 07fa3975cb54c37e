/**
 * The board as movement and fire see it (seed p9-p11, spec §3.3-3.5): who stands where, wrecks,
 * line of sight with dynamic obstructions, arcs, and the MP cost of each movement step. Shared by
 * the engine and by the agents' path search (so both price moves identically).
 */
import { opposite, relativeCode, rotate, ARC_FRONT, ARC_FRONT_REAR, ARC_FRONT_SIDE } from '../../../core/geometry/hex/index.ts';
import { TURN_KS } from '../actions.ts';
import type { PvState } from '../state.ts';
import { codeOf, type PvStatic } from '../model.ts';

/** What movement costs depend on: positions, destroyed tanks and wrecks (a state or an observation). */
export interface Board {
  readonly hex: readonly number[];
  readonly alive: readonly number[];
  readonly wreck: readonly number[];
  /** Optional index for searches: alive tanks per hex, and wreck hexes (see boardIndex). */
  readonly occ?: Int16Array;
  readonly wrecks?: Uint8Array;
}

/** A board with per-hex occupancy and wreck indices (for path searches over many steps). */
export function boardIndex(G: PvStatic, b: Board, occ: Int16Array, wrecks: Uint8Array): Board {
  occ.fill(0);
  wrecks.fill(0);
  for (let t = 0; t < G.nT; t++) {
    const h = b.hex[t];
    if (h < 0) continue;
    if (b.alive[t]) occ[h]++;
    else if (b.wreck[t]) wrecks[h] = 1;
  }
  return { hex: b.hex, alive: b.alive, wreck: b.wreck, occ, wrecks };
}

/** Alive tank in hex h (not counting wrecks), or -1. */
export function tankAt(G: PvStatic, s: PvState, h: number): number {
  for (let t = 0; t < G.nT; t++) if (s.alive[t] && s.hex[t] === h) return t;
  return -1;
}

/** An alive tank other than t in hex h (>= 0), or -1 (under Cutting Through two tanks may share a hex). */
export function otherTankAt(G: PvStatic, s: Board, h: number, t: number): number {
  if (s.occ) return s.occ[h] - (s.alive[t] && s.hex[t] === h ? 1 : 0) > 0 ? h : -1;
  for (let u = 0; u < G.nT; u++) if (u !== t && s.alive[u] && s.hex[u] === h) return u;
  return -1;
}

export function wreckAt(G: PvStatic, s: Board, h: number): boolean {
  if (s.wrecks) return s.wrecks[h] === 1;
  for (let t = 0; t < G.nT; t++) if (s.wreck[t] && !s.alive[t] && s.hex[t] === h) return true;
  return false;
}

export function anyWreck(G: PvStatic, s: Board): boolean {
  for (let t = 0; t < G.nT; t++) if (s.wreck[t] && !s.alive[t]) return true;
  return false;
}

/** Line of sight between hexes, with dynamic obstructions (smoke; wrecks when they block, A-12). */
export function canSee(G: PvStatic, s: Board & { readonly smokeHex: readonly number[] }, a: number, b: number): boolean {
  const wreckBlocks = G.opt.wreckage && G.opt.wreckLos === 'blocks' && anyWreck(G, s);
  if (s.smokeHex.length === 0 && !wreckBlocks) return G.los.clear(a, b);
  return canSeePastSmokeAndWrecks(G, s, a, b, wreckBlocks);
}

// Kept apart from canSee so that the closure's context is only allocated on this rare path
// (canSee runs for every candidate target of every decision).
function canSeePastSmokeAndWrecks(G: PvStatic, s: Board & { readonly smokeHex: readonly number[] }, a: number, b: number, wreckBlocks: boolean): boolean {
  // Smoke blocks sight into its hex and through it (placeholder card, spec §5.3).
  if (s.smokeHex.includes(b)) return false;
  if (!G.los.clear(a, b)) return false;
  return G.los.clearWith(a, b, (h) => s.smokeHex.includes(h) || (wreckBlocks && wreckAt(G, s, h)));
}

/** Whether hex `to` lies in the front arc of direction `dir` from hex `from` (boundary per option). */
export function inFrontArc(G: PvStatic, from: number, to: number, dir: number): boolean {
  const arc = G.arcTab[relativeCode(codeOf(G, from, to), dir)];
  if (arc === ARC_FRONT) return true;
  if (arc === ARC_FRONT_SIDE || arc === ARC_FRONT_REAR) return G.opt.arcBoundaryFiring === 'inside';
  return false;
}

/** Direction the turret of tank t points to. */
export function turretDir(G: PvStatic, s: PvState, t: number): number {
  return G.opt.turretRelativeToHull ? rotate(s.facing[t], s.turret[t]) : s.turret[t];
}

/** Entry cost of hex h for tank t moving in, or -1 when it may not enter (spec §3.3). */
export function entryExtra(G: PvStatic, s: Board, t: number, h: number): number {
  let extra = 0;
  if (G.opt.wreckage && wreckAt(G, s, h)) extra += G.rules.wreckMoveCost;
  if (otherTankAt(G, s, h, t) >= 0) {
    if (!G.opt.cuttingThrough) return -1;
    extra += G.rules.cuttingThroughCost;
  }
  return extra;
}

/** MP cost of a forward (reverse = false) or reverse step from `from` with facing f; -1 if illegal. */
export function stepCost(G: PvStatic, s: Board, t: number, from: number, f: number, reverse: boolean): number {
  const dest = G.grid.nbr[from * 6 + (reverse ? opposite(f) : f)];
  if (dest < 0) return -1;
  const terrain = G.enterCost[dest];
  if (terrain < 0) return -1;
  const extra = entryExtra(G, s, t, dest);
  if (extra < 0) return -1;
  const base = terrain * G.rules.forwardCost;
  if (!reverse) return base + extra;
  const m = G.rules.reverseMultiplier;
  switch (G.opt.reverseCostMode) {
    case 'doubleEverything':
      return m * (base + extra);
    case 'twoPlusExtras':
      return m * G.rules.forwardCost + (base - G.rules.forwardCost) + extra;
    default:
      return m * base + extra;
  }
}

/** MP cost of turning k hex-sides: free (60 degrees right after entering a hex) or 1 (seed p9). */
export function turnCost(G: PvStatic, free: boolean, k: number): number {
  if (free) return k === 1 || k === -1 ? 0 : G.rules.largeTurnAfterHexCost;
  return G.rules.turnInPlaceCost;
}

/**
 * Under Cutting Through, a tank may enter an occupied hex only if it can still leave it: some
 * sequence of steps within the remaining MP reaches a hex where it may stop (spec §3.12.3).
 */
export function canLeave(G: PvStatic, s: PvState, t: number, h: number, f: number, mp: number, free: boolean, depth: number): boolean {
  if (otherTankAt(G, s, h, t) < 0) return true;
  if (depth > 8) return false;
  for (let r = 0; r < 2; r++) {
    const c = stepCost(G, s, t, h, f, r === 1);
    if (c >= 0 && c <= mp) {
      const dest = G.grid.nbr[h * 6 + (r === 1 ? opposite(f) : f)];
      if (canLeave(G, s, t, dest, f, mp - c, true, depth + 1)) return true;
    }
  }
  for (const k of TURN_KS) {
    const c = turnCost(G, free, k);
    if (c <= mp && (c > 0 || free) && canLeave(G, s, t, h, rotate(f, k), mp - c, false, depth + 1)) return true;
  }
  return false;
}
