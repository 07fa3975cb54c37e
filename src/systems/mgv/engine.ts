/**
 * The turn sequence and the decision machine (seed §1.7, spec §2): X / Y / Z roll-offs, the
 * move-or-fire constraint, move phases (power, legs, engineering, jammer), fire phases
 * (beacons -> jammers -> repair designation -> photon declarations -> attacks, with the
 * secret simultaneous missile splits as two sequential decisions), end-of-phase critical hits
 * and the Reset. Actions and the other side's pending decisions are declared in actions.ts.
 */
import { newDecisionStack } from '../../core/decision/stack.ts';
import type { PlayContext } from '../../core/system.ts';
import { turnCost, headingTo, normDeg, hypot } from '../../core/geometry/table/index.ts';
import {
  SLOT_JOINT, SLOT_MAIN, SLOT_PAY, SLOT_PB, attackRow, canTarget, markFired, missileAttackDice, missileDefenseDice, resolveDirect, resolveMissile,
  slotReady, slotWeapon,
} from './rules/combat.ts';
import { locateSurface, resolveCrits, thermalDestroy } from './rules/damage.ts';
import { hasLos } from './rules/geom.ts';
import { allowanceOf, deltaToFace, moveLeg, powerAvailable } from './rules/movement.ts';
import {
  ENG_BRIDGE, ENG_NAMES, canDesignateRepair, canEngineer, canJam, canLaunchBeacon, checkJamLos, doEngineer, engPointsLeft, jammerReady,
  launchBeacon, resolveJam,
} from './rules/payloads.ts';
import { REPAIR_PRESETS, killUnit, recurringDamage, removeMarkers, repairNeeds, repairUnit, suddenDeath, repairDice } from './rules/reset.ts';
import { P_BEACONS, P_ENGINEERING, P_JAMMER, P_POWER, P_REPAIR, W_MISSILE, W_PHOTON, WEAPON_NAMES, type Model } from './model.ts';
import {
  ST_ATTACK, ST_BARRAGE, ST_BEACON, ST_COUNTER, ST_DECLARE, ST_JAM, ST_MOVE_POWER, ST_MOVE_UNIT, ST_OVER, ST_PHOTON, ST_REPAIR_DESIGNATE,
  ST_RESET_REPAIR, ST_SPLIT_ATT, ST_SPLIT_DEF, newUnit, type MgvState,
} from './state.ts';
import { K_COST, K_DICE, K_FIELDED, K_SHOTS, S_IDX, allRow } from './metrics.ts';
import { bearingFromTarget } from './rules/geom.ts';
import { pointInShape } from '../../core/geometry/table/index.ts';
import {
  ATTACK_END, Action, BEACON_DONE, DISTS, DIST_F, D_FIRE, D_MOVE, D_PASS_FIRE, D_PASS_MOVE, END_UNIT, Frames, JAM_SKIP, K, LEG_END, LEG_REVERSE, N_REL_TURNS, PHOTON_HOLD,
  REPAIR_SKIP, SELF_DESTRUCT, ZERO_TURN, maxEstimateQ, photonCode, relTurn,
} from './actions.ts';

/** Upper bound on legal actions at any decision (sizes the shared buffer). */
export function maxActionsOf(m: Model): number {
  const n = m.units.length;
  const legs = (N_REL_TURNS + n) * DISTS.length * 2 * (m.o.allowReverse ? 2 : 1);
  const eng = 7 * Math.max(n, m.features.length);
  const photon = n * maxEstimateQ(m) + 1;
  const attack = n * 4 * n + 1;
  return Math.max(legs + eng + n + 4, photon, attack, 64);
}

// ---------------------------------------------------------------------------------------------
// new game

/** Packed template arrays of a fresh state, per model (sliced, not rebuilt, for every game). */
interface Templates {
  readonly featFalse: boolean[];
  readonly featZero: number[];
  readonly pairs: number[];
  readonly targets: number[];
}
const templates = new WeakMap<Model, Templates>();
function templatesOf(m: Model): Templates {
  let t = templates.get(m);
  if (!t) {
    const n = m.units.length;
    const featFalse: boolean[] = [];
    const featZero: number[] = [];
    const pairs: number[] = [];
    const targets: number[] = [];
    for (let f = 0; f < m.features.length; f++) {
      featFalse.push(false);
      featZero.push(0);
    }
    for (let k = 0; k < n * n; k++) pairs.push(-1);
    for (let k = 0; k < n * 4 * n; k++) targets.push(-1);
    targets.push(0); // the 'any stored' flag of clearTargets
    t = { featFalse, featZero, pairs, targets };
    templates.set(m, t);
  }
  return t;
}

function newUnits(m: Model): MgvState['units'] {
  const us: MgvState['units'] = [];
  for (let i = 0; i < m.units.length; i++) us.push(newUnit(m, i));
  return us;
}

