/**
 * Set-up placement (seed p6 "Setup", p14; spec §2.1, A-21, A-24): the placing side puts its next
 * tank on a free enterable hex of its zone, facing any hex-side unless the scenario fixes it. The
 * placements follow the queue built by newGame (engine.ts); then the side-level characters; then
 * the first turn.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { frameArg, removeFrame } from '../../../core/decision/stack.ts';
import type { PlayContext } from '../../../core/system.ts';
import { Action, Arg, Push } from '../actions.ts';
import type { PvStatic } from '../model.ts';
import { tankAt } from '../rules/board.ts';
import { startTurn } from '../rules/turn.ts';
import { FACE_BACK, type PvState } from '../state.ts';

/**
 * The placements of each tank, encoded once per scenario: for every enterable hex of its zone (in
 * zone order) the hex and its codes, one per facing (or the fixed one). The legal actions are the
 * codes of the hexes still free.
 */
interface Placements {
  readonly hex: Int32Array;
  /** Codes of hex i: codes[from[i] .. from[i + 1]). */
  readonly from: Int32Array;
  readonly codes: Int32Array;
}

const placementCache = new WeakMap<PvStatic, Placements[]>();

function placementsOf(G: PvStatic, t: number): Placements {
  let list = placementCache.get(G);
  if (list === undefined) placementCache.set(G, (list = []));
  let p = list[t];
  if (p === undefined) {
    const zone = G.tZone[t] ?? Int32Array.of(G.tStartHex[t]);
    const fixedF = G.tStartFacing[t];
    const hex: number[] = [];
    const from: number[] = [0];
    const codes: number[] = [];
    for (const h of zone) {
      if (G.enterCost[h] < 0) continue;
      if (fixedF >= 0) codes.push(Action.encode.place(fixedF, h));
      else for (let f = 0; f < 6; f++) codes.push(Action.encode.place(f, h));
      hex.push(h);
      from.push(codes.length);
    }
    p = list[t] = { hex: Int32Array.from(hex), from: Int32Array.from(from), codes: Int32Array.from(codes) };
  }
  return p;
}

export const place: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    const t = frameArg(s.pending, Arg.place.tank);
    const { hex, from, codes } = placementsOf(G, t);
    let n = 0;
    for (let i = 0; i < hex.length; i++) {
      if (tankAt(G, s, hex[i]) >= 0) continue;
      for (let j = from[i]; j < from[i + 1]; j++) out[n++] = codes[j];
    }
    if (n === 0) throw new Error(`no free hex left in the placement zone of tank ${G.tLabel[t]}`);
    return n;
  },

  apply(G, s, a, ctx) {
    placeTank(G, s, frameArg(s.pending, Arg.place.tank), Action.read.place.hex(a), Action.read.place.facing(a));
    s.placeNext++;
    complete(G, s, ctx);
  },

  /** The next placement, character placement, or the first turn. */
  close(G, s, ctx) {
    continueSetup(G, s, ctx);
  },
};

/** Tank t stands in hex h facing f, its turret forward. */
export function placeTank(G: PvStatic, s: PvState, t: number, h: number, f: number): void {
  s.hex[t] = h;
  s.facing[t] = f;
  s.turret[t] = G.opt.turretRelativeToHull ? 0 : f;
}

/** What set-up still needs: the next tank of the queue, a side-level character, or the first turn. */
export function continueSetup(G: PvStatic, s: PvState, ctx: PlayContext): void {
  if (s.placeNext < s.placeQueue.length) {
    const t = s.placeQueue[s.placeNext];
    Push.place(s.pending, G.tSide[t], t);
    return;
  }
  for (let side = 0; side < 2; side++) {
    for (const c of G.freeChars[side]) {
      if (s.chTank[c] < 0 && s.chFace[c] <= FACE_BACK) {
        Push.placeCharacter(s.pending, side, c);
        return;
      }
    }
  }
  s.active = G.movesFirst;
  startTurn(G, s, ctx);
}

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  place.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
