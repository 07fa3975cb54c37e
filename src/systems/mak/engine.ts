/**
 * The sequence of play ([4.0]; spec §2) as decisions: each troop phase the phase player moves
 * units hex by hex, attacks, declares simultaneous attacks and enters close quarters combat; every
 * interruption (defensive fire T1/T2/T3, both CQC windows, return fire, pinning, continuing CQC)
 * is a pending decision frame of the side that must decide. `legalActions` and `apply` never
 * allocate: the enumerator writes into the shared buffer or only counts (out = null).
 */
import { popFrame, pushFrame, frameArg, setFrameArg, topKindId } from '../../core/decision/stack.ts';
import type { PlayContext } from '../../core/system.ts';
import { FID, DF_CQC_ADJ, DF_CQC_RETURN, DF_CQC_SAME, DF_GROUP, DF_NAMES, DF_OVR_ADJ, DF_OVR_SAME, DF_SINGLE, DF_T3, type MakCodec } from './actions.ts';
import { MAX_W, NO_RANGE, RANGES, UNARMED, WT_PF, type Model } from './model.ts';
import { sees } from './rules/sight.ts';
import { K_CQC, K_CQC_DEF, K_DEFENSIVE, K_OFFENSIVE, K_OVERRUN, infantryPartner, resolveCombined, alive, applyResult, attackTargetOf, canAttack, hexHasSide, resolveAttack, shelter, weaponReady } from './rules/combat.ts';
import { M } from './metrics.ts';
import { mineAttack, stillMoving } from './rules/hazards.ts';
import { canLoad, canUnload, carryCargo, load, unload } from './rules/transport.ts';
import { ageSmoke, laySmoke, smokeTarget } from './rules/smoke.ts';
import { fireAttacks } from './rules/fire.ts';
import { canDrop, dropFire } from './rules/airdrop.ts';
import { canLand, canMLand, canTakeOff, land, mLand, takeOff } from './rules/landing.ts';
import { amuMp, canExit, canTouchAmu, exitMap, pilotLeaves, touchAmu } from './rules/amu.ts';
import { controlled } from './rules/unmanned.ts';
import { arsonTarget, declareArson, reactiveArsonTarget, resolveArson } from './rules/arson.ts';
import { canCarry, canRelease, carry, release } from './rules/carry.ts';
import { canRazeDepot, razeDepot } from './rules/depot.ts';
import { moraleRecovers, stackPoints } from './rules/rolls.ts';
import { A_AIR, A_GROUND, A_SET, ARM_NAMES, hasArm, killAircraft, canIndirect, canRequest, mineShotHex, canStrafe, cancelOrphanRequests, landArtillery, nextToCommit, request, resetAir, resolveAirWar, resolveIndirect, strafe } from './rules/support.ts';
import { A_DEAD, A_GONE, A_LANDED, A_LATE, A_MLAND, A_WDRAW, ARMLESS, ATTACKED, BROKEN, CHARGING, CQC_HIT, DEAD, DONE, FIRED_ADJ, IMMOBILE, IN_GROUP, BOOSTING, MOVED, OFFMAP, PHASE_FLAGS, PINNED, REATTACKED, STRUCK, placeUnit, type MakState } from './state.ts';

export const END_OGP = 1;
export const END_ELIMINATION = 2;
/** A side conceded (option concede 'ruleBased', spec §1.6): it had no unit left able to fight. */
export const END_CONCEDE = 3;

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
    if (st & (DEAD | ARMLESS)) continue;
    for (let w = 0; w < MAX_W; w++) {
      const k = u * MAX_W + w;
      if (m.wtype[k] >= 0 && s.wdis[k] !== 1 && (m.wammo[k] === 0 || s.ammo[k] > 0)) { able |= bit; break; }
    }
  }
  return able === 3 ? -1 : able === 1 ? 1 : able === 2 ? 0 : -1;
}

export interface Engine {
  readonly m: Model;
  readonly A: MakCodec;
  /** Code of move(0, 0): move(u, d) = moveBase + u + d * nu (the codec's layout, checked at compile). */
  readonly moveBase: number;
  /** Code of attack(0, 0, 0): attack(u, w, t) = attackBase + u + w * nu + t * nu * MAX_W. */
  readonly attackBase: number;
}

// Frame argument indices (see actions.ts Frames).
const DF_KIND = 0, DF_A = 1, DF_T = 2, DF_H = 3, DF_SERIAL = 4;

/** Movement cost (half points) for u from hex `from` in direction d; -1 when the step is not allowed. */
export function stepCost(m: Model, s: MakState, u: number, from: number, d: number): number {
  const to = m.grid.nbr[from * 6 + d];
  if (to < 0) return -1;
  const side = m.uside[u];
  if (hexHasSide(m, s, to, 1 - side)) return -1; // enemy hexes only through CQC ([7.2.3])
  let c: number;
  if (s.status[u] & BOOSTING) c = 2; // booster: 1 MP per hex, terrain costs and restrictions ignored ([19.5.3])
  else if (m.uinf[u]) c = 2; // infantry: 1 hex per phase, terrain ignored ([14.1])
  else if (m.roadLink[from * 6 + d]) c = m.data.movement.road2 + (m.opt.roadIgnoresHexsides ? 0 : m.sideCost2[m.uform[u]][from * 6 + d]);
  else {
    const f = m.uform[u];
    if (f > 2) return -1;
    const tc = m.cost2[f][to];
    if (tc < 0) return -1;
    c = tc + m.sideCost2[f][from * 6 + d];
  }
  // Stacking (spec §6 A31, engine reading): a move may never leave more than the limit in a hex.
  if (s.pts[to * 2 + side] + stackPoints(m.ustack[u]) + s.load[u] + (s.haul[u] >= 0 ? 1 : 0) > m.data.rules.stackLimit) return -1; // cargo ([13.1]) and a carried unit ([7.3.2]) move along
  return c;
}

function canMove(m: Model, s: MakState, u: number): boolean {
  return m.uside[u] === s.phaseSide && (s.status[u] & (DEAD | IMMOBILE | ATTACKED | DONE | BROKEN)) === 0 && m.uform[u] <= 2 && s.carrier[u] < 0;
}

/** Cost to enter the adjacent enemy hex for CQC, or -1 ([9.1]). */
function assaultCost(m: Model, s: MakState, u: number, d: number): number {
  const from = s.hex[u];
  const to = m.grid.nbr[from * 6 + d];
  if (to < 0 || m.uveh[u] || m.upilot[u] || s.status[u] & BOOSTING || s.carrier[u] >= 0 || s.load[u] > 0 || s.haul[u] >= 0 || !hexHasSide(m, s, to, 1 - m.uside[u])) return -1;
  if (hexHasSide(m, s, from, 1 - m.uside[u])) return -1; // leaving a CQC hex straight into another: not offered
  // Infantry charge ([14.2.2]): up to 2 hexes counted in hexes, so one more hex after its move.
  let c = s.status[u] & MOVED ? 0 : 2;
  if (!m.uinf[u]) {
    const f = m.uform[u];
    const tc = m.cost2[f][to];
    if (tc < 0) return -1;
    c = tc + m.sideCost2[f][from * 6 + d];
  }
  if (c > s.mp[u]) return -1;
  return s.pts[to * 2 + m.uside[u]] + stackPoints(m.ustack[u]) > m.data.rules.stackLimit ? -1 : c;
}

