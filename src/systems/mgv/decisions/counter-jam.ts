/**
 * The jammed side's answer (seed §1.5 MGV Jammer and Power Module, spec §3.12.4, A-18): a base
 * with uncommitted power points, targeted by a jammer, commits some of them to counter 2 jamming
 * points each, before the jamming roll. It interrupts the jamming base's decision (its `move` in a
 * move phase, its `jam` in a fire phase), which resumes once the roll is made.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { Action, Frames, FA, FP } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { powerAvailable } from '../rules/movement.ts';
import { resolveJam } from '../rules/payloads.ts';
import type { MgvState } from '../state.ts';
import { afterMove } from './move-phase.ts';

/**
 * Base `jammer` jams base `target`: the target's side is asked for its counter when it has power
 * points to commit (true: the counterJam frame is pushed); otherwise the jamming is rolled now.
 */
export function startJam(E: Engine, s: MgvState, jammer: number, target: number, ctx: PlayContext): boolean {
  const m = E.m;
  if (powerAvailable(m, s, target) > 0 && s.units[target].alive) {
    FP.counterJam(s.pending, m.units[target].side, jammer, target);
    return true;
  }
  resolveJam(m, s, jammer, target, 0, ctx);
  return false;
}

export const counterJam: Decision<Engine, MgvState> = {
  legal(E, s, out) {
    const av = powerAvailable(E.m, s, FA.counterJam.target(s.pending));
    let n = 0;
    for (let k = 0; k <= av; k++) out[n++] = Action.encode.counter(k);
    return n;
  },

  /** Commits the points, rolls the jamming, and resumes the jamming base's decision. */
  apply(E, s, action, ctx) {
    const p = Action.read.counter.points(action);
    const jammer = FA.counterJam.jammer(s.pending);
    const target = FA.counterJam.target(s.pending);
    const t = s.units[target];
    t.powerCounter += p;
    if (p > 0) t.powerUsed = true;
    resolveJam(E.m, s, jammer, target, p, ctx);
    Frames.pop(s.pending);
    if (Frames.isTop(s.pending, 'move')) afterMove(E, s, ctx);
    else E.finish(s, ctx); // the fire-phase jam decision of that base is complete
  },
};
