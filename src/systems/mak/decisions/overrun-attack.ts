/**
 * The overrunning vehicle's attack ([13.2.1]; spec §6 A23): one attack at range 0 on one unit of
 * the hex it picks (not ATTACKED: with MP left it may move and overrun again, [13.2.2]), then its
 * exit through the opposite hexside.
 */
import type { PlayContext } from '../../../core/system.ts';
import { Arg, Frames, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { MAX_W } from '../model.ts';
import { K_OVERRUN, hexHasSide, resolveAttack } from '../rules/combat.ts';
import { stackPoints } from '../rules/rolls.ts';
import { carryCargo } from '../rules/transport.ts';
import { DEAD, DONE, FIRED_ADJ, IMMOBILE, clearFlag, placeUnit, type MakState } from '../state.ts';
import { hexAttacks, withPass } from './shots.ts';

/** Vehicle u, in the hex h it overruns, is to attack, then leave for `exit` (decided by the phase player). */
export function pushOverrunAttack(s: MakState, u: number, h: number, exit: number): void {
  Push.overrunAttack(s.pending, s.phaseSide, u, h, exit);
}

/**
 * The overrunning vehicle leaves through the opposite hexside ([13.2.1]) when it still can (alive,
 * mobile, the exit hex free of enemies and within stacking); no defensive fire from that exit
 * (engine reading: nor T3 at the exit hex). With MP left it may keep moving ([13.2.2]).
 */
function overrunExit(E: Engine, s: MakState, ctx: PlayContext, a: number, exit: number): void {
  const { m } = E;
  clearFlag(s, FIRED_ADJ);
  const side = m.uside[a];
  const h = s.hex[a];
  if (s.status[a] & (DEAD | IMMOBILE) || hexHasSide(m, s, exit, 1 - side) || s.pts[exit * 2 + side] + stackPoints(m.ustack[a]) + s.load[a] > m.data.rules.stackLimit) {
    s.status[a] |= DONE;
    s.mover = -1;
    return;
  }
  let d = 0;
  for (; d < 6; d++) if (m.grid.nbr[h * 6 + d] === exit) break;
  s.mp[a] = Math.max(0, s.mp[a] - Math.max(0, m.cost2[m.uform[a]][exit]) - m.sideCost2[m.uform[a]][h * 6 + d]);
  placeUnit(m, s, a, exit);
  carryCargo(m, s, a, exit);
  if (ctx.log) ctx.log(`${m.uid[a]} leaves the overrun hex to ${m.grid.id(exit)} (${s.mp[a] / 2} MP left)`);
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const u = Arg.overrunAttack.unit(s.pending);
  if (s.status[u] & DEAD || s.hex[u] !== Arg.overrunAttack.hex(s.pending)) return 0;
  return hexAttacks(E, s, u, MAX_W - 1, K_OVERRUN, out, 0, firstOnly); // weapons only
}

export const overrunAttack: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    const { m, A } = E;
    if (action === E.C.pass) {
      E.finish(s, ctx);
      return;
    }
    const f = A.read.fire.unit(action), t = A.read.fire.target(action);
    const h = Arg.overrunAttack.hex(s.pending), exit = Arg.overrunAttack.exit(s.pending);
    Frames.pop(s.pending);
    if (ctx.log) ctx.log(`${m.uid[f]} attacks ${m.uid[t]} overrunning ${m.grid.id(h)}`);
    resolveAttack(m, s, ctx, f, A.read.fire.weapon(action), t, K_OVERRUN);
    overrunExit(E, s, ctx, f, exit);
  },
  close(E, s, ctx) {
    overrunExit(E, s, ctx, Arg.overrunAttack.unit(s.pending), Arg.overrunAttack.exit(s.pending));
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