/**
 * Reinforcement u's cost to enter at its scenario hex ([12.1]): in its owner's phase from its turn on
 * (it may be delayed), the first hex paid from its normal allowance, never into an enemy-occupied
 * hex, terrain it could enter, stacking kept. -1 when it may not enter now.
 */
export function entryCost(m: Model, s: MakState, u: number): number {
  if (m.uairdrop[u] || m.uaboard[u] >= 0 || m.uside[u] !== s.phaseSide || s.turn < m.uarrive[u]) return -1;
  const h = m.ustart[u];
  if (hexHasSide(m, s, h, 1 - m.uside[u]) || s.pts[h * 2 + m.uside[u]] + stackPoints(m.ustack[u]) > m.data.rules.stackLimit) return -1;
  const c = m.uinf[u] ? 2 : m.uform[u] <= 2 ? m.cost2[m.uform[u]][h] : -1;
  return c >= 0 && c <= m.ump2[u] ? c : -1;
}

/**
 * Cost of an overrun ([13.2]) by vehicle u through the adjacent enemy hex in direction d and out
 * across the opposite hexside, or -1. Overrun costs no extra MP, but both hexes' entry costs are
 * paid and the exit hex must be enterable ([13.2.2]); the vehicle needs a working weapon.
 */
export function overrunCost(m: Model, s: MakState, u: number, d: number): number {
  const side = m.uside[u];
  const from = s.hex[u];
  const x = m.grid.nbr[from * 6 + d];
  if (x < 0 || !hexHasSide(m, s, x, 1 - side) || hexHasSide(m, s, x, side) || hexHasSide(m, s, from, 1 - side)) return -1;
  const y = m.grid.nbr[x * 6 + d];
  if (y < 0 || hexHasSide(m, s, y, 1 - side)) return -1;
  const f = m.uform[u];
  const cx = m.cost2[f][x], cy = m.cost2[f][y];
  if (cx < 0 || cy < 0) return -1;
  const c = cx + m.sideCost2[f][from * 6 + d] + cy + m.sideCost2[f][x * 6 + d];
  if (c > s.mp[u]) return -1;
  const sp = stackPoints(m.ustack[u]) + s.load[u];
  if (sp > m.data.rules.stackLimit || s.pts[y * 2 + side] + sp > m.data.rules.stackLimit) return -1;
  let armed = false;
  for (let w = 0; w < MAX_W && !armed; w++) if (weaponReady(m, s, u, w, K_OVERRUN)) armed = true;
  return armed ? c : -1;
}

/**
 * Enumerates the legal actions of the current decision into `out` (or only counts them when out is
 * null). `withPass` = false counts only the substantive options of a pending frame.
 */
export function enumerate(E: Engine, s: MakState, out: Int32Array | null, withPass = true): number {
  // Three small functions rather than one large one: V8 optimises (and inlines) them predictably.
  if (s.pending.depth > 0) return enumerateFrame(E, s, out, withPass);
  const n = enumerateMain(E, s, out, withPass);
  return enumerateExtras(E, s, out, n);
}

