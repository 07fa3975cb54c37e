/**
 * The phase player's free choice in his troop phase ([4.0] 2-3, [7.2], [5.3]), nothing pending:
 * end the phase, move a unit one hex, enter an adjacent enemy hex for close quarters combat
 * ([9.1]), overrun ([13.2]), attack ([5.3]), declare a simultaneous attack from a stack ([5.3.3]),
 * pool two infantry squads' fire ([14.2.1]), fire indirectly ([5.5]) or call artillery ([17.1],
 * [19.1.6]); the rarer actions of aircraft, arrivals and special units are in main-extras.ts.
 * Legal actions in a fixed order (agents and golden transcripts rely on it); nothing allocates.
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Engine, MainDecision } from '../engine.ts';
import { NO_RANGE, MAX_W, RANGES } from '../model.ts';
import { K_OFFENSIVE, bestSlot, groupSize, infantryPartner, resolveAttack, weaponReady } from '../rules/combat.ts';
import { resupply } from '../rules/depot.ts';
import { mineAttack, stillMoving } from '../rules/hazards.ts';
import { movesAway } from '../rules/morale.ts';
import { assaultCost, canMove, finishMover, overrunCost, stepCost } from '../rules/movement.ts';
import { sees } from '../rules/sight.ts';
import { canIndirect, canRequest, mineShotHex } from '../rules/support.ts';
import { carryCargo } from '../rules/transport.ts';
import { ATTACKED, BOOSTING, BROKEN, CHARGING, DEAD, DONE, IMMOBILE, IN_GROUP, MOVED, PINNED, clearFlag, placeUnit, type MakState } from '../state.ts';
import { openCqcAdjacent } from './cqc-adjacent.ts';
import { applyExtra, extrasLegal } from './main-extras.ts';
import { openOverrunAdjacent } from './overrun-adjacent.ts';
import { openReply } from './reply.ts';
import { drawsT3, openT3 } from './t3.ts';

/**
 * End the phase, then per unit: its moves, CQC entries and overruns, then its attacks and calls for
 * support. The hottest loops write their codes from E.C (actions.ts `hotCodes`).
 */
function phaseLegal(E: Engine, s: MakState, out: Int32Array): number {
  const { m, A } = E;
  const st = s.status;
  const C = E.C;
  let n = 0;
  out[n++] = C.endPhase;
  const mine = m.sideUnits[s.phaseSide], theirs = m.sideUnits[1 - s.phaseSide];
  for (let i = 0; i < mine.length; i++) {
    const u = mine[i];
    if (st[u] & DEAD) continue;
    if (canMove(m, s, u)) {
      // stepCost inlined with the unit's values hoisted (the hottest loop of a random playout).
      const from = s.hex[u];
      const side = m.uside[u];
      const room = m.stackLimit - m.usp[u] - s.load[u] - (s.haul[u] >= 0 ? 1 : 0);
      const flat = (st[u] & BOOSTING) !== 0 || m.uinf[u] === 1;
      const f = m.uform[u];
      const cost = m.cost2[f], sideCost = m.sideCost2[f];
      const mp = s.mp[u];
      const move0 = C.move0[u], dir = C.moveDir;
      for (let d = 0; d < 6; d++) {
        const to = m.grid.nbr[from * 6 + d];
        if (to < 0) continue;
        if (s.occ[to * 2 + 1 - side] > 0) {
          // Enemy hexes only through CQC or an overrun ([7.2.3]).
          if (assaultCost(m, s, u, d) >= 0) out[n++] = A.encode.assault(u, d);
          else if (m.uveh[u] && overrunCost(m, s, u, d) >= 0) out[n++] = A.encode.overrun(u, d);
          continue;
        }
        if (s.pts[to * 2 + side] > room) continue;
        let c: number;
        if (flat) c = 2;
        else if (m.roadLink[from * 6 + d]) c = m.data.movement.road2 + (m.opt.roadIgnoresHexsides ? 0 : sideCost[from * 6 + d]);
        else {
          const tc = cost[to];
          if (tc < 0) continue;
          c = tc + sideCost[from * 6 + d];
        }
        if (c <= mp) out[n++] = move0 + d * dir;
      }
    } else if ((st[u] & (BROKEN | IMMOBILE | ATTACKED | DONE)) === BROKEN && m.uinf[u] && s.carrier[u] < 0) {
      n = brokenMoves(E, s, u, out, n);
    }
    if (!(st[u] & (MOVED | ATTACKED))) n = attacksOf(E, s, u, theirs, out, n);
  }
  return n;
}

/** A broken infantry unit's steps: only away from the enemy, and none that would draw defensive fire ([14.3.1] 2). */
function brokenMoves(E: Engine, s: MakState, u: number, out: Int32Array, n: number): number {
  const { m, A } = E;
  const from = s.hex[u];
  for (let d = 0; d < 6; d++) {
    const to = m.grid.nbr[from * 6 + d];
    if (to < 0) continue;
    const c = stepCost(m, s, u, from, d);
    if (c < 0 || c > s.mp[u] || !movesAway(m, s, u, from, to) || drawsT3(E, s, u, to)) continue;
    out[n++] = A.encode.move(u, d);
  }
  return n;
}

