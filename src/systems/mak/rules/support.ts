/**
 * Fire support and the air war: indirect attacks with a spotter ([5.5]), off-board artillery
 * requests and strikes ([17.0]), the Air Commitment, dog-fight and breakthrough ([10.1]-[10.3]) and
 * air-to-ground attacks with anti-aircraft fire ([10.4]). Allocation-free except the loss
 * allocation's small arrays (once per dog-fight).
 */
import { DIR_NAMES } from '../../../core/geometry/hex/directions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { sees } from './sight.ts';
import { controlled } from './unmanned.ts';
import { MAX_W, RANGES, WT_G, WT_L, WT_M, WT_R, type Model } from '../model.ts';
import { M, rowOf, airRow } from '../metrics.ts';
import { maybeIgnite } from './fire.ts';
import { A_AIR, A_ARMLESS, A_DEAD, A_GROUND, A_LANDED, A_MLAND, A_SET, A_USED, ARMLESS, ATTACKED, BROKEN, DEAD, DONE, IMMOBILE, MOVED, type MakState } from '../state.ts';
import { K_DEFENSIVE, hexHasSide, shelter, spendUsage, weaponReady } from './combat.ts';
import { applyResult } from './damage.ts';
import { ART_DEVIATE, ART_HIT, HIT_AUTO_D, laserDepletes, mineAfterShot, MISS, PRODUCT, R_A, R_D, R_M, R_NONE, RESULT_NAMES, SUM, allocateLoss, artilleryAccuracy, breakthroughUnits, combine, enduranceResult, hitOutcome, ratioColumn } from './rolls.ts';

const CODES = ['a', 'b', 'c', 'd', 'e'] as const;

/** Does the area of `radius` around hex c hold a living unit of `side`? ([5.5.4]) */
export function areaHasSide(m: Model, s: MakState, c: number, radius: number, side: number): boolean {
  for (let u = 0; u < m.nu; u++) if (m.uside[u] === side && !(s.status[u] & DEAD) && m.grid.distance(s.hex[u], c) <= radius) return true;
  return false;
}

/** A spotter for an indirect attack on hex h ([5.5.1], spec §6 A35): the first eligible friendly unit, or -1. */
export function findSpotter(m: Model, s: MakState, firer: number, h: number, typeII: number): number {
  for (let v = 0; v < m.nu; v++) {
    if (v === firer || m.uside[v] !== m.uside[firer] || s.status[v] & (DEAD | BROKEN | ATTACKED)) continue;
    if (m.uunman[v] && !controlled(m, s, v)) continue; // [16.1]: an uncontrolled unmanned unit does not spot
    const spent = m.ump2[v] - s.mp[v];
    if (spent > 2 * Math.floor(m.ump2[v] / 4)) continue; // more than half its MP (whole MP) already spent
    if (hexHasSide(m, s, s.hex[v], 1 - m.uside[v])) continue;
    if (sees(m, s, s.hex[v], h, typeII)) return v;
  }
  return -1;
}

/**
 * Spotting from the air ([10.5]; spec §3.13.5): a ground-mission aircraft of `side` not yet Used
 * (its duty of the phase) may spot for one indirect attack, needing no LOS of its own; -1 if none.
 * The engine calls on it only when no ground spotter is eligible (engine reading: it keeps the
 * aircraft for strafing otherwise).
 */
export function findAirSpotter(m: Model, s: MakState, side: number): number {
  for (let a = 0; a < m.na; a++) if (m.aside[a] === side && (s.air[a] & (A_DEAD | A_GROUND | A_USED)) === A_GROUND) return a;
  return -1;
}

