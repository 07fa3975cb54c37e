/**
 * One round of a continuing close quarters combat ([9.3.2]): the phase player's units strike, then
 * the other side's; the exchange is simultaneous (spec §6 A11): results are held and applied
 * together once both sides have struck. Phase-player units that fight may do nothing else this
 * phase.
 */
import { Arg, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { MAX_W } from '../model.ts';
import { K_CQC, resolveAttack } from '../rules/combat.ts';
import { applyResult } from '../rules/damage.ts';
import { ATTACKED, DEAD, DONE, STRUCK, type MakState } from '../state.ts';
import { hexAttacks, withPass } from './shots.ts';

/** The strikes in hex h of the phase player (stage 0) or of the other side (stage 1). */
export function pushCqcStrike(s: MakState, h: number, stage: number): void {
  Push.cqcStrike(s.pending, stage === 0 ? s.phaseSide : 1 - s.phaseSide, h, stage);
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const { m } = E;
  const h = Arg.cqcStrike.hex(s.pending);
  const side = Arg.cqcStrike.stage(s.pending) === 0 ? s.phaseSide : 1 - s.phaseSide;
  let n = 0;
  for (let u = 0; u < m.nu; u++) {
    if (m.uside[u] !== side || s.hex[u] !== h || s.status[u] & (DEAD | STRUCK)) continue;
    n = hexAttacks(E, s, u, MAX_W, K_CQC, out, n, firstOnly);
    if (firstOnly && n > 0) return n;
  }
  return n;
}

export const cqcStrike: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    const { m, A } = E;
    if (action === E.C.pass) {
      E.finish(s, ctx);
      return;
    }
    const f = A.read.fire.unit(action), t = A.read.fire.target(action);
    s.status[f] |= STRUCK;
    if (m.uside[f] === s.phaseSide) s.status[f] |= ATTACKED | DONE; // [9.3.2]
    if (ctx.log) ctx.log(`${m.uid[f]} strikes ${m.uid[t]} (continuing CQC)`);
    resolveAttack(m, s, ctx, f, A.read.fire.weapon(action), t, K_CQC, true);
  },
  /** After the phase player's strikes, the other side's; after both, the casualties of both sides together (spec §6 A11). */
  close(E, s, ctx) {
    const { m } = E;
    const h = Arg.cqcStrike.hex(s.pending);
    if (Arg.cqcStrike.stage(s.pending) === 0) {
      pushCqcStrike(s, h, 1);
      return;
    }
    for (let u = 0; u < m.nu; u++) {
      s.status[u] &= ~STRUCK;
      if (s.pendRes[u] > 0 && s.hex[u] === h) {
        const r = s.pendRes[u];
        s.pendRes[u] = 0;
        if (!(s.status[u] & DEAD)) applyResult(m, s, ctx, u, r, -1, 0);
      }
    }
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
