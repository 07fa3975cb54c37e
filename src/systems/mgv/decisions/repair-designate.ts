/**
 * Remote-repair designation (seed §1.5 Repair Module, spec §3.12.3, A-17): in its fire phase a
 * repair module names a friend within 2" (or none); the dice are rolled at Reset 5b. Designating
 * is a payload action (camouflage is lost); it counts as firing only with option remoteRepairFires.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { Action, K, REPAIR_SKIP, FA } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { canDesignateRepair } from '../rules/payloads.ts';
import type { MgvState } from '../state.ts';
import { repairsFrom } from './fire-phase.ts';

export const repairDesignate: Decision<Engine, MgvState> = {
  legal(E, s, out) {
    const i = FA.repairDesignate.unit(s.pending);
    let n = 0;
    out[n++] = REPAIR_SKIP;
    for (let j = 0; j < s.units.length; j++) if (canDesignateRepair(E.m, s, i, j)) out[n++] = Action.encode.repairDesignate(j);
    return n;
  },

  apply(E, s, action, ctx) {
    if (Action.kindIndexOf(action) === K.repairDesignate) {
      const u = s.units[FA.repairDesignate.unit(s.pending)];
      u.repairTarget = Action.read.repairDesignate.target(action);
      u.activeTurn = true;
      u.camo = false;
      if (E.m.o.remoteRepairFires) u.fired = true;
    }
    E.finish(s, ctx);
  },

  close(E, s, ctx) {
    repairsFrom(E, s, ctx, FA.repairDesignate.unit(s.pending) + 1);
  },
};
