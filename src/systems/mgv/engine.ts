/**
 * compile(): the CompiledGame of one MGV scenario. The engine owns the sequence of play only
 * (seed §1.7, spec §2): the X / Y / Z roll-offs and F, the move-or-fire constraint, the start and
 * end of each action phase (end-of-phase critical hits, jamming LOS, mission strike, activity,
 * beacon lifetimes), the Reset 5a-5d and the end of the game. What a side may decide and what it
 * does live in decisions/, one module per kind of decision, bound to the frames of actions.ts and
 * dispatched by `D` on the top frame; their `close` hands back to the sequence through `Engine`.
 */
import type { Rng } from '../../core/rng/rng.ts';
import { sideToAct } from '../../core/decision/stack.ts';
import type { CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import { pointInShape } from '../../core/geometry/table/index.ts';
import { DISTS, N_REL_TURNS, describe, maxEstimateQ, FP } from './actions.ts';
import { D, applyOf, finishOf, legalOf } from './decisions/index.ts';
import { available } from './decisions/main.ts';
import { beaconsFrom } from './decisions/fire-phase.ts';
import { nextMover } from './decisions/move-phase.ts';
import { determinize } from './determinize.ts';
import { evaluate } from './evaluate.ts';
import { checkInvariants } from './invariants.ts';
import { K_COST, K_FIELDED, S_IDX, allRow, buildLayout } from './metrics.ts';
import { P_ENGINEERING, buildModel, type Model } from './model.ts';
import { observe, type MgvObservation } from './observe.ts';
import type { MgvOptions } from './options.ts';
import { resolveCrits } from './rules/damage.ts';
import { autoInfected } from './rules/infection.ts';
import { checkJamLos } from './rules/payloads.ts';
import { recurringDamage, removeMarkers, repairDice, repairNeeds, repairUnit, suddenDeath } from './rules/reset.ts';
import { checkVictory, missionKilled } from './rules/victory.ts';
import type { MgvRules, MgvScenario } from './schema.ts';
import { cloneState, newState, type MgvState } from './state.ts';

/**
 * What the decisions see of the engine: the model, `finish` (D.finish, dispatched by
 * decisions/index.ts finishOf: the decision on top is complete, its close starts what follows) and
 * the points where a decision hands back to the sequence of play.
 */
export interface Engine {
  readonly m: Model;
  finish(s: MgvState, ctx: PlayContext): void;
  /** The declared phase (type 0 move, 1 fire) starts; a pass ends it at once (decisions/main.ts). */
  startPhase(s: MgvState, type: number, pass: boolean, ctx: PlayContext): void;
  /** The action phase in progress ends (its last decision is complete). */
  endPhase(s: MgvState, ctx: PlayContext): void;
  /** The Reset goes on at `stage` of the reset order, from base `from` (after a repair decision). */
  resumeReset(s: MgvState, ctx: PlayContext, stage: number, from: number): void;
  /** Every barrage marker is placed: their critical hits, then the X roll-off. */
  afterBarrages(s: MgvState, ctx: PlayContext): void;
}

/** Upper bound on legal actions at any decision (sizes the shared buffer). */
export function maxActionsOf(m: Model): number {
  const n = m.units.length;
  const legs = (N_REL_TURNS + n) * DISTS.length * 2 * (m.o.allowReverse ? 2 : 1);
  const eng = 7 * Math.max(n, m.features.length);
  const photon = n * maxEstimateQ(m) + 1;
  const attack = n * 4 * n + 1;
  return Math.max(legs + eng + n + 4, photon, attack, 64);
}

/** A new game: the bases as placed, the fielded units counted, then the first X roll. */
function newGame(E: Engine, ctx: PlayContext): MgvState {
  const m = E.m;
  const s = newState(m);
  for (let i = 0; i < m.units.length; i++) {
    const u = m.units[i];
    ctx.tally.add(allRow(u.side, u.weapon), K_FIELDED);
    ctx.tally.add(allRow(u.side, u.weapon), K_COST, u.cost);
    if (u.payloadWeapon >= 0 && !m.o.noWeaponPayload) ctx.tally.add(allRow(u.side, u.payloadWeapon), K_FIELDED);
  }
  startTurn(E, s, ctx);
  return s;
}

// ---------------------------------------------------------------------------------------------
// the turn: X, Y, Z, F, Reset

/** 1D6 each, the higher wins, ties re-rolled (seed §1.7). */
function rollOff(ctx: PlayContext): number {
  for (;;) {
    const a = 1 + ctx.dice.int(6);
    const b = 1 + ctx.dice.int(6);
    if (a !== b) return a > b ? 0 : 1;
  }
}

function startTurn(E: Engine, s: MgvState, ctx: PlayContext): void {
  s.slot = 0;
  s.used.fill(0);
  s.winners[0] = s.winners[1] = s.winners[2] = -1;
  // X roll; a tie triggers optional random barrages (2017 #101): side A places first
  const a = 1 + ctx.dice.int(6);
  const b = 1 + ctx.dice.int(6);
  if (a === b && E.m.o.barrages) {
    const k = a <= 3 ? 1 : 2;
    FP.barrage(s.pending, 0, k, k);
    return;
  }
  s.winners[0] = a !== b ? (a > b ? 0 : 1) : rollOff(ctx);
  if (s.winners[0] === 0) ctx.tally.addScalar(S_IDX.xWinsA);
  beginSlot(E, s, s.winners[0], ctx);
}

function afterBarrages(E: Engine, s: MgvState, ctx: PlayContext): void {
  resolveCrits(E.m, s, ctx.dice, ctx);
  s.winners[0] = rollOff(ctx);
  if (s.winners[0] === 0) ctx.tally.addScalar(S_IDX.xWinsA);
  beginSlot(E, s, s.winners[0], ctx);
}

/** The slot's side declares (decisions/main.ts), unless one action type is all it has left: that phase starts. */
function beginSlot(E: Engine, s: MgvState, side: number, ctx: PlayContext): void {
  s.phaseSide = side;
  const mv = available(s, side, 0);
  const fi = available(s, side, 1);
  if (mv !== fi) startPhase(E, s, mv ? 0 : 1, false, ctx);
}

function startPhase(E: Engine, s: MgvState, type: number, pass: boolean, ctx: PlayContext): void {
  const m = E.m;
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
    endPhase(E, s, ctx);
    return;
  }
  autoInfected(m, s, ctx, type === 0);
  if (type === 0) nextMover(E, s, ctx, 0);
  else beaconsFrom(E, s, ctx, 0);
}

