/**
 * Activating a unit without officer (seed p.57): its side pays 1 LP, or the unit is activated but
 * performs no action (its grounded fighters stay down). Frame `pay` (the unit, and the answer).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { sideToAct } from '../../../core/decision/stack.ts';
import { A, F } from '../actions.ts';
import { endActivation, resume, STG_EJECT, type At43Engine } from '../engine.ts';
import { spend } from '../rules/leadership.ts';
import type { At43State } from '../state.ts';

const YES = A.encode.pay(1);
const NO = A.encode.pay(0);

export const pay: Decision<At43Engine, At43State> = {
  legal(_E, _s, out) {
    out[0] = YES;
    out[1] = NO;
    return 2;
  },
  apply(E, s, a, ctx) {
    if (a === YES) {
      spend(s, sideToAct(s.pending, 0), E.m.rules.lp.noOfficer, ctx);
      F.setArg(s.pending, 'pay', 'paid', 1);
    }
    E.D.finish(E, s, ctx);
  },
  close(E, s, ctx) {
    if (F.arg(s.pending, 'pay', 'paid')) resume(E, s, STG_EJECT, ctx);
    else endActivation(E, s, ctx);
  },
};