/** May u fire slot w indirectly at the hex of t? (no own LOS, a spotter, range, no friendly unit in the area) */
export function canIndirect(m: Model, s: MakState, u: number, w: number, t: number): boolean {
  const k = u * MAX_W + w;
  if (!m.windirect[k] || s.status[t] & DEAD || !weaponReady(m, s, u, w, 0)) return false;
  if (m.uunman[u] && !controlled(m, s, u)) return false; // [16.1]
  const a = s.hex[u];
  const h = s.hex[t];
  const d = m.grid.distance(a, h);
  if (d > m.wrange[k] || d >= RANGES || d <= 1) return false;
  const typeII = m.ustack[t] === 2 ? 1 : 0;
  if (m.opt.indirectWeaponsMayFireDirect && sees(m, s, a, h, typeII)) return false; // fire it directly (spec §6 A36)
  if (areaHasSide(m, s, h, 1, m.uside[u])) return false;
  return findSpotter(m, s, u, h, typeII) >= 0 || (m.na > 0 && findAirSpotter(m, s, m.uside[u]) >= 0);
}

/**
 * One area attack ([5.5.2]-[5.5.3]; spec §6 A5 `sharedRollPerUnitTarget`): one roll; each unit in the
 * area compares it with its own attack target (own defense and terrain); a hit unit makes its own
 * endurance roll, +1 outside the centre hex. `base` = attack + attacker pilot + indirect and range
 * modifiers; `wt` the weapon type for terrain. Returns the number of units hit.
 */
export function areaAttack(m: Model, s: MakState, ctx: PlayContext, centre: number, radius: number, base: number, wt: number, row: number, by: number, w: number): number {
  const o = m.opt;
  const mode = o.diceMode === 'product' ? PRODUCT : SUM;
  const d1 = ctx.dice.die(6);
  const d2 = ctx.dice.die(6);
  ctx.tally.add(row, M.col.shots);
  let designated = -1e9;
  if (o.indirectTargetMode === 'designated') {
    for (let u = 0; u < m.nu; u++) if (s.hex[u] === centre && !(s.status[u] & DEAD)) { designated = targetIn(m, s, u, base, wt); break; }
  }
  if (ctx.log) ctx.log(`  area attack on ${m.grid.id(centre)} (radius ${radius}): dice (${d1},${d2}) R ${combine(d1, d2, mode)}`);
  let hits = 0;
  for (let u = 0; u < m.nu; u++) {
    if (s.status[u] & DEAD || s.carrier[u] >= 0 || m.grid.distance(s.hex[u], centre) > radius) continue; // cargo: one target with its vehicle ([13.1.3])
    const T = o.indirectTargetMode === 'designated' && designated > -1e9 ? designated : targetIn(m, s, u, base, wt);
    const h = hitOutcome(d1, d2, T, mode, o.snakeEyesAutoHit);
    if (h === MISS) {
      if (ctx.log) ctx.log(`    ${m.uid[u]}: T ${T}, miss`);
      continue;
    }
    hits++;
    ctx.tally.add(row, M.col.hits);
    let res = R_D;
    if (h !== HIT_AUTO_D) {
      const bonus = s.hex[u] === centre ? 0 : m.data.rules.outsideCentreBonus;
      res = enduranceResult(m.udur[u], combine(ctx.dice.die(6), ctx.dice.die(6), o.enduranceDiceMode === 'product' ? PRODUCT : SUM) + bonus);
    }
    if (res === R_D) ctx.tally.add(row, M.col.D);
    else if (res === R_A) ctx.tally.add(row, M.col.A);
    else if (res === R_M) ctx.tally.add(row, M.col.M);
    if (ctx.log) ctx.log(`    ${m.uid[u]}: T ${T}, hit, endurance ${RESULT_NAMES[res]}`);
    if (res !== R_NONE) applyResult(m, s, ctx, u, res, by, w);
    if (res === R_D && by < 0) maybeIgnite(m, s, ctx, s.hex[u]); // an artillery strike's D in a building ([19.4.1])
  }
  return hits;
}

function targetIn(m: Model, s: MakState, u: number, base: number, wt: number): number {
  let T = base - (m.udef[u] + s.pDef[u]) + m.hexAtk[(s.hex[u] * 6 + wt) * 2 + (m.ustack[u] === 2 ? 1 : 0)];
  if (s.status[u] & IMMOBILE) T += m.data.rules.immobilizedBonus;
  if (m.defPos[s.hex[u]] !== 0) T += shelter(m, s, u);
  return T;
}

