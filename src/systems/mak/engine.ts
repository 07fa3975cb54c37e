/**
 * compile(): the CompiledGame of one Ma.K scenario, and the sequence of play ([4.0]; spec §2): the
 * Air Commitment Phase when aircraft fly, the first and the second player's troop phases, the end
 * of the turn, the end of the game (last turn, a side eliminated, a concession). What a side may
 * do and what it does live in decisions/, one module per decision (the phase player's free choice,
 * each defensive window, each step of close quarters combat, pinning, the air commitment...),
 * dispatched by `D` on the top pending frame. `legalActions` and `apply` never allocate.
 */
import type { Decision } from '../../core/decision/decisions.ts';
import { sideToAct } from '../../core/decision/stack.ts';
import type { CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import { describeAction, hotCodes, makeCodec, type HotCodes, type MakCodec } from './actions.ts';
import { openCommitments } from './decisions/commit.ts';
import { openCqcStart } from './decisions/cqc-start.ts';
import { D, pendingOffers } from './decisions/index.ts';
import { setupPins } from './decisions/pin.ts';
import { determinize } from './determinize.ts';
import { evaluate } from './evaluate.ts';
import { checkInvariants } from './invariants.ts';
import { M, layoutOf, rowOf } from './metrics.ts';
import { MAX_W, buildModel, type Model } from './model.ts';
import { observe, type MakObservation } from './observe.ts';
import type { MakOptions } from './options.ts';
import { amuMp } from './rules/amu.ts';
import { resolveArson } from './rules/arson.ts';
import { hasWorkingWeapon, hexHasSide } from './rules/combat.ts';
import { fireAttacks } from './rules/fire.ts';
import { moraleRecovery, newTurnMorale } from './rules/morale.ts';
import { rollPilots } from './rules/pilots.ts';
import { ageSmoke } from './rules/smoke.ts';
import { cancelOrphanRequests, landArtillery, resetAir } from './rules/support.ts';
import type { RulesData, ScenarioBody } from './schema.ts';
import { A_DEAD, A_LATE, DEAD, OFFMAP, PHASE_FLAGS, cloneState, newState, type MakState } from './state.ts';

export const END_OGP = 1;
export const END_ELIMINATION = 2;
/** A side conceded (option concede 'ruleBased', spec §1.6): it had no unit left able to fight. */
export const END_CONCEDE = 3;

/**
 * The compiled engine the decisions work with: the scenario's model and codec, and the steps of
 * the sequence they trigger (a decision module never imports this file at run time, so the
 * modules form no import cycle with it).
 */
export interface Engine {
  readonly m: Model;
  readonly A: MakCodec;
  /** Codes the hottest loops write, from the codec. */
  readonly C: HotCodes;
  /** Completes the decision on top: its close, then its frame goes (`D.finish`). */
  finish(s: MakState, ctx: PlayContext): void;
  /** The phase player ends his troop phase. */
  endPhase(s: MakState, ctx: PlayContext): void;
  /** The start-of-phase steps (after the Air Commitment Phase). */
  startPhase(s: MakState, ctx: PlayContext): void;
}

/** The phase player's free choice (decisions/main.ts). */
export type MainDecision = Decision<Engine, MakState>;

/** A pending decision: also says whether it offers anything but passing (`settle` closes it at once when not). */
export interface PendingDecision extends Decision<Engine, MakState> {
  offers(E: Engine, s: MakState): boolean;
}

export interface MakGame extends CompiledGame<MakState, MakObservation> {
  readonly E: Engine;
}

/**
 * Option concede 'ruleBased' (spec §1.6, [3.1] "a player may concede when the result is clear",
 * house rule): a side concedes when no unit of it on the map can fight any more (every living unit
 * disarmed, or with no weapon left that is working and loaded; broken infantry still counts, it may
 * rally; unarmed combat does not count) and nothing is still to come (reinforcements, a flying
 * Hornisse); -1 when neither side concedes.
 */
function concedingSide(m: Model, s: MakState): number {
  let able = 0;
  for (let u = 0; u < m.nu && able !== 3; u++) {
    const st = s.status[u];
    const bit = 1 << m.uside[u];
    if (able & bit) continue;
    if (st & OFFMAP) { if (m.uaboard[u] < 0 || (s.air[m.uaboard[u]] & (A_DEAD | A_LATE)) !== A_DEAD) able |= bit; continue; }
    if (!(st & DEAD) && hasWorkingWeapon(m, s, u)) able |= bit;
  }
  return able === 3 ? -1 : able === 1 ? 1 : able === 2 ? 0 : -1;
}

/** After every action: closes each pending decision with nothing to decide, and ends the game when a side is gone. */
function settle(E: Engine, s: MakState, ctx: PlayContext): void {
  const { m } = E;
  for (let guard = 0; guard < 1000; guard++) {
    if (s.over) return;
    let a0 = false, a1 = false;
    // Reinforcements still to come count, and a Hornisse's units while it flies ([10.6]).
    // Pilots on the map do not keep a side in the game ([18.2.2], engine reading).
    for (let u = 0; u < m.nu && !(a0 && a1); u++) if ((!(s.status[u] & DEAD) && !m.upilot[u]) || (s.status[u] & OFFMAP && (m.uaboard[u] < 0 || (s.air[m.uaboard[u]] & (A_DEAD | A_LATE)) !== A_DEAD))) { if (m.uside[u] === 0) a0 = true; else a1 = true; }
    if (!a0 || !a1) {
      s.pending.depth = 0;
      endGame(E, s, ctx, END_ELIMINATION);
      return;
    }
    if (m.concedeRule) {
      const c = concedingSide(m, s);
      if (c >= 0) {
        s.pending.depth = 0;
        s.over = true;
        s.winner = 1 - c;
        s.endDetail = END_CONCEDE;
        if (ctx.log) ctx.log(`game over: ${c === 0 ? 'mercenary' : 'strahl'} concedes (no unit left able to fight, spec §1.6)`);
        return;
      }
    }
    if (s.pending.depth === 0 || pendingOffers(E, s)) return;
    D.finish(E, s, ctx);
  }
  throw new Error('mak: settle did not converge');
}

/** The end of a troop phase: arson resolves (E1, [14.4.2]); the second player's phase, or the next turn. */
function endPhase(E: Engine, s: MakState, ctx: PlayContext): void {
  const { m } = E;
  if (m.hasArson) resolveArson(m, s, ctx);
  if (s.phase === 0) {
    s.phase = 1;
    s.phaseSide = 1 - s.phaseSide;
  } else {
    cancelOrphanRequests(m, s);
    s.turn++;
    if (s.turn > m.body.turns) {
      s.turn = m.body.turns;
      endGame(E, s, ctx, END_OGP);
      return;
    }
    s.phase = 0;
    s.phaseSide = m.body.firstPlayer === 'mercenary' ? 0 : 1;
    beginTurn(E, s, ctx);
    return;
  }
  startPhase(E, s, ctx);
}

/** Start of a turn: the Air Commitment Phase when aircraft fly ([4.0] 1), then the first troop phase. */
function beginTurn(E: Engine, s: MakState, ctx: PlayContext): void {
  const { m } = E;
  for (let b = 0; b < m.nb; b++) s.bFired[b] = 0;
  newTurnMorale(m, s); // units broken last turn may roll from now on ([14.3.2])
  // Aircraft reinforcements arrive in flight at the start of their turn and may be assigned at once ([12.1], spec §2.2 1).
  for (let a = 0; a < m.na; a++) {
    if (!(s.air[a] & A_LATE) || s.turn < m.aarrive[a]) continue;
    s.air[a] = 0;
    if (ctx.log) ctx.log(`${m.aid[a]} arrives in flight ([12.1])`);
  }
  // Secret and simultaneous: the first card is hidden from the second side's observation. A side
  // with no aircraft left has no card (nothing to decide, also at the very start of a game).
  if (resetAir(m, s) && openCommitments(E, s)) return;
  startPhase(E, s, ctx);
}

/** Start-of-phase steps (spec §2.3): flags reset, MP restored, continuing CQC hexes and their pins, S1, S3, S4. */
export function startPhase(E: Engine, s: MakState, ctx: PlayContext): void {
  const { m } = E;
  for (let u = 0; u < m.nu; u++) {
    s.status[u] &= ~PHASE_FLAGS;
    s.mp[u] = m.ump2[u];
    s.pfUsed[u] = 0;
    s.rkUsed[u] = 0;
    s.smokeUsed[u] = 0;
  }
  ageSmoke(s); // [19.2.3]
  if (m.hasAmu) amuMp(m, s); // [16.2.5]
  s.mover = -1;
  if (ctx.log) ctx.log(`-- turn ${s.turn}, ${m.body.firstPlayer === (s.phaseSide === 0 ? 'mercenary' : 'strahl') ? 'first' : 'second'} player's phase: ${s.phaseSide === 0 ? 'mercenary' : 'strahl'}`);
  for (let u = 0; u < m.nu; u++) {
    if (m.uside[u] !== s.phaseSide || s.status[u] & DEAD) continue;
    const h = s.hex[u];
    let first = true;
    for (let v = 0; v < u; v++) if (s.hex[v] === h && m.uside[v] === s.phaseSide && !(s.status[v] & DEAD)) first = false;
    if (!first || !hexHasSide(m, s, h, 1 - s.phaseSide)) continue;
    openCqcStart(s, h); // [9.3.1]
    setupPins(E, s, h);
  }
  landArtillery(m, s, ctx); // S1: before anything moves ([17.1.6])
  fireAttacks(m, s, ctx); // S3: fires attack the other player's infantry ([19.4.2], A20)
  moraleRecovery(m, s, ctx); // S4
}

/** The end of the game: O.G.P. with the scenario's extra VP, less artillery used; the side that must exceed needs strictly more. */
function endGame(E: Engine, s: MakState, ctx: PlayContext, detail: number): void {
  const { m } = E;
  const v = m.body.victory;
  const o0 = s.ogp[0] + v.extra.mercenary - s.artVp[0];
  const o1 = s.ogp[1] + v.extra.strahl - s.artVp[1];
  const x = v.mustExceed === 'mercenary' ? 0 : 1;
  const ox = x === 0 ? o0 : o1;
  const oy = x === 0 ? o1 : o0;
  s.winner = ox > oy ? x : 1 - x;
  s.over = true;
  s.endDetail = detail;
  if (ctx.log) ctx.log(`game over (${detail === END_ELIMINATION ? 'a side eliminated' : 'last turn played'}): O.G.P. mercenary ${o0}, strahl ${o1}; ${s.winner === 0 ? 'mercenary' : 'strahl'} wins`);
}

export function compile(data: RulesData, body: ScenarioBody, opt: MakOptions): MakGame {
  const m = buildModel(data, body, opt);
  const A = makeCodec(m.nu, m.nb, m.na, m.n);
  const E: Engine = {
    m,
    A,
    C: hotCodes(A, m.nu),
    finish: (s, ctx) => D.finish(E, s, ctx),
    endPhase: (s, ctx) => endPhase(E, s, ctx),
    startPhase: (s, ctx) => startPhase(E, s, ctx),
  };
  const template = newState(m);
  const rollsPilots = m.upRoll.some((x) => x === 1) || m.apRoll.some((x) => x === 1);
  return {
    E,
    sides: ['mercenary', 'strahl'],
    metrics: layoutOf(m),
    maxDecisions: 20_000 + body.turns * 2 * m.nu * 60,
    // Legal actions are distinct codes of the codec.
    maxActions: A.size,
    newGame(setup, ctx) {
      const s = cloneState(template); // the same start every game: slices instead of building it again
      if (rollsPilots) rollPilots(m, s, setup); // option pilotMods ([18.3.1])
      for (let u = 0; u < m.nu; u++) for (let w = 0; w < MAX_W; w++) if (m.wtype[u * MAX_W + w] >= 0) ctx.tally.add(rowOf(m, u, w), M.col.fielded);
      beginTurn(E, s, ctx);
      return s;
    },
    result(s): GameResult | null {
      if (!s.over) return null;
      return { winner: s.winner, reason: 'victory', detail: s.endDetail === END_ELIMINATION ? 'elimination' : s.endDetail === END_CONCEDE ? 'concession' : 'ogp', length: s.turn };
    },
    currentSide: (s) => sideToAct(s.pending, s.phaseSide),
    legalActions: (s, out) => D.legal(E, s, out),
    apply(s, a, ctx) {
      D.apply(E, s, a, ctx);
      settle(E, s, ctx);
    },
    observe: (s, side) => observe(E, s, side),
    describeAction: (s, a) => describeAction(E, s, a),
    length: (s) => s.turn,
    clone: cloneState,
    determinize: (s, side, rng) => determinize(E, s, side, rng),
    evaluate: (s, side) => evaluate(m, s, side),
    finish(s, _r, ctx) {
      const v = body.victory;
      ctx.tally.setScalar(M.scalar.ogpMercenary, s.ogp[0] + v.extra.mercenary - s.artVp[0]);
      ctx.tally.setScalar(M.scalar.ogpStrahl, s.ogp[1] + v.extra.strahl - s.artVp[1]);
      ctx.tally.setScalar(M.scalar.lostMercenary, s.lost[0]);
      ctx.tally.setScalar(M.scalar.lostStrahl, s.lost[1]);
    },
    checkInvariants: (s) => checkInvariants(m, s),
  };
}
