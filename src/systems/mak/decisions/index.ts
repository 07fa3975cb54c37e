/**
 * Ma.K's decisions bound to its frames: `D.legal` and `D.apply` are the engine's dispatchers (on
 * the top pending frame's kind, `main` when nothing is pending), `D.finish` completes the decision
 * on top, and `pendingOffers` tells `settle` whether the pending decision offers anything but a
 * pass (when it does not, it is closed at once).
 */
import { defineDecisions } from '../../../core/decision/decisions.ts';
import { topKindId } from '../../../core/decision/stack.ts';
import { Frames, type FrameKind } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import type { MakState } from '../state.ts';
import { commit } from './commit.ts';
import { cqcAdjacent } from './cqc-adjacent.ts';
import { cqcAttack } from './cqc-attack.ts';
import { cqcReturn } from './cqc-return.ts';
import { cqcSame } from './cqc-same.ts';
import { cqcStart } from './cqc-start.ts';
import { cqcStrike } from './cqc-strike.ts';
import { main } from './main.ts';
import { mland } from './mland.ts';
import { overrunAdjacent } from './overrun-adjacent.ts';
import { overrunAttack } from './overrun-attack.ts';
import { overrunSame } from './overrun-same.ts';
import { pin } from './pin.ts';
import { reply } from './reply.ts';
import { t3 } from './t3.ts';

const pending: { readonly [K in FrameKind]: PendingDecision } = {
  t3,
  reply,
  cqcAdjacent,
  cqcSame,
  cqcAttack,
  cqcReturn,
  pin,
  cqcStart,
  cqcStrike,
  commit,
  overrunAdjacent,
  overrunSame,
  overrunAttack,
  mLand: mland,
};

export const D = defineDecisions<Engine, MakState, typeof Frames.spec>(Frames, { main, ...pending });

/** offers[frame id]: does that pending decision offer anything but a pass? */
const offers = Frames.kinds.map((k) => pending[k].offers);

/** Does the decision on top of a non-empty stack offer anything but a pass? */
export function pendingOffers(E: Engine, s: MakState): boolean {
  return offers[topKindId(s.pending)](E, s);
}
