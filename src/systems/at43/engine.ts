/**
 * compile(): the AT-43 CompiledGame. The round (seed p.53): TACTICAL PHASE (LP pools, secret card
 * order, authority test with secret wagers, ties re-rolled), ACTIVATION PHASE (alternate turns:
 * relocate / delay / extra activation, then one unit's activation: morale, rally, the LP of a unit
 * without officer, grounded fighters, then movement, salvos, close combat and combat drills, with
 * enemy overwatch breaking in after the movement), CONTROL PHASE (objectives, VP). Interrupts and
 * secret choices are frames on the core's decision stack (actions.ts).
 */
import type { CompiledGame, GameResult, PlayContext } from '../../core/system.ts';
import type { Rng } from '../../core/rng/rng.ts';
import { sideToAct } from '../../core/decision/stack.ts';
import { A, DRILL_NAMES, F } from './actions.ts';
import { M, buildRows, type Rows } from './metrics.ts';
import { MAX_SLOTS, MAX_UNITS, N_DIRS, N_GOALS, buildModel, type Model } from './model.ts';
import type { At43Options } from './options.ts';
import type { At43Rules, At43Scenario } from './schema.ts';
import { DR_KNEE, DR_OVERWATCH, DR_OVERWATCH_SPECIAL, DR_SPLIT, DR_TAKE_COVER, PH_ACT, PH_OVER, PH_TURN, ST_DISORGANIZED, cloneState, newState, type At43State } from './state.ts';
import { SP_STRIDE } from './rules/afv.ts';
import { heroFighter, killFighter, moraleTest, moraleTriggered, officerOf, removeCard, type Env } from './rules/losses.ts';
import { fight, unitInContact } from './rules/melee.ts';
import { goalVector, moveUnit } from './rules/movement.ts';
import { rollAuthority, rollPool } from './rules/rolls.ts';
import { anyReadyShooter, canShoot, carriersSee, explode, fireSalvo, readyCarriers, salvoNeedOf } from './rules/shooting.ts';
import { gap, sees, unitEngaged } from './rules/table.ts';
import { determinize, observe, type At43Observation } from './observe.ts';
import { evaluate } from './evaluate.ts';
import { checkInvariants } from './invariants.ts';

const DRILL_BITS = [DR_KNEE, DR_OVERWATCH, DR_TAKE_COVER, DR_SPLIT];
// Action codes of the activation, encoded once (the hot loop writes them without re-encoding).
const C_MOVE = Int32Array.from({ length: 2 * N_GOALS }, (_, i) => A.encode.move(i % 2, (i - (i % 2)) / 2));
const C_SHOOT = Int32Array.from({ length: MAX_SLOTS * MAX_UNITS }, (_, i) => A.encode.shoot(i % MAX_SLOTS, (i - (i % MAX_SLOTS)) / MAX_SLOTS));
const C_DRILL = Int32Array.from({ length: 4 }, (_, k) => A.encode.drill(k));
const C_FIGHT = A.encode.fight();
const C_END = A.encode.end();
const CARRIERS = new Int32Array(64);
const JOIN = new Int32Array(MAX_UNITS);
/** Activation stages resumed after a frame is resolved. */
const STG_RALLY = 1;
const STG_PAY = 2;
const STG_EJECT = 3;
const STG_GROUNDED = 4;

/**
 * Controller of objective o (seed p.73): the side with the most infantry fighters (at least one)
 * within the control radius; AFVs do not count; a tie gives nobody (-1).
 */
export function controllerOf(m: Model, s: At43State, o: number): number {
  const O = m.objectives[o];
  const R = m.rules.control.radiusCm;
  let a = 0;
  let b = 0;
  for (let f = 0; f < m.nF; f++) {
    const U = m.units[m.fUnit[f]];
    if (!s.alive[f] || U.afv) continue;
    if (Math.sqrt((s.fx[f] - O.x) ** 2 + (s.fy[f] - O.y) ** 2) - m.fRadius[f] <= R) {
      if (U.side === 0) a++;
      else b++;
    }
  }
  return a > b ? 0 : b > a ? 1 : -1;
}

export interface At43Game extends CompiledGame<At43State, At43Observation> {
  readonly model: Model;
  readonly env: Env;
  maxWager(s: At43State, side: number): number;
  lpPool(s: At43State, side: number): number;
}