/** Resolves an indirect attack of u's slot w on the hex of t, the spotter chosen and bound by [5.5.1]. */
export function resolveIndirect(m: Model, s: MakState, ctx: PlayContext, u: number, w: number, t: number): void {
  const k = u * MAX_W + w;
  const h = s.hex[t];
  const sp = findSpotter(m, s, u, h, m.ustack[t] === 2 ? 1 : 0);
  if (sp >= 0) {
    // The spotter may not go beyond half its MP nor attack offensively this turn.
    const half = 2 * Math.floor(m.ump2[sp] / 4);
    s.mp[sp] = Math.max(0, half - (m.ump2[sp] - s.mp[sp]));
    s.status[sp] |= ATTACKED;
  } else {
    const a = findAirSpotter(m, s, m.uside[u]);
    s.air[a] |= A_USED; // its ground-mission duty ([10.5], [10.1.3])
    if (ctx.log) ctx.log(`${m.aid[a]} spots from the air ([10.5])`);
  }
  spendUsage(m, s, ctx, u, w, 0, 0); // one round (rockets: no natural-dice checks)
  if (ctx.log) ctx.log(`${m.uid[u]} fires indirectly at ${m.grid.id(h)}${sp >= 0 ? `, spotted by ${m.uid[sp]}` : ''}`);
  const wt = m.wtype[k];
  const base = m.watk[k] + s.pAtk[u] + m.unight[u] + m.data.rules.indirectMod + m.rangeMod[wt * RANGES + m.grid.distance(s.hex[u], h)];
  areaAttack(m, s, ctx, h, 1, base, wt, rowOf(m, u, w), u, w);
}

/** May u (observer and requester, [17.1.3]-[17.1.4]) call battery b on the hex of t? */
export function canRequest(m: Model, s: MakState, u: number, b: number, t: number): boolean {
  if (m.bside[b] !== m.uside[u] || s.bLeft[b] <= 0 || s.bFired[b] >= m.bperTurn[b]) return false;
  if (s.status[u] & (DEAD | BROKEN | MOVED | ATTACKED | DONE) || s.status[t] & DEAD || m.uside[t] === m.uside[u]) return false;
  if (m.uunman[u] && !controlled(m, s, u)) return false; // [16.1]: no artillery spotting without control
  const h = s.hex[t];
  if (!sees(m, s, s.hex[u], h, m.ustack[t] === 2 ? 1 : 0)) return false;
  return !areaHasSide(m, s, h, m.bradius[b], m.uside[u]);
}

/**
 * The hex of a mine shot by observer u with battery b next to enemy unit t (dir 0-5) or on its hex
 * (dir 6), or -1 ([19.1.6]: "follow the standard artillery resolution"). Engine reading: mine shots
 * are offered on the hexes of and around enemy units the observer sees (a Type I sight line to the
 * hex), not yet at the cap, with no friendly unit there.
 */
export function mineShotHex(m: Model, s: MakState, u: number, b: number, t: number, dir: number): number {
  if (m.bmineInc[b] <= 0 || m.bside[b] !== m.uside[u] || s.bLeft[b] <= 0 || s.bFired[b] >= m.bperTurn[b]) return -1;
  if (s.status[u] & (DEAD | BROKEN | MOVED | ATTACKED | DONE) || s.status[t] & DEAD || m.uside[t] === m.uside[u]) return -1;
  if (m.uunman[u] && !controlled(m, s, u)) return -1;
  const x = dir === 6 ? s.hex[t] : m.grid.nbr[s.hex[t] * 6 + dir];
  if (x < 0 || s.mine[x] >= m.data.rules.mineIncrementCap || hexHasSide(m, s, x, m.uside[u])) return -1;
  return sees(m, s, s.hex[u], x, 0) ? x : -1;
}