/** The options of the pending decision on top of the stack. */
function enumerateFrame(E: Engine, s: MakState, out: Int32Array | null, withPass: boolean): number {
  const { m, A } = E;
  const nu = m.nu;
  let n = 0;
  const st = s.status;
  const P = s.pending;
  // Only asked whether a pending frame offers anything (settle): stop at the first option.
  const firstOnly = out === null && !withPass;
  {
    const k = topKindId(P);
    if (k === FID.defFire) {
      const kind = frameArg(P, DF_KIND), a = frameArg(P, DF_A), t = frameArg(P, DF_T), h = frameArg(P, DF_H), serial = frameArg(P, DF_SERIAL);
      const anti = 1 - s.phaseSide;
      const firers = m.sideUnits[anti];
      for (let i = 0; i < firers.length; i++) {
        const f = firers[i];
        if (st[f] & DEAD || s.dfStamp[f] === serial) continue;
        const fh = s.hex[f];
        let ck = K_DEFENSIVE;
        if (kind === DF_T3) { if (m.grid.distance(fh, h) !== 1 || s.hex[a] !== h) continue; }
        else if (kind === DF_SINGLE || kind === DF_GROUP) {
          if (fh !== h) continue;
          if (f === t ? false : m.opt.t2RequiresSurvivor && st[t] & DEAD) continue;
          // [16.1]: an uncontrolled unmanned unit fires defensively only at short range (placeholder chart, spec §5.8).
          if (m.uunman[f] && m.grid.distance(fh, s.hex[a]) > m.data.rules.unmannedDefRange && !controlled(m, s, f)) continue;
        } else if (kind === DF_CQC_ADJ || kind === DF_OVR_ADJ) { if (fh !== h) continue; }
        else if (kind === DF_OVR_SAME) { if (fh !== h || st[f] & FIRED_ADJ || s.hex[a] !== h) continue; ck = K_CQC_DEF; }
        else if (kind === DF_CQC_SAME) { if (fh !== h || st[f] & FIRED_ADJ || s.hex[a] !== h) continue; ck = K_CQC_DEF; }
        else if (kind === DF_CQC_RETURN) {
          if (fh !== h || s.hex[a] !== h) continue;
          if (m.opt.cqcReturnFire === 'none' || (m.opt.cqcReturnFire === 'attackedOnly' && !(st[f] & CQC_HIT))) continue;
          ck = K_CQC_DEF;
        }
        for (let w = 0; w <= MAX_W; w++) {
          if (kind === DF_GROUP) {
            for (let g = 0; g < nu; g++) {
              if (!(st[g] & IN_GROUP) || !canAttack(m, s, f, w, g, ck)) continue;
              if (out) out[n] = A.encode.fire(f, w, g);
              n++;
              if (firstOnly) return n;
            }
          } else if (canAttack(m, s, f, w, s.carrier[a] >= 0 ? s.carrier[a] : a, ck)) {
            // Cargo that fired is answered through its vehicle: one target ([13.1.3]).
            if (out) out[n] = A.encode.fire(f, w, s.carrier[a] >= 0 ? s.carrier[a] : a);
            n++;
            if (firstOnly) return n;
          }
        }
        // Reactive arson ([14.4.3]): the engineer fired on with no result may set fire instead of firing back.
        if (f === t && (kind === DF_SINGLE || kind === DF_GROUP) && m.hasArson && m.ueng[f]) {
          for (let d = 0; d < 6; d++) {
            if (reactiveArsonTarget(m, s, f, d) < 0) continue;
            if (out) out[n] = A.encode.arson(f, d);
            n++;
            if (firstOnly) return n;
          }
        }
        if (kind === DF_CQC_ADJ && m.opt.cqcCounterEntry && !(st[f] & (IMMOBILE | BROKEN)) && m.uveh[f] === 0 && s.carrier[f] < 0 && s.load[f] === 0 && counterFits(m, s, f, s.hex[a])) {
          if (out) out[n] = A.encode.counter(f);
          n++;
          if (firstOnly) return n;
        }
      }
    } else if (k === FID.ovrAttack) {
      const u = frameArg(P, 0), h = frameArg(P, 1);
      if (!(st[u] & DEAD) && s.hex[u] === h) {
        for (let w = 0; w < MAX_W; w++) for (let t = 0; t < nu; t++) {
          if (m.uside[t] === m.uside[u] || !canAttack(m, s, u, w, t, K_OVERRUN)) continue;
          if (out) out[n] = A.encode.fire(u, w, t);
          n++;
          if (firstOnly) return n;
        }
      }
    } else if (k === FID.cqcAttack) {
      const u = frameArg(P, 0), h = frameArg(P, 1);
      if (!(st[u] & DEAD) && s.hex[u] === h) {
        for (let w = 0; w <= MAX_W; w++) for (let t = 0; t < nu; t++) {
          if (m.uside[t] === m.uside[u] || !canAttack(m, s, u, w, t, K_CQC)) continue;
          if (out) out[n] = A.encode.fire(u, w, t);
          n++;
          if (firstOnly) return n;
        }
      }
    } else if (k === FID.pin) {
      const h = frameArg(P, 0);
      for (let t = 0; t < nu; t++) {
        if (s.hex[t] !== h || m.uside[t] === s.phaseSide || st[t] & (DEAD | PINNED)) continue;
        if (out) out[n] = A.encode.pin(t);
        n++;
      }
      return n; // no pass: the phase player must pin
    } else if (k === FID.cqcStart) {
      const h = frameArg(P, 0);
      if (hexHasSide(m, s, h, 0) && hexHasSide(m, s, h, 1)) {
        if (out) { out[n] = A.encode.fight(0); out[n + 1] = A.encode.fight(1); }
        n += 2;
      }
      return n;
    } else if (k === FID.commit) {
      const a = nextToCommit(m, s, frameArg(P, 0));
      if (a >= 0) {
        if (out) { out[n] = A.encode.mission(a, 0); out[n + 1] = A.encode.mission(a, 1); }
        n += 2;
        // Voluntary withdrawal ([10.1.4]): not on the first turn (aircraft all arrive on turn 1).
        if (s.turn > Math.max(1, m.aarrive[a])) { // not on the turn it arrives
          if (out) out[n] = A.encode.mission(a, 2);
          n++;
        }
      }
      return n; // every aircraft must be assigned
    } else if (k === FID.mLand) {
      const a = frameArg(P, 0), c = frameArg(P, 1);
      for (let h = 0; h < m.n; h++) {
        if (!canMLand(m, s, a, c, h)) continue;
        if (out) out[n] = A.encode.mland(h);
        n++;
        if (firstOnly) return n;
      }
      return n; // it must land if it can
    } else if (k === FID.cqcStrike) {
      const h = frameArg(P, 0), stage = frameArg(P, 1);
      const side = stage === 0 ? s.phaseSide : 1 - s.phaseSide;
      for (let u = 0; u < nu; u++) {
        if (m.uside[u] !== side || s.hex[u] !== h || st[u] & (DEAD | STRUCK)) continue;
        for (let w = 0; w <= MAX_W; w++) for (let t = 0; t < nu; t++) {
          if (m.uside[t] === side || !canAttack(m, s, u, w, t, K_CQC)) continue;
          if (out) out[n] = A.encode.fire(u, w, t);
          n++;
          if (firstOnly) return n;
        }
      }
    }
    if (withPass) {
      if (out) out[n] = A.encode.pass();
      n++;
    }
    return n;
  }
}

/** The phase player's free choice: end the phase, moves, CQC entries, overruns, attacks, artillery. */
function enumerateMain(E: Engine, s: MakState, out: Int32Array | null, withPass: boolean): number {
  const { m, A } = E;
  const nu = m.nu;
  let n = 0;
  const st = s.status;
  const moveBase = E.moveBase;
  const attackBase = E.attackBase;
  // The phase player's free choice.
  if (withPass) {
    if (out) out[n] = A.encode.endPhase();
    n++;
  }
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
      for (let d = 0; d < 6; d++) {
        const to = m.grid.nbr[from * 6 + d];
        if (to < 0) continue;
        if (s.occ[to * 2 + 1 - side] > 0) {
          // Enemy hexes only through CQC or an overrun ([7.2.3]).
          if (assaultCost(m, s, u, d) >= 0) {
            if (out) out[n] = A.encode.assault(u, d);
            n++;
          } else if (m.uveh[u] && overrunCost(m, s, u, d) >= 0) {
            if (out) out[n] = A.encode.overrun(u, d);
            n++;
          }
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
        if (c <= mp) {
          if (out) out[n] = moveBase + u + d * nu;
          n++;
        }
      }
    }
    if (!(st[u] & (MOVED | ATTACKED))) {
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
      if (ready === 0 && !canCall) continue;
      const a = s.hex[u];
      const side = m.uside[u];
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
            if (out) out[n] = attackBase + u + w * nu + t * nu * MAX_W;
            n++;
          }
        }
        // A simultaneous attack is declared by the stack ([5.3.3]); offered once, on its first unit.
        if (any && firstInHex && groupSize(m, s, u, t) >= 2) {
          if (out) out[n] = A.encode.simul(u, t);
          n++;
        }
        // Combined infantry fire ([14.2.1]): offered on the lower-numbered squad of the pair.
        if (any && m.uinf[u]) {
          const v = infantryPartner(m, s, u);
          if (v > u && bestSlot(m, s, v, t, K_OFFENSIVE) >= 0) {
            if (out) out[n] = A.encode.combined(u, t);
            n++;
          }
        }
        for (let w = 0; w < MAX_W; w++) {
          if (!(ready & (1 << w)) || !m.windirect[u * MAX_W + w] || !canIndirect(m, s, u, w, t)) continue;
          if (out) out[n] = A.encode.indirect(u, w, t);
          n++;
        }
        for (let b = 0; canCall && b < m.nb; b++) {
          if (canRequest(m, s, u, b, t)) {
            if (out) out[n] = A.encode.request(u, b, t);
            n++;
          }
          for (let d = 0; d <= 6; d++) {
            if (mineShotHex(m, s, u, b, t, d) < 0) continue;
            if (out) out[n] = A.encode.mines(u, b, t, d);
            n++;
          }
        }
      }
    }
  }
  return n;
}

