/**
 * The order of a fire phase (spec §3.6 [O]): (1) beacon launches, (2) jammer activations,
 * (3) remote-repair designations, (4) every photon weapon records its target and range
 * estimate (seed §5.3: before any attack), (5) attacks in the order the side chooses. Each step
 * asks, in base order, only the bases that have something to decide; a step with none is skipped.
 * The end-of-phase critical hits follow (engine.ts endPhase).
 */
import type { PlayContext } from '../../../core/system.ts';
import { FP } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { P_BEACONS, P_JAMMER, P_REPAIR, W_PHOTON, type Model } from '../model.ts';
import { SLOT_JOINT, SLOT_MAIN, SLOT_PAY, canTarget, slotReady, slotWeapon } from '../rules/combat.ts';
import { canDesignateRepair, canJam, canLaunchBeacon } from '../rules/payloads.ts';
import type { MgvState } from '../state.ts';

/** The first base from `from` on with payload `payload` and some target `can` accepts; -1 when none. */
function payloadUser(m: Model, s: MgvState, from: number, payload: number, can: (m: Model, s: MgvState, i: number, j: number) => boolean): number {
  const n = s.units.length;
  const side = s.phaseSide;
  for (let i = from; i < n; i++) {
    if (m.units[i].side !== side || m.units[i].payload !== payload || !s.units[i].alive) continue;
    for (let j = 0; j < n; j++) if (can(m, s, i, j)) return i;
  }
  return -1;
}

/** (1) The next beacon launcher from base `from` on, else the jammers. */
export function beaconsFrom(E: Engine, s: MgvState, ctx: PlayContext, from: number): void {
  const i = payloadUser(E.m, s, from, P_BEACONS, canLaunchBeacon);
  if (i >= 0) FP.beacon(s.pending, s.phaseSide, i);
  else jammersFrom(E, s, ctx, 0);
}

/** (2) The next jammer from base `from` on, else the repair modules. */
export function jammersFrom(E: Engine, s: MgvState, ctx: PlayContext, from: number): void {
  const i = payloadUser(E.m, s, from, P_JAMMER, canJam);
  if (i >= 0) FP.jam(s.pending, s.phaseSide, i);
  else repairsFrom(E, s, ctx, 0);
}

/** (3) The next repair module with a friend to designate, else the photon weapons. */
export function repairsFrom(E: Engine, s: MgvState, ctx: PlayContext, from: number): void {
  const i = payloadUser(E.m, s, from, P_REPAIR, canDesignateRepair);
  if (i >= 0) FP.repairDesignate(s.pending, s.phaseSide, i);
  else photonsFrom(E, s, ctx, 0, SLOT_MAIN);
}

/** Does base i's weapon `slot` (main or payload) fire photon, ready, with some target? */
function photonReady(m: Model, s: MgvState, i: number, slot: number): boolean {
  if (m.units[i].side !== s.phaseSide) return false;
  if (slotWeapon(m, i, slot) !== W_PHOTON || !slotReady(m, s, i, slot)) return false;
  for (let j = 0; j < s.units.length; j++) if (canTarget(m, s, i, slot, j)) return true;
  return false;
}

/** (4) The next photon weapon from (base `from`, weapon `slot`) on, main before payload; else the attacks. */
export function photonsFrom(E: Engine, s: MgvState, ctx: PlayContext, from: number, slot: number): void {
  const m = E.m;
  for (let i = from; i < s.units.length; i++, slot = SLOT_MAIN) {
    for (; slot <= SLOT_PAY; slot++) {
      if (photonReady(m, s, i, slot)) {
        FP.photon(s.pending, s.phaseSide, i, slot);
        return;
      }
    }
  }
  attacksOrEnd(E, s, ctx);
}

/** (5) The attack decision while any attack is possible; else the phase ends. */
export function attacksOrEnd(E: Engine, s: MgvState, ctx: PlayContext): void {
  if (anyAttack(E.m, s)) FP.attack(s.pending, s.phaseSide);
  else E.endPhase(s, ctx);
}

/** Can base i (of the phase side, slotReady(i, slot) known to hold) attack j with the slot? A photon weapon fires only at its recorded target. */
export function attackOk(m: Model, s: MgvState, i: number, slot: number, j: number): boolean {
  if (slotWeapon(m, i, slot) === W_PHOTON && slot !== SLOT_JOINT) {
    const ps = slot === SLOT_PAY ? 1 : 0;
    if (s.units[i].photonTarget[ps] !== j) return false;
  }
  return canTarget(m, s, i, slot, j);
}

/** Has the phase side any attack left? */
export function anyAttack(m: Model, s: MgvState): boolean {
  const n = s.units.length;
  for (let i = 0; i < n; i++) {
    if (m.units[i].side !== s.phaseSide || !s.units[i].alive) continue;
    for (let slot = 0; slot < 4; slot++) {
      if (!slotReady(m, s, i, slot)) continue;
      for (let j = 0; j < n; j++) if (attackOk(m, s, i, slot, j)) return true;
    }
  }
  return false;
}
