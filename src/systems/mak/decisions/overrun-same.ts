/**
 * The same-hex window of an overrun ([13.2.1]): once the vehicle has entered, the units in the hex
 * that did not fire in the adjacent window may fire at it, before its attack.
 */
import { Arg, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { K_CQC_DEF, K_DEFENSIVE } from '../rules/combat.ts';
import { FIRED_ADJ, clearFlag, type MakState } from '../state.ts';
import { fireIn, nextSerial, shotsFromHex, withPass } from './shots.ts';

const NAME = 'overrun same-hex window';

/** Vehicle u has entered the hex h it overruns (decided by the other side). */
export function openOverrunSame(s: MakState, u: number, h: number): void {
  Push.overrunSame(s.pending, 1 - s.phaseSide, u, h, nextSerial(s));
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const P = s.pending;
  const a = Arg.overrunSame.unit(P), h = Arg.overrunSame.hex(P);
  if (s.hex[a] !== h) return 0;
  return shotsFromHex(E, s, h, a, Arg.overrunSame.serial(P), FIRED_ADJ, 0, K_CQC_DEF, out, firstOnly);
}

export const overrunSame: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    // Eligible as a same-hex shot (range 0), counted and limited as a defensive attack.
    if (action === E.C.pass) E.finish(s, ctx);
    else fireIn(E, s, ctx, Arg.overrunSame.serial(s.pending), NAME, action, K_DEFENSIVE);
  },
  close(_E, s) {
    clearFlag(s, FIRED_ADJ);
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