/** The rarer free choices: aircraft, boosters, arrivals, smoke, arson, AMU, carrying, transport. */
function enumerateExtras(E: Engine, s: MakState, out: Int32Array | null, n: number): number {
  const { m, A } = E;
  const nu = m.nu;
  const st = s.status;
  for (let a = 0; a < m.na; a++) {
    if (m.aside[a] !== s.phaseSide) continue;
    for (let t = 0; t < nu; t++) {
      if (!canStrafe(m, s, a, t)) continue;
      for (let arm = 0; arm < 4; arm++) {
        if (!hasArm(s, a, arm)) continue;
        if (out) out[n] = A.encode.strafe(a, t, arm);
        n++;
      }
    }
    if (m.apk41[a] < 0) continue;
    if (canTakeOff(m, s, a)) {
      if (out) out[n] = A.encode.takeoff(a);
      n++;
    }
    for (let h = 0; h < m.n; h++) {
      if (!canLand(m, s, a, h)) continue;
      if (out) out[n] = A.encode.land(a, h);
      n++;
    }
  }
  for (let i = 0; i < m.boosters.length; i++) {
    const u = m.boosters[i];
    if (s.boostLeft[u] > 0 && m.uside[u] === s.phaseSide && canMove(m, s, u) && !(st[u] & (MOVED | BOOSTING)) && s.haul[u] < 0) {
      if (out) out[n] = A.encode.boost(u);
      n++;
    }
  }
  for (let i = 0; i < m.offmap.length; i++) {
    const u = m.offmap[i];
    if (!(st[u] & OFFMAP)) continue;
    if (m.uairdrop[u]) {
      for (let h = 0; h < m.n; h++) {
        if (!canDrop(m, s, u, h)) continue;
        if (out) out[n] = A.encode.drop(u, h);
        n++;
      }
      continue;
    }
    if (entryCost(m, s, u) < 0) continue;
    if (out) out[n] = A.encode.enter(u);
    n++;
  }
  for (let i = 0; i < m.smokers.length; i++) {
    const u = m.smokers[i];
    if (m.uside[u] !== s.phaseSide) continue;
    for (let d = 0; d <= 6; d++) {
      if (smokeTarget(m, s, u, d) < 0) continue;
      if (out) out[n] = A.encode.smoke(u, d);
      n++;
    }
  }
  if (m.hasArson) {
    for (let u = 0; u < nu; u++) {
      if (!m.ueng[u] || m.uside[u] !== s.phaseSide) continue;
      for (let d = 0; d < 6; d++) {
        if (arsonTarget(m, s, u, d) < 0) continue;
        if (out) out[n] = A.encode.arson(u, d);
        n++;
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
        if (out) out[n] = A.encode.amu(u, k);
        n++;
      }
      if (canExit(m, s, u)) {
        if (out) out[n] = A.encode.exit(u);
        n++;
      }
    }
  }
  if (m.hasDepot) {
    const mine = m.sideUnits[s.phaseSide];
    for (let i = 0; i < mine.length; i++) {
      if (!canRazeDepot(m, s, mine[i])) continue;
      if (out) out[n] = A.encode.raze(mine[i]);
      n++;
    }
  }
  if (m.hasCarry && s.nImm[s.phaseSide] > 0) {
    // Carrying ([7.3]): put down what a unit carries; pick up an immobilized unit stacked with it.
    for (let v = 0; v < nu; v++) {
      if (m.uside[v] !== s.phaseSide) continue;
      if (s.haul[v] >= 0 && canRelease(m, s, v)) {
        if (out) out[n] = A.encode.release(v);
        n++;
      }
      if ((st[v] & (DEAD | IMMOBILE)) !== IMMOBILE) continue;
      for (let u = 0; u < nu; u++) {
        if (!canCarry(m, s, u, v)) continue;
        if (out) out[n] = A.encode.carry(u, v);
        n++;
      }
    }
  }
  if (m.hasTransport) {
    for (let u = 0; u < nu; u++) {
      if (m.uside[u] !== s.phaseSide) continue;
      if (canUnload(m, s, u)) {
        if (out) out[n] = A.encode.unload(u);
        n++;
        continue;
      }
      for (let v = 0; v < nu; v++) {
        if (m.ucap[v] === 0 || !canLoad(m, s, u, v)) continue;
        if (out) out[n] = A.encode.load(u, v);
        n++;
      }
    }
  }
  return n;
}

function counterFits(m: Model, s: MakState, f: number, to: number): boolean {
  return !hexHasSide(m, s, to, m.uside[f]) && stackPoints(m.ustack[f]) <= m.data.rules.stackLimit;
}

/** The best ready slot of u against t (highest attack target), or -1. */
export function bestSlot(m: Model, s: MakState, u: number, t: number, kind: number): number {
  let best = -1;
  let bestT = -1e9;
  for (let w = 0; w < MAX_W; w++) {
    if (!canAttack(m, s, u, w, t, kind)) continue;
    const T = attackTargetOf(m, s, u, w, t);
    if (T > bestT) { bestT = T; best = w; }
  }
  return best;
}

/** Units stacked with u (u included) that may join a simultaneous attack on t. */
function groupSize(m: Model, s: MakState, u: number, t: number): number {
  let c = 0;
  for (let v = 0; v < m.nu; v++) {
    if (s.hex[v] !== s.hex[u] || m.uside[v] !== m.uside[u] || s.status[v] & (DEAD | MOVED | ATTACKED)) continue;
    if (bestSlot(m, s, v, t, K_OFFENSIVE) >= 0) c++;
  }
  return c;
}

export function legalActions(E: Engine, s: MakState, out: Int32Array): number {
  return enumerate(E, s, out, true);
}

function finishMover(s: MakState, u: number): void {
  if (s.mover >= 0 && s.mover !== u) s.status[s.mover] |= DONE;
  s.mover = u;
}

function pushDf(m: Model, s: MakState, kind: number, a: number, t: number, h: number): void {
  s.serial++;
  pushFrame(s.pending, FID.defFire, 1 - s.phaseSide, kind, a, t, h, s.serial);
}

