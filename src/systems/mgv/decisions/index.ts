/**
 * MGV's decisions bound to its frames (actions.ts `Frames`): `D.legal` and `D.apply` are the
 * engine's dispatchers, `D.finish` completes the decision on top (its close starts what follows).
 */
import { defineDecisions } from '../../../core/decision/decisions.ts';
import { Frames } from '../actions.ts';
import type { Engine } from '../engine.ts';
import type { MgvState } from '../state.ts';
import { attack } from './attack.ts';
import { barrage } from './barrage.ts';
import { beacon } from './beacon.ts';
import { counterJam } from './counter-jam.ts';
import { jam } from './jam.ts';
import { main } from './main.ts';
import { missileSplit } from './missile-split.ts';
import { move } from './move.ts';
import { photon } from './photon.ts';
import { power } from './power.ts';
import { repairDesignate } from './repair-designate.ts';
import { resetRepair } from './reset-repair.ts';

export const D = defineDecisions<Engine, MgvState, typeof Frames.spec>(Frames, {
  main, barrage, power, move, counterJam, beacon, jam, repairDesignate, photon, attack, missileSplit, resetRepair,
});
