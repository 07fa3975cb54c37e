/**
 * The Panzer Vor! state machine: every decision is an explicit pending step with a small set of
 * int action codes (codes.ts). `apply` resolves the chosen action and then runs the automatic
 * parts (dice, draws, resolution) up to the next decision or the end of the match.
 *
 * Turn: Draw -> Action -> Event -> End (seed p8). Card resolution (spec §3.9.2):
 *   S_ACTION card -> S_TANK -> [S_MOVE steps -> W1 -> S_TURRET] -> S_TARGET -> W2 -> roll
 *   -> S_ABIL (after seeing the dice) -> W3 -> damage roll -> S_ABIL -> next tank / end of card.
 * Reaction windows W1/W2/W3 are decisions of the opponent (S_REACT); WR is the active player's
 * Eavesdropping answer (S_EAVES). A Quick Shot is resolved as attack layer 1.
 */
import { newDecisionStack } from '../../core/decision/stack.ts';
import type { PlayContext } from '../../core/system.ts';
import { rotate, opposite, relativeCode, ARC_FRONT, ARC_SIDE, ARC_REAR, ARC_FRONT_SIDE, ARC_SIDE_REAR } from '../../core/geometry/hex/index.ts';
import {
  A_PASS, Action, Frames, K, MAINT_REPAIR, MAINT_TAKE, MAINT_WRECK, SLOT_AIDE, SLOT_COMBAT_SENSE, SLOT_RECOVERY, STEP_ABILITY_BASE, STEP_FORWARD,
  STEP_REVERSE, STEP_TURN_BASE, TURN_KS, turnOfStep,
} from './actions.ts';
import {
  AB_ATT_ATTACK, AB_ATT_DAMAGE, AB_DEF_ATTACK, AB_DEF_DAMAGE, END_ELIMINATION, END_FLAG, END_NONE, END_TURN_LIMIT, FACE_BACK,
  FACE_FRONT, FACE_LOST, FACE_REMOVED, INOP_NONE, INOP_SCENARIO, INOP_THIS_TURN, PHASE_ACTION, PHASE_END, PHASE_EVENT, PHASE_SETUP,
  DECIDED_ATT, DECIDED_DEF, SEALED, REC_ABILITY, REC_CARD, S_ABIL, S_ACTION, S_DISCARD, S_EAVES, S_EVENT, S_MAINT, S_MOVE, S_OVER, S_PLACE, S_PLACE_CHAR, S_REACT,
  S_RECOVER, S_TANK, S_TARGET, S_TURRET, W1, W2, W3, WR, type PvState,
} from './state.ts';
import { AK_ATTACK, AK_MOVE, AK_MOVE_OR_ATTACK, AK_MOVE_THEN_ATTACK, AK_SMOKE, EV_DRAW, EV_MAINT, K_ACTION, K_ENFORCEMENT, K_EVENT, K_REACTION, MATCH_FLAG, RE_CANCEL_HIT, RE_CANCEL_REACTION, RE_MOD, RE_QUICK, SC_DRAW, SC_EXTRA_ACTION, SC_REPAIR, codeOf, tankName, type PvStatic } from './model.ts';
import { C_FIELDED, C_HITS, C_KILLS, C_LOST, C_POINTS, C_SHOTS, X_ACTIONS, X_ENF, X_EVENTS, X_HITS, X_KILLS, X_REACTIONS, X_SHOTS } from './metrics.ts';
import { attackHits, destroys, extremeMode, rangeModifier, roll2d6 } from './rules/rolls.ts';
import { anyWreck, canLeave, otherTankAt, stepCost, tankAt, turnCost, wreckAt } from './rules/board.ts';
import { exhaust, faceFlag, faceVal, hasChar, onTank, pendingFreeChar } from './rules/crew.ts';

export { pendingFreeChar };
import { addToHand, drawCard, endGame } from './rules/deck.ts';
import { NOT_ELIGIBLE, canAct, eligibility, hasTarget } from './rules/fire.ts';

// Re-exported for tests, tools and the agents.
export { boardIndex, canSee, inFrontArc, otherTankAt, stepCost, tankAt, turnCost, turretDir, wreckAt, type Board } from './rules/board.ts';
export { drawCard, randomChoice } from './rules/deck.ts';
export { NOT_ELIGIBLE, eligibility } from './rules/fire.ts';


// ============================================================================ new game

export function newState(G: PvStatic): PvState {
  const nT = G.nT;
  const z = () => new Array<number>(nT).fill(0);
  const two = () => [0, 0];
  return {
    hex: new Array<number>(nT).fill(-1),
    facing: z(),
    turret: z(),
    alive: new Array<number>(nT).fill(1),
    wreck: z(),
    immobile: Array.from(G.tStartImmobile),
    inop: Array.from(G.tStartInop, (v) => (v ? INOP_SCENARIO : INOP_NONE)),
    rotUsed: z(),
    rotTurn: new Array<number>(nT).fill(-1),
    chFace: Array.from(G.cStartFace),
    chTank: Array.from(G.cStartTank),
    deck: G.deckInit.slice(),
    hand: [new Array<number>(G.nK).fill(0), new Array<number>(G.nK).fill(0)],
    handSize: two(),
    discard: new Array<number>(G.nK).fill(0),
    enfPile: new Array<number>(G.nK).fill(0),
    removed: G.removedInit.slice(),
    inPlay: -1,
    scenarioCards: [G.scenarioCards[0].map((_, i) => i), G.scenarioCards[1].map((_, i) => i)],
    turn: 0,
    active: G.movesFirst,
    phase: PHASE_SETUP,
    step: S_PLACE,
    decider: G.placesFirst,
    placeNext: 0,
    placeQueue: [],
    actionsPlayed: 0,
    allowance: G.rules.actionCardsPerTurn,
    eventsPlayed: 0,
    csUsed: false,
    desperate: false,
    missed: false,
    endDone: [false, false],
    enfDrawn: 0,
    stagArmed: false,
    pointsKilled: two(),
    tanksLost: two(),
    winner: -1,
    endReason: END_NONE,
    smokeHex: [],
    smokeSide: [],
    card: -1,
    cardMode: 0,
    acted: [],
    cardMissed: false,
    volleyTarget: -1,
    reactUsed: 0,
    mvTank: -1,
    mvMp: 0,
    mvFree: false,
    mvSteps: 0,
    mvAbil: false,
    mvBonus: 0,
    layer: 0,
    aAtt: [-1, -1],
    aGun: two(),
    aTgt: [-1, -1],
    aDist: two(),
    aArmour: two(),
    aArmour2: [-1, -1],
    aMod: two(),
    aCardMod: two(),
    aDmgMod: two(),
    aNoRoll: [false, false],
    aNat: [-1, -1],
    aAttAb: two(),
    aDefAb: two(),
    aDNat: [-1, -1],
    aAttDAb: two(),
    aDefDAb: two(),
    aDecided: two(),
    abRole: 0,
    pending: newDecisionStack(),
    resume: 0,
    recSource: REC_CARD,
    recUser: -1,
  };
}