export function apply(E: Engine, s: MakState, action: number, ctx: PlayContext): void {
  const { m, A } = E;
  const ki = A.kindIndexOf(action);
  const K = A.kindIndex;
  const st = s.status;
  const P = s.pending;
  const log = ctx.log;
  if (ki === K.endPhase) {
    endPhase(E, s, ctx);
  } else if (ki === K.move) {
    const u = (action - E.moveBase) % m.nu;
    const d = ((action - E.moveBase - u) / m.nu) | 0;
    const from = s.hex[u];
    const c = stepCost(m, s, u, from, d);
    finishMover(s, u);
    const to = m.grid.nbr[from * 6 + d];
    // [19.1.2]: the minefield attacks on leaving; M, D (or broken morale) stop the unit where it is (engine reading).
    if (s.mine[from] !== 0 && mineAttack(m, s, ctx, u, from) !== 0 && !stillMoving(s, u)) {
      st[u] |= MOVED | DONE;
      s.mover = -1;
    } else {
      placeUnit(m, s, u, to);
      carryCargo(m, s, u, to);
      if (s.haul[u] >= 0) placeUnit(m, s, s.haul[u], to); // the carried unit moves along ([7.3.1])
      s.mp[u] -= c;
      st[u] |= MOVED;
      if (m.uinf[u]) s.mp[u] = 0; // 1 hex per phase ([14.1]); a charge may still follow
      if (log) log(`${m.uid[u]} moves ${m.grid.id(from)} -> ${m.grid.id(to)} (${s.mp[u] / 2} MP left)`);
      if (s.mine[to] !== 0) mineAttack(m, s, ctx, u, to); // ... and on entering ([19.1.4])
      resupply(m, s, u);
      // T3: every adjacent anti-phase unit may fire at the mover ([5.4] 3, Fig. 4).
      if (!(st[u] & DEAD)) pushDf(m, s, DF_T3, u, -1, to);
    }
  } else if (ki === K.attack) {
    const u = A.get(action, 'attack', 'unit');
    const w = A.get(action, 'attack', 'weapon');
    const t = A.get(action, 'attack', 'target');
    finishMover(s, -1);
    st[u] |= ATTACKED | DONE;
    const h = s.hex[t];
    const range = m.grid.distance(s.hex[u], h);
    if (log) log(`${m.uid[u]} attacks ${m.uid[t]} at range ${range}`);
    resolveAttack(m, s, ctx, u, w, t, K_OFFENSIVE);
    if (range <= m.opt.defensiveTriggerRange) pushDf(m, s, DF_SINGLE, u, t, h); // T1/T2 ([5.4.1])
  } else if (ki === K.simul) {
    const u = A.get(action, 'simul', 'unit');
    const t = A.get(action, 'simul', 'target');
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
    if (range <= m.opt.defensiveTriggerRange) pushDf(m, s, DF_GROUP, u, t, h); // one reply per unit ([5.4.2])
    else clearFlag(s, IN_GROUP);
  } else if (ki === K.assault) {
    const u = A.get(action, 'assault', 'unit');
    const d = A.get(action, 'assault', 'dir');
    const x = m.grid.nbr[s.hex[u] * 6 + d];
    finishMover(s, u);
    if (m.uinf[u]) st[u] |= CHARGING; // defensive fire at charging infantry: option chargeDefMod ([14.2.3])
    st[u] |= MOVED;
    if (log) log(`${m.uid[u]} declares close quarters combat from ${m.grid.id(s.hex[u])} into ${m.grid.id(x)}`);
    pushDf(m, s, DF_CQC_ADJ, u, -1, x); // [9.1] 2: the adjacent window first
  } else if (ki === K.fire) {
    const f = A.get(action, 'fire', 'unit');
    const w = A.get(action, 'fire', 'weapon');
    const t = A.get(action, 'fire', 'target');
    const k = topKindId(P);
    if (k === FID.defFire) {
      const kind = frameArg(P, DF_KIND);
      s.dfStamp[f] = frameArg(P, DF_SERIAL);
      if (kind === DF_CQC_ADJ) st[f] |= FIRED_ADJ;
      if (log) log(`${m.uid[f]} fires defensively (${DF_NAMES[kind]})`);
      resolveAttack(m, s, ctx, f, w, t, kind === DF_CQC_SAME || kind === DF_CQC_RETURN ? K_CQC_DEF : K_DEFENSIVE);
    } else if (k === FID.ovrAttack) {
      const h = frameArg(P, 1), exit = frameArg(P, 2);
      popFrame(P);
      if (log) log(`${m.uid[f]} attacks ${m.uid[t]} overrunning ${m.grid.id(h)}`);
      resolveAttack(m, s, ctx, f, w, t, K_OVERRUN); // not ATTACKED: with MP left it may move and overrun again ([13.2.2])
      overrunExit(E, s, ctx, f, exit);
    } else if (k === FID.cqcAttack) {
      const h = frameArg(P, 1);
      popFrame(P);
      if (log) log(`${m.uid[f]} attacks ${m.uid[t]} in close quarters combat`);
      resolveAttack(m, s, ctx, f, w, t, K_CQC);
      st[t] |= CQC_HIT;
      ctx.tally.addScalar(M.scalar.cqcFights);
      pushDf(m, s, DF_CQC_RETURN, f, t, h); // [9.2.2]: the attacked may answer (spec §6 A10)
    } else if (k === FID.cqcStrike) {
      st[f] |= STRUCK;
      if (m.uside[f] === s.phaseSide) st[f] |= ATTACKED | DONE; // [9.3.2]
      if (log) log(`${m.uid[f]} strikes ${m.uid[t]} (continuing CQC)`);
      resolveAttack(m, s, ctx, f, w, t, K_CQC, true);
    }
  } else if (ki === K.counter) {
    const f = A.get(action, 'counter', 'unit');
    const u = frameArg(P, DF_A);
    const h = s.hex[u];
    popFrame(P);
    clearFlag(s, FIRED_ADJ);
    if (log) log(`${m.uid[f]} counter-enters ${m.grid.id(h)}: the CQC is fought there ([9.1] 2)`);
    placeUnit(m, s, f, h);
    st[u] |= DONE | ATTACKED;
    s.mover = -1;
    pushFrame(P, FID.cqcAttack, s.phaseSide, u, h);
  } else if (ki === K.pin) {
    const t = A.get(action, 'pin', 'unit');
    st[t] |= PINNED;
    const left = frameArg(P, 1) - 1;
    if (left <= 0) popFrame(P);
    else setFrameArg(P, 1, left);
  } else if (ki === K.fight) {
    const h = frameArg(P, 0);
    popFrame(P);
    if (A.get(action, 'fight', 'choice') === 0) {
      if (log) log(`continuing CQC in ${m.grid.id(h)}: fight as is`);
      pushFrame(P, FID.cqcStrike, s.phaseSide, h, 0);
    }
  } else if (ki === K.pass) {
    finishTop(E, s, ctx);
  } else applyRare(E, s, action, ki, ctx);
  settle(E, s, ctx);
}

