/**
 * The actions (one codec) and the pending decisions (one frame spec) of Ma.K, declared once, and
 * their readable form for transcripts.
 *
 * Phase player, nothing pending (decisions/main.ts): move a unit one hex, attack offensively,
 * declare a simultaneous attack from a stack, enter an adjacent enemy hex for close quarters
 * combat, overrun, call support, the rarer actions of special units, or end the phase.
 * Pending decisions (frames), each by the side that must decide, each in decisions/<kind>.ts:
 *  - t3, reply: defensive fire ([5.4]) at a unit entering a hex next to the firer (T3), and after
 *    an attack from within 3 hexes (T1/T2, once per unit after a simultaneous attack);
 *  - cqcAdjacent, cqcSame, cqcAttack, cqcReturn: close quarters combat started this phase ([9.1],
 *    [9.2]): the two defensive windows, the entering unit's attack, return fire;
 *  - pin: the phase player picks the anti-phase units to pin ([9.4.3]);
 *  - cqcStart, cqcStrike: a continuing CQC ([9.3]): fight as is or do nothing, then each side's strikes;
 *  - overrunAdjacent, overrunSame, overrunAttack: an overrun ([13.2]);
 *  - commit: one side's secret Air Commitment ([10.1.1]);
 *  - mLand: the emergency landing of a Hornisse (spec §6 A28).
 */
import { actionCodec, type ActionCodec } from '../../core/decision/codec.ts';
import { decisionFrames, frameArg, pushFrame, sideToAct, topKindId, type DecisionFrames, type DecisionStack, type FrameSpec } from '../../core/decision/stack.ts';
import type { Engine } from './engine.ts';
import { MAX_W, UNARMED } from './model.ts';
import { attackTargetOf, infantryPartner } from './rules/combat.ts';
import { ARM_NAMES } from './rules/support.ts';
import type { MakState } from './state.ts';

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

/**
 * The codes the hottest loops write, computed once per scenario from the codec's layout (fields
 * are mixed-radix digits in declaration order, core/decision/codec.ts): move(u, d) =
 * move0[u] + d * moveDir, attack(u, w, t) = attack0[u] + w * attackWeapon + t * attackTarget.
 */
export interface HotCodes {
  readonly pass: number;
  readonly endPhase: number;
  readonly move0: Int32Array;
  readonly moveDir: number;
  readonly attack0: Int32Array;
  readonly attackWeapon: number;
  readonly attackTarget: number;
}

export function hotCodes(A: MakCodec, nu: number): HotCodes {
  const e = A.encode;
  return {
    pass: e.pass(),
    endPhase: e.endPhase(),
    move0: Int32Array.from({ length: nu }, (_, u) => e.move(u, 0)),
    moveDir: e.move(0, 1) - e.move(0, 0),
    attack0: Int32Array.from({ length: nu }, (_, u) => e.attack(u, 0, 0)),
    attackWeapon: e.attack(0, 1, 0) - e.attack(0, 0, 0),
    attackTarget: nu > 1 ? e.attack(0, 0, 1) - e.attack(0, 0, 0) : 0,
  };
}

export const Frames = decisionFrames({
  /** [5.4] 3: the anti-phase units next to `hex`, which `mover` has just entered, may fire at it; `serial` numbers the window. */
  t3: ['mover', 'hex', 'serial'],
  /** [5.4] 1-2: the units in `hex` may answer `attacker`'s attack on `target` (T1/T2); `group` 1 after a simultaneous attack (one reply per unit, [5.4.2]). */
  reply: ['attacker', 'target', 'hex', 'serial', 'group'],
  /** [9.1] 2, [9.2]: the units in `hex` may fire at `unit`, adjacent and about to enter for CQC; or counter-enter. */
  cqcAdjacent: ['unit', 'hex', 'serial'],
  /** [9.2]: ... or once it has entered `hex` (those that fired adjacent may not). */
  cqcSame: ['unit', 'hex', 'serial'],
  /** [9.1] 3: the entering unit's CQC attack in `hex`. */
  cqcAttack: ['unit', 'hex'],
  /** [9.2.2], spec §6 A10: the units attacked in the CQC may fire back at `unit` (which attacked `target`). */
  cqcReturn: ['unit', 'target', 'hex', 'serial'],
  /** [9.4.3]: the phase player pins `left` more anti-phase units in `hex`. */
  pin: ['hex', 'left'],
  /** [9.3.1]: a continuing CQC in `hex`: fight as is, or do nothing. */
  cqcStart: ['hex'],
  /** [9.3.2]: one side's strikes in the continuing CQC of `hex`: stage 0 the phase player's, 1 the other side's. */
  cqcStrike: ['hex', 'stage'],
  /** [10.1.1]: one side's secret Air Commitment; `last` 1 on the last card to fill in (then the air war is resolved). */
  commit: ['side', 'last'],
  /** [13.2.1]: the units in `hex` may fire at the vehicle `unit` about to overrun it (towards `exit`). */
  overrunAdjacent: ['unit', 'hex', 'exit', 'serial'],
  /** [13.2.1]: ... or once it has entered `hex` (those that fired adjacent may not). */
  overrunSame: ['unit', 'hex', 'serial'],
  /** [13.2.1]: the overrunning vehicle's attack in `hex`, then its exit to `exit`. */
  overrunAttack: ['unit', 'hex', 'exit'],
  /** Spec §6 A28: Hornisse `aircraft`, immobilized in flight over hex `centre`, picks its landing hex; none: it is destroyed. */
  mLand: ['aircraft', 'centre'],
});
export type FrameKind = (typeof Frames.kinds)[number];