export function newGameState(m: Model, ctx: PlayContext): MgvState {
  const n = m.units.length;
  const t = templatesOf(m);
  const s: MgvState = {
    turn: 1,
    slot: 0,
    phaseNo: 0,
    step: ST_DECLARE,
    side: 0,
    phaseSide: 0,
    phaseType: 0,
    used: [0, 0, 0, 0],
    winners: [-1, -1, -1],
    cursor: -1,
    cursor2: 0,
    pAtt: -1, pSlot: 0, pTarget: -1, pAttDice: 0, pDefDice: 0, pReturn: 0, pRow: -1,
    pending: newDecisionStack(),
    secret: { attCore: 0 },
    units: newUnits(m),
    beacons: [],
    removed: t.featFalse.slice(),
    opened: t.featFalse.slice(),
    progress: t.featZero.slice(),
    defShown: [0, 0, 0, 0],
    crits: [],
    chains: [],
    barragesLeft: [0, 0],
    resetStage: 0,
    result: null,
    los: t.pairs.slice(),
    cover: t.pairs.slice(),
    tgt: t.targets.slice(),
  };
  for (let i = 0; i < n; i++) {
    const u = m.units[i];
    ctx.tally.add(allRow(u.side, u.weapon), K_FIELDED);
    ctx.tally.add(allRow(u.side, u.weapon), K_COST, u.cost);
    if (u.payloadWeapon >= 0 && !m.o.noWeaponPayload) ctx.tally.add(allRow(u.side, u.payloadWeapon), K_FIELDED);
  }
  startTurn(m, s, ctx);
  return s;
}

// ---------------------------------------------------------------------------------------------
// the turn sequence

function rollOff(ctx: PlayContext): number {
  for (;;) {
    const a = 1 + ctx.dice.int(6);
    const b = 1 + ctx.dice.int(6);
    if (a !== b) return a > b ? 0 : 1;
  }
}

function startTurn(m: Model, s: MgvState, ctx: PlayContext): void {
  s.slot = 0;
  s.used.fill(0);
  s.winners[0] = s.winners[1] = s.winners[2] = -1;
  // X roll; a tie triggers optional random barrages (2017 #101)
  const a = 1 + ctx.dice.int(6);
  const b = 1 + ctx.dice.int(6);
  if (a === b && m.o.barrages) {
    const k = a <= 3 ? 1 : 2;
    s.barragesLeft[0] = k;
    s.barragesLeft[1] = k;
    s.step = ST_BARRAGE;
    s.side = 0;
    return;
  }
  s.winners[0] = a !== b ? (a > b ? 0 : 1) : rollOff(ctx);
  if (s.winners[0] === 0) ctx.tally.addScalar(S_IDX.xWinsA);
  beginSlot(m, s, s.winners[0], ctx);
}

function beginSlot(m: Model, s: MgvState, side: number, ctx: PlayContext): void {
  s.step = ST_DECLARE;
  s.side = side;
  s.phaseSide = side;
  // one action type left: no decision (declaring it and doing nothing is the same as passing)
  const mv = available(s, side, 0);
  const fi = available(s, side, 1);
  if (mv !== fi) startPhase(m, s, mv ? 0 : 1, false, ctx);
}

/** Types still available to `side` this turn. */
function available(s: MgvState, side: number, type: number): boolean {
  return s.used[side * 2 + type] === 0;
}

function startPhase(m: Model, s: MgvState, type: number, pass: boolean, ctx: PlayContext): void {
  const side = s.phaseSide;
  s.phaseType = type;
  s.used[side * 2 + type] = 1;
  // (no target-cache reset here: every way into a phase (end of the previous phase, Reset,
  // barrages) has just cleared it, and a declaration changes nothing canTarget reads)
  for (const u of s.units) {
    u.moved = 0;
    u.fired = false;
    u.beacon = false;
    u.jammed = false;
    if (u.pathX.length !== 0) {
      u.pathX.length = 0;
      u.pathY.length = 0;
    }
    u.firedMain = false;
    u.firedPay = false;
    u.moveDone = false;
    u.frozen = false;
    u.legs = 0;
    u.photonTarget[0] = u.photonTarget[1] = -1;
  }
  if (type === 1 && s.slot === 0 && side === 0) ctx.tally.addScalar(S_IDX.firstFireA);
  if (pass) {
    endPhase(m, s, ctx);
    return;
  }
  s.cursor = -1;
  s.cursor2 = 0;
  if (type === 0) {
    autoInfected(m, s, ctx, true);
    nextMoveUnit(m, s, ctx);
  } else {
    autoInfected(m, s, ctx, false);
    s.step = ST_BEACON;
    nextFireStep(m, s, ctx);
  }
}

