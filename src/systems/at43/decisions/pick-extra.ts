/**
 * Extra activation (seed p.57, 2 LP, in the turn after a delay): the two first cards are revealed
 * and both units are activated, in the order the side picks. Frame `pickExtra` (the two units).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { A } from '../actions.ts';
import { startActivation, type At43Engine } from '../engine.ts';
import type { At43State } from '../state.ts';

const FIRST = A.encode.pickExtra(0);
const SECOND = A.encode.pickExtra(1);

export const pickExtra: Decision<At43Engine, At43State> = {
  legal(_E, _s, out) {
    out[0] = FIRST;
    out[1] = SECOND;
    return 2;
  },
  apply(E, s, a, ctx) {
    if (a === SECOND) {
      const q = s.seq[s.active];
      const t = q[0];
      q[0] = q[1];
      q[1] = t;
    }
    s.extraLeft = 1;
    E.D.finish(E, s, ctx);
  },
  /** The first of the two units is activated; the second follows its end (engine.ts endActivation). */
  close(E, s, ctx) {
    startActivation(E, s, ctx);
  },
};
