/**
 * compile(): the AT-43 CompiledGame, and the sequence of play (seed p.53): the TACTICAL PHASE
 * (LP pools, secret card order, authority test with secret wagers), the ACTIVATION PHASE
 * (alternate turns; the opening of one unit's activation: morale, rally, the LP of a unit without
 * officer, immobilised AFVs, grounded fighters; its end, and the turn passing), the CONTROL PHASE
 * (lone heroes joining, objectives, VP), the round's end and the game's end.
 *
 * What a side may do and what it does live in decisions/, one module per decision (the main
 * flow's turn and activation, and one per frame kind: order, wager, first, overwatch, rally,
 * pay, eject, pickExtra, join), each with its `legal`, `apply` and `close`; they call back into
 * the sequence here when they complete. `legalActions` and `apply` dispatch through `D` on the
 * explicit engine record `At43Engine` (the model, the metric rows and `D`): no closure.
 */
import type { Decisions } from '../../core/decision/decisions.ts';
import { sideToAct } from '../../core/decision/stack.ts';
import type { Rng } from '../../core/rng/rng.ts';
import type { CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import { describeAction, F } from './actions.ts';
import { determinize } from './determinize.ts';
import { evaluate } from './evaluate.ts';
import { checkInvariants } from './invariants.ts';
import { M, buildRows } from './metrics.ts';
import { MAX_UNITS, N_DIRS, buildModel, type Model } from './model.ts';
import { observe, type At43Observation } from './observe.ts';
import type { At43Options } from './options.ts';
import { SP_STRIDE } from './rules/afv.ts';
import { controllerOf, costLost, sideAlive } from './rules/control.ts';
import { joinTargets } from './rules/heroes.ts';
import { lpPool, maxWager } from './rules/leadership.ts';
import { moraleTest, moraleTriggered, type Env } from './rules/losses.ts';
import { unitEngaged } from './rules/table-cache.ts';
import type { At43Rules, At43Scenario } from './schema.ts';
import { PH_ACT, PH_ORDER, PH_OVER, PH_TURN, ST_DISORGANIZED, ST_VALIANT, cloneState, newState, type At43State } from './state.ts';

/** The compiled engine the decisions run on: the model, the metric rows (Env) and the decisions. */
export interface At43Engine extends Env {
  readonly D: Decisions<At43Engine, At43State>;
}

export interface At43Game extends CompiledGame<At43State, At43Observation> {
  readonly model: Model;
  readonly env: At43Engine;
  maxWager(s: At43State, side: number): number;
  lpPool(s: At43State, side: number): number;
}

/** Where the opening of an activation resumes once a frame has been answered (`resume`). */
export const STG_RALLY = 1;
export const STG_PAY = 2;
export const STG_EJECT = 3;
export const STG_GROUNDED = 4;

const JOIN = new Int32Array(MAX_UNITS);

// ---- game end ----

export function finishGame(s: At43State, r: GameResult): void {
  s.result = r;
  s.phase = PH_OVER;
  s.pending.depth = 0;
}

/** A side with no fighter left loses at once (spec §7.1); true when the game is over. */
export function checkAnnihilation(E: At43Engine, s: At43State): boolean {
  if (s.result) return true;
  const a = sideAlive(E.m, s, 0);
  const b = sideAlive(E.m, s, 1);
  if (a && b) return false;
  finishGame(s, { winner: a ? 0 : b ? 1 : -1, reason: 'victory', detail: 'annihilation', length: s.round });
  return true;
}

// ---- tactical phase (p.54-55) ----

/** A round opens: the LP pools (p.54), then each side lays its cards face down (p.55), side 0 first. */
export function startRound(E: At43Engine, s: At43State, ctx: PlayContext): void {
  const m = E.m;
  for (let side = 0; side < 2; side++) {
    s.lp[side] = lpPool(m, s, side);
    s.seq[side].length = 0;
  }
  s.wager[0] = -1;
  s.wager[1] = -1;
  s.delayedLast[0] = 0;
  s.delayedLast[1] = 0;
  s.artilleryUsed[0] = 0;
  s.artilleryUsed[1] = 0;
  s.phase = PH_ORDER;
  F.push(s.pending, 'order', 1);
  F.push(s.pending, 'order', 0);
  if (ctx.log) ctx.log(`round ${s.round}: LP ${m.sides[0]} ${s.lp[0]}, ${m.sides[1]} ${s.lp[1]}`);
}

/** Both sequences laid: the authority test (secret wagers, side 0 first), or a mission's named winner in round 1. */
export function startAuthority(E: At43Engine, s: At43State): void {
  if (s.round === 1 && E.m.firstWinner >= 0) {
    s.authorityWinner = E.m.firstWinner;
    F.push(s.pending, 'first', E.m.firstWinner);
  } else {
    F.push(s.pending, 'wager', 1);
    F.push(s.pending, 'wager', 0);
  }
}

// ---- activation phase (p.56-59) ----

/** The first player is named: the activation phase begins. */
export function beginTurns(E: At43Engine, s: At43State, ctx: PlayContext): void {
  s.phase = PH_TURN;
  normalizeTurn(E, s, ctx);
}

/** Gives the lead to a side with cards (A6); ends the activation phase when none has any. */
export function normalizeTurn(E: At43Engine, s: At43State, ctx: PlayContext): void {
  if (s.result) return;
  if (s.seq[s.active].length > 0) return;
  if (s.seq[1 - s.active].length > 0) {
    // A6 `activation.skipEmptyPlayers`: a side without cards is skipped (the only reading modelled)
    s.active = 1 - s.active;
    return;
  }
  controlPhase(E, s, ctx);
}

/**
 * The active side reveals its first card and activates that unit (p.57): its drill markers go,
 * its morale is tested if triggered (p.74), then the opening continues (`resume`).
 */
export function startActivation(E: At43Engine, s: At43State, ctx: PlayContext): void {
  const m = E.m;
  const side = s.active;
  const u = s.seq[side].shift()!;
  const U = m.units[u];
  s.unit = u;
  s.moved = 0;
  s.shot = 0;
  s.fought = 0;
  s.drillPhase = 0;
  s.turns++;
  s.phase = PH_ACT;
  s.drills[u] = 0; // the markers go when the card is revealed again (seed p.59)
  for (let f = U.first; f < U.first + U.count; f++) s.fired[f] = 0;
  if (ctx.log) ctx.log(`${m.sides[side]} activates ${U.id} (LP ${s.lp[side]})`);
  if (moraleTriggered(m, s, u) && (m.opts['morale.retest'] || s.status[u] === ST_VALIANT)) {
    moraleTest(E, s, u, ctx);
    if (s.members[u] === 0) return endActivation(E, s, ctx);
  }
  resume(E, s, STG_RALLY, ctx);
}

/**
 * Continues the opening of an activation from `stage`: a disorganized unit may be rallied (2 LP,
 * p.75), a unit without officer must be paid for (1 LP, p.57), an immobilised AFV may be
 * abandoned (p.53), more than half grounded stand up and do nothing (p.57). Each choice is a
 * frame whose close resumes here.
 */
export function resume(E: At43Engine, s: At43State, stage: number, ctx: PlayContext): void {
  const m = E.m;
  const u = s.unit;
  const U = m.units[u];
  const side = U.side;
  if (stage <= STG_RALLY && s.status[u] === ST_DISORGANIZED) {
    if (s.lp[side] >= m.rules.lp.rally) return F.push(s.pending, 'rally', side, u);
    return endActivation(E, s, ctx);
  }
  if (stage <= STG_PAY && !s.officer[u]) {
    if (s.lp[side] >= m.rules.lp.noOfficer) return F.push(s.pending, 'pay', side, u, 0);
    return endActivation(E, s, ctx);
  }
  if (stage <= STG_EJECT && U.afv) {
    for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f] && s.sp[f * SP_STRIDE + 1] <= 0) return F.push(s.pending, 'eject', side, u, f);
  }
  if (stage <= STG_GROUNDED) {
    let g = 0;
    for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f] && s.grounded[f]) g++;
    for (let f = U.first; f < U.first + U.count; f++) s.grounded[f] = 0;
    if (g * 2 > s.members[u]) {
      if (ctx.log) ctx.log(`  ${U.id}: more than half grounded, stands up and does nothing`);
      return endActivation(E, s, ctx);
    }
  }
  // engagement is judged at the start of the unit's own activation (spec §3.4.1, FAQ Q1)
  s.engagedAtStart = unitEngaged(m, s, u) ? 1 : 0;
}

