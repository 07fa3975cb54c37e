/**
 * The rarer free choices of the phase player (decisions/main.ts), kept apart so that the hot path
 * stays small: aircraft (strafing [10.4], landing and take-off [10.6]), boosters ([19.5.3]),
 * arrivals ([12.1], [12.2]), smoke ([19.2]), arson ([14.4.2]), AMUs and pilots leaving the map
 * ([16.2], [18.2.3]), depots ([11.3.3]), carrying ([7.3]) and transport ([13.1]), and their effects.
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Engine } from '../engine.ts';
import { canDrop, dropFire } from '../rules/airdrop.ts';
import { canExit, canTouchAmu, exitMap, pilotLeaves, touchAmu } from '../rules/amu.ts';
import { arsonTarget, declareArson } from '../rules/arson.ts';
import { canCarry, canRelease, carry, release } from '../rules/carry.ts';
import { K_OFFENSIVE, bestSlot, hexHasSide, infantryPartner, resolveCombined } from '../rules/combat.ts';
import { canRazeDepot, razeDepot } from '../rules/depot.ts';
import { mineAttack } from '../rules/hazards.ts';
import { canLand, canTakeOff, land, takeOff } from '../rules/landing.ts';
import { canMove, entryCost, finishMover } from '../rules/movement.ts';
import { stackPoints } from '../rules/rolls.ts';
import { laySmoke, smokeTarget } from '../rules/smoke.ts';
import { canStrafe, hasArm, mineShotHex, request, resolveIndirect, strafe } from '../rules/support.ts';
import { canLoad, canUnload, load, unload } from '../rules/transport.ts';
import { A_MLAND, ATTACKED, BOOSTING, DEAD, DONE, IMMOBILE, MOVED, OFFMAP, type MakState } from '../state.ts';
import { pushMLand } from './mland.ts';
import { openReply } from './reply.ts';
import { openT3 } from './t3.ts';

/** The rarer free choices, after main.ts's: aircraft, boosters, arrivals, smoke, arson, AMU, carrying, transport. */
export function extrasLegal(E: Engine, s: MakState, out: Int32Array, n: number): number {
  const { m, A } = E;
  const nu = m.nu;
  const st = s.status;
  for (let a = 0; a < m.na; a++) {
    if (m.aside[a] !== s.phaseSide) continue;
    for (let t = 0; t < nu; t++) {
      if (!canStrafe(m, s, a, t)) continue;
      for (let arm = 0; arm < 4; arm++) {
        if (!hasArm(s, a, arm)) continue;
        out[n++] = A.encode.strafe(a, t, arm);
      }
    }
    if (m.apk41[a] < 0) continue;
    if (canTakeOff(m, s, a)) {
      out[n++] = A.encode.takeoff(a);
    }
    for (let h = 0; h < m.n; h++) {
      if (!canLand(m, s, a, h)) continue;
      out[n++] = A.encode.land(a, h);
    }
  }
  for (let i = 0; i < m.boosters.length; i++) {
    const u = m.boosters[i];
    if (s.boostLeft[u] > 0 && m.uside[u] === s.phaseSide && canMove(m, s, u) && !(st[u] & (MOVED | BOOSTING)) && s.haul[u] < 0) {
      out[n++] = A.encode.boost(u);
    }
  }
  for (let i = 0; i < m.offmap.length; i++) {
    const u = m.offmap[i];
    if (!(st[u] & OFFMAP)) continue;
    if (m.uairdrop[u]) {
      for (let h = 0; h < m.n; h++) {
        if (!canDrop(m, s, u, h)) continue;
        out[n++] = A.encode.drop(u, h);
      }
      continue;
    }
    if (entryCost(m, s, u) < 0) continue;
    out[n++] = A.encode.enter(u);
  }
  for (let i = 0; i < m.smokers.length; i++) {
    const u = m.smokers[i];
    if (m.uside[u] !== s.phaseSide) continue;
    for (let d = 0; d <= 6; d++) {
      if (smokeTarget(m, s, u, d) < 0) continue;
      out[n++] = A.encode.smoke(u, d);
    }
  }
  if (m.hasArson) {
    for (let u = 0; u < nu; u++) {
      if (!m.ueng[u] || m.uside[u] !== s.phaseSide) continue;
      for (let d = 0; d < 6; d++) {
        if (arsonTarget(m, s, u, d) < 0) continue;
        out[n++] = A.encode.arson(u, d);
      }
    }
  }
  if (m.hasAmu || m.hasPilots) {
    // Without AMUs only pilot units may leave the map: visit just those.
    const all = m.hasAmu;
    for (let i = 0; i < (all ? nu : m.pilots.length); i++) {
      const u = all ? i : m.pilots[i];
      if (m.uside[u] !== s.phaseSide || st[u] & DEAD) continue;
      for (let k = 0; m.hasAmu && k < nu; k++) {
        if (!m.uneu[k] || !canTouchAmu(m, s, u, k)) continue;
        out[n++] = A.encode.amu(u, k);
      }
      if (canExit(m, s, u)) {
        out[n++] = A.encode.exit(u);
      }
    }
  }
  if (m.hasDepot) {
    const mine = m.sideUnits[s.phaseSide];
    for (let i = 0; i < mine.length; i++) {
      if (!canRazeDepot(m, s, mine[i])) continue;
      out[n++] = A.encode.raze(mine[i]);
    }
  }
  if (m.hasCarry && s.nImm[s.phaseSide] > 0) {
    // Carrying ([7.3]): put down what a unit carries; pick up an immobilized unit stacked with it.
    for (let v = 0; v < nu; v++) {
      if (m.uside[v] !== s.phaseSide) continue;
      if (s.haul[v] >= 0 && canRelease(m, s, v)) {
        out[n++] = A.encode.release(v);
      }
      if ((st[v] & (DEAD | IMMOBILE)) !== IMMOBILE) continue;
      for (let u = 0; u < nu; u++) {
        if (!canCarry(m, s, u, v)) continue;
        out[n++] = A.encode.carry(u, v);
      }
    }
  }
  if (m.hasTransport) {
    for (let u = 0; u < nu; u++) {
      if (m.uside[u] !== s.phaseSide) continue;
      if (canUnload(m, s, u)) {
        out[n++] = A.encode.unload(u);
        continue;
      }
      for (let v = 0; v < nu; v++) {
        if (m.ucap[v] === 0 || !canLoad(m, s, u, v)) continue;
        out[n++] = A.encode.load(u, v);
      }
    }
  }
  return n;
}


