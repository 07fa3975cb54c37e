/**
 * The shots the decisions offer, written once: a defensive window ([5.4]) is numbered by a serial
 * and every eligible anti-phase unit may fire in it once (`dfStamp` records the window a unit fired
 * in), each window saying who is eligible (t3, reply, cqcAdjacent, cqcSame, cqcReturn,
 * overrunAdjacent, overrunSame); the attacks inside a hex are offered unit by unit (cqcAttack,
 * cqcStrike, overrunAttack). Not a decision itself. Allocation-free: `out` null only counts, and
 * `firstOnly` stops at the first option (settle only asks whether there is one).
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Engine } from '../engine.ts';
import { MAX_W } from '../model.ts';
import { canAttack, resolveAttack } from '../rules/combat.ts';
import { DEAD, type MakState } from '../state.ts';

/** The serial of a new window. */
export function nextSerial(s: MakState): number {
  return ++s.serial;
}

/** A pending decision's legal actions: its n options, then pass. */
export function withPass(E: Engine, out: Int32Array, n: number): number {
  out[n] = E.C.pass;
  return n + 1;
}

/** Firer f's shots at t with attack kind ck: every slot, unarmed combat included, that may fire. */
export function shotsAt(E: Engine, s: MakState, f: number, t: number, ck: number, out: Int32Array | null, n: number, firstOnly: boolean): number {
  const { m, A } = E;
  for (let w = 0; w <= MAX_W; w++) {
    if (!canAttack(m, s, f, w, t, ck)) continue;
    if (out) out[n] = A.encode.fire(f, w, t);
    n++;
    if (firstOnly) return n;
  }
  return n;
}

/**
 * The shots at unit a (through its vehicle if it is cargo, [13.1.3]) of the anti-phase units in
 * hex h that have not fired in window `serial`, carry none of the status bits `skip` and all of
 * `need`.
 */
export function shotsFromHex(E: Engine, s: MakState, h: number, a: number, serial: number, skip: number, need: number, ck: number, out: Int32Array | null, firstOnly: boolean): number {
  const { m } = E;
  const st = s.status;
  const target = s.carrier[a] >= 0 ? s.carrier[a] : a;
  const firers = m.sideUnits[1 - s.phaseSide];
  let n = 0;
  for (let i = 0; i < firers.length; i++) {
    const f = firers[i];
    if (st[f] & (DEAD | skip) || (st[f] & need) !== need || s.dfStamp[f] === serial || s.hex[f] !== h) continue;
    n = shotsAt(E, s, f, target, ck, out, n, firstOnly);
    if (firstOnly && n > 0) return n;
  }
  return n;
}

/** Unit u's attacks of kind ck on the enemy units in its hex, slots 0..lastSlot (MAX_W: unarmed combat too, [9.5]). */
export function hexAttacks(E: Engine, s: MakState, u: number, lastSlot: number, ck: number, out: Int32Array | null, n: number, firstOnly: boolean): number {
  const { m, A } = E;
  const side = m.uside[u];
  for (let w = 0; w <= lastSlot; w++) for (let t = 0; t < m.nu; t++) {
    if (m.uside[t] === side || !canAttack(m, s, u, w, t, ck)) continue;
    if (out) out[n] = A.encode.fire(u, w, t);
    n++;
    if (firstOnly) return n;
  }
  return n;
}

/** A defensive shot (action `fire`) in window `serial`, named `name` in the log, resolved as attack kind ck. */
export function fireIn(E: Engine, s: MakState, ctx: PlayContext, serial: number, name: string, action: number, ck: number): void {
  const { m, A } = E;
  const f = A.read.fire.unit(action);
  s.dfStamp[f] = serial;
  if (ctx.log) ctx.log(`${m.uid[f]} fires defensively (${name})`);
  resolveAttack(m, s, ctx, f, A.read.fire.weapon(action), A.read.fire.target(action), ck);
}
