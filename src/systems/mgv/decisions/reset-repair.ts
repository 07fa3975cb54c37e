/**
 * Repairs at Reset 5b (seed §6.0 Repair, spec §3.15.2): a base with repair dice and more than one
 * kind of damage to repair chooses how to allocate them, by a priority preset (rules/reset.ts
 * REPAIR_PRESETS); a base with one kind repairs without asking. The Reset then goes on from the
 * next base (engine.ts resumeReset).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { Action, FA } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { REPAIR_PRESETS, repairUnit } from '../rules/reset.ts';
import type { MgvState } from '../state.ts';

export const resetRepair: Decision<Engine, MgvState> = {
  legal(_E, _s, out) {
    for (let k = 0; k < REPAIR_PRESETS.length; k++) out[k] = Action.encode.preset(k);
    return REPAIR_PRESETS.length;
  },

  apply(E, s, action, ctx) {
    repairUnit(E.m, s, FA.resetRepair.unit(s.pending), Action.read.preset.index(action), ctx);
    E.finish(s, ctx);
  },

  close(E, s, ctx) {
    E.resumeReset(s, ctx, FA.resetRepair.stage(s.pending), FA.resetRepair.unit(s.pending) + 1);
  },
};
