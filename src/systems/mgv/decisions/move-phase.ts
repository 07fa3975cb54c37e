/**
 * The order of a move phase (seed §4.0, §1.5): the phase side's bases in order, each with its
 * power decision first (a power module with points to give), then its move decision while it can
 * act (legs, engineering, move-phase jamming). Infected bases (2017 #103) were moved by the engine.
 */
import { FA, FP } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { P_POWER, type Model } from '../model.ts';
import { allowanceOf, powerAvailable } from '../rules/movement.ts';
import { ENG_BRIDGE, canEngineer, canJam, engPointsLeft, jammerReady } from '../rules/payloads.ts';
import type { MgvState } from '../state.ts';
import type { PlayContext } from '../../../core/system.ts';

/** Can base i still act in this move phase (a leg, an engineering action, a move-phase jamming)? */
export function moverCanAct(m: Model, s: MgvState, i: number): boolean {
  const u = s.units[i];
  if (!u.alive || u.infected || u.moveDone) return false;
  if (u.allowance >= 0.5 - 1e-9 && u.legs < m.o.maxLegs) return true;
  if (engPointsLeft(m, s, i) > 0 && anyEngineering(m, s, i)) return true;
  if (!m.o.jammerFireOnly && jammerReady(m, s, i) && anyJam(m, s, i)) return true;
  return false;
}

function anyEngineering(m: Model, s: MgvState, i: number): boolean {
  const n = Math.max(m.features.length, s.units.length);
  for (let a = 0; a <= ENG_BRIDGE; a++) for (let t = 0; t < n; t++) if (canEngineer(m, s, i, a, t)) return true;
  return false;
}

function anyJam(m: Model, s: MgvState, i: number): boolean {
  for (let j = 0; j < s.units.length; j++) if (canJam(m, s, i, j)) return true;
  return false;
}

/** Pushes the decision of the next base to move, from base `from` on; none left: the phase ends. */
export function nextMover(E: Engine, s: MgvState, ctx: PlayContext, from: number): void {
  const m = E.m;
  const side = s.phaseSide;
  for (let i = from; i < s.units.length; i++) {
    const u = s.units[i];
    if (m.units[i].side !== side || !u.alive || u.infected) continue;
    if (m.units[i].payload === P_POWER && powerAvailable(m, s, i) > 0 && !(u.powerUsed && !m.o.powerFree) && allowanceOf(m, s, i) > 0) {
      FP.power(s.pending, side, i);
      return;
    }
    u.allowance = allowanceOf(m, s, i);
    if (moverCanAct(m, s, i)) {
      FP.move(s.pending, side, i);
      return;
    }
  }
  E.endPhase(s, ctx);
}

/** After an action of the moving base (the `move` frame on top): it goes on while it can act, else its decision is complete. */
export function afterMove(E: Engine, s: MgvState, ctx: PlayContext): void {
  if (moverCanAct(E.m, s, FA.move.unit(s.pending))) return;
  E.finish(s, ctx);
}