/** Optional rule 2017 #103: infected MGVs move toward / fire at the nearest MGV of either side. */
function autoInfected(m: Model, s: MgvState, ctx: PlayContext, move: boolean): void {
  if (!m.o.fungusInfection) return;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    if (!u.infected || !u.alive || m.units[i].side !== s.phaseSide) continue;
    let best = -1;
    let bd = Infinity;
    for (let k = 0; k < s.units.length; k++) {
      if (k === i || !s.units[k].alive) continue;
      const d = hypot(s.units[k].x - u.x, s.units[k].y - u.y);
      if (d < bd) {
        bd = d;
        best = k;
      }
    }
    if (best < 0) continue;
    if (move) {
      u.allowance = allowanceOf(m, s, i);
      moveLeg(m, s, i, deltaToFace(u, s.units[best].x, s.units[best].y), Math.max(0, bd - 1.2), false, ctx);
    } else {
      // the infected base fires its main weapon if it can bear (missile splits: half / two-thirds on core)
      u.infected = false; // let the eligibility test run
      const ok = slotReady(m, s, i, SLOT_MAIN) && canTargetAny(m, s, i, best);
      u.infected = true;
      if (!ok) continue;
      markFired(s, i);
      u.firedMain = true;
      if (m.units[i].weapon === W_MISSILE) {
        const ad = missileAttackDice(m, s, i, SLOT_MAIN, best);
        const dd = missileDefenseDice(m, s, best);
        resolveMissile(m, s, i, best, ad, Math.ceil(ad / 2), dd, Math.ceil((2 * dd) / 3), attackRow(m, s, i, W_MISSILE, best), ctx);
      } else resolveDirect(m, s, i, SLOT_MAIN, best, ctx);
    }
  }
}

function canTargetAny(m: Model, s: MgvState, i: number, j: number): boolean {
  // infected bases attack either side: test as if the target were an enemy
  if (m.units[j].side !== m.units[i].side) return canTarget(m, s, i, SLOT_MAIN, j);
  return hasLos(m, s, i, j);
}

function endPhase(m: Model, s: MgvState, ctx: PlayContext): void {
  resolveCrits(m, s, ctx.dice, ctx); // also clears the target cache
  checkJamLos(m, s);
  // mission strike: an engineering MGV ending its side's move phase in the strike zone
  if (s.phaseType === 0 && m.victoryMode === 2 && m.strikeZone) {
    for (let i = 0; i < s.units.length; i++) {
      const u = s.units[i];
      if (u.alive && m.units[i].side === s.phaseSide && m.units[i].payload === P_ENGINEERING && pointInShape(m.strikeZone, u.x, u.y)) {
        ctx.tally.addScalar(S_IDX.engineeringActions);
        if (m.strikeWins) {
          s.result = { winner: s.phaseSide, reason: 'victory', detail: 'mission-strike', length: s.turn };
          s.step = ST_OVER;
          return;
        }
      }
    }
  }
  // activity of this phase becomes the "preceding phase" of the next one
  for (const u of s.units) {
    u.pMoved = u.moved;
    u.pFired = u.fired;
    u.pBeacon = u.beacon;
    u.pJammed = u.jammed;
    if (u.pathX.length || u.pPathX.length) {
      u.pPathX.length = 0;
      u.pPathY.length = 0;
      for (let k = 0; k < u.pathX.length; k++) {
        u.pPathX.push(u.pathX[k]);
        u.pPathY.push(u.pathY[k]);
      }
    }
  }
  s.phaseNo++;
  if (s.beacons.length) {
    let w = 0;
    for (let k = 0; k < s.beacons.length; k++) if (s.beacons[k].expires >= s.phaseNo) s.beacons[w++] = s.beacons[k];
    s.beacons.length = w;
  }
  nextSlot(m, s, ctx);
}

function nextSlot(m: Model, s: MgvState, ctx: PlayContext): void {
  const w = s.winners;
  if (s.slot === 0) {
    s.slot = 1;
    w[1] = rollOff(ctx);
    beginSlot(m, s, w[1], ctx);
    return;
  }
  if (s.slot === 1) {
    s.slot = 2;
    if (w[0] === w[1]) {
      beginSlot(m, s, 1 - w[0], ctx); // no Z roll: the other side chooses the order of its two actions
      return;
    }
    w[2] = rollOff(ctx);
    beginSlot(m, s, w[2], ctx);
    return;
  }
  if (s.slot === 2) {
    s.slot = 3;
    // F: the side that still has an action
    const side = s.used[0] + s.used[1] < 2 ? 0 : 1;
    beginSlot(m, s, side, ctx);
    return;
  }
  s.slot = 4;
  s.resetStage = 0;
  s.cursor = -1;
  runReset(m, s, ctx);
}

// ---------------------------------------------------------------------------------------------
// move phase

function moveUnitCanAct(m: Model, s: MgvState, i: number): boolean {
  const u = s.units[i];
  if (!u.alive || u.infected || u.moveDone) return false;
  if (u.allowance >= 0.5 - 1e-9 && u.legs < m.o.maxLegs) return true;
  if (engPointsLeft(m, s, i) > 0 && anyEngineering(m, s, i)) return true;
  if (!m.o.jammerFireOnly && jammerReady(m, s, i) && anyJam(m, s, i)) return true;
  return false;
}

function anyEngineering(m: Model, s: MgvState, i: number): boolean {
  const n = Math.max(m.features.length, s.units.length);
  for (let a = 0; a <= ENG_BRIDGE; a++) for (let t = 0; t < n; t++) if (canEngineer(m, s, i, a, t)) return true;
  return false;
}

