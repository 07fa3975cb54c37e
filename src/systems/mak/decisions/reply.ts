/**
 * T1/T2 defensive fire ([5.4] 1-2, [5.4.1]-[5.4.2]): after an attack from within
 * `defensiveTriggerRange` hexes, the attacked unit (T1) and its stack-mates (T2) may fire back at
 * the attacker; after a simultaneous attack each of them fires once at one unit of the attacking
 * stack. An engineer fired on and left undamaged may set fire instead ([14.4.3]).
 */
import { Arg, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { K_DEFENSIVE, canAttack } from '../rules/combat.ts';
import { reactiveArsonTarget } from '../rules/arson.ts';
import { controlled } from '../rules/unmanned.ts';
import { MAX_W } from '../model.ts';
import { DEAD, IN_GROUP, clearFlag, type MakState } from '../state.ts';
import { fireIn, nextSerial, shotsAt, withPass } from './shots.ts';

const NAMES = ['T1/T2 (after an attack)', 'T1/T2 (after a simultaneous attack)'];

/**
 * The window after `attacker`'s attack on `target` in hex h (decided by the other side); `group`
 * 1 after a simultaneous attack, whose members carry IN_GROUP until the window closes.
 */
export function openReply(s: MakState, attacker: number, target: number, h: number, group: number): void {
  Push.reply(s.pending, 1 - s.phaseSide, attacker, target, h, nextSerial(s), group);
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const { m, A } = E;
  const P = s.pending;
  const a = Arg.reply.attacker(P), t = Arg.reply.target(P), h = Arg.reply.hex(P);
  const serial = Arg.reply.serial(P), group = Arg.reply.group(P);
  const st = s.status;
  const firers = m.sideUnits[1 - s.phaseSide];
  let n = 0;
  for (let i = 0; i < firers.length; i++) {
    const f = firers[i];
    if (st[f] & DEAD || s.dfStamp[f] === serial || s.hex[f] !== h) continue;
    if (f !== t && m.opt.t2RequiresSurvivor && st[t] & DEAD) continue; // spec §6 A7
    // [16.1]: an uncontrolled unmanned unit fires defensively only at short range (placeholder chart, spec §5.8).
    if (m.uunman[f] && m.grid.distance(h, s.hex[a]) > m.data.rules.unmannedDefRange && !controlled(m, s, f)) continue;
    if (group) {
      for (let w = 0; w <= MAX_W; w++) for (let g = 0; g < m.nu; g++) {
        if (!(st[g] & IN_GROUP) || !canAttack(m, s, f, w, g, K_DEFENSIVE)) continue;
        if (out) out[n] = A.encode.fire(f, w, g);
        n++;
        if (firstOnly) return n;
      }
    } else {
      n = shotsAt(E, s, f, s.carrier[a] >= 0 ? s.carrier[a] : a, K_DEFENSIVE, out, n, firstOnly); // cargo that fired: answered through its vehicle ([13.1.3])
      if (firstOnly && n > 0) return n;
    }
    // Reactive arson ([14.4.3]): the engineer fired on with no result may set fire instead of firing back.
    if (f === t && m.hasArson && m.ueng[f]) {
      for (let d = 0; d < 6; d++) {
        if (reactiveArsonTarget(m, s, f, d) < 0) continue;
        if (out) out[n] = A.encode.arson(f, d);
        n++;
        if (firstOnly) return n;
      }
    }
  }
  return n;
}

export const reply: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    const { m, A } = E;
    const serial = Arg.reply.serial(s.pending);
    const k = A.kindIndexOf(action);
    if (k === A.kindIndex.fire) fireIn(E, s, ctx, serial, NAMES[Arg.reply.group(s.pending)], action, K_DEFENSIVE);
    else if (k === A.kindIndex.arson) {
      // This squad alone, instead of its defensive attack; resolved at the end of the phase.
      const u = A.read.arson.unit(action);
      const x = reactiveArsonTarget(m, s, u, A.read.arson.dir(action));
      s.arsonAt[u] = x;
      s.dfStamp[u] = serial;
      if (ctx.log) ctx.log(`${m.uid[u]} answers with arson on ${m.grid.id(x)} (reactive, [14.4.3]; resolved at the end of the phase)`);
    } else E.finish(s, ctx);
  },
  close(_E, s) {
    if (Arg.reply.group(s.pending)) clearFlag(s, IN_GROUP);
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