/** Records a request: the observer may not move or attack this turn; one round and its VP are spent ([17.1], O.G.P. ②). */
export function request(m: Model, s: MakState, ctx: PlayContext, u: number, b: number, t: number, mineHex = -1): void {
  let i = 0;
  while (s.rqOn[i]) i++;
  const g = m.ugroup[u];
  s.rqMine[i] = mineHex >= 0 ? 1 : 0;
  s.rqHex[i] = mineHex >= 0 ? mineHex : s.hex[t];
  s.rqLand[i] = s.turn + 1;
  s.rqBat[i] = b;
  s.rqCode[i] = g === 1 ? 0 : g === 2 ? 2 : 4; // observer = requester: a, c or e ([17.1.4])
  s.rqObs[i] = u;
  s.rqOn[i] = 1;
  s.bLeft[b]--;
  s.bFired[b]++;
  s.artVp[m.uside[u]] += m.bvp[b];
  s.status[u] |= ATTACKED | DONE;
  if (ctx.log) ctx.log(`${m.uid[u]} requests ${m.bid[b]}${s.rqMine[i] ? ' mines' : ''} on ${m.grid.id(s.rqHex[i])} (type ${CODES[s.rqCode[i]]}), landing on turn ${s.turn + 1}`);
}

/** Strikes landing at the start of this phase ([17.1.6], [17.2]; option artilleryLanding). */
export function landArtillery(m: Model, s: MakState, ctx: PlayContext): void {
  const first = m.body.firstPlayer === 'mercenary' ? 0 : 1;
  for (let i = 0; i < s.rqOn.length; i++) {
    if (!s.rqOn[i] || s.rqLand[i] > s.turn) continue;
    const b = s.rqBat[i];
    const side = m.bside[b];
    const lands = m.opt.artilleryLanding === 'requesterPhase' ? s.phaseSide === side : s.phaseSide === first || s.rqLand[i] < s.turn;
    if (!lands) continue;
    const h = s.rqHex[i];
    if (hexHasSide(m, s, h, side)) {
      if (ctx.log) ctx.log(`${m.bid[b]} strike on ${m.grid.id(h)} postponed: a friendly unit is in the hex`);
      continue;
    }
    s.rqOn[i] = 0;
    const roll = ctx.dice.die(6) + ctx.dice.die(6);
    const n = m.data.artillery.targetNumber[CODES[s.rqCode[i]]];
    const acc = artilleryAccuracy(roll, n, m.opt.artilleryEqualIs === 'hit');
    let c = h;
    if (acc === ART_DEVIATE) {
      const dir = m.data.artillery.deviation[ctx.dice.die(6) - 1];
      c = m.grid.nbr[h * 6 + dir];
      if (ctx.log) ctx.log(`${m.bid[b]}: 2d6 ${roll} vs ${n}: deviates ${DIR_NAMES[dir]}`);
    } else if (ctx.log) ctx.log(`${m.bid[b]}: 2d6 ${roll} vs ${n}: ${acc === ART_HIT ? 'on target' : 'no effect'}`);
    if (acc > ART_DEVIATE || c < 0) continue;
    if (s.rqMine[i]) {
      // [19.1.6]: the shot raises the hex's minefield, capped; units already there are attacked only when they move ([19.1.7]).
      s.mine[c] = mineAfterShot(s.mine[c], m.bmineInc[b], m.data.rules.mineIncrementCap);
      if (ctx.log) ctx.log(`${m.bid[b]} mines ${m.grid.id(c)}: strength ${s.mine[c]}`);
      continue;
    }
    areaAttack(m, s, ctx, c, m.bradius[b], m.batk[b] + m.data.rules.indirectMod, WT_G, batteryRow(m, b), -1, 0);
  }
}

/** Cancels strikes whose observer was destroyed before the end of the request turn ([17.1.3]). */
export function cancelOrphanRequests(m: Model, s: MakState): void {
  for (let i = 0; i < s.rqOn.length; i++) if (s.rqOn[i] && s.rqLand[i] === s.turn + 1 && s.status[s.rqObs[i]] & DEAD) s.rqOn[i] = 0;
}

function batteryRow(m: Model, b: number): number {
  return airRow(m, m.na + b);
}

/** Units that may be assigned by `side` this turn: alive aircraft not yet assigned. */
export function nextToCommit(m: Model, s: MakState, side: number): number {
  for (let a = 0; a < m.na; a++) if (m.aside[a] === side && !(s.air[a] & (A_DEAD | A_SET))) return a;
  return -1;
}

