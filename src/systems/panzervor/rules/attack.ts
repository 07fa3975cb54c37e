/**
 * An attack (seed p10-p11, p13, p14; spec §3.5-3.8, §3.10.3, §3.13): its declaration (armour by
 * the attacker's position in the target's arcs, the turret turned to bear, the wreck and turret
 * modifiers), whether the roll hits or destroys with the abilities used so far, which characters
 * could still change a roll's outcome, and the destruction of the target with the victory check.
 * The order of the rolls and of the decisions between them is decisions/sequence.ts's.
 */
import { rotate, relativeCode, ARC_FRONT, ARC_SIDE, ARC_REAR, ARC_FRONT_SIDE, ARC_SIDE_REAR } from '../../../core/geometry/hex/index.ts';
import type { PlayContext } from '../../../core/system.ts';
import { AB_ATT_ATTACK, AB_ATT_DAMAGE, AB_DEF_DAMAGE, END_ELIMINATION, END_FLAG, FACE_BACK, FACE_LOST, FACE_REMOVED, INOP_NONE, type PvState } from '../state.ts';
import { MATCH_FLAG, codeOf, tankName, type PvStatic } from '../model.ts';
import { C_KILLS, C_LOST, C_POINTS, C_SHOTS, X_KILLS, X_SHOTS } from '../metrics.ts';
import { anyWreck, wreckAt } from './board.ts';
import { faceVal, onTank } from './crew.ts';
import { endGame } from './deck.ts';
import { NOT_ELIGIBLE, eligibility } from './fire.ts';
import { attackHits, destroys, extremeMode, rangeModifier } from './rolls.ts';

/**
 * Declares the attack of layer L (0 = the active player's, 1 = a Quick Shot against it): tank t's
 * gun g at `tgt` with the card's attack and damage modifiers. Under Turret Rotation the smallest
 * rotation bringing the target into the turret's front arc is made now (seed p13, A-14); the
 * armour is the one of the target's arc the attacker stands in (seed p11, spec §3.2, A-01).
 */
export function declareAttack(G: PvStatic, s: PvState, ctx: PlayContext, L: number, t: number, g: number, tgt: number, cardMod: number, dmgMod: number, noRoll: boolean): void {
  const slot = 2 * t + g;
  const rot = eligibility(G, s, t, g, tgt, cardMod, noRoll);
  let turretMod = 0;
  if (G.opt.turretRotation && !G.gFixed[slot]) {
    if (rot !== 0 && rot !== NOT_ELIGIBLE) {
      s.turret[t] = rotate(s.turret[t], rot);
      s.rotUsed[t] += Math.abs(rot);
      s.rotTurn[t] = s.turn;
    }
    const rotated = G.opt.turretPenaltyScope === 'rotatedForThisAttack' ? rot !== 0 && rot !== NOT_ELIGIBLE : s.rotTurn[t] === s.turn;
    if (rotated) turretMod = G.rules.turretRotatePenalty;
  }
  const a = s.hex[t];
  const b = s.hex[tgt];
  let wreckMod = 0;
  if (G.opt.wreckage && G.opt.wreckLos === 'minusOne' && anyWreck(G, s)) {
    // -1 once if the line crosses the interior of a wreck hex; the end hexes never count (p13).
    const cr = G.los.crossed(a, b);
    for (let i = 0; i < cr.length; i++) {
      if (wreckAt(G, s, cr[i])) {
        wreckMod = G.rules.wreckLosMod;
        break;
      }
    }
  }
  s.layer = L;
  s.aAtt[L] = t;
  s.aGun[L] = g;
  s.aTgt[L] = tgt;
  const d = G.grid.distance(a, b);
  s.aDist[L] = d;
  s.aMod[L] = G.tSize[tgt] + cardMod + wreckMod + turretMod;
  s.aCardMod[L] = cardMod;
  s.aDmgMod[L] = dmgMod;
  s.aNoRoll[L] = noRoll;
  s.aNat[L] = -1;
  s.aDNat[L] = -1;
  s.aAttAb[L] = 0;
  s.aDefAb[L] = 0;
  s.aAttDAb[L] = 0;
  s.aDefDAb[L] = 0;
  s.aDecided[L] = 0;
  // Armour by the attacker's position in the target's arcs (seed p11, spec §3.2).
  const ft = 3 * tgt;
  if (G.opt.simplifiedArmour) {
    s.aArmour[L] = G.tArm[ft + 1];
    s.aArmour2[L] = -1;
  } else {
    const arc = G.arcTab[relativeCode(codeOf(G, b, a), s.facing[tgt])];
    let x: number;
    let y = -1;
    switch (arc) {
      case ARC_FRONT: x = G.tArm[ft]; break;
      case ARC_SIDE: x = G.tArm[ft + 1]; break;
      case ARC_REAR: x = G.tArm[ft + 2]; break;
      case ARC_FRONT_SIDE: x = G.tArm[ft]; y = G.tArm[ft + 1]; break;
      case ARC_SIDE_REAR: x = G.tArm[ft + 1]; y = G.tArm[ft + 2]; break;
      default: x = G.tArm[ft]; y = G.tArm[ft + 2]; break; // front/rear boundary
    }
    if (y >= 0) {
      const mode = G.opt.arcBoundaryArmour;
      if (mode === 'defender') x = Math.max(x, y);
      else if (mode === 'attacker') x = Math.min(x, y);
      else {
        s.aArmour2[L] = y; // decided by a die at the damage roll
      }
      if (mode !== 'random') y = -1;
    }
    s.aArmour[L] = x;
    if (y < 0) s.aArmour2[L] = -1;
  }
  ctx.tally.add(G.gRow[slot], C_SHOTS);
  ctx.tally.addScalar(X_SHOTS);
}

