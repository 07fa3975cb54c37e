/**
 * The same-hex window of close quarters combat ([9.2], [9.2.4]): once the phase-player unit has
 * entered, the anti-phase units in the hex that did not fire in the adjacent window may fire at it,
 * before its attack; a unit destroyed here does not attack ([9.2.5]).
 */
import { Arg, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { K_CQC_DEF } from '../rules/combat.ts';
import { FIRED_ADJ, clearFlag, type MakState } from '../state.ts';
import { fireIn, nextSerial, shotsFromHex, withPass } from './shots.ts';

const NAME = 'CQC same-hex window';

/** Unit u has entered the enemy hex h (decided by the other side). */
export function openCqcSame(s: MakState, u: number, h: number): void {
  Push.cqcSame(s.pending, 1 - s.phaseSide, u, h, nextSerial(s));
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const P = s.pending;
  const a = Arg.cqcSame.unit(P), h = Arg.cqcSame.hex(P);
  if (s.hex[a] !== h) return 0;
  return shotsFromHex(E, s, h, a, Arg.cqcSame.serial(P), FIRED_ADJ, 0, K_CQC_DEF, out, firstOnly);
}

export const cqcSame: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    if (action === E.C.pass) E.finish(s, ctx);
    else fireIn(E, s, ctx, Arg.cqcSame.serial(s.pending), NAME, action, K_CQC_DEF);
  },
  close(_E, s) {
    clearFlag(s, FIRED_ADJ);
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
