/**
 * Return fire after a close quarters combat attack ([9.2.2]; spec §6 A10, option `cqcReturnFire`):
 * units not attacked in the CQC may not fire; by default the attacked units that survive may fire
 * back at the attacker. Then the phase player pins ([9.4]).
 */
import { Arg, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { K_CQC_DEF } from '../rules/combat.ts';
import { CQC_HIT, clearFlag, type MakState } from '../state.ts';
import { setupPins } from './pin.ts';
import { fireIn, nextSerial, shotsFromHex, withPass } from './shots.ts';

const NAME = 'CQC return fire';

/** Unit u has attacked unit t in the CQC of hex h (decided by the other side). */
export function openCqcReturn(s: MakState, u: number, t: number, h: number): void {
  Push.cqcReturn(s.pending, 1 - s.phaseSide, u, t, h, nextSerial(s));
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const P = s.pending;
  const a = Arg.cqcReturn.unit(P), h = Arg.cqcReturn.hex(P);
  const mode = E.m.opt.cqcReturnFire;
  if (s.hex[a] !== h || mode === 'none') return 0;
  return shotsFromHex(E, s, h, a, Arg.cqcReturn.serial(P), 0, mode === 'attackedOnly' ? CQC_HIT : 0, K_CQC_DEF, out, firstOnly);
}

export const cqcReturn: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    if (action === E.C.pass) E.finish(s, ctx);
    else fireIn(E, s, ctx, Arg.cqcReturn.serial(s.pending), NAME, action, K_CQC_DEF);
  },
  close(E, s) {
    clearFlag(s, CQC_HIT);
    setupPins(E, s, Arg.cqcReturn.hex(s.pending));
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