/** The rarer actions (support, air, arrivals, special units and equipment): kept out of `apply` so the hot path stays small. */
function applyRare(E: Engine, s: MakState, action: number, ki: number, ctx: PlayContext): void {
  const { m, A } = E;
  const K = A.kindIndex;
  const st = s.status;
  const P = s.pending;
  const log = ctx.log;
  if (ki === K.raze) {
    const u = A.get(action, 'raze', 'unit');
    finishMover(s, -1);
    razeDepot(s, u);
    if (log) log(`${m.uid[u]} destroys the enemy depot in ${m.grid.id(s.hex[u])} ([11.3.3])`);
  } else if (ki === K.indirect) {
    const u = A.get(action, 'indirect', 'unit');
    finishMover(s, -1);
    st[u] |= ATTACKED | DONE;
    resolveIndirect(m, s, ctx, u, A.get(action, 'indirect', 'weapon'), A.get(action, 'indirect', 'target'));
  } else if (ki === K.request) {
    finishMover(s, -1);
    request(m, s, ctx, A.get(action, 'request', 'unit'), A.get(action, 'request', 'battery'), A.get(action, 'request', 'target'));
  } else if (ki === K.mines) {
    finishMover(s, -1);
    const u = A.get(action, 'mines', 'unit'), b = A.get(action, 'mines', 'battery'), t = A.get(action, 'mines', 'target');
    request(m, s, ctx, u, b, t, mineShotHex(m, s, u, b, t, A.get(action, 'mines', 'dir')));
  } else if (ki === K.strafe) {
    finishMover(s, -1);
    const a = A.get(action, 'strafe', 'aircraft'), t = A.get(action, 'strafe', 'target');
    strafe(m, s, ctx, a, t, A.get(action, 'strafe', 'arm'));
    if (s.air[a] & A_MLAND) pushFrame(P, FID.mLand, m.aside[a], a, s.hex[t]); // spec §6 A28
  } else if (ki === K.takeoff) {
    finishMover(s, -1);
    takeOff(m, s, ctx, A.get(action, 'takeoff', 'aircraft'));
  } else if (ki === K.mland) {
    const a = frameArg(P, 0);
    popFrame(P);
    mLand(m, s, ctx, a, A.get(action, 'mland', 'hex'));
  } else if (ki === K.carry) {
    const u = A.get(action, 'carry', 'unit'), v = A.get(action, 'carry', 'target');
    finishMover(s, u);
    carry(s, u, v);
    if (log) log(`${m.uid[u]} picks up the immobilized ${m.uid[v]} ([7.3], ${s.mp[u] / 2} MP left)`);
  } else if (ki === K.release) {
    const u = A.get(action, 'release', 'unit');
    const v = s.haul[u];
    finishMover(s, u);
    release(s, u);
    if (log) log(`${m.uid[u]} puts down ${m.uid[v]} in ${m.grid.id(s.hex[u])} ([7.3], ${s.mp[u] / 2} MP left)`);
  } else if (ki === K.arson && P.depth > 0) {
    // Reactive arson in a defensive window ([14.4.3]): this squad alone, instead of its defensive attack.
    const u = A.get(action, 'arson', 'unit');
    const x = reactiveArsonTarget(m, s, u, A.get(action, 'arson', 'dir'));
    s.arsonAt[u] = x;
    s.dfStamp[u] = frameArg(P, DF_SERIAL);
    if (log) log(`${m.uid[u]} answers with arson on ${m.grid.id(x)} (reactive, [14.4.3]; resolved at the end of the phase)`);
  } else if (ki === K.arson) {
    const u = A.get(action, 'arson', 'unit');
    const x = arsonTarget(m, s, u, A.get(action, 'arson', 'dir'));
    finishMover(s, -1);
    const n = declareArson(m, s, u, x);
    if (log) log(`${m.uid[u]} declares arson on ${m.grid.id(x)} (${n} squad(s), resolved at the end of the phase, [14.4.2])`);
  } else if (ki === K.amu) {
    const u = A.get(action, 'amu', 'unit'), k = A.get(action, 'amu', 'amu');
    finishMover(s, -1);
    const own = m.uside[u] === m.uside[k];
    touchAmu(m, s, u, k);
    if (log) log(own ? `${m.uid[u]} picks up ${m.uid[k]}'s AMU in ${m.grid.id(s.hex[u])} ([16.2.3])` : `${m.uid[u]} destroys ${m.uid[k]}'s AMU in ${m.grid.id(s.hex[u])} ([16.2.4])`);
  } else if (ki === K.exit) {
    const u = A.get(action, 'exit', 'unit');
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
    land(m, s, ctx, A.get(action, 'land', 'aircraft'), A.get(action, 'land', 'hex'));
  } else if (ki === K.mission) {
    const a = A.get(action, 'mission', 'aircraft');
    const c = A.get(action, 'mission', 'choice');
    s.air[a] |= A_SET | (c === 0 ? A_AIR : c === 1 ? A_GROUND : A_WDRAW);
  } else if (ki === K.overrun) {
    const u = A.get(action, 'overrun', 'unit');
    const d = A.get(action, 'overrun', 'dir');
    const x = m.grid.nbr[s.hex[u] * 6 + d];
    finishMover(s, u);
    st[u] |= MOVED;
    if (log) log(`${m.uid[u]} overruns ${m.grid.id(x)} from ${m.grid.id(s.hex[u])} ([13.2])`);
    pushDf(m, s, DF_OVR_ADJ, u, m.grid.nbr[x * 6 + d], x); // approach: defensive fire as in CQC ([13.2.1])
  } else if (ki === K.enter) {
    const u = A.get(action, 'enter', 'unit');
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
    if (!(st[u] & DEAD)) pushDf(m, s, DF_T3, u, -1, h); // T3 as for any hex entered
  } else if (ki === K.combined) {
    const u = A.get(action, 'combined', 'unit');
    const t = A.get(action, 'combined', 'target');
    const v = infantryPartner(m, s, u);
    finishMover(s, -1);
    const wu = bestSlot(m, s, u, t, K_OFFENSIVE), wv = bestSlot(m, s, v, t, K_OFFENSIVE);
    st[u] |= ATTACKED | DONE;
    st[v] |= ATTACKED | DONE;
    const h = s.hex[t];
    const range = m.grid.distance(s.hex[u], h);
    if (log) log(`${m.uid[u]} and ${m.uid[v]} pool their fire on ${m.uid[t]} at range ${range} ([14.2.1])`);
    resolveCombined(m, s, ctx, u, wu, v, wv, t);
    if (range <= m.opt.defensiveTriggerRange) pushDf(m, s, DF_SINGLE, u, t, h); // one attack: one T1/T2 window
  } else if (ki === K.boost) {
    const u = A.get(action, 'boost', 'unit');
    finishMover(s, u);
    s.boostLeft[u]--;
    st[u] |= BOOSTING;
    s.mp[u] = m.data.rules.boosterMp2;
    if (log) log(`${m.uid[u]} lights its booster (${s.mp[u] / 2} MP, ${s.boostLeft[u]} use(s) left, [19.5.3])`);
  } else if (ki === K.drop) {
    const u = A.get(action, 'drop', 'unit');
    const h = A.get(action, 'drop', 'hex');
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
    const u = A.get(action, 'smoke', 'unit');
    const x = smokeTarget(m, s, u, A.get(action, 'smoke', 'dir'));
    laySmoke(m, s, u, x);
    if (log) log(`${m.uid[u]} lays smoke in ${m.grid.id(x)} ([19.2])`);
  } else if (ki === K.load) {
    const u = A.get(action, 'load', 'unit'), v = A.get(action, 'load', 'carrier');
    finishMover(s, -1);
    st[u] |= DONE;
    load(m, s, u, v);
    if (log) log(`${m.uid[u]} loads onto ${m.uid[v]} in ${m.grid.id(s.hex[u])} ([13.1.2])`);
  } else if (ki === K.unload) {
    const u = A.get(action, 'unload', 'unit');
    const v = s.carrier[u];
    finishMover(s, u);
    unload(m, s, u);
    if (log) log(`${m.uid[u]} unloads from ${m.uid[v]} in ${m.grid.id(s.hex[u])} (${s.mp[u] / 2} MP left)`);
  }
}