/** The attack roll of layer L hits with these ability modifiers (seed p10-p11, rules/rolls.ts attackHits). */
export function hitNow(G: PvStatic, s: PvState, L: number, attAb: number, defAb: number): boolean {
  return attackHits(s.aNat[L], s.aMod[L] + attAb + defAb, s.aDist[L], G.opt.extremeRangeFrom, extremeMode(G.opt.extremeRangeNeeds), s.aCardMod[L] + attAb);
}

/** The damage roll of layer L destroys the target with these ability modifiers (seed p11, rules/rolls.ts destroys). */
export function destroyedNow(G: PvStatic, s: PvState, L: number, attAb: number, defAb: number): boolean {
  const fp = G.gFp[2 * s.aAtt[L] + s.aGun[L]];
  const mods = s.aDmgMod[L] + rangeModifier(G.rules.damageRangeMods, s.aDist[L]) + attAb + defAb;
  return destroys(s.aDNat[L], fp, mods, s.aArmour[L]);
}

/**
 * Characters whose ability on this roll would change its outcome (just-in-time use; spec §7.3).
 * `role` AB_*: attacker or defender, attack or damage roll. Writes characters into out, returns count.
 * Using an ability that cannot change the outcome would only exhaust the counter, so it is not
 * offered (RULES.md).
 */