/** Start of turn: every surviving aircraft is free to be assigned again ([10.1.3]). */
export function resetAir(m: Model, s: MakState): boolean {
  let any = false;
  for (let a = 0; a < m.na; a++) {
    if (s.air[a] & A_DEAD) continue;
    s.air[a] &= A_DEAD | A_ARMLESS;
    any = true;
  }
  return any;
}

/** Dog-fight and breakthrough after both commitments are revealed ([10.2], [10.3]). */
export function resolveAirWar(m: Model, s: MakState, ctx: PlayContext): void {
  const tot = [0, 0];
  const cnt = [0, 0];
  for (let a = 0; a < m.na; a++) if (s.air[a] & A_AIR && !(s.air[a] & A_DEAD)) { tot[m.aside[a]] += s.aDf[a] + s.eqLaser[a]; cnt[m.aside[a]]++; } // +1 per laser marker ([11.4.3])
  if (ctx.log) ctx.log(`-- air commitment, turn ${s.turn}: air combat mercenary ${cnt[0]} (${tot[0]}), strahl ${cnt[1]} (${tot[1]})`);
  if (cnt[0] > 0 && cnt[1] > 0) {
    const att = m.body.attackingPlayer === 'mercenary' ? 0 : 1;
    const x = tot[0] > tot[1] ? 0 : tot[1] > tot[0] ? 1 : att;
    const col = ratioColumn(m.data.dogfight.ratios, tot[x], tot[1 - x]);
    const d = ctx.dice.die(6);
    const [lx, ly] = m.data.dogfight.cells[d - 1][col];
    if (ctx.log) ctx.log(`  dog-fight: ${x === 0 ? 'mercenary' : 'strahl'} aggressor, column ${m.data.dogfight.ratios[col]}:1, 1d6 ${d}: losses ${lx}/${ly}`);
    loseAir(m, s, ctx, x, A_AIR, lx);
    loseAir(m, s, ctx, 1 - x, A_AIR, ly);
    cnt[0] = 0;
    cnt[1] = 0;
    for (let a = 0; a < m.na; a++) if (s.air[a] & A_AIR && !(s.air[a] & A_DEAD)) cnt[m.aside[a]]++;
  }
  for (const x of [0, 1]) {
    const n = breakthroughUnits(cnt[x], cnt[1 - x]);
    if (n <= 0) continue;
    let ground = 0;
    for (let a = 0; a < m.na; a++) if (m.aside[a] === 1 - x && s.air[a] & A_GROUND && !(s.air[a] & A_DEAD)) ground++;
    if (ground === 0) continue;
    const d = ctx.dice.die(6);
    const loss = m.data.dogfight.breakthrough[d - 1];
    if (ctx.log) ctx.log(`  breakthrough by ${n} ${x === 0 ? 'mercenary' : 'strahl'} aircraft: 1d6 ${d}, loss ${loss}`);
    loseAir(m, s, ctx, 1 - x, A_GROUND, loss);
  }
}

/** Removes aircraft of `side` on `mission` whose ratings come as close to `loss` as possible without exceeding it ([10.2.1], [10.2.2]). */
function loseAir(m: Model, s: MakState, ctx: PlayContext, side: number, mission: number, loss: number): void {
  if (loss <= 0) return;
  const ids: number[] = [];
  const r: number[] = [];
  const v: number[] = [];
  for (let a = 0; a < m.na; a++) if (m.aside[a] === side && s.air[a] & mission && !(s.air[a] & A_DEAD)) { ids.push(a); r.push(s.aDf[a] + s.eqLaser[a]); v.push(m.avp[a]); }
  const mask = allocateLoss(r, v, loss);
  ids.forEach((a, i) => {
    if (!(mask & (1 << i))) return;
    killAircraft(m, s, a);
    if (ctx.log) ctx.log(`  ${m.aid[a]} shot down`);
  });
}

export function killAircraft(m: Model, s: MakState, a: number): void {
  s.air[a] |= A_DEAD;
  s.ogp[1 - m.aside[a]] += m.avp[a];
}