function clearFlag(s: MakState, flag: number): void {
  for (let u = 0; u < s.status.length; u++) s.status[u] &= ~flag;
}

/** PF units entering a friendly depot hex with no enemy reload ([11.3.1]; not the Krachen Vogel). */
function resupply(m: Model, s: MakState, u: number): void {
  const h = s.hex[u];
  if (m.depot[h] !== m.uside[u] || s.depotGone[h] || hexHasSide(m, s, h, 1 - m.uside[u]) || m.utype[u] === 'KrachenVogel') return;
  for (let w = 0; w < MAX_W; w++) if (m.wtype[u * MAX_W + w] === WT_PF) s.ammo[u * MAX_W + w] = m.wammo[u * MAX_W + w];
}

/** Closes the top frame (a pass, or nothing left to decide) and runs what follows it. */
function finishTop(E: Engine, s: MakState, ctx: PlayContext): void {
  const { m } = E;
  const P = s.pending;
  const k = topKindId(P);
  if (k === FID.defFire) {
    const kind = frameArg(P, DF_KIND), a = frameArg(P, DF_A), h = frameArg(P, DF_H), exit = frameArg(P, DF_T);
    popFrame(P);
    if (kind === DF_GROUP) clearFlag(s, IN_GROUP);
    else if (kind === DF_CQC_SAME || kind === DF_OVR_SAME) clearFlag(s, FIRED_ADJ);
    else if (kind === DF_OVR_ADJ) {
      // Stopped (immobilized or destroyed) before the hex, or nobody left to overrun: the vehicle stays.
      if (s.status[a] & (DEAD | IMMOBILE) || !hexHasSide(m, s, h, 1 - s.phaseSide)) {
        clearFlag(s, FIRED_ADJ);
        s.status[a] |= DONE;
        s.mover = -1;
        return;
      }
      const from = s.hex[a];
      let d = 0;
      for (; d < 6; d++) if (m.grid.nbr[from * 6 + d] === h) break;
      s.mp[a] = Math.max(0, s.mp[a] - m.cost2[m.uform[a]][h] - m.sideCost2[m.uform[a]][from * 6 + d]);
      placeUnit(m, s, a, h);
      carryCargo(m, s, a, h);
      if (ctx.log) ctx.log(`${m.uid[a]} enters ${m.grid.id(h)}`);
      pushFrame(P, FID.ovrAttack, s.phaseSide, a, h, exit);
      pushDf(m, s, DF_OVR_SAME, a, -1, h);
    }
    else if (kind === DF_CQC_ADJ) {
      const st = s.status[a];
      // Fig. 10: immobilized (or destroyed) in the adjacent hex, the unit does not enter.
      if (st & (DEAD | IMMOBILE) || !hexHasSide(m, s, h, 1 - s.phaseSide)) {
        clearFlag(s, FIRED_ADJ);
        s.status[a] |= DONE;
        s.mover = -1;
        return;
      }
      const from = s.hex[a];
      let c = 0;
      if (!m.uinf[a]) {
        let d = 0;
        for (; d < 6; d++) if (m.grid.nbr[from * 6 + d] === h) break;
        c = m.cost2[m.uform[a]][h] + m.sideCost2[m.uform[a]][from * 6 + d];
      }
      s.mp[a] = Math.max(0, s.mp[a] - c);
      s.status[a] |= DONE | ATTACKED;
      s.mover = -1;
      // Minefields attack a unit entering close quarters combat like any move ([19.1.2]).
      if (s.mine[from] !== 0 && mineAttack(m, s, ctx, a, from) !== 0 && !stillMoving(s, a)) {
        clearFlag(s, FIRED_ADJ);
        return;
      }
      placeUnit(m, s, a, h);
      if (ctx.log) ctx.log(`${m.uid[a]} enters ${m.grid.id(h)}`);
      if (s.mine[h] !== 0 && mineAttack(m, s, ctx, a, h) !== 0 && s.status[a] & DEAD) {
        clearFlag(s, FIRED_ADJ);
        return;
      }
      pushFrame(P, FID.cqcAttack, s.phaseSide, a, h);
      pushDf(m, s, DF_CQC_SAME, a, -1, h); // same-hex window, before the entering unit's attack
    } else if (kind === DF_CQC_RETURN) {
      clearFlag(s, CQC_HIT);
      setupPins(E, s, h);
    }
  } else if (k === FID.ovrAttack) {
    const a = frameArg(P, 0), exit = frameArg(P, 2);
    popFrame(P);
    overrunExit(E, s, ctx, a, exit);
  } else if (k === FID.cqcAttack) {
    const h = frameArg(P, 1);
    popFrame(P);
    setupPins(E, s, h);
  } else if (k === FID.commit) {
    popFrame(P);
    // Both cards are revealed together once the second side has committed ([10.1.1]).
    if (topKindId(P) !== FID.commit) {
      for (let a = 0; a < m.na; a++) {
        if (!(s.air[a] & A_WDRAW)) continue;
        s.air[a] = A_DEAD | A_GONE; // off the game, no VP to anyone ([10.1.4])
        if (ctx.log) ctx.log(`${m.aid[a]} is withdrawn from the game ([10.1.4])`);
      }
      resolveAirWar(m, s, ctx);
      startPhase(E, s, ctx);
    }
  } else if (k === FID.mLand) {
    // No hex to land in within the radius: the Hornisse is destroyed (spec §6 A28).
    const a = frameArg(P, 0);
    popFrame(P);
    s.air[a] = (s.air[a] & ~(A_MLAND | A_LANDED)) | A_DEAD;
    killAircraft(m, s, a);
    if (ctx.log) ctx.log(`${m.aid[a]} finds no hex to land in and is destroyed`);
  } else if (k === FID.cqcStrike) {
    const h = frameArg(P, 0), stage = frameArg(P, 1);
    popFrame(P);
    if (stage === 0) pushFrame(P, FID.cqcStrike, 1 - s.phaseSide, h, 1);
    else {
      // Casualties of both sides are removed together (spec §6 A11).
      for (let u = 0; u < m.nu; u++) {
        s.status[u] &= ~STRUCK;
        if (s.pendRes[u] > 0 && s.hex[u] === h) {
          const r = s.pendRes[u];
          s.pendRes[u] = 0;
          if (!(s.status[u] & DEAD)) applyResult(m, s, ctx, u, r, -1, 0);
        }
      }
    }
  } else {
    popFrame(P);
  }
}

/**
 * The overrunning vehicle leaves through the opposite hexside ([13.2.1]) when it still can (alive,
 * mobile, the exit hex free of enemies and within stacking); no defensive fire from that exit
 * (engine reading: nor T3 at the exit hex). With MP left it may keep moving ([13.2.2]).
 */