export function compileAt43(rules: At43Rules, body: At43Scenario, opts: At43Options): At43Game {
  const m = buildModel(rules, body, opts);
  const rows: Rows = buildRows(m);
  const env: Env = { m, rows };
  const nU = m.units.length;
  const GV = new Float64Array(3);
  const lpScalar = [M.scalar.lpSpentA, M.scalar.lpSpentB];

  const commander = (s: At43State, side: number): number => {
    let best = -1;
    for (let u = 0; u < nU; u++) {
      const U = m.units[u];
      const off = officerOf(m, s, u);
      if (U.side !== side || !off || s.members[u] === 0) continue;
      if (best < 0 || off.rank > officerOf(m, s, best)!.rank) best = u;
    }
    return best;
  };
  /** LP pool (seed p.54): the Commander's LP + the units on the battlefield, disorganized ones excepted. */
  const lpPool = (s: At43State, side: number): number => {
    const c = commander(s, side);
    let pool = c < 0 ? 0 : officerOf(m, s, c)!.lp;
    for (let u = 0; u < nU; u++) if (m.units[u].side === side && s.members[u] > 0 && s.status[u] !== ST_DISORGANIZED) pool++;
    return pool;
  };
  const maxWager = (s: At43State, side: number): number => {
    const c = commander(s, side);
    const cap = c < 0 ? opts['authority.maxWagerNoCommander'] : officerOf(m, s, c)!.rank + 1;
    return Math.max(0, Math.min(7, cap, s.lp[side]));
  };
  /** Authority test value of a side (p.55): its Commander's Authority (0 without one) + its wager. */
  const authorityOf = (s: At43State, side: number): number => {
    const c = commander(s, side);
    return (c < 0 ? 0 : officerOf(m, s, c)!.authority) + s.wager[side];
  };
  const spend = (s: At43State, side: number, n: number, ctx: PlayContext) => {
    s.lp[side] -= n;
    ctx.tally.addScalar(lpScalar[side], n);
  };
  const sideAlive = (s: At43State, side: number): boolean => {
    for (let u = 0; u < nU; u++) if (m.units[u].side === side && s.members[u] > 0) return true;
    return false;
  };
  const costLost = (s: At43State, side: number): number => {
    let c = 0;
    for (const U of m.units) if (U.side === side && U.fielded > 0) c += (U.cost * Math.max(0, U.fielded - s.members[U.index])) / U.fielded;
    return c;
  };

  function finishGame(s: At43State, r: GameResult): void {
    s.result = r;
    s.phase = PH_OVER;
    s.pending.depth = 0;
  }

  function checkAnnihilation(s: At43State): boolean {
    if (s.result) return true;
    const a = sideAlive(s, 0);
    const b = sideAlive(s, 1);
    if (a && b) return false;
    finishGame(s, { winner: a ? 0 : b ? 1 : -1, reason: 'victory', detail: 'annihilation', length: s.round });
    return true;
  }

  function startRound(s: At43State, ctx: PlayContext): void {
    for (let side = 0; side < 2; side++) {
      s.lp[side] = lpPool(s, side);
      s.seq[side].length = 0;
    }
    s.wager[0] = -1;
    s.wager[1] = -1;
    s.delayedLast[0] = 0;
    s.delayedLast[1] = 0;
    s.artilleryUsed[0] = 0;
    s.artilleryUsed[1] = 0;
    s.phase = 0;
    F.push(s.pending, 'order', 1);
    F.push(s.pending, 'order', 0);
    if (ctx.log) ctx.log(`round ${s.round}: LP ${m.sides[0]} ${s.lp[0]}, ${m.sides[1]} ${s.lp[1]}`);
  }

  function unitsLeftToOrder(s: At43State, side: number): number {
    let n = 0;
    for (let u = 0; u < nU; u++) if (m.units[u].side === side && s.members[u] > 0 && s.seq[side].indexOf(u) < 0) n++;
    return n;
  }

  function beginTurns(s: At43State, ctx: PlayContext): void {
    s.phase = PH_TURN;
    normalizeTurn(s, ctx);
  }

  /** Gives the lead to a side with cards; ends the activation phase when none has any. */
  function normalizeTurn(s: At43State, ctx: PlayContext): void {
    if (s.result) return;
    if (s.seq[s.active].length > 0) return;
    if (s.seq[1 - s.active].length > 0 && opts['activation.skipEmptyPlayers']) {
      s.active = 1 - s.active;
      return;
    }
    if (s.seq[1 - s.active].length > 0) {
      s.active = 1 - s.active;
      return;
    }
    controlPhase(s, ctx);
  }

  /**
   * Units that lone hero unit h may join now (seed p.76): h holds his hero alone; v is an infantry
   * unit of his side without officer, with a slot for him, and he stands within 10 cm of every
   * member and within 2.5 cm of one. Written to JOIN (unit indices); returns their number.
   */
  function joinTargets(s: At43State, h: number): number {
    const H = m.units[h];
    const hf = heroFighter(m, s, h);
    if (H.afv || s.members[h] !== 1 || hf < 0 || !s.alive[hf]) return 0;
    let n = 0;
    for (let v = 0; v < nU; v++) {
      const V = m.units[v];
      if (v === h || V.side !== H.side || s.members[v] === 0 || s.officer[v] !== 0 || slotOf(v, H.hero!) < 0) continue;
      let near = false;
      let within = true;
      for (let f = V.first; f < V.first + V.count && within; f++) {
        if (!s.alive[f]) continue;
        const g = gap(m, s, hf, f);
        if (g > m.rules.cohesion.leaderCm + 1e-9) within = false;
        if (g <= m.rules.cohesion.memberCm + 1e-9) near = true;
      }
      if (within && near) JOIN[n++] = v;
    }
    return n;
  }

  function slotOf(v: number, hero: string): number {
    const J = m.units[v].joinSlots;
    for (let k = 0; k < J.length; k++) if (J[k].hero === hero) return k;
    return -1;
  }

  /** The next lone hero (from unit `from`) with a unit to join: his side decides. */
  function nextJoin(s: At43State, from: number): boolean {
    for (let h = from; h < nU; h++)
      if (joinTargets(s, h) > 0) {
        F.push(s.pending, 'join', m.units[h].side, h);
        return true;
      }
    return false;
  }

  /** The lone hero of unit h joins unit v: he takes its slot for him and becomes its officer (p.76). */
  function joinUnit(s: At43State, h: number, v: number, ctx: PlayContext): void {
    const H = m.units[h];
    const hf = heroFighter(m, s, h);
    const k = slotOf(v, H.hero!);
    const f = m.units[v].joinSlots[k].fighter;
    s.fx[f] = s.fx[hf];
    s.fy[f] = s.fy[hf];
    s.alive[f] = 1;
    s.grounded[f] = 0;
    s.fired[f] = s.fired[hf];
    s.alive[hf] = 0;
    s.members[h] = 0;
    s.officer[h] = 0;
    s.drills[h] = 0;
    removeCard(s, H.side, h); // his card leaves the sequence; he is activated with his new unit
    s.members[v]++;
    s.officer[v] = 2 + k;
    s.leader[v] = f; // the hero becomes the officer, hence the leader (p.47); the unit's drills are his at once
    s.geom++;
    if (ctx.log) ctx.log(`  ${H.hero} joins ${m.units[v].id} as its officer`);
  }

  function controlPhase(s: At43State, ctx: PlayContext): void {
    // lone heroes may join a unit (p.76), one decision each, before the objectives are counted
    if (nextJoin(s, 0)) return;
    finishControl(s, ctx);
  }

  function finishControl(s: At43State, ctx: PlayContext): void {
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
        const la = costLost(s, 0);
        const lb = costLost(s, 1);
        w = lb > la ? 0 : la > lb ? 1 : -1;
        detail = 'army points destroyed';
      }
      finishGame(s, { winner: w, reason: w < 0 ? 'turn-limit' : 'victory', detail, length: s.round });
      return;
    }
    s.round++;
    startRound(s, ctx);
  }

  function startActivation(s: At43State, ctx: PlayContext): void {
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
    if (moraleTriggered(m, s, u) && (opts['morale.retest'] || s.status[u] === 0)) {
      moraleTest(env, s, u, ctx);
      if (s.members[u] === 0) return endActivation(s, ctx);
    }
    resume(s, STG_RALLY, ctx);
  }

  /** Continues the opening of an activation from stage `stage`. */
  function resume(s: At43State, stage: number, ctx: PlayContext): void {
    const u = s.unit;
    const U = m.units[u];
    const side = U.side;
    if (stage <= STG_RALLY && s.status[u] === ST_DISORGANIZED) {
      if (s.lp[side] >= m.rules.lp.rally) return F.push(s.pending, 'rally', side, u);
      return endActivation(s, ctx);
    }
    if (stage <= STG_PAY && !s.officer[u]) {
      if (s.lp[side] >= m.rules.lp.noOfficer) return F.push(s.pending, 'pay', side, u);
      return endActivation(s, ctx);
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
        return endActivation(s, ctx);
      }
    }
    s.engagedAtStart = unitEngaged(m, s, u) ? 1 : 0;
  }

  function endActivation(s: At43State, ctx: PlayContext): void {
    s.unit = -1;
    s.phase = PH_TURN;
    if (checkAnnihilation(s)) return;
    if (s.extraLeft > 0 && s.seq[s.active].length > 0) {
      s.extraLeft--;
      return startActivation(s, ctx);
    }
    s.extraLeft = 0;
    s.active = 1 - s.active;
    normalizeTurn(s, ctx);
  }

  /**
   * Engaged infantry units lose their combat drills (p.59: Take cover is lost as soon as a member
   * is engaged), except an Overwatch marker, which the overwatch window removes (A10 option).
   */
  function dropDrillsOfEngaged(s: At43State): void {
    for (let v = 0; v < nU; v++) {
      if (m.units[v].afv || s.members[v] === 0 || s.drills[v] === 0 || !unitEngaged(m, s, v)) continue;
      s.drills[v] &= DR_OVERWATCH | DR_OVERWATCH_SPECIAL;
    }
  }

  /** Enemy units in overwatch may fire at u right after its movement (seed p.59, A10). */
  function overwatchWindow(s: At43State, u: number): void {
    const side = m.units[u].side;
    for (let o = nU - 1; o >= 0; o--) {
      const O = m.units[o];
      if (O.side === side || s.members[o] === 0 || !(s.drills[o] & (DR_OVERWATCH | DR_OVERWATCH_SPECIAL))) continue;
      if (opts['overwatch.engagedLoses'] && unitEngaged(m, s, o)) {
        s.drills[o] &= ~(DR_OVERWATCH | DR_OVERWATCH_SPECIAL);
        continue;
      }
      if (canOverwatch(s, o, u, s.drills[o] & DR_OVERWATCH ? 0 : 2)) F.push(s.pending, 'overwatch', O.side, o, u);
    }
  }

  function canOverwatch(s: At43State, o: number, u: number, group: number): boolean {
    for (const w of m.units[o].weaponTypes) if (salvoNeedOf(m, s, o, w, u, group) !== 0 && anyReadyShooter(m, s, o, w, u, group)) return true;
    return false;
  }

  /** Units with special weapon bearers (static: bearers are fixed at set-up). */
  const special = m.units.map((U) => {
    for (let f = U.first; f < U.first + U.count; f++) if (m.fSpecial[f]) return true;
    return false;
  });
  function hasSpecial(o: number): boolean {
    return special[o];
  }

  /** Nearest fighter of unit v seen by a leader (or officer) of `side`, or -1 (p.60). */
  function artilleryTarget(s: At43State, side: number, v: number): number {
    const V = m.units[v];
    let best = -1;
    let bd = Infinity;
    for (let u = 0; u < nU; u++) {
      if (m.units[u].side !== side || s.members[u] === 0) continue;
      const L = s.leader[u];
      for (let f = V.first; f < V.first + V.count; f++) {
        if (!s.alive[f]) continue;
        const d = (s.fx[f] - s.fx[L]) ** 2 + (s.fy[f] - s.fy[L]) ** 2;
        if (d < bd && sees(m, s, L, f)) {
          bd = d;
          best = f;
        }
      }
    }
    return best;
  }

  function mobileUnit(s: At43State, u: number): boolean {
    const U = m.units[u];
    if (!U.afv) return true;
    for (let f = U.first; f < U.first + U.count; f++) if (s.alive[f] && s.sp[f * SP_STRIDE + 1] > 0) return true;
    return false;
  }

  function drillLegal(s: At43State, u: number, k: number, engaged: boolean): boolean {
    const U = m.units[u];
    if (s.lp[U.side] < m.rules.lp.drill || s.drills[u] & DRILL_BITS[k]) return false;
    if (engaged) return false;
    if (k !== 1 && U.afv) return false; // Knee, Take cover, Split fire: infantry only
    if (k === 1) return s.shot === 0;
    if (k === 3) return s.moved === 0 && s.shot === 0 && s.fought === 0 && s.drillPhase === 0 && hasSpecial(u);
    return true;
  }

  function legalActions(s: At43State, out: Int32Array): number {
    let n = 0;
    const top = F.top(s.pending);
    if (top !== null) {
      const side = sideToAct(s.pending, 0);
      switch (top) {
        case 'order':
          for (let u = 0; u < nU; u++) if (m.units[u].side === side && s.members[u] > 0 && s.seq[side].indexOf(u) < 0) out[n++] = A.encode.order(u);
          return n;
        case 'wager': {
          const mx = maxWager(s, side);
          for (let w = 0; w <= mx; w++) out[n++] = A.encode.wager(w);
          return n;
        }
        case 'first':
          out[n++] = A.encode.first(0);
          out[n++] = A.encode.first(1);
          return n;
        case 'overwatch': {
          const o = F.arg(s.pending, 'overwatch', 'unit');
          const u = F.arg(s.pending, 'overwatch', 'target');
          out[n++] = A.encode.overwatch(0);
          out[n++] = A.encode.overwatch(1);
          if (s.drills[o] & DR_SPLIT && s.drills[o] & DR_OVERWATCH && hasSpecial(o) && canOverwatch(s, o, u, 1)) out[n++] = A.encode.overwatch(2);
          return n;
        }
        case 'rally':
        case 'pay':
        case 'eject':
          out[n++] = top === 'rally' ? A.encode.rally(1) : top === 'pay' ? A.encode.pay(1) : A.encode.eject(1);
          out[n++] = top === 'rally' ? A.encode.rally(0) : top === 'pay' ? A.encode.pay(0) : A.encode.eject(0);
          return n;
        case 'pickExtra':
          out[n++] = A.encode.pickExtra(0);
          out[n++] = A.encode.pickExtra(1);
          return n;
        case 'join': {
          const k = joinTargets(s, F.arg(s.pending, 'join', 'hero'));
          out[n++] = A.encode.join(0);
          for (let i = 0; i < k; i++) out[n++] = A.encode.join(JOIN[i] + 1);
          return n;
        }
      }
    }
    const side = s.active;
    if (s.phase === PH_TURN) {
      const q = s.seq[side];
      out[n++] = A.encode.turn(0);
      if (s.lp[side] >= m.rules.lp.delay && !s.delayedLast[side] && s.seq[1 - side].length > 0) out[n++] = A.encode.turn(1);
      if (s.delayedLast[side] && s.lp[side] >= m.rules.lp.extra && q.length >= 2) out[n++] = A.encode.turn(2);
      if (s.lp[side] >= m.rules.lp.relocate) for (let p = 1; p < q.length; p++) out[n++] = A.encode.relocate(p);
      if (opts['artillery.enabled'] && !s.artilleryUsed[side] && s.lp[side] >= m.rules.lp.artillery)
        for (let v = 0; v < nU; v++) if (m.units[v].side !== side && s.members[v] > 0 && artilleryTarget(s, side, v) >= 0) out[n++] = A.encode.artillery(v);
      return n;
    }
    return legalInActivation(s, out);
  }

  /** The salvos unit u may fire now, appended to out from n; returns the new count. */
  function legalShots(s: At43State, u: number, out: Int32Array, n: number): number {
    const U = m.units[u];
    for (let k = 0; k < U.weaponTypes.length; k++) {
      const w = U.weaponTypes[k];
      const direct = m.weapons[w].aoe <= 0;
      const nc = direct ? readyCarriers(m, s, u, w, CARRIERS) : 0;
      for (let v = 0; v < nU; v++) {
        if (m.units[v].side === U.side || s.members[v] === 0) continue;
        // direct fire: the range (leader to leader, cheap) before the sight lines
        if (direct ? nc > 0 && salvoNeedOf(m, s, u, w, v, 0) !== 0 && carriersSee(m, s, CARRIERS, nc, v) : canShoot(m, s, u, w, v) && salvoNeedOf(m, s, u, w, v, 0) !== 0)
          out[n++] = C_SHOOT[v * MAX_SLOTS + k];
        // a unit of several AFVs: one single AFV may be targeted instead (p.61)
        const V = m.units[v];
        if (V.afv && s.members[v] > 1 && direct)
          for (let f = V.first; f < V.first + V.count; f++)
            if (s.alive[f] && salvoNeedOf(m, s, u, w, v, 0, f) !== 0 && anyReadyShooter(m, s, u, w, v, 0, f)) out[n++] = A.encode.shootAfv(k, f);
      }
    }
    return n;
  }

  /** Legal actions of the active unit in its activation (PH_ACT, nothing pending). */
  function legalInActivation(s: At43State, out: Int32Array): number {
    let n = 0;
    const u = s.unit;
    const U = m.units[u];
    if (!s.drillPhase && !s.fought) {
      if (!s.engagedAtStart && s.moved !== 2) n = legalShots(s, u, out, n);
      if (!s.moved && mobileUnit(s, u)) {
        const rushOk = !s.engagedAtStart && !s.shot;
        for (let g = 0; g < N_DIRS; g++) {
          out[n++] = C_MOVE[2 * g];
          if (rushOk) out[n++] = C_MOVE[2 * g + 1];
        }
        for (let v = 0; v < nU; v++) {
          if (m.units[v].side === U.side || s.members[v] === 0 || !goalVector(m, s, u, N_DIRS + v, GV)) continue;
          out[n++] = C_MOVE[2 * (N_DIRS + v)];
          if (rushOk) out[n++] = C_MOVE[2 * (N_DIRS + v) + 1];
        }
        for (let o = 0; o < m.objectives.length; o++) {
          if (!goalVector(m, s, u, N_DIRS + MAX_UNITS + o, GV)) continue;
          out[n++] = C_MOVE[2 * (N_DIRS + MAX_UNITS + o)];
          if (rushOk) out[n++] = C_MOVE[2 * (N_DIRS + MAX_UNITS + o) + 1];
        }
      }
      if (unitInContact(m, s, u) && U.ccWeapon >= 0 && (!U.afv || opts['melee.afvCanAttack'])) out[n++] = C_FIGHT;
    }
    if (!s.fought && s.lp[U.side] >= m.rules.lp.drill) {
      const engaged = !U.afv && unitEngaged(m, s, u);
      for (let k = 0; k < 4; k++) if (drillLegal(s, u, k, engaged)) out[n++] = C_DRILL[k];
    }
    out[n++] = C_END;
    return n;
  }

  function apply(s: At43State, a: number, ctx: PlayContext): void {
    const kind = A.kindOf(a);
    const top = F.top(s.pending);
    const side = sideToAct(s.pending, s.active);
    switch (kind) {
      case 'order': {
        s.seq[side].push(A.read.order.unit(a));
        if (unitsLeftToOrder(s, side) === 0) {
          F.pop(s.pending);
          if (s.pending.depth === 0) {
            if (s.round === 1 && m.firstWinner >= 0) {
              s.authorityWinner = m.firstWinner;
              F.push(s.pending, 'first', m.firstWinner);
            } else {
              F.push(s.pending, 'wager', 1);
              F.push(s.pending, 'wager', 0);
            }
          }
        }
        return;
      }
      case 'wager': {
        s.wager[side] = A.read.wager.lp(a);
        F.pop(s.pending);
        if (s.pending.depth === 0) {
          spend(s, 0, s.wager[0], ctx);
          spend(s, 1, s.wager[1], ctx);
          const w = rollAuthority(ctx.dice, authorityOf(s, 0), authorityOf(s, 1));
          s.authorityWinner = w;
          if (w === 0) ctx.tally.addScalar(M.scalar.authorityWinsA);
          if (ctx.log) ctx.log(`authority test: wagers ${s.wager[0]} / ${s.wager[1]}, ${m.sides[w]} wins`);
          F.push(s.pending, 'first', w);
        }
        return;
      }
      case 'first':
        F.pop(s.pending);
        s.first = A.read.first.side(a);
        s.active = s.first;
        return beginTurns(s, ctx);
      case 'turn': {
        const opt = A.read.turn.option(a);
        if (opt === 1) {
          spend(s, side, m.rules.lp.delay, ctx);
          s.delayedLast[side] = 1;
          if (ctx.log) ctx.log(`${m.sides[side]} delays (2 LP)`);
          s.active = 1 - side;
          return normalizeTurn(s, ctx);
        }
        s.delayedLast[side] = 0;
        if (opt === 2) {
          spend(s, side, m.rules.lp.extra, ctx);
          F.push(s.pending, 'pickExtra', side, s.seq[side][0], s.seq[side][1]);
          return;
        }
        return startActivation(s, ctx);
      }
      case 'artillery': {
        const v = A.read.artillery.target(a);
        const f = artilleryTarget(s, side, v);
        spend(s, side, m.rules.lp.artillery, ctx);
        s.artilleryUsed[side] = 1;
        ctx.tally.addScalar(M.scalar.artilleryStrikes);
        const w = m.weapons.findIndex((x) => x.id === m.rules.artillery.weapon);
        const W = m.weapons[w];
        const hits = rollPool(ctx.dice, W.attackRate, m.rules.artillery.need, 0);
        if (ctx.log) ctx.log(`  artillery strike on ${m.units[v].id}: ${W.attackRate} dice at ${m.rules.artillery.need}+ -> ${hits} successes`);
        // deviation is seen from the nearest leader of the calling side
        let sx = s.fx[f];
        let sy = s.fy[f] - 1;
        let bd = Infinity;
        for (let u = 0; u < nU; u++) {
          if (m.units[u].side !== side || s.members[u] === 0) continue;
          const L = s.leader[u];
          const d = (s.fx[f] - s.fx[L]) ** 2 + (s.fy[f] - s.fy[L]) ** 2;
          if (d < bd) {
            bd = d;
            sx = s.fx[L];
            sy = s.fy[L];
          }
        }
        explode(env, s, w, s.fx[f], s.fy[f], sx, sy, hits, W.attackRate - hits, ctx);
        checkAnnihilation(s);
        if (!s.result && s.seq[s.active].length === 0) normalizeTurn(s, ctx);
        return;
      }
      case 'relocate': {
        spend(s, side, m.rules.lp.relocate, ctx);
        s.delayedLast[side] = 0;
        const q = s.seq[side];
        const u = q.shift()!;
        q.splice(A.read.relocate.pos(a), 0, u);
        return startActivation(s, ctx);
      }
      case 'pickExtra': {
        F.pop(s.pending);
        if (A.read.pickExtra.which(a) === 1) {
          const q = s.seq[side];
          const t = q[0];
          q[0] = q[1];
          q[1] = t;
        }
        s.extraLeft = 1;
        return startActivation(s, ctx);
      }
      case 'rally':
        F.pop(s.pending);
        if (A.read.rally.yes(a)) {
          spend(s, side, m.rules.lp.rally, ctx);
          s.status[s.unit] = 0;
          return resume(s, STG_PAY, ctx);
        }
        return endActivation(s, ctx);
      case 'pay':
        F.pop(s.pending);
        if (A.read.pay.yes(a)) {
          spend(s, side, m.rules.lp.noOfficer, ctx);
          return resume(s, STG_EJECT, ctx);
        }
        return endActivation(s, ctx);
      case 'eject': {
        const f = F.arg(s.pending, 'eject', 'fighter');
        F.pop(s.pending);
        if (A.read.eject.yes(a)) {
          if (ctx.log) ctx.log(`  the pilot ejects: ${m.units[s.unit].id} AFV removed`);
          killFighter(env, s, f, ctx, true);
          if (s.members[s.unit] === 0) return endActivation(s, ctx);
          return resume(s, STG_EJECT, ctx);
        }
        return resume(s, STG_GROUNDED, ctx);
      }
      case 'overwatch': {
        const o = F.arg(s.pending, 'overwatch', 'unit');
        const u = F.arg(s.pending, 'overwatch', 'target');
        F.pop(s.pending);
        const fire = A.read.overwatch.fire(a);
        if (fire > 0 && s.members[u] > 0) {
          const group = s.drills[o] & DR_OVERWATCH ? (fire === 2 ? 1 : 0) : 2;
          for (const w of m.units[o].weaponTypes) while (s.members[u] > 0 && fireSalvo(env, s, o, w, u, group, true, ctx) > 0);
          ctx.tally.addScalar(M.scalar.overwatchSalvos);
          s.drills[o] &= ~(DR_OVERWATCH | DR_OVERWATCH_SPECIAL);
          if (fire === 2) s.drills[o] |= DR_OVERWATCH_SPECIAL; // the marker stays with the special weapon bearers
        }
        if (checkAnnihilation(s)) return;
        if (s.pending.depth === 0 && s.members[s.unit] === 0) endActivation(s, ctx);
        return;
      }
      case 'shoot': {
        const u = s.unit;
        const w = m.units[u].weaponTypes[A.read.shoot.weapon(a)];
        fireSalvo(env, s, u, w, A.read.shoot.target(a), 0, false, ctx);
        s.shot = 1;
        checkAnnihilation(s);
        return;
      }
      case 'shootAfv': {
        const u = s.unit;
        const f = A.read.shootAfv.fighter(a);
        fireSalvo(env, s, u, m.units[u].weaponTypes[A.read.shootAfv.weapon(a)], m.fUnit[f], 0, false, ctx, f);
        s.shot = 1;
        checkAnnihilation(s);
        return;
      }
      case 'move': {
        const u = s.unit;
        const rush = A.read.move.rush(a) === 1;
        s.moved = rush ? 2 : 1;
        const d = moveUnit(env, s, u, rush, A.read.move.goal(a), ctx);
        if (checkAnnihilation(s)) return;
        if (d > 0) {
          dropDrillsOfEngaged(s);
          overwatchWindow(s, u);
        }
        return;
      }
      case 'fight': {
        const u = s.unit;
        s.fought = 1;
        if (!s.moved) s.moved = 1;
        fight(env, s, u, ctx);
        if (opts['opt.meleeStrikeBack'])
          for (let v = 0; v < nU; v++) if (m.units[v].side !== m.units[u].side && s.members[v] > 0 && s.members[u] > 0 && unitInContact(m, s, v)) fight(env, s, v, ctx);
        if (checkAnnihilation(s)) return;
        if (s.members[u] === 0) endActivation(s, ctx);
        return;
      }
      case 'drill': {
        const k = A.read.drill.which(a);
        spend(s, side, m.rules.lp.drill, ctx);
        s.drills[s.unit] |= DRILL_BITS[k];
        ctx.tally.addScalar(M.scalar.drills);
        if (k !== 3) s.drillPhase = 1;
        if (ctx.log) ctx.log(`  ${m.units[s.unit].id}: ${DRILL_NAMES[k]}`);
        return;
      }
      case 'end':
        return endActivation(s, ctx);
      case 'join': {
        const h = F.arg(s.pending, 'join', 'hero');
        F.pop(s.pending);
        const t = A.read.join.target(a);
        if (t > 0) joinUnit(s, h, t - 1, ctx);
        if (!nextJoin(s, h + 1)) finishControl(s, ctx);
        return;
      }
    }
    void top;
  }

  function describe(s: At43State, a: number): string {
    const side = sideToAct(s.pending, s.active);
    const who = m.sides[side];
    const d = A.decode(a);
    const un = (v: number) => (v < nU ? m.units[v].id : `#${v}`);
    switch (d.kind) {
      case 'order': return `${who} lays the card of ${un(d.unit)}`;
      case 'wager': return `${who} wagers ${d.lp} LP`;
      case 'first': return `${who} names ${m.sides[d.side]} first player`;
      case 'turn': return `${who} ${['plays the first card', 'delays (2 LP)', 'takes an extra activation (2 LP)'][d.option]}`;
      case 'artillery': return `${who} calls an artillery strike on ${un(d.target)} (3 LP)`;
      case 'relocate': return `${who} relocates the first card to position ${d.pos} (1 LP)`;
      case 'pickExtra': return `${who} activates ${d.which ? 'the second' : 'the first'} card first`;
      case 'rally': return `${who} ${d.yes ? 'rallies' : 'does not rally'} ${un(s.unit)}`;
      case 'pay': return `${who} ${d.yes ? 'pays 1 LP for' : 'does not pay for'} ${un(s.unit)}`;
      case 'eject': return `${who} ${d.yes ? 'ejects the pilot' : 'keeps the immobilised AFV'}`;
      case 'shoot': return `${un(s.unit)} fires ${m.weapons[m.units[s.unit].weaponTypes[d.weapon]]?.id ?? d.weapon} at ${un(d.target)}`;
      case 'shootAfv': return `${un(s.unit)} fires ${m.weapons[m.units[s.unit].weaponTypes[d.weapon]]?.id ?? d.weapon} at ${un(m.fUnit[d.fighter])} AFV #${d.fighter - m.units[m.fUnit[d.fighter]].first} alone`;
      case 'move': {
        const g = d.goal;
        const to = g < N_DIRS ? `heading ${g * 45}°` : g < N_DIRS + MAX_UNITS ? `toward ${un(g - N_DIRS)}` : `toward objective ${m.objectives[g - N_DIRS - MAX_UNITS]?.id}`;
        return `${un(s.unit)} ${d.rush ? 'rushes' : 'moves'} ${to}`;
      }
      case 'fight': return `${un(s.unit)} fights`;
      case 'drill': return `${un(s.unit)}: ${DRILL_NAMES[d.which]} (1 LP)`;
      case 'end': return `${un(s.unit)} ends its activation`;
      case 'overwatch': return `${who} overwatch: ${['holds', 'fires', 'fires the standard weapons'][d.fire]}`;
      case 'join': return d.target === 0 ? `${who}: the lone hero stays alone` : `${who}: the lone hero joins ${un(d.target - 1)}`;
    }
    return A.describe(a);
  }

  const game: At43Game = {
    model: m,
    env,
    maxWager,
    lpPool,
    sides: m.sides,
    metrics: rows.layout,
    maxDecisions: m.rounds * (nU * 80 + 60) + 100,
    maxActions: 5 * MAX_UNITS + 4 * m.afvFighters.length + 2 * (N_DIRS + MAX_UNITS + 6) + 32,
    newGame(_setup: Rng, ctx: PlayContext): At43State {
      const s = newState(m);
      for (let r = 0; r < rows.layout.rows.length; r += 10) ctx.tally.add(r, M.col.fielded);
      startRound(s, ctx);
      return s;
    },
    result: (s) => s.result,
    currentSide: (s) => sideToAct(s.pending, s.active),
    legalActions,
    apply,
    observe: (s, side) => observe(m, s, side),
    describeAction: describe,
    length: (s) => s.round,
    clone: cloneState,
    finish(s, r, ctx) {
      ctx.tally.setScalar(M.scalar.rounds, r.length);
      ctx.tally.setScalar(M.scalar.vpA, s.vp[0]);
      ctx.tally.setScalar(M.scalar.vpB, s.vp[1]);
    },
    checkInvariants: (s) => checkInvariants(m, s),
    evaluate: (s, side) => evaluate(m, s, side),
    determinize: (s, side, rng) => determinize(m, s, side, rng, maxWager),
  };
  return game;
}
