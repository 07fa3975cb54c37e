/**
 * MGV's decisions bound to its frames (actions.ts `Frames`): `D.legal` and `D.apply` are the
 * engine's dispatchers, `D.finish` completes the decision on top (its close starts what follows).
 */
import { defineDecisions } from '../../../core/decision/decisions.ts';
import { FRAME_WORDS, removeFrame } from '../../../core/decision/stack.ts';
import type { PlayContext } from '../../../core/system.ts';
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

// The engine's hot dispatch: a switch on the top frame's id with one call site per module, each
// monomorphic (and small modules inlined), where `D.legal` / `D.apply` / `D.finish` call the module
// of an array slot from one site shared by the twelve kinds (megamorphic). Same modules, same
// order of effects: test/systems/mgv/dispatch.test.ts plays games through both and compares.
const ID = Frames.id;
if (ID.barrage !== 0 || ID.power !== 1 || ID.move !== 2 || ID.counterJam !== 3 || ID.beacon !== 4 || ID.jam !== 5 || ID.repairDesignate !== 6
  || ID.photon !== 7 || ID.attack !== 8 || ID.missileSplit !== 9 || ID.resetRepair !== 10 || Frames.kinds.length !== 11) {
  throw new Error('mgv decisions: the frame ids of actions.ts Frames changed; renumber the switches of decisions/index.ts');
}

/** Id of the decision deciding now: the top frame's kind, or 11 (`main`) with nothing pending. */
function topId(s: MgvState): number {
  const p = s.pending;
  return p.depth === 0 ? 11 : p.words[(p.depth - 1) * FRAME_WORDS];
}

/** `D.legal`, dispatched by a switch. */
export function legalOf(E: Engine, s: MgvState, out: Int32Array): number {
  switch (topId(s)) {
    case 2: return move.legal(E, s, out);
    case 8: return attack.legal(E, s, out);
    case 11: return main.legal(E, s, out);
    case 7: return photon.legal(E, s, out);
    case 1: return power.legal(E, s, out);
    case 0: return barrage.legal(E, s, out);
    case 3: return counterJam.legal(E, s, out);
    case 4: return beacon.legal(E, s, out);
    case 5: return jam.legal(E, s, out);
    case 6: return repairDesignate.legal(E, s, out);
    case 9: return missileSplit.legal(E, s, out);
    default: return resetRepair.legal(E, s, out);
  }
}

/** `D.apply`, dispatched by a switch. */
export function applyOf(E: Engine, s: MgvState, action: number, ctx: PlayContext): void {
  switch (topId(s)) {
    case 2: return move.apply(E, s, action, ctx);
    case 8: return attack.apply(E, s, action, ctx);
    case 11: return main.apply(E, s, action, ctx);
    case 7: return photon.apply(E, s, action, ctx);
    case 1: return power.apply(E, s, action, ctx);
    case 0: return barrage.apply(E, s, action, ctx);
    case 3: return counterJam.apply(E, s, action, ctx);
    case 4: return beacon.apply(E, s, action, ctx);
    case 5: return jam.apply(E, s, action, ctx);
    case 6: return repairDesignate.apply(E, s, action, ctx);
    case 9: return missileSplit.apply(E, s, action, ctx);
    default: return resetRepair.apply(E, s, action, ctx);
  }
}

/** `D.finish`, dispatched by a switch: the top decision's close (its frame still on top), then that frame is removed. */
export function finishOf(E: Engine, s: MgvState, ctx: PlayContext): void {
  const p = s.pending;
  if (p.depth === 0) throw new Error('mgv decisions: finish() with nothing pending');
  const index = p.depth - 1;
  switch (p.words[index * FRAME_WORDS]) {
    case 2: move.close?.(E, s, ctx); break;
    case 8: attack.close?.(E, s, ctx); break;
    case 7: photon.close?.(E, s, ctx); break;
    case 1: power.close?.(E, s, ctx); break;
    case 0: barrage.close?.(E, s, ctx); break;
    case 3: counterJam.close?.(E, s, ctx); break;
    case 4: beacon.close?.(E, s, ctx); break;
    case 5: jam.close?.(E, s, ctx); break;
    case 6: repairDesignate.close?.(E, s, ctx); break;
    case 9: missileSplit.close?.(E, s, ctx); break;
    default: resetRepair.close?.(E, s, ctx);
  }
  // as D.finish: the finished frame goes, even when close pushed what follows above it; a close
  // that ended the game and cleared the stack has left nothing to remove
  if (index < p.depth) removeFrame(p, index);
}
