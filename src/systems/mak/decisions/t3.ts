/**
 * T3 defensive fire ([5.4] 3, [7.2.4], Fig. 4): a phase-player unit that enters a hex (a move, a
 * reinforcement's entry) may be fired at once by every anti-phase unit adjacent to that hex, each
 * with one weapon. The whole of T3: who opens the window (`openT3`), who may fire, the shot.
 */
import { Frames } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { K_DEFENSIVE } from '../rules/combat.ts';
import { DEAD, type MakState } from '../state.ts';
import { fireIn, nextSerial, shotsAt, withPass } from './shots.ts';

const NAME = 'T3 (hex entered)';

/** The window of unit u, which has just entered hex h (decided by the other side). */
export function openT3(s: MakState, u: number, h: number): void {
  Frames.push(s.pending, 't3', 1 - s.phaseSide, u, h, nextSerial(s));
}

/** The shots of the window into out (or only counted when out is null); `firstOnly` stops at the first. */
function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const { m } = E;
  const P = s.pending;
  const a = Frames.arg(P, 't3', 'mover'), h = Frames.arg(P, 't3', 'hex'), serial = Frames.arg(P, 't3', 'serial');
  if (s.hex[a] !== h) return 0; // it left the hex meanwhile (a carrier's cargo...): nothing to fire at
  const target = s.carrier[a] >= 0 ? s.carrier[a] : a; // cargo is answered through its vehicle ([13.1.3])
  const st = s.status;
  const firers = m.sideUnits[1 - s.phaseSide];
  let n = 0;
  for (let i = 0; i < firers.length; i++) {
    const f = firers[i];
    if (st[f] & DEAD || s.dfStamp[f] === serial || m.grid.distance(s.hex[f], h) !== 1) continue;
    n = shotsAt(E, s, f, target, K_DEFENSIVE, out, n, firstOnly);
    if (firstOnly && n > 0) return n;
  }
  return n;
}

export const t3: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    if (action === E.A.encode.pass()) E.finish(s, ctx);
    else fireIn(E, s, ctx, Frames.arg(s.pending, 't3', 'serial'), NAME, action, K_DEFENSIVE);
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
