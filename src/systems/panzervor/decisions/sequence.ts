/**
 * How an Action card resolves (seed p8-p13, spec §3.9.2): the automatic parts between its
 * decisions (dice, the reaction windows that open, the abilities offered after a roll) and the
 * decision each part reaches, pushed as its frame:
 *
 *   card played -> tank -> [move -> W1 -> turret] -> target -> W2 -> attack roll -> ability
 *   -> W3 -> damage roll -> ability -> next tank (tank) / end of the card.
 *
 * Reaction windows W1/W2/W3 are the opponent's decisions (reaction), WR the active player's
 * Eavesdropping answer (eavesdrop); a Quick Shot is resolved as attack layer 1, after which the
 * acting tank goes on where it was interrupted (`resume`). Each decision module's close calls the
 * step that follows it here; nothing here completes a decision, so every frame is pushed while
 * the decision that leads to it is still on top and removed after (decisions.ts `finish`).
 */
import type { PlayContext } from '../../../core/system.ts';
import { Push, NO_SEAL } from '../actions.ts';
import { AK_MOVE_THEN_ATTACK, RE_CANCEL_HIT, RE_MOD, RE_QUICK, tankName, type PvStatic } from '../model.ts';
import { C_HITS, X_ACTIONS, X_HITS } from '../metrics.ts';
import { declareAttack, decisiveChars, destroyTank, destroyedNow, hitNow } from '../rules/attack.ts';
import { cardPlayable, maxTanks } from '../rules/cards.ts';
import { exhaust, faceVal, onTank } from '../rules/crew.ts';
import { hasTarget } from '../rules/fire.ts';
import { quickShotTarget, reactionOptions } from '../rules/reactions.ts';
import { rangeModifier, roll2d6 } from '../rules/rolls.ts';
import { enterEventPhase } from '../rules/turn.ts';
import { AB_ATT_ATTACK, AB_ATT_DAMAGE, AB_DEF_ATTACK, AB_DEF_DAMAGE, DECIDED_ATT, DECIDED_DEF, PHASE_EVENT, W1, W2, W3, isOver, type PvState } from '../state.ts';

// ---------------------------------------------------------------- the card and its tanks

/** The active player plays Action card k (reveal it, then name the tanks, seed p8). */
export function playActionCard(G: PvStatic, s: PvState, ctx: PlayContext, k: number): void {
  s.hand[s.active][k]--;
  s.handSize[s.active]--;
  s.inPlay = k;
  s.card = k;
  s.actionsPlayed++;
  ctx.tally.addScalar(X_ACTIONS);
  s.acted.length = 0;
  s.cardMissed = false;
  s.volleyTarget = -1;
  s.reactUsed = 0;
  nextTank(G, s);
}

/** The next tank to act on the card (decisions/tank.ts), or the end of the card when none may. */
export function nextTank(G: PvStatic, s: PvState): void {
  const k = s.card;
  if (s.acted.length >= maxTanks(G, k) || !cardPlayable(G, s, k)) {
    endCard(G, s);
    return;
  }
  Push.tank(s.pending, s.active, -1, 0);
}

/** The card is over: discarded; after a miss the Action Phase ends too (missEndsActionPhase, A-05). */
export function endCard(G: PvStatic, s: PvState): void {
  s.discard[s.card]++;
  s.inPlay = -1;
  s.card = -1;
  s.acted.length = 0;
  s.volleyTarget = -1;
  s.mvTank = -1;
  s.layer = 0;
  if (s.phase !== PHASE_EVENT && s.missed && G.opt.missEndsActionPhase) enterEventPhase(s);
}

/** Tank t moves on the card: its movement points (card bonus, cardNumberLimitsMovement A-25, whileFaceUp A-22). */
export function startMove(G: PvStatic, s: PvState, t: number): void {
  s.mvTank = t;
  let mp = G.tMove[t] + G.kMp[s.card];
  if (G.opt.cardNumberLimitsMovement && G.kKind[s.card] === AK_MOVE_THEN_ATTACK && G.kNumber[s.card] > 0) mp = Math.min(mp, G.kNumber[s.card]);
  s.mvBonus = 0;
  if (G.opt.movementBonusDuration === 'whileFaceUp') {
    for (let c = 0; c < G.nC; c++) if (onTank(s, c, t)) s.mvBonus += faceVal(s, G.cMov, c);
    mp += s.mvBonus;
  }
  s.mvMp = mp;
  s.mvFree = false;
  s.mvSteps = 0;
  s.mvAbil = false;
  Push.move(s.pending, s.active);
}

/** Tank t attacks on the card (an attack card, or Move or Fire used to fire). */
export function startAttack(s: PvState, t: number): void {
  s.mvTank = t;
  Push.target(s.pending, s.active, -1, 0);
}

