/**
 * A continuing close quarters combat ([9.3], [9.3.1]): at the start of a phase, for each hex still
 * holding units of both sides, the phase player fights it as is (decisions/cqc-strike.ts) or does
 * nothing ([9.3.5]); reinforcing and retreating are normal moves and CQC entries ([9.3.3]-[9.3.4]).
 */
import { Arg, Frames, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { hexHasSide } from '../rules/combat.ts';
import type { MakState } from '../state.ts';
import { pushCqcStrike } from './cqc-strike.ts';

/** The continuing CQC of hex h (decided by the phase player). */
export function openCqcStart(s: MakState, h: number): void {
  Push.cqcStart(s.pending, s.phaseSide, h);
}

const open = (E: Engine, s: MakState): boolean => {
  const h = Arg.cqcStart.hex(s.pending);
  return hexHasSide(E.m, s, h, 0) && hexHasSide(E.m, s, h, 1);
};

export const cqcStart: PendingDecision = {
  legal(E, s, out) {
    if (!open(E, s)) return 0;
    out[0] = E.A.encode.fight(0);
    out[1] = E.A.encode.fight(1);
    return 2;
  },
  apply(E, s, action, ctx) {
    const h = Arg.cqcStart.hex(s.pending);
    Frames.pop(s.pending);
    if (E.A.read.fight.choice(action) === 0) {
      if (ctx.log) ctx.log(`continuing CQC in ${E.m.grid.id(h)}: fight as is`);
      pushCqcStrike(s, h, 0);
    }
  },
  offers: open,
};