/** The activation ends: the second unit of an extra activation (p.57), else the turn passes. */
export function endActivation(E: At43Engine, s: At43State, ctx: PlayContext): void {
  s.unit = -1;
  s.phase = PH_TURN;
  if (checkAnnihilation(E, s)) return;
  if (s.extraLeft > 0 && s.seq[s.active].length > 0) {
    s.extraLeft--;
    return startActivation(E, s, ctx);
  }
  s.extraLeft = 0;
  s.active = 1 - s.active;
  normalizeTurn(E, s, ctx);
}

// ---- control phase (p.72-73), round end, game end ----

/** Lone heroes may join a unit (p.76), one decision each, before the objectives are counted. */
export function controlPhase(E: At43Engine, s: At43State, ctx: PlayContext): void {
  if (nextJoin(E, s, 0)) return;
  finishControl(E, s, ctx);
}

/** The next lone hero (from unit `from`) with a unit to join: his side decides (a `join` frame). */
export function nextJoin(E: At43Engine, s: At43State, from: number): boolean {
  const m = E.m;
  for (let h = from; h < m.units.length; h++)
    if (joinTargets(m, s, h, JOIN) > 0) {
      F.push(s.pending, 'join', m.units[h].side, h);
      return true;
    }
  return false;
}

/** Objectives scored (p.73), LP lost (time out); then the next round, or the game's end at the last. */
export function finishControl(E: At43Engine, s: At43State, ctx: PlayContext): void {
  const m = E.m;
  for (let o = 0; o < m.objectives.length; o++) {
    s.control[o] = controllerOf(m, s, o);
    if (s.control[o] >= 0) s.vp[s.control[o]] += m.objectives[o].vp;
  }
  if (ctx.log) ctx.log(`control phase: VP ${m.sides[0]} ${s.vp[0]}, ${m.sides[1]} ${s.vp[1]}`);
  s.lp[0] = 0;
  s.lp[1] = 0;
  if (s.round >= m.rounds) {
    let w = -1;
    let detail = 'draw';
    if (m.victory !== 'annihilation') {
      w = s.vp[0] > s.vp[1] ? 0 : s.vp[1] > s.vp[0] ? 1 : -1;
      detail = 'victory points';
    }
    if (w < 0 && m.victory === 'annihilation') {
      const la = costLost(m, s, 0);
      const lb = costLost(m, s, 1);
      w = lb > la ? 0 : la > lb ? 1 : -1;
      detail = 'army points destroyed';
    }
    finishGame(s, { winner: w, reason: w < 0 ? 'turn-limit' : 'victory', detail, length: s.round });
    return;
  }
  s.round++;
  startRound(E, s, ctx);
}

