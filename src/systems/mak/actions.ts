/**
 * The actions (one codec) and the pending decisions (one frame spec) of Ma.K, declared once.
 *
 * Phase player, nothing pending: move a unit one hex, attack offensively, declare a simultaneous
 * attack from a stack, enter an adjacent enemy hex for close quarters combat, or end the phase.
 * Pending decisions (frames), each by the side that must decide:
 *  - defFire: an anti-phase defensive opportunity ([5.4]): T3 for a hex entered, T1/T2 after an
 *    attack, after a simultaneous group, the two CQC windows, CQC return fire; `fire` or `pass`;
 *  - cqcAttack: the entering unit's CQC attack ([9.1] 3);
 *  - pin: the phase player picks the anti-phase units to pin ([9.4.3]);
 *  - cqcStart: fight a continuing CQC as is, or do nothing ([9.3.1]);
 *  - cqcStrike: one side's strikes in a continuing CQC round ([9.3.2]).
 */
import { actionCodec, type ActionCodec } from '../../core/decision/codec.ts';
import { decisionFrames } from '../../core/decision/stack.ts';
import { MAX_W } from './model.ts';

export function makeCodec(nu: number, nb: number, na: number, nh = 1) {
  return actionCodec({
    indirect: { unit: nu, weapon: MAX_W, target: nu },
    request: { unit: nu, battery: Math.max(1, nb), target: nu },
    /** An artillery mine shot ([19.1.6]) on the hex of enemy unit `target` (dir 6) or next to it. */
    mines: { unit: nu, battery: Math.max(1, nb), target: nu, dir: 7 },
    /** choice 0 air combat, 1 ground combat, 2 withdrawal from the game ([10.1.4]). */
    mission: { aircraft: Math.max(1, na), choice: 3 },
    /** arm: 0 the aircraft's own weapon, 1 bomb, 2 missile, 3 laser equipment ([11.4.2]). */
    strafe: { aircraft: Math.max(1, na), target: nu, arm: 4 },
    endPhase: {},
    pass: {},
    move: { unit: nu, dir: 6 },
    attack: { unit: nu, weapon: MAX_W, target: nu },
    simul: { unit: nu, target: nu },
    assault: { unit: nu, dir: 6 },
    fire: { unit: nu, weapon: MAX_W + 1, target: nu },
    counter: { unit: nu },
    pin: { unit: nu },
    fight: { choice: 2 },
    load: { unit: nu, carrier: nu },
    unload: { unit: nu },
    overrun: { unit: nu, dir: 6 },
    /** dir 6: the unit's own hex. */
    smoke: { unit: nu, dir: 7 },
    enter: { unit: nu },
    boost: { unit: nu },
    combined: { unit: nu, target: nu },
    drop: { unit: nu, hex: nh },
    /** Pick up (own side) or destroy (enemy) NeuSpotter `amu`'s memory unit in the unit's hex ([16.2.3], [16.2.4]). */
    amu: { unit: nu, amu: nu },
    /** Destroy the enemy depot in the unit's hex ([11.3.3]). */
    raze: { unit: nu },
    /** Pick up an immobilized Type I unit in the hex ([7.3]), or put it down. */
    carry: { unit: nu, target: nu },
    release: { unit: nu },
    /** An engineer (with its stacked engineers) sets fire to the adjacent building in direction dir ([14.4.2]). */
    arson: { unit: nu, dir: 6 },
    /** An AMU carrier leaves the map from an edge hex ([16.2.2]). */
    exit: { unit: nu },
    /** A Hornisse on a ground mission lands in a hex and separates ([10.6]). */
    land: { aircraft: Math.max(1, na), hex: nh },
    /** The emergency landing of a Hornisse immobilized in flight (spec §6 A28), in the mLand frame. */
    mland: { hex: nh },
    /** A landed Hornisse's PK41 and suit re-join and take off ([10.6.2]). */
    takeoff: { aircraft: Math.max(1, na) },
  });
}
export type MakCodec = ReturnType<typeof makeCodec>;
export type { ActionCodec };

/** Defensive opportunity kinds (frame argument `kind`). */
export const DF_T3 = 0;
export const DF_SINGLE = 1;
export const DF_GROUP = 2;
export const DF_CQC_ADJ = 3;
export const DF_CQC_SAME = 4;
export const DF_CQC_RETURN = 5;
/** Overrun ([13.2.1]): defensive fire as in CQC, adjacent then in the hex (counter-entry not offered). */
export const DF_OVR_ADJ = 6;
export const DF_OVR_SAME = 7;
export const DF_NAMES = ['T3 (hex entered)', 'T1/T2 (after an attack)', 'T1/T2 (after a simultaneous attack)', 'CQC adjacent window', 'CQC same-hex window', 'CQC return fire', 'overrun adjacent window', 'overrun same-hex window'];

export const Frames = decisionFrames({
  /** a: attacker or mover; t: the attacked unit (-1 for T3); h: hex of interest (CQC hex); serial. */
  defFire: ['kind', 'a', 't', 'h', 'serial'],
  cqcAttack: ['unit', 'h'],
  pin: ['h', 'left'],
  cqcStart: ['h'],
  /** stage 0: the phase player's strikes, 1: the other side's. */
  cqcStrike: ['h', 'stage'],
  /** One side's secret Air Commitment ([10.1.1]); the frame below the last one resolves the air war. */
  commit: ['side'],
  /** The overrunning vehicle's attack in hex h, then its exit to hex `exit` ([13.2.1]). */
  ovrAttack: ['unit', 'h', 'exit'],
  /** Hornisse `aircraft` immobilized in flight over hex `centre` picks its landing hex (spec §6 A28); none: it is destroyed. */
  mLand: ['aircraft', 'centre'],
});
export const FID = Frames.id;