/** The rarer actions (support, air, arrivals, special units and equipment), applied. */
export function applyExtra(E: Engine, s: MakState, action: number, ki: number, ctx: PlayContext): void {
  const { m, A } = E;
  const K = A.kindIndex;
  const st = s.status;
  const log = ctx.log;
  if (ki === K.raze) {
    const u = A.read.raze.unit(action);
    finishMover(s, -1);
    razeDepot(s, u);
    if (log) log(`${m.uid[u]} destroys the enemy depot in ${m.grid.id(s.hex[u])} ([11.3.3])`);
  } else if (ki === K.indirect) {
    const u = A.read.indirect.unit(action);
    finishMover(s, -1);
    st[u] |= ATTACKED | DONE;
    resolveIndirect(m, s, ctx, u, A.read.indirect.weapon(action), A.read.indirect.target(action));
  } else if (ki === K.request) {
    finishMover(s, -1);
    request(m, s, ctx, A.read.request.unit(action), A.read.request.battery(action), A.read.request.target(action));
  } else if (ki === K.mines) {
    finishMover(s, -1);
    const u = A.read.mines.unit(action), b = A.read.mines.battery(action), t = A.read.mines.target(action);
    request(m, s, ctx, u, b, t, mineShotHex(m, s, u, b, t, A.read.mines.dir(action)));
  } else if (ki === K.strafe) {
    finishMover(s, -1);
    const a = A.read.strafe.aircraft(action), t = A.read.strafe.target(action);
    strafe(m, s, ctx, a, t, A.read.strafe.arm(action));
    if (s.air[a] & A_MLAND) pushMLand(E, s, a, s.hex[t]); // spec §6 A28
  } else if (ki === K.takeoff) {
    finishMover(s, -1);
    takeOff(m, s, ctx, A.read.takeoff.aircraft(action));
  } else if (ki === K.carry) {
    const u = A.read.carry.unit(action), v = A.read.carry.target(action);
    finishMover(s, u);
    carry(s, u, v);
    if (log) log(`${m.uid[u]} picks up the immobilized ${m.uid[v]} ([7.3], ${s.mp[u] / 2} MP left)`);
  } else if (ki === K.release) {
    const u = A.read.release.unit(action);
    const v = s.haul[u];
    finishMover(s, u);
    release(s, u);
    if (log) log(`${m.uid[u]} puts down ${m.uid[v]} in ${m.grid.id(s.hex[u])} ([7.3], ${s.mp[u] / 2} MP left)`);
  } else if (ki === K.arson) {
    const u = A.read.arson.unit(action);
    const x = arsonTarget(m, s, u, A.read.arson.dir(action));
    finishMover(s, -1);
    const n = declareArson(m, s, u, x);
    if (log) log(`${m.uid[u]} declares arson on ${m.grid.id(x)} (${n} squad(s), resolved at the end of the phase, [14.4.2])`);
  } else if (ki === K.amu) {
    const u = A.read.amu.unit(action), k = A.read.amu.amu(action);
    finishMover(s, -1);
    const own = m.uside[u] === m.uside[k];
    touchAmu(m, s, u, k);
    if (log) log(own ? `${m.uid[u]} picks up ${m.uid[k]}'s AMU in ${m.grid.id(s.hex[u])} ([16.2.3])` : `${m.uid[u]} destroys ${m.uid[k]}'s AMU in ${m.grid.id(s.hex[u])} ([16.2.4])`);
  } else if (ki === K.exit) {
    const u = A.read.exit.unit(action);
    finishMover(s, -1);
    if (m.upilot[u]) {
      const captured = pilotLeaves(m, s, u);
      if (log) log(`${m.uid[u]} leaves the map from ${m.grid.id(s.hex[u])}: ${captured ? `captured, +${s.pVp[u]} VP to the enemy` : 'escaped'} ([18.2.3])`);
      return;
    }
    const c = exitMap(m, s, u);
    if (log) log(`${m.uid[u]} leaves the map from ${m.grid.id(s.hex[u])} with ${c} AMU(s): +${c * m.data.rules.amuVp} VP ([16.2.2])`);
  } else if (ki === K.land) {
    finishMover(s, -1);
    land(m, s, ctx, A.read.land.aircraft(action), A.read.land.hex(action));
  } else if (ki === K.enter) {
    const u = A.read.enter.unit(action);
    const h = m.ustart[u];
    const c = entryCost(m, s, u);
    finishMover(s, u);
    st[u] &= ~(DEAD | OFFMAP);
    s.occ[h * 2 + m.uside[u]]++;
    s.pts[h * 2 + m.uside[u]] += stackPoints(m.ustack[u]);
    s.mp[u] = m.ump2[u] - c;
    st[u] |= MOVED;
    if (m.uinf[u]) s.mp[u] = 0;
    if (log) log(`${m.uid[u]} arrives at ${m.grid.id(h)} ([12.1], ${s.mp[u] / 2} MP left)`);
    if (s.mine[h] !== 0) mineAttack(m, s, ctx, u, h);
    if (!(st[u] & DEAD)) openT3(s, u, h); // T3 as for any hex entered
  } else if (ki === K.combined) {
    const u = A.read.combined.unit(action);
    const t = A.read.combined.target(action);
    const v = infantryPartner(m, s, u);
    finishMover(s, -1);
    const wu = bestSlot(m, s, u, t, K_OFFENSIVE), wv = bestSlot(m, s, v, t, K_OFFENSIVE);
    st[u] |= ATTACKED | DONE;
    st[v] |= ATTACKED | DONE;
    const h = s.hex[t];
    const range = m.grid.distance(s.hex[u], h);
    if (log) log(`${m.uid[u]} and ${m.uid[v]} pool their fire on ${m.uid[t]} at range ${range} ([14.2.1])`);
    resolveCombined(m, s, ctx, u, wu, v, wv, t);
    if (range <= m.opt.defensiveTriggerRange) openReply(s, u, t, h, 0); // one attack: one T1/T2 window
  } else if (ki === K.boost) {
    const u = A.read.boost.unit(action);
    finishMover(s, u);
    s.boostLeft[u]--;
    st[u] |= BOOSTING;
    s.mp[u] = m.data.rules.boosterMp2;
    if (log) log(`${m.uid[u]} lights its booster (${s.mp[u] / 2} MP, ${s.boostLeft[u]} use(s) left, [19.5.3])`);
  } else if (ki === K.drop) {
    const u = A.read.drop.unit(action);
    const h = A.read.drop.hex(action);
    finishMover(s, -1);
    st[u] &= ~(DEAD | OFFMAP);
    s.hex[u] = h;
    s.occ[h * 2 + m.uside[u]]++;
    s.pts[h * 2 + m.uside[u]] += stackPoints(m.ustack[u]);
    st[u] |= MOVED | DONE;
    s.mp[u] = 0;
    const hot = hexHasSide(m, s, h, 1 - m.uside[u]);
    if (hot) st[u] |= ATTACKED; // a survivor in the enemy hex may not attack this phase
    if (log) log(`${m.uid[u]} is airdropped into ${m.grid.id(h)}${hot ? ' (enemy hex)' : ''} ([12.2])`);
    dropFire(m, s, ctx, u);
  } else if (ki === K.smoke) {
    const u = A.read.smoke.unit(action);
    const x = smokeTarget(m, s, u, A.read.smoke.dir(action));
    laySmoke(m, s, u, x);
    if (log) log(`${m.uid[u]} lays smoke in ${m.grid.id(x)} ([19.2])`);
  } else if (ki === K.load) {
    const u = A.read.load.unit(action), v = A.read.load.carrier(action);
    finishMover(s, -1);
    st[u] |= DONE;
    load(m, s, u, v);
    if (log) log(`${m.uid[u]} loads onto ${m.uid[v]} in ${m.grid.id(s.hex[u])} ([13.1.2])`);
  } else if (ki === K.unload) {
    const u = A.read.unload.unit(action);
    const v = s.carrier[u];
    finishMover(s, u);
    unload(m, s, u);
    if (log) log(`${m.uid[u]} unloads from ${m.uid[v]} in ${m.grid.id(s.hex[u])} (${s.mp[u] / 2} MP left)`);
  }
}
