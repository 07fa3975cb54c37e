/**
 * The Air Commitment Phase ([10.1]): each side that has aircraft fills in its card in secret, one
 * aircraft at a time: air combat, ground combat or (from its second turn, [10.1.4]) withdrawal
 * from the game. The first card is hidden from the second side (observe.ts, determinize.ts); once
 * the last card is filled in, both are revealed, withdrawals carried out, the air war resolved
 * ([10.2], [10.3]) and the first troop phase begins.
 */
import { Arg, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { nextToCommit, resolveAirWar } from '../rules/support.ts';
import { A_AIR, A_DEAD, A_GONE, A_GROUND, A_SET, A_WDRAW, type MakState } from '../state.ts';

/** The cards of the sides with an aircraft left (the mercenary's on top, decided first); false when nobody flies. */
export function openCommitments(E: Engine, s: MakState): boolean {
  const { m } = E;
  let flies = 0;
  for (let a = 0; a < m.na; a++) if (!(s.air[a] & A_DEAD)) flies |= 1 << m.aside[a];
  if (flies & 2) Push.commit(s.pending, 1, 1, 1);
  if (flies & 1) Push.commit(s.pending, 0, 0, flies & 2 ? 0 : 1);
  return flies !== 0;
}

function scan(E: Engine, s: MakState, out: Int32Array | null): number {
  const { m, A } = E;
  const a = nextToCommit(m, s, Arg.commit.side(s.pending));
  if (a < 0) return 0;
  if (out) {
    out[0] = A.encode.mission(a, 0);
    out[1] = A.encode.mission(a, 1);
  }
  // Voluntary withdrawal ([10.1.4]): not on the turn it arrives (aircraft all arrive on turn 1 or later).
  if (s.turn > Math.max(1, m.aarrive[a])) {
    if (out) out[2] = A.encode.mission(a, 2);
    return 3;
  }
  return 2;
}

export const commit: PendingDecision = {
  /** No pass: every aircraft must be assigned. */
  legal: (E, s, out) => scan(E, s, out),
  apply(E, s, action) {
    const a = E.A.read.mission.aircraft(action);
    const c = E.A.read.mission.choice(action);
    s.air[a] |= A_SET | (c === 0 ? A_AIR : c === 1 ? A_GROUND : A_WDRAW);
  },
  /** The card is complete; after the last one, the cards are revealed together ([10.1.1]). */
  close(E, s, ctx) {
    const { m } = E;
    if (!Arg.commit.last(s.pending)) return;
    for (let a = 0; a < m.na; a++) {
      if (!(s.air[a] & A_WDRAW)) continue;
      s.air[a] = A_DEAD | A_GONE; // off the game, no VP to anyone ([10.1.4])
      if (ctx.log) ctx.log(`${m.aid[a]} is withdrawn from the game ([10.1.4])`);
    }
    resolveAirWar(m, s, ctx);
    E.startPhase(s, ctx);
  },
  offers: (E, s) => nextToCommit(E.m, s, Arg.commit.side(s.pending)) >= 0,
};