function anyJam(m: Model, s: MgvState, i: number): boolean {
  for (let j = 0; j < s.units.length; j++) if (canJam(m, s, i, j)) return true;
  return false;
}

function nextMoveUnit(m: Model, s: MgvState, ctx: PlayContext): void {
  for (;;) {
    s.cursor++;
    if (s.cursor >= s.units.length) {
      endPhase(m, s, ctx);
      return;
    }
    const i = s.cursor;
    const u = s.units[i];
    if (m.units[i].side !== s.phaseSide || !u.alive || u.infected) continue;
    if (m.units[i].payload === P_POWER && powerAvailable(m, s, i) > 0 && !(u.powerUsed && !m.o.powerFree) && allowanceOf(m, s, i) > 0) {
      s.step = ST_MOVE_POWER;
      s.side = s.phaseSide;
      return;
    }
    u.allowance = allowanceOf(m, s, i);
    if (moveUnitCanAct(m, s, i)) {
      s.step = ST_MOVE_UNIT;
      s.side = s.phaseSide;
      return;
    }
  }
}

function afterMoveAction(m: Model, s: MgvState, ctx: PlayContext): void {
  if (s.result) return;
  if (moveUnitCanAct(m, s, s.cursor)) {
    s.step = ST_MOVE_UNIT;
    s.side = s.phaseSide;
    return;
  }
  nextMoveUnit(m, s, ctx);
}

// ---------------------------------------------------------------------------------------------
// fire phase

function photonSlots(m: Model, s: MgvState, i: number, slot: number): boolean {
  if (m.units[i].side !== s.phaseSide) return false;
  if (slotWeapon(m, i, slot) !== W_PHOTON || !slotReady(m, s, i, slot)) return false;
  for (let j = 0; j < s.units.length; j++) if (canTarget(m, s, i, slot, j)) return true;
  return false;
}

function nextFireStep(m: Model, s: MgvState, ctx: PlayContext): void {
  const n = s.units.length;
  const side = s.phaseSide;
  s.side = side;
  for (;;) {
    switch (s.step) {
      case ST_BEACON:
      case ST_JAM:
      case ST_REPAIR_DESIGNATE: {
        const payload = s.step === ST_BEACON ? P_BEACONS : s.step === ST_JAM ? P_JAMMER : P_REPAIR;
        for (;;) {
          s.cursor++;
          if (s.cursor >= n) break;
          const i = s.cursor;
          if (m.units[i].side !== side || m.units[i].payload !== payload || !s.units[i].alive) continue;
          let any = false;
          for (let j = 0; j < n && !any; j++) {
            any = s.step === ST_BEACON ? canLaunchBeacon(m, s, i, j) : s.step === ST_JAM ? canJam(m, s, i, j) : canDesignateRepair(m, s, i, j);
          }
          if (any) return;
        }
        s.cursor = -1;
        s.step = s.step === ST_BEACON ? ST_JAM : s.step === ST_JAM ? ST_REPAIR_DESIGNATE : ST_PHOTON;
        s.cursor2 = 1;
        continue;
      }
      case ST_PHOTON: {
        // cursor over (unit, slot) pairs: slot 0 main, 1 payload
        for (;;) {
          if (s.cursor2 === 1) {
            s.cursor++;
            s.cursor2 = 0;
          } else s.cursor2 = 1;
          if (s.cursor >= n) break;
          if (photonSlots(m, s, s.cursor, s.cursor2 === 0 ? SLOT_MAIN : SLOT_PAY)) return;
        }
        s.step = ST_ATTACK;
        continue;
      }
      case ST_ATTACK:
        if (anyAttack(m, s)) return;
        endPhase(m, s, ctx);
        return;
      default:
        return;
    }
  }
}

/** Can unit i (of the phase side, slotReady(i, slot) known to hold) attack j with the slot? */
function attackOk(m: Model, s: MgvState, i: number, slot: number, j: number): boolean {
  if (slotWeapon(m, i, slot) === W_PHOTON && slot !== SLOT_JOINT) {
    const ps = slot === SLOT_PAY ? 1 : 0;
    if (s.units[i].photonTarget[ps] !== j) return false;
  }
  return canTarget(m, s, i, slot, j);
}

