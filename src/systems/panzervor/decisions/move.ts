/**
 * The acting tank's movement (seed p9, spec §3.3, A-08, A-22): one step at a time, forward,
 * reverse, or a turn of one to three hex-sides (free 60 degrees right after entering a hex), a
 * character's movement bonus (once per move), or stop. Under Cutting Through (p13) a tank may pass
 * through an occupied hex but must still be able to leave it. Movement points left are lost.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { removeFrame } from '../../../core/decision/stack.ts';
import { opposite, rotate } from '../../../core/geometry/hex/index.ts';
import { A_PASS, Action, STEP_ABILITY_BASE, STEP_FORWARD, STEP_REVERSE, STEP_TURN_BASE, TURN_KS, turnOfStep } from '../actions.ts';
import type { PvStatic } from '../model.ts';
import { canLeave, otherTankAt, stepCost, turnCost } from '../rules/board.ts';
import { exhaust, faceVal, onTank } from '../rules/crew.ts';
import type { PvState } from '../state.ts';
import { endMove } from './sequence.ts';

/** MP cost of the next forward (or reverse) step, or -1 when it may not be taken. */
function stepLegal(G: PvStatic, s: PvState, reverse: boolean): number {
  const t = s.mvTank;
  const c = stepCost(G, s, t, s.hex[t], s.facing[t], reverse);
  if (c < 0 || c > s.mvMp) return -1;
  if (G.opt.cuttingThrough) {
    const dest = G.grid.nbr[s.hex[t] * 6 + (reverse ? opposite(s.facing[t]) : s.facing[t])];
    if (!canLeave(G, s, t, dest, s.facing[t], s.mvMp - c, true, 0)) return -1;
  }
  return c;
}

/** A character of tank t whose movement bonus may be added now (once per move, movementBonusDuration 'perUse'), or -1. */
function movementAbilityChar(G: PvStatic, s: PvState, t: number): number {
  if (s.mvAbil || G.opt.movementBonusDuration !== 'perUse') return -1;
  for (let c = 0; c < G.nC; c++) if (onTank(s, c, t) && faceVal(s, G.cMov, c) !== 0) return c;
  return -1;
}

/** True when the tank may end its move where it stands (no other tank there, Cutting Through). */
function canStop(G: PvStatic, s: PvState): boolean {
  return otherTankAt(G, s, s.hex[s.mvTank], s.mvTank) < 0;
}

export const move: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    let n = 0;
    const stop = canStop(G, s);
    if (stop) out[n++] = A_PASS;
    if (stepLegal(G, s, false) >= 0) out[n++] = Action.encode.step(STEP_FORWARD);
    if (stepLegal(G, s, true) >= 0) out[n++] = Action.encode.step(STEP_REVERSE);
    const t = s.mvTank;
    for (let i = 0; i < TURN_KS.length; i++) {
      const c = turnCost(G, s.mvFree, TURN_KS[i]);
      if (c > s.mvMp) continue;
      // Passing through an occupied hex (Cutting Through): a turn there must leave a way out.
      if (!stop && !canLeave(G, s, t, s.hex[t], rotate(s.facing[t], TURN_KS[i]), s.mvMp - c, false, 0)) continue;
      out[n++] = Action.encode.step(STEP_TURN_BASE + i);
    }
    const c = movementAbilityChar(G, s, t);
    if (c >= 0) out[n++] = Action.encode.step(STEP_ABILITY_BASE + c);
    if (n === 0) throw new Error(`tank ${G.tLabel[t]} is stuck in an occupied hex with ${s.mvMp} MP`);
    return n;
  },

  apply(G, s, a, ctx) {
    if (a === A_PASS) {
      complete(G, s, ctx);
      return;
    }
    const t = s.mvTank;
    const p = Action.read.step.step(a);
    if (p >= STEP_ABILITY_BASE) {
      const c = p - STEP_ABILITY_BASE;
      s.mvMp += faceVal(s, G.cMov, c);
      s.mvAbil = true;
      exhaust(G, s, ctx, c);
      return;
    }
    if (p === STEP_FORWARD || p === STEP_REVERSE) {
      const rev = p === STEP_REVERSE;
      const cost = stepCost(G, s, t, s.hex[t], s.facing[t], rev);
      s.mvMp -= cost;
      s.hex[t] = G.grid.nbr[s.hex[t] * 6 + (rev ? opposite(s.facing[t]) : s.facing[t])];
      s.mvFree = true;
    } else {
      const k = turnOfStep(p);
      s.mvMp -= turnCost(G, s.mvFree, k);
      s.facing[t] = rotate(s.facing[t], k);
      s.mvFree = false;
    }
    s.mvSteps++;
    // Nothing left to decide but stopping: stop now.
    if (s.mvMp === 0 && !s.mvFree && movementAbilityChar(G, s, t) < 0 && canStop(G, s)) complete(G, s, ctx);
  },

  /** The move is over: W1, then the turret or the attack (sequence.ts). */
  close(G, s, ctx) {
    endMove(G, s, ctx);
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  move.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