function endPhase(E: Engine, s: MgvState, ctx: PlayContext): void {
  const m = E.m;
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
  nextSlot(E, s, ctx);
}

/** Y, Z (no Z roll when one side won X and Y: the other chooses the order of its two actions), F, then the Reset. */
function nextSlot(E: Engine, s: MgvState, ctx: PlayContext): void {
  const w = s.winners;
  if (s.slot === 0) {
    s.slot = 1;
    w[1] = rollOff(ctx);
    beginSlot(E, s, w[1], ctx);
    return;
  }
  if (s.slot === 1) {
    s.slot = 2;
    if (w[0] === w[1]) {
      beginSlot(E, s, 1 - w[0], ctx);
      return;
    }
    w[2] = rollOff(ctx);
    beginSlot(E, s, w[2], ctx);
    return;
  }
  if (s.slot === 2) {
    s.slot = 3;
    // F: the side that still has an action
    beginSlot(E, s, s.used[0] + s.used[1] < 2 ? 0 : 1, ctx);
    return;
  }
  s.slot = 4;
  runReset(E, s, ctx, 0, 0);
}

/**
 * The Reset (seed §1.7, §6.0; spec §3.15) in the order of option resetOrder, from `stage`
 * and, in the repairs, from base `from`: a base with a choice of repairs asks its side
 * (decisions/reset-repair.ts), which resumes here. Then 5d markers, the end of the game or the next turn.
 */
