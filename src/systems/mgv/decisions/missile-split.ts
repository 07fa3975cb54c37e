/**
 * The secret simultaneous missile split (seed §5.2, spec §3.9), in one place: the attacker puts
 * k of its attack dice on the core (black; the rest on the hull, white), then the defender splits
 * its defence dice without seeing the attacker's split (kept in `MgvState.secret`, which observe.ts
 * withholds and determinize.ts redraws); then both colours are rolled and compared. A defender with
 * no defence dice is not asked. The attack decision beneath resumes (attack.ts attackResume).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { Rng } from '../../../core/rng/rng.ts';
import { Action, Frames, SPLIT_ATTACKER, SPLIT_DEFENDER, decisionOf, DK, FA, FP } from '../actions.ts';
import type { Engine } from '../engine.ts';
import type { Model } from '../model.ts';
import { resolveMissile } from '../rules/combat.ts';
import type { MgvState } from '../state.ts';
import { attackResume } from './attack.ts';

/** Is the defender's half pending (the attacker's split sealed in `s.secret`)? */
export function defenderSplitPending(s: Readonly<MgvState>): boolean {
  return decisionOf(s) === DK.missileSplit && FA.missileSplit.role(s.pending) === SPLIT_DEFENDER;
}

/**
 * The hidden part of a state for `side` (determinize.ts): while the defender splits, an opposing
 * attacker's core dice, drawn uniformly from 0..attack dice.
 */
export function redrawSecretSplit(m: Model, d: MgvState, side: number, rng: Rng): void {
  if (defenderSplitPending(d) && m.units[FA.missileSplit.attacker(d.pending)].side !== side) {
    d.secret.attCore = rng.int(FA.missileSplit.attDice(d.pending) + 1);
  }
}

export const missileSplit: Decision<Engine, MgvState> = {
  /** Dice on the core: 0 .. the attacker's attack dice or the defender's defence dice. */
  legal(_E, s, out) {
    const p = s.pending;
    const dice = FA.missileSplit.role(p) === SPLIT_ATTACKER ? FA.missileSplit.attDice(p) : FA.missileSplit.defDice(p);
    let n = 0;
    for (let k = 0; k <= dice; k++) out[n++] = Action.encode.split(k);
    return n;
  },

  apply(E, s, action, ctx) {
    const p = s.pending;
    const core = Action.read.split.core(action);
    const attacker = FA.missileSplit.attacker(p);
    const target = FA.missileSplit.target(p);
    const attDice = FA.missileSplit.attDice(p);
    const defDice = FA.missileSplit.defDice(p);
    const row = FA.missileSplit.row(p);
    if (FA.missileSplit.role(p) === SPLIT_ATTACKER) {
      s.secret.attCore = core;
      if (defDice > 0) {
        // the defender's half replaces the attacker's: it splits without seeing it
        Frames.pop(p);
        FP.missileSplit(p, E.m.units[target].side, attacker, target, attDice, defDice, row, SPLIT_DEFENDER);
        return;
      }
      resolveMissile(E.m, s, attacker, target, attDice, core, 0, 0, row, ctx);
    } else {
      resolveMissile(E.m, s, attacker, target, attDice, s.secret.attCore, defDice, core, row, ctx);
    }
    s.secret.attCore = 0;
    Frames.pop(p);
    attackResume(E, s, ctx);
  },
};