/**
 * Set-up (seed p6, spec §2.1): deck shuffled with the set-up stream, starting hands dealt (the
 * first-moving side first), Enforcement cards purged from them and shuffled back (they do not count
 * as drawn, A-06), fixed placements made; then either the placement decisions or the first turn.
 */
export function newGame(G: PvStatic, setup: { shuffle(deck: number[]): void }, ctx: PlayContext): PvState {
  const s = newState(G);
  setup.shuffle(s.deck);
  const order = [G.movesFirst, 1 - G.movesFirst];
  for (const side of order) for (let i = 0; i < G.startingHand[side] && s.deck.length > 0; i++) addToHand(s, side, s.deck.pop()!);
  const aside: number[] = [];
  for (const side of order) {
    for (;;) {
      let found = 0;
      const h = s.hand[side];
      for (let k = 0; k < G.nK; k++) {
        if (G.kType[k] === K_ENFORCEMENT && h[k] > 0) {
          for (let c = 0; c < h[k]; c++) aside.push(k);
          found += h[k];
          s.handSize[side] -= h[k];
          h[k] = 0;
        }
      }
      if (found === 0) break;
      for (let i = 0; i < found && s.deck.length > 0; i++) addToHand(s, side, s.deck.pop()!);
    }
  }
  if (aside.length > 0) {
    for (const k of aside) s.deck.push(k);
    setup.shuffle(s.deck);
    if (G.opt.stagnationCountSetupEnforcement) {
      s.enfDrawn += aside.length;
      ctx.tally.addScalar(X_ENF, aside.length);
    }
  }
  for (let t = 0; t < G.nT; t++) for (let g = 0; g < G.nG[t]; g++) ctx.tally.add(G.gRow[2 * t + g], C_FIELDED);
  // Fixed placements, then the queue of placements left to the agents.
  const queues: number[][] = [[], []];
  for (let t = 0; t < G.nT; t++) {
    if (G.tStartHex[t] >= 0 && G.tStartFacing[t] >= 0) placeTank(G, s, t, G.tStartHex[t], G.tStartFacing[t]);
    else queues[G.tSide[t]].push(t);
  }
  const first = G.placesFirst;
  if (G.opt.placementOrder === 'alternate') {
    const a = queues[first];
    const b = queues[1 - first];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i < a.length) s.placeQueue.push(a[i]);
      if (i < b.length) s.placeQueue.push(b[i]);
    }
  } else {
    s.placeQueue.push(...queues[first], ...queues[1 - first]);
  }
  continueSetup(G, s, ctx);
  return s;
}


function placeTank(G: PvStatic, s: PvState, t: number, h: number, f: number): void {
  s.hex[t] = h;
  s.facing[t] = f;
  s.turret[t] = G.opt.turretRelativeToHull ? 0 : f;
}

function continueSetup(G: PvStatic, s: PvState, ctx: PlayContext): void {
  if (s.placeNext < s.placeQueue.length) {
    s.step = S_PLACE;
    s.decider = G.tSide[s.placeQueue[s.placeNext]];
    return;
  }
  for (let side = 0; side < 2; side++) {
    for (const c of G.freeChars[side]) {
      if (s.chTank[c] < 0 && s.chFace[c] <= FACE_BACK) {
        s.step = S_PLACE_CHAR;
        s.decider = side;
        return;
      }
    }
  }
  s.active = G.movesFirst;
  startTurn(G, s, ctx);
}

/** Character waiting for free placement (side-level characters), or -1. */

// ============================================================================ turn structure

export function startTurn(G: PvStatic, s: PvState, ctx: PlayContext): void {
  if (G.maxTurns > 0 && s.turn >= G.maxTurns) {
    endGame(s, -1, END_TURN_LIMIT);
    return;
  }
  s.turn++;
  s.phase = PHASE_ACTION;
  s.actionsPlayed = 0;
  s.allowance = G.rules.actionCardsPerTurn;
  s.eventsPlayed = 0;
  s.csUsed = false;
  s.desperate = false;
  s.missed = false;
  s.endDone[s.active] = false;
  for (let t = 0; t < G.nT; t++) s.rotUsed[t] = 0;
  // Smokescreen markers last until their owner's next turn.
  for (let i = s.smokeSide.length - 1; i >= 0; i--) {
    if (s.smokeSide[i] === s.active) {
      s.smokeSide.splice(i, 1);
      s.smokeHex.splice(i, 1);
    }
  }
  for (let i = 0; i < G.rules.drawsPerTurn; i++) {
    drawCard(G, s, ctx, s.active, true);
    if (s.step === S_OVER) return;
  }
  toActionStep(s);
}

function toActionStep(s: PvState): void {
  s.step = S_ACTION;
  s.decider = s.active;
}

function enterEventPhase(s: PvState): void {
  s.phase = PHASE_EVENT;
  s.step = S_EVENT;
  s.decider = s.active;
}

/** Back to the phase's main decision after an ability, a Recovery or an extra card. */
function toPhaseStep(s: PvState): void {
  s.decider = s.active;
  s.step = s.phase === PHASE_EVENT ? S_EVENT : S_ACTION;
}

function enterEndPhase(G: PvStatic, s: PvState, ctx: PlayContext): void {
  s.phase = PHASE_END;
  if (s.handSize[s.active] > G.rules.handLimit) {
    s.step = S_DISCARD;
    s.decider = s.active;
    return;
  }
  endTurn(G, s, ctx);
}

