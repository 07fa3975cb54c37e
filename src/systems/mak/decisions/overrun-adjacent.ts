/**
 * The approach of an overrun ([13.2.1]: defensive fire as in close quarters combat): the units in
 * the hex a vehicle is about to overrun may fire at it while it is adjacent (no counter-entry);
 * then, unless stopped (immobilized or destroyed) or with nobody left in the hex, it enters,
 * paying the hex's entry cost, and the same-hex window opens before its attack.
 */
import { Arg, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { K_DEFENSIVE, hexHasSide } from '../rules/combat.ts';
import { carryCargo } from '../rules/transport.ts';
import { DEAD, DONE, FIRED_ADJ, IMMOBILE, clearFlag, placeUnit, type MakState } from '../state.ts';
import { pushOverrunAttack } from './overrun-attack.ts';
import { openOverrunSame } from './overrun-same.ts';
import { fireIn, nextSerial, shotsFromHex, withPass } from './shots.ts';

const NAME = 'overrun adjacent window';

/** Vehicle u overruns the adjacent enemy hex h, to leave it for hex `exit` (decided by the other side). */
export function openOverrunAdjacent(s: MakState, u: number, h: number, exit: number): void {
  Push.overrunAdjacent(s.pending, 1 - s.phaseSide, u, h, exit, nextSerial(s));
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const P = s.pending;
  const a = Arg.overrunAdjacent.unit(P), h = Arg.overrunAdjacent.hex(P);
  return shotsFromHex(E, s, h, a, Arg.overrunAdjacent.serial(P), 0, 0, K_DEFENSIVE, out, firstOnly);
}

export const overrunAdjacent: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    if (action === E.C.pass) {
      E.finish(s, ctx);
      return;
    }
    s.status[E.A.read.fire.unit(action)] |= FIRED_ADJ; // as in CQC: no second shot in the same-hex window ([9.2])
    fireIn(E, s, ctx, Arg.overrunAdjacent.serial(s.pending), NAME, action, K_DEFENSIVE);
  },
  close(E, s, ctx) {
    const { m } = E;
    const P = s.pending;
    const a = Arg.overrunAdjacent.unit(P), h = Arg.overrunAdjacent.hex(P), exit = Arg.overrunAdjacent.exit(P);
    // Stopped (immobilized or destroyed) before the hex, or nobody left to overrun: the vehicle stays.
    if (s.status[a] & (DEAD | IMMOBILE) || !hexHasSide(m, s, h, 1 - s.phaseSide)) {
      clearFlag(s, FIRED_ADJ);
      s.status[a] |= DONE;
      s.mover = -1;
      return;
    }
    const from = s.hex[a];
    let d = 0;
    for (; d < 6; d++) if (m.grid.nbr[from * 6 + d] === h) break;
    s.mp[a] = Math.max(0, s.mp[a] - m.cost2[m.uform[a]][h] - m.sideCost2[m.uform[a]][from * 6 + d]);
    placeUnit(m, s, a, h);
    carryCargo(m, s, a, h);
    if (ctx.log) ctx.log(`${m.uid[a]} enters ${m.grid.id(h)}`);
    pushOverrunAttack(s, a, h, exit);
    openOverrunSame(s, a, h);
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