/** Strafing weapons: the aircraft's own, or an equipment marker ([11.4.2]). */
export const ARM_OWN = 0;
export const ARM_BOMB = 1;
export const ARM_MISSILE = 2;
export const ARM_LASER = 3;
export const ARM_NAMES = ['its weapon', 'a bomb', 'a missile', 'its laser equipment'];

/** Does aircraft a still carry equipment `arm` (ARM_OWN: always)? */
export function hasArm(s: MakState, a: number, arm: number): boolean {
  return arm === ARM_OWN || (arm === ARM_BOMB ? s.eqBomb[a] : arm === ARM_MISSILE ? s.eqMissile[a] : s.eqLaser[a]) > 0;
}

/** May aircraft a strafe unit t now ([10.4])? */
export function canStrafe(m: Model, s: MakState, a: number, t: number): boolean {
  if (m.aside[a] !== s.phaseSide || (s.air[a] & (A_DEAD | A_GROUND | A_USED | A_ARMLESS)) !== A_GROUND) return false;
  return strafeable(m, s, a, t);
}

/** Is unit t a target for a strafe of aircraft a, whatever the aircraft's mission ([10.4]): a living enemy in a hex free of a's side. */
export function strafeable(m: Model, s: MakState, a: number, t: number): boolean {
  return m.uside[t] !== m.aside[a] && !(s.status[t] & DEAD) && !hexHasSide(m, s, s.hex[t], m.aside[a]);
}

/** Unit f's weapon against a strafing aircraft a ([10.4.1]): its best ready defensive weapon (the first of equal target numbers); -1 when none. */
export function aaWeapon(m: Model, s: MakState, f: number, a: number): number {
  let best = -1;
  let bestT = -1e9;
  for (let w = 0; w < MAX_W; w++) {
    if (!weaponReady(m, s, f, w, K_DEFENSIVE)) continue;
    const T = aaTarget(m, s, f, w, a);
    if (T > bestT) { bestT = T; best = w; }
  }
  return best;
}

/** The target number of unit f's weapon w against aircraft a: no terrain and no range modifier ([10.4.3]). */
export function aaTarget(m: Model, s: MakState, f: number, w: number, a: number): number {
  return m.watk[f * MAX_W + w] + s.pAtk[f] - (m.adef[a] + s.aPDef[a]);
}

/** The weapon type of a strafe with `arm` ([11.4.2]): a bomb read as a gun (G: engine reading), a missile M, the aircraft's own or the laser marker L. */
export function strafeWeaponType(arm: number): number {
  return arm === ARM_BOMB ? WT_G : arm === ARM_MISSILE ? WT_M : WT_L;
}

/** The target number of aircraft a strafing unit t with `arm` ([10.4.2], [11.4.2]): terrain applies, no range modifier. */
export function strafeTarget(m: Model, s: MakState, a: number, t: number, arm: number): number {
  const eq = m.data.rules.equipment;
  const atk = arm === ARM_BOMB ? eq.bomb : arm === ARM_MISSILE ? eq.missile : arm === ARM_LASER ? eq.laser : m.aatk[a];
  return atk + s.aPAtk[a] - (m.udef[t] + s.pDef[t]) + m.hexAtk[(s.hex[t] * 6 + strafeWeaponType(arm)) * 2 + (m.ustack[t] === 2 ? 1 : 0)] + (s.status[t] & IMMOBILE ? m.data.rules.immobilizedBonus : 0);
}

/**
 * Air-to-ground attack ([10.4.1]): every anti-phase unit in the target hex fires once at the aircraft
 * (its best ready weapon; no terrain and no range modifier, [10.4.3]); a survivor attacks with its
 * own weapon (terrain applies, no range modifier, [10.4.2]) and goes to Used. D or M destroys an
 * aircraft ([5.1.2]); A disarms it.
 */
