/**
 * Pinning ([9.4]): in a CQC hex, one anti-phase unit is pinned for each phase-player unit there that
 * can fire and is not immobilized ([9.4.1]-[9.4.2]); only the number counts and the phase player
 * picks which ([9.4.3]). Pinned units do not fire out of the hex ([9.4.4]; rules/combat.ts
 * `canAttack`).
 */
import { Arg, Frames, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { MAX_W, type Model } from '../model.ts';
import { K_CQC, weaponReady } from '../rules/combat.ts';
import { ARMLESS, BROKEN, DEAD, IMMOBILE, PINNED, type MakState } from '../state.ts';

function hasReadyWeapon(m: Model, s: MakState, u: number): boolean {
  for (let w = 0; w < MAX_W; w++) if (weaponReady(m, s, u, w, K_CQC)) return true;
  return false;
}

/** [9.4]: pins the anti-phase units of hex h at once when there is no choice, else asks the phase player. */
export function setupPins(E: Engine, s: MakState, h: number): void {
  const { m } = E;
  let able = 0, anti = 0, pinned = 0;
  for (let u = 0; u < m.nu; u++) {
    if (s.hex[u] !== h || s.status[u] & DEAD) continue;
    if (m.uside[u] === s.phaseSide) {
      if (!(s.status[u] & (IMMOBILE | ARMLESS | BROKEN)) && hasReadyWeapon(m, s, u)) able++;
    } else {
      anti++;
      if (s.status[u] & PINNED) pinned++;
    }
  }
  const need = Math.min(able, anti) - pinned;
  if (need <= 0) return;
  if (need >= anti - pinned) {
    for (let u = 0; u < m.nu; u++) if (s.hex[u] === h && m.uside[u] !== s.phaseSide && !(s.status[u] & DEAD)) s.status[u] |= PINNED;
    return;
  }
  Push.pin(s.pending, s.phaseSide, h, need);
}

function scan(E: Engine, s: MakState, out: Int32Array | null): number {
  const { m, A } = E;
  const h = Arg.pin.hex(s.pending);
  let n = 0;
  for (let t = 0; t < m.nu; t++) {
    if (s.hex[t] !== h || m.uside[t] === s.phaseSide || s.status[t] & (DEAD | PINNED)) continue;
    if (out) out[n] = A.encode.pin(t);
    n++;
  }
  return n;
}

export const pin: PendingDecision = {
  /** No pass: the phase player must pin. */
  legal: (E, s, out) => scan(E, s, out),
  apply(E, s, action) {
    s.status[E.A.read.pin.unit(action)] |= PINNED;
    const left = Arg.pin.left(s.pending) - 1;
    if (left <= 0) Frames.pop(s.pending);
    else Frames.setArg(s.pending, 'pin', 'left', left);
  },
  offers: (E, s) => scan(E, s, null) > 0,
};