/** Readers of the named arguments of the frame on top, per kind: `Arg.t3.mover(stack)`. */
export type ArgReaders<S extends FrameSpec> = { readonly [K in keyof S]: { readonly [N in S[K][number]]: (stack: DecisionStack) => number } };

/**
 * `F.arg(stack, kind, name)` with the look-ups by name done once, here: each reader knows its
 * frame id and argument index, and checks that the top frame is of its kind, like `F.arg`. The
 * decisions read frame arguments in the hottest loops (a T3 window after every move), where the
 * look-ups by name of `F.arg` cost a random Ma.K playout some 15% (forest-ridge, one thread).
 */
export function argReaders<const S extends FrameSpec>(F: DecisionFrames<S>): ArgReaders<S> {
  const kind = (k: keyof S & string) => {
    const id = F.id[k];
    const reader = (i: number) => (stack: DecisionStack): number => {
      if (topKindId(stack) !== id) throw new Error(`decision stack: top frame is ${stack.depth ? F.kinds[topKindId(stack)] : 'empty'}, not '${k}'`);
      return frameArg(stack, i);
    };
    // Object.fromEntries builds objects in fast mode (their properties sit in hot loops).
    return Object.fromEntries(F.spec[k].map((name, i) => [name, reader(i)]));
  };
  return Object.fromEntries(F.kinds.map((k) => [k, kind(k)])) as ArgReaders<S>;
}

export const Arg = argReaders(Frames);

/** Pushers of each kind of frame, with its arguments in the spec's order: `Push.t3(stack, side, mover, hex, serial)`. */
type Numbers<T extends readonly string[]> = { [I in keyof T]: number };
export type FramePushers<S extends FrameSpec> = { readonly [K in keyof S]: (stack: DecisionStack, side: number, ...args: Numbers<S[K]>) => void };

/** `F.push(stack, kind, ...)` with the kind's id looked up once, here. */
export function framePushers<const S extends FrameSpec>(F: DecisionFrames<S>): FramePushers<S> {
  const pusher = (id: number) => (stack: DecisionStack, side: number, a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0): void => pushFrame(stack, id, side, a0, a1, a2, a3, a4, a5);
  return Object.fromEntries(F.kinds.map((k) => [k, pusher(F.id[k])])) as FramePushers<S>;
}

export const Push = framePushers(Frames);