function anyAttack(m: Model, s: MgvState): boolean {
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

// ---------------------------------------------------------------------------------------------
// reset

function runReset(m: Model, s: MgvState, ctx: PlayContext): void {
  const order = m.o.resetOrder;
  while (s.resetStage < order.length) {
    const stage = order[s.resetStage];
    if (stage === 0) recurringDamage(m, s, ctx);
    else if (stage === 2) suddenDeath(m, s, ctx);
    else if (!m.o.noRepair) {
      // repairs: one decision per unit with a real choice of priorities
      for (;;) {
        s.cursor++;
        if (s.cursor >= s.units.length) break;
        const i = s.cursor;
        if (!s.units[i].alive) continue;
        const need = repairNeeds(m, s, i);
        if (need === 0) continue;
        const d = repairDice(m, s, i);
        if (d.own + d.module <= 0) continue;
        if ((need & (need - 1)) !== 0) {
          s.step = ST_RESET_REPAIR;
          s.side = m.units[i].side;
          return;
        }
        repairUnit(m, s, i, 0, ctx);
      }
      s.cursor = -1;
    }
    s.resetStage++;
  }
  removeMarkers(m, s, ctx);
  checkVictory(m, s, ctx);
  if (s.result) return;
  s.turn++;
  startTurn(m, s, ctx);
}

function checkVictory(m: Model, s: MgvState, ctx: PlayContext): void {
  let alive0 = 0;
  let alive1 = 0;
  for (let i = 0; i < s.units.length; i++) {
    if (!s.units[i].alive) continue;
    if (m.units[i].side === 0) alive0++;
    else alive1++;
  }
  if (alive0 === 0 || alive1 === 0) {
    const winner = alive0 === 0 && alive1 === 0 ? -1 : alive0 === 0 ? 1 : 0;
    s.result = { winner, reason: 'victory', detail: winner < 0 ? 'mutual-elimination' : 'elimination', length: s.turn };
  } else if (s.turn >= m.turnLimit) {
    const vp = victoryPoints(m, s);
    s.result = { winner: vp[0] === vp[1] ? -1 : vp[0] > vp[1] ? 0 : 1, reason: 'turn-limit', detail: `vp ${vp[0]}-${vp[1]}`, length: s.turn };
  }
  if (s.result) s.step = ST_OVER;
  void ctx;
}

/** Victory points (spec §3.16 [P]): cost of enemy MGVs eliminated + share x cost of those mission-killed. */
export function victoryPoints(m: Model, s: MgvState): [number, number] {
  const vp: [number, number] = [0, 0];
  const share = m.data.victory.missionKillShare;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    const other = 1 - m.units[i].side;
    if (!u.alive) vp[other] += u.selfDestructed ? 0 : m.units[i].cost;
    else if (missionKilled(m, s, i)) vp[other] += share * m.units[i].cost;
  }
  return vp;
}

/** Alive but cannot move (speed 0 or trapped) and cannot fire any weapon. */
export function missionKilled(m: Model, s: MgvState, i: number): boolean {
  const u = s.units[i];
  if (!u.alive) return false;
  const cantMove = u.trapped || allowanceOf(m, s, i) <= 0 && !(u.jam >= 2);
  if (!cantMove) return false;
  const saveFM = u.firedMain;
  const saveFP = u.firedPay;
  u.firedMain = u.firedPay = false;
  const canFire = u.Mj === 0 && slotReady(m, s, i, SLOT_MAIN) || (u.MjP === 0 && slotReady(m, s, i, SLOT_PAY));
  u.firedMain = saveFM;
  u.firedPay = saveFP;
  return !canFire;
}

// ---------------------------------------------------------------------------------------------
// legal actions

/** Legal actions of a move decision: END_UNIT, the legs (in increasing turn, distance, reverse, end order), engineering, jamming, self-destruct. */
function legalMoveUnit(m: Model, s: MgvState, out: Int32Array): number {
  const N = s.units.length;
  let n = 0;
  const i = s.cursor;
  const u = s.units[i];
  out[n++] = END_UNIT;
  const allowance = u.allowance;
  if (allowance >= 0.5 - 1e-9 && u.legs < m.o.maxLegs) {
    const lastLeg = u.legs + 1 >= m.o.maxLegs;
    const step = m.data.turnCost.step;
    const cost = m.data.turnCost.cost;
    const revs = m.o.allowReverse ? 2 : 1;
    const END = LEG_END;
    const REV = LEG_REVERSE;
    const relCost = m.relTurnCost;
    const nd = DISTS.length;
    // distances within the whole allowance: a leg's (after its turn) is a prefix of these
    let dAll = 0;
    while (dAll < nd && DIST_F[dAll] <= allowance + 1e-9) dAll++;
    for (let t = 0; t < N_REL_TURNS + N; t++) {
      let tc: number;
      let d0: number;
      if (t < N_REL_TURNS) {
        tc = relCost[t];
        d0 = t === ZERO_TURN ? 1 : 0;
      } else {
        const k = t - N_REL_TURNS;
        if (k === i || !s.units[k].alive) continue;
        const delta = deltaToFace(u, s.units[k].x, s.units[k].y);
        tc = turnCost(delta, step, cost);
        d0 = Math.abs(delta) < 1e-9 ? 1 : 0;
      }
      if (tc > allowance + 1e-9) continue;
      const left = allowance - tc + 1e-9;
      const base = Action.encode.leg(0, t, 0, 0);
      if (revs === 1) {
        // the first distance beyond `left` (DISTS increase; left <= allowance + 1e-9)
        let d1 = dAll;
        while (d1 > d0 && DIST_F[d1 - 1] > left) d1--;
        if (lastLeg) {
          for (let d = d0; d < d1; d++) out[n++] = base + d + END;
        } else {
          for (let d = d0; d < d1; d++) {
            out[n] = base + d;
            out[n + 1] = base + d + END;
            n += 2;
          }
        }
        continue;
      }
      for (let d = d0; d < nd && DISTS[d] <= left; d++) {
        for (let rev = 0; rev < (d > 0 ? revs : 1); rev++) {
          const c = base + d + (rev ? REV : 0);
          if (!lastLeg) out[n++] = c;
          out[n++] = c + END;
        }
      }
    }
  }
  if (engPointsLeft(m, s, i) > 0) {
    const T = Math.max(m.features.length, N);
    for (let a = 0; a <= ENG_BRIDGE; a++) for (let t = 0; t < T; t++) if (canEngineer(m, s, i, a, t)) out[n++] = Action.encode.engineer(t, a);
  }
  if (!m.o.jammerFireOnly) for (let j = 0; j < N; j++) if (canJam(m, s, i, j)) out[n++] = Action.encode.jam(j);
  if (m.o.selfDestruct) out[n++] = SELF_DESTRUCT;
  return n;
}

