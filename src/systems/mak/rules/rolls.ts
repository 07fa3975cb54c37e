/**
 * The roll procedures of Ma.K as pure functions of the natural dice (no rng inside): the engine,
 * the exact odds (odds.ts), the agents and the tests all call these, so sampled and exact numbers
 * come from one definition. Dice faces are 1..6.
 */

export const SUM = 0;
export const PRODUCT = 1;

/** Result codes of an attack (spec §3.1.4). */
export const R_NONE = 0;
export const R_M = 1;
export const R_A = 2;
export const R_D = 3;
export const RESULT_NAMES = ['-', 'M', 'A', 'D'] as const;

export function resultCode(letter: string): number {
  return letter === 'D' ? R_D : letter === 'A' ? R_A : letter === 'M' ? R_M : R_NONE;
}

/** The hit roll R of two dice ([5.1.1] Special Note). */
export function combine(d1: number, d2: number, mode: number): number {
  return mode === PRODUCT ? d1 * d2 : d1 + d2;
}

/** Attack target = (attack + pilot attack) - (defense + pilot defense) + modifiers ([5.1.1], [18.1.2]). */
export function attackTarget(attack: number, pilotAtk: number, defense: number, pilotDef: number, mods: number): number {
  return attack + pilotAtk - (defense + pilotDef) + mods;
}

/** Hit outcome of an attack roll. */
export const MISS = 0;
export const HIT = 1;
/** A hit on the natural (1,1): automatic D, no endurance roll ([5.1.2] "*"). */
export const HIT_AUTO_D = 2;

/**
 * Hit test ([5.1.1] 3): hit iff T >= 0 and R <= T. A natural (1,1) that hits is an automatic D
 * ([5.1.2]); with `snakeEyesAlways` (spec §6 A2 reading ii) (1,1) always hits and destroys.
 */
export function hitOutcome(d1: number, d2: number, target: number, mode: number, snakeEyesAlways = false): number {
  const snake = d1 === 1 && d2 === 1;
  if (snake && snakeEyesAlways) return HIT_AUTO_D;
  if (target < 0) return MISS;
  if (combine(d1, d2, mode) > target) return MISS;
  return snake ? HIT_AUTO_D : HIT;
}

/** Laser depletion on the natural faces {5,6} or {6,6} ([11.2.1]); faces are unordered. */
export function facesMatch(d1: number, d2: number, faces: ReadonlyArray<readonly [number, number]> | readonly (readonly number[])[]): boolean {
  for (const f of faces) if ((d1 === f[0] && d2 === f[1]) || (d1 === f[1] && d2 === f[0])) return true;
  return false;
}

export function laserDepletes(d1: number, d2: number): boolean {
  return (d1 === 5 && d2 === 6) || (d1 === 6 && d2 === 5) || (d1 === 6 && d2 === 6);
}

/** Vehicle/suit MG breaks on (6,6) ([11.2.2]); infantry MGs never break ([14.2.4]). */
export function mgBreaks(d1: number, d2: number, infantry: boolean): boolean {
  return !infantry && d1 === 6 && d2 === 6;
}

/** Endurance result of a (modified) endurance roll on a class row (rolls above 12 read as 12, below 2 as 2). */
export function enduranceResult(row: readonly string[], roll: number): number {
  const e = roll < 2 ? 2 : roll > 12 ? 12 : roll;
  return resultCode(row[e - 2]);
}

/** Range-adjusted attack ability ([5.1.3] 2): the band's modifier, or null when out of the chart. */
export function rangeMod(upTo: readonly number[], mods: readonly (number | null)[], range: number): number | null {
  for (let i = 0; i < upTo.length; i++) if (range <= upTo[i]) return mods[i];
  return null;
}

/** Morale recovery ([14.3.2]): 1d6 + modifiers <= 4 recovers. */
export function moraleRecovers(d: number, mod: number, atMost = 4): boolean {
  return d + mod <= atMost;
}

/** Arson modifier for n engineer squads (spec §6 A18): 0 for one, -n for two or more. */
export function arsonMod(n: number): number {
  return n >= 2 ? -n : 0;
}

/** Arson ([14.4.2]): 2d6 + modifier <= 5 sets the fire. */
export function arsonSucceeds(roll: number, squads: number, atMost = 5): boolean {
  return roll + arsonMod(squads) <= atMost;
}

/** Fire ignition after a D on a building by M, G or artillery ([19.4.1]): 2d6 <= 4. */
export function fireIgnites(roll: number, atMost = 4): boolean {
  return roll <= atMost;
}

/** Engineer mine detection ([14.4.1]): 1d6 <= 5. */
export function mineDetected(d: number, atMost = 5): boolean {
  return d <= atMost;
}

/** Pilot escape ([18.2.1]): killed on 2d6 >= 4 after D, >= 7 after A or M. */
export function pilotKilled(roll: number, result: number, afterAM = 7, afterD = 4): boolean {
  if (result === R_NONE) return false;
  return roll >= (result === R_D ? afterD : afterAM);
}

/** Pilot VP ([18.2.5]): positive modifiers - |negative modifiers| + rank value. */
export function pilotVp(mods: readonly number[], rankVp: number): number {
  let v = rankVp;
  for (const m of mods) v += m > 0 ? m : m < 0 ? m : 0;
  return v;
}

/** Pilot advancement ([18.3.3]): 1d6 + 1, 7 reads as 6, read on the column; a negative gain counts 0; cap 4. */
export function pilotAdvance(current: number, d: number, column: readonly number[], cap = 4): number {
  const r = Math.min(6, d + 1);
  const gain = Math.max(0, column[r - 1]);
  return Math.min(cap, current + gain);
}