/** The readable form of action a in state s (transcripts, `salvo replay`, test helpers). */
export function describeAction(E: Engine, s: MakState, a: number): string {
  const { m, A } = E;
  const d = A.decode(a);
  const id = (u: number) => m.uid[u];
  const wn = (u: number, w: number) => (w === UNARMED ? 'unarmed' : ['L', 'MG', 'G', 'R', 'PF', 'M'][m.wtype[u * MAX_W + w]] ?? '?');
  const dir = (k: number) => ['N', 'NE', 'SE', 'S', 'SW', 'NW'][k];
  const side = sideToAct(s.pending, s.phaseSide) === 0 ? 'mercenary' : 'strahl';
  switch (d.kind) {
    case 'endPhase': return `${side} ends the phase`;
    case 'pass': return `${side} passes`;
    case 'move': return `move ${id(d.unit)} ${dir(d.dir)} to ${m.grid.id(m.grid.nbr[s.hex[d.unit] * 6 + d.dir])}`;
    case 'attack': return `${id(d.unit)} attacks ${id(d.target)} with ${wn(d.unit, d.weapon)} (T ${attackTargetOf(m, s, d.unit, d.weapon, d.target)})`;
    case 'simul': return `simultaneous attack from ${m.grid.id(s.hex[d.unit])} on ${id(d.target)}`;
    case 'assault': return `${id(d.unit)} enters ${m.grid.id(m.grid.nbr[s.hex[d.unit] * 6 + d.dir])} for close quarters combat`;
    case 'fire': return `${id(d.unit)} fires ${wn(d.unit, d.weapon)} at ${id(d.target)} (T ${attackTargetOf(m, s, d.unit, d.weapon, d.target)})`;
    case 'counter': return `${id(d.unit)} counter-enters`;
    case 'pin': return `pin ${id(d.unit)}`;
    case 'indirect': return `${id(d.unit)} fires ${wn(d.unit, d.weapon)} indirectly at ${m.grid.id(s.hex[d.target])} (${id(d.target)})`;
    case 'mines': return `${id(d.unit)} requests ${m.bid[d.battery]} mines on ${m.grid.id(d.dir === 6 ? s.hex[d.target] : m.grid.nbr[s.hex[d.target] * 6 + d.dir])} (by ${id(d.target)})`;
    case 'request': return `${id(d.unit)} requests ${m.bid[d.battery]} on ${m.grid.id(s.hex[d.target])} (${id(d.target)})`;
    case 'mission': return d.choice === 2 ? `${m.aid[d.aircraft]} withdrawn from the game` : `${m.aid[d.aircraft]} to ${d.choice === 0 ? 'air combat' : 'ground combat'} mission`;
    case 'strafe': return `${m.aid[d.aircraft]} strafes ${id(d.target)} in ${m.grid.id(s.hex[d.target])}${d.arm === 0 ? '' : ` with ${ARM_NAMES[d.arm]}`}`;
    case 'load': return `load ${id(d.unit)} onto ${id(d.carrier)}`;
    case 'enter': return `${id(d.unit)} enters the map at ${m.grid.id(m.ustart[d.unit])}`;
    case 'combined': return `${id(d.unit)} and ${id(infantryPartner(m, s, d.unit))} combine their fire on ${id(d.target)}`;
    case 'boost': return `${id(d.unit)} uses its booster`;
    case 'raze': return `${id(d.unit)} destroys the enemy depot`;
    case 'carry': return `${id(d.unit)} picks up ${id(d.target)}`;
    case 'release': return `${id(d.unit)} puts down ${id(s.haul[d.unit])}`;
    case 'arson': return `${id(d.unit)} sets fire to ${m.grid.id(m.grid.nbr[s.hex[d.unit] * 6 + d.dir])}`;
    case 'amu': return m.uside[d.unit] === m.uside[d.amu] ? `${id(d.unit)} picks up ${id(d.amu)}'s AMU` : `${id(d.unit)} destroys ${id(d.amu)}'s AMU`;
    case 'exit': return m.upilot[d.unit] ? `${id(d.unit)} leaves the map` : `${id(d.unit)} leaves the map with its AMU`;
    case 'takeoff': return `${m.aid[d.aircraft]} takes off again`;
    case 'mland': return `emergency landing in ${m.grid.id(d.hex)}`;
    case 'land': return `${m.aid[d.aircraft]} lands in ${m.grid.id(d.hex)}`;
    case 'drop': return `airdrop ${id(d.unit)} into ${m.grid.id(d.hex)}`;
    case 'smoke': return `${id(d.unit)} lays smoke in ${m.grid.id(d.dir === 6 ? s.hex[d.unit] : m.grid.nbr[s.hex[d.unit] * 6 + d.dir])}`;
    case 'overrun': return `${id(d.unit)} overruns ${m.grid.id(m.grid.nbr[s.hex[d.unit] * 6 + d.dir])}`;
    case 'unload': return `unload ${id(d.unit)} from ${id(s.carrier[d.unit])}`;
    case 'fight': return d.choice === 0 ? 'fight the continuing CQC' : 'do nothing in the continuing CQC';
  }
  return A.describe(a);
}