/** The move is over: the opponent may answer it (W1, when the tank moved at all), then the turret. */
export function endMove(G: PvStatic, s: PvState, ctx: PlayContext): void {
  if (s.mvSteps > 0 && openWindow(G, s, W1)) return;
  afterMove(G, s, ctx);
}

/** After a tank's move and its W1 window: the turret (optional rule), then the attack part or the next tank. */
export function afterMove(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const t = s.mvTank;
  if (G.opt.turretRotation && hasTurret(G, t) && s.rotUsed[t] < G.tRot[t]) {
    Push.turret(s.pending, s.active);
    return;
  }
  afterTurret(G, s, ctx);
}

function hasTurret(G: PvStatic, t: number): boolean {
  for (let g = 0; g < G.nG[t]; g++) if (!G.gFixed[2 * t + g]) return true;
  return false;
}

/** After the turret: a move-then-attack card's attack when a target is in sight, else the next tank. */
export function afterTurret(G: PvStatic, s: PvState, _ctx: PlayContext): void {
  const k = s.card;
  if (G.kKind[k] === AK_MOVE_THEN_ATTACK && hasTarget(G, s, s.mvTank, G.kAtk[k], G.kNoRoll[k] === 1, -1)) {
    Push.target(s.pending, s.active, -1, 0);
    return;
  }
  nextTank(G, s);
}

// ---------------------------------------------------------------- the attack

/** The acting tank fires gun g at tgt: the attack is declared, W2 may open, then the attack roll. */
export function fire(G: PvStatic, s: PvState, ctx: PlayContext, tgt: number, g: number): void {
  const k = s.card;
  const t = s.acted[s.acted.length - 1];
  if (G.kSame[k] && s.volleyTarget < 0) s.volleyTarget = tgt;
  declareAttack(G, s, ctx, 0, t, g, tgt, G.kAtk[k], G.kDmg[k], G.kNoRoll[k] === 1);
  if (openWindow(G, s, W2)) return;
  rollAttack(G, s, ctx, 0);
}

function sign(v: number): string {
  return v < 0 ? `- ${-v}` : `+ ${v}`;
}

/** The attack roll of layer L (Sharpshooter: none, straight to the damage roll, seed p12), then the abilities. */
export function rollAttack(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  s.layer = L;
  if (s.aNoRoll[L]) {
    // Sharpshooter: no attack roll, straight to the damage roll (seed p12). No Ricochet.
    damageRoll(G, s, ctx, L);
    return;
  }
  s.aNat[L] = roll2d6(ctx.dice);
  s.aAttAb[L] = 0;
  s.aDefAb[L] = 0;
  s.aDecided[L] = 0;
  if (ctx.log) {
    const hit = hitNow(G, s, L, 0, 0);
    ctx.log(`${L === 1 ? 'Quick Shot: ' : ''}${tankName(G, s.aAtt[L])} attack roll 2d6 = ${s.aNat[L]} ${sign(s.aMod[L])} = ${s.aNat[L] + s.aMod[L]} vs distance ${s.aDist[L]}: ${hit ? 'hit' : 'miss'}`);
  }
  nextAbility(G, s, ctx, L, false, NO_SEAL);
}

/** The damage roll of layer L (a boundary armour decided by a die first, arcBoundaryArmour 'random'), then the abilities. */
export function damageRoll(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  s.layer = L;
  ctx.tally.add(G.gRow[2 * s.aAtt[L] + s.aGun[L]], C_HITS);
  ctx.tally.addScalar(X_HITS);
  if (s.aArmour2[L] >= 0) {
    if (ctx.dice.int(2) === 1) s.aArmour[L] = s.aArmour2[L];
    s.aArmour2[L] = -1;
  }
  s.aDNat[L] = roll2d6(ctx.dice);
  s.aAttDAb[L] = 0;
  s.aDefDAb[L] = 0;
  s.aDecided[L] = 0;
  if (ctx.log) {
    const fp = G.gFp[2 * s.aAtt[L] + s.aGun[L]];
    const mods = s.aDmgMod[L] + rangeModifier(G.rules.damageRangeMods, s.aDist[L]);
    ctx.log(`damage roll 2d6 = ${s.aDNat[L]} + firepower ${fp} ${sign(mods)} = ${s.aDNat[L] + fp + mods} vs armour ${s.aArmour[L]}: ${destroyedNow(G, s, L, 0, 0) ? 'destroyed' : 'not destroyed'}`);
  }
  nextAbility(G, s, ctx, L, true, NO_SEAL);
}

/**
 * The after-the-roll ability decisions in the order of option abilityOrder (spec §6 A-02): each
 * side at most once per roll, offered only when its ability would change the outcome
 * (decisions/ability.ts). `sealed` is the attacker's secret choice under 'simultaneous' (NO_SEAL
 * when none), carried in the defender's decision and revealed once both have decided.
 */