export function decisiveChars(G: PvStatic, s: PvState, L: number, role: number, out: number[] | null): number {
  const damage = role === AB_ATT_DAMAGE || role === AB_DEF_DAMAGE;
  const attacker = role === AB_ATT_ATTACK || role === AB_ATT_DAMAGE;
  const t = attacker ? s.aAtt[L] : s.aTgt[L];
  const table = damage ? (attacker ? G.cDmg : G.cDefDmg) : attacker ? G.cAtk : G.cDefAtk;
  const sim = G.opt.abilityOrder === 'simultaneous';
  const curAtt = damage ? s.aAttDAb[L] : s.aAttAb[L];
  const curDef = damage ? s.aDefDAb[L] : s.aDefAb[L];
  let n = 0;
  for (let c = 0; c < G.nC; c++) {
    if (!onTank(s, c, t)) continue;
    const v = faceVal(s, table, c);
    if (v === 0) continue;
    let useful = false;
    const outcome = damage ? destroyedNow : hitNow;
    if (attacker) {
      useful = !outcome(G, s, L, curAtt, curDef) && outcome(G, s, L, curAtt + v, curDef);
      if (sim && !useful) {
        // The defender may still answer: useful if decisive against the defender's possible use.
        const dv = bestDefValue(G, s, L, damage);
        useful = dv !== 0 && !outcome(G, s, L, curAtt, curDef + dv) && outcome(G, s, L, curAtt + v, curDef + dv);
      }
    } else {
      useful = outcome(G, s, L, curAtt, curDef) && !outcome(G, s, L, curAtt, curDef + v);
      if (sim && !useful) {
        const av = bestAttValue(G, s, L, damage);
        useful = av !== 0 && outcome(G, s, L, curAtt + av, curDef) && !outcome(G, s, L, curAtt + av, curDef + v);
      }
    }
    if (useful) {
      if (out) out[n] = c;
      n++;
    }
  }
  return n;
}

function bestDefValue(G: PvStatic, s: PvState, L: number, damage: boolean): number {
  const t = s.aTgt[L];
  const table = damage ? G.cDefDmg : G.cDefAtk;
  let best = 0;
  for (let c = 0; c < G.nC; c++) if (onTank(s, c, t)) best = Math.min(best, faceVal(s, table, c));
  return best;
}

function bestAttValue(G: PvStatic, s: PvState, L: number, damage: boolean): number {
  const t = s.aAtt[L];
  const table = damage ? G.cDmg : G.cAtk;
  let best = 0;
  for (let c = 0; c < G.nC; c++) if (onTank(s, c, t)) best = Math.max(best, faceVal(s, table, c));
  return best;
}

/**
 * The target of layer L is destroyed: its wreck stays (Wreckage) or it leaves the map, its crew is
 * removed, the points go to the attacker; the match ends the moment a flag tank or the
 * last tank of a side is destroyed (seed p14).
 */
export function destroyTank(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  const tgt = s.aTgt[L];
  const att = s.aAtt[L];
  const attSide = G.tSide[att];
  const tgtSide = G.tSide[tgt];
  s.alive[tgt] = 0;
  if (G.opt.wreckage) s.wreck[tgt] = 1;
  else s.hex[tgt] = -1;
  s.immobile[tgt] = 0;
  s.inop[tgt] = INOP_NONE;
  for (let c = 0; c < G.nC; c++) {
    if (s.chTank[c] === tgt) {
      s.chTank[c] = -1;
      if (s.chFace[c] <= FACE_BACK) s.chFace[c] = G.opt.characterOnDestroyedTank === 'lost' ? FACE_LOST : FACE_REMOVED;
    }
  }
  const pts = G.tPts[tgt];
  if (ctx.log) ctx.log(`${tankName(G, tgt)} is destroyed (${pts} points)`);
  s.pointsKilled[attSide] += pts;
  s.tanksLost[tgtSide]++;
  const row = G.gRow[2 * att + s.aGun[L]];
  ctx.tally.add(row, C_KILLS);
  ctx.tally.add(row, C_POINTS, pts);
  ctx.tally.addScalar(X_KILLS);
  for (let g = 0; g < G.nG[tgt]; g++) ctx.tally.add(G.gRow[2 * tgt + g], C_LOST);
  // Victory is checked the moment a tank is destroyed (seed p14).
  if (G.matchType === MATCH_FLAG && G.tFlag[tgt]) {
    endGame(s, attSide, END_FLAG);
    return;
  }
  for (const t of G.sideTanks[tgtSide]) if (s.alive[t]) return;
  endGame(s, 1 - tgtSide, END_ELIMINATION);
}
