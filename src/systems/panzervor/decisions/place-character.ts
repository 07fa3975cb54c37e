/**
 * A side-level character of the scenario is placed at set-up (seed p14 "you may also place
 * characters on any tank you wish"; one per tank, seed p7, unless recoveryTarget 'anyTank').
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { frameArg, removeFrame } from '../../../core/decision/stack.ts';
import { Action, Arg } from '../actions.ts';
import { hasChar } from '../rules/crew.ts';
import type { PvState } from '../state.ts';
import type { PvStatic } from '../model.ts';
import { continueSetup } from './place.ts';

export const placeCharacter: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    const side = G.cSide[frameArg(s.pending, Arg.placeCharacter.character)];
    let n = 0;
    for (const t of G.sideTanks[side]) if (s.alive[t] && (!hasChar(G, s, t) || G.opt.recoveryTarget === 'anyTank')) out[n++] = Action.encode.placeCharacter(t);
    if (n === 0) for (const t of G.sideTanks[side]) out[n++] = Action.encode.placeCharacter(t);
    return n;
  },

  apply(G, s, a, ctx) {
    s.chTank[frameArg(s.pending, Arg.placeCharacter.character)] = Action.read.placeCharacter.tank(a);
    complete(G, s, ctx);
  },

  /** The next character, or the first turn. */
  close(G, s, ctx) {
    continueSetup(G, s, ctx);
  },
};

/** The decision is complete: its close, with its frame on top, then the frame goes (decisions/index.ts). */
function complete(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const i = s.pending.depth - 1;
  placeCharacter.close!(G, s, ctx);
  removeFrame(s.pending, i);
}