function overrunExit(E: Engine, s: MakState, ctx: PlayContext, a: number, exit: number): void {
  const { m } = E;
  clearFlag(s, FIRED_ADJ);
  const side = m.uside[a];
  const h = s.hex[a];
  if (s.status[a] & (DEAD | IMMOBILE) || hexHasSide(m, s, exit, 1 - side) || s.pts[exit * 2 + side] + stackPoints(m.ustack[a]) + s.load[a] > m.data.rules.stackLimit) {
    s.status[a] |= DONE;
    s.mover = -1;
    return;
  }
  let d = 0;
  for (; d < 6; d++) if (m.grid.nbr[h * 6 + d] === exit) break;
  s.mp[a] = Math.max(0, s.mp[a] - Math.max(0, m.cost2[m.uform[a]][exit]) - m.sideCost2[m.uform[a]][h * 6 + d]);
  placeUnit(m, s, a, exit);
  carryCargo(m, s, a, exit);
  if (ctx.log) ctx.log(`${m.uid[a]} leaves the overrun hex to ${m.grid.id(exit)} (${s.mp[a] / 2} MP left)`);
}

/** [9.4]: one anti-phase unit pinned per able phase unit in hex h; the phase player picks which. */
export function setupPins(E: Engine, s: MakState, h: number): void {
  const { m } = E;
  let able = 0, anti = 0, pinned = 0;
  for (let u = 0; u < m.nu; u++) {
    if (s.hex[u] !== h || s.status[u] & DEAD) continue;
    if (m.uside[u] === s.phaseSide) {
      if (!(s.status[u] & (IMMOBILE | ARMLESS | BROKEN)) && hasReadyWeapon(m, s, u)) able++;
    } else {
      anti++;
      if (s.status[u] & PINNED) pinned++;
    }
  }
  const need = Math.min(able, anti) - pinned;
  if (need <= 0) return;
  if (need >= anti - pinned) {
    for (let u = 0; u < m.nu; u++) if (s.hex[u] === h && m.uside[u] !== s.phaseSide && !(s.status[u] & DEAD)) s.status[u] |= PINNED;
    return;
  }
  pushFrame(s.pending, FID.pin, s.phaseSide, h, need);
}

function hasReadyWeapon(m: Model, s: MakState, u: number): boolean {
  for (let w = 0; w < MAX_W; w++) if (weaponReady(m, s, u, w, K_CQC)) return true;
  return false;
}

/** Pops every frame with nothing to decide and ends the game when a side is gone. */
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
    if (s.pending.depth === 0) return;
    if (enumerate(E, s, null, false) > 0) return;
    finishTop(E, s, ctx);
  }
  throw new Error('mak: settle did not converge');
}

function endPhase(E: Engine, s: MakState, ctx: PlayContext): void {
  const { m } = E;
  if (m.hasArson) resolveArson(m, s, ctx); // E1 ([14.4.2])
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
export function beginTurn(E: Engine, s: MakState, ctx: PlayContext): void {
  const { m } = E;
  for (let b = 0; b < m.nb; b++) s.bFired[b] = 0;
  // Aircraft reinforcements arrive in flight at the start of their turn and may be assigned at once ([12.1], spec §2.2 1).
  for (let a = 0; a < m.na; a++) {
    if (!(s.air[a] & A_LATE) || s.turn < m.aarrive[a]) continue;
    s.air[a] = 0;
    if (ctx.log) ctx.log(`${m.aid[a]} arrives in flight ([12.1])`);
  }
  if (resetAir(m, s)) {
    // Secret and simultaneous: the first card is hidden from the second side's observation. A side
    // with no aircraft left has no card (nothing to decide, also at the very start of a game).
    let flies = 0;
    for (let a = 0; a < m.na; a++) if (!(s.air[a] & A_DEAD)) flies |= 1 << m.aside[a];
    if (flies & 2) pushFrame(s.pending, FID.commit, 1, 1);
    if (flies & 1) pushFrame(s.pending, FID.commit, 0, 0);
    return;
  }
  startPhase(E, s, ctx);
}

/** Start-of-phase steps (spec §2.3): flags reset, MP restored, continuing CQC hexes and their pins. */
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
    pushFrame(s.pending, FID.cqcStart, s.phaseSide, h);
    setupPins(E, s, h);
  }
  landArtillery(m, s, ctx); // S1: before anything moves ([17.1.6])
  fireAttacks(m, s, ctx); // S3: fires attack the other player's infantry ([19.4.2], A20)
  moraleRecovery(E, s, ctx); // S4
}

/** [14.3.2] S4: each broken infantry unit of the phase player rolls 1d6 + modifiers; 1-4 recovers. */
export function moraleRecovery(E: Engine, s: MakState, ctx: PlayContext): void {
  const { m } = E;
  for (let u = 0; u < m.nu; u++) {
    if (m.uside[u] !== s.phaseSide || (s.status[u] & (DEAD | BROKEN)) !== BROKEN) continue;
    const mod = moraleMod(m, s, u);
    const d = ctx.dice.die(6);
    const ok = moraleRecovers(d, mod, m.data.rules.moraleRecoverAtMost);
    if (ctx.log) ctx.log(`${m.uid[u]} morale recovery: 1d6 ${d} ${mod >= 0 ? '+' : '-'} ${Math.abs(mod)} -> ${ok ? 'recovers' : 'stays broken'}`);
    if (ok) s.status[u] &= ~(BROKEN | REATTACKED);
  }
}

/** Net recovery modifier ([14.3.2]): friendly able stack-mate -1, forest/building -2, enemy able within 3 +1, re-attacked +1. */
export function moraleMod(m: Model, s: MakState, u: number): number {
  const h = s.hex[u];
  let mod = 0;
  let friend = false, enemy = false;
  for (let v = 0; v < m.nu; v++) {
    if (v === u || s.status[v] & DEAD) continue;
    if (m.uside[v] === m.uside[u]) {
      if (s.hex[v] === h && !(s.status[v] & BROKEN)) friend = true;
    } else if (m.grid.distance(s.hex[v], h) <= 3 && !(s.status[v] & (ARMLESS | BROKEN))) enemy = true;
  }
  if (friend) mod -= 1;
  if (m.cover[h]) mod -= 2;
  if (m.defPos[h] !== 0 && shelter(m, s, u) !== 0) mod -= 1; // inside a defensive position (adds to cover)
  if (enemy) mod += 1;
  if (s.status[u] & REATTACKED) mod += 1;
  return mod;
}

export function endGame(E: Engine, s: MakState, ctx: PlayContext, detail: number): void {
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

export function describe(E: Engine, s: MakState, a: number): string {
  const { m, A } = E;
  const d = A.decode(a);
  const id = (u: number) => m.uid[u];
  const wn = (u: number, w: number) => (w === UNARMED ? 'unarmed' : ['L', 'MG', 'G', 'R', 'PF', 'M'][m.wtype[u * MAX_W + w]] ?? '?');
  const dir = (k: number) => ['N', 'NE', 'SE', 'S', 'SW', 'NW'][k];
  const side = s.pending.depth ? (s.pending.words[(s.pending.depth - 1) * 8 + 1] === 0 ? 'mercenary' : 'strahl') : s.phaseSide === 0 ? 'mercenary' : 'strahl';
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

export { K_OFFENSIVE, canAttack, weaponReady };