/** Unit u's attacks and calls for support, target by target ([5.3], [5.3.3], [14.2.1], [5.5], [17.1]). */
function attacksOf(E: Engine, s: MakState, u: number, theirs: Int32Array, out: Int32Array, n: number): number {
  const { m, A } = E;
  const st = s.status;
  // A simultaneous attack needs a stack: only then look for the stack's first unit.
  let firstInHex = s.occ[s.hex[u] * 2 + m.uside[u]] >= 2;
  for (let v = 0; firstInHex && v < u; v++) if (s.hex[v] === s.hex[u] && m.uside[v] === m.uside[u] && !(st[v] & (DEAD | MOVED | ATTACKED))) firstInHex = false;
  // Ready slots and their longest range, once per unit (the inner loops run per target).
  let ready = 0;
  let reach = 0;
  for (let w = 0; w < MAX_W; w++) {
    if (!weaponReady(m, s, u, w, K_OFFENSIVE)) continue;
    ready |= 1 << w;
    if (m.wrange[u * MAX_W + w] > reach) reach = m.wrange[u * MAX_W + w];
  }
  const canCall = m.nb > 0 && (st[u] & (BROKEN | DONE)) === 0;
  if (ready === 0 && !canCall) return n;
  const a = s.hex[u];
  const side = m.uside[u];
  const attack0 = E.C.attack0[u], wStride = E.C.attackWeapon, tStride = E.C.attackTarget;
  // canAttack(K_OFFENSIVE) with its per-unit tests hoisted and one LOS look-up per target:
  // pinned units do not fire out ([9.4.4]), nobody sees out of a fire ([19.4.3]).
  const fires = ready !== 0 && !(st[u] & PINNED && s.occ[a * 2 + 1 - side] > 0) && !s.fire[a];
  for (let j = 0; j < theirs.length; j++) {
    const t = theirs[j];
    if (st[t] & DEAD) continue;
    const b = s.hex[t];
    const dist = m.grid.distance(a, b);
    if (!canCall && dist > reach) continue;
    let any = false;
    if (fires && dist > 0 && s.carrier[t] < 0 && s.occ[b * 2 + side] === 0 && dist < RANGES) {
      let sight = -1;
      for (let w = 0; w < MAX_W; w++) {
        if (!(ready & (1 << w))) continue;
        const k = u * MAX_W + w;
        if (dist > m.wrange[k] || m.rangeMod[m.wtype[k] * RANGES + dist] === NO_RANGE) continue;
        if (sight < 0) sight = sees(m, s, a, b, m.ustack[t] === 2 ? 1 : 0) ? 1 : 0;
        if (sight === 0) break;
        any = true;
        out[n++] = attack0 + w * wStride + t * tStride;
      }
    }
    // A simultaneous attack is declared by the stack ([5.3.3]); offered once, on its first unit.
    if (any && firstInHex && groupSize(m, s, u, t) >= 2) out[n++] = A.encode.simul(u, t);
    // Combined infantry fire ([14.2.1]): offered on the lower-numbered squad of the pair.
    if (any && m.uinf[u]) {
      const v = infantryPartner(m, s, u);
      if (v > u && bestSlot(m, s, v, t, K_OFFENSIVE) >= 0) out[n++] = A.encode.combined(u, t);
    }
    for (let w = 0; w < MAX_W; w++) {
      if (!(ready & (1 << w)) || !m.windirect[u * MAX_W + w] || !canIndirect(m, s, u, w, t)) continue;
      out[n++] = A.encode.indirect(u, w, t);
    }
    for (let bt = 0; canCall && bt < m.nb; bt++) {
      if (canRequest(m, s, u, bt, t)) out[n++] = A.encode.request(u, bt, t);
      for (let d = 0; d <= 6; d++) if (mineShotHex(m, s, u, bt, t, d) >= 0) out[n++] = A.encode.mines(u, bt, t, d);
    }
  }
  return n;
}

