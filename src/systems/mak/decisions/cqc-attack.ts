/**
 * The entering unit's close quarters combat attack ([9.1] 3): the phase-player unit that entered
 * (and survived the defensive windows) attacks one enemy unit in the hex, with a weapon or unarmed
 * ([9.5]); the unit attacked may then fire back (decisions/cqc-return.ts). Passing (no attack)
 * goes straight to pinning ([9.4]).
 */
import { Arg, Frames, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { M } from '../metrics.ts';
import { MAX_W } from '../model.ts';
import { K_CQC, resolveAttack } from '../rules/combat.ts';
import { CQC_HIT, DEAD, type MakState } from '../state.ts';
import { openCqcReturn } from './cqc-return.ts';
import { setupPins } from './pin.ts';
import { hexAttacks, withPass } from './shots.ts';

/** Unit u, now in the enemy hex h, is to make its CQC attack (decided by its side, the phase player). */
export function pushCqcAttack(s: MakState, u: number, h: number): void {
  Push.cqcAttack(s.pending, s.phaseSide, u, h);
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const u = Arg.cqcAttack.unit(s.pending);
  if (s.status[u] & DEAD || s.hex[u] !== Arg.cqcAttack.hex(s.pending)) return 0;
  return hexAttacks(E, s, u, MAX_W, K_CQC, out, 0, firstOnly);
}

export const cqcAttack: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    const { m, A } = E;
    if (action === E.C.pass) {
      E.finish(s, ctx);
      return;
    }
    const f = A.read.fire.unit(action), t = A.read.fire.target(action);
    const h = Arg.cqcAttack.hex(s.pending);
    Frames.pop(s.pending);
    if (ctx.log) ctx.log(`${m.uid[f]} attacks ${m.uid[t]} in close quarters combat`);
    resolveAttack(m, s, ctx, f, A.read.fire.weapon(action), t, K_CQC);
    s.status[t] |= CQC_HIT;
    ctx.tally.addScalar(M.scalar.cqcFights);
    openCqcReturn(s, f, t, h); // [9.2.2]: the attacked may answer (spec §6 A10)
  },
  close(E, s) {
    setupPins(E, s, Arg.cqcAttack.hex(s.pending));
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
