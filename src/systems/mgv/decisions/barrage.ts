/**
 * Random barrages (optional rule 2017 #101, spec §5.14): on a tied X roll each side places one
 * marker (tie at 1-3) or two (4-6) on a base; every MGV whose centre is within 4" of a marker
 * rolls 1D6: 5 destroys one hull cell as a thermal hit, 6 two. The sides alternate while both
 * have markers left; then the end-of-phase critical hits and the X roll-off (engine.ts afterBarrages).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { sideToAct } from '../../../core/decision/stack.ts';
import { hypot } from '../../../core/geometry/table/index.ts';
import { Action, Frames, FA, FP } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { locateSurface, thermalDestroy } from '../rules/damage.ts';
import type { MgvState } from '../state.ts';

export const barrage: Decision<Engine, MgvState> = {
  legal(_E, s, out) {
    let n = 0;
    for (let k = 0; k < s.units.length; k++) if (s.units[k].alive) out[n++] = Action.encode.barrage(k);
    if (n === 0) out[n++] = Action.encode.barrage(0);
    return n;
  },

  apply(E, s, action, ctx) {
    const m = E.m;
    const side = sideToAct(s.pending, -1);
    const arg = side === 0 ? 'left0' : 'left1';
    Frames.setArg(s.pending, 'barrage', arg, Frames.arg(s.pending, 'barrage', arg) - 1);
    const t = s.units[Action.read.barrage.unit(action)];
    for (let k = 0; k < s.units.length; k++) {
      const u = s.units[k];
      if (!u.alive || hypot(u.x - t.x, u.y - t.y) > 4) continue;
      const r = 1 + ctx.dice.int(6);
      const hits = r === 6 ? 2 : r === 5 ? 1 : 0;
      for (let h = 0; h < hits; h++) thermalDestroy(m, s, k, locateSurface(m, ctx.dice, ctx.dice.int(181)), -1, ctx.dice, ctx);
    }
    E.finish(s, ctx);
  },

  /** The other side places next while it has markers left (else the same side goes on); none left: the X roll-off. */
  close(E, s, ctx) {
    const l0 = FA.barrage.left0(s.pending);
    const l1 = FA.barrage.left1(s.pending);
    if (l0 + l1 > 0) {
      const side = sideToAct(s.pending, -1);
      const next = (side === 0 ? l1 : l0) > 0 ? 1 - side : side;
      FP.barrage(s.pending, next, l0, l1);
      return;
    }
    E.afterBarrages(s, ctx);
  },
};