/** Unit u moves one hex in direction d ([7.2]): minefields on leaving and entering ([19.1]), resupply, then T3. */
function move(E: Engine, s: MakState, action: number, ctx: PlayContext): void {
  const { m, A } = E;
  const st = s.status;
  const u = A.read.move.unit(action), d = A.read.move.dir(action);
  const from = s.hex[u];
  const c = stepCost(m, s, u, from, d);
  finishMover(s, u);
  const to = m.grid.nbr[from * 6 + d];
  // [19.1.2]: the minefield attacks on leaving; M, D (or broken morale) stop the unit where it is (engine reading).
  if (s.mine[from] !== 0 && mineAttack(m, s, ctx, u, from) !== 0 && !stillMoving(s, u)) {
    st[u] |= MOVED | DONE;
    s.mover = -1;
    return;
  }
  placeUnit(m, s, u, to);
  carryCargo(m, s, u, to);
  if (s.haul[u] >= 0) placeUnit(m, s, s.haul[u], to); // the carried unit moves along ([7.3.1])
  s.mp[u] -= c;
  st[u] |= MOVED;
  if (m.uinf[u]) s.mp[u] = 0; // 1 hex per phase ([14.1]); a charge may still follow
  if (ctx.log) ctx.log(`${m.uid[u]} moves ${m.grid.id(from)} -> ${m.grid.id(to)} (${s.mp[u] / 2} MP left)`);
  if (s.mine[to] !== 0) mineAttack(m, s, ctx, u, to); // ... and on entering ([19.1.4])
  resupply(m, s, u);
  if (!(st[u] & DEAD)) openT3(s, u, to);
}

export const main: MainDecision = {
  legal(E, s, out) {
    return extrasLegal(E, s, out, phaseLegal(E, s, out));
  },

  apply(E, s, action, ctx) {
    const { m, A } = E;
    const K = A.kindIndex;
    const ki = A.kindIndexOf(action);
    const st = s.status;
    const log = ctx.log;
    if (ki === K.endPhase) E.endPhase(s, ctx);
    else if (ki === K.move) move(E, s, action, ctx);
    else if (ki === K.attack) {
      const u = A.read.attack.unit(action), w = A.read.attack.weapon(action), t = A.read.attack.target(action);
      finishMover(s, -1);
      st[u] |= ATTACKED | DONE;
      const h = s.hex[t];
      const range = m.grid.distance(s.hex[u], h);
      if (log) log(`${m.uid[u]} attacks ${m.uid[t]} at range ${range}`);
      resolveAttack(m, s, ctx, u, w, t, K_OFFENSIVE);
      if (range <= m.opt.defensiveTriggerRange) openReply(s, u, t, h, 0); // T1/T2 ([5.4.1])
    } else if (ki === K.simul) {
      const u = A.read.simul.unit(action), t = A.read.simul.target(action);
      finishMover(s, -1);
      const h = s.hex[t];
      const range = m.grid.distance(s.hex[u], h);
      // Declare the group first (each member's best weapon), then resolve each attack on its own ([5.3.3], [5.3.4]).
      for (let v = 0; v < m.nu; v++) {
        if (s.hex[v] !== s.hex[u] || m.uside[v] !== m.uside[u] || st[v] & (DEAD | MOVED | ATTACKED)) continue;
        const w = bestSlot(m, s, v, t, K_OFFENSIVE);
        if (w < 0) continue;
        st[v] |= IN_GROUP | ATTACKED | DONE;
        s.pendRes[v] = w + 1; // remember the declared slot
      }
      if (log) log(`${m.uid[u]}'s stack declares a simultaneous attack on ${m.uid[t]} at range ${range}`);
      for (let v = 0; v < m.nu; v++) {
        if (!(st[v] & IN_GROUP)) continue;
        const w = s.pendRes[v] - 1;
        s.pendRes[v] = 0;
        resolveAttack(m, s, ctx, v, w, t, K_OFFENSIVE);
      }
      if (range <= m.opt.defensiveTriggerRange) openReply(s, u, t, h, 1); // one reply per unit ([5.4.2])
      else clearFlag(s, IN_GROUP);
    } else if (ki === K.assault) {
      const u = A.read.assault.unit(action), d = A.read.assault.dir(action);
      const x = m.grid.nbr[s.hex[u] * 6 + d];
      // Fig. 10: the T3 shots at u as it entered this hex, when it moved there in this activation.
      const t3 = s.mover === u && s.t3Unit === u ? s.t3Serial : -1;
      finishMover(s, u);
      if (m.uinf[u]) st[u] |= CHARGING; // defensive fire at charging infantry: option chargeDefMod ([14.2.3])
      st[u] |= MOVED;
      if (log) log(`${m.uid[u]} declares close quarters combat from ${m.grid.id(s.hex[u])} into ${m.grid.id(x)}`);
      openCqcAdjacent(E, s, u, x, t3); // [9.1] 2: the adjacent window first
    } else if (ki === K.overrun) {
      const u = A.read.overrun.unit(action), d = A.read.overrun.dir(action);
      const x = m.grid.nbr[s.hex[u] * 6 + d];
      finishMover(s, u);
      st[u] |= MOVED;
      if (log) log(`${m.uid[u]} overruns ${m.grid.id(x)} from ${m.grid.id(s.hex[u])} ([13.2])`);
      openOverrunAdjacent(s, u, x, m.grid.nbr[x * 6 + d]); // approach: defensive fire as in CQC ([13.2.1])
    } else applyExtra(E, s, action, ki, ctx);
  },
};