/** Mine strength after an artillery mine shot ([19.1.6]): capped. */
export function mineAfterShot(strength: number, increment: number, cap = 20): number {
  return Math.min(cap, strength + increment);
}

/** Artillery accuracy ([17.2.1]): 0 on target, 1 deviates (one hex in the direction of 1d6), 2 no effect. */
export const ART_HIT = 0;
export const ART_DEVIATE = 1;
export const ART_NONE = 2;
export function artilleryAccuracy(roll: number, n: number, equalIsHit = true): number {
  if (roll < n || (roll === n && equalIsHit)) return ART_HIT;
  if (roll <= n + 2) return ART_DEVIATE;
  return ART_NONE;
}

/** Request codes of [17.1.4]: observer group, requester group, same unit -> code, or '' when illegal. */
export function requestCode(observerGroup: number, requesterGroup: number, sameUnit: boolean): string {
  if (sameUnit) return observerGroup === 1 && requesterGroup === 1 ? 'a' : observerGroup === 2 && requesterGroup === 2 ? 'c' : observerGroup === 3 && requesterGroup === 3 ? 'e' : '';
  if (requesterGroup !== 1) return '';
  return observerGroup === 2 ? 'b' : observerGroup === 3 ? 'd' : '';
}

/** Dog-fight ratio column ([10.2.1]): aggressor / defender rounded down to a column (spec §5.5). */
export function ratioColumn(ratios: readonly number[], aggressor: number, defender: number): number {
  if (defender <= 0) return ratios.length - 1;
  const r = aggressor / defender;
  let c = 0;
  for (let i = 0; i < ratios.length; i++) if (r >= ratios[i]) c = i;
  return c;
}

/**
 * Loss allocation ([10.2.1]): the subset of ratings whose sum is as close as possible to `loss`
 * without going over; ties broken by the fewest VP lost, then the fewest rating points (spec §6 A30),
 * then the lowest bitmask. Returns a bitmask over the units (at most 30).
 */
export function allocateLoss(ratings: readonly number[], vps: readonly number[], loss: number): number {
  const n = ratings.length;
  let best = 0;
  let bestSum = 0;
  let bestVp = 0;
  for (let m = 1; m < 1 << n; m++) {
    let s = 0;
    let v = 0;
    for (let i = 0; i < n; i++) if (m & (1 << i)) { s += ratings[i]; v += vps[i]; }
    if (s > loss) continue;
    if (s > bestSum || (s === bestSum && s > 0 && v < bestVp)) {
      best = m;
      bestSum = s;
      bestVp = v;
    }
  }
  return best;
}

/**
 * Breakthrough ([10.3]): allowed for X if Y assigned no aircraft to air combat, or X's count is at
 * least twice Y's; the number of breakthrough units is count(X) - count(Y). Returns 0 when not allowed.
 */
export function breakthroughUnits(countX: number, countY: number): number {
  if (countX <= 0) return 0;
  if (countY === 0) return countX;
  return countX >= 2 * countY ? countX - countY : 0;
}

/** Stack points ([8.1]): type I 1, type II 2, pilots 0; aircraft count apart ([8.2.4]). */
export function stackPoints(type: number): number {
  return type === 1 ? 1 : type === 2 ? 2 : 0;
}

/** End-of-phase ground stacking of one side in one hex ([8.2], [8.2.3]). */
export function stackLegal(types: readonly number[], neuSpotters: number, limit = 4): boolean {
  let pts = 0;
  let typeII = false;
  for (const t of types) {
    if (t === 3) continue;
    pts += stackPoints(t);
    if (t === 2) typeII = true;
  }
  if (pts > limit) return false;
  if (neuSpotters >= 2 && !typeII) return false;
  return true;
}

/** O.G.P. ("Computing Operational Goal Points"): enemy VP destroyed/immobilized/disarmed + scenario VP - own artillery VP. */
export function ogp(enemyVp: number, scenarioVp: number, artilleryVp: number): number {
  return enemyVp + scenarioVp - artilleryVp;
}

/** Smoke life ([19.2.3]): value of a marker laid in the owner's phase of turn `laid`, seen at the start of the owner's phase of `turn` (0 = gone). */
export function smokeValue(laid: number, turn: number): number {
  const age = turn - laid;
  return age <= 0 ? 2 : age === 1 ? 1 : 0;
}

/** Artillery landing turn ([17.1.6]): requested on turn T, lands on turn T + 1. */
export function artilleryLandsOn(requestTurn: number): number {
  return requestTurn + 1;
}

/** Mine attacks for a unit that passes through k mined hexes (entering and leaving each, [19.1.4]). */
export function mineAttacks(hexesPassed: number): number {
  return 2 * hexesPassed;
}

/** Spotter eligibility ([5.5.1], spec §6 A35): spent at most floor(MP/2) and made no offensive attack. */
export function maySpot(mpSpent: number, mp: number, attacked: boolean): boolean {
  return !attacked && mpSpent <= Math.floor(mp / 2);
}

/** Pinned count ([9.4.1], [9.4.2]): one anti-phase unit per phase unit able to fire and not immobilized. */
export function pinnedCount(phaseUnitsAble: number, antiPhaseUnits: number): number {
  return Math.min(phaseUnitsAble, antiPhaseUnits);
}

/** Infantry charge distance ([14.2.2]): 2 hexes, counted in hexes whatever the road. */
export function chargeHexes(): number {
  return 2;
}

/** NeuSpotter carrying an AMU moves at half its MP ([16.2.5]). */
export function neuSpotterMp(mp: number, carryingAmu: boolean): number {
  return carryingAmu ? Math.floor(mp / 2) : mp;
}