// ---- the compiled game ----

/**
 * The CompiledGame of one scenario. `D` is the system's decisions (decisions/index.ts), handed in
 * by the plug (index.ts): the decision modules call back into the sequence above, so this module
 * does not import them (no import cycle).
 */
export function compile(rules: At43Rules, body: At43Scenario, opts: At43Options, D: Decisions<At43Engine, At43State>): At43Game {
  const m = buildModel(rules, body, opts);
  const rows = buildRows(m);
  const E: At43Engine = { m, rows, D };
  const nU = m.units.length;
  return {
    model: m,
    env: E,
    maxWager: (s, side) => maxWager(m, s, side),
    lpPool: (s, side) => lpPool(m, s, side),
    sides: m.sides,
    metrics: rows.layout,
    maxDecisions: m.rounds * (nU * 80 + 60) + 100,
    maxActions: 5 * MAX_UNITS + 4 * m.afvFighters.length + 2 * (N_DIRS + MAX_UNITS + 6) + 32,
    newGame(_setup: Rng, ctx: PlayContext): At43State {
      const s = newState(m);
      for (let r = 0; r < rows.layout.rows.length; r += 10) ctx.tally.add(r, M.col.fielded);
      startRound(E, s, ctx);
      return s;
    },
    result: (s) => s.result,
    currentSide: (s) => sideToAct(s.pending, s.active),
    legalActions: (s, out) => D.legal(E, s, out),
    apply: (s, a, ctx) => D.apply(E, s, a, ctx),
    observe: (s, side) => observe(m, s, side),
    describeAction: (s, a) => describeAction(m, s, a),
    length: (s) => s.round,
    clone: cloneState,
    finish(s, r, ctx) {
      ctx.tally.setScalar(M.scalar.rounds, r.length);
      ctx.tally.setScalar(M.scalar.vpA, s.vp[0]);
      ctx.tally.setScalar(M.scalar.vpB, s.vp[1]);
    },
    checkInvariants: (s) => checkInvariants(m, s),
    evaluate: (s, side) => evaluate(m, s, side),
    determinize: (s, side, rng) => determinize(m, s, side, rng),
  };
}