function runReset(E: Engine, s: MgvState, ctx: PlayContext, stage: number, from: number): void {
  const m = E.m;
  const order = m.o.resetOrder;
  for (; stage < order.length; stage++, from = 0) {
    const kind = order[stage];
    if (kind === 0) recurringDamage(m, s, ctx);
    else if (kind === 2) suddenDeath(m, s, ctx);
    else if (!m.o.noRepair) {
      for (let i = from; i < s.units.length; i++) {
        if (!s.units[i].alive) continue;
        const need = repairNeeds(m, s, i);
        if (need === 0) continue;
        const d = repairDice(m, s, i);
        if (d.own + d.module <= 0) continue;
        if ((need & (need - 1)) !== 0) {
          FP.resetRepair(s.pending, m.units[i].side, i, stage);
          return;
        }
        repairUnit(m, s, i, 0, ctx);
      }
    }
  }
  removeMarkers(m, s, ctx);
  checkVictory(m, s);
  if (s.result) return;
  s.turn++;
  startTurn(E, s, ctx);
}

// ---------------------------------------------------------------------------------------------
// the compiled game

/**
 * The engine the decisions of model m see. `table`: its `finish` is `D.finish` (the array
 * dispatch of core/decision) instead of the switch of decisions/index.ts `finishOf`, for the test
 * that holds the two equal (test/systems/mgv/dispatch.test.ts).
 */
export function engineOf(m: Model, table = false): Engine {
  const E: Engine = {
    m,
    finish: table ? (s, ctx) => D.finish(E, s, ctx) : (s, ctx) => finishOf(E, s, ctx),
    startPhase: (s, type, pass, ctx) => startPhase(E, s, type, pass, ctx),
    endPhase: (s, ctx) => endPhase(E, s, ctx),
    resumeReset: (s, ctx, stage, from) => runReset(E, s, ctx, stage, from),
    afterBarrages: (s, ctx) => afterBarrages(E, s, ctx),
  };
  return E;
}

export function compileModel(m: Model): CompiledGame<MgvState, MgvObservation> & { model: Model } {
  const E = engineOf(m);
  return {
    model: m,
    sides: m.sides,
    metrics: buildLayout(m.sides),
    maxDecisions: 400 * m.turnLimit * Math.max(2, m.units.length),
    maxActions: maxActionsOf(m),
    newGame: (_setup: Rng, ctx: PlayContext) => newGame(E, ctx),
    result: (s) => s.result,
    // the top frame's side (the base deciding, the jammed side, the splitting side...), else the slot's
    currentSide: (s) => sideToAct(s.pending, s.phaseSide),
    legalActions: (s, out) => legalOf(E, s, out),
    apply: (s, a, ctx) => applyOf(E, s, a, ctx),
    observe: (s, side) => observe(m, s, side),
    describeAction: (s, a) => describe(m, s, a),
    length: (s) => s.turn,
    clone: cloneState,
    finish: (s: MgvState, r: GameResult, ctx: PlayContext) => {
      ctx.tally.setScalar(S_IDX.turns, r.length);
      for (let i = 0; i < s.units.length; i++) {
        if (missionKilled(m, s, i)) ctx.tally.addScalar(m.units[i].side === 0 ? S_IDX.missionKilledA : S_IDX.missionKilledB);
      }
    },
    checkInvariants: (s) => checkInvariants(m, s),
    evaluate: (s, side) => evaluate(m, s, side),
    determinize: (s, side, rng) => determinize(m, s, side, rng),
  };
}

export function compile(data: MgvRules, scenario: MgvScenario, options: MgvOptions): CompiledGame<MgvState, MgvObservation> & { model: Model } {
  return compileModel(buildModel(data, scenario, options));
}
