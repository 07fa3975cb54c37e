/**
 * T3 defensive fire ([5.4] 3, [7.2.4], Fig. 4): a phase-player unit that enters a hex (a move, a
 * reinforcement's entry) may be fired at once by every anti-phase unit adjacent to that hex, each
 * with one weapon. The whole of T3: who opens the window (`openT3`), who may fire, the shot.
 */
import { Arg, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { MAX_W } from '../model.ts';
import { K_DEFENSIVE, canAttack } from '../rules/combat.ts';
import { DEAD, placeUnit, type MakState } from '../state.ts';
import { fireIn, nextSerial, shotsAt, withPass } from './shots.ts';

const NAME = 'T3 (hex entered)';

/** The window of unit u, which has just entered hex h (decided by the other side). */
export function openT3(s: MakState, u: number, h: number): void {
  const serial = nextSerial(s);
  s.t3Unit = u;
  s.t3Serial = serial;
  Push.t3(s.pending, 1 - s.phaseSide, u, h, serial);
}

/**
 * Would unit u draw T3 by entering hex h: is an enemy unit next to h able to fire at it there?
 * (A broken infantry unit may not make such a move, [14.3.1] 2.) u is put in h for the test only.
 */
export function drawsT3(E: Engine, s: MakState, u: number, h: number): boolean {
  const { m } = E;
  const enemies = m.sideUnits[1 - m.uside[u]];
  const from = s.hex[u];
  let fire = false;
  placeUnit(m, s, u, h);
  for (let i = 0; i < enemies.length && !fire; i++) {
    const f = enemies[i];
    if (s.status[f] & DEAD || m.grid.distance(s.hex[f], h) !== 1) continue;
    for (let w = 0; w < MAX_W && !fire; w++) fire = canAttack(m, s, f, w, u, K_DEFENSIVE);
  }
  placeUnit(m, s, u, from);
  return fire;
}

/** The shots of the window into out (or only counted when out is null); `firstOnly` stops at the first. */
function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const { m } = E;
  const P = s.pending;
  const a = Arg.t3.mover(P), h = Arg.t3.hex(P), serial = Arg.t3.serial(P);
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
    if (action === E.C.pass) E.finish(s, ctx);
    else fireIn(E, s, ctx, Arg.t3.serial(s.pending), NAME, action, K_DEFENSIVE);
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