export function legalActions(m: Model, s: MgvState, out: Int32Array): number {
  let n = 0;
  const N = s.units.length;
  switch (s.step) {
    case ST_DECLARE: {
      const side = s.side;
      if (available(s, side, 0)) {
        out[n++] = Action.encode.declare(D_MOVE);
        out[n++] = Action.encode.declare(D_PASS_MOVE);
      }
      if (available(s, side, 1)) {
        out[n++] = Action.encode.declare(D_FIRE);
        out[n++] = Action.encode.declare(D_PASS_FIRE);
      }
      return n;
    }
    case ST_BARRAGE:
      for (let k = 0; k < N; k++) if (s.units[k].alive) out[n++] = Action.encode.barrage(k);
      if (n === 0) out[n++] = Action.encode.barrage(0);
      return n;
    case ST_MOVE_POWER: {
      const av = powerAvailable(m, s, s.cursor);
      for (let k = 0; k <= av; k++) out[n++] = Action.encode.power(k);
      return n;
    }
    case ST_MOVE_UNIT:
      return legalMoveUnit(m, s, out);
    case ST_COUNTER: {
      const av = powerAvailable(m, s, s.pTarget);
      for (let k = 0; k <= av; k++) out[n++] = Action.encode.counter(k);
      return n;
    }
    case ST_BEACON: {
      out[n++] = BEACON_DONE;
      for (let j = 0; j < N; j++) if (canLaunchBeacon(m, s, s.cursor, j)) {
        out[n++] = Action.encode.beacon(j, 0);
        out[n++] = Action.encode.beacon(j, 1);
      }
      return n;
    }
    case ST_JAM: {
      out[n++] = JAM_SKIP;
      for (let j = 0; j < N; j++) if (canJam(m, s, s.cursor, j)) out[n++] = Action.encode.jam(j);
      return n;
    }
    case ST_REPAIR_DESIGNATE: {
      out[n++] = REPAIR_SKIP;
      for (let j = 0; j < N; j++) if (canDesignateRepair(m, s, s.cursor, j)) out[n++] = Action.encode.repairDesignate(j);
      return n;
    }
    case ST_PHOTON: {
      out[n++] = PHOTON_HOLD;
      const slot = s.cursor2 === 0 ? SLOT_MAIN : SLOT_PAY;
      const maxQ = maxEstimateQ(m);
      for (let j = 0; j < N; j++) {
        if (!canTarget(m, s, s.cursor, slot, j)) continue;
        const base = photonCode(slot, j, 0);
        for (let q = 1; q <= maxQ; q++) out[n++] = base + q;
      }
      return n;
    }
    case ST_ATTACK: {
      out[n++] = ATTACK_END;
      for (let i = 0; i < N; i++) {
        if (m.units[i].side !== s.phaseSide || !s.units[i].alive) continue;
        for (let slot = 0; slot < 4; slot++) {
          if (!slotReady(m, s, i, slot)) continue;
          for (let j = 0; j < N; j++) if (attackOk(m, s, i, slot, j)) out[n++] = Action.encode.attack(j, slot, i);
        }
      }
      return n;
    }
    case ST_SPLIT_ATT:
      for (let k = 0; k <= s.pAttDice; k++) out[n++] = Action.encode.split(k);
      return n;
    case ST_SPLIT_DEF:
      for (let k = 0; k <= s.pDefDice; k++) out[n++] = Action.encode.split(k);
      return n;
    case ST_RESET_REPAIR:
      for (let k = 0; k < REPAIR_PRESETS.length; k++) out[n++] = Action.encode.preset(k);
      return n;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// apply

export function applyAction(m: Model, s: MgvState, action: number, ctx: PlayContext): void {
  const kind = Action.kindIndexOf(action);
  switch (kind) {
    case K.declare: {
      const p = Action.read.declare.choice(action);
      const type = p === D_MOVE || p === D_PASS_MOVE ? 0 : 1;
      startPhase(m, s, type, p >= D_PASS_MOVE, ctx);
      return;
    }
    case K.barrage: {
      const t = s.units[Action.read.barrage.unit(action)];
      s.barragesLeft[s.side]--;
      // every MGV whose centre is within 4" of the marker: 5 one thermal-type destruction, 6 two
      for (let k = 0; k < s.units.length; k++) {
        const u = s.units[k];
        if (!u.alive || hypot(u.x - t.x, u.y - t.y) > 4) continue;
        const r = 1 + ctx.dice.int(6);
        const hits = r === 6 ? 2 : r === 5 ? 1 : 0;
        for (let h = 0; h < hits; h++) thermalDestroy(m, s, k, locateSurface(m, ctx.dice, ctx.dice.int(181)), -1, ctx.dice, ctx);
      }
      if (s.barragesLeft[0] + s.barragesLeft[1] > 0) {
        s.side = s.barragesLeft[1 - s.side] > 0 ? 1 - s.side : s.side;
        return;
      }
      resolveCrits(m, s, ctx.dice, ctx);
      s.winners[0] = rollOff(ctx);
      if (s.winners[0] === 0) ctx.tally.addScalar(S_IDX.xWinsA);
      beginSlot(m, s, s.winners[0], ctx);
      return;
    }
    case K.power: {
      const p = Action.read.power.points(action);
      const u = s.units[s.cursor];
      u.powerSpeed = p;
      if (p > 0) {
        u.powerUsed = true;
        u.activeTurn = true;
      }
      u.allowance = allowanceOf(m, s, s.cursor);
      if (moveUnitCanAct(m, s, s.cursor)) s.step = ST_MOVE_UNIT;
      else nextMoveUnit(m, s, ctx);
      return;
    }
    case K.leg: {
      const i = s.cursor;
      const u = s.units[i];
      const t = Action.read.leg.turn(action);
      const d = DISTS[Action.read.leg.dist(action)];
      const end = Action.read.leg.end(action) !== 0;
      const rev = Action.read.leg.reverse(action) !== 0;
      let delta: number;
      if (t < N_REL_TURNS) delta = relTurn(t);
      else delta = deltaToFace(u, s.units[t - N_REL_TURNS].x, s.units[t - N_REL_TURNS].y);
      moveLeg(m, s, i, delta, d, rev, ctx);
      u.legs++;
      if (end || u.trapped || u.infected || u.jam >= 2) u.moveDone = true;
      if (m.o.pursuit) pursuitFollow(m, s, i, ctx);
      afterMoveAction(m, s, ctx);
      return;
    }
    case K.endUnit:
      s.units[s.cursor].moveDone = true;
      afterMoveAction(m, s, ctx);
      return;
    case K.selfDestruct: {
      const u = s.units[s.cursor];
      u.selfDestructed = true;
      killUnit(m, s, s.cursor, ctx);
      nextMoveUnit(m, s, ctx);
      return;
    }
    case K.engineer:
      doEngineer(m, s, s.cursor, Action.read.engineer.action(action), Action.read.engineer.target(action), ctx);
      afterMoveAction(m, s, ctx);
      return;
    case K.jam: {
      const j = Action.read.jam.target(action);
      const t = s.units[j];
      s.pAtt = s.cursor;
      s.pTarget = j;
      s.pReturn = s.step;
      if (powerAvailable(m, s, j) > 0 && t.alive) {
        // the jammed side answers first: how much power it commits against the jamming
        Frames.push(s.pending, 'counterJam', m.units[j].side, s.cursor, j);
        s.step = ST_COUNTER;
        s.side = m.units[j].side;
        return;
      }
      resolveJam(m, s, s.cursor, j, 0, ctx);
      afterJam(m, s, ctx);
      return;
    }
    case K.counter: {
      const p = Action.read.counter.points(action);
      const jammer = Frames.arg(s.pending, 'counterJam', 'jammer');
      const target = Frames.arg(s.pending, 'counterJam', 'target');
      Frames.pop(s.pending);
      const t = s.units[target];
      t.powerCounter += p;
      if (p > 0) t.powerUsed = true;
      resolveJam(m, s, jammer, target, p, ctx);
      s.step = s.pReturn;
      s.side = s.phaseSide;
      afterJam(m, s, ctx);
      return;
    }
    case K.jamSkip:
      nextFireStep(m, s, ctx);
      return;
    case K.beacon: {
      launchBeacon(m, s, s.cursor, Action.read.beacon.type(action), Action.read.beacon.target(action), ctx);
      // stay on this launcher while it can launch more
      for (let j = 0; j < s.units.length; j++) if (canLaunchBeacon(m, s, s.cursor, j)) return;
      nextFireStep(m, s, ctx);
      return;
    }
    case K.beaconDone:
    case K.repairSkip:
      nextFireStep(m, s, ctx);
      return;
    case K.repairDesignate: {
      const u = s.units[s.cursor];
      u.repairTarget = Action.read.repairDesignate.target(action);
      u.activeTurn = true;
      u.camo = false;
      if (m.o.remoteRepairFires) u.fired = true;
      nextFireStep(m, s, ctx);
      return;
    }
    case K.photon: {
      const slot = Action.read.photon.slot(action);
      const u = s.units[s.cursor];
      const ps = slot === SLOT_PAY ? 1 : 0;
      u.photonTarget[ps] = Action.read.photon.target(action);
      u.photonEst[ps] = Action.read.photon.estimate(action);
      nextFireStep(m, s, ctx);
      return;
    }
    case K.photonHold:
      nextFireStep(m, s, ctx);
      return;
    case K.attack: {
      const i = Action.read.attack.unit(action);
      const slot = Action.read.attack.slot(action);
      const j = Action.read.attack.target(action);
      const u = s.units[i];
      markFired(s, i);
      if (slot === SLOT_MAIN || slot === SLOT_JOINT) u.firedMain = true;
      if (slot === SLOT_PAY || slot === SLOT_JOINT) u.firedPay = true;
      if (slot === SLOT_PB) u.engPointBlank = true;
      const w = slotWeapon(m, i, slot);
      if (w === W_MISSILE) {
        const row = attackRow(m, s, i, W_MISSILE, j);
        ctx.tally.add(row, K_SHOTS);
        ctx.tally.addScalar(m.units[i].side === 0 ? S_IDX.shotsA : S_IDX.shotsB);
        const ad = missileAttackDice(m, s, i, slot, j);
        ctx.tally.add(row, K_DICE, ad);
        if (ad <= 0) {
          nextFireStep(m, s, ctx);
          return;
        }
        s.pAtt = i;
        s.pSlot = slot;
        s.pTarget = j;
        s.pAttDice = ad;
        s.pDefDice = missileDefenseDice(m, s, j);
        s.pRow = row;
        Frames.push(s.pending, 'missileSplit', m.units[i].side, i, j, ad);
        s.step = ST_SPLIT_ATT;
        s.side = m.units[i].side;
        return;
      }
      resolveDirect(m, s, i, slot, j, ctx);
      nextFireStep(m, s, ctx);
      return;
    }
    case K.attackEnd:
      endPhase(m, s, ctx);
      return;
    case K.split: {
      const p = Action.read.split.core(action);
      Frames.pop(s.pending);
      if (s.step === ST_SPLIT_ATT) {
        s.secret.attCore = p;
        if (s.pDefDice > 0) {
          // the defender splits without seeing the attacker's split (simultaneous secret choice)
          Frames.push(s.pending, 'missileSplit', m.units[s.pTarget].side, s.pAtt, s.pTarget, s.pDefDice);
          s.step = ST_SPLIT_DEF;
          s.side = m.units[s.pTarget].side;
          return;
        }
        resolveMissile(m, s, s.pAtt, s.pTarget, s.pAttDice, p, 0, 0, s.pRow, ctx);
      } else {
        resolveMissile(m, s, s.pAtt, s.pTarget, s.pAttDice, s.secret.attCore, s.pDefDice, p, s.pRow, ctx);
      }
      s.secret.attCore = 0;
      s.pAtt = -1;
      s.step = ST_ATTACK;
      s.side = s.phaseSide;
      nextFireStep(m, s, ctx);
      return;
    }
    case K.preset:
      repairUnit(m, s, s.cursor, Action.read.preset.index(action), ctx);
      runReset(m, s, ctx);
      return;
  }
  throw new Error(`mgv: unknown action code ${action}`);
}

function afterJam(m: Model, s: MgvState, ctx: PlayContext): void {
  if (s.step === ST_MOVE_UNIT) afterMoveAction(m, s, ctx);
  else nextFireStep(m, s, ctx);
}

/**
 * Optional rule #203 Pursuit (the available part): after an X-phase move, a base with an
 * enemy directly ahead (within 10°), in that enemy's rear D sector and facing away, records
 * a pursuit; when that enemy's next leg goes straight away, the pursuer follows with its
 * remaining movement minus 1".
 */
function pursuitFollow(m: Model, s: MgvState, i: number, ctx: PlayContext): void {
  const u = s.units[i];
  if (s.slot === 0 && u.moveDone) {
    for (let j = 0; j < s.units.length; j++) {
      const t = s.units[j];
      if (!t.alive || m.units[j].side === m.units[i].side) continue;
      const ahead = Math.abs(normDeg(headingTo(u.x, u.y, t.x, t.y) - u.h)) <= 10;
      if (ahead && bearingFromTarget(t, u) >= 150 && Math.abs(normDeg(t.h - u.h)) <= 30) {
        u.pursuitTarget = j;
        u.pursuitLeft = Math.max(0, u.allowance - 1);
      }
    }
  }
  // the pursued base moved: followers chase straight ahead
  for (let k = 0; k < s.units.length; k++) {
    const f = s.units[k];
    if (f.pursuitTarget !== i || !f.alive) continue;
    f.pursuitTarget = -1;
    if (u.moved > 0 && f.pursuitLeft > 0) {
      const save = f.allowance;
      f.allowance = f.pursuitLeft;
      moveLeg(m, s, k, 0, Math.min(f.pursuitLeft, u.moved), false, ctx);
      f.allowance = save;
    }
  }
}