export function strafe(m: Model, s: MakState, ctx: PlayContext, a: number, t: number, arm = ARM_OWN): void {
  const h = s.hex[t];
  const o = m.opt;
  const mode = o.diceMode === 'product' ? PRODUCT : SUM;
  if (ctx.log) ctx.log(`${m.aid[a]} strafes ${m.uid[t]} in ${m.grid.id(h)}`);
  for (let f = 0; f < m.nu && !(s.air[a] & A_DEAD); f++) {
    if (s.hex[f] !== h || m.uside[f] === m.aside[a] || s.status[f] & (DEAD | ARMLESS | BROKEN)) continue;
    const best = aaWeapon(m, s, f, a);
    if (best < 0) continue;
    const bestT = aaTarget(m, s, f, best, a);
    const d1 = ctx.dice.die(6);
    const d2 = ctx.dice.die(6);
    const row = rowOf(m, f, best);
    ctx.tally.add(row, M.col.shots);
    ctx.tally.add(row, M.col.defensiveShots);
    spendUsage(m, s, ctx, f, best, d1, d2);
    const hit = hitOutcome(d1, d2, bestT, mode, o.snakeEyesAutoHit);
    let res = R_NONE;
    if (hit !== MISS) {
      ctx.tally.add(row, M.col.hits);
      res = hit === HIT_AUTO_D ? R_D : enduranceResult(m.adur[a], ctx.dice.die(6) + ctx.dice.die(6));
    }
    if (ctx.log) ctx.log(`  AA ${m.uid[f]} -> ${m.aid[a]}: T ${bestT}, dice (${d1},${d2}): ${hit === MISS ? 'miss' : `hit, ${RESULT_NAMES[res]}`}`);
    if (res === R_M && m.apk41[a] >= 0 && o.hornisseMLanding) {
      // Spec §6 A28: an M on a Hornisse in flight; it lands at once within the landing radius (the owner's choice, frame mLand).
      s.air[a] = (s.air[a] & ~A_GROUND) | A_DEAD | A_LANDED | A_USED | A_MLAND;
      if (ctx.log) ctx.log(`  ${m.aid[a]} is immobilized in flight: it must land within ${m.data.rules.hornisseLandingRadius} hexes (A28)`);
    } else if (res === R_D || res === R_M) {
      killAircraft(m, s, a);
      ctx.tally.add(row, M.col.kills);
    } else if (res === R_A) s.air[a] |= A_ARMLESS;
  }
  s.air[a] |= A_USED;
  if (s.air[a] & (A_DEAD | A_ARMLESS) || s.status[t] & DEAD) return;
  const row = airRow(m, a);
  // [11.4.2]: a bomb (read as a gun, G: engine reading) or a missile (M) once, the laser marker (L) any number of times.
  const wt = strafeWeaponType(arm);
  const T = strafeTarget(m, s, a, t, arm);
  if (arm === ARM_BOMB) s.eqBomb[a]--;
  else if (arm === ARM_MISSILE) s.eqMissile[a]--;
  const d1 = ctx.dice.die(6);
  const d2 = ctx.dice.die(6);
  if (arm === ARM_LASER && laserDepletes(d1, d2)) {
    s.eqLaser[a]--; // the marker's laser is spent after this shot ([11.4.2], [11.2.1])
    if (ctx.log) ctx.log(`  ${m.aid[a]}'s laser equipment is depleted`);
  }
  ctx.tally.add(row, M.col.shots);
  const hit = hitOutcome(d1, d2, T, mode, o.snakeEyesAutoHit);
  let res = R_NONE;
  if (hit !== MISS) {
    ctx.tally.add(row, M.col.hits);
    res = hit === HIT_AUTO_D ? R_D : enduranceResult(m.udur[t], combine(ctx.dice.die(6), ctx.dice.die(6), o.enduranceDiceMode === 'product' ? PRODUCT : SUM));
  }
  if (ctx.log) ctx.log(`  ${m.aid[a]} -> ${m.uid[t]}${arm === ARM_OWN ? '' : ` (${ARM_NAMES[arm]})`}: T ${T}, dice (${d1},${d2}): ${hit === MISS ? 'miss' : `hit, endurance ${RESULT_NAMES[res]}`}`);
  if (res === R_D) ctx.tally.add(row, M.col.D);
  if (res !== R_NONE) applyResult(m, s, ctx, t, res, -1, 0);
  if (res === R_D && wt !== WT_L) maybeIgnite(m, s, ctx, h); // [19.4.1]: a D by G or M on a building
}

export { A_AIR, A_GROUND, A_SET, WT_R };
void WT_R;
