/**
 * Rallying a disorganized unit (seed p.75): when its card is revealed, its side may pay 2 LP to
 * make it valiant again, and it then activates as usual (A12: the LP of a unit without officer is
 * still due); otherwise it does nothing. Frame `rally` (the unit).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { sideToAct } from '../../../core/decision/stack.ts';
import { A } from '../actions.ts';
import { endActivation, resume, STG_PAY, type At43Engine } from '../engine.ts';
import { spend } from '../rules/leadership.ts';
import { ST_DISORGANIZED, ST_VALIANT, type At43State } from '../state.ts';

const YES = A.encode.rally(1);
const NO = A.encode.rally(0);

export const rally: Decision<At43Engine, At43State> = {
  legal(_E, _s, out) {
    out[0] = YES;
    out[1] = NO;
    return 2;
  },
  apply(E, s, a, ctx) {
    if (a === YES) {
      spend(s, sideToAct(s.pending, 0), E.m.rules.lp.rally, ctx);
      s.status[s.unit] = ST_VALIANT;
    }
    E.D.finish(E, s, ctx);
  },
  /** Rallied: the activation goes on; still disorganized: the unit does nothing. */
  close(E, s, ctx) {
    if (s.status[s.unit] === ST_DISORGANIZED) endActivation(E, s, ctx);
    else resume(E, s, STG_PAY, ctx);
  },
};
