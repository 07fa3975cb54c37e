/**
 * A character ability after seeing the dice (seed p13 "You may choose to apply a character's
 * abilities at any time", spec §3.10.3, A-02): the attacker's attack or damage bonus, or the
 * defender's defensive one, on the roll just made; offered only when it changes the roll's
 * outcome (sequence.ts nextAbility, rules/attack.ts decisiveChars). Using it exhausts the counter.
 * Under abilityOrder 'simultaneous' the attacker's choice is sealed: carried, unseen, in the
 * defender's decision (`sealed`) and revealed once the defender has decided.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { frameArg, removeFrame, setFrameArg } from '../../../core/decision/stack.ts';
import { A_PASS, Action, Arg } from '../actions.ts';
import { decisiveChars } from '../rules/attack.ts';
import { exhaust, faceVal } from '../rules/crew.ts';
import { AB_ATT_ATTACK, AB_ATT_DAMAGE, AB_DEF_DAMAGE, DECIDED_ATT, DECIDED_DEF, SEALED, type PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';
import { nextAbility } from './sequence.ts';

const SCRATCH: number[] = new Array(64).fill(0);

export const ability: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    let n = 0;
    out[n++] = A_PASS;
    const m = decisiveChars(G, s, frameArg(s.pending, Arg.ability.layer), frameArg(s.pending, Arg.ability.role), SCRATCH);
    for (let i = 0; i < m; i++) out[n++] = Action.encode.use(SCRATCH[i]);
    return n;
  },

  apply(G, s, a, ctx) {
    const L = frameArg(s.pending, Arg.ability.layer);
    const role = frameArg(s.pending, Arg.ability.role);
    const damage = role === AB_ATT_DAMAGE || role === AB_DEF_DAMAGE;
    const attacker = role === AB_ATT_ATTACK || role === AB_ATT_DAMAGE;
    const sealed = attacker && G.opt.abilityOrder === 'simultaneous';
    s.aDecided[L] |= attacker ? (sealed ? DECIDED_ATT | SEALED : DECIDED_ATT) : DECIDED_DEF;
    if (sealed) {
      setFrameArg(s.pending, Arg.ability.sealed, a !== A_PASS ? Action.read.use.character(a) : -1);
    } else if (a !== A_PASS) {
      const c = Action.read.use.character(a);
      const v = faceVal(s, damage ? (attacker ? G.cDmg : G.cDefDmg) : attacker ? G.cAtk : G.cDefAtk, c);
      if (damage) {
        if (attacker) s.aAttDAb[L] += v;
        else s.aDefDAb[L] += v;
      } else if (attacker) s.aAttAb[L] += v;
      else s.aDefAb[L] += v;
      exhaust(G, s, ctx, c);
    }
    complete(G, s, ctx);
  },

  /** The other side's ability decision on this roll, if any, then the roll's outcome (sequence.ts). */
  close(G, s, ctx) {
    const role = frameArg(s.pending, Arg.ability.role);
    nextAbility(G, s, ctx, frameArg(s.pending, Arg.ability.layer), role === AB_ATT_DAMAGE || role === AB_DEF_DAMAGE, frameArg(s.pending, Arg.ability.sealed));
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  ability.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
