/**
 * The authority test's winner (or a mission's named winner in round 1) chooses the first active
 * player (seed p.55), maybe himself. Frame `first`; the activation phase then begins.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { A } from '../actions.ts';
import { beginTurns, type At43Engine } from '../engine.ts';
import type { At43State } from '../state.ts';

const SIDE_0 = A.encode.first(0);
const SIDE_1 = A.encode.first(1);

export const first: Decision<At43Engine, At43State> = {
  legal(_E, _s, out) {
    out[0] = SIDE_0;
    out[1] = SIDE_1;
    return 2;
  },
  apply(E, s, a, ctx) {
    s.first = A.read.first.side(a);
    s.active = s.first;
    E.D.finish(E, s, ctx);
  },
  close(E, s, ctx) {
    beginTurns(E, s, ctx);
  },
};
