/**
 * Immobilised AFVs (seed p.53): at each activation of its unit, the side keeps an immobilised AFV
 * (the others stay in cohesion with it) or its pilot ejects and the AFV is removed (a hero pilot
 * with an on-foot profile is placed where it stood, rules/losses.ts); the unit then tests its
 * morale, as for an AFV destroyed (p.75: "destroyed or abandoned"). Frame `eject` (the unit and
 * the AFV), one per immobilised AFV.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { A, F } from '../actions.ts';
import { endActivation, resume, STG_EJECT, STG_GROUNDED, type At43Engine } from '../engine.ts';
import { afvLossTest, killFighter } from '../rules/losses.ts';
import type { At43State } from '../state.ts';

const EJECT = A.encode.eject(1);
const KEEP = A.encode.eject(0);

export const eject: Decision<At43Engine, At43State> = {
  legal(_E, _s, out) {
    out[0] = EJECT;
    out[1] = KEEP;
    return 2;
  },
  apply(E, s, a, ctx) {
    if (a === EJECT) {
      if (ctx.log) ctx.log(`  the pilot ejects: ${E.m.units[s.unit].id} AFV removed`);
      killFighter(E, s, F.arg(s.pending, 'eject', 'fighter'), ctx, true);
      afvLossTest(E, s, s.unit, ctx); // "destroyed or abandoned" (p.75)
    }
    E.D.finish(E, s, ctx);
  },
  /** Abandoned: the unit's next immobilised AFV, if any (none left: nothing to activate); kept: on to the grounded fighters. */
  close(E, s, ctx) {
    if (s.alive[F.arg(s.pending, 'eject', 'fighter')]) return resume(E, s, STG_GROUNDED, ctx);
    if (s.members[s.unit] === 0) return endActivation(E, s, ctx);
    resume(E, s, STG_EJECT, ctx);
  },
};