function endTurn(G: PvStatic, s: PvState, ctx: PlayContext): void {
  s.endDone[s.active] = true;
  for (let t = 0; t < G.nT; t++) if (s.inop[t] === INOP_THIS_TURN && G.tSide[t] === s.active) s.inop[t] = INOP_NONE;
  s.active = 1 - s.active;
  startTurn(G, s, ctx);
}



// ============================================================================ cards and the deck





// ============================================================================ characters







// ============================================================================ geometry helpers













// ============================================================================ movement





function stepLegal(G: PvStatic, s: PvState, reverse: boolean): number {
  const t = s.mvTank;
  const c = stepCost(G, s, t, s.hex[t], s.facing[t], reverse);
  if (c < 0 || c > s.mvMp) return -1;
  if (G.opt.cuttingThrough) {
    const dest = G.grid.nbr[s.hex[t] * 6 + (reverse ? opposite(s.facing[t]) : s.facing[t])];
    if (!canLeave(G, s, t, dest, s.facing[t], s.mvMp - c, true, 0)) return -1;
  }
  return c;
}

function movementAbilityChar(G: PvStatic, s: PvState, t: number): number {
  if (s.mvAbil || G.opt.movementBonusDuration !== 'perUse') return -1;
  for (let c = 0; c < G.nC; c++) if (onTank(s, c, t) && faceVal(s, G.cMov, c) !== 0) return c;
  return -1;
}

function startMove(G: PvStatic, s: PvState, t: number): void {
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
  s.step = S_MOVE;
  s.decider = s.active;
}

/** True when the tank may end its move where it stands (no other tank there, Cutting Through). */
function canStop(G: PvStatic, s: PvState): boolean {
  return otherTankAt(G, s, s.hex[s.mvTank], s.mvTank) < 0;
}

function finishMove(G: PvStatic, s: PvState, ctx: PlayContext): void {
  if (s.mvSteps > 0 && openWindow(G, s, W1)) return;
  afterMove(G, s, ctx);
}

/** After a tank's move and its W1 window: turret (optional rule), then the attack part or the next tank. */
function afterMove(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const t = s.mvTank;
  if (G.opt.turretRotation && hasTurret(G, t) && s.rotUsed[t] < G.tRot[t]) {
    s.step = S_TURRET;
    s.decider = s.active;
    return;
  }
  afterTurret(G, s, ctx);
}

function hasTurret(G: PvStatic, t: number): boolean {
  for (let g = 0; g < G.nG[t]; g++) if (!G.gFixed[2 * t + g]) return true;
  return false;
}

function afterTurret(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const k = s.card;
  if (G.kKind[k] === AK_MOVE_THEN_ATTACK && hasTarget(G, s, s.mvTank, G.kAtk[k], G.kNoRoll[k] === 1, -1)) {
    s.step = S_TARGET;
    s.decider = s.active;
    return;
  }
  enterTankStep(G, s);
}

// ============================================================================ action cards

function maxTanks(G: PvStatic, k: number): number {
  if (G.kKind[k] === AK_MOVE && G.opt.moveCardTanks === 'all') return G.nT;
  if (G.kKind[k] === AK_MOVE_OR_ATTACK || G.kKind[k] === AK_MOVE_THEN_ATTACK || G.kKind[k] === AK_SMOKE) return 1;
  return G.kTanks[k];
}

function mayMove(s: PvState, t: number): boolean {
  return canAct(s, t) && !s.immobile[t];
}

/** Modes (bit 0 move, bit 1 attack) in which tank t may use card k now. */
function tankModes(G: PvStatic, s: PvState, t: number, k: number): number {
  if (G.tSide[t] !== s.active || !canAct(s, t) || s.acted.includes(t)) return 0;
  const kind = G.kKind[k];
  const only = G.kSame[k] && s.volleyTarget >= 0 ? s.volleyTarget : -1;
  switch (kind) {
    case AK_MOVE:
      return mayMove(s, t) ? 1 : 0;
    case AK_ATTACK:
      return hasTarget(G, s, t, G.kAtk[k], G.kNoRoll[k] === 1, only) ? 2 : 0;
    case AK_MOVE_OR_ATTACK:
      return (mayMove(s, t) ? 1 : 0) | (hasTarget(G, s, t, G.kAtk[k], false, -1) ? 2 : 0);
    case AK_MOVE_THEN_ATTACK:
      if (mayMove(s, t)) return 1;
      return G.opt.immobileMoveAndAttack === 'attackOnly' && hasTarget(G, s, t, G.kAtk[k], G.kNoRoll[k] === 1, -1) ? 2 : 0;
    default:
      return 1; // smokescreen
  }
}

function cardPlayable(G: PvStatic, s: PvState, k: number): boolean {
  const side = s.active;
  for (const t of G.sideTanks[side]) if (tankModes(G, s, t, k) !== 0) return true;
  return false;
}

function playActionCard(G: PvStatic, s: PvState, ctx: PlayContext, k: number): void {
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
  enterTankStep(G, s);
}

function enterTankStep(G: PvStatic, s: PvState): void {
  const k = s.card;
  if (s.acted.length >= maxTanks(G, k) || !cardPlayable(G, s, k)) {
    endCard(G, s);
    return;
  }
  s.step = S_TANK;
  s.decider = s.active;
}

function endCard(G: PvStatic, s: PvState): void {
  s.discard[s.card]++;
  s.inPlay = -1;
  s.card = -1;
  s.acted.length = 0;
  s.volleyTarget = -1;
  s.mvTank = -1;
  s.layer = 0;
  if (s.phase === PHASE_EVENT) {
    toPhaseStep(s);
    return;
  }
  if (s.missed && G.opt.missEndsActionPhase) {
    enterEventPhase(s);
    return;
  }
  toActionStep(s);
}

// ============================================================================ attacks

