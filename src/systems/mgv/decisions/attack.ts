/**
 * Attacks (seed §5.0-§5.4, spec §3.6-§3.11): the phase side picks its attacks one at a time, in
 * the order it chooses (base, weapon slot: main, payload, joint under payload matching, the
 * engineering point-blank weapon; target), or ends its fire phase. Kinetic, photon and thermal
 * attacks resolve at once; a missile attack opens the secret split (missile-split.ts), after which
 * this decision resumes. With no attack left the phase ends (engine.ts endPhase).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { ATTACK_END, Action, K, SPLIT_ATTACKER, FP } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { K_DICE, K_SHOTS, S_IDX } from '../metrics.ts';
import { W_MISSILE } from '../model.ts';
import {
  SLOT_JOINT, SLOT_MAIN, SLOT_PAY, SLOT_PB, attackRow, markFired, missileAttackDice, missileDefenseDice, resolveDirect, slotReady, slotWeapon,
} from '../rules/combat.ts';
import type { MgvState } from '../state.ts';
import { anyAttack, attackOk } from './fire-phase.ts';

/** After an attack: the side decides again while it has an attack left; else its decision (and the phase) is complete. */
export function attackResume(E: Engine, s: MgvState, ctx: PlayContext): void {
  if (anyAttack(E.m, s)) return;
  E.finish(s, ctx);
}

export const attack: Decision<Engine, MgvState> = {
  legal(E, s, out) {
    const m = E.m;
    const N = s.units.length;
    let n = 0;
    out[n++] = ATTACK_END;
    for (let i = 0; i < N; i++) {
      if (m.units[i].side !== s.phaseSide || !s.units[i].alive) continue;
      for (let slot = 0; slot < 4; slot++) {
        if (!slotReady(m, s, i, slot)) continue;
        for (let j = 0; j < N; j++) if (attackOk(m, s, i, slot, j)) out[n++] = Action.encode.attack(j, slot, i);
      }
    }
    return n;
  },

  apply(E, s, action, ctx) {
    if (Action.kindIndexOf(action) !== K.attack) {
      E.finish(s, ctx); // ATTACK_END
      return;
    }
    const m = E.m;
    const i = Action.read.attack.unit(action);
    const slot = Action.read.attack.slot(action);
    const j = Action.read.attack.target(action);
    const u = s.units[i];
    markFired(s, i);
    if (slot === SLOT_MAIN || slot === SLOT_JOINT) u.firedMain = true;
    if (slot === SLOT_PAY || slot === SLOT_JOINT) u.firedPay = true;
    if (slot === SLOT_PB) u.engPointBlank = true;
    if (slotWeapon(m, i, slot) === W_MISSILE) {
      const row = attackRow(m, s, i, W_MISSILE, j);
      ctx.tally.add(row, K_SHOTS);
      ctx.tally.addScalar(m.units[i].side === 0 ? S_IDX.shotsA : S_IDX.shotsB);
      const ad = missileAttackDice(m, s, i, slot, j);
      ctx.tally.add(row, K_DICE, ad);
      if (ad > 0) {
        // the attacker splits first, in secret (missile-split.ts); this decision resumes after the roll
        FP.missileSplit(s.pending, m.units[i].side, i, j, ad, missileDefenseDice(m, s, j), row, SPLIT_ATTACKER);
        return;
      }
    } else resolveDirect(m, s, i, slot, j, ctx);
    attackResume(E, s, ctx);
  },

  /** The fire phase ends. */
  close(E, s, ctx) {
    E.endPhase(s, ctx);
  },
};