export function nextAbility(G: PvStatic, s: PvState, ctx: PlayContext, L: number, damage: boolean, sealed: number): void {
  const attRole = damage ? AB_ATT_DAMAGE : AB_ATT_ATTACK;
  const defRole = damage ? AB_DEF_DAMAGE : AB_DEF_ATTACK;
  const defenderFirst = G.opt.abilityOrder === 'defenderFirst';
  for (let i = 0; i < 2; i++) {
    const role = (i === 0) !== defenderFirst ? attRole : defRole;
    const bit = role === attRole ? DECIDED_ATT : DECIDED_DEF;
    if (s.aDecided[L] & bit) continue;
    if (decisiveChars(G, s, L, role, null) > 0) {
      s.abRole = role;
      const attSide = G.tSide[s.aAtt[L]];
      Push.ability(s.pending, role === attRole ? attSide : 1 - attSide, L, role, sealed);
      return;
    }
    s.aDecided[L] |= bit;
  }
  // Simultaneous: the attacker's secret choice is revealed now.
  if (sealed >= 0) {
    const v = faceVal(s, damage ? G.cDmg : G.cAtk, sealed);
    if (damage) s.aAttDAb[L] += v;
    else s.aAttAb[L] += v;
    exhaust(G, s, ctx, sealed);
  }
  if (damage) finishDamage(G, s, ctx, L);
  else finishAttackRoll(G, s, ctx, L);
}

function finishAttackRoll(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  if (!hitNow(G, s, L, s.aAttAb[L], s.aDefAb[L])) {
    attackMissed(G, s, ctx, L);
    return;
  }
  if (L === 0 && openWindow(G, s, W3)) return;
  damageRoll(G, s, ctx, L);
}

/** The attack of layer L missed (or its hit was cancelled): for the active player's attack, the card and phase may end. */
export function attackMissed(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  if (L === 0) {
    s.missed = true;
    s.cardMissed = true;
  }
  afterAttack(G, s, ctx, L);
}

function finishDamage(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  if (destroyedNow(G, s, L, s.aAttDAb[L], s.aDefDAb[L])) {
    destroyTank(G, s, ctx, L);
    if (isOver(s)) return;
  }
  afterAttack(G, s, ctx, L);
}

function afterAttack(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  if (L === 1) {
    // The Quick Shot is over; the acting tank continues unless it was destroyed ("the enemy action ends").
    s.layer = 0;
    const acting = s.aTgt[1];
    if (!s.alive[acting]) {
      endCard(G, s);
      return;
    }
    if (s.resume === W1) afterMove(G, s, ctx);
    else rollAttack(G, s, ctx, 0);
    return;
  }
  if (s.cardMissed && G.opt.missEndsCard) {
    endCard(G, s);
    return;
  }
  nextTank(G, s);
}

// ---------------------------------------------------------------- reaction windows

/** Opens Reaction window w when the opponent holds a card it may play there (decisions/reaction.ts); true when it did. */
export function openWindow(G: PvStatic, s: PvState, w: number): boolean {
  if (!G.hasReactions || s.reactUsed >= G.rules.reactionsPerAction) return false;
  if (reactionOptions(G, s, w, null, 0) === 0) return false;
  Push.reaction(s.pending, 1 - s.active, w, -1, 0, 0);
  return true;
}

/** Window w closed with no Reaction (or its Reaction was cancelled): the flow it interrupted resumes. */
export function resumeAfterWindow(G: PvStatic, s: PvState, ctx: PlayContext, w: number): void {
  if (w === W1) afterMove(G, s, ctx);
  else if (w === W2) rollAttack(G, s, ctx, 0);
  else damageRoll(G, s, ctx, 0);
}

/**
 * Reaction card k played in window w resolves (placeholder effects, spec §5.3): an attack modifier,
 * Ricochet (the hit cancelled or re-rolled, ricochetMode), or a Quick Shot by `firer`'s gun `gun`
 * at the tank that moved or attacks, resolved before the action goes on.
 */
export function resolveReaction(G: PvStatic, s: PvState, ctx: PlayContext, w: number, k: number, firer: number, gun: number): void {
  switch (G.kKind[k]) {
    case RE_MOD:
      s.aMod[0] += G.kRMod[k];
      rollAttack(G, s, ctx, 0);
      return;
    case RE_CANCEL_HIT:
      if (ctx.log) ctx.log(`${G.kName[k]}: ${G.opt.ricochetMode === 'reroll' ? 'the attack roll is re-rolled' : 'the hit is cancelled'}`);
      if (G.opt.ricochetMode === 'reroll') rollAttack(G, s, ctx, 0);
      else attackMissed(G, s, ctx, 0);
      return;
    case RE_QUICK: {
      s.resume = w;
      const tgt = quickShotTarget(s, w);
      declareAttack(G, s, ctx, 1, firer, gun, tgt, G.kRMod[k], 0, false);
      rollAttack(G, s, ctx, 1);
      return;
    }
    default:
      resumeAfterWindow(G, s, ctx, w);
  }
}