function declareAttack(G: PvStatic, s: PvState, ctx: PlayContext, L: number, t: number, g: number, tgt: number, cardMod: number, dmgMod: number, noRoll: boolean): void {
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


function sign(v: number): string {
  return v < 0 ? `- ${-v}` : `+ ${v}`;
}

function hitNow(G: PvStatic, s: PvState, L: number, attAb: number, defAb: number): boolean {
  return attackHits(s.aNat[L], s.aMod[L] + attAb + defAb, s.aDist[L], G.opt.extremeRangeFrom, extremeMode(G.opt.extremeRangeNeeds), s.aCardMod[L] + attAb);
}

function destroyedNow(G: PvStatic, s: PvState, L: number, attAb: number, defAb: number): boolean {
  const fp = G.gFp[2 * s.aAtt[L] + s.aGun[L]];
  const mods = s.aDmgMod[L] + rangeModifier(G.rules.damageRangeMods, s.aDist[L]) + attAb + defAb;
  return destroys(s.aDNat[L], fp, mods, s.aArmour[L]);
}

function rollAttack(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
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
  nextAbility(G, s, ctx, L, false);
}

function damageRoll(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
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
  nextAbility(G, s, ctx, L, true);
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
 * Runs the after-the-roll ability decisions in the order of option abilityOrder (spec §6 A-02):
 * each side at most once per roll, offered only when its ability would change the outcome.
 */
function nextAbility(G: PvStatic, s: PvState, ctx: PlayContext, L: number, damage: boolean): void {
  const attRole = damage ? AB_ATT_DAMAGE : AB_ATT_ATTACK;
  const defRole = damage ? AB_DEF_DAMAGE : AB_DEF_ATTACK;
  const order = G.opt.abilityOrder === 'defenderFirst' ? [defRole, attRole] : [attRole, defRole];
  for (const role of order) {
    const bit = role === attRole ? DECIDED_ATT : DECIDED_DEF;
    if (s.aDecided[L] & bit) continue;
    if (decisiveChars(G, s, L, role, null) > 0) {
      s.abRole = role;
      s.step = S_ABIL;
      const attSide = G.tSide[s.aAtt[L]];
      s.decider = role === attRole ? attSide : 1 - attSide;
      Frames.push(s.pending, 'ability', s.decider, L, role);
      return;
    }
    s.aDecided[L] |= bit;
  }
  // Simultaneous: the attacker's secret choice is revealed now.
  if (Frames.isTop(s.pending, 'secretAbility')) {
    const c = Frames.arg(s.pending, 'secretAbility', 'character');
    Frames.pop(s.pending);
    if (c >= 0) {
      const v = faceVal(s, damage ? G.cDmg : G.cAtk, c);
      if (damage) s.aAttDAb[L] += v;
      else s.aAttAb[L] += v;
      exhaust(G, s, ctx, c);
    }
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

function attackMissed(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  if (L === 0) {
    s.missed = true;
    s.cardMissed = true;
  }
  afterAttack(G, s, ctx, L);
}

function finishDamage(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
  if (destroyedNow(G, s, L, s.aAttDAb[L], s.aDefDAb[L])) {
    destroyTank(G, s, ctx, L);
    if (s.step === S_OVER) return;
  }
  afterAttack(G, s, ctx, L);
}

function destroyTank(G: PvStatic, s: PvState, ctx: PlayContext, L: number): void {
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
  enterTankStep(G, s);
}

// ============================================================================ reactions

/** The enemy tank a Quick Shot in this window must target (spec §3.9.4), or -1. */
function quickShotTarget(s: PvState, w: number): number {
  return w === W1 ? s.mvTank : w === W2 ? s.aAtt[0] : -1;
}

function quickShotFirerOk(G: PvStatic, s: PvState, w: number, f: number): boolean {
  if (G.opt.quickShotFirer === 'targetedTankOnly' && w === W2) return f === s.aTgt[0];
  return true;
}

/** Whether the reacting side has any legal reaction in window w. */
function reactionPossible(G: PvStatic, s: PvState, w: number): boolean {
  if (!G.hasReactions || s.reactUsed >= G.rules.reactionsPerAction) return false;
  const side = 1 - s.active;
  const h = s.hand[side];
  for (let k = 0; k < G.nK; k++) {
    if (h[k] === 0 || G.kType[k] !== K_REACTION || (G.kWin[k] & w) === 0) continue;
    const eff = G.kKind[k];
    if (eff === RE_MOD && w === W2 && !s.aNoRoll[0]) return true;
    if (eff === RE_CANCEL_HIT && w === W3) return true;
    if (eff === RE_QUICK && (w === W1 || w === W2)) {
      const tgt = quickShotTarget(s, w);
      for (const f of G.sideTanks[side]) {
        if (!canAct(s, f) || !quickShotFirerOk(G, s, w, f)) continue;
        for (let g = 0; g < G.nG[f]; g++) if (eligibility(G, s, f, g, tgt, G.kRMod[k], false) !== NOT_ELIGIBLE) return true;
      }
    }
  }
  return false;
}

/** Opens reaction window w if the opponent can answer; returns true when a decision is pending. */
function openWindow(G: PvStatic, s: PvState, w: number): boolean {
  if (!reactionPossible(G, s, w)) return false;
  Frames.push(s.pending, 'reaction', 1 - s.active, w);
  s.step = S_REACT;
  s.decider = 1 - s.active;
  return true;
}

/** Continuation when the reacting side passes (or its Reaction is cancelled). */
function windowContinue(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const w = Frames.arg(s.pending, 'reaction', 'window');
  Frames.pop(s.pending);
  if (w === W1) afterMove(G, s, ctx);
  else if (w === W2) rollAttack(G, s, ctx, 0);
  else damageRoll(G, s, ctx, 0);
}

function playReaction(G: PvStatic, s: PvState, ctx: PlayContext, k: number, firer: number, gun: number): void {
  const side = 1 - s.active;
  s.hand[side][k]--;
  s.handSize[side]--;
  s.discard[k]++;
  s.reactUsed++;
  ctx.tally.addScalar(X_REACTIONS);
  // WR: the active player may answer with Eavesdropping (the only Reaction to a Reaction, p12).
  const h = s.hand[s.active];
  for (let e = 0; e < G.nK; e++) {
    if (h[e] > 0 && G.kType[e] === K_REACTION && G.kKind[e] === RE_CANCEL_REACTION && (G.kWin[e] & WR) !== 0) {
      Frames.push(s.pending, 'eavesdrop', s.active, k, firer, gun);
      s.step = S_EAVES;
      s.decider = s.active;
      return;
    }
  }
  resolveReaction(G, s, ctx, k, firer, gun);
}

/** Resolves Reaction card k (firer, gun: the Quick Shot's) and closes its window. */
function resolveReaction(G: PvStatic, s: PvState, ctx: PlayContext, k: number, firer: number, gun: number): void {
  const w = Frames.arg(s.pending, 'reaction', 'window');
  switch (G.kKind[k]) {
    case RE_MOD:
      s.aMod[0] += G.kRMod[k];
      Frames.pop(s.pending);
      rollAttack(G, s, ctx, 0);
      return;
    case RE_CANCEL_HIT:
      Frames.pop(s.pending);
      if (ctx.log) ctx.log(`${G.kName[k]}: ${G.opt.ricochetMode === 'reroll' ? 'the attack roll is re-rolled' : 'the hit is cancelled'}`);
      if (G.opt.ricochetMode === 'reroll') rollAttack(G, s, ctx, 0);
      else attackMissed(G, s, ctx, 0);
      return;
    case RE_QUICK: {
      s.resume = w;
      Frames.pop(s.pending);
      const tgt = quickShotTarget(s, w);
      declareAttack(G, s, ctx, 1, firer, gun, tgt, G.kRMod[k], 0, false);
      rollAttack(G, s, ctx, 1);
      return;
    }
    default:
      windowContinue(G, s, ctx);
  }
}

// ============================================================================ events, abilities, end phase

function eventPlayable(G: PvStatic, s: PvState, k: number): boolean {
  switch (G.kKind[k]) {
    case EV_DRAW:
      return true;
    case EV_MAINT:
      return maintOptions(G, s, null) > 0;
    default:
      return recoveryOptions(G, s, -1, null) > 0;
  }
}

/** Maintenance/Repair options (spec §3.9.3): repair an own Immobile tank, take a discard, remove a wreck. */
export function maintOptions(G: PvStatic, s: PvState, out: Int32Array | null): number {
  let n = 0;
  for (const t of G.sideTanks[s.active]) if (s.alive[t] && s.immobile[t]) { if (out) out[n] = Action.encode.maintenance(t, MAINT_REPAIR); n++; }
  for (let k = 0; k < G.nK; k++) if (s.discard[k] > 0 && G.kType[k] !== K_ENFORCEMENT) { if (out) out[n] = Action.encode.maintenance(k, MAINT_TAKE); n++; }
  if (G.opt.wreckage) for (let t = 0; t < G.nT; t++) if (!s.alive[t] && s.wreck[t]) { if (out) out[n] = Action.encode.maintenance(t, MAINT_WRECK); n++; }
  return n;
}

/**
 * Recovery targets (seed p8): an own face-down character on the map (turn it up), or an own removed
 * character placed on an own tank (A-15: a tank without a character by default). `user` is the
 * character using the Recovery ability (it cannot recover itself), -1 for the card.
 */
export function recoveryOptions(G: PvStatic, s: PvState, user: number, out: Int32Array | null): number {
  let n = 0;
  const side = s.active;
  for (let c = 0; c < G.nC; c++) {
    if (G.cSide[c] !== side || c === user) continue;
    if (s.chFace[c] === FACE_BACK && s.chTank[c] >= 0) {
      if (out) out[n] = Action.encode.recover(0, c);
      n++;
    } else if (s.chFace[c] === FACE_REMOVED) {
      for (const t of G.sideTanks[side]) {
        if (!s.alive[t]) continue;
        if (G.opt.recoveryTarget === 'emptyTankOnly' && hasChar(G, s, t)) continue;
        if (out) out[n] = Action.encode.recover(t + 1, c);
        n++;
      }
    }
  }
  return n;
}


function anyActionCardPlayable(G: PvStatic, s: PvState): boolean {
  const h = s.hand[s.active];
  for (let k = 0; k < G.nK; k++) if (h[k] > 0 && G.kType[k] === K_ACTION && cardPlayable(G, s, k)) return true;
  return false;
}

/** Special abilities (Combat Sense, Recovery, Aide) usable now by the active player. */
function specialOptions(G: PvStatic, s: PvState, out: Int32Array, n: number): number {
  if (s.phase === PHASE_ACTION && G.opt.specialAbilityPhases === 'eventOnly') return n;
  const side = s.active;
  let csUseful = -1; // computed lazily
  for (let c = 0; c < G.nC; c++) {
    if (G.cSide[c] !== side || s.chTank[c] < 0 || !s.alive[s.chTank[c]] || s.chFace[c] > FACE_BACK) continue;
    if (faceFlag(s, G.cCS, c) && !s.csUsed && !s.desperate && s.actionsPlayed >= s.allowance) {
      if (csUseful < 0) csUseful = anyActionCardPlayable(G, s) ? 1 : 0;
      if (csUseful === 1) out[n++] = Action.encode.ability(SLOT_COMBAT_SENSE, c);
    }
    if (faceFlag(s, G.cRec, c) && recoveryOptions(G, s, c, null) > 0) out[n++] = Action.encode.ability(SLOT_RECOVERY, c);
    if (faceVal(s, G.cAide, c) > 0) out[n++] = Action.encode.ability(SLOT_AIDE, c);
  }
  return n;
}

function scenarioCardOptions(G: PvStatic, s: PvState, out: Int32Array, n: number): number {
  const side = s.active;
  for (const i of s.scenarioCards[side]) {
    const sc = G.scenarioCards[side][i];
    if (sc.effect === SC_EXTRA_ACTION && (s.desperate || s.actionsPlayed < s.allowance || !anyActionCardPlayable(G, s))) continue;
    if (sc.effect === SC_REPAIR && !G.sideTanks[side].some((t) => s.alive[t] && s.immobile[t])) continue;
    out[n++] = Action.encode.scenarioCard(i);
  }
  return n;
}

function useSpecial(G: PvStatic, s: PvState, ctx: PlayContext, c: number, slot: number): void {
  if (slot === SLOT_COMBAT_SENSE) {
    // One more Action card this turn; once per turn whoever holds it (seed p13, FAQ).
    s.csUsed = true;
    s.allowance++;
    exhaust(G, s, ctx, c);
    s.step = S_ACTION;
    s.decider = s.active;
    return;
  }
  if (slot === SLOT_AIDE) {
    const n = faceVal(s, G.cAide, c);
    exhaust(G, s, ctx, c);
    for (let i = 0; i < n; i++) {
      drawCard(G, s, ctx, s.active, false);
      if (s.step === S_OVER) return;
    }
    toPhaseStep(s);
    return;
  }
  // Recovery ability: choose the target next; the user is exhausted now.
  exhaust(G, s, ctx, c);
  s.recSource = REC_ABILITY;
  s.recUser = c; // it cannot recover itself
  s.step = S_RECOVER;
  s.decider = s.active;
}

function playScenarioCard(G: PvStatic, s: PvState, ctx: PlayContext, i: number): void {
  const side = s.active;
  const list = s.scenarioCards[side];
  list.splice(list.indexOf(i), 1);
  const sc = G.scenarioCards[side][i];
  if (sc.effect === SC_DRAW) {
    for (let j = 0; j < sc.value; j++) {
      drawCard(G, s, ctx, side, false);
      if (s.step === S_OVER) return;
    }
  } else if (sc.effect === SC_EXTRA_ACTION) {
    s.allowance++;
    s.step = S_ACTION;
    s.decider = side;
    return;
  } else {
    for (const t of G.sideTanks[side]) if (s.alive[t]) s.immobile[t] = 0;
  }
  toPhaseStep(s);
}

function playEvent(G: PvStatic, s: PvState, ctx: PlayContext, k: number): void {
  s.hand[s.active][k]--;
  s.handSize[s.active]--;
  s.eventsPlayed++;
  ctx.tally.addScalar(X_EVENTS);
  s.inPlay = k;
  switch (G.kKind[k]) {
    case EV_DRAW:
      // Morale Boost: Enforcement cards drawn are discarded, not replaced, but count (seed p8).
      for (let i = 0; i < G.kDraw[k]; i++) {
        drawCard(G, s, ctx, s.active, false);
        if (s.step === S_OVER) {
          s.discard[k]++;
          s.inPlay = -1;
          return;
        }
      }
      s.discard[k]++;
      s.inPlay = -1;
      toPhaseStep(s);
      return;
    case EV_MAINT:
      s.step = S_MAINT;
      s.decider = s.active;
      return;
    default:
      s.recSource = REC_CARD;
      s.recUser = -1;
      s.step = S_RECOVER;
      s.decider = s.active;
  }
}

// ============================================================================ legal actions

export function legalActions(G: PvStatic, s: PvState, out: Int32Array): number {
  let n = 0;
  switch (s.step) {
    case S_PLACE: {
      const t = s.placeQueue[s.placeNext];
      const zone = G.tZone[t];
      const fixedF = G.tStartFacing[t];
      const hexes = zone ?? Int32Array.of(G.tStartHex[t]);
      for (let i = 0; i < hexes.length; i++) {
        const h = hexes[i];
        if (G.enterCost[h] < 0 || tankAt(G, s, h) >= 0) continue;
        if (fixedF >= 0) out[n++] = Action.encode.place(fixedF, h);
        else for (let f = 0; f < 6; f++) out[n++] = Action.encode.place(f, h);
      }
      if (n === 0) throw new Error(`no free hex left in the placement zone of tank ${G.tLabel[t]}`);
      return n;
    }
    case S_PLACE_CHAR: {
      const side = s.decider;
      for (const t of G.sideTanks[side]) if (s.alive[t] && (!hasChar(G, s, t) || G.opt.recoveryTarget === 'anyTank')) out[n++] = Action.encode.placeCharacter(t);
      if (n === 0) for (const t of G.sideTanks[side]) out[n++] = Action.encode.placeCharacter(t);
      return n;
    }
    case S_ACTION: {
      out[n++] = A_PASS;
      if (!s.desperate && s.actionsPlayed < s.allowance) {
        const h = s.hand[s.active];
        for (let k = 0; k < G.nK; k++) if (h[k] > 0 && G.kType[k] === K_ACTION && cardPlayable(G, s, k)) out[n++] = Action.encode.card(k);
      }
      if (s.phase === PHASE_ACTION) {
        n = specialOptions(G, s, out, n);
        n = scenarioCardOptions(G, s, out, n);
      }
      return n;
    }
    case S_EVENT: {
      out[n++] = A_PASS;
      if (s.eventsPlayed < G.rules.eventCardsPerTurn) {
        const h = s.hand[s.active];
        for (let k = 0; k < G.nK; k++) if (h[k] > 0 && G.kType[k] === K_EVENT && eventPlayable(G, s, k)) out[n++] = Action.encode.card(k);
      }
      n = specialOptions(G, s, out, n);
      n = scenarioCardOptions(G, s, out, n);
      return n;
    }
    case S_TANK: {
      const k = s.card;
      if (s.acted.length > 0) out[n++] = A_PASS;
      for (const t of G.sideTanks[s.active]) {
        const modes = tankModes(G, s, t, k);
        if (modes === 0) continue;
        if (G.kKind[k] === AK_MOVE_OR_ATTACK) {
          if (modes & 1) out[n++] = Action.encode.tank(0, t);
          if (modes & 2) out[n++] = Action.encode.tank(1, t);
        } else {
          out[n++] = Action.encode.tank(modes === 2 ? 1 : 0, t);
        }
      }
      if (n === 0) out[n++] = A_PASS;
      return n;
    }
    case S_MOVE: {
      const stop = canStop(G, s);
      if (stop) out[n++] = A_PASS;
      if (stepLegal(G, s, false) >= 0) out[n++] = Action.encode.step(STEP_FORWARD);
      if (stepLegal(G, s, true) >= 0) out[n++] = Action.encode.step(STEP_REVERSE);
      const t = s.mvTank;
      for (let i = 0; i < TURN_KS.length; i++) {
        const c = turnCost(G, s.mvFree, TURN_KS[i]);
        if (c > s.mvMp) continue;
        // Passing through an occupied hex (Cutting Through): a turn there must leave a way out.
        if (!stop && !canLeave(G, s, t, s.hex[t], rotate(s.facing[t], TURN_KS[i]), s.mvMp - c, false, 0)) continue;
        out[n++] = Action.encode.step(STEP_TURN_BASE + i);
      }
      const c = movementAbilityChar(G, s, t);
      if (c >= 0) out[n++] = Action.encode.step(STEP_ABILITY_BASE + c);
      if (n === 0) throw new Error(`tank ${G.tLabel[t]} is stuck in an occupied hex with ${s.mvMp} MP`);
      return n;
    }
    case S_TURRET: {
      const t = s.mvTank;
      out[n++] = A_PASS;
      const left = G.tRot[t] - s.rotUsed[t];
      for (let k = -Math.min(left, 2); k <= Math.min(left, 3); k++) if (k !== 0) out[n++] = Action.encode.turret(rotate(s.turret[t], k));
      return n;
    }
    case S_TARGET: {
      const k = s.card;
      const t = s.acted[s.acted.length - 1];
      const only = G.kSame[k] && s.volleyTarget >= 0 ? s.volleyTarget : -1;
      const noRoll = G.kNoRoll[k] === 1;
      // A multi-gun tank that fires without declaring uses its secondary gun (seed p11): listed first.
      for (let g = G.nG[t] - 1; g >= 0; g--) {
        for (let u = 0; u < G.nT; u++) {
          if (only >= 0 && u !== only) continue;
          if (eligibility(G, s, t, g, u, G.kAtk[k], noRoll) !== NOT_ELIGIBLE) out[n++] = Action.encode.target(g, u);
        }
      }
      if (G.kKind[k] === AK_MOVE_THEN_ATTACK || n === 0) out[n++] = A_PASS;
      return n;
    }
    case S_REACT: {
      out[n++] = A_PASS;
      const w = Frames.arg(s.pending, 'reaction', 'window');
      const side = 1 - s.active;
      const h = s.hand[side];
      for (let k = 0; k < G.nK; k++) {
        if (h[k] === 0 || G.kType[k] !== K_REACTION || (G.kWin[k] & w) === 0) continue;
        const eff = G.kKind[k];
        if (eff === RE_MOD && w === W2 && !s.aNoRoll[0]) out[n++] = Action.encode.reaction(0, 0, k);
        else if (eff === RE_CANCEL_HIT && w === W3) out[n++] = Action.encode.reaction(0, 0, k);
        else if (eff === RE_QUICK && (w === W1 || w === W2)) {
          const tgt = quickShotTarget(s, w);
          for (const f of G.sideTanks[side]) {
            if (!canAct(s, f) || !quickShotFirerOk(G, s, w, f)) continue;
            for (let g = 0; g < G.nG[f]; g++) if (eligibility(G, s, f, g, tgt, G.kRMod[k], false) !== NOT_ELIGIBLE) out[n++] = Action.encode.reaction(g, f + 1, k);
          }
        }
      }
      return n;
    }
    case S_EAVES: {
      out[n++] = A_PASS;
      const h = s.hand[s.active];
      for (let k = 0; k < G.nK; k++) if (h[k] > 0 && G.kType[k] === K_REACTION && G.kKind[k] === RE_CANCEL_REACTION && (G.kWin[k] & WR) !== 0) out[n++] = Action.encode.eavesdrop(k);
      return n;
    }
    case S_ABIL: {
      out[n++] = A_PASS;
      const buf = SCRATCH;
      const m = decisiveChars(G, s, Frames.arg(s.pending, 'ability', 'layer'), Frames.arg(s.pending, 'ability', 'role'), buf);
      for (let i = 0; i < m; i++) out[n++] = Action.encode.use(buf[i]);
      return n;
    }
    case S_MAINT: {
      n = maintOptions(G, s, out);
      if (n === 0) out[n++] = A_PASS;
      return n;
    }
    case S_RECOVER: {
      n = recoveryOptions(G, s, s.recUser, out);
      if (n === 0) out[n++] = A_PASS;
      return n;
    }
    case S_DISCARD: {
      const h = s.hand[s.active];
      for (let k = 0; k < G.nK; k++) if (h[k] > 0) out[n++] = Action.encode.discard(k);
      return n;
    }
    default:
      return 0;
  }
}

const SCRATCH: number[] = new Array(64).fill(0);

// ============================================================================ apply

export function apply(G: PvStatic, s: PvState, a: number, ctx: PlayContext): void {
  const kind = Action.kindIndexOf(a);
  switch (s.step) {
    case S_PLACE: {
      const t = s.placeQueue[s.placeNext++];
      placeTank(G, s, t, Action.read.place.hex(a), Action.read.place.facing(a));
      continueSetup(G, s, ctx);
      return;
    }
    case S_PLACE_CHAR: {
      const c = pendingFreeChar(G, s);
      s.chTank[c] = Action.read.placeCharacter.tank(a);
      continueSetup(G, s, ctx);
      return;
    }
    case S_ACTION:
      if (a === A_PASS) {
        if (s.phase === PHASE_EVENT) toPhaseStep(s);
        else enterEventPhase(s);
      } else if (kind === K.card) playActionCard(G, s, ctx, Action.read.card.type(a));
      else if (kind === K.ability) useSpecial(G, s, ctx, Action.read.ability.character(a), Action.read.ability.slot(a));
      else if (kind === K.scenarioCard) playScenarioCard(G, s, ctx, Action.read.scenarioCard.index(a));
      return;
    case S_EVENT:
      if (a === A_PASS) enterEndPhase(G, s, ctx);
      else if (kind === K.card) playEvent(G, s, ctx, Action.read.card.type(a));
      else if (kind === K.ability) useSpecial(G, s, ctx, Action.read.ability.character(a), Action.read.ability.slot(a));
      else if (kind === K.scenarioCard) playScenarioCard(G, s, ctx, Action.read.scenarioCard.index(a));
      return;
    case S_TANK: {
      if (a === A_PASS) {
        endCard(G, s);
        return;
      }
      const t = Action.read.tank.tank(a);
      const mode = Action.read.tank.mode(a);
      s.acted.push(t);
      if (G.opt.reactionLimit === 'perTankAction') s.reactUsed = 0;
      const kind = G.kKind[s.card];
      s.cardMode = mode;
      if (kind === AK_SMOKE) {
        s.smokeHex.push(s.hex[t]);
        s.smokeSide.push(s.active);
        enterTankStep(G, s);
      } else if (mode === 0 && kind !== AK_ATTACK) {
        startMove(G, s, t);
      } else {
        s.mvTank = t;
        s.step = S_TARGET;
        s.decider = s.active;
      }
      return;
    }
    case S_MOVE: {
      if (a === A_PASS) {
        finishMove(G, s, ctx);
        return;
      }
      const t = s.mvTank;
      const p = Action.read.step.step(a);
      if (p >= STEP_ABILITY_BASE) {
        const c = p - STEP_ABILITY_BASE;
        s.mvMp += faceVal(s, G.cMov, c);
        s.mvAbil = true;
        exhaust(G, s, ctx, c);
        return;
      }
      if (p === STEP_FORWARD || p === STEP_REVERSE) {
        const rev = p === STEP_REVERSE;
        const cost = stepCost(G, s, t, s.hex[t], s.facing[t], rev);
        s.mvMp -= cost;
        s.hex[t] = G.grid.nbr[s.hex[t] * 6 + (rev ? opposite(s.facing[t]) : s.facing[t])];
        s.mvFree = true;
      } else {
        const k = turnOfStep(p);
        s.mvMp -= turnCost(G, s.mvFree, k);
        s.facing[t] = rotate(s.facing[t], k);
        s.mvFree = false;
      }
      s.mvSteps++;
      // Nothing left to decide but stopping: stop now.
      if (s.mvMp === 0 && !s.mvFree && movementAbilityChar(G, s, t) < 0 && canStop(G, s)) finishMove(G, s, ctx);
      return;
    }
    case S_TURRET: {
      const t = s.mvTank;
      if (a !== A_PASS) {
        const p = Action.read.turret.offset(a);
        const d = ((p - s.turret[t]) % 6 + 6) % 6;
        s.rotUsed[t] += d > 3 ? 6 - d : d;
        s.turret[t] = p;
        s.rotTurn[t] = s.turn;
      }
      afterTurret(G, s, ctx);
      return;
    }
    case S_TARGET: {
      if (a === A_PASS) {
        enterTankStep(G, s);
        return;
      }
      const k = s.card;
      const t = s.acted[s.acted.length - 1];
      const tgt = Action.read.target.target(a);
      if (G.kSame[k] && s.volleyTarget < 0) s.volleyTarget = tgt;
      declareAttack(G, s, ctx, 0, t, Action.read.target.gun(a), tgt, G.kAtk[k], G.kDmg[k], G.kNoRoll[k] === 1);
      if (openWindow(G, s, W2)) return;
      rollAttack(G, s, ctx, 0);
      return;
    }
    case S_REACT: {
      if (a === A_PASS) {
        windowContinue(G, s, ctx);
        return;
      }
      playReaction(G, s, ctx, Action.read.reaction.card(a), Action.read.reaction.firer(a) - 1, Action.read.reaction.gun(a));
      return;
    }
    case S_EAVES: {
      if (a === A_PASS) {
        const k = Frames.arg(s.pending, 'eavesdrop', 'card');
        const firer = Frames.arg(s.pending, 'eavesdrop', 'firer');
        const gun = Frames.arg(s.pending, 'eavesdrop', 'gun');
        Frames.pop(s.pending);
        resolveReaction(G, s, ctx, k, firer, gun);
        return;
      }
      // Eavesdropping cancels the Reaction card it answers (placeholder text, spec §5.3).
      const p = Action.read.eavesdrop.type(a);
      s.hand[s.active][p]--;
      s.handSize[s.active]--;
      s.discard[p]++;
      ctx.tally.addScalar(X_REACTIONS);
      Frames.pop(s.pending);
      windowContinue(G, s, ctx);
      return;
    }
    case S_ABIL: {
      const L = Frames.arg(s.pending, 'ability', 'layer');
      const role = Frames.arg(s.pending, 'ability', 'role');
      Frames.pop(s.pending);
      const damage = role === AB_ATT_DAMAGE || role === AB_DEF_DAMAGE;
      const attacker = role === AB_ATT_ATTACK || role === AB_ATT_DAMAGE;
      // Simultaneous: the attacker's choice, a character or none, is sealed until the
      // defender has decided too (nextAbility reveals it).
      const sealed = attacker && G.opt.abilityOrder === 'simultaneous';
      s.aDecided[L] |= attacker ? (sealed ? DECIDED_ATT | SEALED : DECIDED_ATT) : DECIDED_DEF;
      if (sealed) {
        Frames.push(s.pending, 'secretAbility', s.decider, L, a !== A_PASS ? Action.read.use.character(a) : -1);
      } else if (a !== A_PASS) {
        const c = Action.read.use.character(a);
        const v = faceVal(s, damage ? (attacker ? G.cDmg : G.cDefDmg) : attacker ? G.cAtk : G.cDefAtk, c);
        if (damage) {
          if (attacker) s.aAttDAb[L] += v;
          else s.aDefDAb[L] += v;
        } else if (attacker) s.aAttAb[L] += v;
        else s.aDefAb[L] += v;
        exhaust(G, s, ctx, c);
      }
      nextAbility(G, s, ctx, L, damage);
      return;
    }
    case S_MAINT: {
      if (a !== A_PASS) {
        const what = Action.read.maintenance.what(a);
        const x = Action.read.maintenance.x(a);
        if (what === MAINT_REPAIR) s.immobile[x] = 0;
        else if (what === MAINT_TAKE) {
          s.discard[x]--;
          addToHand(s, s.active, x);
        } else {
          s.wreck[x] = 0;
          s.hex[x] = -1;
        }
      }
      s.discard[s.inPlay]++;
      s.inPlay = -1;
      toPhaseStep(s);
      return;
    }
    case S_RECOVER: {
      if (a !== A_PASS) {
        const c = Action.read.recover.character(a);
        const t = Action.read.recover.tank(a) - 1;
        if (t < 0) s.chFace[c] = FACE_FRONT;
        else {
          s.chTank[c] = t;
          s.chFace[c] = G.cTwoSided[c] ? FACE_BACK : FACE_FRONT;
        }
      }
      if (s.recSource === REC_CARD) {
        s.discard[s.inPlay]++;
        s.inPlay = -1;
      }
      s.recUser = -1;
      toPhaseStep(s);
      return;
    }
    case S_DISCARD: {
      const p = Action.read.discard.type(a);
      s.hand[s.active][p]--;
      s.handSize[s.active]--;
      s.discard[p]++;
      if (s.handSize[s.active] <= G.rules.handLimit) endTurn(G, s, ctx);
      return;
    }
    default:
      throw new Error(`apply: the game is over (step ${s.step})`);
  }
}
